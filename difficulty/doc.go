// Package difficulty grades a winnable deal by how often a plain player
// wins it (docs/difficulty.md says why this measure and what it ignores).
// It plays the games of RULES.md "Il Ventaglio", "Del reloj" and "De los
// sietes" through their state packages' Moves and Apply (state/ventaglio,
// state/reloj, state/sietes): the engine the search plays, not a copy of
// the rules. The clocks (orologio, orologio52) have no choices: the deal
// decides them, and Measure says so (ErrNoChoices).
//
// # The plain player (the policy)
//
// From the deal, the plain player plays until the game is won or no move
// is left, each time choosing uniformly (RULES.md's Lemire draw on
// SplitMix64) among its moves:
//   - Del reloj, De los sietes: every legal move. None is obviously
//     useless: each places a card, draws or redeals.
//   - Il Ventaglio: if a card can go up (to a foundation), the moves that
//     put one up, else every other distinct move (state/ventaglio's
//     OrderedMoves with distinct: one move a position) less the moves
//     between provisional bases that do nothing by themselves (players.go).
//
// # Play-outs and their seeds
//
// A deal's Figure is Policy.Playouts play-outs (Default: 100, 40 for Del
// reloj, whose solve is shorter than 100 play-outs). Play-out i
// draws from SplitMix64 seeded with Key(deal)+First+i, where Key folds the
// deal's cards, so the figure is a function of the deal (and so of its
// seed) forever, on every machine.
//
// # Grades
//
// The score is the percent of play-outs won (reloj, sietes) or the cards
// up per play-out (ventaglio, where the plain player almost never wins):
// Figure.Score. A game's cut points (Cut, cuts.go, as data with the command
// that made them) are the terciles of the scores of 10,000-odd winnable
// deals under its default rules: a score at or below Hard is hard, above
// Easy easy, the rest medium. Other rules have no cut points: their deals
// get a score and no grade.
//
// # Data layout
//
// A Grader holds one move buffer per game, reused from deal to deal, and a
// play-out copies the start position into one scratch position (State of
// the game's state package: 16 bytes for reloj and sietes, 200 for
// ventaglio): the play-outs allocate nothing. A Figure is three counters.
package difficulty
