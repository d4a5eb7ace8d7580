// Package ventaglio is Il Ventaglio's search knowledge (RULES.md, "Il
// Ventaglio"): the game as the searches see it, the dead-end tests that
// keep verdicts exact, the prover on a relaxed game, the line finders and
// the line tidying. It knows no plan: package ventaglio/solve makes these
// parts the steps of the solve's plan (package plan), and package games
// writes the answer.
//
// # Data
//
// Positions and moves are state/ventaglio's: a vg.State packs the arc,
// reserve, stock and waste indices, the eight foundations' counts and the
// four provisional bases' cards; a vg.Move names its two places (vg.Place)
// and finds its card in the position. Game is a solver.Game[vg.State,
// vg.Move] over a vg.Game, its parts behind one pointer (the memos of the
// dead-end tests and of the prover: tables keyed by the reserve index and
// the suits' foundation counts, or by solver.Key). A line is a []vg.Move
// from the deal's start.
//
// # Roles and files
//
//   - The game as searched (game.go): move ordering, symmetric-move
//     dedupe, the safe foundation moves of free play and the streamliner
//     (Game.Streamlined, a guess: its end proves nothing).
//   - Dead-end tests, each a proof that a position is lost (dead_*.go):
//     the reserve's order (dead_reserve.go), the last pass's waste
//     (dead_waste.go), the chains of --empty-provisional never
//     (dead_chains.go). Every one keeps the verdict exact; the argument is
//     beside its code, and TestVentaglioNearEndAgreement checks them against
//     a brute force.
//   - The relaxed-game prover (relaxed*.go): the suit-blind relaxation's
//     exhaustive search, whose loss is a proof for the real position
//     (Game.Prove, strategy exact-prove).
//   - Line finders (find_*.go), which never judge: a win is a legal line,
//     a failure proves nothing. Beam, a beam search whose score weights are
//     a named Weighting (WasteHeavy E, ArcLeft A, Plain D; find_beam.go,
//     find_beam_score.go); Beam.Follow, a beam that makes a line's
//     commitments in order and plans the shuffles between them afresh
//     (find_follow.go); Rollout, nested rollouts of a policy
//     (find_rollout.go).
//   - Line tidying (tidy*.go), with one owner for "a shorter line": Lines
//     (tidy.go), whose Polish drops the shuffles a line can do without
//     (ShortenLine, tidy_line.go) and whose Replan replaces its blocks of
//     shuffles by shortest paths (ReplanShuffles, tidy_replan.go).
//
// # Design
//
// A full deal is too large to exhaust: the solve (ventaglio/solve) runs
// restarts, beams and, under never, rollouts in fair turns, of which only
// the exact searches (restarts on Game, the exact search) may answer
// unwinnable; a won line is polished here, shortened by the plan, and
// replayed through the referee by the caller before it is written.
package ventaglio
