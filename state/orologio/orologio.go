package orologio

import (
	"fmt"
	"math/bits"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solver"
)

// Sizes of the clock games.
const (
	Hours      = 12 // clock positions, 1..12
	ClockCards = 12 // Italian: deal indexes 0..11 are the clock
	Cards40    = 40 // Italian deck
	Cards52    = 52 // French deck
	Centre     = 12 // French: the centre pile's index beside hours 0..11
	noCard     = 0xFF
)

// PlayOut plays g from s to the end: the only legal move each time, until
// the position is won or has no move. step, when not nil, sees each position
// before its move. It returns the moves and whether the game was won. The
// games here have at most 52+12 moves.
func PlayOut[S any, M any, G solver.Game[S, M]](g G, s S, step func(before *S, m M)) ([]M, bool) {
	var moves []M
	buf := make([]M, 0, 1)
	for !g.Won(&s) {
		buf = g.Moves(&s, buf[:0])
		if len(buf) == 0 {
			return moves, false
		}
		if step != nil {
			step(&s, buf[0])
		}
		moves = append(moves, buf[0])
		g.Apply(&s, buf[0])
	}
	return moves, true
}

// checkDeal rejects a deal that is not one whole deck of kind k.
func checkDeal(game string, deal []deck.Card, k deck.Kind) error {
	if len(deal) != k.Size() {
		return fmt.Errorf("%s: the deal has %d cards, want %d", game, len(deal), k.Size())
	}
	var seen uint64
	for i, c := range deal {
		if !k.Valid(c) {
			return fmt.Errorf("%s: deal index %d is not a %s card", game, i, k)
		}
		b := uint64(1) << k.Index(c)
		if seen&b != 0 {
			return fmt.Errorf("%s: deal index %d: duplicate card %s", game, i, k.Token(c))
		}
		seen |= b
	}
	return nil
}

// Italian is the Solitario dell'orologio for one deal; it implements
// solver.Game[State40, Move40].
type Italian struct {
	deal  [Cards40]deck.Card
	hours [10]uint16 // per rank: the set of hours (bit h-1) whose clock card has it
	four  int        // the rank with all four cards in the clock, -1 if none
}

// State40 is an Italian position: the next stock index and the covered hours.
type State40 struct {
	next    uint8  // deal index of the next stock card, 12..40
	covered uint16 // bit h-1: the clock card at hour h is covered
}

// Next is the deal index of the next stock card (40: the stock is used up).
func (s *State40) Next() int { return int(s.next) }

// Covered is the set of covered hours, bit h-1 for hour h.
func (s *State40) Covered() uint16 { return s.covered }

// Move40 is the hour the next stock card covers, 1..12, or 0 when it goes
// to the well.
type Move40 uint8

// NewItalian checks an Italian 40 deal and returns the game and its start.
func NewItalian(deal []deck.Card) (Italian, State40, error) {
	if err := checkDeal("orologio", deal, deck.Italian); err != nil {
		return Italian{}, State40{}, err
	}
	g := Italian{four: -1}
	copy(g.deal[:], deal)
	for i := range ClockCards {
		g.hours[deal[i].Rank()] |= 1 << i
	}
	for r, h := range g.hours {
		if h != 0 && bits.OnesCount16(h) == 4 {
			g.four = r
		}
	}
	return g, State40{next: ClockCards}, nil
}

// FourOfAKind is the rank (0-based) whose four cards are all in the clock,
// with ok false if there is none. Such a deal is lost at once.
func (g Italian) FourOfAKind() (rank int, ok bool) { return g.four, g.four >= 0 }

// Clock is the clock card at hour h (1..12).
func (g Italian) Clock(h int) deck.Card { return g.deal[(h-1)%Hours] }

// HoursOf is the set of hours (bit h-1) whose clock card has rank r.
func (g Italian) HoursOf(r int) uint16 { return g.hours[r%10] }

// Card is the stock card the next move of s moves.
func (g Italian) Card(s *State40) deck.Card { return g.deal[s.next%Cards40] }

// FaceUp reports whether the next stock card of s is turned face up (odd
// deal index).
func (s *State40) FaceUp() bool { return s.next&1 == 1 }

