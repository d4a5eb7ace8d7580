package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/solitario/solitario/api"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
)

// TestGameInProgressForms (issue 33): a game in progress needs only what a
// player knows. The numbered move list solve prints, for every game, reads
// back (with its header lines, with or without the numbers) as the moves of
// solve --json; a three-field object {game, seed, moves} and the list with
// --game and --seed get a hint, a review, a page and solve --after.
func TestGameInProgressForms(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ game, seed string }{{"reloj", "1"}, {"sietes", "3"}, {"ventaglio", "1"}, {"orologio", "1"}, {"orologio52", "8"}} {
		code, text, errOut := runOut("solve", "--game", c.game, "--seed", c.seed)
		if code != ExitOK {
			t.Fatalf("solve %s %s: exit %d %s", c.game, c.seed, code, errOut)
		}
		_, js, _ := runOut("solve", "--game", c.game, "--seed", c.seed, "--json")
		var sol solution.Solution
		if err := json.Unmarshal([]byte(js), &sol); err != nil {
			t.Fatal(err)
		}
		// The whole output of solve, and its moves alone without numbers.
		var bare []string
		for _, l := range strings.Split(text, "\n") {
			if n, rest, ok := strings.Cut(strings.TrimSpace(l), ". "); ok && strings.Trim(n, "0123456789") == "" {
				bare = append(bare, rest)
			}
		}
		for name, body := range map[string]string{"numbered": text, "bare": strings.Join(bare, "\n")} {
			file := filepath.Join(dir, c.game+"-"+name+".txt")
			os.WriteFile(file, []byte(body), 0o644)
			code, out, errOut := runOut("hint", "--solution", file, "--game", c.game, "--seed", c.seed, "--json")
			var h api.HintAnswer
			json.Unmarshal([]byte(out), &h)
			if code != ExitOK || !h.Won || h.After != len(sol.Moves) {
				t.Errorf("%s %s list: hint exit %d, %s %s; want won after %d moves", c.game, name, code, out, errOut, len(sol.Moves))
			}
		}
	}

	// Three fields: the rules are the game's, no deal, no result.
	three := filepath.Join(dir, "three.json")
	os.WriteFile(three, []byte(`{"game":"reloj","seed":1,"moves":[{"from":"stock","to":"waste","card":"CE"},{"from":"stock","to":"pile 7","card":"7o"}]}`), 0o644)
	code, out, errOut := runOut("hint", "--solution", three)
	if want := "reloj seed 1 after 2 of 2 moves (play forced, passes 2): winnable, 60 moves to go\nnext: 3. stock 4E -> waste\n"; code != ExitOK || out != want {
		t.Errorf("hint of three fields: exit %d %q %s; want %q", code, out, errOut, want)
	}
	code, out, errOut = runOut("review", "--solution", three)
	if want := "reloj seed 1 (play forced, passes 2), 2 moves: winnable to the end\n"; code != ExitOK || !strings.HasPrefix(out, want) {
		t.Errorf("review of three fields: exit %d %q %s; want %q", code, out, errOut, want)
	}
	// The rules given in part: the rest are the game's; a result is not read.
	code, out, _ = runIn(`{"game":"reloj","seed":1,"rules":{"play":"free"},"result":"unknown","moves":[]}`, "hint", "--solution", "-")
	if code != ExitOK || !strings.HasPrefix(out, "reloj seed 1 after 0 of 0 moves (play free, passes 2): winnable") {
		t.Errorf("hint with rules in part: exit %d %q", code, out)
	}
	// A list with the places as deal shows them and solve --after of it.
	list := filepath.Join(dir, "list.txt")
	os.WriteFile(list, []byte("# my game\n1. stock KC -> waste\n2. p1 KD -> p4\n3. a1 8C -> p1\n4. arc a2 7D -> P1 (on 8C)\n"), 0o644)
	code, out, errOut = runOut("solve", "--game", "ventaglio", "--seed", "1", "--after", list, "--max-nodes", "2000000")
	if code != ExitOK || !strings.HasPrefix(out, "ventaglio seed 1 after 4 moves (") {
		t.Errorf("solve --after a move list: exit %d %.200q %s", code, out, errOut)
	}
	page := filepath.Join(dir, "v.html")
	if code, _, errOut := runOut("show", "--solution", list, "--game", "ventaglio", "--seed", "1", "--out", page); code != ExitOK {
		t.Errorf("show of a move list: exit %d %s", code, errOut)
	}

	// What cannot be read names its line; an illegal move its line too.
	for _, c := range []struct{ text, want string }{
		{"1. stock CE -> waste\nstock 7O pile 7\n", "list.txt: line 2: \"stock 7O pile 7\" is no move: want FROM CARD -> TO"},
		{"stock CE -> waste\nstock ZZ -> waste\n", "list.txt: line 2: \"stock ZZ -> waste\": unknown suit \"Z\""},
		{"\n\nstock CE -> pile 3\n", "list.txt: line 3: move 1 (stock -> pile:3 CE): "},
		{"31. stock 3C -> pile 2\n", "list.txt: line 1: move 31 is the list's first move: the moves before it are missing"},
		{"1. stock CE -> waste\n3. stock 4E -> waste\n", "list.txt: line 2: move 3 follows move 1"},
	} {
		os.WriteFile(list, []byte(c.text), 0o644)
		for _, cmd := range []string{"hint", "review", "show"} {
			code, _, errOut := runOut(cmd, "--solution", list, "--game", "reloj", "--seed", "1")
			if code != ExitError || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
				t.Errorf("%s of %q: exit %d %q; want 2 and %q", cmd, c.text, code, errOut, c.want)
			}
		}
	}
	// A list that reads asks for its game and deal (one that does not
	// read is refused at its line first: TestJSONInputErrors).
	os.WriteFile(list, []byte("1. stock CE -> waste\n"), 0o644)
	code, _, errOut = runOut("hint", "--solution", list)
	if code != ExitError || !strings.Contains(errOut, "a list of moves names no game or deal: give the game and its seed or deal (--game, and --seed or --deal)") {
		t.Errorf("a list without --game: exit %d %q", code, errOut)
	}
	// --game given: the seed or deal is what is missing.
	code, _, errOut = runOut("hint", "--solution", list, "--game", "reloj")
	if code != ExitError || !strings.Contains(errOut, "a list of moves names no deal: give its seed or deal (--seed or --deal)") {
		t.Errorf("a list with --game alone: exit %d %q", code, errOut)
	}
	code, _, errOut = runOut("hint", "--solution", three, "--game", "sietes")
	if code != ExitError || !strings.Contains(errOut, "the line is of reloj, not sietes") {
		t.Errorf("--game against the object's: exit %d %q", code, errOut)
	}
}

