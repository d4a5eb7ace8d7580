package cli

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/solitario/solitario/api"
	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/testkit"
	"github.com/solitario/solitario/position"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
)

// TestSolveWording: what solve's text says is what happened. The clocks
// have no options to name; a ventaglio deal lost by the reserve-order test
// under --max-nodes 1 was not searched whole; the table line keeps what is
// stored apart from the memory held; the help lists every unknown reason.
func TestSolveWording(t *testing.T) {
	for _, c := range []struct {
		args     []string
		code     int
		want     []string
		unwanted []string
	}{
		{[]string{"solve", "--game", "orologio", "--seed", "2"}, ExitUnwinnable,
			[]string{"orologio seed 2 (no choices): unwinnable: the game has no choices and its one play-out loses (why and play-out below)\n"},
			[]string{"play none", "passes 1"}},
		{[]string{"solve", "--game", "orologio52", "--seed", "8"}, ExitOK, []string{"orologio52 seed 8 (no choices): winnable in "}, []string{"play none"}},
		{[]string{"solve", "--game", "ventaglio", "--seed", "3", "--max-nodes", "1"}, ExitUnwinnable,
			[]string{"unwinnable: proved at the start position by a dead-deal test, before any move is searched (why below)\n", "\nwhy: the reserve's spades"},
			[]string{"whole reachable space"}},
		{[]string{"solve", "--game", "reloj", "--seed", "1"}, ExitOK,
			[]string{"\ntable flat: 0 entries stored, room for 16,646,144 (0% full); memory 65 KiB, at most 256 MiB\n"}, []string{"entries of"}},
		// Il Ventaglio's default plan keeps tables of its own: its empty
		// table is not shown ("0 entries stored"); an exact step's is.
		{[]string{"solve", "--game", "ventaglio", "--seed", "1", "--max-nodes", "200000"}, ExitOK,
			[]string{", strategy default, step "}, []string{"\ntable ", "entries stored"}},
		{[]string{"solve", "--game", "ventaglio", "--seed", "1", "--max-nodes", "20000", "--strategy", "exact-prove"}, ExitOK,
			[]string{", strategy exact-prove, step exact (1,177 nodes)\ntable flat: 339 entries stored, room for "}, nil},
		// No table is said as a table is: --tt none, or a strategy with none.
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--tt", "none"}, ExitOK,
			[]string{", strategy default\ntable none: no transposition table, only the path check (a position reached again off the current line is searched again)\n 1. "}, []string{"table flat"}},
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--strategy", "dfs"}, ExitOK,
			[]string{", strategy dfs\ntable none: no transposition table, only the path check"}, nil},
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--tt", "ristretto"}, ExitOK, []string{"\ntable ristretto: "}, []string{"table none", "table flat"}},
		// A pruned search does not claim to have searched every position,
		// and one that stopped at the start says so.
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--play", "free", "--passes", "1"}, ExitUnwinnable,
			[]string{"unwinnable: every reachable position was searched or proved lost by a dead-end test\n"}, []string{"whole reachable space"}},
		{[]string{"solve", "--game", "reloj", "--seed", "7", "--play", "free", "--passes", "1"}, ExitUnwinnable,
			[]string{"unwinnable: proved at the start position by a dead-deal test, before any move is searched (why below)\nnodes 1 ",
				"\nwhy: a dead-end test of the last pass: a card in the waste, or cards bound to wait there, cannot leave it in time for the piles they need (docs/reloj.md, \"Buried waste\" and \"Pinned cards\")\n"}, nil},
		{[]string{"solve", "--game", "sietes", "--seed", "1", "--strategy", "dfs-flat"}, ExitUnwinnable,
			[]string{"unwinnable: the whole reachable space was searched\n"}, nil},
		{[]string{"solve", "--help"}, ExitOK, []string{"docs/solve.md says how", "5    the output could not be written"}, nil},
		// Il Ventaglio's solve is the plan; the plan has no exact search,
		// and the previous solve is gone.
		{[]string{"solve", "--help"}, ExitOK, nil, []string{"a portfolio:", "a plan: that", "portfolio"}},
		// No count of the strategies, which goes stale.
		{[]string{"bench", "--help"}, ExitOK, []string{"once per named strategy of\n'solitario strategies'"}, []string{"ten of them"}},
	} {
		code, out, errOut := runOut(c.args...)
		if code != c.code {
			t.Errorf("%q: exit %d, want %d (%s)", c.args, code, c.code, errOut)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%q: no %q in\n%s", c.args, w, out)
			}
		}
		for _, w := range c.unwanted {
			if strings.Contains(out, w) {
				t.Errorf("%q: %q in\n%s", c.args, w, out)
			}
		}
	}
}

