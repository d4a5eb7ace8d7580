package ventaglio

import (
	"math/bits"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
)

// Game is the rules of Il Ventaglio for one deal, as a solver.Game[State,
// Move]: a small value (the deal pointer and the options) so that the
// generic search calls it directly.
type Game struct {
	d *Deal
	// o is the options in one word (two registers for a Game, not five,
	// at each of the search's calls): the passes in its low byte (0 =
	// unlimited, else 1..MaxPasses), then the optForced, optWrap and
	// optKeepEmpty bits.
	o uint32
}

// Game.o's bits.
const (
	optForced    = 1 << 8
	optWrap      = 1 << 9
	optKeepEmpty = 1 << 10
)

func (g Game) forced() bool    { return g.o&optForced != 0 }
func (g Game) wrap() bool      { return g.o&optWrap != 0 }
func (g Game) keepEmpty() bool { return g.o&optKeepEmpty != 0 }
func (g Game) passes() uint8   { return uint8(g.o) }

// New is the game of deal d under rules r (passes above MaxPasses are
// clamped, see MaxPasses; negative passes are read as unlimited).
func New(d *Deal, r Rules) Game {
	p := r.Passes
	if p < 0 {
		p = 0
	}
	g := Game{d: d, o: uint32(min(p, MaxPasses))}
	if r.Play == state.Forced {
		g.o |= optForced
	}
	if r.Wrap {
		g.o |= optWrap
	}
	if r.KeepEmpty {
		g.o |= optKeepEmpty
	}
	return g
}

// Deal is the game's deal.
func (g Game) Deal() *Deal { return g.d }

// Forced reports --play forced; Wrap --provisional-wrap; KeepEmpty
// --empty-provisional never; Passes the (clamped) number of passes, 0 for
// unlimited.
func (g Game) Forced() bool { return g.forced() }

// Wrap reports --provisional-wrap.
func (g Game) Wrap() bool { return g.wrap() }

// KeepEmpty reports --empty-provisional never.
func (g Game) KeepEmpty() bool { return g.keepEmpty() }

// Passes is the number of passes in force (clamped), 0 for unlimited.
func (g Game) Passes() int { return int(g.passes()) }

// Card is the card m moves in s (the free card of m's source), ok false for
// a redeal or a move from an empty place.
func (g Game) Card(s *State, m Move) (deck.Card, bool) {
	if m == Redeal {
		return 0, false
	}
	return g.Free(s, m.From())
}

// Free is the free card of place p in s: the arc's leftmost card, the
// reserve top, the stock top (the card a draw turns), the waste top, a
// provisional top. ok is false when p is empty or not a source.
func (g Game) Free(s *State, p Place) (deck.Card, bool) {
	d := g.d
	switch {
	case p == Arc:
		if s.arc < d.narc {
			return d.arc[s.arc], true
		}
	case p == Reserve:
		if s.res < d.nres {
			return d.res[s.res], true
		}
	case p == Stock:
		if s.draw != noDraw {
			return d.stock[s.draw], true
		}
	case p == Waste:
		if w := s.WasteTop(); w >= 0 {
			return d.stock[w], true
		}
	case p.IsProv():
		return s.ProvTop(int(p - P1))
	}
	return 0, false
}

// InStockRanks reports whether a card of a rank in m (bit r: rank index
// r) is still in the stock or the waste of s.
func (g Game) InStockRanks(s *State, m uint16) bool {
	var w0, w1 uint64
	for ; m != 0; m &= m - 1 {
		r := &g.d.stockRanks[bits.TrailingZeros16(m)%SuitLength]
		w0, w1 = w0|r[0], w1|r[1]
	}
	return s.present[0]&w0|s.present[1]&w1 != 0
}

// Adjacent reports whether a and b may lie on each other on a provisional
// base: ranks one apart, suit ignored; K and A only with --provisional-wrap.
func (g Game) Adjacent(a, b deck.Card) bool {
	d := a.Rank() - b.Rank()
	return d == 1 || d == -1 || g.wrap() && (d == 12 || d == -12)
}

// FoundationTakes reports whether foundation f (0..7) takes c in s: an
// empty one takes rank B, a started one the next card of its suit.
func (g Game) FoundationTakes(s *State, f int, c deck.Card) bool {
	v := s.found[f]
	n := v & 15
	if n == 0 {
		return g.d.offset[c] == 0
	}
	return int(v>>4) == c.Suit() && n == g.d.offset[c]
}

