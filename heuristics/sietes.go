package heuristics

import (
	"math/bits"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state/sietes"
)

// Sietes wraps De los sietes' packed rules (state/sietes) as a solver.Game
// with move ordering (Order) and three pruning rules (Prune): the safe
// foundation move, lazy frame moves and the buried-card dead end. Each is
// argued below; TestSietesPruneSafe compares verdicts with each rule off and
// with no pruning at all.
//
// # The safe foundation move
//
// Where it is safe (below), a card that fits its foundation is moved there
// and no other move is tried. Say Q is ahead of P when Q is P except that
// some cards P has in the stock, waste or frame are on their foundations in
// Q: the rest of Q's stock and waste is P's in the same order, its frame is
// P's without those cards. Play any winning line of P from Q, skipping the
// moves of cards Q already has on a foundation; Q stays ahead of P move by
// move, so it wins with P:
//   - a foundation move of P places the card P's foundation takes next; if Q
//     is higher on that suit, the card is already there (skip), else the
//     heights are equal and it fits in Q too;
//   - Q's frame has as many empty slots as P's or more, so every fill is
//     possible;
//   - a card P draws or takes from the waste top is on top in Q as well,
//     unless Q already placed it (skip);
//   - a drawn card goes where P sends it, or, if it fits in Q only, to its
//     foundation, which keeps Q ahead; the one exception is forced play
//     when P sends it to the waste because P's frame is full while Q has a
//     gap: then Q must put it in the gap;
//   - a redeal of P is possible in Q unless Q's waste is empty, and then Q
//     has no stock or waste left and needs none. With unlimited passes a
//     redeal also needs a placement in the pass: if P's pass placed only
//     cards Q had placed already, it drew every other card to the waste
//     untouched, so P after its redeal is behind Q as Q was at the start of
//     that pass; Q's line skips the pass.
//
// So the move is safe in free play always, and in forced play where the
// exception cannot happen: when the frame holds all twelve figures (no gap
// can ever open again) or when nothing is left to draw (the stock is empty
// and no redeal can come: the waste is empty or this is the last pass).
//
// In forced play with cards to draw it is not safe, and a line may hold a
// fitting card back on purpose: an empty slot forces the next drawn card
// that does not fit into the frame, a full frame sends it to the waste.
// corpus/sietes/forced-hold-back.deal is won by holding 6O back one draw and
// lost if 6O goes up as soon as it fits (TestSietesForcedHoldBack).
//
// # Lazy frame moves (forced play)
//
// A frame card X that fits is moved to its foundation only when the move
// right after it may need it (Needed): its slot is the only gap and the
// waste is not empty or the drawn card does not fit; or it is the
// placement a redeal needs (unlimited passes); or X's successors down its
// suit lie in the frame up to one that is the drawn card or the waste top.
// Any winning line can be rewritten so that every such move is followed by
// a move that needs it: if the next move b does not need the move of X,
// swap them. b is legal without it (it only needs X's foundation or X's
// gap in the cases above; a drawn card keeps its fate, as it fits either
// way or finds another gap), X still fits after b (b places no card of X's
// suit), and the position after both is the same; with unlimited passes
// the placement may move into the next pass, which only allows more
// redeals. Each swap moves a frame move later and the line is finite, so
// the rewriting ends; the line ends won with an empty stock and waste,
// where the safe foundation move takes over. The first move of the
// rewritten line is one the rule keeps.
//
// # Buried cards (the last pass)
//
// With no redeal left the stock is drawn in its order and the waste is a
// stack: a card N in it (number or figure) leaves only once every card
// above it has left. Say N leaves at time t, after k more cards have been
// drawn (any k from 0 to the stock's length). Every card that is now in the
// frame, above N in the waste, or among those k drawn cards is at t on a
// foundation or in the frame: a drawn card went to a foundation, a slot or
// the waste, and then above N, which it has left. Of them, these cannot be
// on a foundation at t, so they are in slots: the figures (they never leave
// the frame) and every number card of a suit whose higher card is still in
// the waste at or below N (N included: it moves at t) or still in the stock
// (one of the cards after the first k), for a suit is built down. Call
// their number count(k). N leaves to an empty slot, which needs
// count(k) ≤ 11, or to its foundation, which needs count(k) ≤ 12 and every
// higher card of its suit up: none below N in the waste, none left in the
// stock after the first k. If neither holds for any k, N never leaves and
// the position is lost (Buried). The first form of this rule was the case
// k = 0 with only N's own suit below N blocked; this one also sees the cards
// still to come: a suit whose 7 comes late blocks its cards in the frame,
// and every figure to come takes a slot.
//
// The forced order of the drawn card itself (to its foundation if it fits,
// else to an empty slot, else to the waste) is RULES.md's rule for this
// game, applied by state/sietes, not a heuristic.
type Sietes struct {
	G     sietes.Game
	Order bool  // foundation moves first, then fills, then draws, the redeal last
	Prune bool  // the safe foundation move, lazy frame moves, buried cards (see above)
	off   uint8 // tests: sietesAuto, sietesLazy, sietesBuried rules switched off
}