// Moves appends the one move of s to buf[:0]: none when the clock holds four
// of a kind or the stock is used up.
func (g Italian) Moves(s *State40, buf []Move40) []Move40 {
	buf = buf[:0]
	if g.four >= 0 || s.next >= Cards40 {
		return buf
	}
	if s.next&1 == 0 {
		return append(buf, 0)
	}
	open := g.hours[g.deal[s.next].Rank()] &^ s.covered
	if open == 0 {
		return append(buf, 0)
	}
	return append(buf, Move40(bits.TrailingZeros16(open)+1))
}

// Apply plays m on s: a card to the well moves on to the next stock card; a
// cover marks the hour, and the card's turn ends with its last open hour.
func (g Italian) Apply(s *State40, m Move40) {
	if m == 0 {
		s.next++
		return
	}
	s.covered |= 1 << (m - 1)
	if g.hours[g.deal[s.next%Cards40].Rank()]&^s.covered == 0 {
		s.next++
	}
}

// Won reports whether all twelve clock cards are covered.
func (g Italian) Won(s *State40) bool { return s.covered == 1<<Hours-1 }

// Key is the exact key: next and covered.
func (g Italian) Key(s *State40) solver.Key {
	return solver.Key{Lo: uint64(s.next) | uint64(s.covered)<<8}
}

// French is the classic Clock (orologio52) for one deal; it implements
// solver.Game[State52, Move52].
type French struct {
	deal [Cards52]deck.Card
}

// State52 is a French position; see the package doc.
type State52 struct {
	down [Hours + 1]uint8 // face-down cards left in hour piles 0..11 and the centre
	hand uint8            // deal index of the card in hand, noCard when the game is over
	from uint8            // the pile the card in hand was taken from
	up   uint8            // cards face up
}

// Move52 is the pile the card in hand goes to face up: 0..11 for hours
// 1..12, Centre for a king.
type Move52 uint8

// NewFrench checks a French 52 deal and returns the game and its start: the
// centre's top card in hand.
func NewFrench(deal []deck.Card) (French, State52, error) {
	if err := checkDeal("orologio52", deal, deck.French); err != nil {
		return French{}, State52{}, err
	}
	var g French
	copy(g.deal[:], deal)
	var s State52
	for p := range s.down {
		s.down[p] = 4
	}
	s.down[Centre] = 3
	s.hand = Cards52 - 1
	s.from = Centre
	return g, s, nil
}

// Hand is the card in hand and the pile it came from; ok is false when the
// game is over.
func (g French) Hand(s *State52) (c deck.Card, from int, ok bool) {
	if s.hand == noCard {
		return 0, 0, false
	}
	return g.deal[s.hand%Cards52], int(s.from), true
}

// Up is the number of face-up cards.
func (s *State52) Up() int { return int(s.up) }

// Down is the number of face-down cards left in pile p (0..11 hours, Centre).
func (s *State52) Down(p int) int { return int(s.down[p%(Hours+1)]) }

// Moves appends the one move of s to buf[:0]: the card in hand to its pile;
// none when the game is over.
func (g French) Moves(s *State52, buf []Move52) []Move52 {
	buf = buf[:0]
	if s.hand == noCard {
		return buf
	}
	return append(buf, Move52(g.deal[s.hand%Cards52].Rank()))
}

// Apply turns the card in hand face up on pile m and takes that pile's top
// face-down card, if any.
func (g French) Apply(s *State52, m Move52) {
	s.up++
	p := int(m) % (Hours + 1)
	d := s.down[p]
	if d == 0 {
		s.hand = noCard
		return
	}
	d--
	s.down[p] = d
	if p == Centre {
		s.hand = uint8(4*Hours) + d
	} else {
		s.hand = uint8(p) + Hours*d
	}
	s.from = uint8(p)
}

// Won reports whether all 52 cards are face up.
func (g French) Won(s *State52) bool { return s.up == Cards52 }

// Key packs the state exactly: 3 bits per face-down count, then hand, from
// and up.
func (g French) Key(s *State52) solver.Key {
	var lo uint64
	for p, d := range s.down {
		lo |= uint64(d) << (3 * p)
	}
	return solver.Key{Lo: lo, Hi: uint64(s.hand) | uint64(s.from)<<8 | uint64(s.up)<<16}
}
