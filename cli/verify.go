package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	goio "io"
	"io/fs"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/solitario/solitario/analysis"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/words"
	"github.com/solitario/solitario/position"
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
A game in progress, an object with no "result" or no "deal" ({"game", "seed" or "deal",
"rules", "moves"}, as the board exports it and hint, review and show read it), is replayed
the same way.

A file of JSON lines, one solution object a line (what 'gen' writes), has every line
checked so as it is read, each named FILE:LINE: a line that is no solution object (or has a
bad deal, a move that names nothing), or a blank line before another (blank lines may only
end the file, as for merge), stops verify at once; each line that does not win is printed
("fail: FILE:LINE: ...") and the rest are checked; all winning prints "ok: N solutions".
A file of lines may be of any length, held a line at a time; a line, or one object, over
64 MiB is refused (as by solve --after).

Exit codes:
  0    every move is legal and the line wins
  1    a move is illegal, the line does not win, or the file has no line (not winnable, no moves)
  2    error: unreadable file or JSON, over 64 MiB (an object, a line), a blank line before
       another, unknown game, bad deal token, rules the game rejects, a move that names no
       place or card of the game, or no card at all (every move but a redeal names one); its
       number and token are named
  5    the output could not be written
  130  interrupted (Ctrl-C) while waiting for --solution (- or a FIFO that nothing writes),
       or for its next line (the lines checked are said)
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

// runVerify reads, checks and replays one solution, or each line of a file
// of JSON lines (verifyInput).
func runVerify(io *IO, o *verifyOptions) error {
	if o.file == "" {
		return withCode(ExitError, fmt.Errorf("give the solution: --solution FILE, or - for standard input"))
	}
	if o.game != "" {
		if _, err := o.lookup(o.game); err != nil {
			return withCode(ExitError, fmt.Errorf("--game: %v", err))
		}
	}
	return verifyInput(io, o, solution.MaxBytes)
}

// verifyInput reads --solution as it comes and verifies what it holds. A
// first line that is a whole JSON object with another line after it is a
// file of JSON lines, one solution a line (gen's), each checked as it is
// read (verifyLines), so that a file of any length is held a line at a
// time, each line at most maxLine bytes (solution.MaxBytes, as one
// object); a first line over that is refused as the line it is. Anything
// else is one object (a first line that is one, or one written over
// several lines), which solution.Read reads, bounded by its MaxBytes.
func verifyInput(sio *IO, o *verifyOptions, maxLine int) error {
	name := o.file
	if name == "-" {
		name = "stdin" // as for a deal file
	}
	in, closeIn, err := streamInput(sio, "--solution", o.file)
	if err != nil {
		return withCode(ExitError, err)
	}
	defer closeIn()
	br := bufio.NewReaderSize(in, 64<<10)
	// A regular file over the bound that can be no file of JSON lines (it
	// starts no object) is refused before it is read, in the words of
	// hint, review and show (solution.ReadText): one text, not a line.
	if fh, ok := in.r.(*os.File); ok {
		if st, err := fh.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > solution.MaxBytes {
			if b, ok := firstByte(br); !ok || b != '{' {
				return withCode(ExitError, fileError("--solution", o.file, solution.ErrTooLarge))
			}
		}
	}
	// A text that starts no JSON value is no solution, one object or a
	// file of lines: refused from its first bytes, as Read refuses it
	// (/dev/zero is not read to the line bound).
	if notJSON(br) {
		data, err := solution.ReadText(br)
		if err != nil {
			return verifyReadError(in, o.file, name, 0, err)
		}
		return verifyOne(sio, o, name, data)
	}
	// The first line that is not blank, and the blank lines before it.
	var first []byte
	var nl bool
	blank, blankBytes := 0, 0
	// A file is read again at the first line's offset when it is long
	// (analysis.ReadLineAt): one object on one line is held once.
	var ra goio.ReaderAt
	if o.file != "-" {
		if fh, err := os.Open(o.file); err == nil {
			if st, err := fh.Stat(); err == nil && st.Mode().IsRegular() {
				ra = fh
			}
			defer fh.Close()
		}
	}
	for {
		if ra != nil {
			first, nl, err = analysis.ReadLineAt(ra, br, int64(blankBytes), maxLine)
		} else {
			first, nl, err = analysis.ReadLine(br, maxLine)
		}
		if errors.Is(err, analysis.ErrLongLine) {
			// Too long for a line of solutions, or for one object.
			return withCode(ExitError, analysis.LongLine(name, blank+1, maxLine))
		}
		if err != nil {
			return verifyReadError(in, o.file, name, 0, err)
		}
		if !nl || !analysis.Blank(first) || blankBytes > maxLine {
			break
		}
		blank, blankBytes = blank+1, blankBytes+len(first)+1
	}
	if len(first) <= br.Size() {
		first = bytes.Clone(first) // br's buffer (a longer line is a slice of its own)
	}
	end := "" // first's "\n"
	if nl {
		end = "\n"
	}
	t := bytes.TrimSpace(bytes.TrimPrefix(first, []byte(words.BOM)))
	if bytes.HasPrefix(t, []byte("{")) && json.Valid(t) && !solution.RunHeader(first) {
		// An analyze --jsonl file is JSON lines too, but no line of it is
		// a solution: Read names the whole file, as show does, not its
		// line 1.
		if blank > 0 {
			return verifyAfterBlank(sio, o, in, br, name, first, blank, maxLine)
		}
		// The one line of the file is verified as it was read, not read
		// again line by line (a large one would be held twice more).
		if !nl {
			return verifyOne(sio, o, name, first)
		}
		next, nl2, err := analysis.ReadLine(br, maxLine)
		if err == nil && len(next) == 0 && !nl2 {
			return verifyOne(sio, o, name, first)
		}
		var rest goio.Reader = br
		if err == nil { // the second line, then the rest
			end2 := ""
			if nl2 {
				end2 = "\n"
			}
			rest = goio.MultiReader(bytes.NewReader(bytes.Clone(next)), strings.NewReader(end2), br)
		}
		return verifyLines(sio, o, in, goio.MultiReader(bytes.NewReader(first), strings.NewReader(end), rest), name, maxLine)
	}
	// One object: JSON ignores the blank lines before it, but they count
	// towards the bound.
	all := goio.MultiReader(strings.NewReader(strings.Repeat("\n", blank)), bytes.NewReader(first), strings.NewReader(end), br)
	data, err := goio.ReadAll(goio.LimitReader(all, solution.MaxBytes+1)) // one more: Read refuses a file over its bound
	if err != nil {
		return verifyReadError(in, o.file, name, 0, err)
	}
	return verifyOne(sio, o, name, data)
}

