// Package solver is the exhaustive depth-first search that every game plugs
// into, and the transposition tables it uses. It knows no game: RULES.md's
// rules live in state/<game> and heuristics/, which implement Game.
//
// A game is a Game[S, M]: S is the packed position (a small value type that the
// search copies to make a child: copy-make, so there is no undo), M is a move.
// The result is three-way (Verdict): Winnable with the line of moves,
// Unwinnable when the whole reachable space was searched, or Unknown with
// the Reason a limit stopped it (max-nodes, timeout, stopped, max-depth).
//
// Files:
//   - game.go: Game and Key.
//   - search.go: Solve, Searcher (reusable buffers), Options, Stats, Result.
//   - path.go: pathSet, the exact set of keys on the current path.
//   - table.go: the Table interface and Flat, the open-addressing table;
//     Prefetcher, a table whose probes can be started early.
//   - prefetch_*.s, prefetch_*.go: prefetch, one cache-line prefetch
//     instruction (amd64, arm64; elsewhere it does nothing).
//   - ristretto.go: Ristretto, the table on github.com/dgraph-io/ristretto/v2;
//     not in the browser's build (ristretto_wasm.go: NewTable refuses the
//     kind there).
//   - strategy.go: table kinds (NewTable, CloseTable) and named strategies.
//
// Layout. The search keeps an explicit stack of frames (position, key, the
// place of its moves in the move arena and of the next one to try). The
// arena is one array of moves: a frame's follow its parent's, so the moves
// of a path lie together, and the frames hold no pointer (the collector
// never scans the stack). A child is made in the next frame's slot (copy
// the parent, Apply), so nothing escapes to the heap, and a Searcher keeps
// its stack, arena and path set between searches. Once the buffers have
// grown to a search's depth, a node allocates nothing (a win allocates its
// line).
// The generic Solve is instantiated with the game's own type G: method calls
// go through Go's generic dictionary (docs/experiments.md has them measured
// against interface calls and against a hand-written loop).
//
// Exactness. The verdict is exact although the transposition table may forget
// (ristretto drops writes; the flat table overwrites): the table only ever
// holds keys of positions finished without a win (every child searched,
// found in the table, or on the path), and a child is skipped if it is in the
// table or on the current path. The path is tracked exactly, apart from the
// table, so cycles always terminate. When the search ends with an empty
// stack, every finished position's children are finished too (an ancestor on
// the path when its descendant finished has finished since), so the finished
// positions are closed under moves, contain the start and no won position:
// no win is reachable. Forgetting only costs re-search. A search stopped by a
// limit reports Unknown, never Unwinnable.
//
// One search only. A table entry means "finished without a win while the path
// was what it was": a position finished while an ancestor was on the path may
// still reach a win through that ancestor (A→P, P→A, A→win stores P). Within
// the search this is sound (the ancestor is searched to the end); in another
// search it is not. So Solve clears the table when it starts, a table is
// never shared by searches running at once, and the flat table's Clear costs
// only the buckets the last search touched.
//
// Names: s a position, m a move, g the game, k a key, f and nf the current
// and next frames, st the statistics, z a Searcher.
package solver
