package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/solitario/solitario/api"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/words"
	"github.com/solitario/solitario/position"
	"github.com/solitario/solitario/solver"
)

// hintOptions are the hint command's flags.
type hintOptions struct {
	solution   string // file, "-" for standard input
	moves      int    // --moves K: the first K moves of the line are played so far
	movesSet   bool   // --moves was given (else all the moves)
	json       bool
	limits     limitFlags
	workers    int  // --workers: Il Ventaglio's plan split among goroutines (0: one)
	workersSet bool // --workers was given
	game       gameFlags
	lookup     func(string) (games.Entry, error)
}

// newHintCmd says whether a position can still be won, and the next move.
func newHintCmd(sio *IO) *cobra.Command {
	o := hintOptions{lookup: games.Lookup}
	c := &cobra.Command{
		Use:   "hint --solution FILE|- [--moves K]",
		Short: "Say whether a game in progress can still be won, and the next move",
		Long: `hint reads a game in progress (below), replays the moves with the plain referee (an
illegal move is named by its number), then decides the position they reach and prints
the verdict and the next move of a winning line from there. --moves K takes the first K
moves of the file only; when the file's own moves after them win from
there in fewer moves than the line the search finds, or the search finds none before a
limit, they are the line given, marked "the rest of your line" (and the limit, if one
stopped the search). The whole line (the moves played, then the rest) replays to a win
before anything is printed.

` + gameInProgressHelp + `

--json prints the hint as one JSON object: game, seed (when the file has one), after (the
moves played), result, won (only when the game is won already, true: there is no next
move), reason (only when there is one: the limit for unknown, a why for some unwinnable),
next and next_text (the next move) and moves (the rest of the line, from move after+1),
only when there is a next move, own_line (only when those moves are the file's own after
--moves K, true), and stats. A key that does not apply is left out. It is
no solution object: for the whole line, which verify replays, run
'solitario solve --game G --seed N --after FILE --moves K --json'.

Exit codes:
  0    winnable from there (the next move is printed)
  2    error: unreadable file or JSON, unknown game, bad deal, rules, an illegal move, --moves
  3    the position cannot be won
  4    unknown: a limit stopped the search first
  5    the answer could not be written
  7    internal error: the winning line found fails the referee (a bug; not printed)
  130  interrupted (Ctrl-C) while waiting for --solution (- or a FIFO that nothing writes)
  141  standard output was a pipe whose reader went away (| head -1): no message`,
		Example: `  solitario solve --game reloj --seed 1 --json > s.json
  solitario hint --solution s.json --moves 30
  solitario hint --solution played.json --json
  solitario hint --solution moves.txt --game reloj --seed 1`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.movesSet = c.Flags().Changed("moves")
			o.workersSet = c.Flags().Changed("workers")
			o.game.given(c)
			return runHint(c.Context(), sio, o)
		},
	}
	pathFlag(c, &o.solution, "solution", "", "the game so far: a JSON object, a JSON list of moves or solve's move list, - for standard input (required)")
	decimalVar(c.Flags(), &o.moves, "moves", "", 0, "play only the first K moves of the file (default: all)")
	c.Flags().BoolVar(&o.json, "json", false, "print the hint as a JSON object (not a solution object: verify takes solve --after --json)")
	o.limits.add(c, false)
	solveWorkersFlag(c, &o.workers)
	o.game.add(c)
	return c
}

// ownLineText says a winning line is the rest of the file's own
// (games.Outcome.OwnLine: hint and solve --after give it when it is shorter
// than the search's line, or the search found none), and in the second case
// which limit stopped the search.
func ownLineText(out games.Outcome) string {
	const own = "the rest of your line"
	switch out.SearchEnded {
	case "":
		return own
	case solver.ReasonMaxNodes:
		return own + "; the search found none of its own within --max-nodes"
	case solver.ReasonTimeout:
		return own + "; the search found none of its own within --timeout"
	case solver.ReasonStopped:
		return own + "; the search was interrupted before it found one of its own"
	}
	return own + "; the search found none of its own (" + out.SearchEnded + ")"
}

