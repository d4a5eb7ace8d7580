package games

import (
	"context"
	"fmt"
	"slices"
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
	st, err := LookupStrategy(name)
	if err != nil || !st.Ablation() {
		t.Fatalf("%s: %+v, %v; want an ablation", name, st, err)
	}
	return st
}

// TestAblationsNamed: every ablation is found by name and leaves out one
// part of Il Ventaglio's plan, each part once, every part of the plan
// (never's rollouts and the shortening included); the strategies of
// --strategies all leave out nothing; every other game refuses the
// ablations, saying whose they are.
func TestAblationsNamed(t *testing.T) {
	def, _ := solver.LookupStrategy(solver.DefaultStrategy)
	var parts []string
	for _, st := range Ablations() {
		got := ablation(t, st.Name)
		if got != st || st.Doc == "" || st.Plan != solver.PlanGame || st.Name != "plan-no-"+st.Without || slices.Contains(parts, st.Without) {
			t.Errorf("%+v: want a documented plan-no-PART, each part once", st)
		}
		parts = append(parts, st.Without)
	}
	want := []string{"restarts", "luby", "beams", "streamlined", "rollout", plan.PartShorten}
	if !slices.Equal(parts, want) || !slices.Equal(ventaglioPlan(def, true).Parts(), want) {
		t.Errorf("ablations of parts %v, want %v", parts, want)
	}
	for _, st := range solver.Strategies() {
		if st.Ablation() {
			t.Errorf("%s leaves out %s", st.Name, st.Without)
		}
	}
	for _, g := range All() {
		for _, st := range Ablations() {
			_, err := g.Strategy(st.Name)
			if (err == nil) != (g.Name == "ventaglio") || err != nil && !strings.Contains(err.Error(), "ablation of Il Ventaglio's solve (--game ventaglio only)") {
				t.Errorf("%s on %s: %v", st.Name, g.Name, err)
			}
		}
	}
}

// TestAblationsPlan: the default plan finds with fixed, Luby and
// streamlined restarts and beams, no exact search; each plan ablation
// leaves out the steps it names, in finding and in shortening, and keeps
// the others; plan-no-shorten has no shortening step.
func TestAblationsPlan(t *testing.T) {
	def, _ := solver.LookupStrategy(solver.DefaultStrategy)
	full := ventaglioPlan(def, false)
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
		p := ventaglioPlan(ablation(t, name), false)
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
	if p := ventaglioPlan(ablation(t, "plan-no-shorten"), false); p.ShortenNodes != 0 || len(p.Shorten) != 0 || len(p.Find) != len(full.Find) {
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

// TestNeverPlanAblations: under never the default plan's Find is the fixed
// restarts along, the Luby restarts, the beams along, the streamlined
// restarts and the rollouts at a tenth of the turns; plan-no-rollout has
// no rollouts, plan-no-luby has the rollouts at a tenth of the three others,
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
		{"plan-no-luby", "restarts-along/1 beam-along/1 restarts-streamlined/1 rollout/0.333"},
		{"plan-no-rollout", "restarts-along/1 luby/1 beam-along/1 restarts-streamlined/1"},
		{"dfs-restarts", "exact-bare/1 restarts-bare/1"},
	} {
		st, err := LookupStrategy(c.strategy)
		if err != nil {
			t.Fatal(err)
		}
		p := ventaglioPlan(st, true)
		if got := names(p); got != c.want {
			t.Errorf("%s: Find %q, want %q", c.strategy, got, c.want)
		}
	}
}
