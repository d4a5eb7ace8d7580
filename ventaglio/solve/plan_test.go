package solve

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/solitario/solitario/internal/ventagliotest"
	"github.com/solitario/solitario/plan"
	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// TestAblationsPlan: the default plan finds with fixed, Luby and
// streamlined restarts and beams, no exact search; each plan ablation
// leaves out the steps it names, in finding and in shortening, and keeps
// the others; plan-no-shorten has no shortening step.
func TestAblationsPlan(t *testing.T) {
	def, _ := solver.LookupStrategy(solver.DefaultStrategy)
	full := Plan(def, false)
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
		!same(s, map[string]int{"restarts": 1, "beam-along": 1, "beam-follow": 1}) || full.ShortenNodes == 0 {
		t.Fatalf("default plan %+v: want restarts along, Luby restarts, beams along and streamlined restarts finding, no exact search", full)
	}
	for name, gone := range map[string][]string{"plan-no-restarts": {"restarts-along", "restarts"}, "plan-no-luby": {"luby"},
		"plan-no-beams": {"beam-along", "beam-follow"}, "plan-no-streamlined": {"restarts-streamlined"}} {
		p := Plan(ablation(t, name), false)
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
	if p := Plan(ablation(t, "plan-no-shorten"), false); p.ShortenNodes != 0 || len(p.Shorten) != 0 || len(p.Find) != len(full.Find) {
		t.Errorf("plan-no-shorten: %+v", p)
	}
}

// TestAblationsPlanBeams: on seed 1, where the default plan makes beams,
// plan-no-beams makes none, and plan-no-shorten searches fewer nodes; all
// three win.
func TestAblationsPlanBeams(t *testing.T) {
	g, start := ventagliotest.Dealt(t, 1, vg.DefaultRules())
	solve := func(st solver.Strategy) (plan.Solved[vg.Move], *arms) {
		r := Solve(context.Background(), g, start, st, solver.Options{MaxNodes: 2_000_000, Table: solver.NewFlat(16 << 20)}, 1, nil)
		return r, r.Arms.(*arms)
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
		st, err := solver.LookupStrategy(c.strategy)
		if err != nil {
			st = ablation(t, c.strategy)
		}
		p := Plan(st, true)
		if got := names(p); got != c.want {
			t.Errorf("%s: Find %q, want %q", c.strategy, got, c.want)
		}
	}
}