// ProvTakes reports whether provisional base p(i+1) takes c in s: a top one
// rank away (Adjacent), or empty under --empty-provisional fill.
func (g Game) ProvTakes(s *State, i int, c deck.Card) bool {
	if s.height[i] == 0 {
		return !g.keepEmpty()
	}
	t := s.pool[s.start(i)+int(s.height[i])-1]
	return g.Adjacent(t, c)
}

// LastPass reports whether s is in the last pass through the stock: no
// redeal is left (never with unlimited passes).
func (g Game) LastPass(s *State) bool { return g.passes() != 0 && s.pass >= g.passes() }

// CanRedeal reports whether a redeal is legal: stock empty, waste not, and a
// pass left (with unlimited passes: a stock or waste card was placed in this
// pass).
func (g Game) CanRedeal(s *State) bool {
	if s.draw != noDraw || s.WasteTop() < 0 {
		return false
	}
	if g.passes() == 0 {
		return s.placed
	}
	return s.pass < g.passes()
}

// targets is what a position's foundations and provisional bases take,
// computed once per Moves: found has bit (suit<<4|rank) set for every card
// some foundation takes; prov has bit 4*r+i set when p(i+1), not empty,
// takes rank r (a nibble per rank: the bases a card may go to are one
// shift away), open the same for the empty bases (all of rank r's nibble).
// Four scalar fields, so that the compiler keeps them in registers.
type targets struct {
	found uint64
	prov  uint64
	open  uint64
	// tops has p(i+1)'s top card in byte i (0 when empty), and bit 32+i
	// set when some foundation takes it.
	tops uint64
}

// top is p(i+1)'s top card (0 when empty).
func (t *targets) top(i int) deck.Card { return deck.Card(t.tops >> (8 * i & 31)) }

// upBases is the bases whose top some foundation takes (bit i: p(i+1)).
func (t *targets) upBases() uint64 { return t.tops >> 32 & 15 }

// takes reports whether some foundation takes c. (The shifts here are
// masked: a card is below 64 and a rank's lane below 52, and the compiler,
// which cannot know it, would otherwise test for shifts of 64 or more.)
func (t *targets) takes(c deck.Card) bool { return t.found>>(c&63)&1 != 0 }

// rankLanes has bit 0 of each rank's nibble of targets.prov set.
const rankLanes = 0x1111111111111

// rankMask is all 13 ranks.
const rankMask = 1<<SuitLength - 1

// NeighbourRanks is the mask of ranks one away from a rank of m (bit r:
// rank index r), K and A too under wrap: the ranks a provisional base
// whose top has a rank of m may take.
func (g Game) NeighbourRanks(m uint16) uint16 {
	n := (m<<1 | m>>1) & rankMask
	if g.wrap() {
		n |= m>>12&1 | (m&1)<<12
	}
	return n
}

// targets is s's targets. With distinct, open holds the first empty base
// only: any empty base is as good as another for a card (the key does not
// see the bases' order), so the moves to the others are left out.
func (g Game) targets(s *State, distinct bool) targets {
	d := g.d
	// A suit has two foundations at most (two cards of rank B), so the
	// suits' sorted pairs say what all eight take: one lookup per suit by
	// the pair's code (Deal.takes).
	code := s.code
	t := targets{found: d.takes[0][code&127] | d.takes[1][code>>7&127] |
		d.takes[2][code>>14&127] | d.takes[3][code>>21&127]}
	near := &d.near[0]
	if g.wrap() {
		near = &d.near[1]
	}
	at := 0
	for i := range Provisional {
		if h := int(s.height[i]); h > 0 {
			at += h
			c := s.pool[at-1]
			t.tops |= uint64(c) << (8 * i & 31)
			if t.takes(c) {
				t.tops |= 1 << (32 + i&3)
			}
			t.prov |= near[c&15] << i
		} else if !g.keepEmpty() && (!distinct || t.open == 0) {
			t.open |= rankLanes << i
		}
	}
	return t
}

