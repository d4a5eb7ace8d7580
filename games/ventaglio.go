package games

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
	vg "github.com/solitario/solitario/state/ventaglio"
	"github.com/solitario/solitario/ventaglio"
	"github.com/solitario/solitario/ventaglio/solve"
	"github.com/solitario/solitario/verify"
)

// ventaglioEntry is Il Ventaglio (RULES.md, "Il Ventaglio"): two French decks,
// an arc of twelve, a reserve, four provisional bases and eight foundations
// round the corner from the first base's rank.
func ventaglioEntry() Entry {
	return Entry{
		Name:     "ventaglio",
		Title:    "Il Ventaglio",
		Source:   "Solitario con le carte: Il Ventaglio (fig. 61)",
		Deck:     deck.French,
		Copies:   2,
		Defaults: Rules{Choices: VentaglioChoices, Play: state.Free, Passes: 3},
		Options: []Option{
			{Flag: "play", Default: "free", Values: []string{"free", "forced"},
				Doc: "free: a drawn card may always go to the waste; forced: a drawn card that fits somewhere must be placed"},
			{Flag: "passes", Default: "3",
				Doc: "passes through the stock (\"Smazzate: tre\"), 0 = unlimited (a redeal only after a pass that placed a stock or waste card)"},
			{Flag: "provisional-wrap",
				Doc: "K and A are neighbours on the provisional bases (default: they are not)"},
			{Flag: "empty-provisional", Default: "fill", Values: []string{"fill", "never"},
				Doc: "fill: an emptied provisional base takes any card that may go to a provisional base; never: it stays empty"},
		},
		Solve: func(ctx context.Context, deal []deck.Card, cfg Config) (Outcome, error) {
			return ventaglioAfter(ctx, deal, nil, cfg)
		},
		After:      ventaglioAfter,
		Verify:     verify.Ventaglio,
		Watch:      verify.WatchVentaglio,
		Layout:     layoutVentaglio,
		SearchHeap: solve.SearchHeap, // the stacks, tables and beams of its plan
		Ablations:  solve.Ablations(),
	}
}

// VentaglioRules is r as the packed game's rules.
func VentaglioRules(r Rules) vg.Rules {
	return vg.Rules{Play: r.Play, Passes: r.Passes, Wrap: r.Wrap, KeepEmpty: r.KeepEmpty}
}

// SolveVentaglio decides g from start under cfg by its plan (package
// ventaglio/solve) and writes the answer in RULES.md notation: a loss with
// its reason (the dead-end tests at the start, else the search's), a win
// with its line.
func SolveVentaglio(ctx context.Context, g vg.Game, start vg.State, cfg Config) Outcome {
	r := solve.Solve(ctx, g, start, cfg.Strategy, cfg.Search, cfg.Workers, cfg.Scratch.ventaglioWorkspace())
	out := Outcome{Verdict: r.Verdict, Reason: r.Reason, Stats: r.Stats, Step: r.StepName(), StepNodes: r.StepNodes, Workers: r.Workers}
	switch {
	case r.Verdict == solver.Unwinnable && cfg.Lean:
		// No reason (Config.Lean); a deal lost at the start has no step.
	case r.Verdict == solver.Unwinnable:
		// Most lost deals die at the start: say why, or that the search
		// went through every position.
		out.Reason = ventaglio.New(g, cfg.Strategy).DeadReason(&start)
		switch {
		case out.Reason != "":
			// Lost at the start: the dead-end tests decided it, no step.
			out.Step, out.StepNodes = "", 0
		case r.Stats.Proved > 0:
			out.Reason = "every reachable position was searched without a win, or proved lost on the suit-blind relaxation (the provisional bases' cards by rank and order only)"
		default:
			out.Reason = "every reachable position was searched without a win"
		}
	case r.Verdict == solver.Winnable:
		out.Moves, out.Human = describeLine(g, start, r.Line, cfg.human())
	}
	return out
}

// describeLine writes line, played from start, in RULES.md notation and,
// with human, readable lines (else nil), a draw placed at once merged into
// one stock move.
func describeLine(g vg.Game, start vg.State, line []vg.Move, human bool) ([]solution.Move, []string) {
	out := Outcome{Moves: make([]solution.Move, 0, len(line))}
	if human {
		out.Human = make([]string, 0, len(line))
	}
	var names ventaglioNames
	s := start
	for _, m := range line {
		jm, h := describeVentaglio(g, &s, m, &names, human)
		out.Moves = append(out.Moves, jm)
		if human {
			out.Human = append(out.Human, h)
		}
		g.Apply(&s, m)
	}
	mergeDraws(&out)
	return out.Moves, out.Human
}

// ventaglioNames keeps the names of places and cards that describeLine has
// written, so that a line of hundreds of moves makes each name once (they
// were most of a solve's allocations).
type ventaglioNames struct {
	place [vg.NoPlace]string
	card  [256]string // by deck.Card
	arc   [vg.ArcSize + 1]string
}

func (n *ventaglioNames) placeName(p vg.Place) string {
	if n.place[p] == "" {
		n.place[p] = p.String()
	}
	return n.place[p]
}

