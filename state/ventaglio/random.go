package ventaglio

import (
	"math/rand/v2"

	"github.com/solitario/solitario/deck"
)

// RandomLayout is a random position near the end of play, for tests and
// benchmarks: inPlay cards (1..91) off the foundations, the rest up. The
// foundations are cut down at random from complete, two per suit in random
// slots (so every card left is one its foundation still needs); the cards
// left are shuffled and laid out: some in the arc and the reserve, short
// runs of neighbours on the provisional bases, the rest in the stock, split
// at random between waste and stock, at a random pass of three with the
// placed flag at random. It is a position the rules accept, not
// necessarily one reachable from a deal.
func RandomLayout(rng *rand.Rand, inPlay int) Layout {
	inPlay = max(1, min(inPlay, PoolSize))
	l := Layout{Base: rng.IntN(SuitLength), Pass: 1 + rng.IntN(3), Placed: rng.IntN(2) == 0}
	var counts [Foundations]int
	for f := range counts {
		counts[f] = SuitLength
	}
	for range inPlay {
		for {
			f := rng.IntN(Foundations)
			if counts[f] > 0 {
				counts[f]--
				break
			}
		}
	}
	var left []deck.Card
	for f, n := range counts {
		for k := n; k < SuitLength; k++ {
			left = append(left, deck.NewCard(f/2, (l.Base+k)%SuitLength))
		}
	}
	rng.Shuffle(len(left), func(i, j int) { left[i], left[j] = left[j], left[i] })
	take := func(n int) []deck.Card {
		n = min(n, len(left))
		out := append([]deck.Card(nil), left[:n]...)
		left = left[n:]
		return out
	}
	l.Arc = take(rng.IntN(min(ArcSize, len(left)/3) + 1))
	l.Reserve = take(rng.IntN(min(ReserveSize, len(left)/4) + 1))
	for i := range Provisional {
		if len(left) == 0 {
			break
		}
		h := rng.IntN(4)
		for j := 0; j < h && len(left) > 0; j++ {
			if j == 0 {
				l.Prov[i] = take(1)
				continue
			}
			top := l.Prov[i][len(l.Prov[i])-1]
			k := -1
			for x, c := range left {
				if d := c.Rank() - top.Rank(); d == 1 || d == -1 {
					k = x
					break
				}
			}
			if k < 0 {
				break
			}
			left[0], left[k] = left[k], left[0]
			l.Prov[i] = append(l.Prov[i], take(1)...)
		}
	}
	l.Stock = take(len(left))
	l.Draw = rng.IntN(len(l.Stock) + 1)
	perm := rng.Perm(Foundations)
	for f, n := range counts {
		l.Foundations[perm[f]] = FoundationState{Suit: f / 2, Count: n}
		if n == 0 {
			l.Foundations[perm[f]].Suit = 0
		}
	}
	return l
}
