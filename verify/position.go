package verify

import (
	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solution"
)

// Position is a referee's table as a player sees it, for showing a line
// (package replay): every place of the game in RULES.md's names, in the order
// the game lays them out.
type Position struct {
	Places []Place `json:"places"`
}

// Place is one place of the table: Cards are its visible cards bottom
// first (the top, or the free card of a queue such as the arc, where the
// game says), Under the cards a player cannot see: face down (the stock,
// the reserve and waste below their tops) or covered on a foundation.
type Place struct {
	Name  string   `json:"name"`
	Cards []string `json:"cards"`
	Under int      `json:"under,omitempty"`
}

// Watch is told the position after the deal (n = 0) and after each legal
// move n (1-based) of a replay; it must not keep p's slices past the call
// only if it changes them (each call gets fresh ones).
type Watch func(n int, p Position)

// tops is a stacked pile as a player sees it: the top card, the rest under.
func tops(name string, k deck.Kind, bottomFirst []deck.Card) Place {
	if len(bottomFirst) == 0 {
		return Place{Name: name, Cards: []string{}}
	}
	return Place{Name: name, Cards: []string{k.Token(bottomFirst[len(bottomFirst)-1])}, Under: len(bottomFirst) - 1}
}

// all is a pile with every card visible, bottom first.
func all(name string, k deck.Kind, bottomFirst []deck.Card) Place {
	return Place{Name: name, Cards: tokens(k, bottomFirst)}
}

// down is a face-down pile of n cards.
func down(name string, n int) Place { return Place{Name: name, Cards: []string{}, Under: n} }

func tokens(k deck.Kind, cs []deck.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = k.Token(c)
	}
	return out
}

// watchLine plays moves with play (the referee's move: "" when legal, else
// why), telling w the position after the deal and after each legal move;
// the first move not in the game's notation n or illegal is a *MoveError
// (with Notation set for the first, and for a move that names no card,
// namesNoCard), and so is a move after won says the game was won (a line
// ends at its win).
func watchLine(moves []solution.Move, n notation, play func(solution.Move) string, won func() bool, pos func() Position, w Watch) error {
	if w != nil {
		w(0, pos())
	}
	for i, m := range moves {
		if why := n.check(m); why != "" {
			return &MoveError{N: i + 1, Move: m, Reason: why, Notation: true}
		}
		if won() {
			return afterWin(i, m)
		}
		if why := play(m); why != "" {
			return &MoveError{N: i + 1, Move: m, Reason: why, Notation: namesNoCard(m)}
		}
		if w != nil {
			w(i+1, pos())
		}
	}
	return nil
}
