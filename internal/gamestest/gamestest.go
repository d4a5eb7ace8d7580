// Package gamestest holds the made-up games row that the tests of cli and
// corpus build their fake games on (imported only by _test.go files). It
// implements no section of RULES.md: each test gives the row the Solve and
// Verify it needs.
package gamestest

import (
	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/state"
)

// Row is a games row named "fake" over one Spanish deck, with forced play
// and 2 passes by default and the options play (free or forced) and passes;
// it has no Solve, Verify or Watch.
func Row() games.Entry {
	return games.Entry{
		Name: "fake", Deck: deck.Spanish, Copies: 1,
		Defaults: games.Rules{Play: state.Forced, Passes: 2},
		Options: []games.Option{
			{Flag: "play", Default: "forced", Values: []string{"free", "forced"}},
			{Flag: "passes", Default: "2"},
		},
	}
}
