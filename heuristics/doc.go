// Package heuristics wraps Del reloj's and De los sietes' packed rules
// (state/reloj, state/sietes) with move ordering, safe-move pruning,
// dominance and dead-end detection, as a solver.Game of its own (RULES.md,
// "Del reloj" and "De los sietes"). Ordering only changes which line is
// found first; every pruning or dead-end rule carries, beside its code, the
// argument that it never changes a verdict, and a test compares verdicts
// with and without it over many seeds. Files: reloj.go and reloj_pass.go
// (Del reloj's wrapper and its last-pass tests), sietes.go, classes.go (the
// move classes restarts keep first). Strategies switch the parts on and
// off (solver.Strategy.Order, .Prune). Il Ventaglio's wrapper, dead-end
// tests and line finders are package ventaglio.
package heuristics