// TestProgressPlanTable: the progress line of Il Ventaglio's plan, whose
// searches keep tables of their own, leaves out its empty table ("table 0%
// full"), and shows it once it holds an entry (an exact step's).
func TestProgressPlanTable(t *testing.T) {
	var errb strings.Builder
	table := solver.NewFlat(1 << 20)
	p := &solveProgress{io: &IO{Err: &errb}, label: "solving ventaglio", table: table, plan: true}
	p.update(solver.Stats{Nodes: 100, Elapsed: 2 * time.Second})
	p.finish()
	if got := errb.String(); !strings.Contains(got, "solving ventaglio: 2s, 100 nodes") || strings.Contains(got, "table") {
		t.Errorf("progress of a plan with an empty table: %q", got)
	}
	table.Add(solver.Key{Hi: 7, Lo: 7})
	if got := progressText(p.label, solver.Stats{Nodes: 200, Elapsed: 2 * time.Second}, shownTable(p.plan, table), 0); !strings.HasSuffix(got, ", table <0.01% full") {
		t.Errorf("progress of a plan with a table in use: %q", got)
	}
	if !plannedTables(games.Entry{Ablations: []solver.Strategy{{}}}) || plannedTables(games.Entry{}) {
		t.Error("plannedTables")
	}
}

// TestProgressNewSearch: when the table is cleared for the next search of a
// plan (Il Ventaglio's), the progress line says so instead of
// showing a fill that falls for no reason.
func TestProgressNewSearch(t *testing.T) {
	var errb strings.Builder
	table := solver.NewFlat(1 << 20)
	p := &solveProgress{io: &IO{Err: &errb}, label: "solving ventaglio", table: table}
	for i := range uint64(100) {
		table.Add(solver.Key{Hi: i*0x9e3779b97f4a7c15 + 1, Lo: i})
	}
	p.update(solver.Stats{Nodes: 100, Elapsed: time.Second})
	if p.run != 0 {
		t.Fatalf("run %d before any clear", p.run)
	}
	table.Clear()
	table.Add(solver.Key{Hi: 7, Lo: 7})
	p.update(solver.Stats{Nodes: 200, Elapsed: 2 * time.Second})
	p.finish()
	if p.run != 1 {
		t.Fatalf("run %d after a clear", p.run)
	}
	got := progressText(p.label, solver.Stats{Nodes: 200, Elapsed: 2 * time.Second}, table, p.run)
	if !strings.HasSuffix(got, "table <0.01% full in search 2 (the table is cleared for each)") {
		t.Errorf("progress %q", got)
	}
}

// TestOddsHelpInterval: a 95% interval holds the exact value 95 times in
// 100; the help must not promise it always does.
func TestOddsHelpInterval(t *testing.T) {
	_, out, _ := runOut("odds", "--help")
	out = strings.Join(strings.Fields(out), " ") // wrapped to the terminal
	if strings.Contains(out, "should\nhold") || strings.Contains(out, "should hold") || !strings.Contains(out, "for about 95 runs in 100, not always") {
		t.Errorf("odds --help:\n%s", out)
	}
}

