package heuristics

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
		l, r := nearEnd(rng, i)
		d, err := vg.NewDeal(l)
		if err != nil {
			t.Fatal(err)
		}
		g := vg.New(d, r)
		h := NewVentaglio(g, st)
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
