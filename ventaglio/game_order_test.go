package ventaglio

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/solitario/solitario/internal/testkit"
	"github.com/solitario/solitario/internal/ventagliotest"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// orderMoves sorts ms by moveRank, stable: the order vg.Game.OrderedMoves
// makes the moves in (the test's reference).
func orderMoves(ms []vg.Move) {
	slices.SortStableFunc(ms, func(a, b vg.Move) int { return moveRank(a) - moveRank(b) })
}

// movesByHand is Game.Moves as it was written before OrderedMoves:
// the rules' moves deduped, a safe move looked for in the rules' order,
// then sorted (the reference of TestOrderedMoves).
func (h Game) movesByHand(s *vg.State) []vg.Move {
	if h.Dead(s) || h.prove != nil && h.prove.dead(s) {
		return nil
	}
	buf := h.g.Moves(s, nil)
	if h.prune {
		buf = dedupe(s, buf)
		if !h.g.Forced() {
			for _, m := range buf {
				if m.To().IsFound() && h.safe(s, m) {
					return []vg.Move{m}
				}
			}
		}
	}
	if h.order {
		orderMoves(buf)
	}
	if h.stream && len(buf) > 1 {
		for _, m := range buf {
			if !m.To().IsFound() || h.empties(s, m) {
				continue
			}
			c := *s
			h.g.Apply(&c, m)
			if !h.Dead(&c) {
				return []vg.Move{m}
			}
		}
	}
	return buf
}

// toFoundation is a move to a foundation, the moves testkit.Walk leans to.
func toFoundation(m vg.Move) bool { return m.To().IsFound() }

// TestOrderedMoves: along random plays of deals and from random positions
// near the end, under every variant, OrderedMoves is the rules' moves
// sorted by moveRank (deduped when distinct), and the wrapper's Moves, with
// every combination of ordering, pruning and the streamliner, is what
// dedupe, safeMove in the rules' order and the sort made of Moves.
func TestOrderedMoves(t *testing.T) {
	variants := []vg.Rules{
		vg.DefaultRules(),
		{Play: state.Forced, Passes: 3},
		{Play: state.Free, Passes: 1},
		{Play: state.Free, Passes: 0},
		{Play: state.Forced, Passes: 0, Wrap: true},
		{Play: state.Free, Passes: 3, Wrap: true},
		{Play: state.Free, Passes: 3, KeepEmpty: true},
		{Play: state.Forced, Passes: 2, KeepEmpty: true},
	}
	rng := rand.New(rand.NewPCG(7, 11))
	positions, arcFirst := 0, 0
	check := func(g vg.Game, s *vg.State) {
		positions++
		raw := g.Moves(s, nil)
		want := slices.Clone(raw)
		orderMoves(want)
		if got := g.OrderedMoves(s, nil, false); !slices.Equal(got, want) {
			t.Fatalf("OrderedMoves %v, want %v (Moves %v)", got, want, raw)
		}
		want = dedupe(s, slices.Clone(raw))
		orderMoves(want)
		if got := g.OrderedMoves(s, nil, true); !slices.Equal(got, want) {
			t.Fatalf("OrderedMoves distinct %v, want %v (Moves %v)", got, want, raw)
		}
		for _, st := range []solver.Strategy{{Order: true, Prune: true}, {Order: true}, {Prune: true}, {}} {
			h := New(g, st)
			for _, hh := range []Game{h, h.Streamlined()} {
				want := hh.movesByHand(s)
				// Count the positions where the rules' order, not
				// moveRank's, picks the safe move: the arc card's
				// before the reserve top's.
				if len(want) == 1 && want[0].From() == vg.Arc && want[0].To().IsFound() && st.Prune && st.Order {
					for _, x := range g.OrderedMoves(s, nil, true) {
						if x.From() == vg.Reserve && x.To().IsFound() {
							arcFirst++
						}
					}
				}
				if got := hh.Moves(s, nil); !slices.Equal(got, want) {
					t.Fatalf("%+v stream %v: Moves %v, want %v (rules' %v)", st, hh.stream, got, want, raw)
				}
			}
		}
	}
	for vi, r := range variants {
		for seed := uint64(1); seed <= 12; seed++ {
			g, start := ventagliotest.Dealt(t, seed+100*uint64(vi), r)
			testkit.Walk(g, start, rng, 400, toFoundation, func(_ int, s *vg.State, _ []vg.Move) { check(g, s) })
		}
		for range 300 {
			d, err := vg.NewDeal(vg.RandomLayout(rng, 1+rng.IntN(60)))
			if err != nil {
				t.Fatal(err)
			}
			s := d.Start()
			check(vg.New(d, r), &s)
		}
	}
	if arcFirst == 0 {
		t.Errorf("no position had a safe arc card with a reserve top to a foundation: the case safeMove's order is for was not met")
	}
	t.Logf("%d positions, %d with a safe arc card and a reserve top up", positions, arcFirst)
}
