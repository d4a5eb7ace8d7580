package ventaglio

import (
	"math/rand/v2"
	"testing"

	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// TestStreamlinedMoves: along random walks from near-end positions, the
// streamlined wrapper's moves are the exact wrapper's, or one foundation
// move of theirs whose position the dead-end tests leave alive; and it
// does cut some lists down so.
func TestStreamlinedMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	st := solver.Strategy{Order: true, Prune: true}
	cut := 0
	var buf, sbuf []vg.Move
	for i := range 200 {
		_, _, d, g := nearEndGame(t, rng, i)
		h := New(g, st)
		sh := h.Streamlined()
		s := d.Start()
		for step := 0; step < 30; step++ {
			buf = h.Moves(&s, buf)
			sbuf = sh.Moves(&s, sbuf)
			if len(buf) == 0 {
				if len(sbuf) != 0 {
					t.Fatalf("position %d/%d: streamlined has %d moves, exact none", i, step, len(sbuf))
				}
				break
			}
			if len(sbuf) != len(buf) {
				m := sbuf[0]
				c := s
				g.Apply(&c, m)
				if len(sbuf) != 1 || !m.To().IsFound() || !legal(buf, m) || h.Dead(&c) {
					t.Fatalf("position %d/%d: streamlined %v of %v", i, step, sbuf, buf)
				}
				cut++
			} else {
				for k := range buf {
					if buf[k] != sbuf[k] {
						t.Fatalf("position %d/%d: streamlined %v, exact %v", i, step, sbuf, buf)
					}
				}
			}
			g.Apply(&s, buf[rng.IntN(len(buf))])
		}
	}
	if cut == 0 {
		t.Fatal("the streamliner never cut a move list: the sample does not exercise it")
	}
}

// TestMoveClass: along random walks from near-end positions under every
// near-end rule set, a restart's class is 0 for a foundation move, 1 for
// the waste top's other placements in the last pass (with ordering), and
// 2 otherwise: before the last pass, for a draw, a forced play's stock
// top, any other source, and for every move of the bare rules (the plain
// reference's); but with ordering under "never", 3 for a move that takes a
// provisional base's last card, and, streamlined, with base rank 2 and
// without --provisional-wrap, for the arc card's or the waste top's move
// to a provisional base when it is an ace (locks; 2 or 1 otherwise).
// Class 1, a waste move outside it, class 3 and an ace's class 3 are all
// seen.
func TestMoveClass(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	ordered := solver.Strategy{Order: true, Prune: true}
	var buf []vg.Move
	saw := map[string]int{}
	for i := range 200 {
		_, r, d, g := nearEndGame(t, rng, i)
		h, bare := New(g, ordered), New(g, solver.Strategy{})
		stream := h.Streamlined()
		s := d.Start()
		for step := 0; step < 40; step++ {
			buf = g.Moves(&s, buf)
			if len(buf) == 0 {
				break
			}
			last := r.Passes != 0 && s.Pass() >= r.Passes
			for _, m := range buf {
				want := 2
				empties := m.From().IsProv() && s.Height(int(m.From()-vg.P1)) == 1 && r.KeepEmpty
				c, _ := g.Card(&s, m)
				ace := d.Base() == 1 && !r.Wrap && c.Rank() == 0 && m.To().IsProv() && (m.From() == vg.Arc || m.From() == vg.Waste)
				switch {
				case empties:
					want = 3
					saw["class 3"]++
				case m.To().IsFound():
					want = 0
				case last && m.From() == vg.Waste:
					want = 1
					saw["class 1"]++
				case m.From() == vg.Waste:
					saw["waste, class 2"]++
				}
				if got := h.MoveClass(&s, m); got != want {
					t.Fatalf("position %d/%d (pass %d of %d): %v in class %d, want %d", i, step, s.Pass(), r.Passes, m, got, want)
				}
				ws := want
				if ace {
					ws = 3
					saw["ace, class 3"]++
				}
				if got := stream.MoveClass(&s, m); got != ws {
					t.Fatalf("position %d/%d (pass %d of %d), streamlined: %v in class %d, want %d", i, step, s.Pass(), r.Passes, m, got, ws)
				}
				switch {
				case empties && m.To().IsFound():
					want = 0
				case want == 1 || want == 3:
					want = 2
				}
				if got := bare.MoveClass(&s, m); got != want {
					t.Fatalf("position %d/%d, bare rules: %v in class %d, want %d", i, step, m, got, want)
				}
			}
			g.Apply(&s, buf[rng.IntN(len(buf))])
		}
	}
	if saw["class 1"] == 0 || saw["waste, class 2"] == 0 || saw["class 3"] == 0 || saw["ace, class 3"] == 0 {
		t.Fatalf("the walks do not exercise both cases: %v", saw)
	}
}