// notJSON reports whether br's text starts with a byte no JSON value
// starts with, after a byte-order mark and white space (solution.StartsJSON).
// It looks a byte at a time, so it waits for no more of a stream than the
// first byte that tells (a file of lines written as it is read is checked
// as its lines come); a text that ends or fails first is the caller's.
func notJSON(br *bufio.Reader) bool {
	b, ok := firstByte(br)
	return ok && !solution.StartsJSON([]byte{b})
}

// firstByte is br's first byte after a byte-order mark and white space,
// peeked a byte at a time; ok is false when the text ends or fails first,
// or br's buffer holds none.
func firstByte(br *bufio.Reader) (b byte, ok bool) {
	bom := []byte(words.BOM)
	for i := 0; i < br.Size(); i++ {
		head, err := br.Peek(i + 1)
		if err != nil {
			return 0, false
		}
		if i < len(bom) && bytes.HasPrefix(bom, head) {
			continue
		}
		switch head[i] {
		case ' ', '\t', '\r', '\n':
			continue
		}
		// A byte-order mark cut short is no mark: its first byte is the text's.
		return bytes.TrimLeft(bytes.TrimPrefix(head, bom), " \t\r\n")[0], true
	}
	return 0, false
}

// verifyAfterBlank verifies first, a whole JSON object on the line after
// blank lines at the start of the file (name, read from in through br):
// the one object of the file when only blank lines follow it; a blank line
// before another line otherwise, as verifyLines refuses one.
func verifyAfterBlank(sio *IO, o *verifyOptions, in *doneReader, br *bufio.Reader, name string, first []byte, blank, maxLine int) error {
	for no := blank + 2; ; no++ {
		text, nl, err := analysis.ReadLine(br, maxLine)
		switch {
		case errors.Is(err, analysis.ErrLongLine):
			return withCode(ExitError, analysis.LongLine(name, no, maxLine))
		case err != nil:
			return verifyReadError(in, o.file, name, 0, err)
		case !analysis.Blank(text):
			return withCode(ExitError, analysis.BlankLine(name, 1, "solution"))
		case !nl: // the end
			return verifyOne(sio, o, name, first)
		}
	}
}

// verifyOne checks and replays data, one solution object read from name.
func verifyOne(sio *IO, o *verifyOptions, name string, data []byte) error {
	l, err := verifiedLine(o, name, data)
	if err != nil {
		return err
	}
	return verifyLine(sio.Out, l)
}

// verifiedLine reads data, one object read from name (messages name it),
// as verify reads it: a whole solution (readVerified, checkLine), or a
// game in progress, an object with no "result" or no "deal" (inProgress),
// read as hint, review and show read it (position.ReadGame).
func verifiedLine(o *verifyOptions, name string, data []byte) (line, error) {
	sol, err := readVerified(data, o.lookup)
	if err != nil {
		if !inProgress(data) {
			return line{}, withCode(ExitError, fmt.Errorf("%s: %v", name, err))
		}
		g, err := position.ReadGame(data, position.Known{Game: o.game}, o.lookup)
		if err != nil {
			return line{}, withCode(ExitError, fmt.Errorf("%s: %v", name, err))
		}
		return gameLine(name, g), nil
	}
	l, err := checkLine(name, o.game, sol, o.lookup)
	if err != nil {
		return line{}, withCode(ExitError, err)
	}
	return l, nil
}