// appendUp appends from→f for every foundation f that takes c (t.found
// says some does), or for the first only when distinct: the others give
// the same key (a suit's two foundations at one count, or two empty ones).
func appendUp(d *Deal, s *State, buf []Move, from Place, c deck.Card, distinct bool) []Move {
	off := d.offset[c&63]
	suit := uint8(c.Suit())
	for f := range Foundations {
		v := s.found[f]
		n := v & 15
		if (n == 0 && off == 0) || (n != 0 && v>>4 == suit && n == off) {
			buf = append(buf, NewMove(from, F1+Place(f)))
			if distinct {
				break
			}
		}
	}
	return buf
}

// provTo is the bases (a nibble, bit i p(i+1)) that take card c from the
// arc, the waste or the stock.
func (t *targets) provTo(c deck.Card) uint64 { return (t.prov | t.open) >> (4 * c.Rank() & 63) & 15 }

// baseTo is the other bases that take p(i+1)'s top c. When distinct and c
// is the base's only card, none of the empty ones: c would leave an empty
// base for another, the same position.
func (t *targets) baseTo(s *State, i int, c deck.Card, distinct bool) uint64 {
	lanes := t.prov | t.open
	if distinct && s.height[i&3] == 1 {
		lanes = t.prov
	}
	return lanes >> (4 * c.Rank() & 63) & 15 &^ (1 << (i & 3))
}

// appendProv appends from→p(i+1) for every bit i of to, lowest first.
func appendProv(buf []Move, from Place, to uint64) []Move {
	for ; to != 0; to &= to - 1 {
		buf = append(buf, NewMove(from, P1+Place(bits.TrailingZeros64(to))))
	}
	return buf
}

// appendPlacements appends from→foundation for every foundation that takes
// c and, if toProv, from→p for every other provisional base that takes it.
func (g Game) appendPlacements(s *State, t *targets, buf []Move, from Place, c deck.Card, toProv bool) []Move {
	if t.takes(c) {
		buf = appendUp(g.d, s, buf, from, c, false)
	}
	if !toProv {
		return buf
	}
	return appendProv(buf, from, t.provTo(c))
}

// canRedeal is CanRedeal for a position whose stock is empty and whose
// waste is not.
func (g Game) canRedeal(s *State) bool {
	return g.passes() == 0 && s.placed || g.passes() != 0 && s.pass < g.passes()
}

// Moves appends every legal move of s to buf[:0] (RULES.md, "Il Ventaglio"):
// the free arc card and the waste top to a foundation or provisional base;
// the reserve top to a foundation; each provisional top to a foundation or
// another provisional base; the stock; a redeal. The stock: in free play a
// draw only (stock→waste): placing a drawn card at once (stock→X) is legal
// too but reaches exactly the position of the draw followed by waste→X, so
// the search makes it in two moves and the line is written back as one
// (games.ventaglio). In forced play the drawn card's placements stock→X, or
// the draw to the waste only when there are none. Every destination is
// listed, even those that give the same canonical position (symmetric
// foundations, empty bases); heuristics drop those.
//
// Not inlined: inlined into a caller (heuristics' Moves, under the
// profile-guided build) its targets and its seven appendPlacements stayed
// calls, which its own body inlines.
//
//go:noinline
func (g Game) Moves(s *State, buf []Move) []Move {
	buf = buf[:0]
	d := g.d
	t := g.targets(s, false)
	if s.arc < d.narc {
		buf = g.appendPlacements(s, &t, buf, Arc, d.arc[s.arc], true)
	}
	if s.res < d.nres {
		buf = g.appendPlacements(s, &t, buf, Reserve, d.res[s.res], false)
	}
	w := s.WasteTop()
	if w >= 0 {
		buf = g.appendPlacements(s, &t, buf, Waste, d.stock[w], true)
	}
	for i := range Provisional {
		if c := t.top(i); s.height[i] > 0 {
			if t.takes(c) {
				buf = appendUp(d, s, buf, P1+Place(i), c, false)
			}
			buf = appendProv(buf, P1+Place(i), t.baseTo(s, i, c, false))
		}
	}
	if s.draw != noDraw {
		if g.forced() {
			n := len(buf)
			buf = g.appendPlacements(s, &t, buf, Stock, d.stock[s.draw], true)
			if len(buf) == n {
				buf = append(buf, Draw)
			}
		} else {
			buf = append(buf, Draw)
		}
	} else if w >= 0 && g.canRedeal(s) {
		buf = append(buf, Redeal)
	}
	return buf
}

