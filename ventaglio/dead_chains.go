package ventaglio

import (
	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// chainTest is the chain dead-end test, for --empty-provisional never: it
// reports s lost when some card can never reach a foundation, judged on a
// relaxed game that keeps only the orders of the places cards cannot leave
// except to a foundation.
//
// The relaxed game. A card is parkable when a provisional base might ever
// take it (wasteDead's closure T: under "never" a base takes a card only
// onto a top one rank away, and the ranks that can ever be tops lie in T, a
// set that only shrinks as play goes on). Up to four places are chains,
// read from their free end: the reserve (every card), the arc (left to
// right), in the last pass (no redeal left) the waste (top first), and,
// when only one provisional base holds cards, that base (top first). A
// card of a chain is free only when every card before it has left; a
// parkable one may leave to a base, an unparkable one (and every reserve
// card, and every card of the last base) only to a foundation. The last
// base: the other three are empty for good, so no base ever takes one of
// its cards again, and they leave only to a foundation, top first (cards
// put on it later sit above them and leave first). Everything else is
// relaxed to "at hand whenever wanted": the cards on two or more live
// provisional bases (their stacking order is dropped), the stock, and the
// whole stock and waste while a redeal remains. So in a
// winning line of the real game, an unparkable card y of a chain goes up
// only after every unparkable card before it in its chain (they went up to
// leave), and among them pre(y) copies of y's own card.
//
// The fixpoint. Let c[t] be the copies of card t (suit, offset) up now, and
// A[t] the remaining copies that are accessible: at hand, or in a chain with
// every unparkable card before them admitted. u[t] bounds the copies of t
// that can ever be up: u[(s,0)] = min(2, c + A) and u[(s,k)] = min(u[(s,k−1)],
// c + A) (a foundation takes offset k only onto k−1, so t's copies up never
// outnumber (s,k−1)'s; and a copy goes up only while accessible). An
// unparkable chain card y of card t is admitted when it is accessible and
// u[t] >= c[t] + 1 + pre(y): it goes up as copy c[t]+1+pre(y) at the
// earliest. Admitting a card makes later cards of its chain accessible,
// which can only raise A and u: the iteration grows to a least fixpoint.
//
// Soundness. Take any winning line. By induction over its moves, every card
// it has put up is accessible at the fixpoint, and every card's count in it
// stays within u: when y goes up it is free, so every card before it in its
// chain has left, the unparkable ones up (admitted, by induction): y is
// accessible; it is copy m of its card with m <= count of (s,k−1) <= u[(s,k−1)]
// and m <= c + accessible copies, so m <= u[t]; and m >= c + 1 + pre(y), so
// y is admitted. A chain card that is never admitted, or a u below 2, means
// some card never goes up: no winning line exists. Forced play only removes
// options (the relaxed game is the free one), and the test reads the
// stacking order of a base only when it is the last (the argument above
// holds with or without wrap), so it holds for every variant with "never".
//
// With two or more bases holding cards the answer depends only on the
// position outside the provisional bases (the cards on them are the ones
// left over, and T is computed from them): it is memoized by the rules'
// OuterKey in a direct-mapped table, by the whole key (Key) when one base
// is left.
//
// The stacking order (ordered; strategy exact-prove and the relaxed
// search). Every live base is a chain too, top first; a base card blocks
// when its rank is not parkable, or when its base is the last. T is no
// longer fixed: it grows with the fixpoint, from the ranks of the base
// cards up to each base's front (a card every card above which is passed
// or admitted: a top, or one that can become a top) closed under "a rank
// one away held by a card that is accessible" (at hand, or up to a chain's
// front; not the reserve); parkable is one rank away from T. So a rank is
// parkable only through cards that can come free: a 2 buried under an ace
// that leaves only to its foundation makes no rank parkable until the ace
// is admitted. A, u and the admissions are as above, the bases' cards
// counted in A only up to their fronts. T only grows and fronts only
// advance, so a card that stops blocking never blocks again, pre only
// falls, and the iteration still ends at a least fixpoint.
//
// Soundness of the order. At the fixpoint (T*, the fronts, u*), take any
// winning line; by induction over its moves: (i) every rank that is ever a
// top lies in T*; (ii) every chain card that has left its place lies before
// its chain's front; (iii) the counts stay within u*. A card becomes a top
// either by going onto a base — it is free, so accessible (every card
// before it in its chain has left, so lies before the front, by (ii)), and
// one rank away from the top it goes on, in T* by (i): its rank is in T* —
// or by being uncovered: every card above it has left, so it is at or
// before its base's front, and its rank is in T*. A card that blocks at
// the fixpoint leaves only to a foundation: going onto a base needs a top
// one rank away, in T* by (i), and it would be parkable; a card of the
// last base has no other base to go to. So (ii) and (iii) go through as
// above (a base card going up is free, so accessible; a card put on a base
// later is counted where it came from). At the end of a win every chain
// card has left and every copy is up, so a front short of its chain's end,
// or a u below 2, proves the position lost. The answer now depends on the
// bases' order: it is memoized by Key. It costs a node or more at each
// arrangement of the bases (measured: the exact search on never seeds 1
// and 2 about three times slower per node), which is why the default's
// exact search keeps the test without the order.
type chainTest struct {
	g       vg.Game
	ordered bool // the bases' stacking order counts (chainStuckOrdered)
	memo    []chainMemo
}

type chainMemo struct {
	key  solver.Key
	dead uint8 // 0 empty, memoAlive, memoDead
}

// chainMemoSize is the number of memo slots (a power of two): 24 bytes each.
const chainMemoSize = 1 << 14

func newChainTest(g vg.Game, ordered bool) *chainTest {
	return &chainTest{g: g, ordered: ordered, memo: make([]chainMemo, chainMemoSize)}
}

// dead reports whether the chain test proves s lost (false unless
// --empty-provisional never).
func (c *chainTest) dead(s *vg.State) bool {
	if c == nil {
		return false
	}
	k := c.g.OuterKey(s)
	if _, live := lastBase(s); c.ordered || live == 1 {
		k = c.g.Key(s) // the bases' order counts
	}
	slot := &c.memo[solver.Fmix64(k.Hi*0x9E3779B97F4A7C15^k.Lo)&(chainMemoSize-1)]
	if slot.dead != memoUnknown && slot.key == k {
		return slot.dead == memoDead
	}
	_, stuck := chainStuckIn(c.g, s, nil, c.ordered)
	slot.key, slot.dead = k, memoAlive
	if stuck {
		slot.dead = memoDead
	}
	return stuck
}

// deadRelaxed reports whether the chain test proves the suit-blind
// relaxation's position rs lost (vg.Relaxed): the test with every base card
// at hand, counted by rs's suit counts, and no last-base chain (the relaxed
// bases keep ranks only, and the chain needs each card's suit).
//
// Soundness for the relaxed game. The test's argument (above) reads the
// bases only through "their cards are at hand" and the ranks of parkRanks.
// A relaxed line moves the bases' cards onto bases by rank, as the real
// game does, and puts a base top of rank r up as a suit s whose count at
// rank r is above zero, which uses up one counted copy of (s, r): so every
// card a relaxed line puts up from a base is one of the copies the test
// counts at hand, and the induction over a winning line goes through as
// for the real game (every other place and move is the real game's). A
// position the test calls lost therefore has no relaxed win, and every
// real position it stands for is lost (vg.Relaxed). The answer depends on
// the outer state only (the bases' ranks and counts are the cards left
// over), so it shares the memo's OuterKey slots; c must be used for
// relaxed positions only (the real test keys one base by Key).
func (c *chainTest) deadRelaxed(rs *vg.RelaxedState, k solver.Key) bool {
	if c == nil {
		return false
	}
	slot := &c.memo[solver.Fmix64(k.Hi*0x9E3779B97F4A7C15^k.Lo)&(chainMemoSize-1)]
	if slot.dead != memoUnknown && slot.key == k {
		return slot.dead == memoDead
	}
	_, stuck := chainStuckIn(c.g, &rs.S, rs, true)
	slot.key, slot.dead = k, memoAlive
	if stuck {
		slot.dead = memoDead
	}
	return stuck
}

// chain is one chain of the relaxed game: its cards from the free end, a
// flag per card for blocking (unparkable: it must go up before what follows
// is free), the copies of its card before it that block, and how far it is
// admitted.
type chain struct {
	cards [vg.PoolSize]deck.Card
	block [vg.PoolSize]bool
	pre   [vg.PoolSize]uint8
	n     int
	front int // cards [0, front) are admitted or passed; front is accessible
	kind  uint8
}

// The kinds of chain: the reserve (every card blocks), the arc and the
// last pass's waste (a card blocks when its rank is not parkable), a
// provisional base (a card blocks when its rank is not parkable or it lies
// on the last live base; rank-only cards in the relaxed form).
const (
	chainReserve = iota
	chainArc
	chainWaste
	chainBase
)

// chainStuck runs the fixpoint on s. It returns a card that can never go
// up (the first stuck chain card, else a card whose copies cannot all go
// up) and true when it proves s lost.
func chainStuck(g vg.Game, s *vg.State) (deck.Card, bool) { return chainStuckIn(g, s, nil, false) }

// chainStuckOrdered is chainStuck with the bases' stacking order: every
// base is a chain (top first), and T holds only the ranks that are tops or
// can become one (below). It proves every position chainStuck proves, and
// more; it must be run at each arrangement of the bases (no memo by the
// outer state), about three times the cost of a node.
func chainStuckOrdered(g vg.Game, s *vg.State) (deck.Card, bool) {
	return chainStuckIn(g, s, nil, true)
}

// chainStuckIn is the fixpoint. Without ordered, it is the test with T
// from every card on the bases and off them, fixed, and the bases' cards
// at hand (the last live one a chain): every base chain starts passed and
// every rank of T is in from the start. With rs not nil it is the relaxed
// form of deadRelaxed: s is rs.S, whose base cards are rank-only, at hand
// by rs's suit counts for the bound u, and in their bases' order for what
// they cover (a blocking rank-only card is admitted when some suit can
// take its rank next).
func chainStuckIn(g vg.Game, s *vg.State, rs *vg.RelaxedState, ordered bool) (deck.Card, bool) {
	if !g.KeepEmpty() {
		return 0, false
	}
	d := g.Deal()
	lastPass := g.LastPass(s)
	var up [4][vg.SuitLength]uint8   // c: copies up now
	var free [4][vg.SuitLength]uint8 // remaining copies at hand (not in a chain)
	var freeRanks uint16             // ranks of the cards at hand that can move onto a base
	lo, hi := s.SuitCounts()
	for su := range 4 {
		for k := range vg.SuitLength {
			up[su][k] = uint8(b2i(k < int(lo[su])) + b2i(k < int(hi[su])))
		}
	}
	var chains [3 + vg.Provisional]chain
	add := func(ch *chain, x deck.Card) {
		ch.cards[ch.n] = x
		ch.n++
	}
	chains[0].kind, chains[1].kind, chains[2].kind = chainReserve, chainArc, chainWaste
	for i := s.ReserveIndex(); i < d.ReserveLen(); i++ {
		add(&chains[0], d.ReserveCard(i))
	}
	for i := s.ArcIndex(); i < d.ArcLen(); i++ {
		add(&chains[1], d.ArcCard(i))
	}
	top := s.StockTop()
	if top < 0 {
		top = d.StockLen()
	}
	for p := d.StockLen() - 1; p >= 0; p-- {
		if !s.InStock(p) {
			continue
		}
		x := d.StockCard(p)
		if lastPass && p < top {
			add(&chains[2], x)
		} else {
			free[x.Suit()][d.Offset(x)]++
			freeRanks |= 1 << x.Rank()
		}
	}
	_, live := lastBase(s)
	for i := range vg.Provisional {
		ch := &chains[3+i]
		ch.kind = chainBase
		for j := s.Height(i) - 1; j >= 0; j-- {
			add(ch, s.ProvCard(i, j))
		}
	}
	if rs != nil {
		// The bound u counts every base card at hand, by its count: a
		// rank-only card may go up as any counted suit.
		for r := range vg.SuitLength {
			for su := range 4 {
				free[su][d.Offset(deck.NewCard(su, r))] += uint8(rs.Copies(r, su))
			}
		}
	}
	// The fixpoint, kept up to date as the fronts advance: acc holds the
	// copies at hand and up to each front (inclusive; the relaxed bases'
	// copies are in free already), movable and tops the ranks of T's
	// closure (below), park its neighbours. A front only advances and park
	// only grows (a card that stops blocking never blocks again), so the
	// iteration ends at the least fixpoint.
	acc := free
	var tops, movable uint16
	movable = freeRanks
	counted := func(ch *chain) bool { return !(rs != nil && ch.kind == chainBase) }
	reach := func(ch *chain, j int) { // card j of ch becomes accessible
		if j >= ch.n || ch.kind == chainReserve {
			if j < ch.n {
				acc[ch.cards[j].Suit()][d.Offset(ch.cards[j])]++
			}
			return
		}
		x := ch.cards[j]
		if counted(ch) {
			acc[x.Suit()][d.Offset(x)]++
		}
		movable |= 1 << x.Rank()
		if ch.kind == chainBase {
			tops |= 1 << x.Rank()
		}
	}
	for ci := range chains {
		ch := &chains[ci]
		reach(ch, 0)
		if ordered || ch.kind == chainReserve {
			continue
		}
		// The test without the order: every card of the arc, the waste
		// and the bases can move, and every card on a base is a top.
		for j := 1; j < ch.n; j++ {
			x := ch.cards[j]
			movable |= 1 << x.Rank()
			if ch.kind == chainBase {
				tops |= 1 << x.Rank()
			}
		}
		if ch.kind == chainBase && live > 1 {
			for ch.front < ch.n {
				ch.front++
				reach(ch, ch.front)
			}
		}
	}
	park := uint16(1<<16 - 1) // not yet computed: every card is marked below
	var u [4][vg.SuitLength]uint8
	for {
		// T: the ranks that can be tops. A base's cards up to its front
		// are tops or can become one (every card above has left); a card
		// that is free (at hand, or up to a chain's front) can go onto a
		// top one rank away and become a top.
		for {
			next := tops | g.NeighbourRanks(tops)&movable
			if next == tops {
				break
			}
			tops = next
		}
		if np := g.NeighbourRanks(tops); np != park {
			park = np
			// Which cards block, and the copies of each blocking card
			// before it in its chain.
			for ci := range chains {
				ch := &chains[ci]
				var seen [4][vg.SuitLength]uint8
				for j := range ch.n {
					x := ch.cards[j]
					parks := park>>x.Rank()&1 != 0
					switch ch.kind {
					case chainReserve:
						ch.block[j] = true
					case chainBase:
						ch.block[j] = live == 1 || !parks
					default:
						ch.block[j] = !parks
					}
					if ch.block[j] && counted(ch) {
						ch.pre[j] = seen[x.Suit()][d.Offset(x)]
						seen[x.Suit()][d.Offset(x)]++
					}
				}
			}
		}
		for su := range 4 {
			prev := uint8(2)
			for k := range vg.SuitLength {
				prev = min(prev, up[su][k]+acc[su][k])
				u[su][k] = prev
			}
		}
		moved := false
		for ci := range chains {
			ch := &chains[ci]
			for ch.front < ch.n {
				j := ch.front
				if ch.block[j] && !admitted(d, &u, &up, ch.cards[j], ch.pre[j], !counted(ch)) {
					break
				}
				ch.front++
				reach(ch, ch.front)
				moved = true
			}
		}
		if !moved {
			break
		}
	}
	for ci := range chains {
		if ch := &chains[ci]; ch.front < ch.n {
			return ch.cards[ch.front], true
		}
	}
	for su := range 4 {
		for k := range vg.SuitLength {
			if u[su][k] < 2 {
				return deck.NewCard(su, (d.Base()+k)%vg.SuitLength), true
			}
		}
	}
	return 0, false
}

// admitted reports whether a blocking chain card x can go up: as copy
// up + 1 + pre of its card at the earliest, within the bound u; a rank-only
// card (anySuit) as some suit at its rank, as copy up + 1 at the earliest.
func admitted(d *vg.Deal, u, up *[4][vg.SuitLength]uint8, x deck.Card, pre uint8, anySuit bool) bool {
	if !anySuit {
		su, k := x.Suit(), d.Offset(x)
		return u[su][k] >= up[su][k]+1+pre
	}
	for su := range 4 {
		k := d.Offset(deck.NewCard(su, x.Rank()))
		if u[su][k] >= up[su][k]+1 {
			return true
		}
	}
	return false
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// lastBase is the number of provisional bases that hold cards, and the
// last of them.
func lastBase(s *vg.State) (last, live int) {
	for i := range vg.Provisional {
		if s.Height(i) > 0 {
			last, live = i, live+1
		}
	}
	return last, live
}