// inProgress says whether data is a JSON object without a "result" or a
// "deal": a game in progress (the board's export of a game not won, or a
// request naming its deal by its seed), no solution.
func inProgress(data []byte) bool {
	var probe map[string]json.RawMessage
	if json.Unmarshal(bytes.TrimPrefix(data, []byte(words.BOM)), &probe) != nil {
		return false
	}
	has := func(key string) bool {
		for k := range probe {
			if strings.EqualFold(k, key) {
				return true
			}
		}
		return false
	}
	return !has("deal") || !has("result")
}

// readVerified decodes data, one solution object, as solution.Read does
// (its bound, checks and wording), reading its moves no further than their
// first illegal one (position.IllegalPrefix), which the referee refuses
// the line at whatever follows: a file of millions of moves is not held
// several times over to be refused at move 63.
func readVerified(data []byte, lookup func(string) (games.Entry, error)) (*solution.Solution, error) {
	if err := solution.CheckSize(data); err != nil {
		var se *solution.ShapeError
		if errors.As(err, &se) { // Read's own wording of an empty text
			return solution.Read(bytes.NewReader(data))
		}
		return nil, err
	}
	return solution.DecodeStopping(data, position.IllegalPrefix(position.Known{}, lookup))
}

// verifyReadError is the error of a read of the file (name in messages)
// that in gives, after checked lines were checked: Ctrl-C while it waited
// (exit 130, saying what was checked), a read that failed (fileError), or
// anything else as it is (a line too long or blank, analysis.EachLine's,
// naming it; a line's own, with its code).
func verifyReadError(in *doneReader, file, name string, checked int, err error) error {
	var pe *fs.PathError
	switch {
	case in.interrupted():
		done := "nothing was done"
		if checked > 0 {
			done = words.Count(checked, "line") + " checked (any that failed said above), the rest not"
		}
		return interruptedInput("--solution", file, done)
	case errors.As(err, &pe):
		return withCode(ExitError, fileError("--solution", file, err))
	}
	return withCode(ExitError, err) // a line's own has its code already
}

// verifyLines checks every line of all, a file of JSON lines (gen's
// output) from its start, read through in, as verify checks one object,
// each named "file:line". A line that is bad input (no
// solution object, a bad deal, a move naming nothing), a blank one before
// another or one over maxLine bytes stops it at once (exit 2); a line that
// does not win is printed and the rest are checked (exit 1 at the end,
// naming them); all winning is one ok line. A file of one line is one
// object (verifyOne).
func verifyLines(sio *IO, o *verifyOptions, in *doneReader, all goio.Reader, name string, maxLine int) error {
	var first []byte // line 1, held until another comes
	var failed []string
	checked := 0
	check := func(no int, text []byte) error {
		at := fmt.Sprintf("%s:%d", name, no)
		l, err := verifiedLine(o, at, text)
		if err != nil {
			return err
		}
		var out bytes.Buffer
		err = verifyLine(&out, l)
		var ee *exitError
		switch {
		case err == nil:
		case errors.As(err, &ee) && ee.code == ExitFailed:
			fmt.Fprintln(sio.Out, "fail: "+ee.Error())
			failed = append(failed, fmt.Sprint(no))
		default:
			return err
		}
		checked++
		return nil
	}
	err := analysis.EachLine(all, name, "solution", maxLine, func(no int, text []byte) error {
		if no == 1 {
			first = bytes.Clone(text)
			return nil
		}
		if first != nil {
			if err := check(1, first); err != nil {
				return err
			}
			first = nil
		}
		return check(no, text)
	})
	if err != nil {
		return verifyReadError(in, o.file, name, checked, err)
	}
	if first != nil {
		return verifyOne(sio, o, name, first)
	}
	if len(failed) > 0 {
		verb, each := "does not", "said above"
		if len(failed) > 1 {
			verb, each = "do not", "each said above"
		}
		return withCode(ExitFailed, fmt.Errorf("%s: %d of %s %s verify (%s %s; %s)", name, len(failed), words.Count(checked, "solution"),
			verb, words.Noun(len(failed), "line"), strings.Join(failed, ", "), each))
	}
	_, err = fmt.Fprintf(sio.Out, "ok: %s, one a line, each a legal win\n", words.Count(checked, "solution"))
	return err
}

// verifyLine replays l's moves with its game's referee and prints "ok: N
// moves, won" to w, or returns the failure with its exit code.
func verifyLine(w goio.Writer, l line) error {
	g, deal, rules, sol, name := l.game, l.deal, l.rules, l.sol, l.name
	if sol.Result == "" && len(sol.Moves) == 0 {
		return withCode(ExitFailed, fmt.Errorf("%s: no line to verify: the game holds no moves", name))
	}
	if sol.Result != "winnable" && len(sol.Moves) == 0 {
		// RULES.md, "Solutions (JSON)": moves are written for a winnable
		// result only, so a lost or unknown deal's object has no line.
		return withCode(ExitFailed, fmt.Errorf("%s: no line to verify: the file says %q and holds no moves (solve --json writes a line for a winnable deal only)", name, sol.Result))
	}
	claim := ""
	if sol.Result != "winnable" && sol.Result != "" { // "": a game in progress claims nothing
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
