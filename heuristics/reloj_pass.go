package heuristics

import (
	"math/bits"

	"github.com/solitario/solitario/state/reloj"
)

// Times within a pass, for placeTime and unplaceable: time j (a stock index)
// is the moment after stock card j is drawn and before the next draw; the
// moment before the next draw, now, is Pos()−1. relojNever is later than any.
const relojNever = 64

// relojPass is one position as the pass-time tests read it: the circle, the
// present cards and where the stock begins.
type relojPass struct {
	d       *reloj.Deal
	c       relojCircle
	present uint64
	pos     int
	// tm holds unplaceable's lower bounds on the cards' times; late the
	// cards that may still be placed after they are free (placeTime).
	tm   [reloj.StockSize]int8
	late uint64
	// wait[x] is the set of times j at which x, waiting on the waste, may
	// leave it by the bounds tm (placeTime): the present stock cards j > x
	// whose bound and those of the present cards between x and j are at
	// most j. It is made from tm once per round (setTimes).
	wait [reloj.StockSize]uint64
	// reach[x] is the rank set late was last decided from for x, and
	// reached its answer; setLate asks reachable again only when the set
	// changed (reachNone: never asked).
	reach   [reloj.StockSize]uint16
	reached uint64
	// fills[q] is the set of times a card of rank q may be placed at
	// (fill): each present card's free time, and for a late one the
	// times it may wait to.
	fills [reloj.Ranks]uint64
}

// reachNone is a rank set no card has (bit 15): reachable not yet asked.
const reachNone = 1 << 15

func (h Reloj) loadPass(s *reloj.State) relojPass {
	p := relojPass{d: h.G.Deal(), present: s.Present(), pos: s.Pos()}
	p.c.load(s)
	return p
}

// counts returns the number of cards of each rank in set.
func (p *relojPass) counts(set uint64) [reloj.Ranks]int8 {
	var cnt [reloj.Ranks]int8
	for r := range cnt {
		cnt[r] = int8(bits.OnesCount64(p.d.RankSet[r] & set))
	}
	return cnt
}

// placeTime is a lower bound on the earliest time, not before from, at which
// present card x can be placed during this pass, given lower bounds p.tm on
// every present card's time; relojNever when there is none. It reads p.late
// and p.wait, which setTimes makes from p.tm.
//
// Why it is a lower bound. A waste card is free from now at the soonest, a
// stock card from its draw: placed at the first moment its slot is open
// (from, at the soonest), that moment is its time. Placed later, x waits on
// the waste from its draw (or from now) to some time J, and every present
// card above it in the sequence up to J leaves for the circle before x does
// (it is drawn onto x, or was on it already), so each of them has a time up
// to J. The first J ≥ from (a stock card: J ≥ now) for which the bounds
// allow that is not after x's real time: the first of p.wait[x] from
// there. And a card that waits can use, to open its slot, only cards placed
// by the time it is free (a bound up to then) or above it: when the ranks
// of those cannot open a slot of its rank (reachable, as in buriedWaste),
// it is never placed later than that (setLate).
func (p *relojPass) placeTime(x, from int) int {
	avail := x
	if x < p.pos {
		avail = p.pos - 1
	}
	if from <= avail {
		return avail
	}
	if from >= relojNever || p.late>>x&1 == 0 {
		return relojNever
	}
	if j := bits.TrailingZeros64(p.wait[x] >> from << from); j < 64 {
		return j
	}
	return relojNever
}

// fill is the earliest time a slot of rank q open from time from can be
// filled, by any present card of rank q: the least placeTime(x, from) of
// those cards, which is the first time from on in p.fills[q]. For a card
// x, placeTime is its free time when that is from or later, else the
// first time from on it may wait to (when late); the times it may wait
// to all come after its free time, so the first of both from on is
// placeTime.
func (p *relojPass) fill(q, from int) int {
	if from >= relojNever {
		return relojNever
	}
	from = max(from, 0) // now, before the first draw: -1
	return bits.TrailingZeros64(p.fills[q] >> from << from)
}

