package api

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/position"
	"github.com/solitario/solitario/replay"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/verify"
)

// DealAnswer is what deal --json prints: the first fields of a solution
// object.
type DealAnswer struct {
	Game  string         `json:"game"`
	Rules solution.Rules `json:"rules"`
	Seed  *uint64        `json:"seed,omitempty"`
	Deal  []string       `json:"deal"`
}

// DealOf is the deal answer of deal under r.
func DealOf(g games.Entry, r games.Rules, seed *uint64, deal []deck.Card) DealAnswer {
	return DealAnswer{Game: g.Name, Rules: r.JSON(), Seed: seed, Deal: g.Deck.TokenList(deal)}
}

// Deal is the request's deal and rules in force (deal --json).
func Deal(r Request) (DealAnswer, error) { return NewEngine().Deal(r) }

// Deal is the package's Deal on e.
func (e *Engine) Deal(r Request) (DealAnswer, error) {
	t, err := e.load(r)
	if err != nil {
		return DealAnswer{}, err
	}
	return DealOf(t.game, t.rules, t.seed, t.deal), nil
}

// SolutionOf is the RULES.md solution object of one solve's outcome.
func SolutionOf(g games.Entry, r games.Rules, seed *uint64, deal []deck.Card, out games.Outcome) solution.Solution {
	sol := solution.Solution{
		Game:   g.Name,
		Rules:  r.JSON(),
		Seed:   seed,
		Deal:   g.Deck.TokenList(deal),
		Result: out.Verdict.String(),
		Stats: solution.Stats{
			Nodes:     out.Stats.Nodes,
			CacheHits: out.Stats.CacheHits,
			ElapsedMS: out.Stats.Elapsed.Milliseconds(),
			MaxDepth:  out.Stats.MaxDepth,
			Step:      out.Step,
			StepNodes: out.StepNodes,
		},
	}
	switch out.Verdict {
	case solver.Winnable:
		sol.Moves = out.Moves
		if sol.Moves == nil {
			sol.Moves = []solution.Move{} // won at the start: an empty line
		}
	case solver.Unknown, solver.Unwinnable:
		// For unknown, the limit; for a lost deal, why, when the game
		// can say it in a line (the clocks; a ventaglio deal lost at the
		// start); otherwise empty: the whole space was searched.
		sol.Reason = out.Reason
	}
	return sol
}

// UnverifiedLineError is a winning line found from the deal that the
// referee refused: a bug, never returned as a win.
type UnverifiedLineError struct{ Err error }

func (e *UnverifiedLineError) Error() string {
	return fmt.Sprintf("internal error: the winning line found fails the referee, so it is not printed: %v", e.Err)
}

// SolveDeal decides deal under cfg (solve without --after): the outcome,
// its winning line replayed by the referee first.
func SolveDeal(ctx context.Context, g games.Entry, deal []deck.Card, cfg games.Config) (games.Outcome, error) {
	out, err := g.Solve(ctx, deal, cfg)
	if err != nil {
		return out, err
	}
	if out.Verdict == solver.Winnable {
		if err := g.Verify(deal, cfg.Rules.JSON(), out.Moves); err != nil {
			return out, &UnverifiedLineError{err}
		}
	}
	return out, nil
}

// NoObjectError is solve's answer, with moves, for a position after one or
// more moves that is lost or unknown: no solution object, since its result
// would be the deal's verdict and only the position was searched (solve
// --after … --json prints none either).
type NoObjectError struct {
	After int // the moves played
	Out   games.Outcome
	Prune bool // the strategy's dead-end tests were on
}

func (e *NoObjectError) Error() string {
	found := "lost"
	if e.Out.Verdict != solver.Unwinnable {
		found = "unknown (" + e.Out.Reason + ")"
	}
	return fmt.Sprintf("the position after move %d is %s; no solution object is given: its result would be the deal's verdict, and only this position was searched (hint gives the position's verdict)", e.After, found)
}

// Solve decides the request's deal (solve --json) or, when Moves is not
// nil, the position they reach (solve --after … --json): the solution
// object of the whole line when it wins. A lost or unknown position after
// one or more moves is a *NoObjectError.
func Solve(ctx context.Context, r Request, o Options) (solution.Solution, error) {
	return NewEngine().Solve(ctx, r, o)
}

