package reloj

import (
	"math/rand/v2"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/internal/testkit"
)

type position = testkit.Position[State, Move, Game]

// benchPositions are positions met in random play of seeds 1..64 under r,
// with one legal move each, so the benchmarks see realistic states.
func benchPositions(r Rules) []position {
	rng := rand.New(rand.NewPCG(7, 8))
	var ps []position
	for seed := uint64(1); seed <= 64 && len(ps) < 1024; seed++ {
		g, s, _ := NewGame(r, deck.Deal(deck.Spanish, 1, seed))
		ps = append(ps, testkit.RandomGame(g, s, rng, 1000)...)
	}
	// The positions come from several deals; the ranks of the first game's
	// deal drive every benchmark, which is fine for timing as long as each
	// move is legal there: keep only those.
	g := ps[0].G
	var kept []position
	for _, p := range ps {
		for _, m := range g.Moves(&p.S, nil) {
			if m == p.M {
				kept = append(kept, position{G: g, S: p.S, M: m})
				break
			}
		}
	}
	return kept
}

func BenchmarkMoves(b *testing.B) { testkit.BenchMoves(b, benchPositions(Rules{Free, 2})) }
func BenchmarkApply(b *testing.B) { testkit.BenchApply(b, benchPositions(Rules{Free, 2})) }
func BenchmarkKey(b *testing.B)   { testkit.BenchKey(b, benchPositions(Rules{Free, 2})) }

// BenchmarkNode is one search node's work on the state: copy, apply, won,
// key, and the child's move list.
func BenchmarkNode(b *testing.B) { testkit.BenchNode(b, benchPositions(Rules{Free, 2})) }
