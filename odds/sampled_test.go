package odds_test

import (
	"context"
	"math"
	"math/big"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/odds"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state/orologio"
)

// wilson is the 95% Wilson score interval of won successes in n trials.
func wilson(won, n int) (lo, hi float64) {
	const z = 1.959963984540054
	p, fn := float64(won)/float64(n), float64(n)
	den := 1 + z*z/fn
	mid := (p + z*z/(2*fn)) / den
	half := z / den * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn))
	return mid - half, mid + half
}

// clockWon plays seed of the named clock game out with the packed rules.
func clockWon(name string, seed uint64) bool {
	if name == "orologio" {
		g, s, _ := orologio.NewItalian(deck.Deal(deck.Italian, 1, seed))
		_, won := orologio.PlayOut(g, s, nil)
		return won
	}
	g, s, _ := orologio.NewFrench(deck.Deal(deck.French, 1, seed))
	_, won := orologio.PlayOut(g, s, nil)
	return won
}

// sampleSeeds is the sample: seeds 0..199,999, fixed, so the test is
// deterministic.
const sampleSeeds = 200_000

// TestSampledRateAgrees plays seeds 0..199,999 of both clock games and checks
// that the exact probability lies inside the sample's 95% Wilson interval.
// (TestTableAgreesWithPlayOut shows that solving through the games table,
// as the analyzer does, gives the same verdicts.)
func TestSampledRateAgrees(t *testing.T) {
	oro, _ := odds.Orologio(odds.Italian)
	clock, _ := odds.Clock(13, 4)
	for _, c := range []struct {
		name  string
		exact *big.Rat
	}{{"orologio", oro}, {"orologio52", clock}} {
		won := 0
		for seed := range uint64(sampleSeeds) {
			if clockWon(c.name, seed) {
				won++
			}
		}
		lo, hi := wilson(won, sampleSeeds)
		exact, _ := c.exact.Float64()
		t.Logf("%s: %d of %d won (%.5f), 95%% interval [%.5f, %.5f], exact %.5f", c.name, won, sampleSeeds, float64(won)/sampleSeeds, lo, hi, exact)
		if exact < lo || exact > hi {
			t.Errorf("%s: exact %.6f outside the sampled interval [%.6f, %.6f]", c.name, exact, lo, hi)
		}
	}
}

// TestTableAgreesWithPlayOut solves the first seeds of the sample through
// games.Lookup(name).Solve and compares each verdict with the play-out's.
func TestTableAgreesWithPlayOut(t *testing.T) {
	n := uint64(20_000)
	if testing.Short() {
		n = 2_000
	}
	for _, name := range []string{"orologio", "orologio52"} {
		g, err := games.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		for seed := range n {
			out, err := g.Solve(context.Background(), g.SeedDeal(seed), games.Config{Rules: g.Defaults})
			if err != nil {
				t.Fatal(err)
			}
			if (out.Verdict == solver.Winnable) != clockWon(name, seed) || out.Verdict == solver.Unknown {
				t.Fatalf("%s seed %d: table says %v, play-out won=%v", name, seed, out.Verdict, clockWon(name, seed))
			}
		}
	}
}

func TestWilson(t *testing.T) {
	// 50 of 100: the textbook interval [0.4038, 0.5962].
	lo, hi := wilson(50, 100)
	if math.Abs(lo-0.4038) > 1e-4 || math.Abs(hi-0.5962) > 1e-4 {
		t.Fatalf("wilson(50,100) = [%.4f, %.4f]", lo, hi)
	}
}