// TestSolveDealRulesLine: solve --deal honours the file's "# rules:" line,
// as bench --corpus does; a flag given wins; the output says which rules and
// whence.
func TestSolveDealRulesLine(t *testing.T) {
	deal := "# rules: play=free passes=1\n" + strings.Join(deck.Spanish.TokenList(deck.Deal(deck.Spanish, 1, 1)), " ") + "\n"
	file := testkit.WriteFile(t, "free1.deal", deal)
	code, out, _ := runOut("solve", "--game", "reloj", "--deal", file)
	if want := "reloj deal (play free, passes 1; the rules line " + file + ":1): unwinnable"; code != ExitUnwinnable || !strings.HasPrefix(out, want) {
		t.Errorf("rules line: exit %d, %.200q; want %q", code, out, want)
	}
	code, out, _ = runOut("solve", "--game", "reloj", "--deal", file, "--passes", "2", "--json")
	if code != ExitOK || !strings.Contains(out, `"rules":{"play":"free","passes":2}`) {
		t.Errorf("--passes over the line: exit %d, %.200q", code, out)
	}
	// In capitals it is the rules line still, not a note.
	caps := testkit.WriteFile(t, "caps.deal", strings.Replace(deal, "# rules:", "# RULES:", 1))
	code, out, _ = runOut("solve", "--game", "reloj", "--deal", caps)
	if want := "reloj deal (play free, passes 1; the rules line " + caps + ":1): unwinnable"; code != ExitUnwinnable || !strings.HasPrefix(out, want) {
		t.Errorf("# RULES: exit %d, %.200q; want %q", code, out, want)
	}
	bad := testkit.WriteFile(t, "bad.deal", "# note\n# rules: passes=two\n"+deal[len("# rules: play=free passes=1\n"):])
	code, _, errOut := runOut("solve", "--game", "reloj", "--deal", bad)
	if want := "solitario: solve: " + bad + ":2: rules: passes=two: want a whole number from 0 (unlimited) to 9223372036854775807\n"; code != ExitError || errOut != want {
		t.Errorf("bad rules line: exit %d, %q; want %q", code, errOut, want)
	}
}

// TestExitCodesDocumented: the README's "Exit codes" table lists every
// code, and the help of each command names the ones it can return.
func TestExitCodesDocumented(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	table := string(readme)[strings.Index(string(readme), "## Exit codes"):]
	for _, code := range []int{ExitOK, ExitFailed, ExitError, ExitUnwinnable, ExitUnknown, ExitOutput, ExitIncomplete, ExitInternal, ExitInterrupted, ExitClosedPipe} {
		if !strings.Contains(table, fmt.Sprintf("\n| %d | ", code)) {
			t.Errorf("README: no row for exit code %d", code)
		}
	}
	for _, want := range []string{"`max-depth`", "## Memory", "`--resume` continues it"} {
		if !strings.Contains(string(readme), want) {
			t.Errorf("README: no %s", want)
		}
	}
	for cmd, codes := range map[string][]string{
		"solve":   {"141 standard output was a pipe whose reader went away (| head -1), or the --html file was one", "2 error: bad flag, game, seed, deal file or rules, an illegal move in --after, an --html file that holds something (without --force) or is an input", "0  winnable", "3  unwinnable", "4  unknown", "5    the output could not be written"},
		"verify":  {"1  a move is illegal", "5    the output could not be written"},
		"gen":     {"5 the output could not be", "7 internal error", "130 interrupted"},
		"analyze": {"5 the output or the --jsonl file", "7 internal error", "130 interrupted"},
		"merge":   {"6 deals missing", "5 the output could not be written"},
		"bench":   {"5 the output could not be written", "130 interrupted"},
		"show":    {"141 standard output was a pipe whose reader went away (| head -1), or the --out file was one", "--out a directory, a file that holds something (without --force) or the --solution file", "2  error", "5  the page could not be written"},
		"report":  {"141 standard output was a pipe whose reader went away (| head -1), or the --out file was one", "--out a directory, a file that holds something (without --force) or an input file", "5  the page could not be written", "6  deals are missing"},
		"hint":    {"3  the position cannot be won", "5  the answer could not be written", "7  internal error"},
		"review":  {"4  unknown", "5  the answer could not be written", "7  internal error"},
	} {
		// Every command ends quietly with 141 when its reader goes away, and
		// each of these reads an input (or waits for a FIFO) Ctrl-C ends: 130.
		codes = append(codes, "141 standard output was a pipe whose reader went away", "130 interrupted")
		_, out, _ := runOut(cmd, "--help")
		for _, c := range codes {
			if !strings.Contains(strings.Join(strings.Fields(out), " "), strings.Join(strings.Fields(c), " ")) {
				t.Errorf("%s --help: no %q", cmd, c)
			}
		}
	}
}

