package reloj

import (
	"fmt"
	"math/bits"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
)

// Sizes of the game (RULES.md, "Del reloj").
const (
	StockSize = 39 // cards in the stock: deal indexes 1..39
	Ranks     = 10 // ranks of the Spanish deck, cyclic; also the most piles
	PileSize  = 4  // cards in a complete pile
	// MaxPasses is the clamp on Rules.Passes inside the search (package doc):
	// a winning line never needs more passes than this.
	MaxPasses = 40
)

// Field positions of the packed words (package doc, "Bit layout").
const (
	goneMask  = 1<<StockSize - 1
	posShift  = 39
	posMask   = 0x3f
	passShift = 45
	passMask  = 0x3f
	placedBit = 1 << 51

	heightsMask = 1<<(3*Ranks) - 1
	leftShift   = 30
	pilesShift  = 34
	nibble      = 0xf
)

// Play is the play mode (RULES.md, "Play modes"); see package state.
type Play = state.Play

// The play modes, re-exported for this game's callers.
const (
	Forced = state.Forced
	Free   = state.Free
)

// Rules are the options of Del reloj: the play mode and the number of passes
// through the stock (the first pass plus the redeals), 0 meaning unlimited
// (then a redeal is allowed only after a pass that placed a card). Default:
// Forced, 2.
type Rules struct {
	Play   Play
	Passes int
}

// Deal is the fixed part of one game: the first base and the stock in deal
// order, with per-rank tables the move generator and the heuristics read.
// It is never modified after NewGame.
type Deal struct {
	Base  deck.Card            // deal index 0, the first base
	Stock [StockSize]deck.Card // deal indexes 1..39; Stock[0] drawn first
	// Rank is the 0-based rank of each stock card.
	Rank [StockSize]uint8
	// RankSet has bit i set when stock card i has rank r.
	RankSet [Ranks]uint64
}

// Game is Rules bound to one deal: a solver.Game[State, Move]. It is a small
// value type (the deal is shared behind a pointer and never written).
type Game struct {
	rules  Rules
	passes int // Rules.Passes clamped to MaxPasses; 0 = unlimited
	d      *Deal
}

// NewGame checks deal (40 distinct Spanish cards in dealing order) and r, and
// returns the game and its start position: the first base in the circle, the
// 39 other cards in the stock, the first pass begun.
func NewGame(r Rules, deal []deck.Card) (Game, State, error) {
	if r.Play != Forced && r.Play != Free {
		return Game{}, State{}, fmt.Errorf("reloj: unknown play mode %d", r.Play)
	}
	if r.Passes < 0 {
		return Game{}, State{}, fmt.Errorf("reloj: passes %d: must be 0 (unlimited) or more", r.Passes)
	}
	if len(deal) != StockSize+1 {
		return Game{}, State{}, fmt.Errorf("reloj: a deal has %d cards, got %d", StockSize+1, len(deal))
	}
	var seen [StockSize + 1]bool
	for i, c := range deal {
		if !deck.Spanish.Valid(c) {
			return Game{}, State{}, fmt.Errorf("reloj: deal index %d: not a Spanish card (byte %#x)", i, uint8(c))
		}
		k := deck.Spanish.Index(c)
		if seen[k] {
			return Game{}, State{}, fmt.Errorf("reloj: deal index %d: duplicate card %s", i, deck.Spanish.Token(c))
		}
		seen[k] = true
	}
	d := &Deal{Base: deal[0]}
	for i := range StockSize {
		c := deal[i+1]
		d.Stock[i] = c
		d.Rank[i] = uint8(c.Rank())
		d.RankSet[c.Rank()] |= 1 << i
	}
	g := Game{rules: r, passes: min(r.Passes, MaxPasses), d: d}
	b := deal[0].Rank()
	s := State{lo: 0, hi: 1<<(3*b) | uint64(b)<<leftShift | 1<<pilesShift}
	return g, s, nil
}

// Rules are the options the game was made with (Passes unclamped).
func (g Game) Rules() Rules { return g.rules }

// Deal is the game's fixed deal.
func (g Game) Deal() *Deal { return g.d }

// LastPass reports whether s is on the last pass allowed (never with
// unlimited passes).
func (g Game) LastPass(s *State) bool { return g.PassesLeft(s) == 1 }

// PassesLeft is the number of passes s may still use, its own included (1
// on the last pass); 0 with unlimited passes.
func (g Game) PassesLeft(s *State) int {
	if g.passes == 0 {
		return 0
	}
	return max(g.passes-s.Pass(), 1)
}

// State is one position, packed in 16 bytes (package doc, "Bit layout").
// Its zero value is not a position; start from NewGame.
type State struct{ lo, hi uint64 }

// Present is the set of stock cards still in the stock or the waste (bit i
// for stock card i).
func (s *State) Present() uint64 { return ^s.lo & goneMask }

// Pos is the index of the stock top (the drawn card), StockSize when the
// stock is empty. Stock cards present below Pos are the waste.
func (s *State) Pos() int { return int(s.lo >> posShift & posMask) }

