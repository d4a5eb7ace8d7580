package deck

import "math/bits"

// SplitMix64 is the seeded generator of RULES.md ("Deals from a seed"). Its
// output for a seed must never change: deal numbers are shared between users.
type SplitMix64 struct{ s uint64 }

// NewSplitMix64 starts the generator at seed.
func NewSplitMix64(seed uint64) SplitMix64 { return SplitMix64{s: seed} }

// Next returns the next 64-bit output.
func (g *SplitMix64) Next() uint64 {
	g.s += 0x9E3779B97F4A7C15
	z := g.s
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// Uniform returns an integer in [0,n), n > 0, by Lemire's multiply-shift with
// rejection, exactly as RULES.md writes it.
func (g *SplitMix64) Uniform(n uint64) uint64 {
	hi, lo := bits.Mul64(g.Next(), n)
	if lo < n {
		t := -n % n // (2^64 - n) mod n
		for lo < t {
			hi, lo = bits.Mul64(g.Next(), n)
		}
	}
	return hi
}

// Shuffle permutes cards in place: Fisher–Yates from the end, j = Uniform(i+1).
func Shuffle(cards []Card, seed uint64) {
	g := NewSplitMix64(seed)
	for i := len(cards) - 1; i >= 1; i-- {
		j := g.Uniform(uint64(i + 1))
		cards[i], cards[j] = cards[j], cards[i]
	}
}

// Deal returns copies decks of kind k, shuffled from seed: the deck in dealing
// order, index 0 dealt first (RULES.md).
func Deal(k Kind, copies int, seed uint64) []Card { return DealInto(nil, k, copies, seed) }

// DealInto is Deal into dst's array when it holds the deal (analyze deals a
// million on one buffer a worker), else into a new one.
func DealInto(dst []Card, k Kind, copies int, seed uint64) []Card {
	d := dst[:0]
	for range copies {
		for s := range 4 {
			for r := range k.Ranks() {
				d = append(d, NewCard(s, r))
			}
		}
	}
	Shuffle(d, seed)
	return d
}
