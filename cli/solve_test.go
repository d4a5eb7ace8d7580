package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/testkit"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
	"github.com/solitario/solitario/verify"
)

// stepGame is the search behind the fake game "steps": the position is an
// index into the deal, a move steps 1 or 2 cards on, never onto a card of the
// lowest rank (a "1"), and the game is won on the last card. A deal is
// winnable unless two 1s lie side by side or the last card is a 1; the
// answer is easy to see, and the search is the real solver.
type stepGame struct{ deal []deck.Card }

func (g stepGame) Moves(s *int8, buf []int8) []int8 {
	for _, d := range []int8{2, 1} {
		if n := int(*s + d); n < len(g.deal) && g.deal[n].Rank() != 0 {
			buf = append(buf, d)
		}
	}
	return buf
}
func (g stepGame) Apply(s *int8, m int8) { *s += m }
func (g stepGame) Won(s *int8) bool      { return int(*s) == len(g.deal)-1 }
func (g stepGame) Key(s *int8) solver.Key {
	return solver.Key{Lo: uint64(*s) + 1}
}

// stepsWinnable is the independent answer for a deal of "steps".
func stepsWinnable(deal []deck.Card) bool {
	if deal[len(deal)-1].Rank() == 0 {
		return false
	}
	for i := 1; i+1 < len(deal); i++ {
		if deal[i].Rank() == 0 && deal[i+1].Rank() == 0 {
			return false
		}
	}
	return true
}

// stepsGame is a games row for "steps" (Spanish deck, reloj-like rules),
// solved by the real solver and verified by its own plain referee.
func stepsGame() games.Entry {
	k := deck.Spanish
	return games.Entry{
		Name: "steps", Title: "Steps (test game)", Deck: k, Copies: 1,
		Defaults: games.Rules{Play: state.Forced, Passes: 2},
		Options: []games.Option{
			{Flag: "play", Default: "forced", Values: []string{"forced", "free"}},
			{Flag: "passes", Default: "2"},
		},
		Solve: func(ctx context.Context, deal []deck.Card, cfg games.Config) (games.Outcome, error) {
			g := stepGame{deal: deal}
			return games.Solve[int8, int8](ctx, g, 0, cfg.Search, func(s *int8, m int8) (solution.Move, string) {
				to := int(*s + m)
				tok := k.Token(deal[to])
				return solution.Move{From: fmt.Sprintf("pos:%d", *s), To: fmt.Sprintf("pos:%d", to), Card: tok},
					fmt.Sprintf("step %d to %s", m, tok)
			}), nil
		},
		Verify: func(deal []deck.Card, r solution.Rules, moves []solution.Move) error {
			at := 0
			for i, m := range moves {
				var from, to int
				if _, err := fmt.Sscanf(m.From+" "+m.To, "pos:%d pos:%d", &from, &to); err != nil {
					return &verify.MoveError{N: i + 1, Move: m, Reason: "not a step"}
				}
				switch {
				case from != at:
					return &verify.MoveError{N: i + 1, Move: m, Reason: fmt.Sprintf("the marker is at %d", at)}
				case to-from < 1 || to-from > 2 || to >= len(deal):
					return &verify.MoveError{N: i + 1, Move: m, Reason: "a step is 1 or 2 cards"}
				case deal[to].Rank() == 0:
					return &verify.MoveError{N: i + 1, Move: m, Reason: "cannot step onto a 1"}
				case k.Token(deal[to]) != m.Card:
					return &verify.MoveError{N: i + 1, Move: m, Reason: "wrong card"}
				}
				at = to
			}
			if at != len(deal)-1 {
				return &verify.NotWonError{Moves: len(moves), Detail: fmt.Sprintf("the marker is at %d", at)}
			}
			return nil
		},
	}
}

// stepsLookup knows "steps" and the real games.
func stepsLookup(name string) (games.Entry, error) {
	if name == "steps" {
		return stepsGame(), nil
	}
	return games.Lookup(name)
}

