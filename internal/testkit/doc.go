// Package testkit is the harness the tests and benchmarks of the state/*,
// heuristics, games and cli packages share (imported only by _test.go files):
//
//   - cards.go: deals written by hand, as tokens (Cards) or as the first
//     cards of a deal whose rest is the canonical order (DealStartingWith,
//     RULES.md, "Decks, card names, canonical order").
//   - play.go: positions met in random play (RandomGame, Position), for
//     benchmarks that should see realistic states, and random plays that
//     lean to progress, a test's check at each position (Walk).
//   - clock.go: the Solitario dell'orologio's win criterion read plainly
//     (OrologioWon, RULES.md, "Solitario dell'orologio").
//   - bench.go: the hot-path benchmarks every packed game runs (Moves,
//     Apply, Key, one node, a play-out), with 0 allocs/op expected, and the
//     node-rate metrics of whole searches (ReportNodes).
//   - files.go: a test's input file, written under its own temporary
//     folder (WriteFile).
//
// Games are solver.Game values: the benchmarks call their methods through
// the generic dictionary, as solver.Searcher does, so their figures are
// what the search pays (a direct call of a small method may inline and be
// a nanosecond or two cheaper).
package testkit
