package heuristics

import (
	"math/bits"

	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state/reloj"
)

// Reloj wraps Del reloj's packed rules (state/reloj) as a solver.Game with
// move ordering (Order) and verdict-preserving pruning (Prune). In free play:
// one placement per free card (relojBestPlacements), and a free card placed
// at once when every unfilled slot of its rank is open (relojSafePlacement).
// On the last pass: the dead ends of a buried waste card (buriedWaste,
// windowStuck) and of cards bound to be buried (pinnedStuck); on the pass
// before it in free play, those that the cards it cannot place
// (unplaceable) make on the last (nextPassStuck). Positions whose waste and stock read the same ranks
// share a key (Key, reloj.Game.RankKey).
// docs/reloj.md gives the measurements.
type Reloj struct {
	G     reloj.Game
	Order bool // try the moves in a better order (never changes a verdict)
	Prune bool // free-play placement dominance; dead ends in the waste on the last pass
	off   relojRules
}

// relojRules names the pruning rules, so that tests can switch one off.
type relojRules uint8

const (
	relojDominance relojRules = 1 << iota // relojBestPlacements
	relojReach                            // buriedWaste's rank test
	relojWindow                           // windowStuck
	relojSafe                             // relojSafePlacement
	relojPinned                           // pinnedStuck
	relojNextPass                         // nextPassStuck
	relojRankKey                          // Key by reloj.Game.RankKey
)

// NewReloj wraps g with the heuristics st switches on.
func NewReloj(g reloj.Game, st solver.Strategy) Reloj {
	return Reloj{G: g, Order: st.Order, Prune: st.Prune}
}

// Moves returns g's moves, ordered and pruned as switched on. A dead end
// returns no moves, which ends the branch.
func (h Reloj) Moves(s *reloj.State, buf []reloj.Move) []reloj.Move {
	if h.Prune && h.deadEnd(s) {
		return buf[:0]
	}
	buf = h.G.Moves(s, buf)
	if h.Prune && h.off&relojDominance == 0 && h.G.Rules().Play == reloj.Free {
		buf = relojBestPlacements(s, buf)
		if h.off&relojSafe == 0 {
			buf = h.relojSafePlacement(s, buf)
		}
	}
	if h.Order {
		relojOrderMoves(s, buf)
	}
	return buf
}

// deadEnd runs the dead-end tests that apply to s's pass: buriedWaste on
// the last, nextPassStuck on the one before it in free play. In forced
// play nextPassStuck (with unplaceable, which it needs at every node of
// the pass) took half of analyze's time at the default rules and saved
// 1,399 of 7,150,052 nodes on seeds 1..100000, with the same verdicts
// (docs/reloj.md, "Next pass"); in free play it decides deals at their
// deal (seed 14433: 1 node against 97,087).
func (h Reloj) deadEnd(s *reloj.State) bool {
	switch h.G.PassesLeft(s) {
	case 1:
		return h.buriedWaste(s)
	case 2:
		if h.off&relojNextPass == 0 && h.G.Rules().Play == reloj.Free {
			p := h.loadPass(s)
			if stuck := p.unplaceable(); stuck != 0 {
				return h.nextPassStuck(&p, stuck)
			}
		}
	}
	return false
}

// relojOrderScore ranks a move for relojOrderMoves: placements of the drawn card,
// then of the waste top, each onto the lowest pile first (a new pile before
// building), then the draw, then the redeal. Measured over seeds 1..2000 of
// the default rules this halves the nodes against the generation order;
// trying the draw first instead costs ten times more with unlimited passes.
func relojOrderScore(s *reloj.State, m reloj.Move) int {
	switch m.Kind() {
	case reloj.Stock:
		return s.Height(m.Pile())
	case reloj.Waste:
		return 8 + s.Height(m.Pile())
	case reloj.Draw:
		return 16
	}
	return 17
}

// relojOrderMoves sorts ms by relojOrderScore in place (insertion sort: at most ten
// moves). Ordering only changes which line is found first, never a verdict.
func relojOrderMoves(s *reloj.State, ms []reloj.Move) {
	for i := 1; i < len(ms); i++ {
		m, k := ms[i], relojOrderScore(s, ms[i])
		j := i
		for ; j > 0 && relojOrderScore(s, ms[j-1]) > k; j-- {
			ms[j] = ms[j-1]
		}
		ms[j] = m
	}
}