// cliRun runs one solve or verify command line (or any other through the
// real root) with buffers, the fake game "steps" known to solve and verify.
func cliRun(t *testing.T, ctx context.Context, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	io := IO{In: strings.NewReader(stdin), Out: &out, Err: &errb, Getenv: func(string) string { return "" }}
	var c *cobra.Command
	switch args[0] {
	case "solve":
		c = solveCmd(&io, stepsLookup)
	case "verify":
		c = verifyCmd(&io, stepsLookup)
	default:
		code := Run(ctx, args, io)
		return code, out.String(), errb.String()
	}
	root := newRoot(&io)
	for _, sub := range root.Commands() {
		if sub.Name() == args[0] {
			root.RemoveCommand(sub)
		}
	}
	root.AddCommand(c)
	root.SetIn(io.In)
	root.SetOut(io.Out)
	root.SetErr(io.Err)
	code := execute(ctx, root, args, io.Err, func() error { return nil })
	return code, out.String(), errb.String()
}

// stepsSeeds finds a winnable and an unwinnable seed of "steps".
func stepsSeeds(t *testing.T) (win, lose uint64) {
	t.Helper()
	g := stepsGame()
	found := 0
	for s := uint64(1); found != 3 && s < 1000; s++ {
		if stepsWinnable(g.SeedDeal(s)) {
			if found&1 == 0 {
				win, found = s, found|1
			}
		} else if found&2 == 0 {
			lose, found = s, found|2
		}
	}
	if found != 3 {
		t.Fatal("no winnable and unwinnable seeds of steps")
	}
	return win, lose
}

// TestSolveBadInput: every bad input is exit 2 with a one-line message
// naming what is wrong; nothing is printed on stdout.
func TestSolveBadInput(t *testing.T) {
	g := stepsGame()
	good := strings.Join(g.Deck.TokenList(g.SeedDeal(1)), " ")
	badCard := testkit.WriteFile(t, "bad.txt", "# a deal\n"+strings.Replace(good, " ", " ZZ ", 1)+"\n")
	short := testkit.WriteFile(t, "short.txt", strings.Join(g.Deck.TokenList(g.SeedDeal(1))[:39], " "))
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--seed", "1"}, "--game is required"},
		{[]string{"solve", "--game", "nope", "--seed", "1"}, `unknown game "nope"`},
		{[]string{"solve", "--game", "steps", "--seed", "abc"}, `--seed "abc": not a seed`},
		{[]string{"solve", "--game", "steps", "--seed", "-1"}, `--seed "-1": not a seed`},
		{[]string{"solve", "--game", "steps", "--seed", "1", "--deal", short}, "not both"},
		{[]string{"solve", "--game", "steps"}, "give a deal: --seed N or --deal FILE"},
		{[]string{"solve", "--game", "steps", "--seed", "1", "--tt", "lru"}, `--tt: unknown transposition table "lru"`},
		{[]string{"solve", "--game", "steps", "--seed", "1", "--tt-mem", "lots"}, `--tt-mem "lots"`},
		{[]string{"solve", "--game", "steps", "--seed", "1", "--tt-mem", "1KiB"}, "between 1MiB and 1TiB"},
		{[]string{"solve", "--game", "steps", "--seed", "1", "--strategy", "magic"}, `unknown strategy "magic"`},
		{[]string{"solve", "--game", "steps", "--seed", "1", "--max-nodes", "-5"}, "--max-nodes -5"},
		{[]string{"solve", "--game", "steps", "--seed", "1", "--timeout", "-1s"}, "--timeout -1s"},
		{[]string{"solve", "--game", "steps", "--seed", "1", "--frobnicate"}, "--frobnicate: unknown flag"},
		{[]string{"solve", "--game", "steps", "--seed", "1", "extra"}, `solve: unexpected argument "extra": solve takes no arguments`},
		{[]string{"solve", "--game", "steps", "--seed", "1", "--play", "sideways"}, `unknown --play "sideways"`},
		{[]string{"solve", "--game", "steps", "--seed", "1", "--passes", "-2"}, `--passes "-2": must be a whole number from 0 (unlimited) to`},
		{[]string{"solve", "--game", "steps", "--seed", "1", "--provisional-wrap"}, "ventaglio only"},
		{[]string{"solve", "--game", "steps", "--deal", badCard}, `bad.txt:2: token 2 "ZZ": unknown card`},
		{[]string{"solve", "--game", "steps", "--deal", short}, "missing"},
		{[]string{"solve", "--game", "steps", "--deal", filepath.Join(t.TempDir(), "absent.txt")}, "no such file"},
		{[]string{"solve", "--game", "steps", "--deal", "-"}, "stdin: wrong count: no cards"},
	}
	for _, c := range cases {
		code, out, errs := cliRun(t, context.Background(), "", c.args...)
		if code != ExitError || !strings.Contains(errs, c.want) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errs, c.want)
		}
		if strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%v: message is not one line: %q", c.args, errs)
		}
	}
}

