package games

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/state"
	sietesst "github.com/solitario/solitario/state/sietes"
	"github.com/solitario/solitario/verify"
)

// sietes is De los sietes (RULES.md, "De los sietes"): Spanish 40, four
// foundations from the 7 down to the 1, twelve frame slots for the figures.
func sietes() Entry {
	return Entry{
		Name:     "sietes",
		Title:    "De los sietes",
		Source:   "J. Prat, Solitarios",
		Deck:     deck.Spanish,
		Copies:   1,
		Defaults: Rules{Play: state.Forced, Passes: 1},
		Options: []Option{
			{Flag: "play", Default: "forced", Values: []string{"forced", "free"},
				Doc: "forced: a drawn card goes to its foundation if it fits, else to an empty frame slot, else to the waste; free: it may always go to the waste"},
			{Flag: "passes", Default: "1",
				Doc: "passes through the stock, 0 = unlimited (then a redeal only after a pass that placed a card); 1: the text has no redeal"},
		},
		Solve:   solveSietes,
		After:   sietesAfter,
		Verify:  verify.Sietes,
		Watch:   verify.WatchSietes,
		Layout:  layoutSietes,
		MaxLine: sietesMaxLine,
	}
}

// sietesMaxLine: after the deal phase (not in the line) at most 28 cards
// are in the stock; each leaves stock or waste once, and each of the 28
// number cards goes from the frame to its foundation at most once: at most
// 56 placements. With N passes: 56 + 28N + N-1. Unlimited: every pass
// places a card, so at most 56 passes: 56 + 28·56 + 55 = 1679.
func sietesMaxLine(r Rules) int { return passesLine(r, 1679, 29, 55) }

func solveSietes(ctx context.Context, deal []deck.Card, cfg Config) (Outcome, error) {
	return sietesAfter(ctx, deal, nil, cfg)
}

// describeSietes names m, played from s, in RULES.md notation and, with
// human, in the readable form "stock 5O -> found O (7 6 5)" or "waste SB ->
// frame 8", the foundation as it is after the move ("" without). frame is
// the slots before the move; it is updated.
func describeSietes(g sietesst.Game, frame *sietesst.Frame, s *sietesst.State, m sietesst.Move, human bool) (solution.Move, string) {
	sp := deck.Spanish
	if m.Kind() == sietesst.Redeal {
		if !human {
			return solution.Move{From: "waste", To: "stock"}, ""
		}
		return solution.Move{From: "waste", To: "stock"}, fmt.Sprintf("waste -> stock (redeal, pass %d of %s)", s.Pass()+2, solution.PassesText(g.Passes()))
	}
	c := g.Card(s, m)
	tok := sp.Token(c)
	var from, to string
	switch m.Kind() {
	case sietesst.Draw, sietesst.StockFound, sietesst.StockFrame:
		from = "stock"
	case sietesst.WasteFound, sietesst.WasteFrame:
		from = "waste"
	case sietesst.FrameFound:
		from = "frame:" + strconv.Itoa(frame.Take(c))
	}
	note := ""
	switch m.Kind() {
	case sietesst.Draw:
		to = "waste"
	case sietesst.StockFrame, sietesst.WasteFrame:
		to = "frame:" + strconv.Itoa(frame.Fill(c))
	default:
		to = "found:" + sp.SuitToken(c.Suit())
		if !human {
			break
		}
		var pile []string
		for r := sietesst.Numbers - 1; r >= c.Rank(); r-- {
			pile = append(pile, sp.RankToken(r))
		}
		note = " (" + strings.Join(pile, " ") + ")"
	}
	if !human {
		return solution.Move{From: from, To: to, Card: tok}, ""
	}
	return solution.Move{From: from, To: to, Card: tok}, readablePlace(from) + " " + tok + " -> " + readablePlace(to) + note
}

// readablePlace is a JSON place name as the move lines print it, the colon
// a space: "frame:8" is "frame 8", "found:O" is "found O", "hour:3" is
// "hour 3", as Del reloj prints "pile 7" (docs/notation.md, "Place names in
// solutions").
func readablePlace(p string) string { return strings.Replace(p, ":", " ", 1) }

// latinSuitColors are the ANSI colours of the Spanish and Italian suits in
// their table order: oros/denari yellow, copas/coppe red, espadas/spade
// blue, bastos/bastoni green.
var latinSuitColors = [4]string{"\x1b[33m", "\x1b[31m", "\x1b[34m", "\x1b[32m"}

// latinSuitToken is c's token, coloured by suit when st.Color is set (Spanish and
// Italian decks).
func latinSuitToken(k deck.Kind, c deck.Card, st Style) string {
	t := k.Token(c)
	if st.Color && c.Suit() < 4 {
		return latinSuitColors[c.Suit()] + t + "\x1b[0m"
	}
	return t
}

// sietesFrameCell places frame slot k (0-based) on the 4×4 grid around the
// foundations: slots 1–4 along the top, 5–6 down the right, 7–10 along the
// bottom from the right, 11–12 up the left. Row, column.
var sietesFrameCell = [sietesst.Slots][2]int{
	{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 3}, {2, 3},
	{3, 3}, {3, 2}, {3, 1}, {3, 0}, {2, 0}, {1, 0},
}

// layoutSietes draws the table after the deal phase: the frame as a square
// around the four foundations (each shown by its top card), then the stock.
func layoutSietes(deal []deck.Card, r Rules, st Style) string {
	t, err := sietesst.DealPhase(deal)
	if err != nil {
		return err.Error() + "\n"
	}
	sp := deck.Spanish
	var grid [4][4]string
	for k, c := range t.Frame {
		cell := fmt.Sprintf("%2d:--", k+1)
		if c != sietesst.NoCard {
			cell = fmt.Sprintf("%2d:%s", k+1, latinSuitToken(sp, c, st))
		}
		rc := sietesFrameCell[k]
		grid[rc[0]][rc[1]] = cell
	}
	for suit, h := range t.Found {
		cell := " " + sp.SuitToken(suit) + ":--"
		if h > 0 {
			cell = " " + sp.SuitToken(suit) + ":" + latinSuitToken(sp, deck.NewCard(suit, sietesst.Numbers-h), st)
		}
		grid[1+suit/2][1+suit%2] = cell
	}
	var b strings.Builder
	fmt.Fprintf(&b, "De los sietes (%s)\n", r)
	fmt.Fprintf(&b, "after the deal phase (%d cards dealt): frame slots 1-12 around the foundations O C / E B (top card shown)\n", t.Dealt)
	for _, row := range grid {
		b.WriteString("  " + strings.Join(row[:], "   ") + "\n")
	}
	if len(t.Stock) == 0 {
		b.WriteString("stock:  empty\n")
	} else {
		fmt.Fprintf(&b, "stock:  %d cards, drawn in this order:\n", len(t.Stock))
		for i := 0; i < len(t.Stock); i += 14 {
			var row []string
			for _, c := range t.Stock[i:min(i+14, len(t.Stock))] {
				row = append(row, latinSuitToken(sp, c, st))
			}
			fmt.Fprintf(&b, "        %s\n", strings.Join(row, " "))
		}
	}
	b.WriteString("waste:  empty\n")
	return b.String()
}
