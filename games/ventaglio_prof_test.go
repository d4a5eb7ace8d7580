package games

import (
	"context"
	"os"
	"testing"

	"github.com/solitario/solitario/solver"
)

// BenchmarkVentaglioSolve solves seed 109 (no win found within the budget:
// pure search) at 3M nodes; it reports ns/node and nodes/s.
func BenchmarkVentaglioSolve(b *testing.B) {
	if os.Getenv("VENTAGLIO_BENCH") == "" {
		b.Skip("set VENTAGLIO_BENCH=1")
	}
	g, _ := Lookup("ventaglio")
	deal := g.SeedDeal(109)
	tt := solver.NewFlat(256 << 20)
	var nodes int64
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		out, _ := g.Solve(context.Background(), deal, Config{Rules: g.Defaults, Strategy: solver.Strategy{Order: true, Prune: true, Table: solver.TableFlat},
			Search: solver.Options{MaxNodes: 3_000_000, Table: tt}})
		nodes += out.Stats.Nodes
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