// The pruning rules, for switching them off one by one in tests.
const (
	sietesAuto   = 1 << iota // a safe foundation move alone
	sietesLazy               // frame cards to a foundation only when needed next
	sietesBuried             // the last-pass dead end
	sietesEager              // tests: foundation moves alone even where unsafe
)

// NewSietes wraps g with the heuristics st switches on.
func NewSietes(g sietes.Game, st solver.Strategy) Sietes {
	return Sietes{G: g, Order: st.Order, Prune: st.Prune}
}

// sietesClass is a move's place in the order: lower first.
func sietesClass(m sietes.Move) int {
	switch m.Kind() {
	case sietes.FrameFound, sietes.WasteFound, sietes.StockFound:
		return 0
	case sietes.WasteFrame:
		return 1
	case sietes.StockFrame, sietes.Draw:
		return 2
	}
	return 3
}

// SafeFoundation reports whether a foundation move may be played alone in
// s: always in free play, and in forced play once nothing is left to draw.
func (h Sietes) SafeFoundation(s *sietes.State) bool {
	if h.G.Play() == sietes.Free || h.off&sietesEager != 0 {
		return true
	}
	if s.FrameSet()&sietesFigures == sietesFigures {
		return true // no gap can open again
	}
	if s.StockSet() != 0 {
		return false
	}
	return s.WasteSet() == 0 || (h.G.Passes() != 0 && s.Pass()+1 >= h.G.Passes())
}

// sietesFigures is the frame set with all twelve figures (ranks 7, 8, 9 of
// each suit).
const sietesFigures = 0x380 | 0x380<<10 | 0x380<<20 | 0x380<<30

// Needed reports whether moving the frame card that fits suit's foundation
// can be the first move of a lazy line (forced play, see the type's doc):
// the move right after it may need it.
func (h Sietes) Needed(s *sietes.State, suit int) bool {
	d, draw := h.G.StockTop(s)
	w, waste := h.G.WasteTop(s)
	if s.EmptySlots() == 0 && (waste || (draw && !sietes.Fits(d, s.Height(d.Suit())))) {
		return true // its slot is the only gap: for the waste top or the drawn card
	}
	if !draw && waste && h.G.Passes() == 0 && !s.Placed() {
		return true // the first placement of the pass allows the redeal
	}
	x, _ := sietes.FrameFit(s, suit)
	for r := x.Rank() - 1; r >= 0; r-- {
		c := deck.NewCard(suit, r)
		switch {
		case draw && d == c, waste && w == c:
			return true // it lets the drawn card or the waste top follow it
		case s.FrameSet()&(1<<(suit*10+r)) == 0:
			return false
		}
	}
	return false
}

