package heuristics

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
type chainTest struct {
	g    vg.Game
	memo []chainMemo
}

type chainMemo struct {
	key  solver.Key
	dead uint8 // 0 empty, memoAlive, memoDead
}

// chainMemoSize is the number of memo slots (a power of two): 24 bytes each.
const chainMemoSize = 1 << 14

func newChainTest(g vg.Game) *chainTest {
	return &chainTest{g: g, memo: make([]chainMemo, chainMemoSize)}
}

// dead reports whether the chain test proves s lost (false unless
// --empty-provisional never).
func (c *chainTest) dead(s *vg.State) bool {
	if c == nil {
		return false
	}
	k := c.g.OuterKey(s)
	if _, live := lastBase(s); live == 1 {
		k = c.g.Key(s) // the last base's order counts
	}
	slot := &c.memo[solver.Fmix64(k.Hi*0x9E3779B97F4A7C15^k.Lo)&(chainMemoSize-1)]
	if slot.dead != memoUnknown && slot.key == k {
		return slot.dead == memoDead
	}
	_, stuck := chainStuck(c.g, s)
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
func (c *chainTest) deadRelaxed(rs *vg.RelaxedState) bool {
	if c == nil {
		return false
	}
	k := c.g.OuterKey(&rs.S)
	slot := &c.memo[solver.Fmix64(k.Hi*0x9E3779B97F4A7C15^k.Lo)&(chainMemoSize-1)]
	if slot.dead != memoUnknown && slot.key == k {
		return slot.dead == memoDead
	}
	_, stuck := chainStuckCounted(c.g, &rs.S, rs)
	slot.key, slot.dead = k, memoAlive
	if stuck {
		slot.dead = memoDead
	}
	return stuck
}

// chain is one chain of the relaxed game: its cards from the free end, a
// flag per card for unparkable (it blocks what follows until it goes up),
// and how far it is admitted.
type chain struct {
	cards [vg.StockSize]deck.Card
	block [vg.StockSize]bool
	pre   [vg.StockSize]uint8
	n     int
	front int // cards [0, front) are admitted or parkable; front is accessible
}

// chainStuck runs the fixpoint on s. It returns a card that can never go
// up (the first stuck chain card, else a card whose copies cannot all go
// up) and true when it proves s lost.
func chainStuck(g vg.Game, s *vg.State) (deck.Card, bool) { return chainStuckCounted(g, s, nil) }

// chainStuckCounted is chainStuck, and with rs not nil the relaxed form of
// deadRelaxed: s is rs.S, whose base cards count by rs's suit counts, all
// at hand.
func chainStuckCounted(g vg.Game, s *vg.State, rs *vg.RelaxedState) (deck.Card, bool) {
	if !g.KeepEmpty() {
		return 0, false
	}
	d := g.Deal()
	park := parkRanks(g, s)
	lastPass := g.LastPass(s)
	var up [4][vg.SuitLength]uint8   // c: copies up now
	var free [4][vg.SuitLength]uint8 // remaining copies at hand (not in a chain)
	lo, hi := s.SuitCounts()
	for su := range 4 {
		for k := range vg.SuitLength {
			up[su][k] = uint8(b2i(k < int(lo[su])) + b2i(k < int(hi[su])))
		}
	}
	var chains [4]chain
	add := func(ch *chain, x deck.Card, blocks bool) {
		ch.cards[ch.n] = x
		ch.block[ch.n] = blocks
		ch.n++
	}
	for i := s.ReserveIndex(); i < d.ReserveLen(); i++ {
		add(&chains[0], d.ReserveCard(i), true)
	}
	for i := s.ArcIndex(); i < d.ArcLen(); i++ {
		x := d.ArcCard(i)
		add(&chains[1], x, park>>x.Rank()&1 == 0)
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
			add(&chains[2], x, park>>x.Rank()&1 == 0)
		} else {
			free[x.Suit()][d.Offset(x)]++
		}
	}
	if rs != nil {
		// Every base card at hand, by its count: no last-base chain.
		for r := range vg.SuitLength {
			for su := range 4 {
				free[su][d.Offset(deck.NewCard(su, r))] += uint8(rs.Copies(r, su))
			}
		}
	} else {
		last, live := lastBase(s)
		for i := range vg.Provisional {
			if live == 1 && i == last {
				for j := s.Height(i) - 1; j >= 0; j-- {
					add(&chains[3], s.ProvCard(i, j), true)
				}
				continue
			}
			for j := range s.Height(i) {
				x := s.ProvCard(i, j)
				free[x.Suit()][d.Offset(x)]++
			}
		}
	}
	for ci := range chains {
		ch := &chains[ci]
		var seen [4][vg.SuitLength]uint8
		for j := range ch.n {
			x := ch.cards[j]
			if ch.block[j] {
				ch.pre[j] = seen[x.Suit()][d.Offset(x)]
				seen[x.Suit()][d.Offset(x)]++
			}
		}
	}
	var u [4][vg.SuitLength]uint8
	for {
		// A: free copies plus chain copies up to each front (inclusive).
		acc := free
		for ci := range chains {
			ch := &chains[ci]
			for j := 0; j <= ch.front && j < ch.n; j++ {
				acc[ch.cards[j].Suit()][d.Offset(ch.cards[j])]++
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
				x := ch.cards[j]
				if ch.block[j] {
					su, k := x.Suit(), d.Offset(x)
					if u[su][k] < up[su][k]+1+ch.pre[j] {
						break
					}
				}
				ch.front++
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
