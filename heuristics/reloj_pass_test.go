package heuristics

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/state/reloj"
)

// relojPassRef is unplaceable as first written (one card's bound at a time,
// each scan over the cards above it from scratch), kept as the reference
// the faster form must agree with (TestRelojUnplaceableAgrees).
type relojPassRef struct {
	d       *reloj.Deal
	c       relojCircle
	present uint64
	pos     int
	tm      [reloj.StockSize]int8
	late    uint64
}

// placeTime is a lower bound on the earliest time, not before from, at which
// present card x can be placed during this pass, given lower bounds p.tm on
// every present card's time; relojNever when there is none.
//
// Why it is a lower bound. A waste card is free from now at the soonest, a
// stock card from its draw: placed at the first moment its slot is open
// (from, at the soonest), that moment is its time. Placed later, x waits on
// the waste from its draw (or from now) to some time J, and every present
// card above it in the sequence up to J leaves for the circle before x does
// (it is drawn onto x, or was on it already), so each of them has a time up
// to J. The first J ≥ from for which the bounds allow that is not after x's
// real time. And a card that waits can use, to open its slot, only cards
// placed by the time it is free (a bound up to then) or above it: when the
// ranks of those cannot open a slot of its rank (reachable, as in
// buriedWaste), it is never placed later than that (setLate).
func (p *relojPassRef) placeTime(x, from int) int {
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
	tm := &p.tm
	late := 0 // the latest bound among the cards above x so far
	for rest := p.present >> (x + 1) << (x + 1); rest != 0; rest &= rest - 1 {
		j := bits.TrailingZeros64(rest)
		late = max(late, int(tm[j]))
		if j >= from && j >= late && j >= p.pos {
			return j
		}
	}
	return relojNever
}

// fill is the earliest time a slot of rank q open from time from can be
// filled, by any present card of rank q (placeTime's lower bound).
func (p *relojPassRef) fill(q, from int) int {
	t := relojNever
	for set := p.d.RankSet[q] & p.present; set != 0 && from < relojNever; set &= set - 1 {
		t = min(t, p.placeTime(bits.TrailingZeros64(set), from))
	}
	return t
}

// setLate computes p.late from p.tm (see placeTime).
func (p *relojPassRef) setLate() {
	p.late = 0
	var above uint16 // ranks of the present cards above x
	for x := reloj.StockSize - 1; x >= 0; x-- {
		if p.present>>x&1 == 0 {
			continue
		}
		reach := above
		if x >= p.pos { // a waste card has only the cards above it
			for set := p.present & (1<<x - 1); set != 0; set &= set - 1 {
				if z := bits.TrailingZeros64(set); int(p.tm[z]) <= x {
					reach |= 1 << p.d.Rank[z]
				}
			}
		}
		if p.c.reachable(int(p.d.Rank[x]), reach) {
			p.late |= 1 << x
		}
		above |= 1 << p.d.Rank[x]
	}
}

// opens is relojOpens with the reference's fill.
func (p *relojPassRef) opens() [reloj.Ranks]int { return relojOpens(&p.c, p.pos-1, p.fill) }

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
// raises others. A card whose bound reaches relojNever stays out of the
// circle until the next redeal.
func (p *relojPassRef) unplaceable() uint64 {
	tm := &p.tm
	for set := p.present; set != 0; set &= set - 1 {
		x := bits.TrailingZeros64(set)
		tm[x] = int8(max(x, p.pos-1))
	}
	for changed := true; changed; {
		changed = false
		p.setLate()
		open := p.opens()
		for set := p.present; set != 0; set &= set - 1 {
			x := bits.TrailingZeros64(set)
			if t := int8(p.placeTime(x, open[p.d.Rank[x]])); t > tm[x] {
				tm[x] = t
				changed = true
			}
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

// TestRelojUnplaceableAgrees: on the positions of random games of every play
// mode with 1, 2, 3 and unlimited passes, unplaceable names the same cards
// as the reference and ends at the same bounds (the least fixpoint), card
// for card; enough of those positions name a card and have a bound raised
// past the start that the agreement says something.
func TestRelojUnplaceableAgrees(t *testing.T) {
	seeds := 600
	if testing.Short() {
		seeds = 150
	}
	rng := rand.New(rand.NewPCG(35, 36))
	positions, named, raised := 0, 0, 0
	for _, play := range []reloj.Play{reloj.Forced, reloj.Free} {
		for _, passes := range []int{1, 2, 3, 0} {
			r := reloj.Rules{Play: play, Passes: passes}
			for seed := uint64(1); seed <= uint64(seeds); seed++ {
				g, s, _ := reloj.NewGame(r, deck.Deal(deck.Spanish, 1, seed))
				h := Reloj{G: g, Order: true, Prune: true}
				for _, q := range placeWalk(g, s, rng) {
					p := h.loadPass(&q)
					ref := relojPassRef{d: p.d, c: p.c, present: p.present, pos: p.pos}
					got, want := p.unplaceable(), ref.unplaceable()
					positions++
					if got != want || p.tm != ref.tm {
						t.Fatalf("%v seed %d at %s: unplaceable %#x, bounds %v; the reference %#x, %v", r, seed, g.Format(&q), got, p.tm, want, ref.tm)
					}
					if got != 0 {
						named++
					}
					for set := p.present; set != 0; set &= set - 1 {
						if x := bits.TrailingZeros64(set); int(p.tm[x]) > max(x, p.pos-1) && p.tm[x] < relojNever {
							raised++
							break
						}
					}
				}
			}
		}
	}
	t.Logf("%d positions, %d with a card named, %d with a bound raised short of never", positions, named, raised)
	if named < positions/100 || raised < positions/100 {
		t.Errorf("%d positions, %d with a card named, %d with a bound raised: too few to say anything", positions, named, raised)
	}
}
