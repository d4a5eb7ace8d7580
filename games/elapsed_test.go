package games

import (
	"context"
	"testing"

	"github.com/solitario/solitario/solver"
)

// Every game's Solve reports a non-zero elapsed time for a search that made
// nodes (Il Ventaglio's previous solve once lost it to a deferred write).
func TestSolveReportsElapsed(t *testing.T) {
	for _, name := range []string{"ventaglio", "reloj", "sietes"} {
		g, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := solver.LookupStrategy(solver.DefaultStrategy)
		out, err := g.Solve(context.Background(), g.SeedDeal(1), Config{Rules: g.Defaults, Strategy: st,
			Search: solver.Options{MaxNodes: 5_000_000, Table: solver.NewFlat(16 << 20)}})
		if err != nil {
			t.Fatal(err)
		}
		if out.Stats.Nodes > 1 && out.Stats.Elapsed <= 0 {
			t.Errorf("%s seed 1: %d nodes in elapsed %v", name, out.Stats.Nodes, out.Stats.Elapsed)
		}
	}
}
