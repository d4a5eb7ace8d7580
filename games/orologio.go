package games

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
	orost "github.com/solitario/solitario/state/orologio"
	"github.com/solitario/solitario/verify"
)

// orologio is the Solitario dell'orologio (RULES.md, "Solitario
// dell'orologio"): Italian 40, twelve clock cards covered by the face-up
// half of the stock. No choices: solve plays the deal out.
func orologio() Entry {
	return Entry{
		Name:     "orologio",
		Title:    "Solitario dell'orologio",
		Source:   "Solitario orologio: come si gioca (docs/sources/000_*.txt)",
		Deck:     deck.Italian,
		Copies:   1,
		Defaults: clockRules(),
		Solve:    solveOrologio,
		After:    orologioAfter,
		Verify:   verify.Orologio,
		Watch:    verify.WatchOrologio,
		Layout:   layoutOrologio,
		// The 28 stock cards take one move each (to the well) except a
		// face-up card that covers, which takes one move per hour covered;
		// a win covers the 12 hours, and a winnable clock holds at least
		// four ranks (four of a rank is never won), each needing its own
		// covering card: at most 28 - 4 + 12 = 36, reached when the last
		// four face-up cards cover three hours each.
		MaxLine: func(Rules) int { return 36 },
	}
}

// checkClockRules refuses rules other than the clocks' own (of a game
// with choices) from a library caller.
func checkClockRules(name string, r Rules) error {
	if r != clockRules() {
		return fmt.Errorf("%s: the game has no choices; --play and --passes do not apply (rules in force: %s)", name, clockRules())
	}
	return nil
}

// solveOrologio runs the play-out through the generic search (one move per
// position) for the verdict, the statistics and the winning line, and plays
// it out again for the human lines, which it fills for every verdict: the
// CLI prints them for a lost deal too. A lost deal's Reason says why:
// four of a kind in the clock, or the hours left uncovered.
func solveOrologio(ctx context.Context, deal []deck.Card, cfg Config) (Outcome, error) {
	return orologioAfter(ctx, deal, nil, cfg)
}

// solveClock runs a no-choice clock game through the generic search (one
// move per position) for the verdict, the statistics and the winning line,
// then plays it out again for the human lines, which it fills for every
// verdict: the CLI prints them for a lost deal too. A lost deal's Reason is
// loss(the position before the last move, the end position, whether any
// move was made); before is the start when no move was made. With
// cfg.Lean, neither (the search's answer alone); with cfg.NoHuman, the
// Reason alone.
func solveClock[S any, M any, G solver.Game[S, M]](ctx context.Context, g G, start S, cfg Config,
	describe func(g G, s *S, m M, human bool) (solution.Move, string), loss func(before *S, end S, moved bool) string) Outcome {
	out := solveOn(ctx, g, start, cfg, func(s *S, m M) (solution.Move, string) { return describe(g, s, m, false) })
	if out.Verdict == solver.Unknown || cfg.Lean { // stopped by a limit: keep the search's answer
		return out
	}
	var human []string
	before, end := start, start
	moves, won := orost.PlayOut(g, start, func(s *S, m M) {
		if !cfg.NoHuman {
			_, h := describe(g, s, m, true)
			human = append(human, h)
		}
		before, end = *s, *s
		g.Apply(&end, m)
	})
	out.Human = human
	if !won {
		out.Reason = loss(&before, end, len(moves) > 0)
	}
	return out
}

// describeOrologio names m, played from s: {"stock","well",C} or
// {"stock","hour:H",C}, and with human the readable line ("" without).
func describeOrologio(g orost.Italian, s *orost.State40, m orost.Move40, human bool) (solution.Move, string) {
	it := deck.Italian
	c := g.Card(s)
	tok := it.Token(c)
	if m != 0 {
		jm := solution.Move{From: "stock", To: clockPileName(int(m) - 1), Card: tok}
		if !human {
			return jm, ""
		}
		return jm, fmt.Sprintf("stock %s -> hour %d (covers %s)", tok, m, it.Token(g.Clock(int(m))))
	}
	if !human {
		return solution.Move{From: "stock", To: "well", Card: tok}, ""
	}
	note := "face down"
	if s.FaceUp() {
		note = "face up, covers nothing"
		if g.HoursOf(c.Rank()) != 0 {
			note = "face up, its hours are covered already"
		}
	}
	return solution.Move{From: "stock", To: "well", Card: tok}, fmt.Sprintf("stock %s -> well (%s)", tok, note)
}

