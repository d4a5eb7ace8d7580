package ventaglio

import (
	"fmt"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/state"
)

// Sizes of the places (RULES.md, "Il Ventaglio": deck indexes 0–11 arc, 12
// first base, 13–16 provisional bases, 17–28 reserve, 29–103 stock).
const (
	DealSize    = 104 // cards in a deal: two French decks
	ArcSize     = 12  // a1..a12
	ReserveSize = 12
	StockSize   = 75
	Provisional = 4  // p1..p4
	Foundations = 8  // f1..f8
	SuitLength  = 13 // cards on a complete foundation
	// PoolSize bounds the cards on all provisional bases together. A card
	// reaches a provisional base only from the arc, the stock/waste or
	// another provisional base (never from the reserve or a foundation), so
	// at most 4 + 12 + 75 = 91 cards can ever lie there.
	PoolSize = Provisional + ArcSize + StockSize
	// zobLevels is the levels of Deal.zob (16 KiB).
	zobLevels = 16
)

// Rules are the options of RULES.md, "Defaults and variants". The zero value
// is not the default (its Play is state.Forced): use DefaultRules.
type Rules struct {
	Play state.Play // --play: forced, a drawn card with a legal placement must be placed; free
	// Passes is the number of passes through the stock, 0 = unlimited (a
	// redeal then only after a pass that placed a stock or waste card).
	Passes    int
	Wrap      bool // --provisional-wrap: K and A are neighbours on provisional bases
	KeepEmpty bool // --empty-provisional never: an emptied provisional base stays empty
}

// DefaultRules are RULES.md's defaults: free play, 3 passes, no wrap, fill.
func DefaultRules() Rules { return Rules{Play: state.Free, Passes: 3} }

// MaxPasses is where a larger --passes is clamped inside the search. A pass
// that places no stock or waste card leaves the stock and waste as they were,
// and the other moves made during it never needed it, so it can be cut out of
// any winning line (in forced play too: only draws of cards with no placement
// are removed). Every other pass places at least one of the at most 75 stock
// cards, so a winning line never needs more than 75 passes. Lines found under
// the clamp are legal under the larger number.
const MaxPasses = StockSize

// FoundationState is one foundation in a Layout: its suit (0..3, deck order
// S H D C) and how many cards it holds (0..13; with 0 the suit is ignored).
// A foundation of n cards holds the ranks B, B+1, …, B+n−1 of its suit,
// round the corner.
type FoundationState struct{ Suit, Count int }

// Layout is a position written out in full: every place with its cards. It
// describes all 104 cards: those on the foundations by their counts, the
// others one by one. A deal is a Layout (FromDeal); tests build partial ones
// (near the end of play). Stock and waste are one sequence: Stock lists them
// in the stock's fixed order (the order they are drawn in a pass), and Draw
// splits it: Stock[:Draw] is the waste (its top is Stock[Draw-1]),
// Stock[Draw:] the stock (its top, the next card drawn, is Stock[Draw]).
type Layout struct {
	Base        int                          // base rank B, 0 (A) .. 12 (K)
	Arc         []deck.Card                  // remaining arc cards, the free one (leftmost) first
	Reserve     []deck.Card                  // reserve, top first
	Stock       []deck.Card                  // waste then stock, in the stock's fixed order
	Draw        int                          // waste/stock split in Stock
	Pass        int                          // 1-based pass number
	Placed      bool                         // a stock or waste card was placed in this pass
	Foundations [Foundations]FoundationState // f1..f8
	Prov        [Provisional][]deck.Card     // p1..p4, bottom first
}

// FromDeal is the starting Layout of a 104-card deal in dealing order. The
// error names a wrong count or a card that is not a French card.
func FromDeal(deal []deck.Card) (Layout, error) {
	if len(deal) != DealSize {
		return Layout{}, fmt.Errorf("ventaglio: a deal has %d cards, got %d", DealSize, len(deal))
	}
	for i, c := range deal {
		if !deck.French.Valid(c) {
			return Layout{}, fmt.Errorf("ventaglio: deal index %d: not a French card (byte %#x)", i, uint8(c))
		}
	}
	l := Layout{
		Base:    deal[12].Rank(),
		Arc:     deal[0:12],
		Reserve: deal[17:29],
		Stock:   deal[29:104],
		Pass:    1,
	}
	l.Foundations[0] = FoundationState{Suit: deal[12].Suit(), Count: 1}
	for i := range Provisional {
		l.Prov[i] = deal[13+i : 14+i]
	}
	return l, nil
}

