package api

import (
	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/difficulty"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solution"
)

// DifficultyOf is a winnable deal's difficulty object, the solution
// object's "difficulty" (package difficulty, docs/difficulty.md): nil for
// a game without a plain player (the clocks have no choices; a test's fake
// game has none).
func DifficultyOf(g games.Entry, deal []deck.Card, r games.Rules) (*solution.Difficulty, error) {
	return difficultyOf(nil, g, deal, r)
}

// difficultyOf is DifficultyOf on gr's buffers (nil: fresh ones).
func difficultyOf(gr *difficulty.Grader, g games.Entry, deal []deck.Card, r games.Rules) (*solution.Difficulty, error) {
	if !difficulty.Plays(g.Name) {
		return nil, nil
	}
	if gr == nil {
		gr = difficulty.NewGrader()
	}
	d, err := gr.Assess(g, deal, r)
	if err != nil {
		return nil, err
	}
	return &d, nil
}
