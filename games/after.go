package games

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/heuristics"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
	orost "github.com/solitario/solitario/state/orologio"
	relojst "github.com/solitario/solitario/state/reloj"
	sietesst "github.com/solitario/solitario/state/sietes"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// Solving from the middle of a game (Game.After): the moves played so far,
// in RULES.md notation, are played on the packed game from the deal, each
// matched to the one move of the packed game's Moves that names it, and the
// search starts from the position they reach. The caller has replayed them
// with the plain referee first (package position); a move the packed game
// does not list is an error here, never a guess.

// replayPacked plays moves on g from start: each must be a move of
// g.Moves(s) that match says it names.
func replayPacked[S any, M any, G solver.Game[S, M]](g G, start S, moves []solution.Move, match func(s *S, m M, jm solution.Move) bool) (S, error) {
	s := start
	var buf []M
	for i, jm := range moves {
		buf = g.Moves(&s, buf)
		found := false
		for _, m := range buf {
			if match(&s, m, jm) {
				g.Apply(&s, m)
				found = true
				break
			}
		}
		if !found {
			return s, fmt.Errorf("move %d (%s): not a move of the solver's rules here (the referee allowed it: please report this)", i+1, jm)
		}
	}
	return s, nil
}

// relojAfter decides Del reloj from the position moves reach (none: the
// deal).
func relojAfter(ctx context.Context, deal []deck.Card, moves []solution.Move, cfg Config) (Outcome, error) {
	r := relojst.Rules{Play: cfg.Rules.Play, Passes: cfg.Rules.Passes}
	g, start, err := relojst.NewGame(r, deal)
	if err != nil {
		return Outcome{}, err
	}
	s, err := replayPacked(g, start, moves, func(s *relojst.State, m relojst.Move, jm solution.Move) bool {
		got, _ := describeReloj(g, s, m, false)
		return got == jm
	})
	if err != nil {
		return Outcome{}, err
	}
	h := heuristics.NewReloj(g, cfg.Strategy)
	bare := heuristics.NewReloj(g, solver.Strategy{})
	out := SolveRanked(ctx, h, bare, s, cfg, func(s *relojst.State, m relojst.Move) (solution.Move, string) {
		return describeReloj(g, s, m, cfg.human())
	})
	if out.Verdict == solver.Unwinnable && out.Reason == "" && !cfg.Lean {
		out.Reason = relojLostWhy(g, h, deal, &s)
	}
	return out, nil
}

// sietesAfter decides De los sietes from the position moves reach (none:
// the table after the deal phase). The packed
// position keeps the frame as a set (state/sietes); the slots the moves
// name are kept beside it, so the rest of the line names them as they lie.
func sietesAfter(ctx context.Context, deal []deck.Card, moves []solution.Move, cfg Config) (Outcome, error) {
	r := sietesst.Rules{Play: cfg.Rules.Play, Passes: cfg.Rules.Passes}
	g, start, table, err := sietesst.NewGame(r, deal)
	if err != nil {
		return Outcome{}, err
	}
	frame := table.Frame
	s, err := replayPacked(g, start, moves, func(s *sietesst.State, m sietesst.Move, jm solution.Move) bool {
		if sietesMoveKind(jm) != m.Kind() || m.Kind() == sietesst.FrameFound && "found:"+deck.Spanish.SuitToken(m.Suit()) != jm.To {
			return false
		}
		if m.Kind() != sietesst.Redeal && deck.Spanish.Token(g.Card(s, m)) != jm.Card {
			return false
		}
		c := g.Card(s, m)
		if k, ok := sietesSlotNumber(jm.From); ok {
			frame[k-1] = sietesst.NoCard
		}
		if k, ok := sietesSlotNumber(jm.To); ok {
			frame[k-1] = c
		}
		return true
	})
	if err != nil {
		return Outcome{}, err
	}
	h := heuristics.NewSietes(g, cfg.Strategy)
	bare := heuristics.NewSietes(g, solver.Strategy{})
	return SolveRanked(ctx, h, bare, s, cfg, func(s *sietesst.State, m sietesst.Move) (solution.Move, string) {
		return describeSietes(g, &frame, s, m, cfg.human())
	}), nil
}

