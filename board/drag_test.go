package board_test

import (
	"testing"
)

// A card without a move dragged onto another place is said as a click on
// it is, "CE has no legal move." (forced play's waste card: the drag did
// nothing and said nothing; found by a new user); the table as it was.
func TestBoardXDragNoMoveSaid(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	click(t, ctx, placeSel("stock"))
	wait(t, ctx, "CE drawn to the waste", func(p page) bool { return p.Played == 1 })
	drag(t, ctx, "waste", "pile:1")
	p := wait(t, ctx, "the drag said", func(p page) bool { return p.Error != "" })
	if p.Error != "CE has no legal move." || p.Played != 1 {
		t.Errorf("CE dragged from the waste to pile 1 in forced play: the page says %q, %d moves played; want %q, 1 move", p.Error, p.Played, "CE has no legal move.")
	}
}
