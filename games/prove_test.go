package games

import (
	"context"
	"strings"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/internal/testkit"
	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
	"github.com/solitario/solitario/ventaglio"
	"github.com/solitario/solitario/ventaglio/solve"
)

// neverPosition is the position of --empty-provisional never seed 1's
// deal (base rank 2, the last pass, the stock empty, the foundations
// below) with arc, waste and bases as given.
func neverPosition(t *testing.T, arc, waste string, prov [vg.Provisional]string) (vg.Game, vg.State) {
	t.Helper()
	cards := func(s string) []deck.Card { return testkit.Cards(t, deck.French, s) }
	l := vg.Layout{
		Base:    1,
		Arc:     cards(arc),
		Reserve: cards("7C 7D 7C 6S TD 8D 3H 8H TD KS 5H AH"),
		Stock:   cards(waste),
		Pass:    3,
		Foundations: [vg.Foundations]vg.FoundationState{
			{Suit: 2, Count: 5}, {Suit: 0, Count: 6}, {Suit: 1, Count: 1}, {Suit: 0, Count: 4},
			{Suit: 3, Count: 3}, {Suit: 3, Count: 1}, {Suit: 1, Count: 1}, {},
		},
	}
	l.Draw = len(l.Stock)
	for i, p := range prov {
		l.Prov[i] = cards(p)
	}
	d, err := vg.NewDeal(l)
	if err != nil {
		t.Fatal(err)
	}
	r := vg.DefaultRules()
	r.KeepEmpty = true
	return vg.New(d, r), d.Start()
}

// stuckNever is a position the exact search of --empty-provisional never
// seed 1 reaches and lingers in (the last pass, the stock empty, 47 cards
// on the bases): the arrangements of its bases joined by base-to-base
// moves are more than the exact search walks through in 3 M nodes.
func stuckNever(t *testing.T) (vg.Game, vg.State) {
	return neverPosition(t, "AD TS 9S 5D 8S 3H KS KH 3C", "AC AS 7H 9C AH 4H 6H AS 9H 4H JD AD KC 6H AC", [vg.Provisional]string{
		"KD QD JH QS JC TH JC TH JH TC 9C 8C 7D 6C 7S 6D 5C 4D 5C 6C 5H 4C 3D 2D",
		"QS KD",
		"QC JS TS 9D 8D 9S 8H 7H 8S 9D 8C 9H TC JD QC KH QD KC QH",
		"QH JS",
	})
}

// TestChainOrderDecidesLingering: the position of seed 1 that the exact
// search lingers in (51 cards on the bases; more than 20 million
// arrangements joined by base-to-base moves, docs/experiments.md) is lost at
// its root by the chain test with the bases' stacking order (strategy
// exact-prove), not by the test without it (flat-prune).
func TestChainOrderDecidesLingering(t *testing.T) {
	g, s := neverPosition(t, "9S 5D 8S 3H KS KH 3C", "AC AS 7H AH 4H 6H AS 9H 4H JD AD KC 6H AC", [vg.Provisional]string{
		"KD QD JH QS JC TH JC TH JH TC 9C 8C 7D 6C 7S 6D 5C 4D 5C 6C 5H 4C 3D 2D AD",
		"QS JD TS 9H TC 9C 8C 9D 8S 7H 8H 9S",
		"QC KD QD KC QC KH",
		"QH JS QH JS TS 9D 8D",
	})
	prove, _ := solver.LookupStrategy("exact-prove")
	out := SolveVentaglio(context.Background(), g, s, Config{Strategy: prove, Search: solver.Options{MaxNodes: 1000, Table: solver.NewFlat(1 << 20)}})
	if out.Verdict != solver.Unwinnable || out.Stats.Nodes != 1 || !strings.Contains(out.Reason, "the provisional bases keep their order") {
		t.Fatalf("exact-prove: %v (%s) in %d nodes", out.Verdict, out.Reason, out.Stats.Nodes)
	}
	plain, _ := solver.LookupStrategy("flat-prune")
	if h := ventaglio.New(g, plain); h.Dead(&s) {
		t.Fatal("flat-prune's dead-end tests prove the position lost at its root: the test no longer shows what the order does")
	}
}

// TestExactProveDecidesStuck: on that position, strategy exact-prove ends
// with a proof (the suit-blind relaxation proves the lingering positions
// lost), where the exact search alone (flat-prune) is still walking
// through the bases' arrangements at the same budget.
func TestExactProveDecidesStuck(t *testing.T) {
	g, s := stuckNever(t)
	const budget = 3_000_000
	prove, err := solver.LookupStrategy("exact-prove")
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := solver.LookupStrategy("flat-prune")
	out := SolveVentaglio(context.Background(), g, s, Config{Strategy: prove, Search: solver.Options{MaxNodes: budget, Table: solver.NewFlat(64 << 20)}})
	if out.Verdict != solver.Unwinnable || out.Stats.Proved == 0 || !strings.Contains(out.Reason, "relaxation") {
		t.Fatalf("exact-prove: %v (%s) in %d nodes, %d proofs", out.Verdict, out.Reason, out.Stats.Nodes, out.Stats.Proved)
	}
	base := SolveVentaglio(context.Background(), g, s, Config{Strategy: plain, Search: solver.Options{MaxNodes: budget, Table: solver.NewFlat(64 << 20)}})
	if base.Verdict != solver.Unknown {
		t.Fatalf("flat-prune decides the stuck position (%v in %d nodes): the test no longer shows what the proofs do", base.Verdict, base.Stats.Nodes)
	}
	if solve.ProveHeap > solve.SearchHeap {
		t.Fatalf("exact-prove holds %d bytes beside its table, more than the game's search heap %d", solve.ProveHeap, solve.SearchHeap)
	}
	t.Logf("exact-prove: lost in %d nodes (%d of them the relaxation's, %d proofs); flat-prune: unknown at %d", out.Stats.Nodes, out.Stats.ProveNodes, out.Stats.Proved, budget)
}

// TestExactProveLinesVerify: the wins exact-prove finds on whole deals are
// legal lines (the referee replays them), and its losses are the default's.
func TestExactProveLinesVerify(t *testing.T) {
	e, err := Lookup("ventaglio")
	if err != nil {
		t.Fatal(err)
	}
	prove, _ := solver.LookupStrategy("exact-prove")
	def, _ := solver.LookupStrategy(solver.DefaultStrategy)
	won := 0
	for seed := uint64(1); seed <= 6; seed++ {
		deal := e.SeedDeal(seed)
		out, err := e.Solve(context.Background(), deal, Config{Rules: e.Defaults, Strategy: prove, Search: solver.Options{MaxNodes: 500_000, Table: solver.NewFlat(16 << 20)}})
		if err != nil {
			t.Fatal(err)
		}
		switch out.Verdict {
		case solver.Winnable:
			won++
			if err := e.Verify(deal, e.Defaults.JSON(), out.Moves); err != nil {
				t.Fatalf("seed %d: exact-prove's line does not verify: %v", seed, err)
			}
		case solver.Unwinnable:
			ref, _ := e.Solve(context.Background(), deal, Config{Rules: e.Defaults, Strategy: def, Search: solver.Options{MaxNodes: 500_000, Table: solver.NewFlat(16 << 20)}})
			if ref.Verdict == solver.Winnable {
				t.Fatalf("seed %d: exact-prove says lost, the default wins", seed)
			}
		}
	}
	if won == 0 {
		t.Fatal("exact-prove won none of seeds 1..6: the line check checked nothing")
	}
}
