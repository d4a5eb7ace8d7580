package testkit

import "github.com/solitario/solitario/deck"

// OrologioWon is RULES.md's criterion for the Solitario dell'orologio read
// plainly, the judge the search and the corpus are compared with: the deal
// is won when every rank in the clock (indexes 0..11) turns up face up in
// the stock (odd indexes 13..39).
func OrologioWon(deal []deck.Card) bool {
	up := map[int]bool{}
	for i := 13; i < 40; i += 2 {
		up[deal[i].Rank()] = true
	}
	for _, c := range deal[:12] {
		if !up[c.Rank()] {
			return false
		}
	}
	return true
}
