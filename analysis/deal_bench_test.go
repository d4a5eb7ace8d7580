package analysis

import (
	"context"
	"runtime"
	"testing"

	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solver"
)

// BenchmarkDeal is analyze's per-deal path at each game's default rules and
// limits (256 MiB split between two workers, as on a 2-core machine): deal
// the seed, solve it on the worker's table, replay a winning line through
// the referee, make the record. Deals cycle through seeds 1..n, n the game's
// in dealBenchSeeds, so that a short run and a long one see the same mix of
// deals. It reports µs/deal and allocs/deal (and B/deal), and cpu-µs/deal,
// the process's CPU time (all threads: the collector's too), which a machine
// shared with other work inflates far less than the wall time: a regression
// in any of them shows here before it costs a million-deal run minutes.
func BenchmarkDeal(b *testing.B) {
	for _, game := range dealBenchSeeds {
		name, seeds := game.name, game.seeds
		b.Run(name, func(b *testing.B) {
			g, err := games.Lookup(name)
			if err != nil {
				b.Fatal(err)
			}
			st, err := solver.LookupStrategy(solver.DefaultStrategy)
			if err != nil {
				b.Fatal(err)
			}
			lim := Limits{MaxNodes: solver.DefaultMaxNodes, TTMem: 256 << 20}
			s, err := NewGameSolver(g, g.Defaults, st, lim, 2)
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			ctx := context.Background()
			// One deal first: the worker's buffers as after its first deal.
			if _, err := s.Solve(ctx, 0, 1); err != nil {
				b.Fatal(err)
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			cpu0, cpuKnown := processCPU()
			b.ResetTimer()
			for i := range b.N {
				if _, err := s.Solve(ctx, 0, uint64(i%seeds)+1); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			cpu1, _ := processCPU()
			runtime.ReadMemStats(&after)
			n := float64(b.N)
			b.ReportMetric(float64(b.Elapsed().Microseconds())/n, "µs/deal")
			b.ReportMetric(float64(after.Mallocs-before.Mallocs)/n, "allocs/deal")
			b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/n, "B/deal")
			if cpuKnown {
				b.ReportMetric(float64((cpu1-cpu0).Microseconds())/n, "cpu-µs/deal")
			}
		})
	}
}

// dealBenchSeeds is how many seeds BenchmarkDeal cycles through, per game.
// The search games' deals cost microseconds: 2,000 of them hold every kind
// of deal many times over within a second's run. Il Ventaglio's cost 200 µs
// (the three quarters lost at the start) to seconds (a won deal's line found
// and shortened), so its mean is a mix of a few won deals: 300 seeds are the
// team's short range (bench/RESULTS.md's ventaglio-analyze-1-default-300),
// 80 of them won, one or two seconds on one core; run it with -benchtime 300x
// (or a multiple) so that every run sees the whole cycle, not its start.
var dealBenchSeeds = []struct {
	name  string
	seeds int
}{{"reloj", 2000}, {"sietes", 2000}, {"orologio", 2000}, {"orologio52", 2000}, {"ventaglio", 300}}
