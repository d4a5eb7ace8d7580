package heuristics

import (
	"math/bits"

	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state/reloj"
)

// Reloj wraps Del reloj's packed rules (state/reloj) as a solver.Game with
// move ordering (Order) and verdict-preserving dead-end detection (Prune).
type Reloj struct {
	G     reloj.Game
	Order bool // try the moves in a better order (never changes a verdict)
	Prune bool // dead-end detection in the waste on the last pass
}

// NewReloj wraps g with the heuristics st switches on.
func NewReloj(g reloj.Game, st solver.Strategy) Reloj {
	return Reloj{G: g, Order: st.Order, Prune: st.Prune}
}

// Moves returns g's moves, ordered and pruned as switched on. A dead end
// returns no moves, which ends the branch.
func (h Reloj) Moves(s *reloj.State, buf []reloj.Move) []reloj.Move {
	if h.Prune && h.G.LastPass(s) && h.buriedWaste(s) {
		return buf[:0]
	}
	buf = h.G.Moves(s, buf)
	if h.Prune && h.G.Rules().Play == reloj.Free {
		buf = bestPlacements(s, buf)
	}
	return buf
}

// bestPlacements keeps, in free play, one placement for each free card: a
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
func bestPlacements(s *reloj.State, ms []reloj.Move) []reloj.Move {
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

// Apply is the rules' Apply.
func (h Reloj) Apply(s *reloj.State, m reloj.Move) { h.G.Apply(s, m) }

// Won is the rules' Won.
func (h Reloj) Won(s *reloj.State) bool { return h.G.Won(s) }

// Key is the rules' exact key.
func (h Reloj) Key(s *reloj.State) solver.Key { return h.G.Key(s) }

// relojRange is the set (bit r) of the n ranks a, a+1, …, a+n−1, round the
// corner (0 ≤ a < 10, 0 ≤ n ≤ 10).
func relojRange(a, n int) uint16 {
	m := uint32(1<<n-1) << a
	return uint16((m | m>>reloj.Ranks) & (1<<reloj.Ranks - 1))
}

// buriedWaste is dead-end detection for the last pass: it reports whether
// some waste card can never be placed.
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
	if waste == 0 {
		return false
	}
	d := h.G.Deal()
	stock := present &^ (1<<pos - 1)
	// avail: ranks that have a present card above the card being tested.
	var avail uint16
	for r := range reloj.Ranks {
		if d.RankSet[r]&stock != 0 {
			avail |= 1 << r
		}
	}
	var c circle
	c.load(s)
	for w := waste; w != 0; {
		i := 63 - bits.LeadingZeros64(w)
		w &^= 1 << i
		r := int(d.Rank[i])
		if !c.reachable(r, avail) {
			return true
		}
		avail |= 1 << r
	}
	return h.windowStuck(&c, waste, stock)
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
func (h Reloj) windowStuck(c *circle, waste, stock uint64) bool {
	d := h.G.Deal()
	var above [reloj.Ranks]int8 // y and the waste cards above it
	for waste != 0 {
		i := 63 - bits.LeadingZeros64(waste)
		waste &^= 1 << i
		above[d.Rank[i]]++
		cnt := above
		ok := c.placeable(&cnt)
		for rest := stock; !ok && rest != 0; {
			j := bits.TrailingZeros64(rest)
			rest &^= 1 << j
			cnt[d.Rank[j]]++
			ok = c.placeable(&cnt)
		}
		if !ok {
			return true
		}
	}
	return false
}

// circle is the part of a position the slot test reads.
type circle struct {
	h        [reloj.Ranks]int
	l, right int // L, and R+1 (the rank a pile on the right would have)
	n        int
}

func (c *circle) load(s *reloj.State) {
	for b := range reloj.Ranks {
		c.h[b] = s.Height(b)
	}
	c.n = s.Piles()
	c.l = s.Left()
	c.right = (c.l + c.n) % reloj.Ranks
}

// startable reports whether a pile of base t (not in the circle) can be
// started once the bases between the run and t are placed, all of whose
// ranks are in avail (t itself is not required).
func (c *circle) startable(t int, avail uint16) bool {
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
func (c *circle) reachable(r int, avail uint16) bool {
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
func (c *circle) placeable(cnt *[reloj.Ranks]int8) bool {
	var fresh [reloj.Ranks][5]int8 // fresh[t][k]: chains with tip t and capacity k
	for b := range reloj.Ranks {
		if h := c.h[b]; h > 0 && h < reloj.PileSize {
			fresh[(b+h)%reloj.Ranks][reloj.PileSize-h]++
		}
	}
	if c.n < reloj.Ranks {
		free := reloj.Ranks - c.n
		x := c.right
		for i := 0; i < free && cnt[x] > 0; i++ {
			fresh[x][reloj.PileSize]++
			x = (x + 1) % reloj.Ranks
		}
		right := i2(x, c.right) // ranks already offered from the right
		x = (c.l + reloj.Ranks - 1) % reloj.Ranks
		for i := 0; i < free-right && cnt[x] > 0; i++ {
			fresh[x][reloj.PileSize]++
			x = (x + reloj.Ranks - 1) % reloj.Ranks
		}
	}
	r0, low := 0, int8(127)
	for r := range reloj.Ranks {
		if v := cnt[(r+reloj.Ranks-1)%reloj.Ranks]; v < low {
			r0, low = r, v
		}
	}
	var act [5]int8 // act[k]: chains that covered the previous rank, k ranks left
	act[3] = low
	for step := range reloj.Ranks {
		r := (r0 + step) % reloj.Ranks
		need := cnt[r]
		var next [5]int8
		for k := reloj.PileSize; k >= 1 && need > 0; k-- {
			take := min(need, act[k]+fresh[r][k])
			next[k-1] += take
			need -= take
		}
		if need > 0 {
			return false
		}
		act = next
		act[0] = 0
	}
	return true
}

// i2 is the number of steps from a up to b, round the corner.
func i2(b, a int) int { return (b - a + reloj.Ranks) % reloj.Ranks }