// OrderedMoves is Moves in the exact search's order (package heuristics,
// moveRank; a stable sort of Moves by it): every move to a foundation
// first (the reserve top's, the arc card's, the waste top's, the stock
// top's, each provisional top's), then the arc card to a base, the waste
// top and the stock top to a base, the draw or the redeal (moveRank puts
// a redeal, a move from the waste, with the waste top's), base to base
// (p1's first). With distinct it leaves out, as heuristics' dedupe does,
// the moves whose key an earlier move of the same card has (appendUp,
// targets' open lanes, baseTo). Made in that order rather than sorted and
// deduped after, which cost a quarter as much again as Moves
// (docs/experiments.md, "Less work a node").
//
//go:noinline
func (g Game) OrderedMoves(s *State, buf []Move, distinct bool) []Move {
	buf = buf[:0]
	d := g.d
	t := g.targets(s, distinct)
	var arc, waste, stock deck.Card
	hasArc := s.arc < d.narc
	if hasArc {
		arc = d.arc[s.arc]
	}
	w := s.WasteTop()
	if w >= 0 {
		waste = d.stock[w]
	}
	placeStock := g.forced() && s.draw != noDraw
	if placeStock {
		stock = d.stock[s.draw]
	}
	if s.res < d.nres {
		if c := d.res[s.res]; t.takes(c) {
			buf = appendUp(d, s, buf, Reserve, c, distinct)
		}
	}
	if hasArc && t.takes(arc) {
		buf = appendUp(d, s, buf, Arc, arc, distinct)
	}
	if w >= 0 && t.takes(waste) {
		buf = appendUp(d, s, buf, Waste, waste, distinct)
	}
	stockPlaced := placeStock && t.takes(stock)
	if stockPlaced {
		buf = appendUp(d, s, buf, Stock, stock, distinct)
	}
	for up := t.upBases(); up != 0; up &= up - 1 {
		i := bits.TrailingZeros64(up)
		buf = appendUp(d, s, buf, P1+Place(i), t.top(i), distinct)
	}
	if hasArc {
		buf = appendProv(buf, Arc, t.provTo(arc))
	}
	if w >= 0 {
		buf = appendProv(buf, Waste, t.provTo(waste))
	}
	if placeStock {
		to := t.provTo(stock)
		stockPlaced = stockPlaced || to != 0
		buf = appendProv(buf, Stock, to)
	}
	if s.draw != noDraw {
		if !stockPlaced {
			buf = append(buf, Draw)
		}
	} else if w >= 0 && g.canRedeal(s) {
		buf = append(buf, Redeal)
	}
	// Base to base (baseTo, its lanes picked once for the four bases).
	lanes := t.prov | t.open
	solo := lanes // for a base's only card
	if distinct {
		solo = t.prov
	}
	for i := range Provisional {
		h := s.height[i]
		if h == 0 {
			continue
		}
		l := lanes
		if h == 1 {
			l = solo
		}
		r := t.tops >> (8 * i & 31) & 15 // the top's rank
		buf = appendProv(buf, P1+Place(i), l>>(4*r&63)&15&^(1<<i))
	}
	return buf
}

// Apply plays m on s in place. m must be legal in s (one of Moves(s), or
// stock→X in free play when X takes the stock top).
func (g Game) Apply(s *State, m Move) {
	d := g.d
	switch m {
	case Draw:
		s.draw = uint8(s.nextPresent(int(s.draw) + 1))
		return
	case Redeal:
		s.draw = uint8(s.nextPresent(0))
		if s.pass < 255 {
			s.pass++
		}
		s.placed = false
		return
	}
	var c deck.Card
	switch from := m.From(); from {
	case Arc:
		c = d.arc[s.arc]
		s.arc++
	case Reserve:
		c = d.res[s.res]
		s.res++
	case Stock:
		p := int(s.draw)
		c = d.stock[p]
		s.present[p>>6] &^= 1 << (p & 63)
		s.draw = uint8(s.nextPresent(p + 1))
		s.placed = true
	case Waste:
		p := s.WasteTop()
		c = d.stock[p]
		s.present[p>>6] &^= 1 << (p & 63)
		s.placed = true
	default:
		if to := m.To(); to.IsProv() {
			s.shift(d, int(from-P1), int(to-P1))
			return
		}
		c = s.pop(d, int(from-P1))
	}
	to := m.To()
	if to.IsFound() {
		s.putUp(int(to-F1), c)
		return
	}
	s.push(d, int(to-P1), c)
}