// Pass is the number of redeals made (0 on the first pass); always 0 with
// unlimited passes.
func (s *State) Pass() int { return int(s.lo >> passShift & passMask) }

// Placed reports, with unlimited passes only, whether a card has gone to the
// circle during this pass.
func (s *State) Placed() bool { return s.lo&placedBit != 0 }

// Height is the number of cards on the pile of base rank b (0..4, 0 = no pile).
func (s *State) Height(b int) int { return int(s.hi >> (3 * b) & 7) }

// Left is L, the leftmost base rank of the run; 0 when all 10 piles exist.
func (s *State) Left() int { return int(s.hi >> leftShift & nibble) }

// Piles is the number of piles in the circle (1..10).
func (s *State) Piles() int { return int(s.hi >> pilesShift & nibble) }

// StockSet is the set of stock cards in the stock (index ≥ Pos).
func (s *State) StockSet() uint64 { return s.Present() &^ (1<<s.Pos() - 1) }

// WasteSet is the set of stock cards in the waste (index < Pos).
func (s *State) WasteSet() uint64 { return s.Present() & (1<<s.Pos() - 1) }

// WasteTop is the index of the waste top, -1 when the waste is empty.
func (s *State) WasteTop() int {
	return 63 - bits.LeadingZeros64(s.WasteSet())
}

// CanStart reports whether a card of rank c may start a new pile (pile c
// does not exist, c is next to an end of the run, fewer than 10 piles).
func (s *State) CanStart(c int) bool { return s.canStart(c) }

func (s *State) canStart(c int) bool {
	n := s.Piles()
	if n >= Ranks {
		return false
	}
	l := s.Left()
	right := l + n
	if right >= Ranks {
		right -= Ranks
	}
	left := l + Ranks - 1
	if left >= Ranks {
		left -= Ranks
	}
	return c == right || c == left
}

// Key is the state itself: exact and canonical (package doc).
func (s *State) Key() solver.Key { return solver.Key{Hi: s.hi, Lo: s.lo} }

// Kind is what a move does.
type Kind uint8

// The move kinds, in RULES.md's notation.
const (
	Draw   Kind = iota // stock→waste
	Stock              // stock→pile:X
	Waste              // waste→pile:X
	Redeal             // waste→stock
)

// Move is one move: kind | pile<<2, where pile is the destination's base rank
// (for a new pile, the card's rank).
type Move uint8

// Moves of the kinds without a pile.
const (
	DrawMove   = Move(Draw)
	RedealMove = Move(Redeal)
)

// StockTo is stock→pile:b.
func StockTo(b int) Move { return Move(Stock) | Move(b)<<2 }

// WasteTo is waste→pile:b.
func WasteTo(b int) Move { return Move(Waste) | Move(b)<<2 }

// Kind is the move's kind.
func (m Move) Kind() Kind { return Kind(m & 3) }

// Pile is the destination pile's base rank, for Stock and Waste moves.
func (m Move) Pile() int { return int(m >> 2) }

// String is a short debugging form: "draw", "redeal", "stock>3", "waste>7".
func (m Move) String() string {
	switch m.Kind() {
	case Draw:
		return "draw"
	case Redeal:
		return "redeal"
	case Stock:
		return fmt.Sprintf("stock>%d", m.Pile())
	}
	return fmt.Sprintf("waste>%d", m.Pile())
}

// Moves appends the legal moves of s to buf[:0] (RULES.md, "Del reloj" and
// "Play modes"): the waste top's placements, the drawn card's placements, the
// draw (in forced play only when the drawn card fits nowhere), the redeal.
// It allocates nothing when buf has room for 10 moves.
func (g Game) Moves(s *State, buf []Move) []Move {
	buf = buf[:0]
	present := s.Present()
	pos := s.Pos()
	waste := present & (1<<pos - 1)
	if waste != 0 {
		buf = s.appendPlaces(buf, Waste, int(g.d.Rank[63-bits.LeadingZeros64(waste)]))
	}
	if pos < StockSize {
		n := len(buf)
		buf = s.appendPlaces(buf, Stock, int(g.d.Rank[pos]))
		if g.rules.Play == Free || len(buf) == n {
			buf = append(buf, DrawMove)
		}
	} else if waste != 0 && g.canRedeal(s) {
		buf = append(buf, RedealMove)
	}
	return buf
}

// canRedeal reports whether a pass remains for a redeal (the stock and waste
// conditions are the caller's).
func (g Game) canRedeal(s *State) bool {
	if g.passes == 0 {
		return s.Placed()
	}
	return s.Pass()+1 < g.passes
}