// orologioLoss says why a deal is lost: the four of a kind in the clock,
// or which hours stayed uncovered when the stock ran out.
func orologioLoss(g orost.Italian, end orost.State40, played bool) string {
	it := deck.Italian
	if r, ok := g.FourOfAKind(); ok && !played {
		return fmt.Sprintf("four of a kind in the clock: all four %ss (hours %s) are on the clock, so no stock card can cover them: lost at once", it.RankToken(r), clockHourList(g.HoursOf(r)))
	}
	open := ^end.Covered() & (1<<orost.Hours - 1)
	if open&(open-1) == 0 {
		return fmt.Sprintf("the stock ran out with hour %s uncovered", clockHourList(open))
	}
	return fmt.Sprintf("the stock ran out with hours %s uncovered", clockHourList(open))
}

// clockHourList spells a set of hours (bit h-1): "2, 5 and 11".
func clockHourList(set uint16) string {
	var hs []string
	for h := 1; h <= orost.Hours; h++ {
		if set&(1<<(h-1)) != 0 {
			hs = append(hs, fmt.Sprint(h))
		}
	}
	if len(hs) <= 1 {
		return strings.Join(hs, "")
	}
	return strings.Join(hs[:len(hs)-1], ", ") + " and " + hs[len(hs)-1]
}

// clockFace places twelve labels (hour 1..12) on a clock face of 9 text rows
// and returns the rows. width is each label's visible width.
func clockFace(labels [orost.Hours]string, width [orost.Hours]int) []string {
	const rows, cx, rx, ry = 9, 30, 24.0, 4.0
	type cell struct {
		x, w int
		s    string
	}
	lines := make([][]cell, rows)
	for h := 1; h <= orost.Hours; h++ {
		a := float64(h) * math.Pi / 6
		x := cx + int(math.Round(rx*math.Sin(a))) - width[h-1]/2
		y := 4 - int(math.Round(ry*math.Cos(a)))
		lines[y] = append(lines[y], cell{x, width[h-1], labels[h-1]})
	}
	out := make([]string, 0, rows)
	for _, row := range lines {
		slices.SortFunc(row, func(a, b cell) int { return a.x - b.x })
		var b strings.Builder
		col := 0
		for _, c := range row {
			if c.x > col {
				b.WriteString(strings.Repeat(" ", c.x-col))
				col = c.x
			}
			b.WriteString(c.s)
			col += c.w
		}
		out = append(out, strings.TrimRight(b.String(), " "))
	}
	return out
}

// layoutOrologio draws the clock as a circle of hours and the stock in
// pairs (face down to the well / face up).
func layoutOrologio(deal []deck.Card, _ Rules, st Style) string {
	g, _, err := orost.NewItalian(deal)
	if err != nil {
		return err.Error() + "\n"
	}
	it := deck.Italian
	var labels [orost.Hours]string
	var width [orost.Hours]int
	for h := 1; h <= orost.Hours; h++ {
		labels[h-1] = fmt.Sprintf("%d:%s", h, latinSuitToken(it, g.Clock(h), st))
		width[h-1] = len(fmt.Sprint(h)) + 3
	}
	var b strings.Builder
	b.WriteString("Solitario dell'orologio: the clock (hour:card)\n")
	for _, line := range clockFace(labels, width) {
		b.WriteString(line + "\n")
	}
	b.WriteString("stock in pairs, face down to the well / face up, covering its rank:\n")
	for i := orost.ClockCards; i < len(deal); i += 14 {
		var row []string
		for j := i; j < min(i+14, len(deal)); j += 2 {
			row = append(row, latinSuitToken(it, deal[j], st)+"/"+latinSuitToken(it, deal[j+1], st))
		}
		b.WriteString("  " + strings.Join(row, " ") + "\n")
	}
	if rank, ok := g.FourOfAKind(); ok {
		fmt.Fprintf(&b, "all four %ss are in the clock: lost at once\n", it.RankToken(rank))
	}
	return b.String()
}