// TestOneMoveWording: a count of one is singular wherever a count of moves
// or seeds is printed ("after 1 move", "missing seed 19"), as words.Count
// says it; a count of several stays plural.
func TestOneMoveWording(t *testing.T) {
	dir := t.TempDir()
	code, full, errOut := runOut("solve", "--game", "reloj", "--seed", "1", "--json")
	if code != ExitOK {
		t.Fatalf("solve reloj seed 1: exit %d, %s", code, errOut)
	}
	var sol map[string]any
	if err := json.Unmarshal([]byte(full), &sol); err != nil {
		t.Fatal(err)
	}
	sol["moves"] = sol["moves"].([]any)[:1]
	one := mustJSON(t, sol)
	fullFile, oneFile := filepath.Join(dir, "full.json"), filepath.Join(dir, "one.json")
	for name, data := range map[string]string{fullFile: full, oneFile: one} {
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--after", fullFile, "--moves", "1"},
			[]string{"reloj seed 1 after 1 move (play forced, passes 2): winnable in 61 more moves\n"}},
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--after", fullFile, "--moves", "61"},
			[]string{"reloj seed 1 after 61 moves (play forced, passes 2): winnable in 1 more move\n"}},
		{[]string{"review", "--solution", oneFile},
			[]string{"reloj seed 1 (play forced, passes 2), 1 move: winnable to the end\n", "solves: after 1 move winnable\n"}},
		{[]string{"hint", "--solution", oneFile},
			[]string{"reloj seed 1 after 1 of 1 move (play forced, passes 2): winnable, 61 moves to go\n"}},
		{[]string{"hint", "--solution", fullFile, "--moves", "61"},
			[]string{"reloj seed 1 after 61 of 62 moves (play forced, passes 2): winnable, 1 move to go\n"}},
	} {
		code, out, errOut := runOut(c.args...)
		if code != ExitOK {
			t.Errorf("%q: exit %d, %s", c.args, code, errOut)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%q: no %q in\n%s", c.args, w, out)
			}
		}
	}
	// merge of a file one seed short: "missing seed 19".
	jsonl := filepath.Join(dir, "run.jsonl")
	if code, _, errOut := runOut("analyze", "--game", "reloj", "--seeds", "18..19", "--workers", "1", "--jsonl", jsonl); code != ExitOK {
		t.Fatalf("analyze: exit %d, %s", code, errOut)
	}
	data, err := os.ReadFile(jsonl)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	if len(lines) < 3 || !strings.Contains(lines[2], `"seed":19`) {
		t.Fatalf("run file: want the header, seed 18, seed 19:\n%s", data)
	}
	short := filepath.Join(dir, "short.jsonl")
	if err := os.WriteFile(short, []byte(lines[0]+lines[1]), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runOut("merge", short)
	if want := short + ": 1 of the 2 deals of seeds 18..19 shard 0/1, missing seed 19 (incomplete: resume it)\n"; code != ExitIncomplete || !strings.Contains(errOut, want) {
		t.Errorf("merge: exit %d, stderr %q; want %d and %q", code, errOut, ExitIncomplete, want)
	}
}

