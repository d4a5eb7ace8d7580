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

// placeTime as first written (the arguments are beside relojPass.placeTime).
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

// fill as first written (the arguments are beside relojPass.fill).
func (p *relojPassRef) fill(q, from int) int {
	t := relojNever
	for set := p.d.RankSet[q] & p.present; set != 0 && from < relojNever; set &= set - 1 {
		t = min(t, p.placeTime(bits.TrailingZeros64(set), from))
	}
	return t
}

// setLate as first written (the arguments are beside relojPass.setLate).
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

// unplaceable as first written (the arguments are beside relojPass.unplaceable).
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
