package cli

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/position"
	"github.com/solitario/solitario/replay"
	"github.com/solitario/solitario/show"
	"github.com/solitario/solitario/verify"
)

// showOptions are the show command's flags.
type showOptions struct {
	solution string // file, "-" for standard input
	out      string // page file; "" for standard output
	force    bool   // --force: replace an --out file that holds something
	outSet   bool   // --out was given (- too: standard output asked for)
	game     gameFlags
	lookup   func(string) (games.Entry, error)
}

// newShowCmd writes a line as a page that steps through its moves.
func newShowCmd(sio *IO) *cobra.Command {
	o := showOptions{lookup: games.Lookup}
	c := &cobra.Command{
		Use:   "show --solution FILE|- [--out FILE.html]",
		Short: "Write a line as a web page that plays it move by move",
		Long: `show reads a solution object (what 'solve --json' prints; any move list, winning or
not) and writes one self-contained HTML page that lays out the table of its game as a player
sees it and steps through the moves: first, previous, next, last, a slider, play/pause with a
speed, the arrow keys. The moved card is highlighted; every position was made by the plain
referee (as 'verify' replays), the page only draws it. The page loads nothing from the
network: open it in any browser.

The line is a game in progress as hint and review read it: a JSON object {"game", "seed" or
"deal", "moves"} (what 'solve --json' prints is one), a JSON list of moves, or the move
list solve prints; a list needs --game and --seed or --deal.

Exit codes:
  0    the page was written
  2    error: unreadable file or JSON, unknown game, bad deal, rules the game rejects, an
       illegal move (its number and why), --out a directory, a file that holds something
       (without --force) or the --solution file, --force without --out, no --out when
       standard output is a terminal
  5    the page could not be written
  130  interrupted (Ctrl-C) while waiting for --solution (- or a FIFO that nothing writes)
       or for a reader of --out (a FIFO); nothing written
  141  standard output was a pipe whose reader went away (| head -1), or the --out file
       was one: no message`,
		Example: `  solitario solve --game ventaglio --seed 1 --json | solitario show --solution - --out v.html
  solitario show --solution lost.json --out lost.html`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.game.given(c)
			o.outSet = c.Flags().Changed("out")
			return runShow(sio, o)
		},
	}
	pathFlag(c, &o.solution, "solution", "", "the line: a JSON object, a JSON list of moves or solve's move list, - for standard input (required)")
	outFlag(c, &o.out, "out", "", "write the page to this file, which must not hold anything unless --force (needed on a terminal; piped, or -: standard output)", true)
	forceFlag(c, &o.force, "--out")
	o.game.add(c)
	return c
}

// runShow replays the line and writes its page.
func runShow(sio *IO, o showOptions) error {
	if o.solution == "" {
		return withCode(ExitError, fmt.Errorf("give the line: --solution FILE, or - for standard input"))
	}
	if err := pageOut(sio, o.out, o.outSet, o.force); err != nil {
		return err
	}
	if err := checkNotInput(sio, "--out", o.out, input{"--solution", o.solution}); err != nil {
		return err
	}
	release, err := claimOutput(sio, "--out", o.out, o.force)
	if err != nil {
		return err
	}
	defer release()
	known, err := o.game.known(sio, o.solution, o.lookup)
	if err != nil {
		return withCode(ExitError, err)
	}
	l, err := readGame(sio, o.solution, known, o.lookup)
	if err != nil {
		return withCode(ExitError, err)
	}
	rp, err := replayLine(l)
	if err != nil {
		return withCode(ExitError, err)
	}
	return writePage(sio.Out, "--out", o.out, o.force, rp)
}

// pageOut refuses what a command that writes a page (show, report) cannot
// mean: --force without --out (there is no file to replace), and the page's
// HTML to a terminal when --out was not given, where nobody reads it (piped,
// or --out -, it goes to standard output).
func pageOut(sio *IO, out string, outSet, force bool) error {
	switch {
	case force && out == "":
		return withCode(ExitError, errors.New("--force needs --out FILE: it lets the page replace a file that holds something"))
	case !outSet && sio.OutIsTTY:
		return withCode(ExitError, errors.New("the page is HTML, and standard output is a terminal: give --out FILE.html (piped, or with --out -, it goes to standard output)"))
	}
	return nil
}

// replayLine replays l's moves; an illegal move is an error naming the
// file, the move's number and why.
func replayLine(l line) (*replay.Replay, error) {
	rp, err := replay.Line(l.game, l.deal, l.rules, l.sol.Seed, l.sol.Moves)
	var me *verify.MoveError
	if errors.As(err, &me) {
		var le *position.LineError // a move list's move: its line too
		if errors.As(l.read.OnLine(err), &le) {
			return nil, fmt.Errorf("%s: %v", l.name, le)
		}
		return nil, fmt.Errorf("%s: %v", l.name, me)
	}
	return rp, err
}

// writePage writes rp's page to out, the file of flag, or to w when out is
// "", replacing a file that holds something only when force. The error has
// its exit code (writeFileAtomic, writeStdout).
func writePage(w io.Writer, flag, out string, force bool, rp *replay.Replay) error {
	if out == "" {
		return writeStdout(show.Write(w, rp))
	}
	return writeFileAtomic(flag, out, force, func(f *os.File) error { return show.Write(f, rp) })
}