// relojBestPlacements keeps, in free play, one placement for each free card: a
// new pile when the card may start one, else the existing pile of lowest
// height that takes it.
//
// Why it never changes a verdict (free play only). A pile is a chain that
// needs the ranks from its tip (top+1) to its end (base+3); which base it
// has matters only while it does not exist. (1) Two piles X, Y both take a
// card of rank t, X needing t..e1 and Y t..e2 with e1 < e2 (X is the higher
// pile). Putting the card on Y leaves chains (t, e1) and (t+1, e2); on X,
// (t, e2) and (t+1, e1). Call a pair "behind-short" when the chain further
// behind has the nearer end: the first is, the second is not, and both need
// the same cards. Every move from the second has a twin from the first that
// keeps the pair behind-short or makes the two equal: a card on the chain
// behind goes on the chain behind, a card on the chain ahead goes on the
// chain ahead; the twin is legal because the twin chain's tip is the same
// and its end no nearer whenever it matters. In free play every other move
// (draws, the waste) is the same in both, so the low pile wins whenever the
// high pile does. (2) A card of rank t that may start pile t, or go on a pile
// X needing t..e (e ≤ t+2): starting the pile leaves X needing t..e and a new
// chain t+1..t+3; building leaves X needing t+1..e and a base t still to
// start (only by a t, and t stays at an end of the run until then). The
// start-pile side twins "t becomes the base" with "t goes on X" (after which
// the two are equal), and a card on X's tip with a card on the new chain,
// which is again the behind-short pair of (1). So starting the pile wins
// whenever building does. In forced play a chain that ends earlier takes
// fewer cards, which changes which draws are forced, so none of this holds
// there and nothing is dropped.
func relojBestPlacements(s *reloj.State, ms []reloj.Move) []reloj.Move {
	var best [4]int // per kind: chosen pile+1, 0 = none yet
	var bestH [4]int
	for _, m := range ms {
		k := m.Kind()
		if k != reloj.Stock && k != reloj.Waste {
			continue
		}
		h := s.Height(m.Pile()) // 0 for a new pile: lowest of all
		if best[k] == 0 || h < bestH[k] {
			best[k], bestH[k] = m.Pile()+1, h
		}
	}
	out := ms[:0]
	for _, m := range ms {
		k := m.Kind()
		if (k == reloj.Stock || k == reloj.Waste) && m.Pile()+1 != best[k] {
			continue
		}
		out = append(out, m)
	}
	return out
}

// relojSafePlacement keeps, in free play, only the placement of a free card
// whose rank r has every unfilled slot open now (ms already holds one
// placement per free card, from relojBestPlacements).
//
// Why it never changes a verdict (free play only). The slots of rank r are
// the base of pile r and level k+1 of pile r−k (k = 1..3); each is open when
// pile r can be started, or pile r−k holds exactly k cards, and an open slot
// stays open until a card fills it (the run of bases only grows at its
// ends). Take a winning line from here in which the free card y goes at time
// T to slot X, and let Y be the slot relojBestPlacements chose, filled now.
// Removing y from the stock-and-waste sequence keeps every other move of the
// line legal in free play (the other free cards, the draws and the redeals
// are the same; a redeal of a waste holding only y is not needed, the game is
// won there, and with unlimited passes a pass that placed only y can be cut).
// The circle: if no other card fills Y before T, the line's position at T
// has y on X and Y open, which the one with y on Y dominates (the argument
// of relojBestPlacements), and before T the line never touches Y, so every
// move stays legal with Y filled. If a card z of rank r fills Y at T_z < T,
// let z fill X instead: X is open now (every unfilled slot of rank r is) and
// the line fills it only at T, so it is open at T_z; from T_z to T the circle
// holds one card more than the line's (X filled, its next level open), and
// at T, where the line puts y on X, the two circles are equal. So a line
// starting with y on Y wins whenever one does.
func (h Reloj) relojSafePlacement(s *reloj.State, ms []reloj.Move) []reloj.Move {
	d := h.G.Deal()
	for i, m := range ms {
		var c int
		switch m.Kind() {
		case reloj.Waste:
			c = int(d.Rank[s.WasteTop()])
		case reloj.Stock:
			c = int(d.Rank[s.Pos()])
		default:
			continue
		}
		if relojAllOpen(s, c) {
			ms[0] = ms[i]
			return ms[:1]
		}
	}
	return ms
}