// putUp puts c on foundation f (which takes it).
func (s *State) putUp(f int, c deck.Card) {
	su := c.Suit()
	n := s.found[f] & 15
	if s.found[f] == 0 {
		s.found[f] = 1 | uint8(su)<<4
	} else {
		s.found[f]++
	}
	s.up++
	// The suit's sorted pair: f held the higher count (or both were
	// equal), which grows; else the lower, which stays at most the higher.
	// Its PairCode hi*(hi+1)/2+lo grows by hi+1 or by 1.
	if p := s.suits[su]; n == p>>4 {
		s.suits[su] = p + 16
		s.code += (uint32(n) + 1) << (7 * su)
	} else {
		s.suits[su] = p + 1
		s.code += 1 << (7 * su)
	}
}

// Won reports whether all 104 cards are on the foundations.
func (g Game) Won(s *State) bool { return s.up == DealSize }

// Key is s's canonical key (package doc, "Key"): the exact fields in two
// words, each XORed with a sum over the four provisional stacks of a
// finalized Zobrist hash, so that the order of the bases does not count; the
// foundations enter as, per suit, the sorted pair of its two counts.
func (g Game) Key(s *State) solver.Key {
	var ha, hb uint64
	for i := range Provisional {
		ha += s.fa[i]
		hb += s.fb[i]
	}
	k := g.OuterKey(s)
	return solver.Key{Hi: k.Hi ^ hb, Lo: k.Lo ^ ha}
}

// OuterKey is Key without the provisional stacks: its exact fields only
// (the stock and waste, arc, reserve, foundation pairs, pass or placed).
// Positions that differ only on the provisional bases share it; a beam
// search uses it to keep its positions diverse.
func (g Game) OuterKey(s *State) solver.Key {
	var info uint64
	if g.passes() == 0 {
		if s.placed {
			info = 1
		}
	} else {
		info = uint64(s.pass)
	}
	w := s.present[1] | uint64(s.draw)<<11 | uint64(s.arc)<<18 | uint64(s.res)<<22 |
		g.foundCode(s)<<26 | info<<54
	return solver.Key{Hi: w, Lo: s.present[0]}
}

// foundCode is the foundations up to the symmetry of a suit's two
// foundations: 7 bits per suit, the index of its sorted pair of counts
// (lo <= hi, 0 for a foundation not yet started) among the 105 pairs.
func (g Game) foundCode(s *State) uint64 { return uint64(s.code) }

// fmix is solver.Fmix64: a bijection with fmix(0) = 0, so an empty stack
// adds nothing and distinct stack hashes stay distinct.
func fmix(x uint64) uint64 { return solver.Fmix64(x) }

// Layout writes s out in full (the inverse of NewDeal's reading, relative to
// g's deal): the cards left in the arc, reserve, waste and stock, the
// foundations' suits and counts, the provisional stacks.
func (g Game) Layout(s *State) Layout {
	d := g.d
	l := Layout{
		Base:    d.base,
		Arc:     append([]deck.Card(nil), d.arc[s.arc:d.narc]...),
		Reserve: append([]deck.Card(nil), d.res[s.res:d.nres]...),
		Pass:    int(s.pass),
		Placed:  s.placed,
	}
	top := s.StockTop()
	for i := range int(d.nstock) {
		if !s.InStock(i) {
			continue
		}
		if top < 0 || i < top {
			l.Draw++
		}
		l.Stock = append(l.Stock, d.stock[i])
	}
	for i, v := range s.found {
		l.Foundations[i] = FoundationState{Suit: int(v >> 4), Count: int(v & 15)}
		if v&15 == 0 {
			l.Foundations[i].Suit = 0
		}
	}
	for i := range Provisional {
		for j := range int(s.height[i]) {
			l.Prov[i] = append(l.Prov[i], s.ProvCard(i, j))
		}
	}
	return l
}