// TestSearchFlagsDocumented: README's search limits are on every command
// that solves, --tt and --strategy too, except bench, named there as
// taking --strategies instead; gen's help and README warn that a
// ventaglio --min-moves above its shortened lines' 500 finds nothing.
func TestSearchFlagsDocumented(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(string(readme)), " ")
	if !strings.Contains(flat, "`--strategy NAME` (except `bench`, which takes `--strategies a,b,...` instead") {
		t.Errorf("README: no word of bench's --strategies beside --tt and --strategy")
	}
	for _, c := range newRoot(&IO{}).Commands() {
		if c.Flags().Lookup("max-nodes") == nil {
			continue
		}
		tt, strategy, strategies := c.Flags().Lookup("tt") != nil, c.Flags().Lookup("strategy") != nil, c.Flags().Lookup("strategies") != nil
		if want := c.Name() != "bench"; tt != want || strategy != want || strategies == want {
			t.Errorf("%s: --tt %v, --strategy %v, --strategies %v, as README does not say", c.Name(), tt, strategy, strategies)
		}
	}
	_, help, _ := runOut("gen", "--help")
	for what, text := range map[string]string{"gen --help": help, "README": string(readme)} {
		if !strings.Contains(strings.Join(strings.Fields(text), " "), "a --min-moves above 500 keeps almost no deal, and at the default --give-up runs about half an hour for nothing") &&
			!strings.Contains(strings.Join(strings.Fields(text), " "), "a `--min-moves` above 500 keeps almost no deal, and at the default `--give-up` runs about half an hour for nothing") {
			t.Errorf("%s: no word of ventaglio's 500-move lines for --min-moves", what)
		}
	}
}

// TestReviewJSONDocumented: every key review --json may print, the probes'
// too, is named in review --help and in README (as hint --json's are).
func TestReviewJSONDocumented(t *testing.T) {
	seed := uint64(1)
	full := api.ReviewAnswer{Game: "reloj", Seed: &seed, Moves: 3, Losing: &solution.Move{From: "stock", To: "waste"},
		Review: position.Review{Kind: position.LostAt, Move: 2, From: 1, To: 2, Probes: []position.Probe{{Moves: 1, Verdict: "winnable", Reason: "r", Nodes: 1}}}}
	b, err := json.Marshal(full)
	if err != nil {
		t.Fatal(err)
	}
	var top map[string]json.RawMessage
	var probes []map[string]json.RawMessage
	if json.Unmarshal(b, &top) != nil || json.Unmarshal(top["probes"], &probes) != nil || len(probes) != 1 {
		t.Fatalf("review JSON %s", b)
	}
	keys := slices.Collect(maps.Keys(top))
	keys = append(keys, slices.Collect(maps.Keys(probes[0]))...)
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, help, _ := runOut("review", "--help")
	at := strings.Index(string(readme), "solitario review --solution FILE")
	if at < 0 {
		t.Fatal("README: no review")
	}
	for _, k := range keys {
		if !regexp.MustCompile(`\b` + k + `\b`).MatchString(help[strings.Index(help, "--json prints"):]) {
			t.Errorf("review --help: no word of --json's %q", k)
		}
		if !strings.Contains(string(readme[at:]), "`"+k+"`") {
			t.Errorf("README: no word of review --json's %q", k)
		}
	}
}

// TestHelpTextWrapped: the prose of every command's --help is wrapped for a
// terminal: no line of a Long text runs past 100 columns (some ran to 148).
func TestHelpTextWrapped(t *testing.T) {
	root := newRoot(&IO{In: strings.NewReader(""), Out: &strings.Builder{}, Err: &strings.Builder{}, Getenv: func(string) string { return "" }})
	for _, c := range root.Commands() {
		for i, l := range strings.Split(c.Long, "\n") {
			if n := len([]rune(l)); n > 100 {
				t.Errorf("%s --help, line %d: %d columns: %q", c.Name(), i+1, n, l)
			}
		}
	}
}