// setTimes makes p.late, p.wait and p.fills from p.tm, for placeTime and
// fill.
//
// p.wait[x] holds the present stock cards j > x such that no present card
// i in x+1..j has tm[i] > j. Let lo(j) be the highest present i ≤ j with
// tm[i] > j (−1 when none): j is in wait[x] exactly when lo(j) ≤ x, so
// going down from x+1 to x, wait gains x+1 when lo(x+1) ≤ x and loses the
// j with lo(j) = x+1. lo(j) is the highest bit at or below j of the present
// cards whose bound is over j, a set that shrinks as j grows.
func (p *relojPass) setTimes() {
	var byTime [reloj.StockSize]uint64 // present cards by bound, but never
	for set := p.present; set != 0; set &= set - 1 {
		if x := bits.TrailingZeros64(set); p.tm[x] < relojNever {
			byTime[p.tm[x]] |= 1 << x
		}
	}
	var lo [reloj.StockSize]int8
	var loOf [reloj.StockSize]uint64 // loOf[i]: the j with lo(j) = i
	over := p.present                // present cards with a bound over j
	stock := p.present &^ (1<<p.pos - 1)
	for j := range reloj.StockSize {
		over &^= byTime[j]
		lo[j] = int8(63 - bits.LeadingZeros64(over&(2<<j-1)))
		if stock>>j&1 != 0 && lo[j] >= 0 {
			loOf[lo[j]] |= 1 << j
		}
	}
	var wait uint64
	for x := reloj.StockSize - 1; x >= 0; x-- {
		p.wait[x] = wait
		wait &^= loOf[x]
		if stock>>x&1 != 0 && int(lo[x]) < x {
			wait |= 1 << x
		}
	}
	p.setLate(&byTime)
}

// setLate computes p.late from p.tm (see placeTime); byTime lists the
// present cards by bound (a bound is a time, 0..38, or never: those are in
// no list). A stock card x may use the ranks above it and
// those of the present cards z < x with tm[z] ≤ x, which join the set at
// x = max(z+1, tm[z]) and stay; a waste card only the ranks above it.
func (p *relojPass) setLate(byTime *[reloj.StockSize]uint64) {
	var joins [reloj.StockSize + 1]uint16 // ranks joining the lower set at x
	for t := range reloj.StockSize {
		for set := byTime[t]; set != 0; set &= set - 1 {
			z := bits.TrailingZeros64(set)
			joins[max(z+1, t)] |= 1 << p.d.Rank[z]
		}
	}
	var below [reloj.StockSize]uint16
	var low uint16
	for x := range reloj.StockSize {
		low |= joins[x]
		below[x] = low
	}
	p.late = 0
	var above uint16 // ranks of the present cards above x
	for x := reloj.StockSize - 1; x >= 0; x-- {
		if p.present>>x&1 == 0 {
			continue
		}
		reach := above
		if x >= p.pos {
			reach |= below[x]
		}
		if reach != p.reach[x] {
			p.reach[x] = reach
			p.reached &^= 1 << x
			if p.c.reachable(int(p.d.Rank[x]), reach) {
				p.reached |= 1 << x
			}
		}
		above |= 1 << p.d.Rank[x]
	}
	p.late = p.reached & p.present
	p.fills = [reloj.Ranks]uint64{}
	for set := p.present; set != 0; set &= set - 1 {
		x := bits.TrailingZeros64(set)
		t := uint64(1) << max(x, p.pos-1)
		if p.late>>x&1 != 0 {
			t |= p.wait[x]
		}
		p.fills[p.d.Rank[x]] |= t
	}
}

// opens computes, from the card bounds tm, the earliest time a slot of each
// rank can be open.
func (p *relojPass) opens() [reloj.Ranks]int { return relojOpens(&p.c, p.pos-1, p.fill) }

