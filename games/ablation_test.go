package games

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/solitario/solitario/plan"
	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// ventaglioStart is seed's deal under r as the packed game and its start.
func ventaglioStart(t testing.TB, seed uint64, r Rules) (vg.Game, vg.State) {
	t.Helper()
	l, err := vg.FromDeal(ventaglioGame(t).SeedDeal(seed))
	if err != nil {
		t.Fatal(err)
	}
	d, err := vg.NewDeal(l)
	if err != nil {
		t.Fatal(err)
	}
	return vg.New(d, VentaglioRules(r)), d.Start()
}

// ablation is the named ablation, or the test fails.
func ablation(t *testing.T, name string) solver.Strategy {
	t.Helper()
	st, err := solver.LookupStrategy(name)
	if err != nil || !st.Ablation() {
		t.Fatalf("%s: %+v, %v; want an ablation", name, st, err)
	}
	return st
}

// TestAblationsNamed: every ablation is found by name, switches one part of
// its own plan off or on (on: a step the default plan leaves out, the exact
// search), and says which; the strategies of --strategies all switch
// nothing.
func TestAblationsNamed(t *testing.T) {
	portfolioParts := solver.OffExactRounds | solver.OffDepthCap | solver.OffProbes | solver.OffProbeAuto | solver.OffProbeChain12 |
		solver.OffProbeDraw2 | solver.OffProbeNeed | solver.OffBeamB | solver.OffBeamA | solver.OffBeamD | solver.OffPolish
	seen := solver.Parts(0)
	for _, st := range solver.Ablations() {
		got := ablation(t, st.Name)
		part := st.Off | st.On
		if got != st || st.Doc == "" || st.Off != 0 && st.On != 0 || part&(part-1) != 0 || seen.Has(part) {
			t.Errorf("%+v: want a documented strategy with one part off or on, each part once", st)
		}
		seen |= part
		if (st.Plan == solver.PlanPortfolio) != (portfolioParts.Has(part)) || st.Plan != solver.PlanPortfolio && st.Plan != solver.PlanGame {
			t.Errorf("%s: part %b is not one of plan %q", st.Name, part, st.Plan)
		}
		if st.On != 0 && (st.Plan != solver.PlanGame || st.On != solver.OffExact && st.On != solver.OffStreamlinedTenth && st.On != solver.OffMacro) {
			t.Errorf("%s: switches on %b; only the exact search, the streamlined restarts' tenth and the macro step are left out of the default plan", st.Name, st.On)
		}
	}
	for _, st := range solver.Strategies() {
		if st.Ablation() {
			t.Errorf("%s switches off %b, on %b", st.Name, st.Off, st.On)
		}
	}
}