// mustJSON is v as json.Marshal writes it (a solution object as input
// for verify, hint, review).
func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSolveVerdictsAndExitCodes: winnable exits 0 with a numbered line,
// unwinnable 3, a node limit 4 with its reason; each verdict agrees with
// the independent answer.
func TestSolveVerdictsAndExitCodes(t *testing.T) {
	win, lose := stepsSeeds(t)
	code, out, errs := cliRun(t, context.Background(), "", "solve", "--game", "steps", "--seed", fmt.Sprint(win))
	if code != ExitOK || errs != "" {
		t.Fatalf("winnable seed %d: exit %d, stderr %q", win, code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !strings.HasPrefix(lines[0], fmt.Sprintf("steps seed %d (play forced, passes 2): winnable in ", win)) ||
		!strings.HasPrefix(lines[1], "nodes ") || !strings.Contains(lines[1], "nodes/s") || !strings.Contains(lines[1], "cache hits") ||
		!strings.HasPrefix(lines[2], "table flat: ") {
		t.Fatalf("winnable output:\n%s", out)
	}
	moves := lines[3:]
	for i, l := range moves {
		want := fmt.Sprintf("%*d. step ", len(fmt.Sprint(len(moves))), i+1)
		if !strings.HasPrefix(l, want) {
			t.Fatalf("move line %q, want prefix %q", l, want)
		}
	}
	if !strings.Contains(lines[0], fmt.Sprintf("in %d moves", len(moves))) {
		t.Fatalf("%q for %d move lines", lines[0], len(moves))
	}

	code, out, _ = cliRun(t, context.Background(), "", "solve", "--game", "steps", "--seed", fmt.Sprint(lose), "--tt", "none")
	if code != ExitUnwinnable || !strings.Contains(out, "unwinnable: every reachable position was searched or proved lost by a dead-end test\n") || !strings.Contains(out, "\ntable none: no transposition table") {
		t.Fatalf("unwinnable seed %d: exit %d\n%s", lose, code, out)
	}

	code, out, _ = cliRun(t, context.Background(), "", "solve", "--game", "steps", "--seed", fmt.Sprint(win), "--max-nodes", "3")
	if code != ExitUnknown || !strings.Contains(out, "unknown (max-nodes") || !strings.Contains(out, "nodes 3 ") {
		t.Fatalf("max-nodes: exit %d\n%s", code, out)
	}

	// --tt sets the table of a strategy not named by one, and the table
	// printed is the one that ran, none too.
	for _, tt := range []string{"ristretto", "none", "flat"} {
		code, out, _ = cliRun(t, context.Background(), "", "solve", "--game", "steps", "--seed", fmt.Sprint(win), "--tt", tt, "--strategy", "default")
		if code != ExitOK || strings.Count(out, "\ntable ") != 1 || !strings.Contains(out, "\ntable "+tt+":") {
			t.Fatalf("--tt %s: exit %d\n%s", tt, code, out)
		}
	}
	// A strategy named by its table takes no other: its name, printed
	// with the result, would say another search than the one that ran.
	for _, c := range [][3]string{
		{"dfs-flat", "ristretto", "--tt ristretto contradicts --strategy dfs-flat, which uses the flat table: give a strategy with the ristretto table ("},
		{"dfs", "flat", "--tt flat contradicts --strategy dfs, which uses no table: give a strategy with the flat table ("},
		{"ristretto-order", "none", "--tt none contradicts --strategy ristretto-order, which uses the ristretto table: give a strategy with no table ("},
	} {
		code, out, errs := cliRun(t, context.Background(), "", "solve", "--game", "steps", "--seed", fmt.Sprint(win), "--strategy", c[0], "--tt", c[1])
		if code != ExitError || out != "" || !strings.Contains(errs, c[2]) || strings.Count(errs, "\n") != 1 {
			t.Errorf("--strategy %s --tt %s: exit %d, out %q, err %q; want exit 2", c[0], c[1], code, out, errs)
		}
	}
	if code, _, errs := cliRun(t, context.Background(), "", "solve", "--game", "steps", "--seed", fmt.Sprint(win), "--strategy", "dfs-flat", "--tt", "flat"); code != ExitOK {
		t.Errorf("--strategy dfs-flat --tt flat: exit %d, %s", code, errs)
	}
}

// TestSolveJSON: --json prints exactly the RULES.md object, and verify
// accepts it; a deal file gives no seed.
func TestSolveJSON(t *testing.T) {
	win, lose := stepsSeeds(t)
	g := stepsGame()
	code, out, _ := cliRun(t, context.Background(), "", "solve", "--game", "steps", "--seed", fmt.Sprint(win), "--json")
	if code != ExitOK || strings.Count(out, "\n") != 1 {
		t.Fatalf("exit %d, output %q", code, out)
	}
	var raw map[string]any
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"game", "rules", "seed", "deal", "result", "moves", "stats"} {
		if _, ok := raw[k]; !ok {
			t.Errorf("JSON lacks %q: %s", k, out)
		}
	}
	if _, ok := raw["reason"]; ok {
		t.Errorf("a winnable result has a reason: %s", out)
	}
	var sol solution.Solution
	if err := json.Unmarshal([]byte(out), &sol); err != nil {
		t.Fatal(err)
	}
	wantDeal := g.Deck.TokenList(g.SeedDeal(win))
	if sol.Game != "steps" || sol.Seed == nil || *sol.Seed != win || strings.Join(sol.Deal, " ") != strings.Join(wantDeal, " ") ||
		sol.Result != "winnable" || len(sol.Moves) == 0 || sol.Stats.Nodes < 1 || sol.Rules != (solution.Rules{Play: "forced", Passes: 2}) {
		t.Fatalf("solution %+v", sol)
	}
	code, vout, verr := cliRun(t, context.Background(), out, "verify", "--solution", "-")
	if code != ExitOK || vout != fmt.Sprintf("ok: %d moves, won\n", len(sol.Moves)) {
		t.Fatalf("verify: exit %d, %q %q", code, vout, verr)
	}

	// Unwinnable from a deal file with changed rules: no seed, no moves.
	deal := testkit.WriteFile(t, "lose.txt", strings.Join(g.Deck.TokenList(g.SeedDeal(lose)), "\n"))
	code, out, _ = cliRun(t, context.Background(), "", "solve", "--game", "steps", "--deal", deal, "--json", "--play", "free", "--passes", "0")
	raw = nil
	if err := json.Unmarshal([]byte(out), &raw); err != nil || code != ExitUnwinnable {
		t.Fatalf("exit %d, %v: %s", code, err, out)
	}
	if _, ok := raw["seed"]; ok {
		t.Errorf("a deal file's solution has a seed: %s", out)
	}
	if raw["result"] != "unwinnable" || raw["moves"] != nil || raw["reason"] != nil {
		t.Errorf("unwinnable JSON: %s", out)
	}
	if r := raw["rules"].(map[string]any); r["play"] != "free" || r["passes"] != 0.0 {
		t.Errorf("rules: %v", r)
	}

	code, out, _ = cliRun(t, context.Background(), "", "solve", "--game", "steps", "--seed", fmt.Sprint(win), "--json", "--max-nodes", "2")
	if code != ExitUnknown || !strings.Contains(out, `"result":"unknown","reason":"max-nodes"`) || strings.Contains(out, `"moves"`) {
		t.Fatalf("unknown JSON: exit %d %s", code, out)
	}
}

// TestSolveStopped: a cancelled context (Ctrl-C in main) gives unknown with
// reason stopped, the stats so far, and exit 4, in text and JSON.
func TestSolveStopped(t *testing.T) {
	win, _ := stepsSeeds(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code, out, errs := cliRun(t, ctx, "", "solve", "--game", "steps", "--seed", fmt.Sprint(win))
	if code != ExitUnknown || !strings.Contains(out, "unknown (stopped") || !strings.Contains(out, "nodes ") || errs != "" {
		t.Fatalf("text: exit %d, %q, %q", code, out, errs)
	}
	code, out, _ = cliRun(t, ctx, "", "solve", "--game", "steps", "--seed", fmt.Sprint(win), "--json")
	if code != ExitUnknown || !strings.Contains(out, `"result":"unknown","reason":"stopped"`) || !strings.Contains(out, `"stats":{"nodes":`) {
		t.Fatalf("json: exit %d, %q", code, out)
	}
}

// TestVerifyBadInput: unreadable or inconsistent solutions are exit 2 with
// the problem named; illegal or short lines are exit 1 with the move number.
func TestVerifyBadInput(t *testing.T) {
	win, _ := stepsSeeds(t)
	_, good, _ := cliRun(t, context.Background(), "", "solve", "--game", "steps", "--seed", fmt.Sprint(win), "--json")
	var sol solution.Solution
	if err := json.Unmarshal([]byte(good), &sol); err != nil {
		t.Fatal(err)
	}
	edit := func(f func(s *solution.Solution)) string {
		s := sol
		s.Deal = append([]string(nil), sol.Deal...)
		s.Moves = append([]solution.Move(nil), sol.Moves...)
		f(&s)
		return mustJSON(t, s)
	}
	cases := []struct {
		name  string
		stdin string
		args  []string
		code  int
		want  string
	}{
		{"no --solution", good, []string{"--game", "steps"}, ExitError, "--solution FILE"},
		{"missing file", "", []string{"--solution", filepath.Join(t.TempDir(), "none.json")}, ExitError, "no such file"},
		{"not JSON", "hello", nil, ExitError, "solitario: verify: stdin: not JSON: a solution is the JSON object solve --json prints\n"},
		{"truncated", good[:len(good)/2], nil, ExitError, "invalid solution JSON"},
		{"no game", `{"deal":["1O"]}`, nil, ExitError, `no "game"`},
		{"unknown game", edit(func(s *solution.Solution) { s.Game = "tresillo" }), nil, ExitError, `unknown game "tresillo"`},
		{"game mismatch", good, []string{"--game", "reloj"}, ExitError, `--game reloj, but the solution is for "steps"`},
		{"bad token", edit(func(s *solution.Solution) { s.Deal[6] = "QQ" }), nil, ExitError, `deal token 7 "QQ"`},
		{"duplicate", edit(func(s *solution.Solution) { s.Deal[9] = s.Deal[3] }), nil, ExitError, "stdin: deal token 10 "},
		{"duplicate worded as in deal files", edit(func(s *solution.Solution) { s.Deal[9] = s.Deal[3] }), nil, ExitError, "duplicate card: "},
		{"short deal", edit(func(s *solution.Solution) { s.Deal = s.Deal[:30] }), nil, ExitError, "stdin: wrong count: 30 cards, the deal needs 40 (the spanish deck); missing cards: "},
		{"bad rules", edit(func(s *solution.Solution) { s.Rules.Play = "lazy" }), nil, ExitError, `solitario: verify: stdin: steps: unknown "rules.play" "lazy" (want forced or free)`},
		{"misspelt field", strings.Replace(good, `"from"`, `"frm"`, 1), nil, ExitError, `solitario: verify: stdin: invalid solution JSON at byte offset 301: unknown field "frm" in "moves[0]" (docs/spec/RULES.md, "Solutions (JSON)", lists the fields)` + "\n"},
		{"illegal move", edit(func(s *solution.Solution) { s.Moves[1].Card = "RO" }), nil, ExitFailed, "move 2 (pos:"},
		{"short line", edit(func(s *solution.Solution) { s.Moves = s.Moves[:len(s.Moves)-1] }), nil, ExitFailed, "not won"},
		{"claims unknown", edit(func(s *solution.Solution) { s.Result, s.Reason, s.Moves = "unknown", "max-nodes", nil }), nil, ExitFailed, `solitario: verify: stdin: no line to verify: the file says "unknown" and holds no moves (solve --json writes a line for a winnable deal only)` + "\n"},
	}
	for _, c := range cases {
		args := append([]string{"verify"}, c.args...)
		if c.args == nil || c.name == "game mismatch" { // the solution on stdin
			args = append(args, "--solution", "-")
		}
		code, out, errs := cliRun(t, context.Background(), c.stdin, args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit %d and %q", c.name, code, out, errs, c.code, c.want)
		}
	}
	// The game given and matching, from a file.
	f := testkit.WriteFile(t, "good.json", good)
	if code, out, _ := cliRun(t, context.Background(), "", "verify", "--game", "steps", "--solution", f); code != ExitOK || !strings.HasPrefix(out, "ok: ") {
		t.Errorf("matching --game: exit %d %q", code, out)
	}
	// A winning line in a file that claims unwinnable: replayed, reported.
	code, out, _ := cliRun(t, context.Background(), edit(func(s *solution.Solution) { s.Result = "unwinnable" }), "verify", "--solution", "-")
	if code != ExitOK || !strings.Contains(out, `note: the file claims "unwinnable"`) || !strings.Contains(out, `won (the file claims "unwinnable")`) {
		t.Errorf("claims unwinnable: exit %d %q", code, out)
	}
}

// TestSolveProgress: the progress line is drawn only on a terminal, only
// after the delay, shows nodes, rate and table fill, and is erased.
func TestSolveProgress(t *testing.T) {
	if p := newSolveProgress(&IO{ErrIsTTY: false}, games.Entry{Name: "steps"}, nil); p != nil || p.progress() != nil {
		t.Fatal("progress without a terminal")
	}
	var errb bytes.Buffer
	tab := solver.NewFlat(1 << 20)
	for i := range 1000 {
		tab.Add(solver.Key{Lo: uint64(i + 1)})
	}
	p := newSolveProgress(&IO{Err: &errb, ErrIsTTY: true}, games.Entry{Name: "steps"}, tab)
	p.update(solver.Stats{Nodes: 5000, Elapsed: p.delay / 2})
	if errb.Len() != 0 || p.bar != nil {
		t.Fatalf("drawn before the delay: %q", errb.String())
	}
	p.update(solver.Stats{Nodes: 12_345_678, Elapsed: 2 * time.Second})
	drawn := errb.String()
	for _, want := range []string{"solving steps: 2s, 12,345,678 nodes, 6.17M nodes/s, table 1.5% full", "% full"} {
		if !strings.Contains(drawn, want) {
			t.Fatalf("progress %q lacks %q", drawn, want)
		}
	}
	p.finish()
	if rest := errb.String()[len(drawn):]; !strings.Contains(rest, "\r") || strings.Contains(rest, "nodes") {
		t.Fatalf("not erased: %q", rest)
	}
	var nilp *solveProgress
	nilp.update(solver.Stats{Elapsed: time.Hour})
	nilp.finish()
}

// TestSolveHelp: solve and verify document their exit codes and examples,
// and the listing commands their exit codes; every command lists its exit
// codes in one form, an indented list after "Exit codes:".
func TestSolveHelp(t *testing.T) {
	for _, c := range newRoot(&IO{}).Commands() {
		if !c.IsAvailableCommand() || c.Name() == "completion" {
			continue
		}
		_, out, _ := cliRun(t, context.Background(), "", c.Name(), "--help")
		if !strings.Contains(out, "\nExit codes:\n  0  ") || strings.Contains(out, "Exit codes: ") || strings.Contains(out, "Exit status:") {
			t.Errorf("%s --help does not list its exit codes as the others do (\"Exit codes:\", then \"  0  ...\" a line each):\n%s", c.Name(), out)
		}
	}
	for cmd, want := range map[string][]string{
		"solve":      {"Exit codes:", "0    winnable", "3    unwinnable", "4    unknown", "2    error", "Examples:", "--max-nodes", "--tt-mem", "--json"},
		"verify":     {"Exit codes:", "0    every move is legal", "1    a move is illegal", "2    error", "Examples:", "--solution"},
		"deal":       {"Exit codes:", "0    the deal was shown", "2    error", "5    the output"},
		"odds":       {"Exit codes:", "0    the probability was printed", "2    error", "5    the output"},
		"games":      {"Exit codes:\n  0    the table was printed\n  2    error: a bad flag or argument\n  5    the output"},
		"strategies": {"Exit codes:\n  0    the list was printed\n  2    error: a bad flag or argument\n  5    the output"},
	} {
		code, out, _ := cliRun(t, context.Background(), "", cmd, "--help")
		if code != ExitOK {
			t.Fatalf("%s --help: exit %d", cmd, code)
		}
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%s --help lacks %q", cmd, w)
			}
		}
	}
}