// TestDealRuleFlagsAndDealJSON (issue 33): deal takes the rule flags, and
// what deal --json prints is a --deal file for solve and deal, its rules
// kept unless a flag is given.
func TestDealRuleFlagsAndDealJSON(t *testing.T) {
	code, out, errOut := runOut("deal", "--game", "reloj", "--seed", "1", "--play", "free", "--passes", "1")
	if code != ExitOK || !strings.HasPrefix(out, "Del reloj (play free, passes 1)\n") {
		t.Errorf("deal with rule flags: exit %d %q %s", code, out, errOut)
	}
	if code, _, errOut := runOut("deal", "--game", "orologio", "--seed", "1", "--passes", "1"); code != ExitError || !strings.Contains(errOut, "orologio: the game has no choices; --passes does not apply") {
		t.Errorf("deal --passes on a clock: exit %d %q", code, errOut)
	}
	_, js, _ := runOut("deal", "--game", "reloj", "--seed", "7", "--play", "free", "--json")
	code, out, errOut = runIn(js, "solve", "--game", "reloj", "--deal", "-")
	if want := "reloj seed 7 (play free, passes 2; the \"rules\" of stdin): winnable in "; code != ExitOK || !strings.HasPrefix(out, want) {
		t.Errorf("deal --json | solve --deal -: exit %d %q %s; want %q", code, out, errOut, want)
	}
	code, out, _ = runIn(js, "solve", "--game", "reloj", "--deal", "-", "--play", "forced", "--json")
	if code != ExitOK || !strings.Contains(out, `"rules":{"play":"forced","passes":2},"seed":7,`) {
		t.Errorf("a flag over the object's rules: exit %d %.120q", code, out)
	}
	for _, c := range []struct{ in, want string }{
		{js, "stdin: the deal is of reloj, not sietes"},
		{`{"game":"sietes","seed":1,"moves":[{"from":"stock","to":"waste","card":"1O"}]}`, "stdin: a game with 1 move played, not a deal: give it to solve --after"},
	} {
		if code, _, errOut := runIn(c.in, "solve", "--game", "sietes", "--deal", "-"); code != ExitError || !strings.Contains(errOut, c.want) {
			t.Errorf("solve --deal - of %.40q: exit %d %q; want %q", c.in, code, errOut, c.want)
		}
	}
}

