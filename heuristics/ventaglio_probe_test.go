package heuristics

import (
	"context"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/internal/testkit"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// seedGame is Il Ventaglio dealt from seed under the default rules (three
// passes, free play), with its start.
func seedGame(tb testing.TB, seed uint64) (vg.Game, vg.State) {
	tb.Helper()
	l, err := vg.FromDeal(deck.Deal(deck.French, 2, seed))
	if err != nil {
		tb.Fatal(err)
	}
	d, err := vg.NewDeal(l)
	if err != nil {
		tb.Fatal(err)
	}
	return vg.New(d, vg.Rules{Play: state.Free, Passes: 3}), d.Start()
}

// TestVentaglioSearchAllocs: once a Searcher has grown to a search's depth,
// the same search again allocates nothing, exact or probe (seed 109: no win
// within the budget, so no line is allocated either). This is the hot path
// (moves, apply, key, table probe) of the portfolio's every search.
func TestVentaglioSearchAllocs(t *testing.T) {
	g, start := seedGame(t, 109)
	h := NewVentaglio(g, solver.Strategy{Order: true, Prune: true})
	opt := solver.Options{MaxNodes: 20_000, Table: solver.NewFlat(4 << 20)}
	ctx := context.Background()
	var exact solver.Searcher[vg.State, vg.Move, Ventaglio]
	if r := exact.Solve(ctx, h, start, opt); r.Reason != solver.ReasonMaxNodes {
		t.Fatalf("exact search: %v %s, want stopped at max-nodes", r.Verdict, r.Reason)
	}
	if a := testing.AllocsPerRun(2, func() { exact.Solve(ctx, h, start, opt) }); a != 0 {
		t.Errorf("exact search: %.0f allocations", a)
	}
	p := NewVentaglioProbe(g, ProbeConfig{Seed: 3, Chain: 12, Draw: 1, Need: true}, h)
	var probe solver.Searcher[vg.State, vg.Move, VentaglioProbe]
	if r := probe.Solve(ctx, p, start, opt); r.Verdict == solver.Winnable {
		t.Fatalf("probe won seed 109 (pick a probe that does not)")
	}
	if a := testing.AllocsPerRun(2, func() { probe.Solve(ctx, p, start, opt) }); a != 0 {
		t.Errorf("probe search: %.0f allocations", a)
	}
}

// BenchmarkVentaglioProbeSearch times a probe's search of seed 109 (20k
// nodes, Searcher and flat table reused): ns/node and allocs/op (0).
func BenchmarkVentaglioProbeSearch(b *testing.B) {
	g, start := seedGame(b, 109)
	p := NewVentaglioProbe(g, ProbeConfig{Seed: 3, Chain: 12, Draw: 1, Need: true}, NewVentaglio(g, solver.Strategy{Order: true, Prune: true}))
	opt := solver.Options{MaxNodes: 20_000, Table: solver.NewFlat(4 << 20)}
	var z solver.Searcher[vg.State, vg.Move, VentaglioProbe]
	z.Solve(context.Background(), p, start, opt) // grows the stack and path set
	var nodes int64
	b.ReportAllocs()
	for b.Loop() {
		nodes += z.Solve(context.Background(), p, start, opt).Stats.Nodes
	}
	testkit.ReportNodes(b, nodes)
}
