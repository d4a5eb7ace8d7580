package games

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/heuristics"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
	vg "github.com/solitario/solitario/state/ventaglio"
	"github.com/solitario/solitario/verify"
)

// ventaglio is Il Ventaglio (RULES.md, "Il Ventaglio"): two French decks,
// an arc of twelve, a reserve, four provisional bases and eight foundations
// round the corner from the first base's rank.
func ventaglio() Entry {
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
		Solve:  solveVentaglio,
		After:  ventaglioAfter,
		Verify: verify.Ventaglio,
		Watch:  verify.WatchVentaglio,
		Layout: layoutVentaglio,
		// The stacks of its searches (the portfolio strategy's beams need
		// about 100 MiB more).
		SearchHeap: ventaglioSearchHeap,
	}
}

// VentaglioRules is r as the packed game's rules.
func VentaglioRules(r Rules) vg.Rules {
	return vg.Rules{Play: r.Play, Passes: r.Passes, Wrap: r.Wrap, KeepEmpty: r.KeepEmpty}
}

func solveVentaglio(ctx context.Context, deal []deck.Card, cfg Config) (Outcome, error) {
	return ventaglioAfter(ctx, deal, nil, cfg)
}

// Budget of the portfolio (of Options.MaxNodes): exact searches with
// budgets 20k, 80k, 320k, … nodes (each starts afresh: the repeats cost at
// most a third more), each followed by probes for ventaglioProbeRatio times
// its budget, until the limit (each search capped by what is left of it;
// with no limit, once ventaglioNoLimit nodes are spent a last exact search
// runs to the end).
const (
	ventaglioExactFirst = 20_000 // nodes
	ventaglioProbeRatio = 2.5
	// From the round whose exact budget is ventaglioBeamFrom on, three beams
	// (heuristics.VentaglioBeam with weightings B, A and D of BeamVariant)
	// follow the probes, budget/ventaglioBeamDiv positions wide (D twice
	// that), each stopped after ventaglioBeamNodes nodes per unit of width
	// (a beam that wins makes 700–2,800). At the default limit: 5,000,
	// 5,000 and 10,000 wide.
	ventaglioBeamFrom  = 320_000
	ventaglioBeamDiv   = 64
	ventaglioBeamNodes = 3_000
	// ventaglioLongLine is the length (moves, after shortening) past which a
	// line found by the exact search is polished: up to ventaglioPolish
	// more nodes of probes look for a shorter one, then two beams.
	ventaglioLongLine = 450
	ventaglioPolish   = 3_000_000
	// ventaglioPolishWidth is the width of the beams that polish a line the
	// probes could not shorten (weightings B then A, each stopped at
	// ventaglioBeamNodes nodes per unit of width).
	ventaglioPolishWidth = 2_000
	// portfolioMaxDepth bounds a search's stack (moves) unless
	// Options.MaxDepth says otherwise: a line that long only shuttles runs
	// between the provisional bases, and each level costs about 250 bytes.
	// A branch past it is cut (the search goes on, and its end proves
	// nothing: max-depth).
	portfolioMaxDepth  = 30_000
	ventaglioProbeUnit = 10_000 // nodes per Luby unit
	ventaglioNoLimit   = 50_000_000
)

