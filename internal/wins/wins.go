// Package wins gives the tests of replay, show, position and the CLI a
// real winning line of each game (imported only by _test.go files): a seed
// known winnable under the game's defaults (RULES.md, "Deals from a seed"),
// solved through games.Entry.Solve with the default strategy, so the line is
// what `solitario solve` prints for it.
package wins

import (
	"context"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
)

// Seeds is a winnable seed of each game under its defaults.
var Seeds = map[string]uint64{"ventaglio": 1, "reloj": 1, "sietes": 3, "orologio": 1, "orologio52": 8}

// Line is one game's winning line and what it was solved from.
type Line struct {
	Game  games.Entry
	Seed  uint64
	Deal  []deck.Card
	Rules games.Rules // the game's defaults
	Moves []solution.Move
}

// Solve solves g's seed from Seeds; the test fails unless it is winnable.
func Solve(tb testing.TB, g games.Entry) Line {
	tb.Helper()
	seed, ok := Seeds[g.Name]
	if !ok {
		tb.Fatalf("no winnable seed known for %s", g.Name)
	}
	st, err := solver.LookupStrategy(solver.DefaultStrategy)
	if err != nil {
		tb.Fatal(err)
	}
	deal := g.SeedDeal(seed)
	r := g.Defaults
	out, err := g.Solve(context.Background(), deal, games.Config{Rules: r, Strategy: st,
		Search: solver.Options{Table: solver.NewFlat(32 << 20), MaxNodes: 20_000_000}})
	if err != nil || out.Verdict != solver.Winnable {
		tb.Fatalf("%s seed %d: %v %v %s", g.Name, seed, err, out.Verdict, out.Reason)
	}
	return Line{Game: g, Seed: seed, Deal: deal, Rules: r, Moves: out.Moves}
}

// All is Solve for every game, in the games table's order.
func All(tb testing.TB) []Line {
	tb.Helper()
	var out []Line
	for _, g := range games.All() {
		out = append(out, Solve(tb, g))
	}
	return out
}
