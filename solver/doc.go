// Package solver is the exhaustive depth-first search that every game plugs
// into, and the transposition tables it uses.
//
// A game is a Game[S, M]: S is the packed position (a small value type that the
// search copies to make a child: copy-make, so there is no undo), M is a move.
// The search keeps an explicit stack of frames (position, key, its move list,
// the next move to try); move lists reuse their backing arrays, so a node
// costs no allocation once the stack has reached its depth.
//
// Exactness. The verdict is exact although the transposition table may forget
// (ristretto drops writes; the flat table overwrites): the table only ever
// holds keys of positions whose whole subtree was searched without a win, and
// a position is skipped if it is in the table or on the current path. The
// path is tracked exactly, apart from the table, so cycles always terminate.
// A skipped position either is an ancestor (a path through it to a win is
// explored from that ancestor) or was finished earlier; by induction on finish
// times, every path from a finished position to a win passes through a
// position that was on the stack when it finished, and those are finished or
// still being searched. So when the root finishes without a win, no win is
// reachable. Forgetting only costs re-search. A search stopped by a limit
// reports Unknown, never Unwinnable, and stores nothing of the unfinished
// subtree.
package solver
