package verify

import (
	"fmt"

	"github.com/solitario/solitario/solution"
)

// MoveError is the first illegal move of a line: its 1-based number, the
// move as written, and why it is illegal (RULES.md's rule it breaks).
type MoveError struct {
	N      int
	Move   solution.Move
	Reason string
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("move %d (%s): %s", e.N, e.Move, e.Reason)
}

// NotWonError says every move was legal but the line ends short of a win.
type NotWonError struct {
	Moves  int    // moves replayed
	Detail string // what is left, e.g. "12 cards not on the foundations"
}

func (e *NotWonError) Error() string {
	return fmt.Sprintf("all %d moves are legal but the game is not won: %s", e.Moves, e.Detail)
}