// appendPlaces appends the moves of kind k putting a card of rank c on each
// pile that takes it.
func (s *State) appendPlaces(buf []Move, k Kind, c int) []Move {
	// The heights of piles c−3, c−2, c−1 (round the corner) as one 9-bit
	// field of the heights doubled: each takes c when its height is 3, 2, 1.
	h := s.hi & heightsMask
	f := (h | h<<(3*Ranks)) >> (3 * (c + Ranks - 3)) & 0x1ff
	x := f ^ 0b001_010_011 // a zero chunk where the pile takes c
	if x&0b111_000_000 == 0 {
		buf = append(buf, Move(k)|Move(wrap(c-1))<<2)
	}
	if x&0b000_111_000 == 0 {
		buf = append(buf, Move(k)|Move(wrap(c-2))<<2)
	}
	if x&0b000_000_111 == 0 {
		buf = append(buf, Move(k)|Move(wrap(c-3))<<2)
	}
	if s.canStart(c) {
		buf = append(buf, Move(k)|Move(c)<<2)
	}
	return buf
}

// wrap brings a rank in −10..19 into 0..9.
func wrap(r int) int {
	switch {
	case r < 0:
		return r + Ranks
	case r >= Ranks:
		return r - Ranks
	}
	return r
}

// Apply plays m, which came from g.Moves(s), on s in place.
func (g Game) Apply(s *State, m Move) {
	present := s.Present()
	pos := s.Pos()
	switch m.Kind() {
	case Draw:
		s.setPos(next(present, pos+1))
	case Stock:
		s.place(m.Pile(), int(g.d.Rank[pos]), g.passes == 0)
		s.lo |= 1 << pos
		s.setPos(next(present, pos+1))
	case Waste:
		w := 63 - bits.LeadingZeros64(present&(1<<pos-1))
		s.place(m.Pile(), int(g.d.Rank[w]), g.passes == 0)
		s.lo |= 1 << w
	case Redeal:
		s.setPos(next(present, 0))
		if g.passes == 0 {
			s.lo &^= placedBit
		} else {
			s.lo += 1 << passShift
		}
	}
}

// next is the first index ≥ i in present, StockSize when there is none.
func next(present uint64, i int) int {
	return min(bits.TrailingZeros64(present>>i<<i), StockSize)
}

func (s *State) setPos(p int) {
	s.lo = s.lo&^(posMask<<posShift) | uint64(p)<<posShift
}

// place puts a card of rank c on the pile of base b, starting the pile when
// it does not exist; mark records the placement for unlimited passes.
func (s *State) place(b, c int, mark bool) {
	if s.Height(b) == 0 {
		n := s.Piles()
		switch {
		case n+1 == Ranks:
			s.hi &^= nibble << leftShift
		case c == (s.Left()+Ranks-1)%Ranks:
			s.hi = s.hi&^(nibble<<leftShift) | uint64(c)<<leftShift
		}
		s.hi += 1 << pilesShift
	}
	s.hi += 1 << (3 * b)
	if mark {
		s.lo |= placedBit
	}
}

// Won reports whether all 40 cards are in the circle.
func (g Game) Won(s *State) bool { return s.lo&goneMask == goneMask }

// Key is s's exact canonical key (the packed state).
func (g Game) Key(s *State) solver.Key { return solver.Key{Hi: s.hi, Lo: s.lo} }

// RankKey is the key of s's class: the positions with the same circle, pass
// and placed bit whose waste and stock read the same ranks in the same order.
// It is s with its waste and stock moved to the lowest indexes of the deal
// that hold those ranks in that order (each card to the first index of its
// rank after the card before it), pos to its stock top.
//
// Why positions of one class have one verdict. Suits never matter in the
// circle, every move reads only the ranks of the free cards and the circle
// (in forced play too: whether the drawn card fits), and each move does the
// same to every position of the class: a placement deletes the same place of
// the sequence, a draw moves the same card from the stock to the waste, a
// redeal makes the same sequence the stock. So the positions of a class have
// the same moves with the same results, class for class, and the same
// verdict. The embedding exists (s's own is one) and each card's index is at
// most its index in s, so the waste stays below the stock.
func (g Game) RankKey(s *State) solver.Key {
	var set uint64
	at, pos := 0, StockSize
	for rest := s.Present(); rest != 0; rest &= rest - 1 {
		i := bits.TrailingZeros64(rest)
		j := bits.TrailingZeros64(g.d.RankSet[g.d.Rank[i]] >> at << at)
		set |= 1 << j
		if pos == StockSize && i >= s.Pos() {
			pos = j
		}
		at = j + 1
	}
	lo := s.lo&^(goneMask|posMask<<posShift) | ^set&goneMask | uint64(pos)<<posShift
	return solver.Key{Hi: s.hi, Lo: lo}
}

// Card is the card a move of kind Stock or Waste takes from s (before the
// move); for a Draw, the drawn card. ok is false for a redeal or when there is
// no such card.
func (g Game) Card(s *State, m Move) (c deck.Card, ok bool) {
	switch m.Kind() {
	case Draw, Stock:
		if p := s.Pos(); p < StockSize {
			return g.d.Stock[p], true
		}
	case Waste:
		if w := s.WasteTop(); w >= 0 {
			return g.d.Stock[w], true
		}
	}
	return 0, false
}
