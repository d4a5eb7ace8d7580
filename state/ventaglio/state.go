package ventaglio

import (
	"math/bits"
	"strconv"

	"github.com/solitario/solitario/deck"
)

// Place is a place of the table in RULES.md's move notation.
type Place uint8

// The places. P1+i is provisional base p(i+1), F1+i foundation f(i+1).
const (
	Arc     Place = 0
	Reserve Place = 1
	Stock   Place = 2
	Waste   Place = 3
	P1      Place = 4  // p1..p4 are P1..P1+3
	F1      Place = 8  // f1..f8 are F1..F1+7
	NoPlace Place = 16 // not a place (parse failures)
)

// String is the RULES.md name: arc, reserve, stock, waste, p1..p4, f1..f8.
func (p Place) String() string {
	switch {
	case p == Arc:
		return "arc"
	case p == Reserve:
		return "reserve"
	case p == Stock:
		return "stock"
	case p == Waste:
		return "waste"
	case p >= P1 && p < F1:
		return "p" + strconv.Itoa(int(p-P1)+1)
	case p >= F1 && p < NoPlace:
		return "f" + strconv.Itoa(int(p-F1)+1)
	}
	return "place(" + strconv.Itoa(int(p)) + ")"
}

// IsProv and IsFound tell the kind of a place.
func (p Place) IsProv() bool { return p >= P1 && p < F1 }

// IsFound reports whether p is a foundation f1..f8.
func (p Place) IsFound() bool { return p >= F1 && p < NoPlace }

// Move is one move, from<<4 | to (both Places, 4 bits each). Its card is the
// free card of the source in the position it is played from. Special moves:
// stock→waste draws; waste→stock redeals.
type Move uint8

// NewMove is the move from → to.
func NewMove(from, to Place) Move { return Move(from<<4 | to) }

// From is the source place.
func (m Move) From() Place { return Place(m >> 4) }

// To is the destination place.
func (m Move) To() Place { return Place(m & 15) }

// Draw is stock→waste and Redeal waste→stock.
const (
	Draw   = Move(Stock<<4 | Waste)
	Redeal = Move(Waste<<4 | Stock)
)

// String is "from->to".
func (m Move) String() string { return m.From().String() + "->" + m.To().String() }

// noDraw is State.draw when the stock is empty.
const noDraw = 127

// State is one position, packed (see the package doc for the layout). It
// is a value: copy it to branch. It holds indexes into its Deal and is
// meaningless without it.
type State struct {
	present [2]uint64           // bit i: stock position i is still in the stock or waste
	fa, fb  [Provisional]uint64 // hash lanes of each provisional stack (Zobrist, by level), finalized (toggle)
	found   [Foundations]uint8  // count | suit<<4; count 0 = empty
	height  [Provisional]uint8  // cards on p1..p4
	arc     uint8               // arc cards taken: the free one is Deal.arc[arc]
	res     uint8               // reserve cards taken: the top is Deal.res[res]
	draw    uint8               // stock position of the stock top, noDraw if the stock is empty
	pass    uint8               // 1-based pass number
	placed  bool                // a stock or waste card was placed in this pass
	up      uint8               // cards on the foundations
	// Aux is a byte for a heuristic search's own bookkeeping (Apply never
	// reads or writes it; it is not part of the key).
	Aux  uint8
	pool [PoolSize]deck.Card // p1's cards bottom first, then p2's, p3's, p4's
	// suits is found per suit, kept by putUp: the counts of the suit's two
	// foundations sorted, lo | hi<<4 (0 for one not started). The key and
	// the dead-end tests read it at every node; summing the eight
	// foundations there cost a tenth of a solve (docs/experiments.md).
	suits [4]uint8
	// code is the suits' PairCodes, 7 bits each, suit su at bit 7*su: the
	// key's foundation field (foundCode), kept by putUp with suits (4% of
	// seed 338's time went to computing it at every node).
	code uint32
}

// ArcIndex is the number of arc cards taken (from the layout's arc).
func (s *State) ArcIndex() int { return int(s.arc) }

// ReserveIndex is the number of reserve cards taken.
func (s *State) ReserveIndex() int { return int(s.res) }

// Pass is the 1-based pass number.
func (s *State) Pass() int { return int(s.pass) }

// Up is the number of cards on the foundations.
func (s *State) Up() int { return int(s.up) }

// Foundation is f(i+1)'s suit and count (suit meaningless at count 0).
func (s *State) Foundation(i int) (suit, count int) {
	return int(s.found[i] >> 4), int(s.found[i] & 15)
}

// Height is the number of cards on provisional base p(i+1).
func (s *State) Height(i int) int { return int(s.height[i]) }

// ProvCard is the card at level j (0 = bottom) of p(i+1).
func (s *State) ProvCard(i, j int) deck.Card { return s.pool[s.start(i)+j] }