// relojAllOpen reports whether every slot of rank c not yet filled is open:
// pile c exists or can be started, and each pile c−k (k = 1..3) holds at
// least k cards.
func relojAllOpen(s *reloj.State, c int) bool {
	for k := 1; k <= 3; k++ {
		b := c - k
		if b < 0 {
			b += reloj.Ranks
		}
		if s.Height(b) < k {
			return false
		}
	}
	return s.Height(c) > 0 || s.CanStart(c)
}

// Apply is the rules' Apply.
func (h Reloj) Apply(s *reloj.State, m reloj.Move) { h.G.Apply(s, m) }

// Won is the rules' Won.
func (h Reloj) Won(s *reloj.State) bool { return h.G.Won(s) }

// Key is the rules' key of s's class (reloj.Game.RankKey: positions whose
// stock and waste read the same ranks have one verdict), with Prune; else
// the exact key.
func (h Reloj) Key(s *reloj.State) solver.Key {
	if h.Prune && h.off&relojRankKey == 0 {
		return h.G.RankKey(s)
	}
	return h.G.Key(s)
}

// relojRange is the set (bit r) of the n ranks a, a+1, …, a+n−1, round the
// corner (0 ≤ a < 10, 0 ≤ n ≤ 10).
func relojRange(a, n int) uint16 {
	m := uint32(1<<n-1) << a
	return uint16((m | m>>reloj.Ranks) & (1<<reloj.Ranks - 1))
}

// buriedWaste is dead-end detection for the last pass: it reports whether
// some waste card can never be placed (with an empty waste: pinnedStuck).
//
// Why it never changes a verdict. On the last pass no redeal follows, so the
// waste only loses its top: a waste card y leaves it only after every card
// above it has, and the cards below it leave after it. Every card placed
// before y is therefore in the circle already or has a higher index than y in
// the fixed sequence (a waste card above y, or a stock card). To place y, a
// slot of y's rank s must be open: the slot at level k+1 of the pile of base
// b = s−k (k = 1..3) needs that pile to hold b..s−1, so each rank from its
// current top+1 up to s−1 needs a card placed first; if pile b does not exist
// its base b and every base between the run L..R and b (on the side it is
// started from) need a card too; the base slot s needs the bases between the
// run and s. These cards are distinct, placed before y, so each rank needed
// must have a card present with an index above y. When no slot of rank s
// passes that test, y stays out of the circle in every continuation: the
// position is lost, and returning no moves stores exactly that.
func (h Reloj) buriedWaste(s *reloj.State) bool {
	present := s.Present()
	pos := s.Pos()
	waste := present & (1<<pos - 1)
	d := h.G.Deal()
	stock := present &^ (1<<pos - 1)
	if waste == 0 {
		// Nothing is buried yet; pinnedStuck looks at what will be. It
		// holds with a waste too, but there windowStuck sees most of what
		// it would: running it only here costs a fifth of the time for 30%
		// more nodes on the hard deals (docs/reloj.md).
		if h.off&relojPinned != 0 || stock == 0 {
			return false
		}
		var c relojCircle
		c.load(s)
		return h.pinnedStuck(&c, 0, stock)
	}
	// avail: ranks that have a present card above the card being tested.
	var avail uint16
	for r := range reloj.Ranks {
		if d.RankSet[r]&stock != 0 {
			avail |= 1 << r
		}
	}
	var c relojCircle
	c.load(s)
	for w := waste; w != 0 && h.off&relojReach == 0; {
		i := 63 - bits.LeadingZeros64(w)
		w &^= 1 << i
		r := int(d.Rank[i])
		if !c.reachable(r, avail) {
			return true
		}
		avail |= 1 << r
	}
	return h.off&relojWindow == 0 && h.windowStuck(&c, waste, stock)
}