// solveVentaglioPortfolio is the previous default solve (strategy
// portfolio, kept for the bench to compare against). It runs a portfolio:
// the exact search (heuristics.Ventaglio) with growing
// budgets, alternating with randomized probes (heuristics.VentaglioProbe)
// with Luby restarts, which find most winning lines fast, and from the third
// round on with beam searches (heuristics.VentaglioBeam), which find the
// lines of the hardest deals. Only the exact search may answer unwinnable; a
// win from any phase is a legal line. A winning line is shortened (heuristics.ShortenLine) before it is
// written out. The stats add up over the phases (MaxDepth is the largest).
// The parts named in cfg.Strategy.Off are skipped (the bench's ablations);
// made counts the searches each part made.
func solveVentaglioPortfolio(ctx context.Context, g vg.Game, start vg.State, cfg Config, made *portfolioMade) (acc Outcome) {
	off := cfg.Strategy.Off
	h := heuristics.NewVentaglio(g, cfg.Strategy)
	began := time.Now()
	// acc is the named result so that this defer sets the time on what is
	// returned (a deferred write to a local came after the copy: time 0).
	defer func() { acc.Stats.Elapsed = time.Since(began) }()
	total := cfg.Search.MaxNodes
	limit := total
	if limit <= 0 {
		limit = ventaglioNoLimit
	}
	left := func() int64 { return limit - acc.Stats.Nodes }
	// One searcher per wrapper keeps its stack and path set from search to
	// search (the portfolio makes many).
	var exactSearch solver.Searcher[vg.State, vg.Move, heuristics.Ventaglio]
	var probeSearch solver.Searcher[vg.State, vg.Move, heuristics.VentaglioProbe]
	var beam *heuristics.VentaglioBeam // made at the first beam
	// run makes one search with a node budget (0 = unlimited) and the time
	// left, and adds its counters to acc; ok is false when no time is left.
	run := func(search func(solver.Options) solver.Result[vg.Move], budget int64) (solver.Result[vg.Move], bool) {
		opt := cfg.Search
		opt.MaxNodes = budget
		if opt.MaxDepth <= 0 && !off.Has(solver.OffDepthCap) {
			opt.MaxDepth = portfolioMaxDepth
		}
		made.depth = opt.MaxDepth
		if cfg.Search.Timeout > 0 {
			rest := cfg.Search.Timeout - time.Since(began)
			if rest <= 0 {
				return solver.Result[vg.Move]{Reason: solver.ReasonTimeout}, false
			}
			opt.Timeout = rest
		}
		if show := cfg.Search.Progress; show != nil {
			// The caller sees the whole solve, not this one phase.
			before := acc.Stats
			opt.Progress = func(s solver.Stats) {
				s.Add(before)
				s.Elapsed = time.Since(began)
				show(s)
			}
		}
		r := search(opt)
		acc.Stats.Add(r.Stats)
		return r, true
	}
	exact := func(opt solver.Options) solver.Result[vg.Move] {
		made.exact++
		return exactSearch.Solve(ctx, h, start, opt)
	}
	// runBeam runs a beam of config bc.
	runBeam := func(bc heuristics.BeamConfig, budget int64) (solver.Result[vg.Move], bool) {
		if beam == nil {
			beam = heuristics.NewVentaglioBeam(h)
		}
		return run(func(opt solver.Options) solver.Result[vg.Move] { return beam.Search(ctx, start, bc, opt) }, budget)
	}
	probe, beams := 0, 0 // probes and beams made
	// runProbe makes the next probe of the portfolio with at most budget
	// nodes.
	runProbe := func(budget int64) (solver.Result[vg.Move], bool) {
		pc := ventaglioProbeConfig(probe, off)
		p := heuristics.NewVentaglioProbe(g, pc, h)
		pb := min(luby(probe+1)*ventaglioProbeUnit, budget)
		probe++
		made.probes++
		made.probeKinds |= 1 << probeKind(pc)
		return run(func(opt solver.Options) solver.Result[vg.Move] { return probeSearch.Solve(ctx, p, start, opt) }, pb)
	}
	finish := func(r solver.Result[vg.Move], exact bool) Outcome {
		acc.Verdict, acc.Reason = r.Verdict, r.Reason
		if r.Verdict == solver.Unwinnable {
			// Most lost deals die at the start: say why ("" otherwise:
			// the whole space was searched).
			acc.Reason = h.DeadReason(&start)
		}
		if r.Verdict != solver.Winnable {
			return acc
		}
		line := heuristics.ShortenLine(g, start, r.Line)
		// An exact search's line may wander; probes usually find one a
		// person can follow. Spend a little more to look for it.
		if exact && len(line) > ventaglioLongLine && cfg.Strategy.Order && !off.Has(solver.OffPolish) {
			made.polish++
			end := acc.Stats.Nodes + min(ventaglioPolish, max(left(), 0))
			for acc.Stats.Nodes < end {
				pr, ok := runProbe(end - acc.Stats.Nodes)
				if !ok || pr.Reason == solver.ReasonTimeout || pr.Reason == solver.ReasonStopped {
					break
				}
				if pr.Verdict == solver.Winnable {
					if pl := heuristics.ShortenLine(g, start, pr.Line); len(pl) < len(line) {
						line = pl
					}
					break
				}
			}
			// Still long (seen: 24,108 moves on seed 2542): beams make
			// lines of about 300 moves when they win.
			for _, v := range [...]int{1, 0} {
				if len(line) <= ventaglioLongLine || left() <= 0 {
					break
				}
				bc := heuristics.BeamVariant(v, ventaglioPolishWidth, uint64(beams+1))
				beams++
				br, ok := runBeam(bc, min(left(), ventaglioPolishWidth*ventaglioBeamNodes))
				if !ok || br.Reason == solver.ReasonTimeout || br.Reason == solver.ReasonStopped {
					break
				}
				if br.Verdict == solver.Winnable {
					if bl := heuristics.ShortenLine(g, start, br.Line); len(bl) < len(line) {
						line = bl
					}
				}
			}
			if err := ctx.Err(); err != nil && !errors.Is(err, context.DeadlineExceeded) {
				// Stopped (Ctrl-C) while polishing: the line is not the one
				// an uninterrupted solve writes, so the solve counts as
				// stopped and a resumed analyze solves the deal again.
				acc.Verdict, acc.Reason = solver.Unknown, solver.ReasonStopped
				return acc
			}
		}
		acc.Moves, acc.Human = describeLine(g, start, line)
		return acc
	}
	if !cfg.Strategy.Prune {
		r, _ := run(exact, total)
		return finish(r, true)
	}
	for budget := int64(ventaglioExactFirst); ; budget *= 4 {
		if total <= 0 && left() <= 0 && off.Has(solver.OffExactRounds) {
			return finish(solver.Result[vg.Move]{Reason: solver.ReasonMaxNodes}, true)
		}
		if total <= 0 && left() <= 0 {
			// No limit: the last exact search runs to the end.
			r, _ := run(exact, 0)
			return finish(r, true)
		}
		if total > 0 && left() <= 0 {
			return finish(solver.Result[vg.Move]{Reason: solver.ReasonMaxNodes}, true)
		}
		if !off.Has(solver.OffExactRounds) {
			r, ok := run(exact, min(budget, left()))
			if !ok || r.Verdict != solver.Unknown || r.Reason != solver.ReasonMaxNodes && r.Reason != solver.ReasonMaxDepth {
				return finish(r, true)
			}
			if left() <= 0 && total > 0 {
				return finish(r, true)
			}
		}
		// Probes for about ventaglioProbeRatio times the exact budget.
		end := acc.Stats.Nodes + int64(float64(budget)*ventaglioProbeRatio)
		for acc.Stats.Nodes < end && left() > 0 && !off.Has(solver.OffProbes) {
			r, ok := runProbe(left())
			switch {
			case !ok || r.Verdict == solver.Winnable:
				return finish(r, false)
			case r.Reason == solver.ReasonTimeout || r.Reason == solver.ReasonStopped:
				return finish(r, false)
			}
			// A probe that ran dry or out of budget proves nothing: go on.
		}
		if budget < ventaglioBeamFrom {
			continue
		}
		// The beams: weightings B and A as wide as budget allows, then D
		// twice as wide (heuristics.BeamVariant).
		for i, v := range [...]int{1, 0, 3} {
			if left() <= 0 {
				break
			}
			width := int(budget/ventaglioBeamDiv) << (i / 2)
			bc := heuristics.BeamVariant(v, width, uint64(beams+1))
			beams++ // a beam switched off keeps the others' seeds
			if off.Has([...]solver.Parts{solver.OffBeamB, solver.OffBeamA, solver.OffBeamD}[i]) {
				continue
			}
			made.beams[v]++
			r, ok := runBeam(bc, min(left(), int64(width)*ventaglioBeamNodes))
			switch {
			case !ok || r.Verdict == solver.Winnable:
				return finish(r, false)
			case r.Reason == solver.ReasonTimeout || r.Reason == solver.ReasonStopped:
				return finish(r, false)
			}
		}
	}
}

