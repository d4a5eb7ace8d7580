package sietes

import (
	"fmt"
	"math/bits"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
)

// Sizes of the game.
const (
	Cards     = 40 // a Spanish deck
	Slots     = 12 // frame slots
	Suits     = 4
	Numbers   = 7  // number cards per suit: ranks 0..6 (1..7)
	MaxStock  = 28 // the most cards the stock can hold after the deal phase
	MaxPasses = 63 // passes the state can count; larger --passes is clamped
)

// NoCard marks an empty frame slot in Frame.
const NoCard deck.Card = 0xFF

// Play is the play mode (RULES.md, "Play modes"); see package state.
type Play = state.Play

// The play modes, re-exported for this game's callers.
const (
	Forced = state.Forced
	Free   = state.Free
)

// Rules are the options of RULES.md: Play, and Passes through the stock (0 =
// unlimited, redeal only after a pass that placed a card). Passes above
// MaxPasses are clamped to it inside the search: a pass that places no card
// ends where it began (the stock back in the same order, nothing else
// moved), so it can be cut out of any winning line, and a line needs at most
// 28 passes that place a card (a placement from the stock or waste each) plus
// frame moves, which any pass can make. Lines found under the clamp are legal
// under the larger number.
type Rules struct {
	Play   Play
	Passes int
}

// Fits reports whether card c goes onto a foundation of height h (cards
// already on it): it is the number card of rank 6−h (the 7 first).
func Fits(c deck.Card, h int) bool { return c.Rank() < Numbers && c.Rank()+h == Numbers-1 }

// IsFigure reports whether c is a sota, caballo or rey.
func IsFigure(c deck.Card) bool { return c.Rank() >= Numbers }

// Table is the layout after the deal phase: what the table shows when play
// begins.
type Table struct {
	Frame Frame       // slot k-1 holds frame:k's card, NoCard when empty
	Found [Suits]int  // cards on each suit's foundation (0..7)
	Stock []deck.Card // the stock, drawn first at index 0
	Dealt int         // cards the deal phase drew from the deck
}

// DealPhase plays the deal phase of RULES.md on a 40-card Spanish deal: draw
// a card; it goes to its foundation if it fits, else into the lowest empty
// slot; then frame cards that fit move to their foundations, lowest slot
// first, until none fits. It stops when the twelve slots are full (after
// those moves) or the deck is used up. The error is for a deal that is not
// the Spanish deck.
func DealPhase(deal []deck.Card) (Table, error) {
	if err := checkDeal(deal); err != nil {
		return Table{}, err
	}
	var t Table
	for k := range t.Frame {
		t.Frame[k] = NoCard
	}
	empty := Slots
	i := 0
	for i < len(deal) && empty > 0 {
		c := deal[i]
		i++
		if Fits(c, t.Found[c.Suit()]) {
			t.Found[c.Suit()]++
		} else {
			for k := range t.Frame {
				if t.Frame[k] == NoCard {
					t.Frame[k] = c
					empty--
					break
				}
			}
		}
		for moved := true; moved; {
			moved = false
			for k, fc := range t.Frame {
				if fc != NoCard && Fits(fc, t.Found[fc.Suit()]) {
					t.Found[fc.Suit()]++
					t.Frame[k] = NoCard
					empty++
					moved = true
					break
				}
			}
		}
	}
	t.Dealt = i
	t.Stock = append([]deck.Card(nil), deal[i:]...)
	return t, nil
}

func checkDeal(deal []deck.Card) error {
	if len(deal) != Cards {
		return fmt.Errorf("sietes: the deal has %d cards, want %d", len(deal), Cards)
	}
	var seen uint64
	for i, c := range deal {
		if !deck.Spanish.Valid(c) {
			return fmt.Errorf("sietes: deal index %d is not a Spanish card", i)
		}
		b := uint64(1) << deck.Spanish.Index(c)
		if seen&b != 0 {
			return fmt.Errorf("sietes: deal index %d: duplicate card %s", i, deck.Spanish.Token(c))
		}
		seen |= b
	}
	return nil
}

// State is the packed position; see the package doc for the bit layout.
type State struct{ lo, hi uint64 }

// Field positions and masks of State.
const (
	wasteShift = 32
	setMask    = 1<<MaxStock - 1
	frameMask  = 1<<Cards - 1
	foundShift = 40
	passShift  = 52
	passMask   = 63
	placedBit  = 1 << 58
	allFound   = 0x7 | 0x7<<3 | 0x7<<6 | 0x7<<9 // every h[s] = 7
)

// StockSet is the set of stock sequence indexes in the stock (top: lowest).
func (s *State) StockSet() uint32 { return uint32(s.lo & setMask) }

// WasteSet is the set of stock sequence indexes in the waste (top: highest).
func (s *State) WasteSet() uint32 { return uint32(s.lo >> wasteShift & setMask) }

// FrameSet is the set of cards in the frame, bit deck.Spanish.Index(c).
func (s *State) FrameSet() uint64 { return s.hi & frameMask }

