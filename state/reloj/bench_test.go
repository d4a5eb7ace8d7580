package reloj

import (
	"math/rand/v2"
	"testing"

	"github.com/solitario/solitario/deck"
)

// benchPositions are positions met in random play of seeds 1..64 under r,
// with one legal move each, so the benchmarks see realistic states.
func benchPositions(r Rules) (Game, []State, []Move) {
	rng := rand.New(rand.NewPCG(7, 8))
	var games []Game
	var states []State
	var moves []Move
	for seed := uint64(1); seed <= 64; seed++ {
		g, s, _ := NewGame(r, deck.Deal(deck.Spanish, 1, seed))
		games = append(games, g)
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
		if len(states) >= 1024 {
			break
		}
	}
	// The positions come from several deals; the ranks of the first game's
	// deal drive every benchmark, which is fine for timing as long as each
	// move is legal there: keep only those.
	g := games[0]
	var ks []State
	var km []Move
	for i, s := range states {
		for _, m := range g.Moves(&s, nil) {
			if m == moves[i] {
				ks, km = append(ks, s), append(km, m)
				break
			}
		}
	}
	return g, ks, km
}

func BenchmarkMoves(b *testing.B) {
	g, states, _ := benchPositions(Rules{Free, 2})
	buf := make([]Move, 0, 16)
	b.ReportAllocs()
	n := 0
	for i := 0; b.Loop(); i++ {
		s := &states[i%len(states)]
		n += len(g.Moves(s, buf))
	}
	b.ReportMetric(float64(n)/float64(b.N), "moves/op")
}

func BenchmarkApply(b *testing.B) {
	g, states, moves := benchPositions(Rules{Free, 2})
	b.ReportAllocs()
	var sink State
	for i := 0; b.Loop(); i++ {
		k := i % len(states)
		s := states[k]
		g.Apply(&s, moves[k])
		sink.hi ^= s.hi
	}
	_ = sink
}

func BenchmarkKey(b *testing.B) {
	g, states, _ := benchPositions(Rules{Free, 2})
	b.ReportAllocs()
	var x uint64
	for i := 0; b.Loop(); i++ {
		k := g.Key(&states[i%len(states)])
		x ^= k.Hi ^ k.Lo
	}
	_ = x
}

// BenchmarkNode is one search node's work on the state: copy, apply, won,
// key, and the child's move list.
func BenchmarkNode(b *testing.B) {
	g, states, moves := benchPositions(Rules{Free, 2})
	buf := make([]Move, 0, 16)
	b.ReportAllocs()
	n := 0
	for i := 0; b.Loop(); i++ {
		k := i % len(states)
		s := states[k]
		g.Apply(&s, moves[k])
		if !g.Won(&s) {
			_ = g.Key(&s)
			n += len(g.Moves(&s, buf))
		}
	}
	_ = n
}
