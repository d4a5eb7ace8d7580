package ventaglio

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// TestRolloutWins: the rollouts' iterated levels win deal 53 under
// --empty-provisional never (not won by the exact search's first 20M
// nodes), and the line replays to a win by the rules alone.
func TestRolloutWins(t *testing.T) {
	d, g := neverDeal(t, 53)
	h := New(g, solver.Strategy{Order: true, Prune: true})
	start := d.Start()
	r := NewRollout(h)
	res := r.Iterate(context.Background(), start, 1, solver.Options{MaxNodes: 3_000_000})
	if res.Verdict != solver.Winnable {
		t.Fatalf("deal 53: %v %s after %d nodes, best %d up", res.Verdict, res.Reason, res.Stats.Nodes, r.lastUp)
	}
	s := start
	for i, m := range res.Line {
		if !slices.Contains(g.Moves(&s, nil), m) {
			t.Fatalf("move %d (%v) is not a move of the rules", i, m)
		}
		g.Apply(&s, m)
	}
	if !g.Won(&s) {
		t.Fatalf("the line of %d moves ends with %d up", len(res.Line), s.Up())
	}
	t.Logf("won in %d nodes, a line of %d moves", res.Stats.Nodes, len(res.Line))
}

// TestRolloutLevels: on the same seed, level n's line ends at a position
// scoring no lower than level n-1's (level n starts from level n-1's
// line), and each line ends at the score reported.
func TestRolloutLevels(t *testing.T) {
	for _, seed := range []uint64{1, 2, 9, 28} {
		d, g := neverDeal(t, seed)
		h := New(g, solver.Strategy{Order: true, Prune: true})
		r := NewRollout(h)
		start := d.Start()
		prev := int64(math.MinInt64)
		for level := range 2 {
			res := r.Search(context.Background(), start, level, 7, solver.Options{})
			if res.Reason != "" {
				t.Fatalf("deal %d level %d: stopped (%s)", seed, level, res.Reason)
			}
			if r.lastScore < prev {
				t.Errorf("deal %d level %d: score %d below level %d's %d", seed, level, r.lastScore, level-1, prev)
			}
			t.Logf("deal %d level %d: %v, %d nodes, %d up, score %d", seed, level, res.Verdict, res.Stats.Nodes, r.lastUp, r.lastScore)
			prev = r.lastScore
		}
	}
}

// TestRolloutSlices: the slices of 5,000 nodes make the same search as
// Iterate in one piece (the same win, line and nodes), and a start with
// no moves is over at once.
func TestRolloutSlices(t *testing.T) {
	d, g := neverDeal(t, 53)
	h := New(g, solver.Strategy{Order: true, Prune: true})
	start := d.Start()
	whole := NewRollout(h).Iterate(context.Background(), start, 1, solver.Options{})
	sl := NewRollout(h).Slices(start, 1)
	defer sl.Close()
	var nodes int64
	var res solver.Result[vg.Move]
	for !sl.Over() {
		res = sl.Slice(context.Background(), solver.Options{MaxNodes: 5000})
		if res.Stats.Nodes > 5000 {
			t.Fatalf("a slice of %d nodes", res.Stats.Nodes)
		}
		nodes += res.Stats.Nodes
	}
	if res.Verdict != solver.Winnable || !slices.Equal(res.Line, whole.Line) {
		t.Fatalf("sliced: %v, %d moves; whole: %v, %d moves", res.Verdict, len(res.Line), whole.Verdict, len(whole.Line))
	}
	// Each Search counts its start as a node; the slices count moves made.
	if nodes > whole.Stats.Nodes || nodes < whole.Stats.Nodes-10 {
		t.Errorf("sliced %d nodes, whole %d", nodes, whole.Stats.Nodes)
	}
	// A position whose moves are none (dead at the start: seed 3, lost
	// at the root by the reserve order).
	d3, g3 := neverDeal(t, 3)
	h3 := New(g3, solver.Strategy{Order: true, Prune: true})
	s3 := NewRollout(h3).Slices(d3.Start(), 1)
	defer s3.Close()
	if r := s3.Slice(context.Background(), solver.Options{MaxNodes: 5000}); r.Verdict != solver.Unknown || !s3.Over() {
		t.Errorf("dead start: %v, over %v", r.Verdict, s3.Over())
	}
}

// TestRolloutAllocations: a search that reuses its buffers allocates
// nothing (a level-1 search of deal 9, about 40,000 positions).
func TestRolloutAllocations(t *testing.T) {
	d, g := neverDeal(t, 9)
	h := New(g, solver.Strategy{Order: true, Prune: true})
	r := NewRollout(h)
	start := d.Start()
	r.Search(context.Background(), start, 1, 3, solver.Options{})
	if n := testing.AllocsPerRun(3, func() {
		r.Search(context.Background(), start, 1, 3, solver.Options{})
	}); n != 0 {
		t.Errorf("%v allocations a search", n)
	}
}