// windowStuck is the counting form of buriedWaste: it reports whether some
// waste card y can be placed after no possible set of earlier placements.
//
// Why it never changes a verdict. Say y is placed at time T on the last pass,
// and J is the last stock card drawn before T. Every waste card above y and
// every stock card up to J left for the circle before T (a drawn card is
// placed or goes on the waste above y, which must be empty above y at T),
// and no other card did. So the cards placed from now up to T are exactly
// the present cards from y up to J in the sequence, and they must fit the
// circle as a set. If no J (from "no stock card drawn" to "all drawn") gives
// a set that placeable accepts, y is never placed and the position is lost.
// Moreover the waste cards are placed top first, so their J never decrease
// going down the waste: each card's search for J starts at the smallest J
// that suited the card above it.
func (h Reloj) windowStuck(c *relojCircle, waste, stock uint64) bool {
	d := h.G.Deal()
	var above [reloj.Ranks]int8 // the waste cards above y
	var drawn [reloj.Ranks]int8 // the stock cards up to the smallest J so far
	rest := stock               // the stock cards after it
	for waste != 0 {
		i := 63 - bits.LeadingZeros64(waste)
		waste &^= 1 << i
		y := d.Rank[i]
		var before [reloj.Ranks]int8
		for r := range before {
			before[r] = above[r] + drawn[r]
		}
		// The set before y at the smallest J is the set with the card above
		// it at its J, which placeable accepted: only the set with y needs
		// testing until J moves.
		known := above != [reloj.Ranks]int8{}
		for {
			with := before
			with[y]++
			if (known || c.placeable(&before)) && c.placeable(&with) {
				break
			}
			known = false
			if rest == 0 {
				return true
			}
			j := bits.TrailingZeros64(rest)
			rest &^= 1 << j
			before[d.Rank[j]]++
			drawn[d.Rank[j]]++
		}
		above[y]++
	}
	return false
}

// pinnedStuck is windowStuck for cards not yet on the waste: it reports
// whether, at some future draw, the cards that must then be in the waste can
// never all leave it.
//
// Why it never changes a verdict. On the last pass, take the moment just
// before the stock card after index t is drawn. The present cards with an
// index up to t (A: the waste and the stock top to t) are then either in the
// circle, placed from A alone since no other card has been drawn, or in the
// waste. If at most M cards of rank r of A can be placed together (an upper
// bound from placeableOpt with all of A optional), some k ≥ count − M of A's
// rank-r cards are in the waste then, and the other count − k of them are in
// the circle. They leave it top first, each after the draw of some stock
// card J > t (or after the last draw), and, as in windowStuck, every present
// stock card from t+1 to J was placed before it, together with the
// count − k rank-r cards of A in the circle, those of the k above it, and
// some of A's other cards (those placed by t and the waste above it). So
// for some k the k cards must pass windowsFit. When no k does, every line is
// lost, so the position is lost now.
func (h Reloj) pinnedStuck(c *relojCircle, waste, stock uint64) bool {
	d := h.G.Deal()
	var cnt [reloj.Ranks]int8 // A, the present cards up to t
	for w := waste; w != 0; w &= w - 1 {
		cnt[d.Rank[bits.TrailingZeros64(w)]]++
	}
	var zero [reloj.Ranks]int8
	memo := relojMemo{c: c}
	key, keyed := relojKey(&zero, &cnt)
	for rest := stock; rest != 0; {
		t := bits.TrailingZeros64(rest)
		rest &^= 1 << t
		cnt[d.Rank[t]]++
		key += 1 << (6 * d.Rank[t])
		var most [reloj.Ranks]int8
		if keyed {
			most, _ = memo.keyed(key, &zero, &cnt)
		} else {
			most, _ = c.placeableOpt(&zero, &cnt)
		}
		for r := range reloj.Ranks {
			if cnt[r] <= most[r] {
				continue
			}
			opt := cnt
			opt[r] = 0
			ok := false
			for k := cnt[r] - most[r]; k <= cnt[r] && !ok; k++ {
				var must [reloj.Ranks]int8
				must[r] = cnt[r] - k
				ok = memo.windowsFit(d, must, opt, rest, 0, r, k)
			}
			if !ok {
				return true
			}
		}
	}
	return false
}