func (n *ventaglioNames) cardName(c deck.Card) string {
	if n.card[c] == "" {
		n.card[c] = deck.French.Token(c)
	}
	return n.card[c]
}

// arcName is "arc a<i>", i counted from the arc's first position (1..12).
func (n *ventaglioNames) arcName(i int) string {
	if n.arc[i] == "" {
		n.arc[i] = "arc a" + strconv.Itoa(i)
	}
	return n.arc[i]
}

// describeVentaglio names m, played from s, in RULES.md notation and, with
// human, in a readable line: "arc a7 7H -> p3 (on 8S)", "stock 9C ->
// waste", "waste -> stock (redeal, pass 2 of 3)".
func describeVentaglio(g vg.Game, s *vg.State, m vg.Move, names *ventaglioNames, human bool) (solution.Move, string) {
	if m == vg.Redeal {
		if !human {
			return solution.Move{From: "waste", To: "stock"}, ""
		}
		return solution.Move{From: "waste", To: "stock"}, fmt.Sprintf("waste -> stock (redeal, pass %d of %s)", s.Pass()+1, solution.PassesText(g.Passes()))
	}
	c, _ := g.Card(s, m)
	tok := names.cardName(c)
	jm := solution.Move{From: names.placeName(m.From()), To: names.placeName(m.To()), Card: tok}
	if !human {
		return jm, ""
	}
	from := jm.From
	if m.From() == vg.Arc {
		from = names.arcName(s.ArcIndex() + 1 + (vg.ArcSize - g.Deal().ArcLen()))
	}
	// The note after the move, in up to three parts: the readable line is
	// then one concatenation (one allocation a move).
	var pre, mid, post string
	switch to := m.To(); {
	case to.IsFound():
		if _, n := s.Foundation(int(to - vg.F1)); n == 0 {
			pre = " (new foundation)"
		} else {
			pre, mid, post = " (", strconv.Itoa(n+1), " of 13)"
		}
	case to.IsProv():
		if t, ok := s.ProvTop(int(to - vg.P1)); ok {
			pre, mid, post = " (on ", names.cardName(t), ")"
		} else {
			pre = " (empty base)"
		}
	}
	return jm, from + " " + tok + " -> " + jm.To + pre + mid + post
}

// mergeDraws writes a draw followed at once by the play of that card from
// the waste as one move, stock -> place (RULES.md: the same, and legal in
// both play modes), so the line reads as a person plays it. The readable
// lines are merged alike when there are any (Human nil: none).
func mergeDraws(out *Outcome) {
	if len(out.Moves) < 2 {
		return
	}
	moves := out.Moves[:0]
	human := out.Human[:0]
	for i := 0; i < len(out.Moves); i++ {
		m := out.Moves[i]
		if m.From == "stock" && m.To == "waste" && i+1 < len(out.Moves) {
			n := out.Moves[i+1]
			if n.From == "waste" && n.Card == m.Card && n.To != "stock" {
				moves = append(moves, solution.Move{From: "stock", To: n.To, Card: m.Card})
				if out.Human != nil {
					human = append(human, "stock"+strings.TrimPrefix(out.Human[i+1], "waste"))
				}
				i++
				continue
			}
		}
		moves = append(moves, m)
		if out.Human != nil {
			human = append(human, out.Human[i])
		}
	}
	out.Moves, out.Human = moves, human
}

// layoutVentaglio draws the start as the table looks (fig. 61): the arc,
// the foundations with the first base, the provisional bases, the reserve
// top and count, the stock count.
func layoutVentaglio(deal []deck.Card, r Rules, st Style) string {
	l, err := vg.FromDeal(deal)
	if err != nil {
		return err.Error() + "\n"
	}
	tok := func(c deck.Card) string {
		if !st.Color {
			return deck.French.Token(c)
		}
		t := deck.French.RankToken(c.Rank()) + deck.French.SuitSymbol(c.Suit())
		if deck.French.Red(c.Suit()) {
			return "\x1b[31m" + t + "\x1b[0m"
		}
		return t
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Il Ventaglio (%s)\n", r)
	fmt.Fprintf(&b, "base rank:   %s (first base on f1)\n", deck.French.RankToken(l.Base))
	var row []string
	for i, c := range l.Arc {
		row = append(row, fmt.Sprintf("a%d %s", i+1, tok(c)))
	}
	fmt.Fprintf(&b, "arc:         %s\n", strings.Join(row, "  "))
	row = row[:0]
	for i := range vg.Foundations {
		if i == 0 {
			row = append(row, "f1 "+tok(deal[12]))
		} else {
			row = append(row, fmt.Sprintf("f%d --", i+1))
		}
	}
	fmt.Fprintf(&b, "foundations: %s\n", strings.Join(row, "  "))
	row = row[:0]
	for i := range vg.Provisional {
		row = append(row, fmt.Sprintf("p%d %s", i+1, tok(l.Prov[i][0])))
	}
	fmt.Fprintf(&b, "provisional: %s\n", strings.Join(row, "  "))
	fmt.Fprintf(&b, "reserve:     %s on top, %d cards\n", tok(l.Reserve[0]), len(l.Reserve))
	fmt.Fprintf(&b, "stock:       %d cards; waste empty\n", len(l.Stock))
	return b.String()
}