// TestAblationsPlan: the default plan finds with fixed, Luby and
// streamlined restarts and beams, no exact search; each plan ablation
// leaves out the steps it names, in finding and in shortening, and keeps
// the others; plan-with-exact puts the exact search first;
// plan-streamlined-tenth is the default with the streamlined restarts at
// weight 1/3 (the default's steps all weigh 1); plan-no-shorten has no
// shortening step.
func TestAblationsPlan(t *testing.T) {
	def, _ := solver.LookupStrategy(solver.DefaultStrategy)
	full := ventaglioPlan(def)
	names := func(steps []plan.Step) map[string]int {
		m := map[string]int{}
		for _, s := range steps {
			m[s.String()]++
		}
		return m
	}
	same := func(got, want map[string]int) bool {
		if len(got) != len(want) {
			return false
		}
		for k, n := range want {
			if got[k] != n {
				return false
			}
		}
		return true
	}
	if f, s := names(full.Find), names(full.Shorten); !same(f, map[string]int{"restarts-along": 1, "luby": 1, "beam-along": 1, "restarts-streamlined": 1}) ||
		!same(s, map[string]int{"restarts": 1, "luby": 1, "beam-along": 1, "beam-follow": 1}) || full.ShortenNodes == 0 {
		t.Fatalf("default plan %+v: want restarts along, Luby restarts, beams along and streamlined restarts finding, no exact search", full)
	}
	for name, gone := range map[string][]string{"plan-no-restarts": {"restarts-along", "restarts"}, "plan-no-luby": {"luby"},
		"plan-no-beams": {"beam-along", "beam-follow"}, "plan-no-streamlined": {"restarts-streamlined"}} {
		p := ventaglioPlan(ablation(t, name))
		for i, list := range [][2][]plan.Step{{full.Find, p.Find}, {full.Shorten, p.Shorten}} {
			want := names(list[0])
			for _, g := range gone {
				delete(want, g)
			}
			if got := names(list[1]); !same(got, want) {
				t.Errorf("%s (list %d): steps %v, want %v", name, i, got, want)
			}
		}
		if p.ShortenNodes != full.ShortenNodes {
			t.Errorf("%s: shortening budget %d, want %d", name, p.ShortenNodes, full.ShortenNodes)
		}
	}
	if p := ventaglioPlan(ablation(t, "plan-with-exact")); len(p.Find) != len(full.Find)+1 || p.Find[0] != (plan.Step{Kind: plan.Exact}) ||
		!same(names(p.Find[1:]), names(full.Find)) || !same(names(p.Shorten), names(full.Shorten)) {
		t.Errorf("plan-with-exact: %+v; want the exact search first, then the default's", p)
	}
	tenth := ventaglioPlan(ablation(t, "plan-streamlined-tenth"))
	for i, s := range tenth.Find {
		want := 0.0
		if s.Streamline {
			want = 1.0 / 3
		}
		got := s.Weight
		s.Weight = 0
		if i >= len(full.Find) || s != full.Find[i] || full.Find[i].Weight != 0 || got != want {
			t.Errorf("plan-streamlined-tenth: step %d %+v at weight %v; want the default's %+v, the streamlined restarts at weight 1/3", i, s, got, full.Find)
		}
	}
	if len(tenth.Find) != len(full.Find) || !same(names(tenth.Shorten), names(full.Shorten)) {
		t.Errorf("plan-streamlined-tenth: %+v; want the default's steps", tenth)
	}
	if p := ventaglioPlan(ablation(t, "plan-no-shorten")); p.ShortenNodes != 0 || len(p.Shorten) != 0 || len(p.Find) != len(full.Find) {
		t.Errorf("plan-no-shorten: %+v", p)
	}
}

// TestAblationsPlanBeams: on seed 1, where the default plan makes beams,
// plan-no-beams makes none, and plan-no-shorten searches fewer nodes; all
// three win.
func TestAblationsPlanBeams(t *testing.T) {
	r := ventaglioGame(t).Defaults
	g, start := ventaglioStart(t, 1, r)
	solve := func(st solver.Strategy) (Outcome, *ventaglioArms) {
		return solveVentaglioPlan(context.Background(), g, start, Config{Rules: r, Strategy: st,
			Search: solver.Options{MaxNodes: 2_000_000, Table: solver.NewFlat(16 << 20)}})
	}
	def, _ := solver.LookupStrategy(solver.DefaultStrategy)
	full, arms := solve(def)
	if full.Verdict != solver.Winnable || arms.beam == nil {
		t.Fatalf("default: %v, beam made %v; want a win with beams", full.Verdict, arms.beam != nil)
	}
	out, arms := solve(ablation(t, "plan-no-beams"))
	if out.Verdict != solver.Winnable || arms.beam != nil {
		t.Errorf("plan-no-beams: %v, beam made %v; want a win without one", out.Verdict, arms.beam != nil)
	}
	out, _ = solve(ablation(t, "plan-no-shorten"))
	if out.Verdict != solver.Winnable || out.Stats.Nodes >= full.Stats.Nodes {
		t.Errorf("plan-no-shorten: %v in %d nodes; want a win in fewer than the default's %d", out.Verdict, out.Stats.Nodes, full.Stats.Nodes)
	}
}