// relojOpens is opens on circle c at time now, fill giving the earliest
// time a slot of a rank open from a time can be filled.
func relojOpens(c *relojCircle, now int, fill func(q, from int) int) [reloj.Ranks]int {
	var open [reloj.Ranks]int
	for q := range open {
		open[q] = relojNever
	}
	// chain follows a pile from a slot of rank q, level lvl, opening at t.
	chain := func(q, lvl, t int) {
		for ; lvl < reloj.PileSize && t < relojNever; lvl++ {
			open[q] = min(open[q], t)
			t = fill(q, t)
			if q++; q == reloj.Ranks {
				q = 0
			}
		}
	}
	for b, h := range c.h {
		if h > 0 && h < reloj.PileSize {
			chain((b+h)%reloj.Ranks, h, now)
		}
	}
	if free := reloj.Ranks - c.n; free > 0 {
		var base [reloj.Ranks]int // fill time of each missing base, either side
		for q := range base {
			base[q] = relojNever
		}
		t, x := now, c.right
		for range free {
			open[x] = min(open[x], t)
			t = fill(x, t)
			base[x] = t
			if x++; x == reloj.Ranks {
				x = 0
			}
		}
		t, x = now, c.l
		for range free {
			if x--; x < 0 {
				x = reloj.Ranks - 1
			}
			open[x] = min(open[x], t)
			t = fill(x, t)
			base[x] = min(base[x], t)
		}
		for b, t := range base {
			if c.h[b] == 0 && t < relojNever {
				chain((b+1)%reloj.Ranks, 1, t)
			}
		}
	}
	return open
}

// unplaceable returns the present cards that cannot be placed during this
// pass.
//
// Why it never names a card that can be. Every present card gets a lower
// bound on the time it can be placed, starting from the time it is free
// (now for the waste, its draw for the stock), then raised until nothing
// moves: a card is placed no sooner than a slot of its rank opens, and no
// sooner than placeTime allows from then. A slot above a filled one opens
// when that one is filled; a missing base opens when the pile next to it on
// either side has its base, the missing bases being reached one after the
// other from each end of the run; a slot is filled no sooner than the
// soonest card of its rank can be placed once it is open. Every card is
// allowed every slot of its rank, even one another card takes, so each bound
// stays at or below the real time of every line, and raising one bound only
// raises others.
//
// The bounds are raised in rounds, each from the bounds of the round
// before (setTimes, opens), until a round raises none. Every step is
// monotone in the bounds (a higher bound opens slots later, leaves fewer
// times to wait to, fewer ranks to reach), so the rounds end at the least
// fixpoint above the starting bounds, whatever order the raises come in:
// the set of cards whose bound reaches relojNever is that of the fixpoint.
// Those stay out of the circle until the next redeal.
func (p *relojPass) unplaceable() uint64 {
	tm := &p.tm
	for set := p.present; set != 0; set &= set - 1 {
		x := bits.TrailingZeros64(set)
		tm[x] = int8(max(x, p.pos-1))
		p.reach[x] = reachNone
	}
	for changed := true; changed; {
		changed = false
		p.setTimes()
		open := p.opens()
		var raise [reloj.StockSize]int8
		var raised uint64
		for set := p.present; set != 0; set &= set - 1 {
			x := bits.TrailingZeros64(set)
			if t := int8(p.placeTime(x, open[p.d.Rank[x]])); t > tm[x] {
				raise[x] = t
				raised |= 1 << x
			}
		}
		for ; raised != 0; raised &= raised - 1 {
			x := bits.TrailingZeros64(raised)
			tm[x] = raise[x]
			changed = true
		}
	}
	var out uint64
	for set := p.present; set != 0; set &= set - 1 {
		if x := bits.TrailingZeros64(set); tm[x] == relojNever {
			out |= 1 << x
		}
	}
	return out
}

