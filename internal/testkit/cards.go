package testkit

import (
	"strings"
	"testing"

	"github.com/solitario/solitario/deck"
)

// Cards parses space-separated card tokens of kind k (any spelling
// deck.Kind.Parse accepts); a bad token fails the test, naming it.
func Cards(tb testing.TB, k deck.Kind, s string) []deck.Card {
	tb.Helper()
	var out []deck.Card
	for _, tok := range strings.Fields(s) {
		c, err := k.Parse(tok)
		if err != nil {
			tb.Fatalf("bad card %q: %v", tok, err)
		}
		out = append(out, c)
	}
	return out
}

// DealStartingWith is a deal of copies decks of kind k whose first cards are
// toks, in that order, and whose other cards follow in canonical order. A
// bad token, or a card given more often than the decks hold it, fails the
// test.
func DealStartingWith(tb testing.TB, k deck.Kind, copies int, toks ...string) []deck.Card {
	tb.Helper()
	out := Cards(tb, k, strings.Join(toks, " "))
	used := map[deck.Card]int{}
	for _, c := range out {
		used[c]++
		if used[c] > copies {
			tb.Fatalf("%s given %d times, the deal holds %d", k.Token(c), used[c], copies)
		}
	}
	for _, c := range k.Canonical(copies) {
		if used[c] > 0 {
			used[c]--
			continue
		}
		out = append(out, c)
	}
	return out
}
