package bench

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/solitario/solitario/corpus"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/testkit"
	"github.com/solitario/solitario/solver"
)

// benchTTMem is the table every BenchmarkSolve search reuses (Solve clears it).
const benchTTMem = 64 << 20

// benchMaxNodes keeps a runaway default search finite: the default strategy
// must decide every corpus file within it, or the benchmark fails.
const benchMaxNodes = 100_000_000

// benchPlainMaxNodes bounds the plain flat-table DFS, which needs tens of
// millions of nodes on the hard files; a file it cannot decide within this
// is skipped, not failed (only the default strategy is held to the corpus).
const benchPlainMaxNodes = 5_000_000

// BenchmarkSolve times whole solves of the fixed corpus deals of every game
// (corpus/<game>/*.deal under each file's rules), one sub-benchmark per game,
// file and strategy (the default, and the plain flat-table DFS to show what
// ordering and pruning buy): ns/op is one solve, with ns/node, nodes/s and nodes/op
// reported beside allocs/op. Run it with
//
//	go test -run '^$' -bench Solve -benchtime 5x ./bench/
//
// and narrow it with -bench 'Solve/reloj/'.
func BenchmarkSolve(b *testing.B) {
	for _, g := range games.All() {
		b.Run(g.Name, func(b *testing.B) {
			files, err := corpus.LoadDir(filepath.Join("..", "corpus", g.Name), g)
			if err != nil {
				b.Skipf("no corpus: %v", err)
			}
			for _, f := range files {
				for _, name := range []string{solver.DefaultStrategy, "dfs-flat"} {
					st, err := solver.LookupStrategy(name)
					if err != nil {
						b.Fatal(err)
					}
					b.Run(filepath.Base(f.Path)+"/"+name, func(b *testing.B) {
						benchSolve(b, g, f, st)
					})
				}
			}
		})
	}
}

func benchSolve(b *testing.B, g games.Entry, f corpus.File, st solver.Strategy) {
	table, err := solver.NewTable(st.Table, benchTTMem)
	if err != nil {
		b.Fatal(err)
	}
	defer solver.CloseTable(table)
	limit := int64(benchMaxNodes)
	if st.Name != solver.DefaultStrategy {
		limit = benchPlainMaxNodes
	}
	cfg := games.Config{Rules: f.Rules, Strategy: st, Search: solver.Options{MaxNodes: limit, Table: table}}
	ctx := context.Background()
	var nodes int64
	b.ReportAllocs()
	for b.Loop() {
		out, err := g.Solve(ctx, f.Cards, cfg)
		if err != nil {
			b.Fatal(err)
		}
		if out.Verdict == solver.Unknown && st.Name != solver.DefaultStrategy {
			b.Skipf("%s does not decide %s within %d nodes", st.Name, f.Path, limit)
		}
		if out.Verdict != f.Expect {
			b.Fatalf("%s: %s (%s), the file expects %s", f.Path, out.Verdict, out.Reason, f.Expect)
		}
		nodes += out.Stats.Nodes
	}
	testkit.ReportNodes(b, nodes)
}