// sietesMoveKind is the packed kind of a move in RULES.md notation (an
// impossible kind for a move no kind names).
func sietesMoveKind(m solution.Move) sietesst.Kind {
	from, to := m.From, m.To
	if strings.HasPrefix(from, "frame:") {
		from = "frame"
	}
	switch {
	case strings.HasPrefix(to, "frame:"):
		to = "frame"
	case strings.HasPrefix(to, "found:"):
		to = "found"
	}
	switch from + ">" + to {
	case "stock>waste":
		return sietesst.Draw
	case "stock>found":
		return sietesst.StockFound
	case "stock>frame":
		return sietesst.StockFrame
	case "waste>found":
		return sietesst.WasteFound
	case "waste>frame":
		return sietesst.WasteFrame
	case "frame>found":
		return sietesst.FrameFound
	case "waste>stock":
		return sietesst.Redeal
	}
	return 0xFF
}

// sietesSlotNumber reads "frame:k".
func sietesSlotNumber(place string) (int, bool) {
	num, ok := strings.CutPrefix(place, "frame:")
	if !ok {
		return 0, false
	}
	k, err := strconv.Atoi(num)
	return k, err == nil && k >= 1 && k <= sietesst.Slots
}

// ventaglioAfter decides Il Ventaglio with SolveVentaglio (its plan)
// from the position moves reach (none: the deal). A placement straight from the stock in free play
// is the draw and then the play from the waste: the packed game lists it as
// those two moves (state/ventaglio, "Moves").
func ventaglioAfter(ctx context.Context, deal []deck.Card, moves []solution.Move, cfg Config) (Outcome, error) {
	if cfg.Rules.Choices != VentaglioChoices {
		return Outcome{}, fmt.Errorf("ventaglio: rules of another game (%s)", cfg.Rules)
	}
	l, err := vg.FromDeal(deal)
	if err != nil {
		return Outcome{}, err
	}
	d, err := vg.NewDeal(l)
	if err != nil {
		return Outcome{}, err
	}
	g := vg.New(d, VentaglioRules(cfg.Rules))
	var names ventaglioNames
	s := d.Start()
	for i, jm := range moves {
		steps := []solution.Move{jm}
		if !g.Forced() && jm.From == "stock" && jm.To != "waste" {
			steps = []solution.Move{{From: "stock", To: "waste", Card: jm.Card}, {From: "waste", To: jm.To, Card: jm.Card}}
		}
		next, err := replayPacked(g, s, steps, func(s *vg.State, m vg.Move, jm solution.Move) bool {
			got, _ := describeVentaglio(g, s, m, &names, false)
			return got == jm
		})
		if err != nil {
			return Outcome{}, fmt.Errorf("move %d (%s): not a move of the solver's rules here (the referee allowed it: please report this)", i+1, jm)
		}
		s = next
	}
	return SolveVentaglio(ctx, g, s, cfg), nil
}

// orologioAfter plays the Solitario dell'orologio out from the position
// moves reach (none: the deal), as solveOrologio says.
func orologioAfter(ctx context.Context, deal []deck.Card, moves []solution.Move, cfg Config) (Outcome, error) {
	if err := checkClockRules("orologio", cfg.Rules); err != nil {
		return Outcome{}, err
	}
	g, start, err := orost.NewItalian(deal)
	if err != nil {
		return Outcome{}, err
	}
	s, err := replayPacked(g, start, moves, func(s *orost.State40, m orost.Move40, jm solution.Move) bool {
		got, _ := describeOrologio(g, s, m, false)
		return got == jm
	})
	if err != nil {
		return Outcome{}, err
	}
	return solveClock(ctx, g, s, cfg, describeOrologio, func(_ *orost.State40, end orost.State40, moved bool) string {
		return orologioLoss(g, end, moved || len(moves) > 0)
	}), nil
}

// orologio52After plays the classic Clock out from the position moves
// reach (none: the deal).
func orologio52After(ctx context.Context, deal []deck.Card, moves []solution.Move, cfg Config) (Outcome, error) {
	if err := checkClockRules("orologio52", cfg.Rules); err != nil {
		return Outcome{}, err
	}
	g, start, err := orost.NewFrench(deal)
	if err != nil {
		return Outcome{}, err
	}
	s, err := replayPacked(g, start, moves, func(s *orost.State52, m orost.Move52, jm solution.Move) bool {
		got, _ := describeOrologio52(g, s, m, false)
		return got == jm
	})
	if err != nil {
		return Outcome{}, err
	}
	return solveClock(ctx, g, s, cfg, describeOrologio52, func(before *orost.State52, end orost.State52, _ bool) string {
		return orologio52Loss(g, before, end)
	}), nil
}
