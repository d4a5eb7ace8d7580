// Package verify replays a move line with a plain referee for each game,
// written straight from RULES.md with ordinary arrays and slices and no
// packing, apart from the solver's state packages. Del reloj's and the
// clocks' replays allocate nothing on a legal line: analyze replays every
// winning line of a million deals. A winnable result is only trusted once
// its line replays here to a win: the referee is the independent check of the
// packed rules.
package verify
