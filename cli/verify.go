package cli

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/words"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/verify"
)

// verifyOptions are the verify command's flags.
type verifyOptions struct {
	game   string
	file   string
	lookup func(string) (games.Entry, error) // the games table; tests pass fakes
}

// newVerifyCmd replays a solution object with the game's plain referee.
// The flags fill a verifyOptions, which runF (nil: runVerify) gets: tests
// pass their own.
func newVerifyCmd(io *IO, runF func(*verifyOptions) error) *cobra.Command {
	o := verifyOptions{lookup: games.Lookup}
	c := &cobra.Command{
		Use:   "verify --solution FILE|- [--game G]",
		Short: "Replay a solution (solve --json) and check that it wins",
		Long: `verify reads a solution object (docs/spec/RULES.md, "Solutions (JSON)"; what 'solve --json'
prints), deals its deal under its rules, and replays its moves with the game's plain
referee, written from docs/spec/RULES.md apart from the solver. It prints "ok: N moves, won" for a
legal winning line; otherwise it names the first illegal move, its number and why, or says
that the line ends short of a win. --game, when given, must match the object's game.
A result other than winnable in the file is reported, and its moves are replayed anyway;
one with no moves (solve writes none for a lost or unknown deal) has no line to verify.

Exit codes:
  0    every move is legal and the line wins
  1    a move is illegal, the line does not win, or the file has no line (not winnable, no moves)
  2    error: unreadable file or JSON, unknown game, bad deal token, rules the game rejects,
       a move that names no place or card of the game (its number and token are named)
  5    the output could not be written
  141  standard output was a pipe whose reader went away (| head -1): no message`,
		Example: `  solitario solve --game reloj --seed 1 --json > s1.json
  solitario verify --solution s1.json
  solitario solve --game reloj --seed 1 --json | solitario verify --game reloj --solution -`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(&o)
			}
			return runVerify(io, &o)
		},
	}
	addGameFlag(c, &o.game, games.Names(), "game the solution must be for (default: the object's \"game\")")
	pathFlag(c, &o.file, "solution", "", "solution file (JSON), - for standard input (required)")
	return c
}

// runVerify reads, checks and replays one solution.
func runVerify(io *IO, o *verifyOptions) error {
	if o.file == "" {
		return withCode(ExitError, fmt.Errorf("give the solution: --solution FILE, or - for standard input"))
	}
	if o.game != "" {
		if _, err := o.lookup(o.game); err != nil {
			return withCode(ExitError, fmt.Errorf("--game: %v", err))
		}
	}
	l, err := readLine(o.file, o.game, io, o.lookup)
	if err != nil {
		return withCode(ExitError, err)
	}
	g, deal, rules, sol, name := l.game, l.deal, l.rules, l.sol, l.name
	if sol.Result != "winnable" && len(sol.Moves) == 0 {
		// RULES.md, "Solutions (JSON)": moves are written for a winnable
		// result only, so a lost or unknown deal's object has no line.
		return withCode(ExitFailed, fmt.Errorf("%s: no line to verify: the file says %q and holds no moves (solve --json writes a line for a winnable deal only)", name, sol.Result))
	}
	claim := ""
	if sol.Result != "winnable" {
		claim = fmt.Sprintf(" (the file claims %q)", sol.Result)
		fmt.Fprintf(io.Out, "note: the file claims %q; replaying its %s anyway\n", sol.Result, words.Count(len(sol.Moves), "move"))
	}
	err = g.Verify(deal, rules.JSON(), sol.Moves)
	var me *verify.MoveError
	var nw *verify.NotWonError
	switch {
	case err == nil:
		fmt.Fprintf(io.Out, "ok: %s, won%s\n", words.Count(len(sol.Moves), "move"), claim)
		return nil
	case errors.As(err, &me) && me.Notation: // a move that cannot be read is bad input
		return withCode(ExitError, fmt.Errorf("%s: %s", name, err))
	case errors.As(err, &me), errors.As(err, &nw):
		return withCode(ExitFailed, fmt.Errorf("%s: %s%s", name, err, claim))
	}
	return withCode(ExitError, fmt.Errorf("%s: %v", name, err))
}

// readSolution reads one solution object from file or, for "-", from
// standard input. Errors name the file as name.
func readSolution(file, name string, sio *IO) (*solution.Solution, error) {
	data, err := readInput(sio, "--solution", file, solution.MaxBytes+1) // one more: Read refuses a file over its bound
	if err != nil {
		return nil, err
	}
	sol, err := solution.Read(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err) // "-" for standard input
	}
	return sol, nil
}
