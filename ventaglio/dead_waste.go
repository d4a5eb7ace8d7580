package ventaglio

import (
	"github.com/solitario/solitario/deck"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// wasteDead is the last-pass waste test: with --empty-provisional never, in
// the last pass (no redeal can come), it reports s lost when the waste top Y
// can never go to a provisional base and needs a card whose every remaining
// copy lies beneath it in the waste.
//
// Argument. With no redeal left, a waste card leaves the waste only from
// the top, to a foundation or a provisional base, and the cards beneath it
// stay until it has left. Under "never" an empty base takes nothing, so a
// card reaches a provisional base only onto a top one rank away; a card is
// a top only if it lies on a base. So the ranks that can ever be a top are
// within the closure T of the ranks now on the bases under "a rank one away
// from T, held by a card that can still move (arc, stock, waste, a base;
// not the reserve, not a foundation)". If Y's neighbouring ranks are not in
// T, Y can only go up. Y (offset k > 0 on its suit, whose foundations hold
// lo <= hi cards) needs first, on the foundation it will go to, one copy of
// each offset in [hi, k) — or, if Y's twin is up already (hi > k), the
// single remaining copy of each offset in [lo, k). If every remaining copy
// of one of those lies beneath Y, Y never goes up, and the game is lost.
func wasteDead(g vg.Game, s *vg.State) bool {
	if !g.KeepEmpty() || !g.LastPass(s) {
		return false
	}
	top := s.WasteTop()
	if top < 0 {
		return false
	}
	d := g.Deal()
	y := d.StockCard(top)
	k := d.Offset(y)
	if k == 0 || parkable(g, s, y) {
		return false
	}
	lo, hi := s.SuitCounts()
	l, h := int(lo[y.Suit()]), int(hi[y.Suit()])
	from := h
	if h > k {
		from = l
	}
	var once, twice uint16 // offsets of Y's suit seen beneath Y once, twice
	for p := top - 1; p >= 0; p-- {
		if !s.InStock(p) {
			continue
		}
		c := d.StockCard(p)
		if c.Suit() != y.Suit() {
			continue
		}
		bit := uint16(1) << d.Offset(c)
		twice |= once & bit
		once |= bit
	}
	for j := from; j < k; j++ {
		remaining := 2
		if j < l {
			remaining--
		}
		if j < h {
			remaining--
		}
		below := int(once>>j&1) + int(twice>>j&1)
		if remaining > 0 && below >= remaining {
			return true
		}
	}
	return false
}

// parkable reports whether a card like y could ever be put on a provisional
// base under --empty-provisional never (the closure T of wasteDead).
func parkable(g vg.Game, s *vg.State, y deck.Card) bool { return parkRanks(g, s)>>y.Rank()&1 != 0 }

// parkRanks is the mask of the ranks parkable reports true for: the ranks
// one away from the closure T.
func parkRanks(g vg.Game, s *vg.State) uint16 {
	d := g.Deal()
	var movable, tops uint16 // rank masks
	for i := range vg.Provisional {
		for j := range s.Height(i) {
			r := uint16(1) << s.ProvCard(i, j).Rank()
			tops |= r
			movable |= r
		}
	}
	for i := s.ArcIndex(); i < d.ArcLen(); i++ {
		movable |= 1 << d.ArcCard(i).Rank()
	}
	for p := range d.StockLen() {
		if s.InStock(p) {
			movable |= 1 << d.StockCard(p).Rank()
		}
	}
	near := g.NeighbourRanks
	for {
		next := tops | near(tops)&movable
		if next == tops {
			break
		}
		tops = next
	}
	return near(tops)
}
