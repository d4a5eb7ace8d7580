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
// A Position is the game, the deal (dealing order), the rules in force,
// Moves, the moves played, in RULES.md notation, and Rest, the moves of the
// line it was taken from after them (none when it is the whole line). A
// Review is the line's verdict (Kind), the first losing move's number when
// it is known, the bounds of what is known otherwise, and every Probe made:
// after how many moves, the verdict there (By: the probe that decided one
// its own solve left unknown), why a solve stopped, and its nodes.
package position

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sort"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/replay"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/verify"
)

// Position is a deal and the moves played from it. Rest, when the position
// is taken from a longer line (a file's moves after the first K), is the
// line's moves after Moves: Solve gives them when they win from the
// position in fewer moves than the search's line.
type Position struct {
	Game  games.Entry
	Deal  []deck.Card
	Rules games.Rules
	Moves []solution.Move
	Rest  []solution.Move
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
// replayed through the referee to a win. When p.Rest replays to a win
// after p.Moves and is shorter than the search's line, or the search found
// none (a limit stopped it), the answer is p.Rest, with OwnLine set and the
// search's stats; a search that proved lost a position p.Rest wins is a bug,
// an *UnverifiedError.
func Solve(ctx context.Context, p Position, cfg games.Config) (games.Outcome, error) {
	out, err := solve(ctx, p, cfg)
	if err != nil || len(p.Rest) == 0 || (out.Verdict == solver.Winnable && len(out.Moves) <= len(p.Rest)) {
		return out, err
	}
	line := append(slices.Clip(p.Moves), p.Rest...)
	rp, err := replay.Line(p.Game, p.Deal, p.Rules, nil, line)
	if err != nil || !rp.Won {
		return out, nil // the rest is illegal or does not win: not an answer
	}
	if out.Verdict == solver.Unwinnable {
		return out, &UnverifiedError{Game: p.Game.Name, After: len(p.Moves), Lost: true}
	}
	if out.Verdict != solver.Winnable {
		out.SearchEnded = out.Reason
	}
	out.Verdict, out.Reason, out.Step, out.StepNodes, out.OwnLine = solver.Winnable, "", "", 0, true
	out.Moves, out.Human = slices.Clone(p.Rest), make([]string, len(p.Rest))
	for i := range p.Rest {
		out.Human[i] = rp.Steps[len(p.Moves)+i+1].Text
	}
	return out, nil
}

// solve is Solve by the search alone.
func solve(ctx context.Context, p Position, cfg games.Config) (games.Outcome, error) {
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
	// Lost: the search proved the position lost, but the rest of the line
	// it was taken from (Position.Rest) wins it under the referee.
	Lost bool
}

func (e *UnverifiedError) Error() string {
	if e.Lost {
		return fmt.Sprintf("internal error: %s: the search proved the position after move %d lost, but the rest of the line given wins it under the referee", e.Game, e.After)
	}
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
	// Undecided: probes a limit left unknown kept the answer from being
	// found; the first losing move, if any, lies in From..To. From is 0 when
	// the start is undecided (the deal may never have been winnable, and no
	// move lost it), To is 0 when it is not known that the line ever lost.
	Undecided Kind = "unknown"
)

// Probe is one position decided on the way: after Moves moves. A probe
// its own solve left unknown (Reason says why) that another probe decides
// has that probe's Verdict and its moves in By: a later position of the
// line is reached from this one by the line's own legal moves, so a
// winnable later one makes it winnable, and an unwinnable earlier one makes
// it unwinnable.
type Probe struct {
	Moves   int    `json:"moves"`
	Verdict string `json:"verdict"`
	By      *int   `json:"by,omitempty"`
	Reason  string `json:"reason,omitempty"`
	Nodes   int64  `json:"nodes"`
}

// Review is the answer of Review.
type Review struct {
	Kind Kind `json:"result"`
	// Move is, for LostAt, the first move after which the game could not be
	// won (1-based).
	Move int `json:"move,omitempty"`
	// From and To bound the first losing move when Kind is Undecided (0:
	// unknown, see Undecided).
	From   int     `json:"from,omitempty"`
	To     int     `json:"to,omitempty"`
	Probes []Probe `json:"probes"`
}

// ReviewLine finds the first move of p's line after which the game could no
// longer be won. Winnability only goes from yes to no along a line (every
// position after a lost one is reached from it), so a binary search over
// the line's prefixes needs about log2(moves) solves, each under cfg. A
// probe that ends unknown is reported, never guessed, and does not end the
// search while another prefix could still narrow the bounds: the next probe
// halves the widest stretch of undecided prefixes between the known ones
// (the later of equal ones: its positions are smaller searches), until the
// answer is found, no prefix is left to try, or maxUnknown(moves) probes
// were unknown.
func ReviewLine(ctx context.Context, p Position, cfg games.Config) (Review, error) {
	if err := p.Check(); err != nil {
		return Review{}, err
	}
	n := len(p.Moves)
	rv := Review{Probes: []Probe{}} // "probes": [] for a won line, which needs no solve
	// The first losing prefix m (the fewest moves after which the game cannot
	// be won; 0: the deal never could be, n+1: it stayed winnable) lies in
	// lo+1..hi: winnable after lo moves (-1 while the start is undecided),
	// not after hi (n+1 while the end is undecided). unknown holds the
	// prefixes in between that a limit left undecided.
	lo, hi := -1, n+1
	var unknown []int // increasing
	probe := func(k int) error {
		q := p
		q.Moves, q.Rest = p.Moves[:k], nil
		out, err := Solve(ctx, q, cfg)
		if err != nil {
			return err
		}
		rv.Probes = append(rv.Probes, Probe{Moves: k, Verdict: out.Verdict.String(), Reason: out.Reason, Nodes: out.Stats.Nodes})
		switch out.Verdict {
		case solver.Winnable:
			lo = k
		case solver.Unwinnable:
			hi = k
		default:
			unknown = insertSorted(unknown, k)
		}
		return nil
	}
	// The line's end first: a won line, or one still winnable there, never
	// lost; then the start.
	if p.Game.Verify(p.Deal, p.Rules.JSON(), p.Moves) == nil {
		lo = n
	} else if err := probe(n); err != nil {
		return rv, err
	}
	if lo == n {
		rv.Kind = Stayed
		return rv, nil
	}
	// After Ctrl-C (ctx done) no prefix is solved: each would only stop.
	if n > 0 && ctx.Err() == nil {
		if err := probe(0); err != nil {
			return rv, err
		}
	}
	for len(unknown) < maxUnknown(n) && ctx.Err() == nil {
		k, ok := nextProbe(lo, hi, unknown)
		if !ok {
			break
		}
		if err := probe(k); err != nil {
			return rv, err
		}
	}
	decideByOthers(rv.Probes)
	switch {
	case lo == -1 && hi == 0:
		rv.Kind = Never
	case lo >= 0 && hi == lo+1:
		rv.Kind, rv.Move = LostAt, hi
	default:
		rv.Kind, rv.From = Undecided, lo+1
		if hi <= n {
			rv.To = hi
		}
	}
	return rv, nil
}

// decideByOthers gives each probe its own solve left unknown the verdict
// another probe proves for it (Probe): the nearest later winnable one, or
// the nearest earlier unwinnable one. (Both cannot be: winnability only goes
// from yes to no along a line.)
func decideByOthers(probes []Probe) {
	winnable, unwinnable := solver.Winnable.String(), solver.Unwinnable.String()
	for i := range probes {
		pr := &probes[i]
		if pr.Verdict != solver.Unknown.String() {
			continue
		}
		by, verdict := -1, ""
		for _, o := range probes {
			switch {
			case o.By != nil: // decided by another: cite the one that solved
			case o.Verdict == winnable && o.Moves > pr.Moves && (by < 0 || o.Moves < by):
				by, verdict = o.Moves, winnable
			case o.Verdict == unwinnable && o.Moves < pr.Moves && (by < 0 || o.Moves > by):
				by, verdict = o.Moves, unwinnable
			}
		}
		if by >= 0 {
			pr.By, pr.Verdict = &by, verdict
		}
	}
}

// maxUnknown is how many probes of a line of n moves may end unknown before
// ReviewLine gives the bounds it has: about log2(n), as many as the whole
// binary search makes, so a limit that decides nothing costs at most twice
// the solves of one that decides all.
func maxUnknown(n int) int { return bits.Len(uint(n)) + 1 }

// nextProbe is the prefix to solve next: the middle of the widest stretch of
// untried prefixes strictly between lo, the unknown ones and hi (the later
// of equal ones); false when every prefix between lo and hi is tried.
func nextProbe(lo, hi int, unknown []int) (int, bool) {
	best, width, prev := 0, 1, lo
	for _, u := range append(unknown, hi) {
		if u <= lo || u > hi {
			continue
		}
		if u-prev >= width && u-prev > 1 {
			best, width = prev+(u-prev)/2, u-prev
		}
		prev = u
	}
	return best, width > 1
}

// insertSorted inserts k into the increasing list s.
func insertSorted(s []int, k int) []int {
	i := sort.SearchInts(s, k)
	return slices.Insert(s, i, k)
}