// Deal is the fixed part of a game: the base rank and the cards of the arc,
// the reserve and the stock in their fixed orders. Positions (State) hold
// indexes into it. It is read-only once built and shared by every State.
type Deal struct {
	base     int
	arc      [ArcSize]deck.Card
	res      [ReserveSize]deck.Card
	stock    [StockSize]deck.Card
	narc     uint8
	nres     uint8
	nstock   uint8
	offset   [64]uint8 // offset[c] = (rank(c) − B) mod 13: c's place on its foundation
	baseMask uint64    // bits suit<<4|B: the cards an empty foundation takes
	// takes[su][PairCode(lo, hi)] is the cards (bits suit<<4|rank) the
	// foundations of suit su take when their counts are lo <= hi: for a
	// count k, the card at offset k (none at 13), and at 0 (one of the
	// suit's two not started: some foundation is then empty) baseMask.
	// 128 wide: a 7-bit code indexes it unchecked.
	takes [4][128]uint64
	// near[w][r] has, in targets.prov's nibble lanes, bit 0 of the ranks one
	// away from rank r (K and A too when w is 1: --provisional-wrap).
	near [2][16]uint64
	// zob[l][c] is zobA(l, c) and zobB(l, c), the words of card c at level
	// l of a base, for the levels below zobLevels (where nearly all of a
	// search's cards lie): a lookup instead of two SplitMix64 finalizers
	// at each card put on or taken off a base.
	zob [zobLevels][64][2]uint64
	// stockRanks[r] has bit p (of the two words, as State.present) set
	// when stock position p holds a card of rank r.
	stockRanks [SuitLength][2]uint64
	initial    State
}

// Base is the base rank B (0 = A … 12 = K).
func (d *Deal) Base() int { return d.base }

// Offset is card c's distance from the base rank, round the corner: the
// number of cards under it on its foundation.
func (d *Deal) Offset(c deck.Card) int { return int(d.offset[c]) }

// ArcCard is the card at arc index i (0 = the free card of the layout it was
// built from) and ArcLen the arc's length.
func (d *Deal) ArcCard(i int) deck.Card { return d.arc[i] }

// ArcLen is the number of arc cards in the layout the deal was built from.
func (d *Deal) ArcLen() int { return int(d.narc) }

// ReserveCard is the reserve card at depth i (0 = the top of the layout).
func (d *Deal) ReserveCard(i int) deck.Card { return d.res[i] }

// ReserveLen is the reserve's length in the layout the deal was built from.
func (d *Deal) ReserveLen() int { return int(d.nres) }

// StockCard is the card at position i of the stock's fixed order.
func (d *Deal) StockCard(i int) deck.Card { return d.stock[i] }

// StockLen is the number of positions in the stock's fixed order.
func (d *Deal) StockLen() int { return int(d.nstock) }

// Start is the position the deal was built from.
func (d *Deal) Start() State { return d.initial }

