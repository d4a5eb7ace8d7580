package sietes

import (
	"math/rand/v2"
	"testing"

	"github.com/solitario/solitario/deck"
)

// benchPositions are positions met in random play of one deal under r, with
// one legal move each, so the benchmarks see realistic states.
func benchPositions(r Rules) (Game, []State, []Move) {
	rng := rand.New(rand.NewPCG(7, 8))
	g, start, _, _ := NewGame(r, deck.Deal(deck.Spanish, 1, 160))
	var states []State
	var moves []Move
	for len(states) < 1024 {
		s := start
		for {
			ms := g.Moves(&s, nil)
			if len(ms) == 0 {
				break
			}
			m := ms[rng.IntN(len(ms))]
			states = append(states, s)
			moves = append(moves, m)
			g.Apply(&s, m)
		}
	}
	return g, states, moves
}

func BenchmarkMoves(b *testing.B) {
	g, states, _ := benchPositions(Rules{Free, 1})
	buf := make([]Move, 0, 16)
	b.ReportAllocs()
	n := 0
	for i := 0; b.Loop(); i++ {
		n += len(g.Moves(&states[i%len(states)], buf))
	}
	b.ReportMetric(float64(n)/float64(b.N), "moves/op")
}

func BenchmarkApply(b *testing.B) {
	g, states, moves := benchPositions(Rules{Free, 1})
	b.ReportAllocs()
	var sink State
	for i := 0; b.Loop(); i++ {
		s := states[i%len(states)]
		g.Apply(&s, moves[i%len(moves)])
		sink = s
	}
	_ = sink
}

func BenchmarkKey(b *testing.B) {
	g, states, _ := benchPositions(Rules{Free, 1})
	b.ReportAllocs()
	var x uint64
	for i := 0; b.Loop(); i++ {
		k := g.Key(&states[i%len(states)])
		x ^= k.Lo ^ k.Hi
	}
	_ = x
}
