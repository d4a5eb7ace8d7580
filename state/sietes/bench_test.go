package sietes

import (
	"math/rand/v2"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/internal/testkit"
)

// benchPositions are positions met in random play of one deal under r, with
// one legal move each, so the benchmarks see realistic states.
func benchPositions(r Rules) []testkit.Position[State, Move, Game] {
	rng := rand.New(rand.NewPCG(7, 8))
	g, start, _, _ := NewGame(r, deck.Deal(deck.Spanish, 1, 160))
	var ps []testkit.Position[State, Move, Game]
	for len(ps) < 1024 {
		ps = append(ps, testkit.RandomGame(g, start, rng, 1000)...)
	}
	return ps
}

func BenchmarkMoves(b *testing.B) { testkit.BenchMoves(b, benchPositions(Rules{Free, 1})) }
func BenchmarkApply(b *testing.B) { testkit.BenchApply(b, benchPositions(Rules{Free, 1})) }
func BenchmarkKey(b *testing.B)   { testkit.BenchKey(b, benchPositions(Rules{Free, 1})) }