// portfolioMade counts the searches a portfolio solve made, by part (the
// ablation test reads it).
type portfolioMade struct {
	exact, probes, polish int
	probeKinds            uint16 // bit probeKind(c) for each config c made
	beams                 [4]int // the rounds' beams, by weighting (BeamVariant's i)
	depth                 int    // the depth bound of the last search
}

// probeKind numbers a probe configuration by its four guesses (0..15).
func probeKind(c heuristics.ProbeConfig) int {
	k := 0
	for i, on := range [...]bool{c.Auto, c.Chain == 24, c.Draw == 2, c.Need} {
		if on {
			k |= 1 << i
		}
	}
	return k
}

// describeLine writes line, played from start, in RULES.md notation and
// readable lines, a draw placed at once merged into one stock move.
func describeLine(g vg.Game, start vg.State, line []vg.Move) ([]solution.Move, []string) {
	out := Outcome{Moves: make([]solution.Move, 0, len(line)), Human: make([]string, 0, len(line))}
	var names ventaglioNames
	s := start
	for _, m := range line {
		jm, human := describeVentaglio(g, &s, m, &names)
		out.Moves = append(out.Moves, jm)
		out.Human = append(out.Human, human)
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

// ventaglioProbeConfig is the i-th probe of the portfolio: seeds 1, 2, …,
// cycling through the sixteen combinations of the lone foundation move on
// or off, chains of 12 or 24, one or two nodes in four drawing first, and
// the need-ordering on or off (measured on the hardest seeds of 1..1000:
// each combination wins deals the others miss, bench/RESULTS.md). A guess
// in off keeps one value throughout (the ablations).
func ventaglioProbeConfig(i int, off solver.Parts) heuristics.ProbeConfig {
	c := heuristics.ProbeConfig{
		Seed:  uint64(i + 1),
		Auto:  i%2 == 0 && !off.Has(solver.OffProbeAuto),
		Chain: [2]uint8{12, 24}[i/2%2],
		Draw:  uint8(1 + i/4%2),
		Need:  i/8%2 == 1 && !off.Has(solver.OffProbeNeed),
	}
	if off.Has(solver.OffProbeChain12) {
		c.Chain = 24
	}
	if off.Has(solver.OffProbeDraw2) {
		c.Draw = 1
	}
	return c
}

// luby is the i-th term (1-based) of the Luby restart sequence 1 1 2 1 1 2
// 4 1 1 2 1 1 2 4 8 …
func luby(i int) int64 {
	for k := 1; ; k++ {
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		if i < 1<<k-1 {
			return luby(i - (1<<(k-1) - 1))
		}
	}
}

// describeVentaglio names m, played from s, in RULES.md notation and in a
// readable line: "arc a7 7H -> p3 (on 8S)", "stock 9C -> waste",
// "waste -> stock (redeal, pass 2 of 3)".
func describeVentaglio(g vg.Game, s *vg.State, m vg.Move, names *ventaglioNames) (solution.Move, string) {
	if m == vg.Redeal {
		return solution.Move{From: "waste", To: "stock"}, fmt.Sprintf("waste -> stock (redeal, pass %d of %s)", s.Pass()+1, solution.PassesText(g.Passes()))
	}
	c, _ := g.Card(s, m)
	tok := names.cardName(c)
	jm := solution.Move{From: names.placeName(m.From()), To: names.placeName(m.To()), Card: tok}
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
// both play modes), so the line reads as a person plays it.
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
				human = append(human, "stock"+strings.TrimPrefix(out.Human[i+1], "waste"))
				i++
				continue
			}
		}
		moves = append(moves, m)
		human = append(human, out.Human[i])
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
