package games

import "github.com/solitario/solitario/deck"

// ventaglio is a stub until the game lands.
func ventaglio() Game {
	return Game{Name: "ventaglio", Deck: deck.French, Copies: 1}
}
