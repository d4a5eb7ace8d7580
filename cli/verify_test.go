package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solution"
)

// TestVerifyExitCodes: a move verify cannot read (a place or card that names
// nothing) is bad input, exit 2, naming the file, the move's number and its
// token; a readable move that is illegal is exit 1; a lost deal's object,
// which has no moves, has no line to verify (exit 1), said so, not "not won".
func TestVerifyExitCodes(t *testing.T) {
	ctx := context.Background()
	code, out, errs := cliRun(t, ctx, "", "solve", "--game", "reloj", "--seed", "1", "--json")
	if code != ExitOK {
		t.Fatalf("solve reloj 1: exit %d, %s", code, errs)
	}
	sol, err := solution.Read(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	// reloj seed 1's line: 1. stock CE -> waste, 2. stock 7O -> pile:7 (a new pile).
	if m := sol.Moves[1]; m.From != "stock" || m.Card != "7O" {
		t.Fatalf("reloj seed 1's move 2 is %s", m)
	}
	for _, c := range []struct {
		name string
		move solution.Move
		code int
		want string
	}{
		{"no such place", solution.Move{From: "stock", To: "foundation", Card: "7O"}, ExitError,
			`solitario: verify: stdin: move 2 (stock -> foundation 7O): unknown place "foundation" (want stock, waste or pile:<rank>)`},
		{"no such pile", solution.Move{From: "stock", To: "pile:Z", Card: "7O"}, ExitError, `move 2 (stock -> pile:Z 7O): unknown place "pile:Z"`},
		{"no such card", solution.Move{From: "stock", To: "pile:7", Card: "7Q"}, ExitError, `move 2 (stock -> pile:7 7Q): unknown card`},
		{"illegal", solution.Move{From: "stock", To: "pile:R", Card: "7O"}, ExitFailed, `solitario: verify: stdin: move 2 (stock -> pile:R 7O): there is no pile R`},
		// A move with no card (but a redeal) names no card of the game: in
		// no position legal, bad input as a bad token is.
		{"no card", solution.Move{From: "stock", To: "pile:7"}, ExitError, `solitario: verify: stdin: move 2 (stock -> pile:7): no card named; `},
		{"redeal", solution.Move{From: "waste", To: "stock"}, ExitFailed, `solitario: verify: stdin: move 2 (waste -> stock): `},
	} {
		bad := *sol
		bad.Moves = append([]solution.Move{sol.Moves[0], c.move}, sol.Moves[2:]...)
		code, out, errs := cliRun(t, ctx, mustJSON(t, bad), "verify", "--solution", "-")
		if code != c.code || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 || out != "" {
			t.Errorf("%s: exit %d, out %q, err %q; want exit %d and %q", c.name, code, out, errs, c.code, c.want)
		}
	}

	// orologio seed 2 is lost: its object has no moves.
	code, lost, errs := cliRun(t, ctx, "", "solve", "--game", "orologio", "--seed", "2", "--json")
	if code != ExitUnwinnable || strings.Contains(lost, `"moves"`) {
		t.Fatalf("solve orologio 2: exit %d, %s %s", code, lost, errs)
	}
	code, out, errs = cliRun(t, ctx, lost, "verify", "--solution", "-")
	want := `solitario: verify: stdin: no line to verify: the file says "unwinnable" and holds no moves (solve --json writes a line for a winnable deal only)` + "\n"
	if code != ExitFailed || errs != want || out != "" {
		t.Errorf("lost clock deal: exit %d, out %q, err %q; want exit 1 and %q", code, out, errs, want)
	}
}

// TestHintObjectForALine: hint --json's object given to a command that
// wants a solution is said to be a hint, with the command that writes a
// line, not refused for its "after" field.
func TestHintObjectForALine(t *testing.T) {
	_, sol, _ := runOut("solve", "--game", "reloj", "--seed", "1", "--json")
	code, hint, errOut := runIn(sol, "hint", "--solution", "-", "--moves", "30", "--json")
	if code != ExitOK {
		t.Fatalf("hint: exit %d %s", code, errOut)
	}
	const why = "this is a hint object (hint --json), not a solution object: solve --after FILE --moves K --json writes the whole line, which verify replays"
	for _, args := range [][]string{
		{"verify", "--solution", "-"},
		{"show", "--solution", "-"},
		{"hint", "--solution", "-"},
		{"review", "--solution", "-"},
		{"solve", "--game", "reloj", "--seed", "1", "--after", "-"},
	} {
		code, out, errOut := runIn(hint, args...)
		if code != ExitError || out != "" || !strings.Contains(errOut, ": "+why) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %d bytes, stderr %q; want exit 2 and %q", args, code, len(out), errOut, why)
		}
	}
}

