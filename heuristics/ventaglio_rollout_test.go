package heuristics

import (
	"context"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// TestMeasureNeverRollout measures VentaglioRollout alone under
// --empty-provisional never (docs/design.md, the never section).
// VENTAGLIO_ROLLOUT_SEEDS is a comma list of seeds, VENTAGLIO_ROLLOUT_NODES
// the budget a deal (default 20M), VENTAGLIO_ROLLOUT_MODE "iterate"
// (Iterate: levels 1, 2, ...) or "level:N" (level N again and again, the
// policy's seed 1, 2, ..., until the budget is spent),
// VENTAGLIO_ROLLOUT_STALL the rollouts' stall bound. It logs per deal the
// verdict, the nodes and the most cards up, and the wins in all. For
// example:
//
//	VENTAGLIO_ROLLOUT_SEEDS=1,2,9 VENTAGLIO_ROLLOUT_NODES=5000000 \
//	  nice go test -count=1 -run TestMeasureNeverRollout -v ./heuristics/
func TestMeasureNeverRollout(t *testing.T) {
	env := measureEnv{t}
	seeds := env.seeds("VENTAGLIO_ROLLOUT_SEEDS")
	budget := env.int("VENTAGLIO_ROLLOUT_NODES", 20_000_000)
	mode, arg, _ := strings.Cut(os.Getenv("VENTAGLIO_ROLLOUT_MODE"), ":")
	level := -1
	switch mode {
	case "", "iterate":
	case "level":
		level = int(env.num("VENTAGLIO_ROLLOUT_MODE", arg))
	default:
		t.Fatalf("VENTAGLIO_ROLLOUT_MODE: %q", mode)
	}
	stall := int(env.int("VENTAGLIO_ROLLOUT_STALL", 0))
	var wins []string
	var total int64
	for _, seed := range seeds {
		d, g := neverDeal(t, seed)
		h := NewVentaglio(g, solver.Strategy{Order: true, Prune: true})
		start := d.Start()
		r := NewVentaglioRollout(h)
		r.Stall = stall
		var res solver.Result[vg.Move]
		var nodes int64
		runs, bestUp := 0, 0
		if level < 0 {
			res = r.Iterate(context.Background(), start, 1, solver.Options{MaxNodes: budget})
			nodes = res.Stats.Nodes
			bestUp = r.lastUp
		} else {
			for nodes < budget {
				runs++
				res = r.Search(context.Background(), start, level, uint64(runs), solver.Options{MaxNodes: budget - nodes})
				nodes += res.Stats.Nodes
				bestUp = max(bestUp, r.lastUp)
				if res.Verdict == solver.Winnable || res.Reason != "" {
					break
				}
			}
		}
		total += nodes
		if res.Verdict == solver.Winnable {
			s := start
			for _, m := range res.Line {
				g.Apply(&s, m)
			}
			if !g.Won(&s) {
				t.Fatalf("seed %d: the line does not win", seed)
			}
			wins = append(wins, strconv.FormatUint(seed, 10))
		}
		t.Logf("seed %d: %v %s, %d nodes, %d runs, best %d up", seed, res.Verdict, res.Reason, nodes, runs, bestUp)
	}
	t.Logf("%d won (%s), %d nodes", len(wins), strings.Join(wins, ","), total)
}

// TestRolloutWins: the rollouts' iterated levels win deal 53 under
// --empty-provisional never (not won by the exact search's first 20M
// nodes), and the line replays to a win by the rules alone.
func TestRolloutWins(t *testing.T) {
	d, g := neverDeal(t, 53)
	h := NewVentaglio(g, solver.Strategy{Order: true, Prune: true})
	start := d.Start()
	r := NewVentaglioRollout(h)
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
		h := NewVentaglio(g, solver.Strategy{Order: true, Prune: true})
		r := NewVentaglioRollout(h)
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
	h := NewVentaglio(g, solver.Strategy{Order: true, Prune: true})
	start := d.Start()
	whole := NewVentaglioRollout(h).Iterate(context.Background(), start, 1, solver.Options{})
	sl := NewVentaglioRollout(h).Slices(start, 1)
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
	h3 := NewVentaglio(g3, solver.Strategy{Order: true, Prune: true})
	s3 := NewVentaglioRollout(h3).Slices(d3.Start(), 1)
	defer s3.Close()
	if r := s3.Slice(context.Background(), solver.Options{MaxNodes: 5000}); r.Verdict != solver.Unknown || !s3.Over() {
		t.Errorf("dead start: %v, over %v", r.Verdict, s3.Over())
	}
}

// TestRolloutAllocations: a search that reuses its buffers allocates
// nothing (a level-1 search of deal 9, about 40,000 positions).
func TestRolloutAllocations(t *testing.T) {
	d, g := neverDeal(t, 9)
	h := NewVentaglio(g, solver.Strategy{Order: true, Prune: true})
	r := NewVentaglioRollout(h)
	start := d.Start()
	r.Search(context.Background(), start, 1, 3, solver.Options{})
	if n := testing.AllocsPerRun(3, func() {
		r.Search(context.Background(), start, 1, 3, solver.Options{})
	}); n != 0 {
		t.Errorf("%v allocations a search", n)
	}
}