// Solve is the package's Solve on e.
func (e *Engine) Solve(ctx context.Context, r Request, o Options) (solution.Solution, error) {
	return search(e, r, o, func(t target, cfg games.Config, w *workspace) (solution.Solution, error) {
		cfg.NoHuman = true // the solution object has no readable lines
		if r.Moves == nil {
			out, err := SolveDeal(ctx, t.game, t.deal, cfg)
			sol := SolutionOf(t.game, t.rules, t.seed, t.deal, out)
			if err == nil && out.Verdict == solver.Winnable {
				sol.Difficulty, err = difficultyOf(w.grader, t.game, t.deal, t.rules)
			}
			return sol, err
		}
		out, err := position.Solve(ctx, t.position(), cfg)
		if err == nil && out.Verdict != solver.Winnable && len(t.moves) > 0 {
			err = &NoObjectError{After: len(t.moves), Out: out, Prune: cfg.Strategy.Prune}
		}
		return AfterSolution(t.game, t.rules, t.seed, t.deal, t.moves, out), err
	})
}

// AfterSolution is solve --after's solution object: the moves played, then
// the rest found, when the position is won.
func AfterSolution(g games.Entry, r games.Rules, seed *uint64, deal []deck.Card, moves []solution.Move, out games.Outcome) solution.Solution {
	sol := SolutionOf(g, r, seed, deal, out)
	if out.Verdict == solver.Winnable {
		sol.Moves = append(slices.Clip(moves), out.Moves...)
	}
	return sol
}

// HintAnswer is what hint --json prints.
type HintAnswer struct {
	Game   string          `json:"game"`
	Seed   *uint64         `json:"seed,omitempty"`
	After  int             `json:"after"` // moves played
	Result string          `json:"result"`
	Won    bool            `json:"won,omitempty"` // the game is won already: no next move
	Reason string          `json:"reason,omitempty"`
	Next   *solution.Move  `json:"next,omitempty"`
	Text   string          `json:"next_text,omitempty"`
	Moves  []solution.Move `json:"moves,omitempty"`    // the rest of the winning line, from move After+1
	Own    bool            `json:"own_line,omitempty"` // moves are the line's own, after After (position.Position.Rest)
	Stats  solution.Stats  `json:"stats"`
}

// HintOf is the hint answer for the position after `after` moves.
func HintOf(game string, seed *uint64, after int, out games.Outcome) HintAnswer {
	h := HintAnswer{Game: game, Seed: seed, After: after, Result: out.Verdict.String(), Reason: out.Reason,
		Stats: solution.Stats{Nodes: out.Stats.Nodes, CacheHits: out.Stats.CacheHits, ElapsedMS: out.Stats.Elapsed.Milliseconds(), MaxDepth: out.Stats.MaxDepth}}
	if out.Verdict == solver.Winnable {
		h.Moves, h.Won, h.Own = out.Moves, len(out.Moves) == 0, out.OwnLine
		if len(out.Moves) > 0 {
			h.Next, h.Text = &out.Moves[0], out.Human[0]
		}
	}
	return h
}

// Hint decides the position the request's moves reach and gives the next
// move of a winning line from there (hint --json).
func Hint(ctx context.Context, r Request, o Options) (HintAnswer, error) {
	return NewEngine().Hint(ctx, r, o)
}

// Hint is the package's Hint on e.
func (e *Engine) Hint(ctx context.Context, r Request, o Options) (HintAnswer, error) {
	return search(e, r, o, func(t target, cfg games.Config, _ *workspace) (HintAnswer, error) {
		out, err := position.Solve(ctx, t.position(), cfg)
		return HintOf(t.game.Name, t.seed, len(t.moves), out), err
	})
}

// ReviewAnswer is what review --json prints.
type ReviewAnswer struct {
	Game  string  `json:"game"`
	Seed  *uint64 `json:"seed,omitempty"`
	Moves int     `json:"moves"`
	position.Review
	Losing *solution.Move `json:"losing_move,omitempty"` // for lost-at: the move itself
}

// ReviewOf is the review answer of rv, made along moves.
func ReviewOf(game string, seed *uint64, moves []solution.Move, rv position.Review) ReviewAnswer {
	j := ReviewAnswer{Game: game, Seed: seed, Moves: len(moves), Review: rv}
	if rv.Kind == position.LostAt {
		j.Losing = &moves[rv.Move-1]
	}
	return j
}