// TestPageToTerminalAndForce (issue 33): show and report refuse to write
// their HTML to a terminal unless --out is given (piped, or --out -, it
// goes to standard output as before), and --force without --out.
func TestPageToTerminalAndForce(t *testing.T) {
	line := `{"game":"reloj","seed":1,"moves":[{"from":"stock","to":"waste","card":"CE"}]}`
	run := func(tty bool, args ...string) (int, string, string) {
		var out, errOut strings.Builder
		code := Run(t.Context(), args, IO{In: strings.NewReader(line), Out: &out, Err: &errOut, OutIsTTY: tty, Getenv: func(string) string { return "" }})
		return code, out.String(), errOut.String()
	}
	code, out, errOut := run(true, "show", "--solution", "-")
	if want := "solitario: show: the page is HTML, and standard output is a terminal: give --out FILE.html (piped, or with --out -, it goes to standard output)\n"; code != ExitError || out != "" || errOut != want {
		t.Errorf("show to a terminal: exit %d, %d bytes out, %q; want %q", code, len(out), errOut, want)
	}
	if code, out, _ := run(false, "show", "--solution", "-"); code != ExitOK || !strings.HasPrefix(out, "<!DOCTYPE html>") {
		t.Errorf("show piped: exit %d %.40q", code, out)
	}
	if code, out, _ := run(true, "show", "--solution", "-", "--out", "-"); code != ExitOK || !strings.HasPrefix(out, "<!DOCTYPE html>") {
		t.Errorf("show --out - to a terminal: exit %d %.40q", code, out)
	}
	for _, args := range [][]string{{"show", "--solution", "-", "--force"}, {"report", "x.jsonl", "--force"}} {
		code, _, errOut := run(false, args...)
		if want := "--force needs --out FILE: it lets the page replace a file that holds something\n"; code != ExitError || !strings.HasSuffix(errOut, want) {
			t.Errorf("%v: exit %d %q; want %q", args, code, errOut, want)
		}
	}
	if code, _, errOut := run(true, "report", "x.jsonl"); code != ExitError || !strings.Contains(errOut, "give --out FILE.html") {
		t.Errorf("report to a terminal: exit %d %q", code, errOut)
	}
}

// TestReviewProgress (issue 33): review draws solve's progress line on a
// terminal, its delay counted from the review's start (its solves may each
// be short), saying the time in all beside the solve's own.
func TestReviewProgress(t *testing.T) {
	if p := newReviewProgress(&IO{}, games.Entry{Name: "reloj"}, nil); p != nil {
		t.Fatal("progress without a terminal")
	}
	var errb strings.Builder
	p := newReviewProgress(&IO{Err: &errb, ErrIsTTY: true}, games.Entry{Name: "reloj"}, nil)
	total := p.delay / 2
	p.since = func() time.Duration { return total }
	p.update(solver.Stats{Nodes: 5000, Elapsed: 2 * p.delay})
	if errb.Len() != 0 {
		t.Fatalf("drawn before the delay: %q", errb.String())
	}
	total = 25 * time.Second
	p.update(solver.Stats{Nodes: 1_200_000, Elapsed: 2 * time.Second})
	if want := "reviewing reloj: 25s in all; this solve: 2s, 1,200,000 nodes, 600k nodes/s"; !strings.Contains(errb.String(), want) {
		t.Errorf("progress %q lacks %q", errb.String(), want)
	}
	p.finish()
}
