package testkit

import (
	"testing"

	"github.com/solitario/solitario/solver"
)

// scratch: a position whose address goes to a method called through the
// generic dictionary escapes, so a local copy would cost an allocation a
// call (docs/experiments.md); the benchmarks copy into a slot of a slice made
// once instead, as solver.Searcher makes each child in its stack.

// BenchMoves times move generation on ps, in turn, into one reused list;
// it reports moves/op (the average list length).
func BenchMoves[S, M any, G solver.Game[S, M]](b *testing.B, ps []Position[S, M, G]) {
	buf := make([]M, 0, 64)
	n := 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p := &ps[i%len(ps)]
		buf = p.G.Moves(&p.S, buf)
		n += len(buf)
	}
	b.ReportMetric(float64(n)/float64(b.N), "moves/op")
}

// BenchApply times Apply of each position's move on a copy of it.
func BenchApply[S, M any, G solver.Game[S, M]](b *testing.B, ps []Position[S, M, G]) {
	child := make([]S, 1) // see scratch
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p := &ps[i%len(ps)]
		child[0] = p.S
		p.G.Apply(&child[0], p.M)
	}
}

// BenchKey times the key of each position.
func BenchKey[S, M any, G solver.Game[S, M]](b *testing.B, ps []Position[S, M, G]) {
	var x uint64
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p := &ps[i%len(ps)]
		k := p.G.Key(&p.S)
		x ^= k.Hi ^ k.Lo
	}
	_ = x
}

// BenchNode times one search node's work on the state (no table probe):
// copy the parent, apply the move, test the child won, key it and list its
// moves.
func BenchNode[S, M any, G solver.Game[S, M]](b *testing.B, ps []Position[S, M, G]) {
	buf := make([]M, 0, 64)
	child := make([]S, 1) // see scratch
	s := &child[0]
	var x uint64
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p := &ps[i%len(ps)]
		*s = p.S
		p.G.Apply(s, p.M)
		if !p.G.Won(s) {
			x ^= p.G.Key(s).Hi
			buf = p.G.Moves(s, buf)
		}
	}
	_ = x
}

// BenchPlayOut times whole play-outs of g from start, always taking the
// first legal move, Moves, Apply and Key per node; it reports ns/node.
func BenchPlayOut[S, M any, G solver.Game[S, M]](b *testing.B, g G, start S) {
	buf := make([]M, 0, 16)
	pos := make([]S, 1) // see scratch
	s := &pos[0]
	var x uint64
	nodes := int64(0)
	b.ReportAllocs()
	for b.Loop() {
		*s = start
		for !g.Won(s) {
			buf = g.Moves(s, buf)
			if len(buf) == 0 {
				break
			}
			g.Apply(s, buf[0])
			x ^= g.Key(s).Lo
			nodes++
		}
	}
	_ = x
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(max(nodes, 1)), "ns/node")
}

// ReportNodes reports the node rate of the searches a benchmark made, nodes
// in all: ns/node, nodes/s and nodes/op (nothing when nodes is 0).
func ReportNodes(b *testing.B, nodes int64) {
	if nodes <= 0 {
		return
	}
	n := float64(nodes)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/node")
	b.ReportMetric(n/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(n/float64(b.N), "nodes/op")
}
