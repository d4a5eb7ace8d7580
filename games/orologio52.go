package games

import (
	"context"
	"fmt"
	"strings"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/internal/words"
	"github.com/solitario/solitario/solution"
	orost "github.com/solitario/solitario/state/orologio"
	"github.com/solitario/solitario/verify"
)

// orologio52 is the French variant of the clock (RULES.md, "Orologio, French
// variant"): the classic Clock patience, 52 cards in twelve hour piles and a
// centre. No choices: solve plays the deal out.
func orologio52() Entry {
	return Entry{
		Name:     "orologio52",
		Title:    "Orologio (French, classic Clock)",
		Source:   "Solitario orologio: come si gioca (docs/sources/000_*.txt), the French variant",
		Deck:     deck.French,
		Copies:   1,
		Defaults: clockRules(),
		Solve:    solveOrologio52,
		After:    orologio52After,
		Verify:   verify.Orologio52,
		Watch:    verify.WatchOrologio52,
		Layout:   layoutOrologio52,
		// A win turns every card face up, one move each.
		MaxLine: func(Rules) int { return 52 },
	}
}

// solveOrologio52 is solveOrologio for the classic Clock: the human lines
// are the cards in the order they were turned, for every verdict.
func solveOrologio52(ctx context.Context, deal []deck.Card, cfg Config) (Outcome, error) {
	return orologio52After(ctx, deal, nil, cfg)
}

// orologio52Loss says why a deal is lost: which king came up fourth, from
// which pile, and the cards and hours still face down. before is the
// position before the last move (the fourth king in hand), end the one
// after it.
func orologio52Loss(g orost.French, before *orost.State52, end orost.State52) string {
	king, from, _ := g.Hand(before)
	var open uint16
	for p := range orost.Hours {
		if end.Down(p) > 0 {
			open |= 1 << p
		}
	}
	hours := "hour"
	if open&(open-1) != 0 {
		hours = "hours"
	}
	return fmt.Sprintf("the fourth king, %s (turned from %s), came up with %s still face down, on %s %s",
		deck.French.Token(king), readablePlace(clockPileName(from)), words.Count(orost.Cards52-end.Up(), "card"), hours, clockHourList(open))
}

// clockPileName is the JSON name of pile p: hour:1..hour:12 or centre.
func clockPileName(p int) string { return clockPlaces[p] }

// clockPlaces are the clocks' places by pile (hour p+1, then the centre,
// orost.Centre): a winning line names one or two a move, and taking them
// from here formats nothing.
var clockPlaces = [orost.Centre + 1]string{"hour:1", "hour:2", "hour:3", "hour:4", "hour:5", "hour:6",
	"hour:7", "hour:8", "hour:9", "hour:10", "hour:11", "hour:12", "centre"}

// describeOrologio52 names m, played from s: the card in hand from the pile
// it was taken from to its own pile, and with human the readable line (""
// without).
func describeOrologio52(g orost.French, s *orost.State52, m orost.Move52, human bool) (solution.Move, string) {
	c, from, _ := g.Hand(s)
	tok := deck.French.Token(c)
	to := int(m)
	if !human {
		return solution.Move{From: clockPileName(from), To: clockPileName(to), Card: tok}, ""
	}
	text := fmt.Sprintf("%s %s -> %s", readablePlace(clockPileName(from)), tok, readablePlace(clockPileName(to)))
	if to == orost.Centre {
		text += fmt.Sprintf(" (king %d of 4)", 4-s.Down(orost.Centre))
	} else {
		text += fmt.Sprintf(" (face up %d of 4)", 4-s.Down(to)+1)
	}
	return solution.Move{From: clockPileName(from), To: clockPileName(to), Card: tok}, text
}

// clockFrenchToken is c's token; with st.Color the suit glyph, hearts and
// diamonds in red.
func clockFrenchToken(c deck.Card, st Style) string {
	fr := deck.French
	if !st.Color {
		return fr.Token(c)
	}
	t := fr.RankToken(c.Rank()) + fr.SuitSymbol(c.Suit())
	if fr.Red(c.Suit()) {
		return "\x1b[31m" + t + "\x1b[0m"
	}
	return t
}

// layoutOrologio52 lists the twelve hour piles and the centre, each from
// its top (the card taken first) down, all face down.
func layoutOrologio52(deal []deck.Card, _ Rules, st Style) string {
	if _, _, err := orost.NewFrench(deal); err != nil {
		return err.Error() + "\n"
	}
	fr := deck.French
	var b strings.Builder
	b.WriteString("Orologio (French, classic Clock): twelve hour piles and the centre, face down, top card first\n")
	for p := 0; p <= orost.Centre; p++ {
		var cards []string
		if p == orost.Centre {
			for i := 51; i >= 48; i-- {
				cards = append(cards, clockFrenchToken(deal[i], st))
			}
			fmt.Fprintf(&b, "  centre  (K): %s   <- the first card is taken from here\n", strings.Join(cards, " "))
			continue
		}
		for i := p + 36; i >= 0; i -= 12 {
			cards = append(cards, clockFrenchToken(deal[i], st))
		}
		fmt.Fprintf(&b, "  hour %2d (%s): %s\n", p+1, fr.RankToken(p), strings.Join(cards, " "))
	}
	return b.String()
}
