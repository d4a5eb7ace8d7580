package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/solitario/solitario/api"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/words"
	"github.com/solitario/solitario/position"
	"github.com/solitario/solitario/replay"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/verify"
)

// reviewOptions are the review command's flags.
type reviewOptions struct {
	solution string // file, "-" for standard input
	json     bool
	limits   limitFlags
	game     gameFlags
	lookup   func(string) (games.Entry, error)
}

// newReviewCmd names the first move of a played game after which it could
// not be won.
func newReviewCmd(sio *IO) *cobra.Command {
	o := reviewOptions{lookup: games.Lookup}
	c := &cobra.Command{
		Use:   "review --solution FILE|-",
		Short: "Name the first move of a played game after which it could no longer be won",
		Long: `review reads a played game (a game in progress, below), replays it with the plain
referee, and names the first move after which
the game could no longer be won; or says that the deal never could be won, or that the game
stayed winnable to its last move. Winnability only goes from yes to no along a line, so a
binary search over the line's prefixes needs about log2(moves) solves, each under the limits
(--max-nodes, --timeout). A prefix a limit leaves unknown is reported as unknown with the
bounds known so far, never guessed; an unknown prefix does not end the search while other
prefixes can still narrow the bounds (at most about log2(moves) solves may end unknown).
When the start itself is unknown, whether the deal was ever winnable, and so whether any
move lost it, is unknown too, and the answer says so. The solves made are listed. A prefix
whose solve a limit stopped is still decided by another: the position after a later prefix
is reached from it by the line's own legal moves, so a later winnable prefix makes it
winnable and an earlier unwinnable one makes it unwinnable; it is listed so, with the
prefix that decides it ("after 155 moves winnable (by move 162)").

` + gameInProgressHelp + `

--json prints the answer as one object: game, seed (when the file has one), moves (the
line's length), result (lost-at, never, stayed-winnable or unknown), move and losing_move
(for lost-at: the number of the first move after which the game could not be won, and the
move itself), from and to (for unknown: the bounds known on that move; no from when the
start is undecided, so the deal may never have been winnable; no to when the line is not
known to lose), and probes, the solves made, each with moves (the prefix solved), verdict,
by (only for a prefix whose solve a limit stopped and another prefix decides: that
prefix, whose verdict it has), reason and nodes.

Exit codes:
  0    answered: the first losing move, never winnable, or winnable to the end
  2    error: unreadable file or JSON, unknown game, bad deal, rules, an illegal move
  4    unknown: a limit left a prefix undecided before the answer was found
  5    the answer could not be written
  7    internal error: a winning line found from a prefix fails the referee (a bug)
  130  interrupted (Ctrl-C) while waiting for --solution (- or a FIFO that nothing writes)
  141  standard output was a pipe whose reader went away (| head -1): no message`,
		Example: `  solitario review --solution lost.json
  solitario review --solution lost.json --max-nodes 5000000 --json
  solitario review --solution moves.txt --game reloj --seed 1`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.game.given(c)
			return runReview(c.Context(), sio, o)
		},
	}
	pathFlag(c, &o.solution, "solution", "", "the played game: a JSON object, a JSON list of moves or solve's move list, - for standard input (required)")
	c.Flags().BoolVar(&o.json, "json", false, "print the answer as JSON")
	o.limits.add(c, false)
	o.game.add(c)
	return c
}