// runHint decides the position and prints the verdict and the next move.
func runHint(ctx context.Context, sio *IO, o hintOptions) error {
	if o.solution == "" {
		return withCode(ExitError, fmt.Errorf("give the game so far: --solution FILE, or - for standard input"))
	}
	k := -1 // all
	if o.movesSet {
		if o.moves < 0 {
			return withCode(ExitError, fmt.Errorf("--moves %d: must be 0 or more", o.moves))
		}
		k = o.moves
	}
	workers, err := solveWorkers(o.workers, o.workersSet)
	if err != nil {
		return withCode(ExitError, err)
	}
	known, err := o.game.known(sio, o.solution, o.lookup)
	if err != nil {
		return withCode(ExitError, err)
	}
	l, p, cfg, done, err := loadPosition(sio, o.solution, known, k, &o.limits, workers, o.lookup)
	if err != nil {
		return withCode(ExitError, err)
	}
	// As solve: progress on a terminal after a second.
	bar := newSolveProgress(sio, l.game, cfg.Search.Table)
	cfg.Search.Progress = bar.progress()
	out, err := position.Solve(ctx, p, cfg)
	bar.finish()
	done()
	if err != nil {
		return positionError(l.name, l.read.OnLine(err))
	}
	if o.json {
		err = writeHintJSON(sio.Out, l, p, out)
	} else {
		err = writeHintText(sio.Out, l, p, out, cfg.Strategy.Prune)
	}
	if err != nil {
		return writeStdout(err)
	}
	return verdictCode(out.Verdict)
}

// verdictCode is solve's exit status for a verdict.
func verdictCode(v solver.Verdict) error {
	switch v {
	case solver.Winnable:
		return nil
	case solver.Unwinnable:
		return withCode(ExitUnwinnable, nil)
	}
	return withCode(ExitUnknown, nil)
}

func writeHintJSON(w io.Writer, l line, p position.Position, out games.Outcome) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(api.HintOf(l.game.Name, l.sol.Seed, len(p.Moves), out))
}

// writeHintText prints
//
//	reloj seed 1 after 30 of 62 moves (play forced, passes 2): winnable, 32 moves to go
//	next: 31. stock 5O -> pile 3 (3 4 5)
func writeHintText(w io.Writer, l line, p position.Position, out games.Outcome, prune bool) error {
	// A line with an illegal move (past K) is said so: a JSON line read
	// up to that move only has no length to give (IllegalMove).
	of := "of " + words.Count(len(l.sol.Moves), "move")
	if n := l.read.IllegalMove(); n > 0 {
		of = fmt.Sprintf("moves, of a line illegal at move %d", n)
	}
	head := fmt.Sprintf("%s after %d %s (%s): ", dealName(l.game, l.sol.Seed), len(p.Moves), of, l.rules)
	var err error
	switch out.Verdict {
	case solver.Winnable:
		if len(out.Moves) == 0 {
			_, err = fmt.Fprintf(w, "%swon already\n", head)
			break
		}
		own := ""
		if out.OwnLine {
			own = " (" + ownLineText(out) + ")"
		}
		_, err = fmt.Fprintf(w, "%swinnable, %s to go%s\nnext: %d. %s\n", head, words.Count(len(out.Moves), "move"), own, len(p.Moves)+1, out.Human[0])
	case solver.Unwinnable:
		why := searchedText(prune, out.Stats.Nodes)
		if out.Reason != "" {
			why = out.Reason
		}
		_, err = fmt.Fprintf(w, "%sunwinnable: %s\n", head, why)
	default:
		_, err = fmt.Fprintf(w, "%sunknown (%s)\n", head, reasonText(out.Reason))
	}
	return err
}
