package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	goio "io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/solitario/solitario/analysis"
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

A file of JSON lines, one solution object a line (what 'gen' writes), has every line
checked so, each named FILE:LINE: a line that is no solution object (or has a bad deal, a
move that names nothing) stops verify at once; each line that does not win is printed
("fail: FILE:LINE: ...") and the rest are checked; all winning prints "ok: N solutions".

Exit codes:
  0    every move is legal and the line wins
  1    a move is illegal, the line does not win, or the file has no line (not winnable, no moves)
  2    error: unreadable file or JSON, unknown game, bad deal token, rules the game rejects,
       a move that names no place or card of the game, or no card at all (every move but a
       redeal names one); its number and token are named
  5    the output could not be written
  130  interrupted (Ctrl-C) while waiting for --solution (- or a FIFO that nothing writes)
  141  standard output was a pipe whose reader went away (| head -1): no message`,
		Example: `  solitario solve --game reloj --seed 1 --json > s1.json
  solitario verify --solution s1.json
  solitario gen --game reloj --count 100 | solitario verify --solution -
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
	pathFlag(c, &o.file, "solution", "", "solution file (JSON: one object, or one a line), - for standard input (required)")
	return c
}

// maxVerifyBytes bounds what verify reads: a file of JSON lines (gen's) may
// hold many solutions; one object is still held to solution.MaxBytes.
const maxVerifyBytes = 1 << 30

// runVerify reads, checks and replays one solution, or each line of a file
// of JSON lines (verifyLines).
func runVerify(io *IO, o *verifyOptions) error {
	if o.file == "" {
		return withCode(ExitError, fmt.Errorf("give the solution: --solution FILE, or - for standard input"))
	}
	if o.game != "" {
		if _, err := o.lookup(o.game); err != nil {
			return withCode(ExitError, fmt.Errorf("--game: %v", err))
		}
	}
	data, err := readInput(io, "--solution", o.file, maxVerifyBytes+1)
	if err != nil {
		return withCode(ExitError, err)
	}
	name := o.file
	if name == "-" {
		name = "stdin" // as for a deal file
	}
	if len(data) > maxVerifyBytes {
		return withCode(ExitError, fmt.Errorf("%s: over %s, more than verify reads", name, analysis.SizeText(int64(maxVerifyBytes))))
	}
	// An analyze --jsonl file is JSON lines too, but no line of it is a
	// solution: Read names the whole file, as show does, not its line 1.
	if lines := jsonLines(data); lines != nil && !solution.RunHeader(data) {
		return verifyLines(io, o, name, lines)
	}
	sol, err := solution.Read(bytes.NewReader(data))
	if err != nil {
		return withCode(ExitError, fmt.Errorf("%s: %v", name, err))
	}
	l, err := checkLine(name, o.game, sol, o.lookup)
	if err != nil {
		return withCode(ExitError, err)
	}
	return verifyLine(io.Out, l)
}

// jsonLines is data's lines (their numbers from 1 and their text) when
// data is JSON lines: at least two lines that are not blank, the first
// a whole JSON object (so a solution object written over several lines,
// whose first line is "{", is one object); nil otherwise.
func jsonLines(data []byte) []numberedLine {
	data = bytes.TrimPrefix(data, []byte(words.BOM))
	var lines []numberedLine
	for i, text := range bytes.Split(data, []byte("\n")) {
		text = bytes.TrimRight(text, "\r")
		if len(bytes.TrimSpace(text)) > 0 {
			lines = append(lines, numberedLine{i + 1, text})
		}
	}
	if len(lines) < 2 || !bytes.HasPrefix(bytes.TrimSpace(lines[0].text), []byte("{")) || !json.Valid(lines[0].text) {
		return nil
	}
	return lines
}

// numberedLine is a line of a file and its number from 1.
type numberedLine struct {
	no   int
	text []byte
}

// verifyLines checks every line of a file of JSON lines (gen's output) as
// verify checks one object, each named "file:line". A line that is bad
// input (no solution object, a bad deal, a move naming nothing) stops it
// at once (exit 2); a line that does not win is printed and the rest are
// checked (exit 1 at the end, naming them); all winning is one ok line.
func verifyLines(io *IO, o *verifyOptions, name string, lines []numberedLine) error {
	var failed []string
	for _, nl := range lines {
		at := fmt.Sprintf("%s:%d", name, nl.no)
		sol, err := solution.Read(bytes.NewReader(nl.text))
		if err != nil {
			return withCode(ExitError, fmt.Errorf("%s: %v", at, err))
		}
		l, err := checkLine(at, o.game, sol, o.lookup)
		if err != nil {
			return withCode(ExitError, err)
		}
		var out bytes.Buffer
		err = verifyLine(&out, l)
		var ee *exitError
		switch {
		case err == nil:
		case errors.As(err, &ee) && ee.code == ExitFailed:
			fmt.Fprintln(io.Out, "fail: "+ee.Error())
			failed = append(failed, fmt.Sprint(nl.no))
		default:
			return err
		}
	}
	if len(failed) > 0 {
		verb, each := "does not", "said above"
		if len(failed) > 1 {
			verb, each = "do not", "each said above"
		}
		return withCode(ExitFailed, fmt.Errorf("%s: %d of %s %s verify (%s %s; %s)", name, len(failed), words.Count(len(lines), "solution"),
			verb, words.Noun(len(failed), "line"), strings.Join(failed, ", "), each))
	}
	_, err := fmt.Fprintf(io.Out, "ok: %s, one a line, each a legal win\n", words.Count(len(lines), "solution"))
	return err
}

// verifyLine replays l's moves with its game's referee and prints "ok: N
// moves, won" to w, or returns the failure with its exit code.
func verifyLine(w goio.Writer, l line) error {
	g, deal, rules, sol, name := l.game, l.deal, l.rules, l.sol, l.name
	if sol.Result != "winnable" && len(sol.Moves) == 0 {
		// RULES.md, "Solutions (JSON)": moves are written for a winnable
		// result only, so a lost or unknown deal's object has no line.
		return withCode(ExitFailed, fmt.Errorf("%s: no line to verify: the file says %q and holds no moves (solve --json writes a line for a winnable deal only)", name, sol.Result))
	}
	claim := ""
	if sol.Result != "winnable" {
		claim = fmt.Sprintf(" (the file claims %q)", sol.Result)
		fmt.Fprintf(w, "note: the file claims %q; replaying its %s anyway\n", sol.Result, words.Count(len(sol.Moves), "move"))
	}
	err := g.Verify(deal, rules.JSON(), sol.Moves)
	var me *verify.MoveError
	var nw *verify.NotWonError
	switch {
	case err == nil:
		fmt.Fprintf(w, "ok: %s, won%s\n", words.Count(len(sol.Moves), "move"), claim)
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
