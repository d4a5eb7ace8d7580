package verify

import (
	"errors"
	"strings"
	"testing"

	"github.com/solitario/solitario/deck"
)

// dealOf reads s, a deal of one deck of kind k in deal-file tokens
// (RULES.md, "deal file"); a bad deal fails the test.
func dealOf(t *testing.T, k deck.Kind, s string) []deck.Card {
	t.Helper()
	d, err := deck.ParseDeal(strings.NewReader(s), "test", k, 1)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// checkMoveError fails the test case name unless err is a *MoveError at
// move n (1-based) whose reason contains why.
func checkMoveError(t *testing.T, name string, err error, n int, why string) {
	t.Helper()
	var me *MoveError
	if !errors.As(err, &me) {
		t.Errorf("%s: got %v, want a MoveError", name, err)
		return
	}
	if me.N != n || !strings.Contains(me.Reason, why) {
		t.Errorf("%s: move %d %q, want move %d containing %q", name, me.N, me.Reason, n, why)
	}
	// A place or card that names nothing, or a move (not a redeal) that names
	// no card, is bad notation, not an illegal move.
	if notation := strings.HasPrefix(why, "unknown place") || strings.HasPrefix(why, "unknown card") || strings.HasPrefix(why, "no card named"); me.Notation != notation {
		t.Errorf("%s: Notation %v, want %v", name, me.Notation, notation)
	}
}