// TestAblationsPortfolio: each portfolio ablation makes no search of the
// part it switches off, where the whole portfolio makes some: on --passes 1
// seed 1 (unknown at these limits: every round's part runs up to the first
// beam; a beam switched off lets the next one run), and on seed 1 of the
// default rules (won by the first exact round with a long line: the
// polish runs).
func TestAblationsPortfolio(t *testing.T) {
	solve := func(seed uint64, passes int, nodes int64, off solver.Parts) (Outcome, portfolioMade) {
		t.Helper()
		r := ventaglioGame(t).Defaults
		r.Passes = passes
		g, start := ventaglioStart(t, seed, r)
		st, _ := solver.LookupStrategy(solver.PlanPortfolio)
		st.Off = off
		var made portfolioMade
		out := solveVentaglioPortfolio(context.Background(), g, start, Config{Rules: r, Strategy: st,
			Search: solver.Options{MaxNodes: nodes, Table: solver.NewFlat(16 << 20)}}, &made)
		return out, made
	}
	_, full := solve(1, 1, 2_000_000, 0)
	if full.exact == 0 || full.probes == 0 || full.probeKinds != 1<<16-1 || full.beams != [4]int{0, 1, 0, 0} || full.depth != portfolioMaxDepth {
		t.Fatalf("portfolio: made %+v; want exact rounds, probes of all sixteen kinds, beam B, the depth cap", full)
	}
	checks := []struct {
		off   solver.Parts
		nodes int64
		ok    func(portfolioMade) bool
	}{
		{solver.OffExactRounds, 400_000, func(m portfolioMade) bool { return m.exact == 0 && m.probes > 0 }},
		{solver.OffDepthCap, 400_000, func(m portfolioMade) bool { return m.depth == 0 && m.exact > 0 }},
		{solver.OffProbes, 400_000, func(m portfolioMade) bool { return m.probes == 0 && m.exact > 0 }},
		// probeKind's bits: 1 Auto, 2 chains of 24, 4 two draws in four, 8 Need.
		{solver.OffProbeAuto, 400_000, func(m portfolioMade) bool { return m.probeKinds == 0x5555 }},
		{solver.OffProbeChain12, 400_000, func(m portfolioMade) bool { return m.probeKinds == 0xcccc }},
		{solver.OffProbeDraw2, 400_000, func(m portfolioMade) bool { return m.probeKinds == 0x0f0f }},
		{solver.OffProbeNeed, 400_000, func(m portfolioMade) bool { return m.probeKinds == 0x00ff }},
		{solver.OffBeamB, 2_000_000, func(m portfolioMade) bool { return m.beams == [4]int{1, 0, 0, 0} }},
		{solver.OffBeamB | solver.OffBeamA, 2_000_000, func(m portfolioMade) bool { return m.beams == [4]int{0, 0, 0, 1} }},
		{solver.OffBeamB | solver.OffBeamA | solver.OffBeamD, 2_000_000, func(m portfolioMade) bool { return m.beams == [4]int{} && m.exact > full.exact }},
	}
	for _, c := range checks {
		if _, m := solve(1, 1, c.nodes, c.off); !c.ok(m) {
			t.Errorf("off %b: made %+v", c.off, m)
		}
	}
	won, m := solve(1, 3, 400_000, 0)
	if won.Verdict != solver.Winnable || m.polish != 1 {
		t.Fatalf("seed 1: %v, made %+v; want a win polished", won.Verdict, m)
	}
	if out, m := solve(1, 3, 400_000, solver.OffPolish); out.Verdict != solver.Winnable || m.polish != 0 || out.Stats.Nodes >= won.Stats.Nodes {
		t.Errorf("no polish: %v in %d nodes, made %+v; want a win without polish in fewer than %d nodes", out.Verdict, out.Stats.Nodes, m, won.Stats.Nodes)
	}
}

// TestNeverPlanAblations: under never the default plan's Find is the fixed
// restarts along, the Luby restarts, the beams along, the streamlined
// restarts and the rollouts at a tenth of the turns; plan-with-macro puts
// the macro step in the Luby restarts' place, plan-no-rollout has no rollouts,
// and a plan that is not the game's (the reference) is left as it is.
func TestNeverPlanAblations(t *testing.T) {
	names := func(p plan.Plan) string {
		var out []string
		for _, s := range p.Find {
			w := s.Weight
			if w <= 0 {
				w = 1 // plan.Step's weight 0 is 1
			}
			out = append(out, fmt.Sprintf("%s/%.3g", s, w))
		}
		return strings.Join(out, " ")
	}
	for _, c := range []struct{ strategy, want string }{
		{"default", "restarts-along/1 luby/1 beam-along/1 restarts-streamlined/1 rollout/0.444"},
		{"plan-with-macro", "restarts-along/1 macro/1 beam-along/1 restarts-streamlined/1 rollout/0.444"},
		{"plan-no-rollout", "restarts-along/1 luby/1 beam-along/1 restarts-streamlined/1"},
		{"dfs-restarts", "exact-bare/1 restarts-bare/1"},
	} {
		st, err := solver.LookupStrategy(c.strategy)
		if err != nil {
			t.Fatal(err)
		}
		p := ventaglioPlan(st)
		neverPlan(&p, st)
		if got := names(p); got != c.want {
			t.Errorf("%s: Find %q, want %q", c.strategy, got, c.want)
		}
	}
}