// Review names the first of the request's moves after which the game could
// no longer be won (review --json).
func Review(ctx context.Context, r Request, o Options) (ReviewAnswer, error) {
	return NewEngine().Review(ctx, r, o)
}

// Review is the package's Review on e.
func (e *Engine) Review(ctx context.Context, r Request, o Options) (ReviewAnswer, error) {
	return search(e, r, o, func(t target, cfg games.Config, _ *workspace) (ReviewAnswer, error) {
		rv, err := position.ReviewLine(ctx, t.position(), cfg)
		return ReviewOf(t.game.Name, t.seed, t.moves, rv), err
	})
}

// VerifyAnswer is the referee's judgement of a line: every move legal and
// the game won (Won), or what is left (End), or the first illegal move.
type VerifyAnswer struct {
	Game    string       `json:"game"`
	Seed    *uint64      `json:"seed,omitempty"`
	Moves   int          `json:"moves"` // the line's moves, as many as it holds
	Won     bool         `json:"won"`
	End     string       `json:"end"` // "won", what is left when the line stops short, or why a move is illegal
	Illegal *IllegalMove `json:"illegal,omitempty"`
}

// IllegalMove is a line's first illegal move: its number (1-based), the
// move and why (RULES.md's rule it breaks).
type IllegalMove struct {
	N      int           `json:"n"`
	Move   solution.Move `json:"move"`
	Reason string        `json:"reason"`
}

// Verify replays the request's moves with the plain referee (verify). A
// move that names no place or card of the game is a bad request (an error,
// as verify's exit 2); an illegal one is the answer.
func Verify(r Request) (VerifyAnswer, error) { return NewEngine().Verify(r) }

// Verify is the package's Verify on e.
func (e *Engine) Verify(r Request) (VerifyAnswer, error) {
	t, err := e.load(r)
	if err != nil {
		return VerifyAnswer{}, err
	}
	// The line's length as given: load reads a long line no further than
	// a prefix with its first illegal move (64, 128, … moves), which is no
	// count of the line's.
	a := VerifyAnswer{Game: t.game.Name, Seed: t.seed, Moves: len(r.Moves)}
	err = t.game.Verify(t.deal, t.rules.JSON(), t.moves)
	var me *verify.MoveError
	var nw *verify.NotWonError
	switch {
	case err == nil:
		a.Won, a.End = true, "won"
	case errors.As(err, &me) && me.Notation:
		return VerifyAnswer{}, err
	case errors.As(err, &me):
		a.End, a.Illegal = err.Error(), &IllegalMove{N: me.N, Move: me.Move, Reason: me.Reason}
	case errors.As(err, &nw):
		a.End = nw.Detail
	default:
		return VerifyAnswer{}, err
	}
	return a, nil
}

// PositionAnswer is the replay of the request's moves (package replay: the
// table after the deal and after each move, what show draws) and Legal,
// every legal move from the last position.
type PositionAnswer struct {
	*replay.Replay
	Legal []Legal `json:"legal"`
}

// Legal is one legal move and its readable line.
type Legal struct {
	Move solution.Move `json:"move"`
	Text string        `json:"text"`
}

// Position replays the request's moves with the referee and lists the
// legal moves from the position they reach, each confirmed by the referee.
// An illegal move is an error naming its number.
func Position(r Request) (PositionAnswer, error) { return NewEngine().Position(r) }

// Position is the package's Position on e.
func (e *Engine) Position(r Request) (PositionAnswer, error) {
	t, err := e.load(r)
	if err != nil {
		return PositionAnswer{}, err
	}
	rp, err := replay.Line(t.game, t.deal, t.rules, t.seed, t.moves)
	if err != nil {
		return PositionAnswer{}, err
	}
	a := PositionAnswer{Replay: rp, Legal: []Legal{}}
	if rp.Won {
		return a, nil
	}
	last := rp.Steps[len(rp.Steps)-1].Position
	for _, m := range legalMoves(t, last) {
		a.Legal = append(a.Legal, Legal{Move: m, Text: replay.Text(m, last)})
	}
	return a, nil
}