// TestVerifyEmptyGame: --game "" is refused (exit 2, one line), not read as
// no --game, which skipped the check it asks for; --game reloj and no
// --game pass reloj seed 1's line, --game sietes refuses it.
func TestVerifyEmptyGame(t *testing.T) {
	sol := relojSeed1(t)
	for _, c := range []struct {
		args []string
		code int
		out  string
		err  string
	}{
		{[]string{"verify", "--solution", "-", "--game", ""}, ExitError, "", "solitario: verify: --game: empty game name (games: ventaglio, reloj, sietes, orologio, orologio52)\n"},
		{[]string{"verify", "--solution", "-", "--game="}, ExitError, "", "solitario: verify: --game: empty game name (games: ventaglio, reloj, sietes, orologio, orologio52)\n"},
		{[]string{"verify", "--solution", "-", "--game", "sietes"}, ExitError, "", "solitario: verify: stdin: --game sietes, but the solution is for \"reloj\"\n"},
		{[]string{"verify", "--solution", "-", "--game", "reloj"}, ExitOK, "ok: 62 moves, won\n", ""},
		{[]string{"verify", "--solution", "-"}, ExitOK, "ok: 62 moves, won\n", ""},
	} {
		code, out, errOut := runIn(sol, c.args...)
		if code != c.code || out != c.out || errOut != c.err {
			t.Errorf("%q: exit %d, %q, %q; want exit %d, %q, %q", c.args, code, out, errOut, c.code, c.out, c.err)
		}
	}
}

