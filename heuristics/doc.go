// Package heuristics wraps each game's packed rules (state/<game>) with move
// ordering, safe-move pruning, dominance and dead-end detection, as a
// solver.Game of its own. Ordering only changes which line is found first;
// every pruning or dead-end rule carries, beside its code, the argument that
// it never changes a verdict, and a test compares verdicts with and without
// it over many seeds. Each game's wrapper has its file (reloj.go, sietes.go,
// ventaglio.go; Il Ventaglio's dead-end tests are ventaglio_reserve.go,
// ventaglio_waste.go and ventaglio_chains.go, its proofs on the suit-blind
// relaxation ventaglio_relaxed.go and ventaglio_prover.go, its line
// shortening ventaglio_line.go, and ventaglio_follow.go's beam that
// re-plans a line's shuffles); strategies switch the parts on and off
// (solver.Strategy.Order, .Prune, .Prove).
//
// Line finders live here too, for Il Ventaglio, whose exact search cannot
// exhaust a full deal: VentaglioBeam (a beam search) and VentaglioRollout
// (nested rollouts of a policy; ventaglio_rollout.go). They never judge:
// a win they find is a legal line, a failure proves nothing.
package heuristics