// runReview replays the line and searches its prefixes.
func runReview(ctx context.Context, sio *IO, o reviewOptions) error {
	if o.solution == "" {
		return withCode(ExitError, fmt.Errorf("give the played game: --solution FILE, or - for standard input"))
	}
	known, err := o.game.known(sio, o.solution, o.lookup)
	if err != nil {
		return withCode(ExitError, err)
	}
	l, p, cfg, done, err := loadPosition(sio, o.solution, known, -1, &o.limits, 1, o.lookup)
	if err != nil {
		return withCode(ExitError, err)
	}
	// As solve: progress on a terminal after a second (of the review).
	bar := newReviewProgress(sio, l.game, cfg.Search.Table)
	cfg.Search.Progress = bar.progress()
	rv, err := position.ReviewLine(ctx, p, cfg)
	bar.finish()
	done()
	if err != nil {
		return positionError(l.name, l.read.OnLine(err))
	}
	if o.json {
		enc := json.NewEncoder(sio.Out)
		enc.SetEscapeHTML(false)
		err = enc.Encode(api.ReviewOf(l.game.Name, l.sol.Seed, p.Moves, rv))
	} else {
		err = writeReviewText(sio.Out, l, p, rv)
	}
	if err != nil {
		return writeStdout(err)
	}
	if rv.Kind == position.Undecided {
		return withCode(ExitUnknown, nil)
	}
	return nil
}

// writeReviewText prints the answer, then the solves made:
//
//	reloj seed 1 (play free, passes 2), 79 moves: lost at move 41, stock 3C -> waste (winnable after 40 moves, not after 41)
//	solves: after 79 moves unwinnable; after 0 winnable; after 39 winnable; …
func writeReviewText(w io.Writer, l line, p position.Position, rv position.Review) error {
	head := fmt.Sprintf("%s (%s), %s: ", dealName(l.game, l.sol.Seed), l.rules, words.Count(len(p.Moves), "move"))
	var answer string
	switch rv.Kind {
	case position.LostAt:
		answer = fmt.Sprintf("lost at move %d, %s (winnable after %s, not after %d)", rv.Move, replay.Text(p.Moves[rv.Move-1], verify.Position{}), words.Count(rv.Move-1, "move"), rv.Move)
	case position.Never:
		answer = "never winnable: the deal is lost from the start"
	case position.Stayed:
		answer = "winnable to the end"
		if l.game.Verify(l.deal, l.rules.JSON(), p.Moves) == nil {
			answer = "winnable to the end: the line wins"
		}
	default:
		// Ctrl-C ends the review (no probe after it): say so, not "a limit".
		why, nothing := "a solve was stopped by a limit", "a solve was stopped by a limit before anything was decided"
		if slices.ContainsFunc(rv.Probes, func(pr position.Probe) bool { return pr.Reason == solver.ReasonStopped }) {
			why, nothing = "interrupted: a solve was stopped by Ctrl-C", "interrupted (Ctrl-C) before anything was decided"
		}
		switch {
		case rv.From == 0 && rv.To > 0:
			answer = fmt.Sprintf("unknown: whether the deal could be won at all is undecided (after 0 moves), so whether any move lost it is unknown; not winnable after %s, so if the deal ever was, the first losing move is one of moves 1..%d (%s)", words.Count(rv.To, "move"), rv.To, why)
		case rv.To > 0:
			answer = fmt.Sprintf("unknown: the first losing move is one of moves %d..%d (%s)", rv.From, rv.To, why)
		case rv.From > 0:
			answer = fmt.Sprintf("unknown: winnable after %s; after that undecided (%s)", words.Count(rv.From-1, "move"), why)
		default:
			answer = "unknown: " + nothing
		}
	}
	var solves []string
	for _, pr := range rv.Probes {
		s := fmt.Sprintf("after %s %s", words.Count(pr.Moves, "move"), pr.Verdict)
		switch {
		case pr.By != nil: // its own solve stopped; another probe decides it
			s += fmt.Sprintf(" (by move %d)", *pr.By)
		case pr.Reason != "" && pr.Verdict == "unknown":
			s += " (" + pr.Reason + ")"
		}
		solves = append(solves, s)
	}
	if len(solves) == 0 {
		solves = []string{"none needed"}
	}
	_, err := fmt.Fprintf(w, "%s%s\nsolves: %s\n", head, answer, strings.Join(solves, "; "))
	return err
}
