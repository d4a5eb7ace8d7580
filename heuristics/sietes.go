package heuristics

import (
	"math/bits"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state/sietes"
)

// Sietes wraps De los sietes' packed rules (state/sietes) as a solver.Game
// with move ordering (Order) and the safe foundation move (Prune).
//
// # Why a foundation move is safe (free play, and forced play once no card is left to draw)
//
// Let X be a card that fits its foundation in position P, and let Q be P
// after X goes there. Whatever line wins from P, a line wins from Q: play
// the same moves, skipping those that move X. Every skipped-to move stays
// legal, because in Q
//   - X's foundation is one card ahead, and no other card of X's suit can go
//     to it before X in the original line (X is the card it takes next);
//   - the frame has as many empty slots or one more (X may have sat in one),
//     so every fill is still possible;
//   - the stock and the waste are the original ones without X, in the same
//     order, so when the original line draws, places or turns a card other
//     than X, that card is the top in Q too (X was not on top, or the move
//     would move X);
//   - in free play a drawn card may always go to the waste;
//   - a redeal of the original line is possible in Q unless X was the only
//     card in the waste, and then Q has no stock and no waste left at all,
//     so it needs no redeal. With unlimited passes a redeal also needs a
//     placement in the pass: if the original pass placed only X, that pass
//     drew every other card to the waste untouched, so the original
//     position after its redeal is the position Q had at the start of that
//     pass; Q's line skips the pass and continues from there.
//
// When the original line moves X, Q's position becomes the original one (X
// on its foundation, the slot or waste place it left empty in both). Frame
// cards never leave except to a foundation, so nothing else can differ.
//
// This is not true of forced play while cards remain to be drawn, and the
// forced line may hold a fitting card back on purpose: an empty slot forces
// the next drawn card that does not fit into the frame, while a full frame
// sends it to the waste. Keeping X in its slot (or keeping X on the waste
// so that its successor, drawn later, must fill a slot instead of going to
// the foundation) can be what wins. corpus/sietes/forced-hold-back.deal is
// such a deal: won by holding 6O back one draw, lost if 6O goes to its
// foundation as soon as it fits; TestSietesForcedHoldBack pins it. So in
// forced play the move is made automatically only when no draw is left:
// the stock is empty and no redeal can come (the waste is empty, or the
// last pass is being played); from then on every move is free and the
// argument above holds.
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
		return true
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

// Buried reports a dead end of the last pass: a number card N in the waste
// that can never come out. Without a redeal, N leaves the waste only when
// every card above it has left; at that moment the figures above it and in
// the frame are in slots (figures never leave the frame), and so are the
// cards of N's suit and lower rank that were above it or are in the frame
// (they cannot reach the foundation before N). More than twelve such cards
// cannot be in the twelve slots at once.
func (h Sietes) Buried(s *sietes.State) bool {
	if h.G.Passes() == 0 || s.Pass()+1 < h.G.Passes() {
		return false
	}
	frame := s.FrameSet()
	figs := bits.OnesCount64(frame & sietesFigures)
	var above [sietes.Suits]uint16 // ranks of each suit seen above, bit = rank
	for w := s.WasteSet(); w != 0; {
		i := 31 - bits.LeadingZeros32(w)
		w &^= 1 << i
		c := h.G.StockCard(i)
		suit, r := c.Suit(), c.Rank()
		if sietes.IsFigure(c) {
			figs++
			continue
		}
		lower := uint16(1)<<r - 1
		inFrame := uint16(frame >> (suit * 10))
		if figs+bits.OnesCount16(above[suit]&lower)+bits.OnesCount16(inFrame&lower) > sietes.Slots {
			return true
		}
		above[suit] |= 1 << r
	}
	return false
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
