package games

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/solitario/solitario/plan"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
	"github.com/solitario/solitario/ventaglio/solve"
)

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
	if !slices.Equal(parts, want) || !slices.Equal(solve.Plan(def, true).Parts(), want) {
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

// TestReferenceAgrees: the plain reference strategy (dfs-restarts) decides
// Del reloj (free play, one pass: the hardest variant), De los sietes and
// Il Ventaglio deals as the default does, and its wins verify. It is the
// bench's baseline, so it must be right as well as plain. (Without the
// dead-end tests it proves few losses: most deals it leaves unknown.)
func TestReferenceAgrees(t *testing.T) {
	ref, err := solver.LookupStrategy(solver.PlanReference)
	if err != nil {
		t.Fatal(err)
	}
	def, _ := solver.LookupStrategy(solver.DefaultStrategy)
	cases := []struct {
		game  string
		rules func(Entry) Rules
		seeds int
		min   int // deals both decide at least (the bare reference proves few losses)
	}{
		{"reloj", func(e Entry) Rules { r := e.Defaults; r.Play, r.Passes = state.Free, 1; return r }, 60, 15},
		{"sietes", func(e Entry) Rules { return e.Defaults }, 60, 30},
		{"ventaglio", func(e Entry) Rules { return e.Defaults }, 12, 2},
	}
	for _, c := range cases {
		e, err := Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		r := c.rules(e)
		decided := 0
		for seed := uint64(1); seed <= uint64(c.seeds); seed++ {
			deal := e.SeedDeal(seed)
			var outs [2]Outcome
			for i, st := range []solver.Strategy{def, ref} {
				out, err := e.Solve(context.Background(), deal, Config{Rules: r, Strategy: st,
					Search: solver.Options{MaxNodes: 3_000_000, Table: solver.NewFlat(16 << 20)}})
				if err != nil {
					t.Fatal(err)
				}
				if out.Verdict == solver.Winnable {
					if err := e.Verify(deal, r.JSON(), out.Moves); err != nil {
						t.Fatalf("%s seed %d %s: %v", c.game, seed, st.Name, err)
					}
				}
				outs[i] = out
			}
			if outs[0].Verdict != solver.Unknown && outs[1].Verdict != solver.Unknown {
				decided++
				if outs[0].Verdict != outs[1].Verdict {
					t.Errorf("%s seed %d: default %v, dfs-restarts %v", c.game, seed, outs[0].Verdict, outs[1].Verdict)
				}
			}
		}
		if decided < c.min {
			t.Errorf("%s: both decided only %d of %d deals, want %d", c.game, decided, c.seeds, c.min)
		}
	}
}

// TestPlanWithoutTables: with no transposition table (--tt none) no step of
// Il Ventaglio's plan keeps one of its own, so no cache hit is counted, and
// the plan still wins seed 1 with a line that verifies; with a table it
// counts hits.
func TestPlanWithoutTables(t *testing.T) {
	e, err := Lookup("ventaglio")
	if err != nil {
		t.Fatal(err)
	}
	def, _ := solver.LookupStrategy(solver.DefaultStrategy)
	deal := e.SeedDeal(1)
	for _, table := range []solver.Table{nil, solver.NewFlat(16 << 20)} {
		out, err := e.Solve(context.Background(), deal, Config{Rules: e.Defaults, Strategy: def,
			Search: solver.Options{MaxNodes: 3_000_000, Table: table}})
		if err != nil {
			t.Fatal(err)
		}
		if out.Verdict != solver.Winnable {
			t.Fatalf("table %v: %v", table != nil, out.Verdict)
		}
		if err := e.Verify(deal, e.Defaults.JSON(), out.Moves); err != nil {
			t.Fatal(err)
		}
		if hits := out.Stats.CacheHits; (hits == 0) != (table == nil) {
			t.Errorf("table %v: %d cache hits", table != nil, hits)
		}
	}
}