// Height is the number of cards on suit's foundation, 0..7.
func (s *State) Height(suit int) int { return int(s.hi >> (foundShift + 3*suit) & 7) }

// Pass is the passes begun minus one: 0 on the first pass.
func (s *State) Pass() int { return int(s.hi >> passShift & passMask) }

// Placed reports whether a card was placed during this pass (kept with
// unlimited passes only).
func (s *State) Placed() bool { return s.hi&placedBit != 0 }

// EmptySlots is the number of empty frame slots.
func (s *State) EmptySlots() int { return Slots - bits.OnesCount64(s.FrameSet()) }

// Kind is what a move does.
type Kind uint8

// The move kinds (RULES.md move line in brackets).
const (
	Draw       Kind = iota // stock → waste
	StockFound             // stock → found:<suit>
	StockFrame             // stock → frame:k (lowest empty slot)
	WasteFound             // waste → found:<suit>
	WasteFrame             // waste → frame:k (lowest empty slot)
	FrameFound             // frame:k → found:<suit>
	Redeal                 // waste → stock
)

// Move is one move: kind | suit<<3, the suit used by FrameFound (which frame
// card: the one that fits that suit's foundation).
type Move uint8

// FrameTo is the move of suit's fitting frame card to its foundation.
func FrameTo(suit int) Move { return Move(FrameFound) | Move(suit)<<3 }

// Kind is the move's kind.
func (m Move) Kind() Kind { return Kind(m & 7) }

// Suit is FrameFound's suit.
func (m Move) Suit() int { return int(m >> 3) }

// Game is the rules for one deal: the options and the stock sequence left by
// the deal phase. It implements solver.Game[State, Move] (value receiver, no
// allocation).
type Game struct {
	stock  [32]deck.Card // stock sequence; index i is bit i of the sets
	n      int           // stock length
	play   Play
	passes int // 0 = unlimited, else clamped to MaxPasses
}

// NewGame plays the deal phase and returns the game and its start position.
// The error is for a bad deal or rules.
func NewGame(r Rules, deal []deck.Card) (Game, State, Table, error) {
	if r.Play != Forced && r.Play != Free {
		return Game{}, State{}, Table{}, fmt.Errorf("sietes: unknown play mode %d", r.Play)
	}
	if r.Passes < 0 {
		return Game{}, State{}, Table{}, fmt.Errorf("sietes: --passes %d: must be 0 (unlimited) or more", r.Passes)
	}
	t, err := DealPhase(deal)
	if err != nil {
		return Game{}, State{}, Table{}, err
	}
	g := Game{n: len(t.Stock), play: r.Play, passes: min(r.Passes, MaxPasses)}
	copy(g.stock[:], t.Stock)
	var s State
	s.lo = uint64(1)<<g.n - 1
	for _, c := range t.Frame {
		if c != NoCard {
			s.hi |= 1 << deck.Spanish.Index(c)
		}
	}
	for suit, h := range t.Found {
		s.hi |= uint64(h) << (foundShift + 3*suit)
	}
	return g, s, t, nil
}

// Play is the game's play mode.
func (g Game) Play() Play { return g.play }

// Passes is the number of passes in force (0 = unlimited), after the clamp.
func (g Game) Passes() int { return g.passes }

// StockLen is the length of the stock sequence.
func (g Game) StockLen() int { return g.n }

// StockCard is the card at index i of the stock sequence.
func (g Game) StockCard(i int) deck.Card { return g.stock[i&31] }

// StockTop is the card to be drawn next; ok is false when the stock is empty.
func (g Game) StockTop(s *State) (deck.Card, bool) {
	st := s.StockSet()
	if st == 0 {
		return NoCard, false
	}
	return g.stock[bits.TrailingZeros32(st)&31], true
}

// WasteTop is the waste's top card; ok is false when the waste is empty.
func (g Game) WasteTop(s *State) (deck.Card, bool) {
	w := s.WasteSet()
	if w == 0 {
		return NoCard, false
	}
	return g.stock[(31-bits.LeadingZeros32(w))&31], true
}

// FrameFit is the frame card that fits suit's foundation; ok is false if
// none does.
func FrameFit(s *State, suit int) (deck.Card, bool) {
	h := s.Height(suit)
	if h >= Numbers {
		return NoCard, false
	}
	c := deck.NewCard(suit, Numbers-1-h)
	if s.FrameSet()&(1<<(suit*10+Numbers-1-h)) == 0 {
		return NoCard, false
	}
	return c, true
}

// fits reports whether c goes onto its foundation in s.
func (s *State) fits(c deck.Card) bool {
	return c.Rank() < Numbers && c.Rank()+s.Height(c.Suit()) == Numbers-1
}

