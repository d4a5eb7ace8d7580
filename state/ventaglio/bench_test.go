package ventaglio

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/solitario/solitario/deck"
)

// benchPositions are mid-game positions of seeds 1..64 (random play from
// the deal, foundation moves preferred), with the game of each.
func benchPositions(b *testing.B) ([]Game, []State) {
	b.Helper()
	var gs []Game
	var ss []State
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
		gs = append(gs, g)
		ss = append(ss, s)
	}
	return gs, ss
}

func BenchmarkMoves(b *testing.B) {
	gs, ss := benchPositions(b)
	buf := make([]Move, 0, 64)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j := i & 63
		buf = gs[j].Moves(&ss[j], buf)
	}
}

func BenchmarkApply(b *testing.B) {
	gs, ss := benchPositions(b)
	var ms [64][]Move
	for j := range ms {
		ms[j] = gs[j].Moves(&ss[j], nil)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j := i & 63
		if len(ms[j]) == 0 {
			continue
		}
		c := ss[j]
		gs[j].Apply(&c, ms[j][i%len(ms[j])])
	}
}

func BenchmarkKey(b *testing.B) {
	gs, ss := benchPositions(b)
	var sink uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j := i & 63
		k := gs[j].Key(&ss[j])
		sink ^= k.Lo
	}
	_ = sink
}

// BenchmarkNode is one search node's rule work: copy the parent, apply a
// move, key the child, list its moves (no table probe).
func BenchmarkNode(b *testing.B) {
	gs, ss := benchPositions(b)
	var ms [64][]Move
	for j := range ms {
		ms[j] = gs[j].Moves(&ss[j], nil)
	}
	buf := make([]Move, 0, 64)
	var sink uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j := i & 63
		if len(ms[j]) == 0 {
			continue
		}
		c := ss[j]
		gs[j].Apply(&c, ms[j][i%len(ms[j])])
		sink ^= gs[j].Key(&c).Hi
		buf = gs[j].Moves(&c, buf)
	}
	_ = sink
	b.ReportMetric(float64(unsafe.Sizeof(State{})), "B/state")
}