// TestVerifyJSONLines: a file of gen's JSON lines is checked line by line:
// all winning is one ok line; a line that does not win is printed with its
// FILE:LINE and the rest are checked (exit 1 naming the lines); a line
// that is no solution object stops it (exit 2, its FILE:LINE). One object
// written over several lines is still one object.
func TestVerifyJSONLines(t *testing.T) {
	ctx := context.Background()
	code, list, errs := cliRun(t, ctx, "", "gen", "--game", "reloj", "--count", "3", "--workers", "1", "--quiet")
	if code != ExitOK || strings.Count(list, "\n") != 3 {
		t.Fatalf("gen: exit %d, %q, %s", code, list, errs)
	}
	code, out, errs := cliRun(t, ctx, list, "verify", "--solution", "-")
	if code != ExitOK || out != "ok: 3 solutions, one a line, each a legal win\n" || errs != "" {
		t.Errorf("gen's lines: exit %d, %q, %q", code, out, errs)
	}
	// A CRLF file is read too, and blank lines at its end.
	if code, out, _ := cliRun(t, ctx, strings.ReplaceAll(list, "\n", "\r\n")+" \r\n\n\t\n", "verify", "--solution", "-"); code != ExitOK || !strings.HasPrefix(out, "ok: 3 solutions") {
		t.Errorf("CRLF and blank lines at the end: exit %d, %q", code, out)
	}
	lines := strings.SplitAfter(list, "\n")
	var sol solution.Solution
	if err := json.Unmarshal([]byte(lines[1]), &sol); err != nil {
		t.Fatal(err)
	}
	short := sol
	short.Moves = sol.Moves[:len(sol.Moves)-1]
	notWon := lines[0] + mustJSON(t, short) + "\n" + lines[2]
	code, out, errs = cliRun(t, ctx, notWon, "verify", "--solution", "-")
	if code != ExitFailed || !strings.HasPrefix(out, "fail: stdin:2: ") || strings.Count(out, "\n") != 1 ||
		errs != "solitario: verify: stdin: 1 of 3 solutions does not verify (line 2; said above)\n" {
		t.Errorf("a line short of a win: exit %d, out %q, err %q", code, out, errs)
	}
	// Two failing: "do not", "lines".
	twoShort := lines[0] + mustJSON(t, short) + "\n" + mustJSON(t, short) + "\n"
	code, _, errs = cliRun(t, ctx, twoShort, "verify", "--solution", "-")
	if code != ExitFailed || errs != "solitario: verify: stdin: 2 of 3 solutions do not verify (lines 2, 3; each said above)\n" {
		t.Errorf("two lines short of a win: exit %d, err %q", code, errs)
	}
	bad := lines[0] + lines[1] + `{"game":"reloj","frm":1}` + "\n"
	code, out, errs = cliRun(t, ctx, bad, "verify", "--solution", "-")
	if code != ExitError || out != "" || !strings.HasPrefix(errs, `solitario: verify: stdin:3: invalid solution JSON at byte offset 16: unknown field "frm"`) || strings.Count(errs, "\n") != 1 {
		t.Errorf("a bad line: exit %d, out %q, err %q", code, out, errs)
	}
	// --game that one line is not for names that line.
	other := lines[0] + strings.Replace(lines[1], `"game":"reloj"`, `"game":"sietes"`, 1)
	code, out, errs = cliRun(t, ctx, other, "verify", "--solution", "-", "--game", "reloj")
	if code != ExitError || out != "" || errs != "solitario: verify: stdin:2: --game reloj, but the solution is for \"sietes\"\n" {
		t.Errorf("a line of another game: exit %d, out %q, err %q", code, out, errs)
	}
	indented, err := json.MarshalIndent(sol, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if code, out, errs := cliRun(t, ctx, string(indented), "verify", "--solution", "-"); code != ExitOK || !strings.HasPrefix(out, "ok: ") || strings.Contains(out, "solutions") {
		t.Errorf("one indented object: exit %d, %q, %q", code, out, errs)
	}
}

// TestVerifyAnalyzeFile: an analyze --jsonl file (a run header, then a
// line a deal) given to verify is named as show names it, the file, not
// its line 1: the message is about the whole file.
func TestVerifyAnalyzeFile(t *testing.T) {
	jsonl := `{"kind":"run","format":1,"game":"reloj"}` + "\n" + `{"seed":1,"result":"winnable","nodes":63,"ms":0.5,"moves":62}` + "\n"
	want := "stdin: this is a file of analyze --jsonl (its first line a run header), not a solution object: merge and report read it\n"
	for _, cmd := range []string{"verify", "show"} {
		code, out, errs := runIn(jsonl, cmd, "--solution", "-")
		if code != ExitError || out != "" || errs != "solitario: "+cmd+": "+want {
			t.Errorf("%s: exit %d, out %q, err %q; want exit 2 and %q", cmd, code, out, errs, "solitario: "+cmd+": "+want)
		}
	}
}

// TestVerifyBlankLine: a blank line before another line of a file of JSON
// lines is refused, naming the file and the line (exit 2), as merge and
// gen --resume refuse one (analysis.EachLine), where verify skipped it;
// blank lines at the end, or around one object, are the end of the file.
func TestVerifyBlankLine(t *testing.T) {
	ctx := context.Background()
	code, list, errs := cliRun(t, ctx, "", "gen", "--game", "reloj", "--count", "3", "--workers", "1", "--quiet")
	if code != ExitOK || strings.Count(list, "\n") != 3 {
		t.Fatalf("gen: exit %d, %q, %s", code, list, errs)
	}
	lines := strings.SplitAfter(list, "\n")
	file := filepath.Join(t.TempDir(), "g.jsonl")
	for _, c := range []struct {
		name, text string
		code       int
		out, err   string
	}{
		{"mid-file", lines[0] + lines[1] + "\n" + lines[2], ExitError, "", "solitario: verify: " + file + ":3: blank line (a solution a line; blank lines may only end the file)\n"},
		{"white space", lines[0] + " \t\r\n" + lines[1] + lines[2], ExitError, "", "solitario: verify: " + file + ":2: blank line (a solution a line; blank lines may only end the file)\n"},
		{"at the start", "\n" + list, ExitError, "", "solitario: verify: " + file + ":1: blank line (a solution a line; blank lines may only end the file)\n"},
		{"at the end", list + "\n \n", ExitOK, "ok: 3 solutions, one a line, each a legal win\n", ""},
		{"around one object", "\n\n" + lines[0] + "\n", ExitOK, "ok: ", ""},
	} {
		if err := os.WriteFile(file, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errs := cliRun(t, ctx, "", "verify", "--solution", file)
		if code != c.code || !strings.HasPrefix(out, c.out) || (c.out == "") != (out == "") || errs != c.err {
			t.Errorf("%s: exit %d, out %q, err %q; want exit %d, %q, %q", c.name, code, out, errs, c.code, c.out, c.err)
		}
	}
	// merge says it so too.
	jsonl := filepath.Join(t.TempDir(), "r.jsonl")
	if code, _, errs := cliRun(t, ctx, "", "analyze", "--game", "reloj", "--seeds", "1..2", "--workers", "1", "--quiet", "--jsonl", jsonl); code != ExitOK {
		t.Fatalf("analyze: exit %d, %s", code, errs)
	}
	b, _ := os.ReadFile(jsonl)
	rec := strings.SplitAfter(string(b), "\n")
	os.WriteFile(jsonl, []byte(rec[0]+rec[1]+"\n"+rec[2]), 0o644)
	if code, _, errs := cliRun(t, ctx, "", "merge", jsonl); code != ExitError || errs != "solitario: merge: "+jsonl+":3: blank line (a record a line; blank lines may only end the file)\n" {
		t.Errorf("merge: exit %d, %q", code, errs)
	}
}

// endless is a reader of an endless line, fill bytes without a newline
// after head, as /dev/zero is; read counts the bytes it gave.
type endless struct {
	head string
	fill byte
	read int64
}

func (e *endless) Read(p []byte) (int, error) {
	n := copy(p, e.head)
	e.head = e.head[n:]
	for i := n; i < len(p); i++ {
		p[i] = e.fill
	}
	e.read += int64(len(p))
	return len(p), nil
}

// TestVerifyInputBound: verify holds a line at a time, each at most its
// bound: an endless line is refused after about the bound (exit 2, naming
// the line), not read to a GiB as it was, and so is a line over it after
// lines that fit; a line of exactly the bound is read; a text that starts
// no JSON value (/dev/zero) is refused after its first 64 KiB.
func TestVerifyInputBound(t *testing.T) {
	line := relojSeed1(t) // one line, with its "\n"
	max := len(line) - 1
	o := &verifyOptions{file: "-", lookup: games.Lookup}
	var ee *exitError
	for _, c := range []struct {
		name string
		in   *endless
		want string
	}{
		{"line 1", &endless{fill: '['}, "stdin:1: the line is longer than " + fmt.Sprint(max) + " bytes"},
		// No JSON from its first byte (/dev/zero): refused there.
		{"no JSON", &endless{fill: 0}, "stdin: not JSON: a solution is the JSON object solve --json prints"},
		{"no JSON after blank lines", &endless{head: "\ufeff \n\n", fill: 'x'}, "stdin: not JSON: a solution is the JSON object solve --json prints"},
		{"line 3", &endless{head: line + line, fill: 'x'}, "stdin:3: the line is longer than " + fmt.Sprint(max) + " bytes"},
		{"after blank lines", &endless{head: "\n\n", fill: ' '}, "stdin:3: the line is longer than " + fmt.Sprint(max) + " bytes"},
	} {
		var out strings.Builder
		err := verifyInput(&IO{In: c.in, Out: &out}, o, max)
		if !errors.As(err, &ee) || ee.code != ExitError || err.Error() != c.want || out.Len() != 0 {
			t.Errorf("%s: %v (stdout %q), want exit %d and %q", c.name, err, out.String(), ExitError, c.want)
		}
		if limit := int64(len(line)*2 + max + 128<<10); c.in.read > limit {
			t.Errorf("%s: read %d bytes for a bound of %d", c.name, c.in.read, max)
		}
	}
	var out strings.Builder
	if err := verifyInput(&IO{In: strings.NewReader(line + line), Out: &out}, o, max); err != nil || out.String() != "ok: 2 solutions, one a line, each a legal win\n" {
		t.Errorf("two lines of the bound: %v, %q", err, out.String())
	}
}

// TestVerifyInputCap: the command's own bound is solution.MaxBytes (64 MiB),
// solve --after's, for a line and for one object over several lines: an
// endless input is refused with exit 2 after about that much, where verify
// read a GiB (2.1 GB of memory) before it refused.
func TestVerifyInputCap(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 128 MiB")
	}
	for _, c := range []struct {
		in   *endless
		want string
	}{
		{&endless{fill: '['}, "solitario: verify: stdin:1: the line is longer than 64 MiB\n"},
		{&endless{head: "{\n", fill: ' '}, "solitario: verify: stdin: file too large for a solution (over 64 MiB)\n"},
	} {
		var out, errOut strings.Builder
		code := Run(context.Background(), []string{"verify", "--solution", "-"}, IO{In: c.in, Out: &out, Err: &errOut, Getenv: func(string) string { return "" }})
		if code != ExitError || errOut.String() != c.want || out.Len() != 0 {
			t.Errorf("%.10q…: exit %d, stderr %q; want exit %d and %q", c.in.head, code, errOut.String(), ExitError, c.want)
		}
		if c.in.read > solution.MaxBytes+256<<10 {
			t.Errorf("%.10q…: read %d bytes for a bound of %d", c.in.head, c.in.read, solution.MaxBytes)
		}
	}
}

// TestVerifyGameInProgress: an object with no "deal", a game in progress
// ({"game", "seed", "moves"}, as hint, review and show read it), is
// replayed from its seed's deal: the whole line wins (exit 0), five moves
// of it are legal but not won (exit 1), and one with no moves has no line.
func TestVerifyGameInProgress(t *testing.T) {
	_, out, _ := runOut("solve", "--game", "reloj", "--seed", "1", "--json")
	sol, err := solution.Read(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	game := func(moves []solution.Move) string {
		return mustJSON(t, map[string]any{"game": "reloj", "seed": 1, "moves": moves})
	}
	ctx := context.Background()
	for _, c := range []struct {
		name, text string
		code       int
		out, err   string
	}{
		{"won", game(sol.Moves), ExitOK, fmt.Sprintf("ok: %d moves, won\n", len(sol.Moves)), ""},
		{"short", game(sol.Moves[:5]), ExitFailed, "", "solitario: verify: stdin: all 5 moves are legal but the game is not won: "},
		{"no moves", `{"game":"reloj","seed":1}`, ExitFailed, "", "solitario: verify: stdin: no line to verify: the game holds no moves\n"},
	} {
		code, out, errs := cliRun(t, ctx, c.text, "verify", "--solution", "-")
		if code != c.code || out != c.out || !strings.HasPrefix(errs, c.err) || (c.err == "") != (errs == "") {
			t.Errorf("%s: exit %d, out %q, err %q; want exit %d, %q, %q", c.name, code, out, errs, c.code, c.out, c.err)
		}
	}
	code, _, errs := cliRun(t, ctx, game(sol.Moves), "verify", "--game", "sietes", "--solution", "-")
	if code != ExitError || errs != "solitario: verify: stdin: the line is of reloj, not sietes\n" {
		t.Errorf("--game sietes: exit %d, %q", code, errs)
	}
}
