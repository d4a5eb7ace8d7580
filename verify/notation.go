package verify

import (
	"fmt"
	"github.com/solitario/solitario/internal/words"
	"strings"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solution"
)

// notation is a game's move notation (RULES.md, "Solutions (JSON) and the
// move line"): the place names a move's from and to may be, and the deck
// its card is of. A move that names no place or card of the game is not
// written in it (bad input), apart from a move that is illegal where it is
// played.
type notation struct {
	place  func(string) bool
	places string // the names, for a message
	deck   deck.Kind
}

// check is what is wrong with m's notation, "" if nothing: a place the game
// has no such name for, a card token that is no card of the deck.
func (n notation) check(m solution.Move) string {
	for _, p := range []string{m.From, m.To} {
		if !n.place(p) {
			return fmt.Sprintf("unknown place %s (want %s)", words.Quote(p, 60), n.places)
		}
	}
	if m.Card != "" {
		if _, err := n.deck.Parse(m.Card); err != nil {
			return fmt.Sprintf("unknown card: %v", err)
		}
	}
	return ""
}

// namesNoCard is whether m, not a redeal (waste -> stock), has no card:
// every other move of every game moves one card and names it (RULES.md), so
// the move is in no position legal, not in the notation (bad input) as a
// token no card of the deck is. It is found by the referee, whose reason
// names the card that is there ("no card named; the free card of arc is
// 2C").
func namesNoCard(m solution.Move) bool {
	return m.Card == "" && !(m.From == "waste" && m.To == "stock")
}

// The notations of the games.
var (
	ventaglioNotation = notation{func(p string) bool { _, _, ok := parsePlace(p); return ok },
		"arc, reserve, stock, waste, p1..p4 or f1..f8", deck.French}
	relojNotation = notation{func(p string) bool {
		rank, ok := strings.CutPrefix(p, "pile:")
		if ok {
			_, ok = relojParseRank(rank)
		}
		return ok || p == "stock" || p == "waste"
	}, "stock, waste or pile:<rank>", deck.Spanish}
	sietesNotation = notation{func(p string) bool {
		_, slot := sietesSlot(p)
		_, found := sietesFound(p)
		return slot || found || p == "stock" || p == "waste"
	}, "stock, waste, frame:1..frame:12 or found:<suit>", deck.Spanish}
	orologioNotation = notation{func(p string) bool {
		_, ok := orologioHour(p)
		return ok || p == "stock" || p == "well"
	}, "stock, well or hour:1..hour:12", deck.Italian}
	orologio52Notation = notation{func(p string) bool {
		_, ok := orologioHour(p)
		return ok || p == "centre"
	}, "hour:1..hour:12 or centre", deck.French}
)
