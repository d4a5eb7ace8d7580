package verify

import "testing"

// TestNotWonWording: a line of no move or one move is not "all 0 moves"
// or "all 1 moves".
func TestNotWonWording(t *testing.T) {
	for _, c := range []struct {
		moves int
		want  string
	}{
		{0, "the line has no moves and the game is not won: 39 cards not in the circle"},
		{1, "its one move is legal but the game is not won: 39 cards not in the circle"},
		{62, "all 62 moves are legal but the game is not won: 39 cards not in the circle"},
	} {
		if got := (&NotWonError{Moves: c.moves, Detail: "39 cards not in the circle"}).Error(); got != c.want {
			t.Errorf("%d moves: %q, want %q", c.moves, got, c.want)
		}
	}
}
