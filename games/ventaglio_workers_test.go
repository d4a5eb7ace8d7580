package games

import (
	"context"
	"testing"

	"github.com/solitario/solitario/solver"
)

// TestVentaglioWorkers: a solve split among 2 and 3 workers decides what
// the one-worker solve decides at the same node budget (every step keeps
// its nodes, plan.Split; which step wins first may differ), under the
// default rules and under never (five steps); a win's line replays through
// the referee and names its step; a deal lost at the start is lost without
// a search; an unknown deal is unknown for the budget, within it.
// Run with -race it also checks that the parts share nothing.
func TestVentaglioWorkers(t *testing.T) {
	g := ventaglioGame(t)
	never := g.Defaults
	never.KeepEmpty = true
	for _, c := range []struct {
		rules Rules
		seed  uint64
		nodes int64
	}{
		{g.Defaults, 1, 5_000_000},
		{g.Defaults, 9, 5_000_000},
		{g.Defaults, 3, 5_000_000},   // lost at the start
		{g.Defaults, 338, 1_000_000}, // unknown at 1M
		{never, 57, 5_000_000},       // won by the rollouts
		{never, 1, 300_000},          // unknown
	} {
		var one Outcome
		for _, workers := range []int{1, 2, 3} {
			cfg := ventaglioConfig(g, c.nodes, 16<<20)
			cfg.Rules = c.rules
			cfg.Workers = workers
			out, err := g.Solve(context.Background(), g.SeedDeal(c.seed), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if workers == 1 {
				one = out
				if out.Workers > 1 {
					t.Errorf("seed %d: one worker reports %d", c.seed, out.Workers)
				}
				continue
			}
			if out.Verdict != one.Verdict {
				t.Errorf("seed %d, %d workers: %v %s; one worker: %v %s", c.seed, workers, out.Verdict, out.Reason, one.Verdict, one.Reason)
			}
			switch out.Verdict {
			case solver.Winnable:
				if err := g.Verify(g.SeedDeal(c.seed), c.rules.JSON(), out.Moves); err != nil || out.Step == "" {
					t.Errorf("seed %d, %d workers: step %q, %v", c.seed, workers, out.Step, err)
				}
			case solver.Unknown:
				if out.Reason != solver.ReasonMaxNodes || out.Stats.Nodes > c.nodes || out.Stats.Nodes < c.nodes*9/10 {
					t.Errorf("seed %d, %d workers: unknown %s after %d nodes of %d", c.seed, workers, out.Reason, out.Stats.Nodes, c.nodes)
				}
			case solver.Unwinnable:
				if out.Stats.Nodes != 1 || out.Reason != one.Reason {
					t.Errorf("seed %d, %d workers: lost after %d nodes, %q", c.seed, workers, out.Stats.Nodes, out.Reason)
				}
			}
			if out.Verdict != solver.Unwinnable && out.Workers != workers {
				t.Errorf("seed %d: %d workers asked, %d reported", c.seed, workers, out.Workers)
			}
		}
	}
}

// TestVentaglioWorkersProgress: the parts' progress comes summed, one call
// at a time, its nodes and time never falling and its nodes never above
// the solve's, with 2 workers and with 3 (a part of fixed restarts alone,
// which never reports by itself).
func TestVentaglioWorkersProgress(t *testing.T) {
	g := ventaglioGame(t)
	for _, workers := range []int{2, 3} {
		var seen []solver.Stats
		cfg := ventaglioConfig(g, 3_000_000, 16<<20)
		cfg.Workers = workers
		// The default period, 65,536 nodes: more than a restart's 5,000,
		// so a part of fixed restarts alone is reported by its runner.
		cfg.Search.Progress = func(s solver.Stats) { seen = append(seen, s) }
		// Unknown at 3M: every part runs to its budget.
		out, err := g.Solve(context.Background(), g.SeedDeal(338), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if out.Verdict != solver.Unknown || len(seen) < 10 {
			t.Fatalf("%d workers: %v after %d nodes, %d progress calls", workers, out.Verdict, out.Stats.Nodes, len(seen))
		}
		for i, s := range seen {
			if i > 0 && (s.Nodes < seen[i-1].Nodes || s.Elapsed < seen[i-1].Elapsed) || s.Nodes > out.Stats.Nodes {
				t.Fatalf("%d workers, progress %d: %d nodes at %v after %d at %v (the solve: %d)", workers, i, s.Nodes, s.Elapsed,
					seen[max(i-1, 0)].Nodes, seen[max(i-1, 0)].Elapsed, out.Stats.Nodes)
			}
		}
		// The sum follows every part, not one part's nodes (a part of
		// fixed restarts alone showed none of its own).
		if last := seen[len(seen)-1].Nodes; last < out.Stats.Nodes*9/10 {
			t.Errorf("%d workers: last progress at %d nodes of %d", workers, last, out.Stats.Nodes)
		}
	}
}