// Bases is the cards of the provisional bases, p1's bottom first, then
// p2's, p3's and p4's (Height(i) cards each): the pool itself, to read in
// one pass (ProvCard finds a base's start at every call).
func (s *State) Bases() []deck.Card { return s.pool[:s.poolLen()] }

// ProvTop is p(i+1)'s top card; ok false if it is empty.
func (s *State) ProvTop(i int) (deck.Card, bool) {
	if s.height[i] == 0 {
		return 0, false
	}
	return s.pool[s.start(i)+int(s.height[i])-1], true
}

// PermuteBases moves the stack of base k to base perm[k] (perm a
// permutation of 0..3): the same position up to the bases' order, which the
// rules treat alike (the key does not see it).
func (s *State) PermuteBases(perm [Provisional]int) {
	old := *s
	for k := range Provisional {
		s.height[perm[k]], s.fa[perm[k]], s.fb[perm[k]] = old.height[k], old.fa[k], old.fb[k]
	}
	for k := range Provisional {
		copy(s.pool[s.start(perm[k]):], old.pool[old.start(k):old.start(k)+int(old.height[k])])
	}
}

// InStock reports whether stock position i is still in the stock or waste.
func (s *State) InStock(i int) bool { return s.present[i>>6]>>(i&63)&1 != 0 }

// StockTop is the stock position of the next card drawn, -1 if the stock is
// empty.
func (s *State) StockTop() int {
	if s.draw == noDraw {
		return -1
	}
	return int(s.draw)
}

// WasteTop is the stock position of the waste top, -1 if the waste is empty.
func (s *State) WasteTop() int {
	m0, m1 := s.wasteMasks()
	if w := s.present[1] & m1; w != 0 {
		return 63 + bits.Len64(w)
	}
	return bits.Len64(s.present[0]&m0) - 1 // -1 for none
}

// wasteMasks is the positions of the two words of present below draw,
// where the waste lies. noDraw (127) lies past every position (there are
// 75), so it needs no case of its own; the masks are made without
// lowMask's tests: -(lim>>6) is all ones from lim = 64 on.
func (s *State) wasteMasks() (m0, m1 uint64) {
	lim := uint(s.draw)
	m0 = 1<<(lim&63) - 1 | -uint64(lim>>6)
	if lim > 64 {
		m1 = 1<<((lim-64)&63) - 1
	}
	return m0, m1
}

// StockCount is the number of cards in the stock, WasteCount in the waste.
func (s *State) StockCount() int {
	if s.draw == noDraw {
		return 0
	}
	d := int(s.draw)
	if d >= 64 {
		return bits.OnesCount64(s.present[1] &^ lowMask(d-64))
	}
	return bits.OnesCount64(s.present[0]&^lowMask(d)) + bits.OnesCount64(s.present[1])
}

// WasteCount is the number of cards in the waste.
func (s *State) WasteCount() int {
	m0, m1 := s.wasteMasks()
	return bits.OnesCount64(s.present[0]&m0) + bits.OnesCount64(s.present[1]&m1)
}

// lowMask has the n low bits set, 0 <= n <= 64.
func lowMask(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(n) - 1
}

// nextPresent is the lowest position >= p still in the stock or waste, or
// noDraw.
func (s *State) nextPresent(p int) int {
	if p < 64 {
		if w := s.present[0] &^ lowMask(p); w != 0 {
			return bits.TrailingZeros64(w)
		}
		p = 64
	}
	if p < 128 {
		if w := s.present[1] &^ lowMask(p-64); w != 0 {
			return 64 + bits.TrailingZeros64(w)
		}
	}
	return noDraw
}

// start is the pool index of p(i+1)'s bottom card: the heights below it
// summed. Read as one little-endian word and multiplied by 0x01010100, the
// heights give in byte i the sum of bytes 0..i-1 (no carry: the heights
// sum to at most PoolSize < 256), without a loop.
func (s *State) start(i int) int {
	h := uint32(s.height[0]) | uint32(s.height[1])<<8 | uint32(s.height[2])<<16 | uint32(s.height[3])<<24
	return int(h * 0x01010100 >> (8 * (i & 3)) & 0xFF)
}

// poolLen is the number of cards on all provisional bases.
func (s *State) poolLen() int {
	return int(s.height[0]) + int(s.height[1]) + int(s.height[2]) + int(s.height[3])
}

// push puts c on top of p(i+1), shifting the later stacks up one slot.
func (s *State) push(d *Deal, i int, c deck.Card) {
	at := s.start(i) + int(s.height[i])
	n := s.poolLen()
	copy(s.pool[at+1:n+1], s.pool[at:n])
	s.pool[at] = c
	s.toggle(d, i, int(s.height[i]), c)
	s.height[i]++
}