// TestSolveStep: solve names the plan's step that decided the deal, in
// the JSON stats and on the text's stats line (Il Ventaglio seed 1: the
// fixed restarts along the best line, after 36,910 of their nodes; the other
// steps' turns and shortening add to the solve's nodes); a deal lost at the
// start (seed 3) names none.
func TestSolveStep(t *testing.T) {
	code, out, errOut := cliRun(t, context.Background(), "", "solve", "--game", "ventaglio", "--seed", "1", "--json", "--tt-mem", "16MiB")
	var sol solution.Solution
	if err := json.Unmarshal([]byte(out), &sol); code != ExitOK || err != nil {
		t.Fatalf("seed 1: exit %d, %v, stderr %q", code, err, errOut)
	}
	if sol.Stats.Step != "restarts-along" || sol.Stats.StepNodes != 36910 || sol.Stats.Nodes <= 36910 {
		t.Errorf("seed 1: stats %+v, want step restarts-along after 36910 of more nodes", sol.Stats)
	}
	_, text, _ := cliRun(t, context.Background(), "", "solve", "--game", "ventaglio", "--seed", "1", "--tt-mem", "16MiB")
	if !strings.Contains(text, ", step restarts-along (36,910 nodes)\n") {
		t.Errorf("seed 1: the text names no step:\n%s", text)
	}
	code, out, _ = cliRun(t, context.Background(), "", "solve", "--game", "ventaglio", "--seed", "3", "--json", "--tt-mem", "16MiB")
	if code != ExitUnwinnable || strings.Contains(out, `"step`) {
		t.Errorf("seed 3, lost at the start: exit %d, %s; want unwinnable without a step", code, out)
	}
	_, text, _ = cliRun(t, context.Background(), "", "solve", "--game", "ventaglio", "--seed", "3", "--tt-mem", "16MiB")
	if strings.Contains(text, "step") {
		t.Errorf("seed 3, lost at the start: the text names a step:\n%s", text)
	}
}