// placeableOpt is placeable with optional cards (and does placeable's
// work, with none): it reports whether the
// cards in must, together with some of the cards in opt, could all be added
// to the circle, and how many cards of each rank the greedy places (an upper
// bound on the cards of that rank any such set holds, with must empty). The
// greedy of placeable places at each rank as many cards as the chains allow,
// up to must+opt: a chain not extended at rank r can never be extended after
// it within one set, so more chains covering r leave every choice open for
// r+1 that fewer would; the relaxations are placeable's, taking must+opt for
// the counts (the new piles allowed, the rarest rank, the chains crossing the
// cut).
func (c *relojCircle) placeableOpt(must, opt *[reloj.Ranks]int8) (got [reloj.Ranks]int8, ok bool) {
	var max [reloj.Ranks]int8
	for r := range max {
		max[r] = must[r] + opt[r]
	}
	got = c.greedy(&max)
	return got, covers(&got, must)
}

// covers reports whether got holds at least must of every rank.
func covers(got, must *[reloj.Ranks]int8) bool {
	for r := range got {
		if got[r] < must[r] {
			return false
		}
	}
	return true
}

// greedy is placeableOpt's greedy on max = must+opt: how many cards of each
// rank it places. It reads the counts and the circle alone, never which of
// them are required, so one answer serves every split of the same counts
// (relojMemo).
func (c *relojCircle) greedy(max *[reloj.Ranks]int8) (got [reloj.Ranks]int8) {
	var starts uint16
	if c.n < reloj.Ranks {
		free := reloj.Ranks - c.n
		x, i := c.right, 0
		for ; i < free && max[x] > 0; i++ {
			starts |= 1 << x
			if x++; x == reloj.Ranks {
				x = 0
			}
		}
		x = c.l
		for ; i < free; i++ {
			if x--; x < 0 {
				x = reloj.Ranks - 1
			}
			if max[x] == 0 {
				break
			}
			starts |= 1 << x
		}
	}
	r0, low := 0, max[reloj.Ranks-1]
	for r := 1; r < reloj.Ranks && low > 0; r++ {
		if max[r-1] < low {
			r0, low = r, max[r-1]
		}
	}
	a1, a2, a3 := int8(0), int8(0), low
	for step := range reloj.Ranks {
		r := r0 + step
		if r >= reloj.Ranks {
			r -= reloj.Ranks
		}
		n := max[r]
		if n == 0 {
			a1, a2, a3 = 0, 0, 0
			continue
		}
		f := &c.fresh[r]
		t4 := min(n, f[4]+int8(starts>>r&1))
		n -= t4
		t3 := min(n, a3+f[3])
		n -= t3
		t2 := min(n, a2+f[2])
		n -= t2
		t1 := min(n, a1+f[1])
		got[r] = t4 + t3 + t2 + t1
		a1, a2, a3 = t2, t3, t4
	}
	return got
}

// relojMemo is placeableOpt on one circle with greedy's answers
// remembered by their counts. Within one pinnedStuck (or nextPassStuck)
// the same counts come back again and again: the present cards up to a
// draw J, less a few of one rank, for each t and each count of pinned
// cards that reaches that J; on seeds 1..2000 of the default rules 3 in 5
// greedy runs were repeats. An answer depends on the counts and the circle
// alone (greedy), so a remembered one is the answer: the tests decide
// exactly as without the memo (TestRelojMemoSameAnswers).
type relojMemo struct {
	c   *relojCircle
	tag [relojMemoSize]uint64 // the counts of the entry, 6 bits a rank, and bit 63; 0: empty
	got [relojMemoSize][reloj.Ranks]int8
}

// relojMemoSize is the memo's entries (direct-mapped: a newer key takes the
// slot): a pinnedStuck meets about 40 distinct counts.
const (
	relojMemoBits = 6
	relojMemoSize = 1 << relojMemoBits
)

// placeableOpt is c.placeableOpt(must, opt).
func (m *relojMemo) placeableOpt(must, opt *[reloj.Ranks]int8) (got [reloj.Ranks]int8, ok bool) {
	key, keyed := relojKey(must, opt)
	if !keyed {
		return m.c.placeableOpt(must, opt)
	}
	return m.keyed(key, must, opt)
}

