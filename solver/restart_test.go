package solver

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// rankedGraph is graphGame with two move classes (even and odd targets).
type rankedGraph struct{ graphGame }

func (rankedGraph) MoveClass(_ *int32, m int32) int { return int(m & 1) }

// TestRestarts: restarts on random graphs answer as BFS whenever they
// decide (a win replays, an exhausted restart means no win is reachable),
// the shuffled order keeps class 0 first and the same moves, and a run cut
// into slices of a few nodes (resuming the restart under way) makes the
// same nodes and answer as one call.
func TestRestarts(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 4))
	decided := 0
	for i := range 300 {
		g := rankedGraph{randomGraph(r, 40, 3, 0.02)}
		want := g.reachable(0)
		for _, sched := range []Schedule{{Unit: 7}, {Unit: 3, Luby: true}} {
			var whole Restarter[int32, int32, rankedGraph]
			res := whole.Solve(context.Background(), g, 0, sched, 1, Options{MaxNodes: 2000, Table: NewFlat(1 << 16)})
			switch res.Verdict {
			case Winnable:
				decided++
				if msg := g.replay(0, res.Line); msg != "" {
					t.Fatalf("graph %d %+v: %s", i, sched, msg)
				}
			case Unwinnable:
				decided++
				if want {
					t.Fatalf("graph %d %+v: unwinnable, BFS reaches a win", i, sched)
				}
			}
			var cut Restarter[int32, int32, rankedGraph]
			table := NewFlat(1 << 16)
			var nodes int64
			var sl Result[int32]
			for nodes < 2000 {
				sl = cut.Solve(context.Background(), g, 0, sched, 1, Options{MaxNodes: min(5, 2000-nodes), Table: table})
				nodes += sl.Stats.Nodes
				if sl.Verdict != Unknown {
					break
				}
			}
			if sl.Verdict != res.Verdict || nodes != res.Stats.Nodes || len(sl.Line) != len(res.Line) {
				t.Fatalf("graph %d %+v: in slices %v after %d nodes, whole %v after %d", i, sched, sl.Verdict, nodes, res.Verdict, res.Stats.Nodes)
			}
		}
	}
	if decided < 300 {
		t.Errorf("only %d runs decided: the test says little", decided)
	}
	// The shuffle: class 0 first, the same moves.
	g := rankedGraph{graphGame{adj: [][]int32{{1, 2, 3, 4, 5, 6, 7, 8}}, win: make([]bool, 9)}}
	rng := uint64(5)
	var s int32
	ms := g.Moves(&s, nil)
	shuffle(g, &s, ms, &rng)
	seen := 0
	for i, m := range ms {
		seen |= 1 << m
		if i < 4 && m&1 != 0 || i >= 4 && m&1 == 0 {
			t.Errorf("shuffled moves %v: class 0 (even) not first", ms)
		}
	}
	if seen != 0x1fe {
		t.Errorf("shuffled moves %v are not the game's", ms)
	}
}

// rankedGrid is gridGame with move classes, for the allocation test.
type rankedGrid struct{ gridGame }

func (rankedGrid) MoveClass(_ *gridPos, m uint8) int { return int(m & 1) }

// TestRestartAllocations: restarts (shuffling, resuming a restart cut
// short, starting the next) allocate nothing once the buffers have grown:
// a run of 40 restarts of the grid (nothing is won) makes no allocation.
func TestRestartAllocations(t *testing.T) {
	g := rankedGrid{gridGame{w: 32, h: 32}}
	tab := NewFlat(1 << 20)
	var rs Restarter[gridPos, uint8, rankedGrid]
	sched := Schedule{Unit: 300}
	opt := Options{Table: tab, MaxNodes: 12_000}
	rs.Solve(context.Background(), g, gridPos{}, sched, 1, opt)
	if n := testing.AllocsPerRun(5, func() {
		if res := rs.Solve(context.Background(), g, gridPos{}, sched, 1, Options{Table: tab, MaxNodes: 12_050}); res.Reason != ReasonMaxNodes {
			t.Fatalf("grid: %v %q", res.Verdict, res.Reason)
		}
	}); n != 0 {
		t.Fatalf("%v allocations per run of restarts", n)
	}
}

// TestSearchBest: with Score, a search that exhausts a random graph (no
// win) keeps the line to the first position of the highest score among the
// nodes reachable from the start, and that line is a path of the graph.
func TestSearchBest(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 8))
	score := func(v *int32) int { return int(*v*7%23) - 5 }
	for i := range 200 {
		g := randomGraph(r, 40, 3, 0)
		// The highest score over the reachable nodes (BFS).
		seen := map[int32]bool{0: true}
		queue, want := []int32{0}, score(new(int32))
		for len(queue) > 0 {
			v := queue[0]
			queue = queue[1:]
			want = max(want, score(&v))
			for _, w := range g.adj[v] {
				if !seen[w] {
					seen[w] = true
					queue = append(queue, w)
				}
			}
		}
		z := Searcher[int32, int32, graphGame]{Score: score}
		if res := z.Solve(context.Background(), g, 0, Options{Table: NewFlat(1 << 16)}); res.Verdict != Unwinnable {
			t.Fatalf("graph %d: %v, want unwinnable", i, res.Verdict)
		}
		got, line := z.Best()
		if got != want {
			t.Fatalf("graph %d: best score %d, want %d", i, got, want)
		}
		cur := int32(0)
		for j, m := range line {
			if !slices.Contains(g.adj[cur], m) {
				t.Fatalf("graph %d: best line move %d (%d -> %d) is not an edge", i, j+1, cur, m)
			}
			cur = m
		}
		if score(&cur) != want {
			t.Fatalf("graph %d: best line ends on %d, score %d, want %d", i, cur, score(&cur), want)
		}
	}
	// Without Score: nothing kept.
	var z Searcher[int32, int32, graphGame]
	z.Solve(context.Background(), randomGraph(r, 40, 3, 0), 0, Options{Table: NewFlat(1 << 16)})
	if sc, line := z.Best(); sc != 0 || line != nil {
		t.Errorf("without Score: Best %d %v, want 0 nil", sc, line)
	}
}
