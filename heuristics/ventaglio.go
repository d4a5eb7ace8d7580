package heuristics

import (
	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// Ventaglio wraps Il Ventaglio's rules (state/ventaglio) for the exact
// search: move ordering (Order) and, with Prune, symmetric-move dedupe, the
// safe moves below and the reserve-order dead-end test (ventaglio_reserve.go).
// Every part keeps the verdict exact; the argument for each is given beside
// its code. It is a solver.Game[vg.State, vg.Move].
type Ventaglio struct {
	g     vg.Game
	order bool
	prune bool
	res   *reserveOrder // memo of the reserve-order dead-end test
}

// NewVentaglio wraps g with the parts st switches on (st.Order, st.Prune).
func NewVentaglio(g vg.Game, st solver.Strategy) Ventaglio {
	h := Ventaglio{g: g, order: st.Order, prune: st.Prune}
	if h.prune {
		h.res = newReserveOrder(g.Deal())
	}
	return h
}

// Rules is the wrapped game.
func (h Ventaglio) Rules() vg.Game { return h.g }

// Apply is the rules' Apply.
func (h Ventaglio) Apply(s *vg.State, m vg.Move) { h.g.Apply(s, m) }

// Won is the rules' Won.
func (h Ventaglio) Won(s *vg.State) bool { return h.g.Won(s) }

// Key is the rules' Key.
func (h Ventaglio) Key(s *vg.State) solver.Key { return h.g.Key(s) }

// Dead reports whether the reserve-order test proves s lost (false when
// pruning is off).
func (h Ventaglio) Dead(s *vg.State) bool { return h.prune && h.res.dead(s) }

// Moves is the rules' moves, deduped, pruned and ordered as switched on.
func (h Ventaglio) Moves(s *vg.State, buf []vg.Move) []vg.Move {
	if h.prune && h.res.dead(s) {
		return buf[:0]
	}
	buf = h.g.Moves(s, buf)
	if h.prune {
		buf = dedupe(s, buf)
		if m, ok := h.safeMove(s, buf); ok {
			buf[0] = m
			return buf[:1]
		}
	}
	if h.order {
		orderMoves(buf)
	}
	return buf
}

// safeMove finds a move that may be played at once, alone, without
// changing the verdict (free play only; see each rule).
//
// Reserve top to a foundation. Let X (offset k on its suit) fit foundation
// F, and let F' be the suit's other foundation (count 0 if not started).
// If F' holds k cards or more (X's twin is up, or both foundations wait for
// an X), playing X now is safe. Take any winning line L. Reserve cards go
// only to foundations, so L plays this X to a foundation later, and nothing
// moves the reserve meanwhile. (a) F' > k: X's twin is up, only X fits F,
// so F receives nothing in L until X; drop X's move from L. (b) F' = k:
// until X or its twin goes up, F and F' both wait at k and take nothing
// else; if L plays the twin first (onto F, say), play it onto F' instead,
// and drop X's later move (the foundations then agree up to the symmetry
// of a suit's two). (c) k = 0 (X starts a foundation): if the suit has a
// foundation, X is the last copy and any empty foundation is as good as
// another; if it has none, as (b) with two empty foundations: when L starts
// the suit's first foundation with the twin, there were two empty
// foundations left for the suit (L still needs one for X), so one remains
// for the twin. In every case the rest of L stays legal: having X up
// earlier only lets more cards onto F, and the reserve's next card free
// earlier only adds options — in free play, where no option is ever forced.
func (h Ventaglio) safeMove(s *vg.State, ms []vg.Move) (vg.Move, bool) {
	if h.g.Forced() {
		return 0, false
	}
	for _, m := range ms {
		if m.From() != vg.Reserve {
			continue
		}
		c, _ := h.g.Free(s, vg.Reserve)
		k := h.g.Deal().Offset(c)
		if k == 0 {
			return m, true
		}
		lo, hi := s.SuitCounts()
		su := c.Suit()
		// X fits the foundation at count k; the other one is lo or hi.
		other := int(lo[su])
		if int(lo[su]) == k {
			other = int(hi[su])
		}
		if other >= k {
			return m, true
		}
	}
	return 0, false
}

// dedupe drops moves whose result is canonically the same as an earlier
// move's (the key merges them, so dropping them only saves the probes):
//   - one card to two foundations: both take it only if both are empty or
//     both are its suit's at the same count, equal under the key;
//   - one card to two empty provisional bases: equal under the key (the
//     order of the bases does not count);
//   - a provisional base's only card to an empty base: the same position.
func dedupe(s *vg.State, ms []vg.Move) []vg.Move {
	out := ms[:0]
	var seenFound, seenEmpty uint32 // bit per source place
	for _, m := range ms {
		from, to := m.From(), m.To()
		switch {
		case to.IsFound():
			if seenFound>>from&1 != 0 {
				continue
			}
			seenFound |= 1 << from
		case to.IsProv() && s.Height(int(to-vg.P1)) == 0:
			if from.IsProv() && s.Height(int(from-vg.P1)) == 1 {
				continue
			}
			if seenEmpty>>from&1 != 0 {
				continue
			}
			seenEmpty |= 1 << from
		}
		out = append(out, m)
	}
	return out
}

// moveRank is the order class of a move, lower first: foundation moves
// (reserve, arc, stock/waste, provisional), then the arc's and the waste's
// card to a provisional base, the draw, provisional to provisional, the
// redeal.
func moveRank(m vg.Move) int {
	from, to := m.From(), m.To()
	switch {
	case to.IsFound():
		switch from {
		case vg.Reserve:
			return 0
		case vg.Arc:
			return 1
		case vg.Waste, vg.Stock:
			return 2
		}
		return 3
	case from == vg.Arc:
		return 4
	case from == vg.Waste || from == vg.Stock && to != vg.Waste:
		return 5
	case m == vg.Draw:
		return 6
	case m == vg.Redeal:
		return 8
	}
	return 7 // provisional to provisional
}

// orderMoves sorts ms by moveRank, stable (insertion sort: lists are short).
func orderMoves(ms []vg.Move) {
	for i := 1; i < len(ms); i++ {
		m := ms[i]
		r := moveRank(m)
		j := i
		for j > 0 && moveRank(ms[j-1]) > r {
			ms[j] = ms[j-1]
			j--
		}
		ms[j] = m
	}
}