// keyed is placeableOpt(must, opt) given relojKey(must, opt), which a caller
// adding one card at a time keeps up to date at the cost of an addition
// (a card of rank r adds 1<<(6r); one moved from opt to must, nothing).
func (m *relojMemo) keyed(key uint64, must, opt *[reloj.Ranks]int8) (got [reloj.Ranks]int8, ok bool) {
	i := (key * 0x9E3779B97F4A7C15) >> (64 - relojMemoBits)
	if m.tag[i] != key {
		var max [reloj.Ranks]int8
		for r := range max {
			max[r] = must[r] + opt[r]
		}
		m.tag[i], m.got[i] = key, m.c.greedy(&max)
	}
	return m.got[i], covers(&m.got[i], must)
}

// relojKey is the memo's key of the counts must+opt: 6 bits a rank, and
// bit 63; false for counts outside 0..63, which no key holds. The tests'
// counts are of distinct present cards, at most four of a rank.
func relojKey(must, opt *[reloj.Ranks]int8) (uint64, bool) {
	key := uint64(1) << 63
	for r := range must {
		v := must[r] + opt[r]
		if v < 0 || v > 63 {
			return 0, false
		}
		key |= uint64(v) << (6 * r)
	}
	return key, true
}

// relojCircle is the part of a position the slot test reads.
type relojCircle struct {
	h        [reloj.Ranks]int
	l, right int // L, and R+1 (the rank a pile on the right would have)
	n        int
	// fresh[t][k]: piles whose tip (top+1) is rank t with room for k cards.
	fresh [reloj.Ranks][reloj.PileSize + 1]int8
}

func (c *relojCircle) load(s *reloj.State) {
	for b := range reloj.Ranks {
		h := s.Height(b)
		c.h[b] = h
		if h > 0 && h < reloj.PileSize {
			c.fresh[(b+h)%reloj.Ranks][reloj.PileSize-h]++
		}
	}
	c.n = s.Piles()
	c.l = s.Left()
	c.right = (c.l + c.n) % reloj.Ranks
}

// startable reports whether a pile of base t (not in the circle) can be
// started once the bases between the run and t are placed, all of whose
// ranks are in avail (t itself is not required).
func (c *relojCircle) startable(t int, avail uint16) bool {
	right := relojRange(c.right, (t-c.right+reloj.Ranks)%reloj.Ranks)
	if right&^avail == 0 {
		return true
	}
	from := (t + 1) % reloj.Ranks
	left := relojRange(from, (c.l-from+reloj.Ranks)%reloj.Ranks)
	return left&^avail == 0
}

// reachable reports whether a card of rank r could ever be placed when only
// cards of the ranks in avail may be placed before it (see buriedWaste).
func (c *relojCircle) reachable(r int, avail uint16) bool {
	if c.h[r] == 0 && c.startable(r, avail) {
		return true
	}
	for k := 1; k <= 3; k++ {
		b := (r - k + reloj.Ranks) % reloj.Ranks
		h := c.h[b]
		switch {
		case h > k:
			continue
		case h > 0:
			// Ranks b+h .. r−1 on pile b.
			if relojRange((b+h)%reloj.Ranks, k-h)&^avail == 0 {
				return true
			}
		default:
			// Base b and ranks b+1 .. r−1, and the way to start b.
			if relojRange(b, k)&^avail == 0 && c.startable(b, avail) {
				return true
			}
		}
	}
	return false
}

// placeable reports whether the cards counted in cnt (cnt[r] cards of rank r)
// could all be added to the circle, in some order, ignoring where they come
// from. It is a relaxation: false is a proof, true may be wrong.
//
// Each pile that is not complete is a chain that takes the ranks from its tip
// (top+1) on, up to its capacity (4 − height); a new pile of base x is a chain
// from x with capacity 4. A set of cards fits exactly when it splits into
// runs of consecutive ranks, one per chain, starting at the chain's tip. Going
// up the ranks, the chains covering rank r are the cnt[r] chosen among those
// that covered r−1 (with capacity left) and those whose tip is r; keeping the
// ones with the most capacity left is never worse, so the greedy is exact on
// a line. Relaxations keep it a necessary test: a new pile of base x is
// allowed when every rank between the run and x has a card in cnt (not
// requiring those cards to be the bases); the ranks are cut at r0, a rank
// just after the rarest rank, and the chains crossing the cut are assumed to
// come in with capacity 3, while their tips are offered again later.
func (c *relojCircle) placeable(cnt *[reloj.Ranks]int8) bool {
	var none [reloj.Ranks]int8
	_, ok := c.placeableOpt(cnt, &none)
	return ok
}
