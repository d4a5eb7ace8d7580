package ventaglio

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/internal/testkit"
)

// benchPositions are mid-game positions of seeds 1..64 (random play from
// the deal, foundation moves preferred), each with every legal move.
func benchPositions(b *testing.B) []testkit.Position[State, Move, Game] {
	b.Helper()
	var ps []testkit.Position[State, Move, Game]
	rng := rand.New(rand.NewPCG(1, 2))
	for seed := uint64(1); seed <= 64; seed++ {
		l, err := FromDeal(deck.Deal(deck.French, 2, seed))
		if err != nil {
			b.Fatal(err)
		}
		d, err := NewDeal(l)
		if err != nil {
			b.Fatal(err)
		}
		g := New(d, DefaultRules())
		s := d.Start()
		randomPlay(g, &s, rng, 60+rng.IntN(120), 0.6, nil)
		for _, m := range g.Moves(&s, nil) {
			ps = append(ps, testkit.Position[State, Move, Game]{G: g, S: s, M: m})
		}
	}
	return ps
}

func BenchmarkMoves(b *testing.B) { testkit.BenchMoves(b, benchPositions(b)) }
func BenchmarkApply(b *testing.B) { testkit.BenchApply(b, benchPositions(b)) }
func BenchmarkKey(b *testing.B)   { testkit.BenchKey(b, benchPositions(b)) }

// BenchmarkNode is one search node's rule work: copy the parent, apply a
// move, key the child, list its moves (no table probe).
func BenchmarkNode(b *testing.B) {
	testkit.BenchNode(b, benchPositions(b))
	b.ReportMetric(float64(unsafe.Sizeof(State{})), "B/state")
}
