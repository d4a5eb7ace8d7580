// Package heuristics wraps each game's packed rules (state/<game>) with move
// ordering, safe-move pruning, dominance and dead-end detection, as a
// solver.Game of its own. Ordering only changes which line is found first;
// every pruning or dead-end rule carries, beside its code, the argument that
// it never changes a verdict, and a test compares verdicts with and without
// it over many seeds. One file per game; strategies switch the parts on and
// off (solver.Strategy.Order, .Prune).
package heuristics