// nextPassStuck is pinnedStuck carried over the redeal, for the pass before
// the last: stuck are present cards that cannot be placed during this pass
// (unplaceable), so they are all in the last pass's sequence.
//
// Why it never changes a verdict. Take the last pass at the moment after the
// card of index t is drawn, before the next draw. The circle then holds,
// besides today's, cards placed during this pass (never stuck ones) and
// cards of index up to t placed during the last pass; so it holds at most M
// cards of rank r, M from placeableOpt with all those cards optional. The n
// stuck cards of rank r with index up to t have all been drawn on the last
// pass; at most M of them are in the circle, so some k ≥ n − M of them are in
// the waste, and n − k in the circle. The highest of the k, y, leaves after
// the draw of some card J > t (or after the last draw) with the other k−1
// below it; every present card from t+1 to J is in the circle by then
// (placed during this pass, or drawn on the last and placed before y), and
// so are n − k stuck rank-r cards and some of the cards not stuck or of
// index up to t (optional). If no k and J let those fit the circle alone and
// with y, no line wins.
func (h Reloj) nextPassStuck(p *relojPass, stuck uint64) bool {
	free := p.counts(p.present &^ stuck) // cards that may be placed this pass
	var early [reloj.Ranks]int8          // stuck cards of index up to t
	var zero [reloj.Ranks]int8
	memo := relojMemo{c: &p.c}
	for rest := stuck; rest != 0; rest &= rest - 1 {
		t := bits.TrailingZeros64(rest)
		r := int(p.d.Rank[t])
		early[r]++
		var opt [reloj.Ranks]int8
		for q := range opt {
			opt[q] = free[q] + early[q]
		}
		most, _ := memo.placeableOpt(&zero, &opt)
		if early[r] <= most[r] {
			continue
		}
		opt[r] = free[r] // the stuck rank-r cards up to t are counted apart
		after := p.present >> (t + 1) << (t + 1)
		ok := false
		for k := early[r] - most[r]; k <= early[r] && !ok; k++ {
			var must [reloj.Ranks]int8
			must[r] = early[r] - k
			ok = memo.windowsFit(p.d, must, opt, after, after&^stuck, r, k)
		}
		if !ok {
			return true
		}
	}
	return false
}

// windowsFit reports whether k cards of rank y, waiting on the waste one
// above the other with the stock cards in after still to come, can leave it
// top first: the card above leaves after the draw of some J of after, the
// next no sooner, and every card of after up to its J, the cards in must and
// those of the k above it fit the circle with some optional cards opt, alone
// and with it. The cards of after in inOpt are optional until their J is
// passed. Taking for each card the first J that fits is never worse, since
// the card below may use any J from there on (windowStuck's argument).
func (m *relojMemo) windowsFit(d *reloj.Deal, must, opt [reloj.Ranks]int8, after, inOpt uint64, y int, k int8) bool {
	key, keyed := relojKey(&must, &opt) // kept up to date card by card
	next := func() bool {
		if after == 0 {
			return false
		}
		j := bits.TrailingZeros64(after)
		after &= after - 1
		must[d.Rank[j]]++
		if inOpt>>j&1 != 0 {
			opt[d.Rank[j]]--
		} else {
			key += 1 << (6 * d.Rank[j])
		}
		return true
	}
	test := func(must *[reloj.Ranks]int8, key uint64) bool {
		var ok bool
		if keyed {
			_, ok = m.keyed(key, must, &opt)
		} else {
			_, ok = m.c.placeableOpt(must, &opt)
		}
		return ok
	}
	fits := func() bool {
		if !test(&must, key) {
			return false
		}
		with := must
		with[y]++
		return test(&with, key+1<<(6*y))
	}
	next() // the top one leaves after the next draw, if there is one
	for range k {
		for !fits() {
			if !next() {
				return false
			}
		}
		must[y]++
		key += 1 << (6 * y)
	}
	return true
}
