// Package position decides positions of play: a deal and the moves played
// from it so far. Solve says whether the position can still be won and how
// (a hint is its first move); Review finds, along a played line, the first
// move after which the game could no longer be won. Each game's rules are
// RULES.md's (its own section; "Solutions (JSON) and the move line"): the
// moves are replayed by the plain referee (package verify) before anything
// is searched, the search runs from the reached position through
// games.Entry.After, and every winning line, the moves played and the rest,
// replays through the referee to a win before it is returned.
//
// # Data layout
//
// A Position is the game, the deal (dealing order), the rules in force and
// Moves, the moves played, in RULES.md notation. A Review is the line's
// verdict (Kind), the first losing move's number when it is known, the
// bounds of what is known otherwise, and every Probe made: after how many
// moves, the verdict there, why a probe was unknown, and its nodes.
package position

import (
	"context"
	"errors"
	"fmt"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/verify"
)

// Position is a deal and the moves played from it.
type Position struct {
	Game  games.Entry
	Deal  []deck.Card
	Rules games.Rules
	Moves []solution.Move
}

// Check replays p's moves with the referee: nil when every one is legal,
// whether or not they end the game; else the *verify.MoveError of the
// first illegal move, or a plain error for a bad deal or rules.
func (p Position) Check() error {
	if p.Game.Verify == nil {
		return fmt.Errorf("%s: replaying this game is not implemented", p.Game.Name)
	}
	err := p.Game.Verify(p.Deal, p.Rules.JSON(), p.Moves)
	var nw *verify.NotWonError
	if errors.As(err, &nw) {
		return nil
	}
	return err
}

// Solve decides p under cfg. The Outcome's Moves and Human go on from p's
// last move; for a winnable answer, p's moves followed by them have
// replayed through the referee to a win.
func Solve(ctx context.Context, p Position, cfg games.Config) (games.Outcome, error) {
	if err := p.Check(); err != nil {
		return games.Outcome{}, err
	}
	if p.Game.After == nil {
		return games.Outcome{}, fmt.Errorf("%s: solving from a position is not implemented", p.Game.Name)
	}
	out, err := p.Game.After(ctx, p.Deal, p.Moves, cfg)
	if err != nil {
		return out, err
	}
	if out.Verdict == solver.Winnable {
		line := append(append([]solution.Move(nil), p.Moves...), out.Moves...)
		if err := p.Game.Verify(p.Deal, p.Rules.JSON(), line); err != nil {
			return out, &UnverifiedError{Game: p.Game.Name, After: len(p.Moves), Err: err}
		}
	}
	return out, nil
}

// UnverifiedError is a winning line the search found from a position that
// the referee refused: a bug in a solver or the referee, never printed as
// a win.
type UnverifiedError struct {
	Game  string
	After int   // the moves played before the line found
	Err   error // the referee's (not unwrapped: it is no move of the caller's)
}

func (e *UnverifiedError) Error() string {
	return fmt.Sprintf("internal error: %s: the winning line found from move %d fails the referee, so it is not printed: %v", e.Game, e.After, e.Err)
}

// Kind is a review's answer.
type Kind string

const (
	// LostAt: winnable after Move-1 moves, not after Move.
	LostAt Kind = "lost-at"
	// Never: the deal could not be won from the start.
	Never Kind = "never"
	// Stayed: still winnable after the last move (a won line stays so).
	Stayed Kind = "stayed-winnable"
	// Undecided: a probe was unknown before the answer was found; the first
	// losing move, if any, lies in From..To (To is 0 when it is not known
	// that the line ever lost).
	Undecided Kind = "unknown"
)

// Probe is one position decided on the way: after Moves moves.
type Probe struct {
	Moves   int    `json:"moves"`
	Verdict string `json:"verdict"`
	Reason  string `json:"reason,omitempty"`
	Nodes   int64  `json:"nodes"`
}

// Review is the answer of Review.
type Review struct {
	Kind Kind `json:"result"`
	// Move is, for LostAt, the first move after which the game could not be
	// won (1-based).
	Move int `json:"move,omitempty"`
	// From and To bound the first losing move when Kind is Undecided.
	From   int     `json:"from,omitempty"`
	To     int     `json:"to,omitempty"`
	Probes []Probe `json:"probes"`
}

// ReviewLine finds the first move of p's line after which the game could no
// longer be won. Winnability only goes from yes to no along a line (every
// position after a lost one is reached from it), so a binary search over
// the line's prefixes needs about log2(moves) solves, each under cfg. A
// probe that ends unknown is reported, never guessed: the search stops with
// what is known.
func ReviewLine(ctx context.Context, p Position, cfg games.Config) (Review, error) {
	if err := p.Check(); err != nil {
		return Review{}, err
	}
	n := len(p.Moves)
	rv := Review{Probes: []Probe{}} // "probes": [] for a won line, which needs no solve
	probe := func(k int) (solver.Verdict, error) {
		q := p
		q.Moves = p.Moves[:k]
		out, err := Solve(ctx, q, cfg)
		if err != nil {
			return solver.Unknown, err
		}
		rv.Probes = append(rv.Probes, Probe{Moves: k, Verdict: out.Verdict.String(), Reason: out.Reason, Nodes: out.Stats.Nodes})
		return out.Verdict, nil
	}
	// The line's end first: a won line, or one still winnable there, never
	// lost; then the start.
	end := solver.Winnable
	if p.Game.Verify(p.Deal, p.Rules.JSON(), p.Moves) != nil {
		v, err := probe(n)
		if err != nil {
			return rv, err
		}
		end = v
	}
	if end == solver.Winnable {
		rv.Kind = Stayed
		return rv, nil
	}
	start := end // no moves: the end is the start
	if n > 0 {
		v, err := probe(0)
		if err != nil {
			return rv, err
		}
		start = v
	}
	switch {
	case start == solver.Unwinnable:
		rv.Kind = Never
		return rv, nil
	case start == solver.Unknown:
		rv.Kind, rv.From, rv.To = Undecided, 1, 0
		if end == solver.Unwinnable {
			rv.To = n
		}
		return rv, nil
	}
	// Winnable after lo moves; after hi, unwinnable (hiKnown) or unknown.
	lo, hi, hiKnown := 0, n, end == solver.Unwinnable
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		v, err := probe(mid)
		if err != nil {
			return rv, err
		}
		switch v {
		case solver.Winnable:
			lo = mid
		case solver.Unwinnable:
			hi, hiKnown = mid, true
		default:
			rv.Kind, rv.From, rv.To = Undecided, lo+1, 0
			if hiKnown {
				rv.To = hi
			}
			return rv, nil
		}
	}
	if !hiKnown {
		rv.Kind, rv.From = Undecided, lo+1
		return rv, nil
	}
	rv.Kind, rv.Move = LostAt, hi
	return rv, nil
}
