package games

import (
	"context"
	"fmt"
	"hash/fnv"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/solitario/solitario/heuristics"
	"github.com/solitario/solitario/internal/testkit"
	"github.com/solitario/solitario/plan"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// BenchmarkVentaglioSolve solves seed 109 (no win found within the budget:
// pure search) at 3M nodes; it reports ns/node and nodes/s.
func BenchmarkVentaglioSolve(b *testing.B) {
	if os.Getenv("VENTAGLIO_BENCH") == "" {
		b.Skip("set VENTAGLIO_BENCH=1")
	}
	g, _ := Lookup("ventaglio")
	deal := g.SeedDeal(109)
	tt := solver.NewFlat(256 << 20)
	var nodes int64
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		out, _ := g.Solve(context.Background(), deal, Config{Rules: g.Defaults, Strategy: solver.Strategy{Order: true, Prune: true, Table: solver.TableFlat},
			Search: solver.Options{MaxNodes: 3_000_000, Table: tt}})
		nodes += out.Stats.Nodes
	}
	testkit.ReportNodes(b, nodes)
}

// BenchmarkVentaglioPortfolio solves whole seeds under the default rules
// and strategy (64 MiB flat table, reused): seed 32 is won by an early
// probe, seed 1 and seed 9 (the hardest of 1..50) after several exact
// searches and probes and a polished line. It reports the allocations of
// the portfolio around the exact search (probes, line shortening, the line
// in RULES.md notation): docs/design.md ("Allocations").
//
//	go test -run '^$' -bench VentaglioPortfolio -benchtime 5x ./games/
func BenchmarkVentaglioPortfolio(b *testing.B) {
	g, _ := Lookup("ventaglio")
	for _, seed := range []uint64{1, 9, 32} {
		b.Run(fmt.Sprintf("seed-%d", seed), func(b *testing.B) {
			deal := g.SeedDeal(seed)
			st, _ := solver.LookupStrategy(solver.DefaultStrategy)
			cfg := Config{Rules: g.Defaults, Strategy: st, Search: solver.Options{MaxNodes: 20_000_000, Table: solver.NewFlat(64 << 20)}}
			var nodes int64
			b.ReportAllocs()
			for b.Loop() {
				out, err := g.Solve(context.Background(), deal, cfg)
				if err != nil || out.Verdict != solver.Winnable {
					b.Fatalf("seed %d: %v %s %v", seed, out.Verdict, out.Reason, err)
				}
				nodes += out.Stats.Nodes
			}
			testkit.ReportNodes(b, nodes)
		})
	}
}

