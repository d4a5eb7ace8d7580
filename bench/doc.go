// Package bench compares search strategies (solver.Strategies) on the same
// deals of one game and checks that they agree: the library behind
// `solitario bench`, and the home of the whole-solve Go benchmarks and of
// RESULTS.md, the current figures, which ResultsDoc (resultsdoc.go) makes
// from the committed result files in results/ (go run ./bench/cmd/resultsdoc).
//
// Run plays the deals one at a time and, for each deal, every strategy in
// turn (deal-major, so that a change in machine load during a long run
// touches all strategies alike), deal i starting with strategy i mod n so
// that no strategy always runs first. Each search starts after garbage
// collection with the free heap returned to the system, gets a fresh
// transposition table of Config.TTMem bytes, and is timed from building the
// table to the end of the game's Solve call: the cost of deciding one deal
// from scratch. Every winning line is replayed through the game's plain
// referee (games.Entry.Verify).
//
// Data layout: a Report holds one DealResult per deal, each with one Result
// per strategy in Config.Strategies order (index i is strategy i), and one
// summary Row per strategy computed from column i. Disagreements lists each
// deal whose answers cannot all be right: two strategies that decided it
// gave different verdicts, a verdict contradicts a deal file's
// "# expect:" line, or a winning line was rejected by the referee. Undecided
// runs (a limit stopped them) never disagree.
//
// Statistics: Median is the usual middle (mean of the two middle values for
// an even count); the time percentiles are analysis.Percentile, nearest-rank,
// so a reported p95 time is one that a deal really took. Peak heap is
// measured with runtime/metrics (heapMetric); see Legend for every column's
// definition.
//
// The RULES.md sections this package relies on are "Deals from a seed" (the
// deals of --seeds) and "deal file" (the deals of --corpus, through package
// corpus).
package bench