// pop takes the top card off p(i+1) (not empty), shifting the later stacks
// down one slot.
func (s *State) pop(d *Deal, i int) deck.Card {
	s.height[i]--
	at := s.start(i) + int(s.height[i])
	c := s.pool[at]
	n := s.poolLen()
	copy(s.pool[at:n], s.pool[at+1:n+1])
	s.pool[n] = 0 // one encoding a position: no card left past the stacks
	s.toggle(d, i, int(s.height[i]), c)
	return c
}

// shift moves the top card of p(i+1) (not empty) onto p(j+1), i != j: pop
// then push, but only the stacks between the two shift, by one slot, in
// one copy.
func (s *State) shift(d *Deal, i, j int) {
	from := s.start(i) + int(s.height[i]) - 1 // the card's slot
	to := s.start(j) + int(s.height[j])       // the slot past p(j+1)'s top
	c := s.pool[from]
	if i < j {
		to-- // the card's own slot frees one below
		copy(s.pool[from:to], s.pool[from+1:to+1])
	} else {
		copy(s.pool[to+1:from+1], s.pool[to:from])
	}
	s.pool[to] = c
	s.height[i]--
	s.toggle(d, i, int(s.height[i]), c)
	s.toggle(d, j, int(s.height[j]), c)
	s.height[j]++
}

// toggle adds card c at level l of p(i+1) to the stack's hash, or takes it
// out (XOR): in each lane, the finalizer undone, the card's word XORed in,
// the finalizer done again. The lanes are kept finalized (fmix), the terms
// Key sums: finalizing all eight at every key was a tenth of a solve's
// instructions, and a move changes one or two stacks, or none.
// The words of the levels below zobLevels come from d's table.
func (s *State) toggle(d *Deal, i, l int, c deck.Card) {
	var a, b uint64
	if l < zobLevels {
		w := &d.zob[l][c&63]
		a, b = w[0], w[1]
	} else {
		a, b = zobA(l, c), zobB(l, c)
	}
	s.fa[i&3] = fmix(unfmix(s.fa[i&3]) ^ a)
	s.fb[i&3] = fmix(unfmix(s.fb[i&3]) ^ b)
}

// unfmix is fmix's inverse: its steps undone in reverse order (x ^= x>>33
// is its own inverse; the multipliers' inverses are mod 2^64).
func unfmix(x uint64) uint64 {
	x ^= x >> 33
	x *= 0x9CB4B2F8129337DB // 0xC4CEB9FE1A85EC53⁻¹
	x ^= x >> 33
	x *= 0x4F74430C22A54005 // 0xFF51AFD7ED558CCD⁻¹
	x ^= x >> 33
	return x
}

// zobA and zobB are the two Zobrist lanes of card c at level l of a
// provisional stack: SplitMix64's finalizer (a bijection) of l<<8|c with two
// different increments, so no table is needed and every (level, card) has
// its own pseudo-random word in each lane.
func zobA(l int, c deck.Card) uint64 {
	return splitmix((uint64(l)<<8 | uint64(c)) + 0x9E3779B97F4A7C15)
}

func zobB(l int, c deck.Card) uint64 {
	return splitmix((uint64(l)<<8 | uint64(c)) + 0xD1B54A32D192ED03)
}

func splitmix(z uint64) uint64 {
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// SuitCounts is, per suit, the counts of its two foundations sorted (lo <=
// hi; 0 for a foundation not started): the foundations up to the symmetry of
// a suit's two.
func (s *State) SuitCounts() (lo, hi [4]uint8) {
	for su, p := range s.suits {
		lo[su], hi[su] = p&15, p>>4
	}
	return lo, hi
}

// SuitPair is SuitCounts of suit su alone.
func (s *State) SuitPair(su int) (lo, hi int) {
	p := s.suits[su]
	return int(p & 15), int(p >> 4)
}

// SuitCode is PairCode of suit su's sorted counts (SuitCounts).
func (s *State) SuitCode(su int) int { return int(s.code >> (7 * su) & 127) }

// SuitCodes is the four suits' SuitCode in one word, suit su's at bit 7*su:
// the foundations up to the symmetry of a suit's two.
func (s *State) SuitCodes() uint32 { return s.code }

// recount sets suits and code from found (after found was set directly).
func (s *State) recount() {
	s.suits = [4]uint8{}
	for _, v := range s.found {
		n := v & 15
		if n == 0 {
			continue
		}
		p := &s.suits[v>>4]
		if hi := *p >> 4; n > hi {
			*p = hi | n<<4
		} else {
			*p = n | hi<<4
		}
	}
	s.code = 0
	for su, p := range s.suits {
		s.code |= uint32(PairCode(p&15, p>>4)) << (7 * su)
	}
}

// PairCode is the index (0..104) of the sorted count pair lo <= hi.
func PairCode(lo, hi uint8) int { return int(hi)*(int(hi)+1)/2 + int(lo) }
