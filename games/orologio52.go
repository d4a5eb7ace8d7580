package games

import "github.com/solitario/solitario/deck"

// orologio52 is a stub until the game lands.
func orologio52() Game {
	return Game{Name: "orologio52", Deck: deck.French, Copies: 1}
}
