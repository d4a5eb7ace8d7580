package games

import (
	"context"
	"fmt"
	"strings"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/heuristics"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/state"
	relojst "github.com/solitario/solitario/state/reloj"
	"github.com/solitario/solitario/verify"
)

// reloj is Del reloj (RULES.md, "Del reloj"): Spanish 40, a circle of ten
// piles of four built up round the corner from the bases.
func reloj() Entry {
	return Entry{
		Name:     "reloj",
		Title:    "Del reloj",
		Source:   "J. Prat, Solitarios",
		Deck:     deck.Spanish,
		Copies:   1,
		Defaults: Rules{Play: state.Forced, Passes: 2},
		Options: []Option{
			{Flag: "play", Default: "forced", Values: []string{"forced", "free"},
				Doc: "forced: a drawn card that fits must be placed (the text: a fitting card \"se sitúa\"); free: it may go to the waste"},
			{Flag: "passes", Default: "2",
				Doc: "passes through the stock, 0 = unlimited (then a redeal only after a pass that placed a card); 2: the waste takes the deck's role once"},
		},
		Solve:   solveReloj,
		After:   relojAfter,
		Verify:  verify.Reloj,
		Watch:   verify.WatchReloj,
		Layout:  layoutReloj,
		MaxLine: relojMaxLine,
	}
}

// relojMaxLine: the 39 stock cards are each placed once (the base is
// dealt), and a line is placements, draws and redeals. With N passes, at
// most 39 draws a pass and N-1 redeals: 40N+38. Unlimited (0): a redeal
// needs a card placed in the pass and the last pass places the last card,
// so pass j starts with at most 40-j cards and there are at most 39
// passes: 39 + (39+38+…+1) + 38 = 857.
func relojMaxLine(r Rules) int { return passesLine(r, 857, 40, 38) }

func solveReloj(ctx context.Context, deal []deck.Card, cfg Config) (Outcome, error) {
	return relojAfter(ctx, deal, nil, cfg)
}

// relojLostWhy says why s, found lost, is lost where it stands, as the other
// games' tests of a start position say it: no move is left, or one of h's
// dead-end tests (docs/reloj.md) gives it no move. "" when s has moves: the
// search below it proved it lost, which the verdict says.
func relojLostWhy(g relojst.Game, h heuristics.Reloj, deal []deck.Card, s *relojst.State) string {
	if len(g.Moves(s, nil)) == 0 {
		why := "no move is left: the stock is empty and no redeal remains"
		if top := s.WasteTop(); top >= 0 {
			why += fmt.Sprintf(", and the waste top %s goes on no pile", deck.Spanish.Token(deal[1+top]))
		}
		return why
	}
	if !h.Prune || len(h.Moves(s, nil)) > 0 {
		return ""
	}
	switch g.PassesLeft(s) {
	case 1:
		return "a dead-end test of the last pass: a card in the waste, or cards bound to wait there, cannot leave it in time for the piles they need (docs/reloj.md, \"Buried waste\" and \"Pinned cards\")"
	case 2:
		return "a dead-end test of the pass before the last: the cards this pass cannot place would be stuck in the last pass's waste (docs/reloj.md, \"Next pass\")"
	}
	return "a dead-end test gives it no move (docs/reloj.md)"
}

// describeReloj names m, played from s, in RULES.md notation and, with
// human, in the readable form "stock 5O -> pile 3 (3 4 5)", the pile as it
// is after the move ("" without).
func describeReloj(g relojst.Game, s *relojst.State, m relojst.Move, human bool) (solution.Move, string) {
	switch m.Kind() {
	case relojst.Redeal:
		if !human {
			return solution.Move{From: "waste", To: "stock"}, ""
		}
		return solution.Move{From: "waste", To: "stock"}, fmt.Sprintf("waste -> stock (redeal, pass %d of %s)", s.Pass()+2, solution.PassesText(g.Rules().Passes))
	case relojst.Draw:
		c, _ := g.Card(s, m)
		tok := deck.Spanish.Token(c)
		if !human {
			return solution.Move{From: "stock", To: "waste", Card: tok}, ""
		}
		return solution.Move{From: "stock", To: "waste", Card: tok}, "stock " + tok + " -> waste"
	}
	from := "stock"
	if m.Kind() == relojst.Waste {
		from = "waste"
	}
	c, _ := g.Card(s, m)
	tok := deck.Spanish.Token(c)
	b := m.Pile()
	name := deck.Spanish.RankToken(b)
	if !human {
		return solution.Move{From: from, To: relojPiles[b], Card: tok}, ""
	}
	ranks := make([]string, 0, relojst.PileSize)
	for i := range s.Height(b) + 1 {
		ranks = append(ranks, deck.Spanish.RankToken((b+i)%relojst.Ranks))
	}
	text := fmt.Sprintf("%s %s -> pile %s (%s)", from, tok, name, strings.Join(ranks, " "))
	if s.Height(b) == 0 {
		text += ", new pile"
	}
	return solution.Move{From: from, To: relojPiles[b], Card: tok}, text
}

// relojPiles are the piles' places by base rank ("pile:" and the rank's
// token): a winning line names one a placement, and taking it from here
// formats nothing.
var relojPiles = [relojst.Ranks]string{"pile:1", "pile:2", "pile:3", "pile:4", "pile:5",
	"pile:6", "pile:7", "pile:S", "pile:C", "pile:R"}

// relojColors are the ANSI colours of the Spanish suits: oros yellow, copas
// red, espadas blue, bastos green.
var relojColors = [4]string{"\x1b[33m", "\x1b[31m", "\x1b[34m", "\x1b[32m"}

// layoutReloj draws the start: the circle's first base and the stock.
func layoutReloj(deal []deck.Card, r Rules, st Style) string {
	if len(deal) != relojst.StockSize+1 {
		return fmt.Sprintf("reloj: a deal has %d cards, got %d\n", relojst.StockSize+1, len(deal))
	}
	tok := func(c deck.Card) string {
		t := deck.Spanish.Token(c)
		if st.Color && c.Suit() < 4 {
			return relojColors[c.Suit()] + t + "\x1b[0m"
		}
		return t
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Del reloj (%s)\n", r)
	fmt.Fprintf(&b, "circle: %s (first base; the circle grows to ten piles of four)\n", tok(deal[0]))
	fmt.Fprintf(&b, "stock:  %d cards, drawn in this order:\n", len(deal)-1)
	for i := 1; i < len(deal); i += 13 {
		var row []string
		for _, c := range deal[i:min(i+13, len(deal))] {
			row = append(row, tok(c))
		}
		fmt.Fprintf(&b, "        %s\n", strings.Join(row, " "))
	}
	b.WriteString("waste:  empty\n")
	return b.String()
}
