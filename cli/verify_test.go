package cli

import (
	"context"
	"strings"
	"testing"

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
	} {
		bad := *sol
		bad.Moves = append([]solution.Move{sol.Moves[0], c.move}, sol.Moves[2:]...)
		code, out, errs := cliRun(t, ctx, solutionJSON(t, bad), "verify", "--solution", "-")
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
		{[]string{"verify", "--solution", "-", "--game", "sietes"}, ExitError, "", "solitario: verify: --game sietes, but the solution is for \"reloj\"\n"},
		{[]string{"verify", "--solution", "-", "--game", "reloj"}, ExitOK, "ok: 62 moves, won\n", ""},
		{[]string{"verify", "--solution", "-"}, ExitOK, "ok: 62 moves, won\n", ""},
	} {
		code, out, errOut := runIn(sol, c.args...)
		if code != c.code || out != c.out || errOut != c.err {
			t.Errorf("%q: exit %d, %q, %q; want exit %d, %q, %q", c.args, code, out, errOut, c.code, c.out, c.err)
		}
	}
}
