package solver

import (
	"context"
	"testing"
)

// The benchmarks search gridGame (a 128×128 torus, 16,384 positions, three
// moves each, nothing won) to the end, once per op, with a reused Searcher
// and table: ns/node and nodes/s are per position generated; allocs/op must
// be 0 (no win, so no line is allocated).

var benchGrid = gridGame{w: 128, h: 128}

const benchTableMem = 32 << 20

func reportNodes(b *testing.B, nodes int64) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func benchSolve[G Game[gridPos, uint8]](b *testing.B, g G, tab Table) {
	var z Searcher[gridPos, uint8, G]
	opt := Options{Table: tab}
	z.Solve(context.Background(), g, gridPos{}, opt) // grow the buffers
	b.ReportAllocs()
	b.ResetTimer()
	var nodes int64
	for b.Loop() {
		res := z.Solve(context.Background(), g, gridPos{}, opt)
		if res.Verdict != Unwinnable {
			b.Fatalf("grid: %v", res.Verdict)
		}
		nodes += res.Stats.Nodes
	}
	reportNodes(b, nodes)
}

// BenchmarkSearchFlat: the generic search instantiated with the game's own
// type (how games call it), flat table.
func BenchmarkSearchFlat(b *testing.B) {
	benchSolve[gridGame](b, benchGrid, NewFlat(benchTableMem))
}

// BenchmarkSearchInterface: the same search instantiated with the Game
// interface as G, so every Moves/Apply/Won/Key is an interface call.
func BenchmarkSearchInterface(b *testing.B) {
	benchSolve[Game[gridPos, uint8]](b, benchGrid, NewFlat(benchTableMem))
}

// BenchmarkSearchRistretto: the generic search with the ristretto table.
// Its Add allocates inside ristretto, and its Set is asynchronous, so it
// re-searches what was not yet admitted.
func BenchmarkSearchRistretto(b *testing.B) {
	tab, err := NewRistretto(benchTableMem)
	if err != nil {
		b.Fatal(err)
	}
	defer tab.Close()
	benchSolve[gridGame](b, benchGrid, tab)
}

// BenchmarkSearchHandWritten is the search loop written out for gridGame
// with direct calls (test-only): the ceiling a generic search could reach
// if its calls were direct and inlined.
func BenchmarkSearchHandWritten(b *testing.B) {
	tab := NewFlat(benchTableMem)
	var z Searcher[gridPos, uint8, gridGame]
	solveGridByHand(&z, benchGrid, tab)
	b.ReportAllocs()
	b.ResetTimer()
	var nodes int64
	for b.Loop() {
		n, won := solveGridByHand(&z, benchGrid, tab)
		if won {
			b.Fatal("grid won")
		}
		nodes += n
	}
	reportNodes(b, nodes)
}

// solveGridByHand is Searcher.Solve's loop with gridGame's methods called
// directly and without limits: only for the benchmark.
func solveGridByHand(z *Searcher[gridPos, uint8, gridGame], g gridGame, table *Flat) (int64, bool) {
	table.Clear()
	path := &z.path
	path.reset()
	if cap(z.stack) == 0 {
		z.stack = make([]frame[gridPos], 0, 256)
	}
	stack := z.stack[:1]
	stack[0] = frame[gridPos]{}
	stack[0].key = g.Key(&stack[0].s)
	stack[0].end = z.movesAt(g, &stack[0].s, 0)
	path.add(stack[0].key, mix(stack[0].key))
	nodes := int64(1)
	for len(stack) > 0 {
		top := len(stack) - 1
		f := &stack[top]
		if f.next == f.end {
			table.Add(f.key)
			path.pop()
			stack = stack[:top]
			continue
		}
		m := z.moves[f.next]
		f.next++
		child := f.s
		g.Apply(&child, m)
		nodes++
		if g.Won(&child) {
			z.stack = stack[:0]
			return nodes, true
		}
		k := g.Key(&child)
		if path.has(k, mix(k)) || table.Contains(k) {
			continue
		}
		if len(stack) == cap(stack) {
			stack = append(stack, frame[gridPos]{})
		} else {
			stack = stack[:len(stack)+1]
		}
		at := stack[top].end
		nf := &stack[len(stack)-1]
		nf.s, nf.key, nf.next = child, k, at
		nf.end = z.movesAt(g, &nf.s, at)
		path.add(k, mix(k))
	}
	z.stack = stack[:0]
	return nodes, false
}

// The call micro-benchmarks time one Apply+Won+Key on a position, called
// directly, through a type parameter, and through the interface.

var sinkKey Key

func BenchmarkCallDirect(b *testing.B) {
	g := benchGrid
	var s gridPos
	for b.Loop() {
		g.Apply(&s, 2)
		if !g.Won(&s) {
			sinkKey = g.Key(&s)
		}
	}
}

func callGeneric[G Game[gridPos, uint8]](b *testing.B, g G) {
	var s gridPos
	for b.Loop() {
		g.Apply(&s, 2)
		if !g.Won(&s) {
			sinkKey = g.Key(&s)
		}
	}
}

func BenchmarkCallGeneric(b *testing.B) { callGeneric[gridGame](b, benchGrid) }

func BenchmarkCallInterface(b *testing.B) {
	callGeneric[Game[gridPos, uint8]](b, benchGrid)
}