// NewDeal checks a Layout and builds its Deal; the layout's position is
// d.Start(). The error names the first problem: a card that is not French,
// a place over its size, a bad split or pass, a foundation count over 13 or
// more than two foundations of one suit, or cards not making up exactly two
// French decks (counting the foundations' cards).
func NewDeal(l Layout) (*Deal, error) {
	d := &Deal{base: l.Base}
	if l.Base < 0 || l.Base >= SuitLength {
		return nil, fmt.Errorf("ventaglio: base rank %d out of range 0..12", l.Base)
	}
	if len(l.Arc) > ArcSize || len(l.Reserve) > ReserveSize || len(l.Stock) > StockSize {
		return nil, fmt.Errorf("ventaglio: arc %d, reserve %d, stock %d cards: at most %d, %d, %d",
			len(l.Arc), len(l.Reserve), len(l.Stock), ArcSize, ReserveSize, StockSize)
	}
	if l.Draw < 0 || l.Draw > len(l.Stock) {
		return nil, fmt.Errorf("ventaglio: draw position %d outside 0..%d", l.Draw, len(l.Stock))
	}
	if l.Pass < 1 {
		return nil, fmt.Errorf("ventaglio: pass %d: passes count from 1", l.Pass)
	}
	var count [64]int
	take := func(where string, cs []deck.Card) error {
		for i, c := range cs {
			if !deck.French.Valid(c) {
				return fmt.Errorf("ventaglio: %s card %d: not a French card (byte %#x)", where, i, uint8(c))
			}
			count[c]++
		}
		return nil
	}
	if err := take("arc", l.Arc); err != nil {
		return nil, err
	}
	if err := take("reserve", l.Reserve); err != nil {
		return nil, err
	}
	if err := take("stock", l.Stock); err != nil {
		return nil, err
	}
	inPool := 0
	for i, p := range l.Prov {
		if err := take(fmt.Sprintf("p%d", i+1), p); err != nil {
			return nil, err
		}
		inPool += len(p)
	}
	if inPool+len(l.Arc)+len(l.Stock) > PoolSize {
		return nil, fmt.Errorf("ventaglio: %d cards on the provisional bases, arc and stock: at most %d", inPool+len(l.Arc)+len(l.Stock), PoolSize)
	}
	var suitFound [4]int
	for i, f := range l.Foundations {
		if f.Count < 0 || f.Count > SuitLength {
			return nil, fmt.Errorf("ventaglio: f%d holds %d cards: 0..13", i+1, f.Count)
		}
		if f.Count == 0 {
			continue
		}
		if f.Suit < 0 || f.Suit > 3 {
			return nil, fmt.Errorf("ventaglio: f%d: suit %d out of range 0..3", i+1, f.Suit)
		}
		suitFound[f.Suit]++
		if suitFound[f.Suit] > 2 {
			return nil, fmt.Errorf("ventaglio: more than two foundations of %s", deck.French.SuitName(f.Suit))
		}
		for k := range f.Count {
			count[deck.NewCard(f.Suit, (l.Base+k)%SuitLength)]++
		}
	}
	for s := range 4 {
		for r := range SuitLength {
			if n := count[deck.NewCard(s, r)]; n != 2 {
				return nil, fmt.Errorf("ventaglio: %s appears %d times in the layout (foundations included), want 2",
					deck.French.Token(deck.NewCard(s, r)), n)
			}
		}
	}
	d.narc, d.nres, d.nstock = uint8(len(l.Arc)), uint8(len(l.Reserve)), uint8(len(l.Stock))
	copy(d.arc[:], l.Arc)
	copy(d.res[:], l.Reserve)
	copy(d.stock[:], l.Stock)
	for s := range 4 {
		for r := range SuitLength {
			d.offset[deck.NewCard(s, r)] = uint8((r - l.Base + SuitLength) % SuitLength)
		}
		d.baseMask |= 1 << deck.NewCard(s, l.Base)
	}
	for s := range 4 {
		var one [SuitLength + 1]uint64 // what one foundation of s at count k takes
		one[0] = d.baseMask
		for k := 1; k < SuitLength; k++ {
			one[k] = 1 << deck.NewCard(s, (l.Base+k)%SuitLength)
		}
		for hi := range SuitLength + 1 {
			for lo := range hi + 1 {
				d.takes[s][PairCode(uint8(lo), uint8(hi))] = one[lo] | one[hi]
			}
		}
	}
	for r := range SuitLength {
		b := uint64(1) << (4 * r)
		d.near[0][r] = (b<<4 | b>>4) & rankLanes
		d.near[1][r] = d.near[0][r] | b>>48&1 | (b&1)<<48
	}
	for l := range zobLevels {
		for c := range deck.Card(64) {
			d.zob[l][c] = [2]uint64{zobA(l, c), zobB(l, c)}
		}
	}
	for p, c := range d.stock[:d.nstock] {
		d.stockRanks[c.Rank()][p>>6] |= 1 << (p & 63)
	}
	st := &d.initial
	for i := range len(l.Stock) {
		st.present[i>>6] |= 1 << (i & 63)
	}
	st.draw = uint8(st.nextPresent(l.Draw))
	st.pass = uint8(min(l.Pass, 255))
	st.placed = l.Placed
	for i, f := range l.Foundations {
		if f.Count > 0 {
			st.found[i] = uint8(f.Count) | uint8(f.Suit)<<4
			st.up += uint8(f.Count)
		}
	}
	st.recount()
	for i, p := range l.Prov {
		for _, c := range p {
			st.push(d, i, c)
		}
	}
	return d, nil
}