// Buried reports a dead end of the last pass: a card in the waste that can
// never leave it (the type's doc, "Buried cards", gives the argument). For
// each waste card N, from the top down, and each k, it counts the cards of
// the frame, above N and among the stock's first k that must then be in
// slots, as card bit sets: held (where they are) and a mask of the figures
// and the blocked ranks (below N's position in the waste, after the stock's
// first k), one population count per (N, k). At most 28 cards are in the
// stock and waste, so at most 14 × 15 counts.
func (h Sietes) Buried(s *sietes.State) bool {
	if h.G.Passes() == 0 || s.Pass()+1 < h.G.Passes() {
		return false
	}
	w := s.WasteSet()
	if w == 0 {
		return false
	}
	// The stock from its top: drawn[k] is its first k cards, block[k] the
	// ranks of each suit up to its highest number card after them (bit
	// suit*10+rank, as the frame set; that card itself is never counted,
	// being in the stock).
	var drawn, block [sietes.MaxStock + 1]uint64
	var idx [sietes.MaxStock]int
	m := 0
	for st := s.StockSet(); st != 0; st &= st - 1 {
		idx[m] = bits.TrailingZeros32(st)
		m++
	}
	for k := range m {
		drawn[k+1] = drawn[k] | sietesBit(h.G.StockCard(idx[k]))
	}
	for k := m - 1; k >= 0; k-- {
		block[k] = sietesBlock(block[k+1], h.G.StockCard(idx[k]))
	}
	// The waste from its bottom: below[p+1] is the ranks up to the highest
	// of each suit at or below position p (below[0] = 0).
	var below [sietes.MaxStock + 1]uint64
	n := 0
	for x := w; x != 0; x &= x - 1 {
		idx[n] = bits.TrailingZeros32(x)
		below[n+1] = sietesBlock(below[n], h.G.StockCard(idx[n]))
		n++
	}
	above := uint64(0)
	held := s.FrameSet()
	for p := n - 1; p >= 0; p-- {
		c := h.G.StockCard(idx[p])
		mask := sietesFigures | below[p+1]
		// need: the bit of the next rank up of N's suit, which must be on
		// the foundation before N (a 7's is a figure's bit, which no
		// block sets).
		var need uint64
		found := !sietes.IsFigure(c)
		if found {
			need = 1 << (c.Suit()*10 + c.Rank() + 1)
			found = below[p]&need == 0
		}
		if !sietesLeaves(held|above, mask, need, found, drawn[:m+1], block[:m+1]) {
			return true
		}
		above |= sietesBit(c)
	}
	return false
}

// sietesLeaves reports whether a waste card can leave after k more draws for
// some k: the cards held (frame and above it) and drawn[k] that mask or
// block[k] marks fill fewer than twelve slots (one is left for it), or
// twelve when found (no higher card of its suit below it) and block[k] lacks
// need (none left in the stock).
func sietesLeaves(held, mask, need uint64, found bool, drawn, block []uint64) bool {
	for k := range drawn {
		n := bits.OnesCount64((held | drawn[k]) & (mask | block[k]))
		if n < sietes.Slots || n == sietes.Slots && found && block[k]&need == 0 {
			return true
		}
	}
	return false
}

// sietesBit is card c's bit in a frame set.
func sietesBit(c deck.Card) uint64 { return 1 << (c.Suit()*10 + c.Rank()) }

// sietesBlock adds number card c to the blocked ranks b: the ranks of each
// suit up to its highest number card among those added (bit suit*10+rank).
// A figure blocks nothing.
func sietesBlock(b uint64, c deck.Card) uint64 {
	if sietes.IsFigure(c) {
		return b
	}
	return b | (uint64(2)<<c.Rank()-1)<<(c.Suit()*10)
}

// Moves returns g's moves, pruned and ordered as switched on.
func (h Sietes) Moves(s *sietes.State, buf []sietes.Move) []sietes.Move {
	buf = h.G.Moves(s, buf)
	if h.Prune {
		if h.off&sietesBuried == 0 && h.Buried(s) {
			return buf[:0]
		}
		if h.SafeFoundation(s) {
			if h.off&sietesAuto != 0 {
				return h.order(buf)
			}
			for _, m := range buf {
				if sietesClass(m) == 0 {
					buf[0] = m
					return buf[:1]
				}
			}
		} else if h.off&sietesLazy == 0 {
			n := 0
			for _, m := range buf {
				if m.Kind() == sietes.FrameFound && !h.Needed(s, m.Suit()) {
					continue
				}
				buf[n] = m
				n++
			}
			buf = buf[:n]
		}
	}
	return h.order(buf)
}

// order sorts buf by class when Order is on.
func (h Sietes) order(buf []sietes.Move) []sietes.Move {
	if h.Order {
		// Insertion sort by class: stable, in place, at most nine moves.
		for i := 1; i < len(buf); i++ {
			m := buf[i]
			j := i
			for ; j > 0 && sietesClass(buf[j-1]) > sietesClass(m); j-- {
				buf[j] = buf[j-1]
			}
			buf[j] = m
		}
	}
	return buf
}

// Apply is the rules' Apply.
func (h Sietes) Apply(s *sietes.State, m sietes.Move) { h.G.Apply(s, m) }

// Won is the rules' Won.
func (h Sietes) Won(s *sietes.State) bool { return h.G.Won(s) }

// Key is the rules' exact key.
func (h Sietes) Key(s *sietes.State) solver.Key { return h.G.Key(s) }
