package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solution"
)

// TestSolveAfter: from a solution object or a JSON list of moves, solve
// prints the rest of the line numbered from K+1, or (--json) the whole line,
// which verify passes; --html writes its page.
func TestSolveAfter(t *testing.T) {
	sol := relojSeed1(t)
	var s solution.Solution
	if err := json.Unmarshal([]byte(sol), &s); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runIn(sol, "solve", "--game", "reloj", "--seed", "1", "--after", "-", "--moves", "55")
	if code != ExitOK || errOut != "" || !strings.HasPrefix(out, "reloj seed 1 after 55 moves (play forced, passes 2): winnable in 7 more moves\n") || !strings.Contains(out, "\n56. ") || !strings.HasSuffix(strings.TrimRight(out, "\n"), "62. waste 4O -> pile 1 (1 2 3 4)") {
		t.Errorf("solve --after: exit %d %q %q", code, out, errOut)
	}
	// After the whole line the game is won: said as hint says it, with no
	// move to print ("winnable in 0 more moves" before).
	code, out, errOut = runIn(sol, "solve", "--game", "reloj", "--seed", "1", "--after", "-")
	if want := "reloj seed 1 after 62 moves (play forced, passes 2): won already\nnodes 1, time "; code != ExitOK || errOut != "" || !strings.HasPrefix(out, want) || strings.Count(out, "\n") != 2 {
		t.Errorf("solve --after the whole line: exit %d %q %q; want %q and no move", code, out, errOut, want)
	}
	list, _ := json.Marshal(s.Moves[:20])
	dir := t.TempDir()
	movesFile := filepath.Join(dir, "m.json")
	os.WriteFile(movesFile, list, 0o644)
	page := filepath.Join(dir, "p.html")
	code, out, errOut = runOut("solve", "--game", "reloj", "--seed", "1", "--after", movesFile, "--json", "--html", page)
	if code != ExitOK {
		t.Fatalf("solve --after list --json: exit %d %s", code, errOut)
	}
	var whole solution.Solution
	if err := json.Unmarshal([]byte(out), &whole); err != nil {
		t.Fatal(err)
	}
	if len(whole.Moves) < 20 || fmt.Sprint(whole.Moves[:20]) != fmt.Sprint(s.Moves[:20]) {
		t.Fatalf("the whole line does not start with the moves played")
	}
	if code, vout, verr := runIn(out, "verify", "--solution", "-"); code != ExitOK {
		t.Errorf("verify: %d %s %s", code, vout, verr)
	}
	if b, err := os.ReadFile(page); err != nil || !strings.Contains(string(b), "Del reloj, seed 1") {
		t.Errorf("--html: %v", err)
	}

	bad := append([]solution.Move(nil), s.Moves[:9]...)
	bad[8].Card = "RB"
	if bad[8] == s.Moves[8] {
		bad[8].Card = "RO"
	}
	badList, _ := json.Marshal(bad)
	other := strings.Replace(sol, `"seed":1`, `"seed":2`, 1)
	for _, c := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{string(badList), []string{"solve", "--game", "reloj", "--seed", "1", "--after", "-"}, "--after -: move 9 ("},
		{sol, []string{"solve", "--game", "reloj", "--seed", "2", "--after", "-"}, "--after -: the line's deal is seed 1's, not the deal given (give --seed 1)"},
		{strings.Replace(sol, `"seed":1,`, "", 1), []string{"solve", "--game", "reloj", "--seed", "2", "--after", "-"}, "--after -: the line's deal is not the deal given"},
		{sol, []string{"solve", "--game", "sietes", "--seed", "1", "--after", "-"}, "--after -: the line is of reloj, not sietes"},
		{sol, []string{"solve", "--game", "reloj", "--seed", "1", "--after", "-", "--moves", "63"}, "--moves 63: --after - has 62 moves"},
		{sol, []string{"solve", "--game", "reloj", "--seed", "1", "--moves", "3"}, "solitario: solve: --moves needs --after FILE"},
		{"[{", []string{"solve", "--game", "reloj", "--seed", "1", "--after", "-"}, "--after -: invalid list of moves JSON: the list ends early, after 2 bytes (a file cut short?)\n"},
		{`{"game":"reloj","moves":[]}`, []string{"hint", "--solution", "-"}, "stdin: no \"seed\" or \"deal\": give the deal's seed, or its cards in dealing order"},
		{`"moves"`, []string{"solve", "--game", "reloj", "--seed", "1", "--after", "-"}, "--after -: not a solution object: the file holds a JSON string (want a solution object, a JSON list of moves or a move list as solve prints it)\n"},
		{" \n", []string{"solve", "--game", "reloj", "--seed", "1", "--after", "-"}, "--after -: empty (want a solution object, a JSON list of moves or a move list as solve prints it)\n"},
		{other, []string{"solve", "--game", "reloj", "--deal", "-", "--after", "-"}, "--deal - and --after - both read standard input"},
		{other, []string{"solve", "--game", "reloj", "--seed", "1", "--after", "-"}, `--after -: the deal is not the deal of seed 2 (drop "seed" for a deal from a file)`},
		{sol, []string{"solve", "--game", "reloj", "--seed", "1", "--play", "free", "--after", "-"}, "--after -: the line was played under play forced, passes 2, not under solve's play free, passes 2: give its rules (--play forced --passes 2)"},
	} {
		code, out, errOut := runIn(c.stdin, c.args...)
		if code != ExitError || out != "" || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
}