// TestSolveWorkers: --workers 2 splits Il Ventaglio's plan (the text says
// "2 workers", the line passes verify), a game without a plan to split
// says nothing of workers, and a count out of 1..8 is refused, exit 2,
// before any search.
func TestSolveWorkers(t *testing.T) {
	code, out, errOut := cliRun(t, context.Background(), "", "solve", "--game", "ventaglio", "--seed", "1", "--workers", "2", "--tt-mem", "16MiB")
	if code != ExitOK || !strings.Contains(out, ", strategy default, 2 workers, step ") {
		t.Fatalf("ventaglio seed 1, 2 workers: exit %d, stderr %q, stdout:\n%.400s", code, errOut, out)
	}
	code, out, errOut = cliRun(t, context.Background(), "", "solve", "--game", "ventaglio", "--seed", "1", "-j", "2", "--json", "--tt-mem", "16MiB")
	if code != ExitOK {
		t.Fatalf("--json, 2 workers: exit %d, %q", code, errOut)
	}
	if code, _, errOut := cliRun(t, context.Background(), out, "verify", "--solution", "-"); code != ExitOK {
		t.Errorf("the line of 2 workers: verify exit %d, %q", code, errOut)
	}
	// hint takes it too, with the same bounds.
	if code, hint, errOut := cliRun(t, context.Background(), out, "hint", "--solution", "-", "--moves", "40", "-j", "2"); code != ExitOK || !strings.Contains(hint, "after 40 of ") || !strings.Contains(hint, "): winnable, ") {
		t.Errorf("hint, 2 workers: exit %d, %q, stdout:\n%.300s", code, errOut, hint)
	}
	if code, errOut := runPlain("hint", "--solution", "-", "--workers", "9"); code != ExitError || !strings.Contains(errOut, "--workers 9: must be 1 to 8") {
		t.Errorf("hint --workers 9: exit %d, %q", code, errOut)
	}
	if code, out, _ := cliRun(t, context.Background(), "", "solve", "--game", "reloj", "--seed", "1", "--workers", "2"); code != ExitOK || strings.Contains(out, "workers") {
		t.Errorf("reloj, 2 workers: exit %d, stdout:\n%.300s", code, out)
	}
	for _, n := range []string{"0", "9", "-1"} {
		code, errOut := runPlain("solve", "--game", "ventaglio", "--seed", "1", "--workers", n)
		if code != ExitError || errOut != "solitario: solve: --workers "+n+": must be 1 to 8 (a goroutine for each step of Il Ventaglio's plan at most)\n" {
			t.Errorf("--workers %s: exit %d, %q", n, code, errOut)
		}
	}
}

