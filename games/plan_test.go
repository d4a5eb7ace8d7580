package games

import (
	"context"
	"testing"

	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
)

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
