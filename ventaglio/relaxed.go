package ventaglio

import (
	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// Relaxed is the search wrapper of the suit-blind relaxation
// (vg.Relaxed: the bases keep ranks and order, their suits are only
// counted). Its exhaustive search can only prove a position lost: a relaxed
// win is not a line of the real game. It prunes with the dead-end tests
// that read nothing but ranks on the bases, which hold for the relaxed game
// by the same arguments as for the real one:
//   - the reserve-order test reads the reserve and the foundations (every
//     other card "at hand" is a relaxation of any game with the same
//     reserve and foundation rules);
//   - the last-pass waste test reads the waste, the foundations and the
//     ranks on the bases (its closure of parkable ranks is about ranks;
//     --empty-provisional never only);
//   - the chain test with the bases' cards at hand by their suit counts
//     and no last-base chain (chainTest.deadRelaxed; never only): the
//     relaxed bases keep no suit per card, and the test needs one only for
//     the last base's order.
//
// Moves to a foundation come first, then the rest in the rules' order.
type Relaxed struct {
	r     vg.Relaxed
	res   *reserveOrder
	chain *chainTest // the chain test on counts (nil unless never)
}

// NewRelaxed is the relaxed search of g.
func NewRelaxed(g vg.Game) Relaxed {
	h := Relaxed{r: vg.NewRelaxed(g), res: newReserveOrder(g.Deal())}
	if g.KeepEmpty() {
		h.chain = newChainTest(g, true)
	}
	return h
}

// Relax is the relaxed image of a real position.
func (h Relaxed) Relax(s *vg.State) vg.RelaxedState { return h.r.Relax(s) }

// Dead reports whether a dead-end test proves rs lost.
func (h Relaxed) Dead(rs *vg.RelaxedState) bool {
	return h.res.dead(&rs.S) || wasteDead(h.r.Game(), &rs.S) || h.chain.deadRelaxed(rs, h.r.Key(rs))
}

// Moves is the relaxed moves, none when a dead-end test fires, moves to a
// foundation first.
func (h Relaxed) Moves(rs *vg.RelaxedState, buf []vg.RelaxedMove) []vg.RelaxedMove {
	if h.Dead(rs) {
		return buf[:0]
	}
	buf = h.r.Moves(rs, buf)
	// Stable partition: foundation moves first (lists are short).
	n := 0
	for i, m := range buf {
		if m.Move().To().IsFound() {
			copy(buf[n+1:i+1], buf[n:i])
			buf[n] = m
			n++
		}
	}
	return buf
}

// Apply is the relaxed rules' Apply.
func (h Relaxed) Apply(rs *vg.RelaxedState, m vg.RelaxedMove) { h.r.Apply(rs, m) }

// Won is the relaxed rules' Won.
func (h Relaxed) Won(rs *vg.RelaxedState) bool { return h.r.Won(rs) }

// Key is the relaxed rules' Key.
func (h Relaxed) Key(rs *vg.RelaxedState) solver.Key { return h.r.Key(rs) }
