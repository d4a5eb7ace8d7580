package api

import (
	"errors"

	"github.com/solitario/solitario/position"
	"github.com/solitario/solitario/solution"
)

// MoveTextAnswer is the moves of a move list read as text, each with the
// line it was on.
type MoveTextAnswer struct {
	Moves []solution.Move `json:"moves"`
	Lines []int           `json:"lines"`
}

// MoveText reads r.MoveText, a move list in the CLI's notation (one move a
// line, numbered or not, as solve prints it, its header lines skipped;
// places and cards in any spelling of docs/notation.md), on r's game and
// deal, as hint, review and show read a list (position.ReadGame), and
// replays it with the referee from the deal (r's moves are not read:
// the list is the game from its start). The error is the
// CLI's: a line that is no move, or a move the referee refuses, named by
// its line and number ("line 3: move 3 (...): ...").
func (e *Engine) MoveText(r Request) (MoveTextAnswer, error) {
	if r.MoveText == "" {
		return MoveTextAnswer{}, errors.New("no moves: \"move_text\" is empty (a move list, one move a line, as solve prints it)")
	}
	t, err := e.load(r)
	if err != nil {
		return MoveTextAnswer{}, err
	}
	known := position.Known{Game: t.game.Name, Seed: t.seed, Deal: t.deal, Rules: &t.rules}
	g, err := position.ReadGame([]byte(r.MoveText), known, e.lookup)
	if err != nil {
		return MoveTextAnswer{}, err
	}
	if len(g.Moves) == 0 {
		return MoveTextAnswer{}, errors.New("no moves in the text: a move list is one move a line, as solve prints it (1. stock CE -> waste)")
	}
	played := r
	played.Moves = g.Moves
	if _, err := e.Position(played); err != nil {
		return MoveTextAnswer{}, g.OnLine(err)
	}
	return MoveTextAnswer{Moves: g.Moves, Lines: g.Lines}, nil
}