// CanRedeal reports whether a redeal is legal: the stock is empty, the waste
// is not, and a pass remains (unlimited: this pass placed a card).
func (g Game) CanRedeal(s *State) bool {
	if s.StockSet() != 0 || s.WasteSet() == 0 {
		return false
	}
	if g.passes == 0 {
		return s.Placed()
	}
	return s.Pass()+1 < g.passes
}

// Moves appends the legal moves of s to buf[:0] in rules order: the drawn
// card's moves, the waste top's, the frame cards' (by suit), the redeal.
func (g Game) Moves(s *State, buf []Move) []Move {
	buf = buf[:0]
	empty := s.EmptySlots() > 0
	if c, ok := g.StockTop(s); ok {
		fit := s.fits(c)
		if g.play == Forced {
			switch {
			case fit:
				buf = append(buf, Move(StockFound))
			case empty:
				buf = append(buf, Move(StockFrame))
			default:
				buf = append(buf, Move(Draw))
			}
		} else {
			buf = append(buf, Move(Draw))
			if fit {
				buf = append(buf, Move(StockFound))
			}
			if empty {
				buf = append(buf, Move(StockFrame))
			}
		}
	}
	if c, ok := g.WasteTop(s); ok {
		if s.fits(c) {
			buf = append(buf, Move(WasteFound))
		}
		if empty {
			buf = append(buf, Move(WasteFrame))
		}
	}
	for suit := range Suits {
		if _, ok := FrameFit(s, suit); ok {
			buf = append(buf, FrameTo(suit))
		}
	}
	if g.CanRedeal(s) {
		buf = append(buf, Move(Redeal))
	}
	return buf
}

// Card is the card m moves in s (NoCard for a redeal).
func (g Game) Card(s *State, m Move) deck.Card {
	switch m.Kind() {
	case Draw, StockFound, StockFrame:
		c, _ := g.StockTop(s)
		return c
	case WasteFound, WasteFrame:
		c, _ := g.WasteTop(s)
		return c
	case FrameFound:
		c, _ := FrameFit(s, m.Suit())
		return c
	}
	return NoCard
}

// Apply plays m, which came from Moves(s), on s.
func (g Game) Apply(s *State, m Move) {
	switch m.Kind() {
	case Draw:
		i := bits.TrailingZeros64(s.lo & setMask)
		s.lo = s.lo&^(1<<i) | 1<<(i+wasteShift)
	case StockFound, StockFrame:
		i := bits.TrailingZeros64(s.lo & setMask)
		s.lo &^= 1 << i
		g.place(s, g.stock[i&31], m.Kind() == StockFound)
	case WasteFound, WasteFrame:
		i := 63 - bits.LeadingZeros64(s.lo>>wasteShift&setMask)
		s.lo &^= 1 << (i + wasteShift)
		g.place(s, g.stock[i&31], m.Kind() == WasteFound)
	case FrameFound:
		suit := m.Suit()
		r := Numbers - 1 - s.Height(suit)
		s.hi &^= 1 << (suit*10 + r)
		s.hi += 1 << (foundShift + 3*suit)
		g.mark(s)
	case Redeal:
		s.lo = s.lo >> wasteShift & setMask
		s.hi = s.hi&^(passMask<<passShift|placedBit) | uint64(s.Pass()+1)<<passShift
		if g.passes == 0 {
			s.hi &^= passMask << passShift // the pass count does not matter
		}
	}
}

// place puts c on its foundation or in the frame.
func (g Game) place(s *State, c deck.Card, found bool) {
	if found {
		s.hi += 1 << (foundShift + 3*c.Suit())
	} else {
		s.hi |= 1 << (c.Suit()*10 + c.Rank())
	}
	g.mark(s)
}

// mark records a placement for the unlimited-passes redeal rule.
func (g Game) mark(s *State) {
	if g.passes == 0 {
		s.hi |= placedBit
	}
}

// Won reports whether all 28 number cards are on the foundations and the
// stock and waste are empty (so the 12 figures are in the frame).
func (g Game) Won(s *State) bool {
	return s.hi>>foundShift&0xFFF == allFound && s.lo == 0
}

// Key is s's exact key.
func (g Game) Key(s *State) solver.Key { return solver.Key{Hi: s.hi, Lo: s.lo} }

// Frame is the frame by slot, for naming moves and drawing the table: slot
// k-1 is frame:k, NoCard when empty. The search does not need it (see the
// package doc).
type Frame [Slots]deck.Card

// Fill puts c into the lowest empty slot and returns its number (1..12), 0
// if the frame is full.
func (f *Frame) Fill(c deck.Card) int { return f.replace(NoCard, c) }

// Take empties the slot holding c and returns its number (1..12), 0 if c is
// not in the frame.
func (f *Frame) Take(c deck.Card) int { return f.replace(c, NoCard) }

// replace puts y into the lowest slot holding x and returns its number
// (1..12), 0 if no slot holds x.
func (f *Frame) replace(x, y deck.Card) int {
	for k, c := range f {
		if c == x {
			f[k] = y
			return k + 1
		}
	}
	return 0
}