// TestVentaglioFingerprint checks that a change leaves the portfolio's
// answers alone: VENTAGLIO_FINGERPRINT=from-to solves those seeds (default
// rules and strategy, VENTAGLIO_PLAY=forced for forced play, at most
// VENTAGLIO_NODES nodes, default 20M) and makes one line per seed: the
// verdict, reason, node count, line length and a hash of the line. Every
// winning line must replay through the referee; with
// VENTAGLIO_FINGERPRINT_WANT=FILE the lines must equal FILE's (write it
// with VENTAGLIO_FINGERPRINT_WRITE=FILE before the change).
func TestVentaglioFingerprint(t *testing.T) {
	from, to := envSeeds(t, "VENTAGLIO_FINGERPRINT")
	nodes := int64(20_000_000)
	if v := os.Getenv("VENTAGLIO_NODES"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			t.Fatalf("VENTAGLIO_NODES=%q: want a node count", v)
		}
		nodes = n
	}
	g := ventaglioGame(t)
	st, _ := solver.LookupStrategy(solver.DefaultStrategy)
	cfg := Config{Rules: g.Defaults, Strategy: st, Search: solver.Options{MaxNodes: nodes, Table: solver.NewFlat(64 << 20)}}
	if p := os.Getenv("VENTAGLIO_PLAY"); p != "" {
		var err error
		if cfg.Rules.Play, err = state.ParsePlay(p); err != nil {
			t.Fatal(err)
		}
	}
	var got strings.Builder
	for seed := from; seed <= to; seed++ {
		deal := g.SeedDeal(seed)
		out, err := g.Solve(context.Background(), deal, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if out.Verdict == solver.Winnable {
			if err := g.Verify(deal, cfg.Rules.JSON(), out.Moves); err != nil {
				t.Errorf("seed %d: the line does not verify: %v", seed, err)
			}
		}
		h := fnv.New64a()
		for i, m := range out.Moves {
			fmt.Fprintf(h, "%s %s %s|%s\n", m.From, m.To, m.Card, out.Human[i])
		}
		fmt.Fprintf(&got, "seed %d: %s %s nodes %d cache %d path %d stored %d depth %d moves %d line %016x\n", seed, out.Verdict, out.Reason,
			out.Stats.Nodes, out.Stats.CacheHits, out.Stats.PathHits, out.Stats.Stored, out.Stats.MaxDepth, len(out.Moves), h.Sum64())
	}
	t.Log("\n" + got.String())
	if file := os.Getenv("VENTAGLIO_FINGERPRINT_WRITE"); file != "" {
		if err := os.WriteFile(file, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if file := os.Getenv("VENTAGLIO_FINGERPRINT_WANT"); file != "" {
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if got.String() != string(want) {
			t.Errorf("the fingerprint differs from %s:\ngot:\n%swant:\n%s", file, got.String(), want)
		}
	}
}

// BenchmarkVentaglioHard solves the hard deals of seeds 1..5000 (default
// rules) as `solitario solve` does: the default strategy, a flat table of
// 256 MiB and the soft memory limit of the table plus SearchHeap (cli's
// boundMemory). VENTAGLIO_HARD=338,1922 chooses the seeds; it is for
// profiles (docs/design.md "Search core"):
//
//	VENTAGLIO_HARD=338 go test -run '^$' -bench VentaglioHard -benchtime 1x -cpuprofile cpu.out ./games/
func BenchmarkVentaglioHard(b *testing.B) {
	spec := os.Getenv("VENTAGLIO_HARD")
	if spec == "" {
		b.Skip("set VENTAGLIO_HARD=338,1922")
	}
	g, _ := Lookup("ventaglio")
	st, _ := solver.LookupStrategy(solver.DefaultStrategy)
	const ttMem = 256 << 20
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(ttMem + 32<<20 + g.SearchHeap))
	for _, f := range strings.Split(spec, ",") {
		seed, err := strconv.ParseUint(f, 10, 64)
		if err != nil {
			b.Fatalf("VENTAGLIO_HARD=%q: want seeds separated by commas", spec)
		}
		b.Run(fmt.Sprintf("seed-%d", seed), func(b *testing.B) {
			deal := g.SeedDeal(seed)
			var nodes int64
			b.ReportAllocs()
			for b.Loop() {
				cfg := Config{Rules: g.Defaults, Strategy: st, Search: solver.Options{MaxNodes: solver.DefaultMaxNodes, Table: solver.NewFlat(ttMem)}}
				out, err := g.Solve(context.Background(), deal, cfg)
				if err != nil {
					b.Fatal(err)
				}
				nodes += out.Stats.Nodes
			}
			testkit.ReportNodes(b, nodes)
		})
	}
}

// BenchmarkVentaglioRange solves the seeds VENTAGLIO_RANGE=from-to (default
// rules) one after another as `solitario analyze --workers 1` does: the
// default strategy, a fresh flat table per deal of two thirds of 256 MiB
// (analysis.TableShare) and the soft memory limit of the table plus
// SearchHeap. It is for profiles of the whole plan over many deals:
//
//	VENTAGLIO_RANGE=1-300 go test -run '^$' -bench VentaglioRange -benchtime 1x -cpuprofile cpu.out ./games/
func BenchmarkVentaglioRange(b *testing.B) {
	from, to := envSeeds(b, "VENTAGLIO_RANGE")
	g, _ := Lookup("ventaglio")
	st, _ := solver.LookupStrategy(solver.DefaultStrategy)
	const ttMem = (256 << 20) * 2 / 3
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(ttMem + 32<<20 + g.SearchHeap))
	var nodes int64
	b.ReportAllocs()
	for b.Loop() {
		for seed := from; seed <= to; seed++ {
			cfg := Config{Rules: g.Defaults, Strategy: st, Search: solver.Options{MaxNodes: solver.DefaultMaxNodes, Table: solver.NewFlat(ttMem)}}
			out, err := g.Solve(context.Background(), g.SeedDeal(seed), cfg)
			if err != nil {
				b.Fatal(err)
			}
			nodes += out.Stats.Nodes
		}
	}
	testkit.ReportNodes(b, nodes)
}

// BenchmarkVentaglioDeep times the plan's depth-first searches alone on
// seed 338's start (default rules), 4M nodes each, to the plan's depth
// bound: the exact search on a 256 MiB flat table and the Luby restarts on
// the plan's 64 MiB one (their stacks reach the bound, and the table
// probes and the path set miss the caches), and the fixed restarts on the
// plan's 4 MiB table.
func BenchmarkVentaglioDeep(b *testing.B) {
	g, start := ventaglioStart(b, 338, ventaglioGame(b).Defaults)
	st, _ := solver.LookupStrategy(solver.DefaultStrategy)
	h := heuristics.NewVentaglio(g, st)
	const nodes = 4_000_000
	b.Run("exact", func(b *testing.B) {
		tt := solver.NewFlat(256 << 20)
		var z solver.Searcher[vg.State, vg.Move, heuristics.Ventaglio]
		var n int64
		for b.Loop() {
			r := z.Solve(context.Background(), h, start, solver.Options{MaxNodes: nodes, MaxDepth: ventaglioMaxDepth, Table: tt})
			n += r.Stats.Nodes
		}
		testkit.ReportNodes(b, n)
	})
	for _, c := range []struct {
		name  string
		luby  bool
		bytes int64
	}{{"luby", true, plan.LargeTableBytes}, {"restarts", false, plan.SmallTableBytes}} {
		b.Run(c.name, func(b *testing.B) {
			tt := solver.NewFlat(c.bytes)
			var n int64
			for b.Loop() {
				var rs solver.Restarter[vg.State, vg.Move, heuristics.Ventaglio]
				r := rs.Solve(context.Background(), h, start, solver.Schedule{Unit: plan.DefaultUnit, Luby: c.luby}, 1,
					solver.Options{MaxNodes: nodes, MaxDepth: ventaglioMaxDepth, Table: tt})
				n += r.Stats.Nodes
			}
			testkit.ReportNodes(b, n)
		})
	}
}

// envSeeds is the seed range from-to that the environment variable name
// gives; without it the test or benchmark is skipped.
func envSeeds(tb testing.TB, name string) (from, to uint64) {
	tb.Helper()
	spec := os.Getenv(name)
	if spec == "" {
		tb.Skipf("set %s=from-to", name)
	}
	if _, err := fmt.Sscanf(spec, "%d-%d", &from, &to); err != nil || from > to {
		tb.Fatalf("%s=%q: want from-to", name, spec)
	}
	return from, to
}