// TestPositionProgress: hint and solve --after show a long search's
// progress on a terminal as solve does (they showed none), and erase it.
func TestPositionProgress(t *testing.T) {
	if testing.Short() {
		t.Skip("two searches of 1.5 s")
	}
	code, deal, _ := cliRun(t, context.Background(), "", "deal", "--game", "ventaglio", "--seed", "338", "--json")
	if code != ExitOK {
		t.Fatal(code)
	}
	// The deal, no move played: a search of the whole deal.
	sol := strings.TrimSuffix(strings.TrimSpace(deal), "}") + `,"result":"unknown","moves":[]}`
	for _, args := range [][]string{
		{"hint", "--solution", "-", "--timeout", "1500ms"},
		{"solve", "--game", "ventaglio", "--seed", "338", "--after", "-", "--timeout", "1500ms"},
	} {
		var out, errOut strings.Builder
		code := Run(context.Background(), args, IO{In: strings.NewReader(sol), Out: &out, Err: &errOut, ErrIsTTY: true, Getenv: func(string) string { return "" }})
		if code != ExitUnknown || !strings.Contains(errOut.String(), "solving ventaglio: ") || !strings.Contains(errOut.String(), " nodes, ") {
			t.Errorf("%s: exit %d, stderr %q", args[0], code, errOut.String())
		}
	}
}

// TestSolveForceNeedsHTML: solve --force without --html is refused before
// any work, in show's words for --force without --out.
func TestSolveForceNeedsHTML(t *testing.T) {
	code, out, errOut := runOut("solve", "--game", "reloj", "--seed", "1", "--force")
	if code != ExitError || out != "" || errOut != "solitario: solve: --force needs --html FILE: it lets the page replace a file that holds something\n" {
		t.Errorf("solve --force: exit %d, %q, %q", code, out, errOut)
	}
}
