package games

import "github.com/solitario/solitario/deck"

// reloj is a stub until the game lands.
func reloj() Game {
	return Game{Name: "reloj", Deck: deck.French, Copies: 1}
}