// TestSolveHTML: solve --html writes the page of the line found; a deal
// with no winning line gets a note and no page.
func TestSolveHTML(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "s.html")
	if code, out, errOut := runOut("solve", "--game", "sietes", "--seed", "3", "--html", page); code != ExitOK || errOut != "" || !strings.Contains(out, "winnable in 59 moves") {
		t.Fatalf("solve --html: exit %d %q", code, errOut)
	}
	if b, err := os.ReadFile(page); err != nil || !strings.Contains(string(b), "De los sietes, seed 3 (59 moves, won)") {
		t.Fatalf("the page: %v", err)
	}
	lost := filepath.Join(dir, "lost.html")
	code, _, errOut := runOut("solve", "--game", "sietes", "--seed", "1", "--html", lost)
	if code != ExitUnwinnable || errOut != "solitario: solve: note: --html "+lost+": no winning line, no page written\n" {
		t.Errorf("an unwinnable deal: exit %d %q", code, errOut)
	}
	if _, err := os.Stat(lost); !os.IsNotExist(err) {
		t.Errorf("a page was written for an unwinnable deal: %v", err)
	}
}

// FuzzReadMoves: --after's reader never panics, and what it accepts is a
// list of moves (the referee judges them next).
func FuzzReadMoves(f *testing.F) {
	for _, s := range []string{`[]`, `[{"from":"stock","to":"waste","card":"6E"}]`, `{"game":"reloj"}`, `[{`, ` [null]`, `{"game":"reloj","rules":{"play":"forced","passes":2},"deal":["1O"],"result":"winnable","moves":[]}`} {
		f.Add([]byte(s))
	}
	g, err := games.Lookup("reloj")
	if err != nil {
		f.Fatal(err)
	}
	deal := g.SeedDeal(1)
	f.Fuzz(func(t *testing.T, data []byte) {
		sio := &IO{In: strings.NewReader(string(data))}
		pg, err := readMoves("-", sio, g, deal, nil, g.Defaults)
		if err != nil && pg.Moves != nil {
			t.Errorf("an error with moves: %v", err)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "--after -") {
			t.Errorf("error %q does not name --after", err)
		}
	})
}

// TestSolveAfterJSONNotWon: --after --json on a position that is lost
// (a draws-only reloj line of a winnable deal) or left unknown prints no
// solution object, which would give the deal a verdict only the position
// has; stderr says what was found, exit as the text mode. With no moves
// played the position is the deal, and its object is printed.
func TestSolveAfterJSONNotWon(t *testing.T) {
	in := mustJSON(t, drawsOnlyReloj(t))
	base := []string{"solve", "--game", "reloj", "--seed", "1", "--play", "free", "--after", "-", "--json"}
	code, out, errOut := runIn(in, base...)
	if code != ExitUnwinnable || out != "" || errOut != "solitario: solve: --json: the position after move 79 is lost: no move is left: the stock is empty and no redeal remains, and the waste top 3E goes on no pile; no solution object is printed: its result would be the deal's verdict, and only this position was searched (drop --json for the text)\n" {
		t.Errorf("a lost position: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, errOut = runIn(in, append(base, "--moves", "3", "--max-nodes", "1")...)
	if code != ExitUnknown || out != "" || !strings.HasPrefix(errOut, "solitario: solve: --json: the position after move 3 is unknown (max-nodes: ") {
		t.Errorf("an unknown position: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, errOut = runIn(in, append(base, "--moves", "0")...)
	var s solution.Solution
	if code != ExitOK || errOut != "" || json.Unmarshal([]byte(out), &s) != nil || s.Result != "winnable" {
		t.Errorf("no moves played: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, errOut = runIn(in, append(base, "--moves", "0", "--max-nodes", "1")...)
	if code != ExitUnknown || json.Unmarshal([]byte(out), &s) != nil || s.Result != "unknown" {
		t.Errorf("no moves played, unknown: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// solve --help and README say so: K >= 1 prints nothing, K = 0 the deal's object.
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, help, _ := runOut("solve", "--help")
	for what, c := range map[string]struct{ text, k1, k0 string }{
		"solve --help": {help, "after K >= 1 moves, nothing", "After --moves 0 the position is the deal, and its solution object is printed whatever the verdict"},
		"README":       {string(readme), "when the position after K ≥ 1 moves is lost or unknown, nothing is printed", "After `--moves 0` the position is the deal, and its solution object is printed whatever the verdict"},
	} {
		flat := strings.Join(strings.Fields(c.text), " ")
		if !strings.Contains(flat, c.k1) || !strings.Contains(flat, c.k0) {
			t.Errorf("%s: no word that --json prints nothing after K >= 1 moves only, and the deal's object after --moves 0", what)
		}
	}
}
