package api

import (
	"errors"
	"slices"
	"strings"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/verify"
)

// The legal moves of a position are found with the referee alone, never
// with the solver's packed rules: candidates are made from the places the
// referee shows (each place's free card to each other place, a redeal) and
// each is kept only when the referee accepts the line played so far with
// it at its end. A place whose free card is face down (a stock) is probed
// with a move that names no card: the referee's refusal names the card,
// which is only a guess to try first (every token of the deck is tried when
// it names none); the referee still judges the move made with it.

// legalMoves lists the moves the referee accepts after t's moves, from
// last, the position they reach, in the order of its places.
func legalMoves(t target, last verify.Position) []solution.Move {
	var names []string
	for _, p := range last.Places {
		names = append(names, p.Name)
	}
	var pre func(m solution.Move) bool // a quick first judge, when the game has one
	if t.game.Name == "ventaglio" {
		tbl, err := verify.NewVentaglioTable(t.deal, t.rules.JSON())
		if err != nil {
			return nil
		}
		var nw *verify.NotWonError
		if err := tbl.Replay(t.moves); err != nil && !errors.As(err, &nw) {
			return nil
		}
		pre = func(m solution.Move) bool { return tbl.Check(m) == "" }
	}
	legal := func(m solution.Move) bool {
		if pre != nil && !pre(m) {
			return false
		}
		err := t.game.Verify(t.deal, t.rules.JSON(), append(slices.Clip(t.moves), m))
		var nw *verify.NotWonError
		return err == nil || errors.As(err, &nw)
	}
	var out []solution.Move
	try := func(from, c string) {
		for _, to := range targets(t, names, from, c) {
			if m := (solution.Move{From: from, To: to, Card: c}); !slices.Contains(out, m) && legal(m) {
				out = append(out, m)
			}
		}
	}
	for _, from := range last.Places {
		switch {
		case from.Name == "hand" && len(from.Cards) > 0:
			// The clock's card in hand moves from the hour it was
			// taken from, which the table does not show.
			for _, n := range names {
				try(n, from.Cards[0])
			}
		case from.Name == "arc" && len(from.Cards) > 0:
			try(from.Name, from.Cards[0]) // the arc is taken left to right
		case len(from.Cards) > 0:
			try(from.Name, from.Cards[len(from.Cards)-1])
		case from.Under > 0:
			for _, c := range hiddenCard(t, from.Name, names, legal) {
				try(from.Name, c)
			}
		}
	}
	if redeal := (solution.Move{From: "waste", To: "stock"}); slices.Contains(names, "waste") && slices.Contains(names, "stock") && legal(redeal) {
		out = append(out, redeal)
	}
	return out
}

// targets are the places a card c may go from place from: every place
// shown (the clock's turned card may go to the hour it was taken from),
// and for Del reloj the pile c's rank would start.
func targets(t target, names []string, from, c string) []string {
	out := slices.Clone(names)
	if t.game.Name == "reloj" {
		if card, err := t.game.Deck.Parse(c); err == nil {
			if p := "pile:" + t.game.Deck.RankToken(card.Rank()); !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// hiddenCard is the token of the face-down free card of place from: the
// card the referee names when a move from it names none, confirmed by a
// legal move with it; failing that, every token of the deck that makes
// some move from there legal.
func hiddenCard(t target, from string, names []string, legal func(solution.Move) bool) []string {
	k := t.game.Deck
	tryCard := func(c string) bool {
		for _, to := range targets(t, names, from, c) {
			if legal(solution.Move{From: from, To: to, Card: c}) {
				return true
			}
		}
		return false
	}
	for _, to := range names {
		err := t.game.Verify(t.deal, t.rules.JSON(), append(slices.Clip(t.moves), solution.Move{From: from, To: to}))
		var me *verify.MoveError
		if !errors.As(err, &me) {
			continue
		}
		for _, w := range strings.FieldsFunc(me.Reason, func(r rune) bool { return strings.ContainsRune(" ,;:()\"'", r) }) {
			if c, err := k.Parse(w); err == nil && k.Token(c) == w && tryCard(w) {
				return []string{w}
			}
		}
	}
	var out []string
	for _, c := range k.Canonical(1) {
		if tok := k.Token(c); tryCard(tok) {
			out = append(out, tok)
		}
	}
	return out
}

// cardTokens is the deck's cards in canonical order, each once.
func cardTokens(k deck.Kind) []string { return k.TokenList(k.Canonical(1)) }
