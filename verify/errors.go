package verify

import (
	"fmt"

	"github.com/solitario/solitario/internal/words"

	"github.com/solitario/solitario/solution"
)

// MoveError is the first illegal move of a line: its 1-based number, the
// move as written, and why it is illegal (RULES.md's rule it breaks).
type MoveError struct {
	N      int
	Move   solution.Move
	Reason string
	// Notation is set when the move names no place or card of the game
	// (RULES.md's place names, the deck's tokens): a move that cannot be
	// read, not one that is illegal where it is played.
	Notation bool
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("move %d (%s): %s", e.N, e.Move, e.Reason)
}

// afterWin is the error for move i (0-based) of a line whose game was won
// by the move before it: a line ends at its win.
func afterWin(i int, m solution.Move) *MoveError {
	return &MoveError{N: i + 1, Move: m, Reason: fmt.Sprintf("the game was already won at move %d: a line ends at its win", i)}
}

// passesUsed is "the one pass", "both passes", "all 3 passes".
func passesUsed(n int) string {
	switch n {
	case 1:
		return "the one pass"
	case 2:
		return "both passes"
	}
	return fmt.Sprintf("all %d passes", n)
}

// cards is "1 card", "n cards".
func cards(n int) string { return words.Count(n, "card") }

// NotWonError says every move was legal but the line ends short of a win.
type NotWonError struct {
	Moves  int    // moves replayed
	Detail string // what is left, e.g. "12 cards not on the foundations"
}

func (e *NotWonError) Error() string {
	switch e.Moves {
	case 0:
		return fmt.Sprintf("the line has no moves and the game is not won: %s", e.Detail)
	case 1:
		return fmt.Sprintf("its one move is legal but the game is not won: %s", e.Detail)
	}
	return fmt.Sprintf("all %d moves are legal but the game is not won: %s", e.Moves, e.Detail)
}
