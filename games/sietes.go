package games

import "github.com/solitario/solitario/deck"

// sietes is a stub until the game lands.
func sietes() Game {
	return Game{Name: "sietes", Deck: deck.French, Copies: 1}
}
