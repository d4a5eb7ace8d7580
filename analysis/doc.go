// Package analysis solves many deals of one game and reports how often the
// game can be won: the runner that spreads seeds over workers, the JSONL
// records it writes (one line per deal, a "run" header first), resume and
// shard bookkeeping, the merge of shard files, summary statistics (Wilson
// interval, percentiles) and the generator of guaranteed-winnable deals.
//
// Deals come from seeds (RULES.md, "Deals from a seed"); every verdict is the
// game's own exhaustive Solve (games.Entry), so a summary is only as exact as
// the limits allow: a deal stopped by --max-nodes or --timeout is "unknown"
// and widens the interval instead of being guessed.
//
// JSONL layout (FormatVersion 1), one JSON object a line:
//
//	{"kind":"run","format":1,"commit":"…","machine":{"hostname":"…","goos":"linux","goarch":"amd64","cores":2,"go":"go1.26.8"},
//	 "workers":2,"started":"2026-…Z","game":"reloj","rules":{"play":"forced","passes":2},"strategy":"default",
//	 "limits":{"max_nodes":50000000,"timeout_ms":0,"tt_mem":268435456,"tt":"flat"},
//	 "seeds":{"from":1,"to":100000},"shard":{"index":0,"count":1}}
//	{"seed":2,"result":"winnable","nodes":66,"ms":0.049,"moves":62}
//	{"seed":1,"result":"unknown","reason":"max-nodes","nodes":50000000,"ms":20512.3}
//	{"kind":"resume", … the same fields as the run line, for who continued it}
//
// The header is the first line (shown wrapped here); records follow in
// completion order, not seed order; a "resume" line marks where each resumed
// session began.
//
// Files and their roles:
//   - record.go: Record (one deal), Header (the run: commit, machine, game,
//     rules, limits, seeds, shard) and the JSONL reader that tolerates a torn
//     last line.
//   - seeds.go: seed ranges "A..B" and shards "K/N".
//   - stats.go: Summary, the Wilson score interval and nearest-rank
//     percentiles.
//   - runner.go: Run, the worker pool; records are emitted in completion
//     order, one at a time, so each JSONL line is written whole.
//   - jsonl.go: Create and Resume of a record file; a line is one write;
//     one run writes a file at a time (lock_unix.go: flock).
//   - analyze.go: Analyze, a whole run: file, pool, summary.
//   - game.go: GameSolver, the bridge from a games.Entry to Run and Generate.
//   - gen.go: Generate, winnable seeds in seed order whatever the workers.
//   - merge.go: Merge, shard files into one summary.
//
// Determinism: a deal's verdict and winning line depend only on the game,
// the rules and the strategy (the search is exact and explores moves in a
// fixed order; solver/doc.go). Its node count depends also on the table it
// was given, because a full table forgets and forgetting costs re-search:
// each deal gets a fresh flat table that grows from 64 KiB up to its share of
// --tt-mem (--tt-mem divided by the worker count), so node counts are the
// same run after run for the same share, whatever order the deals come in.
// Near --max-nodes a different share can turn a verdict into unknown; a
// different --timeout or machine load can too. Ristretto tables (--tt
// ristretto) admit asynchronously, so their node counts vary slightly.
package analysis
