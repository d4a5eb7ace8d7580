package games

import "github.com/solitario/solitario/deck"

// orologio is a stub until the game lands.
func orologio() Game {
	return Game{Name: "orologio", Deck: deck.French, Copies: 1}
}
