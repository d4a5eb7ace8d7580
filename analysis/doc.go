// Package analysis solves many deals of one game and reports how often the
// game can be won: the runner that spreads seeds over workers, the JSONL
// records it writes (one line per deal, a "run" header first), resume and
// shard bookkeeping, the merge of shard files, summary statistics (Wilson
// interval, percentiles) and the generator of guaranteed-winnable deals.
//
// Deals come from seeds (RULES.md, "Deals from a seed"); every verdict is the
// game's own exhaustive Solve (games.Game), so a summary is only as exact as
// the limits allow: a deal stopped by --max-nodes or --timeout is "unknown"
// and widens the interval instead of being guessed.
//
// Files and their roles:
//   - record.go: Record (one deal), Header (the run: commit, machine, game,
//     rules, limits, seeds, shard) and the JSONL reader that tolerates a torn
//     last line.
//   - seeds.go: seed ranges "A..B" and shards "K/N".
//   - stats.go: Summary, the Wilson score interval and nearest-rank
//     percentiles.
//   - runner.go: Run, the worker pool; records are emitted in completion
//     order, one goroutine writing, so each JSONL line is written whole.
//   - game.go: GameSolver, the bridge from a games.Game to Run and Generate.
//   - gen.go: Generate, winnable seeds in seed order whatever the workers.
//   - merge.go: Merge, shard files into one summary.
//
// Determinism: a deal's verdict, node count and line depend only on the game,
// the rules, the strategy and the limits, never on the worker that solved it
// or on the order of deals, because each worker has its own transposition
// table and each search starts by clearing it (solver.Table: entries are
// sound within one search only). The
// one exception is a table too small for a deal: it forgets, which costs
// nodes (and, near --max-nodes, can turn a verdict into unknown) but never
// changes a verdict (solver/doc.go). The per-worker table is --tt-mem divided
// by the worker count, so that only the memory bound, not the answers,
// depends on the worker count.
package analysis
