package cli

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/solitario/solitario/bench"
	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/gamestest"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
)

// benchFakeGame is a games row with no search behind it: a deal is winnable
// when its first card has an even canonical index (the line is one move
// naming that card). Strategy "dfs" lies about the deal of seed 3.
func benchFakeGame() games.Entry {
	k := deck.Spanish
	liarDeal := deck.Deal(k, 1, 3)
	g := gamestest.Row()
	g.Solve = func(ctx context.Context, deal []deck.Card, cfg games.Config) (games.Outcome, error) {
		var out games.Outcome
		out.Stats.Nodes = int64(1 + k.Index(deal[0]))
		win := k.Index(deal[0])%2 == 0
		if cfg.Strategy.Name == "dfs" && slices.Equal(deal, liarDeal) {
			win = !win
		}
		if !win {
			out.Verdict = solver.Unwinnable
			return out, nil
		}
		out.Verdict = solver.Winnable
		out.Moves = []solution.Move{{From: "stock", To: "waste", Card: k.Token(deal[0])}}
		return out, nil
	}
	g.Verify = func(deal []deck.Card, r solution.Rules, moves []solution.Move) error {
		if len(moves) != 1 || moves[0].Card != k.Token(deal[0]) {
			return fmt.Errorf("move 1: not legal")
		}
		return nil
	}
	return g
}

func benchFakeLookup(name string) (games.Entry, error) {
	if name == "fake" {
		return benchFakeGame(), nil
	}
	return games.Lookup(name)
}

// benchExec runs bench with args against the fake games table and returns
// the exit code (as Run maps it), stdout and stderr.
func benchExec(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	io := &IO{In: strings.NewReader(""), Out: &out, Err: &errOut, Getenv: func(string) string { return "" }}
	c := benchCmd(io, benchFakeLookup)
	c.SetArgs(args)
	c.SetOut(&out)
	c.SetErr(&errOut)
	c.SilenceUsage, c.SilenceErrors = true, true
	err := c.ExecuteContext(context.Background())
	code := ExitOK
	var ee *exitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		code = ee.code
		if ee.err != nil {
			fmt.Fprintln(&errOut, "solitario:", ee.err)
		}
	default:
		code = ExitError
		fmt.Fprintln(&errOut, "solitario:", err)
	}
	return code, out.String(), errOut.String()
}

// benchSeedWins reports the fake game's honest verdict for a seed.
func benchSeedWins(seed uint64) bool {
	return deck.Spanish.Index(deck.Deal(deck.Spanish, 1, seed)[0])%2 == 0
}

func TestBenchText(t *testing.T) {
	code, out, errOut := benchExec(t, "--game", "fake", "--seeds", "1..6", "--strategies", "dfs-flat,default", "--tt-mem", "1MiB")
	if code != ExitOK {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	won := 0
	for s := uint64(1); s <= 6; s++ {
		if benchSeedWins(s) {
			won++
		}
	}
	for _, want := range []string{
		"solitario bench: fake, seeds 1..6, rules play=forced passes=2\n",
		"limits per search: max-nodes 50000000, timeout none, tt-mem 1MiB",
		"dfs-flat", "default",
		fmt.Sprintf("verdicts: 6 deals: %d winnable", won),
		"; no disagreement",
		"peak heap",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "DISAGREEMENT") {
		t.Errorf("an honest run reports a disagreement:\n%s", out)
	}
}

func TestBenchLiarExitsFailed(t *testing.T) {
	code, out, errOut := benchExec(t, "--game", "fake", "--seeds", "1..5", "--strategies", "dfs,dfs-flat", "--tt-mem", "1MiB")
	if code != ExitFailed {
		t.Fatalf("exit %d, want %d (ExitFailed); stderr %q", code, ExitFailed, errOut)
	}
	want := "DISAGREEMENT seed 3: verdicts differ: winnable by dfs; unwinnable by dfs-flat"
	if benchSeedWins(3) {
		want = "DISAGREEMENT seed 3: verdicts differ: winnable by dfs-flat; unwinnable by dfs"
	}
	if !strings.Contains(out, want) {
		t.Errorf("output lacks %q:\n%s", want, out)
	}
	if strings.Count(out, "DISAGREEMENT ") != 1 {
		t.Errorf("want exactly one disagreement:\n%s", out)
	}
	if !strings.Contains(errOut, "solitario: bench: verdicts disagree on 1 deal (") {
		t.Errorf("stderr %q", errOut)
	}
}

func TestBenchJSON(t *testing.T) {
	code, out, errOut := benchExec(t, "--game", "fake", "--seeds", "2..5", "--strategies", "dfs,flat-order", "--json", "--tt-mem", "1MiB", "--max-nodes", "1000")
	if code != ExitFailed {
		t.Fatalf("exit %d, want %d: seed 3 is disputed; stderr %q", code, ExitFailed, errOut)
	}
	if !strings.Contains(errOut, "DISAGREEMENT seed 3:") {
		t.Errorf("JSON mode does not name the disagreement on stderr: %q", errOut)
	}
	var got struct {
		Record struct {
			Game       string   `json:"game"`
			Source     string   `json:"source"`
			Strategies []string `json:"strategies"`
			Deals      int      `json:"deals"`
			Commit     string   `json:"commit"`
			Cores      int      `json:"cores"`
			GoVersion  string   `json:"go_version"`
			MaxNodes   int64    `json:"max_nodes"`
			TTMem      int64    `json:"tt_mem_bytes"`
		} `json:"record"`
		Strategies []map[string]any `json:"strategies"`
		Disagree   []struct {
			Deal string  `json:"deal"`
			Seed *uint64 `json:"seed"`
		} `json:"disagreements"`
		Deals []struct {
			Deal    string           `json:"deal"`
			Seed    uint64           `json:"seed"`
			Verdict string           `json:"verdict"`
			Runs    []map[string]any `json:"runs"`
		} `json:"deals"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	r := got.Record
	if r.Game != "fake" || r.Source != "seeds 2..5" || r.Deals != 4 || r.MaxNodes != 1000 || r.TTMem != 1<<20 ||
		r.Cores < 1 || r.GoVersion == "" || r.Commit == "" || strings.Join(r.Strategies, ",") != "dfs,flat-order" {
		t.Errorf("record %+v", r)
	}
	if len(got.Strategies) != 2 || got.Strategies[0]["strategy"] != "dfs" || got.Strategies[1]["table"] != "flat" {
		t.Errorf("strategies %v", got.Strategies)
	}
	if got.Strategies[0]["cache_hit_rate"] != nil {
		t.Errorf("dfs has a cache hit rate: %v", got.Strategies[0]["cache_hit_rate"])
	}
	for _, key := range []string{"decided", "nodes_mean", "nodes_median", "time_p50_ms", "time_p95_ms", "time_max_ms", "nodes_per_sec", "peak_heap_bytes", "cache_hit_rate"} {
		if _, ok := got.Strategies[1][key]; !ok {
			t.Errorf("strategy row lacks %q", key)
		}
	}
	if len(got.Disagree) != 1 || got.Disagree[0].Deal != "seed 3" || got.Disagree[0].Seed == nil || *got.Disagree[0].Seed != 3 {
		t.Errorf("disagreements %+v", got.Disagree)
	}
	if len(got.Deals) != 4 || got.Deals[0].Seed != 2 || len(got.Deals[0].Runs) != 2 || got.Deals[1].Verdict != "unknown" {
		t.Errorf("deals %+v", got.Deals)
	}
}

func TestBenchCSV(t *testing.T) {
	code, out, errOut := benchExec(t, "--game", "fake", "--seeds", "10..13", "--strategies", "flat-prune,dfs-flat,dfs-ristretto", "--csv", "--tt-mem", "1MiB")
	if code != ExitOK {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("not CSV: %v\n%s", err, out)
	}
	if len(recs) != 4 || !slices.Equal(recs[0], bench.CSVHeader()) {
		t.Fatalf("want the header and 3 rows, got %d records: %v", len(recs), recs)
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	for i, name := range []string{"flat-prune", "dfs-flat", "dfs-ristretto"} {
		row := recs[i+1]
		if row[col["strategy"]] != name || row[col["game"]] != "fake" || row[col["deals"]] != "4" || row[col["decided"]] != "4" ||
			row[col["source"]] != "seeds 10..13" || row[col["tt_mem_bytes"]] != "1048576" || row[col["disagreements"]] != "0" {
			t.Errorf("row %d: %v", i+1, row)
		}
	}
}

func TestBenchCorpus(t *testing.T) {
	dir := t.TempDir()
	k := deck.Spanish
	write := func(name, head string, seed uint64) {
		body := head + strings.Join(k.TokenList(deck.Deal(k, 1, seed)), " ") + "\n"
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	verdict := func(seed uint64, right bool) string {
		if benchSeedWins(seed) == right {
			return "winnable"
		}
		return "unwinnable"
	}
	write("a.deal", "# seed 1\n# expect: "+verdict(1, true)+"\n", 1)
	write("b.deal", "# expect: "+verdict(2, true)+"\n# rules: play=free\n", 2)
	write("notes.txt", "not a deal file: ignored\n", 4)
	code, out, errOut := benchExec(t, "--game", "fake", "--corpus", dir, "--strategies", "dfs-flat", "--tt-mem", "1MiB")
	if code != ExitOK || !strings.Contains(out, "verdicts: 2 deals:") || !strings.Contains(out, "corpus "+dir) {
		t.Fatalf("exit %d, stderr %q, out:\n%s", code, errOut, out)
	}
	write("c.deal", "# expect: "+verdict(5, false)+"\n", 5)
	code, out, _ = benchExec(t, "--game", "fake", "--corpus", dir, "--strategies", "dfs-flat", "--tt-mem", "1MiB")
	want := fmt.Sprintf("DISAGREEMENT %s: expected %s (deal file), %s by dfs-flat", filepath.Join(dir, "c.deal"), verdict(5, false), verdict(5, true))
	if code != ExitFailed || !strings.Contains(out, want) {
		t.Errorf("exit %d, want %d and %q in:\n%s", code, ExitFailed, want, out)
	}
	code, _, errOut = benchExec(t, "--game", "fake", "--corpus", dir, "--play", "free")
	if code != ExitError || !strings.Contains(errOut, "--play does not apply to --corpus") {
		t.Errorf("rule flag with --corpus: exit %d, %q", code, errOut)
	}
	// A corpus directory named after another game is an input error, not
	// a disagreement, even when its deals parse (the same deck).
	other := filepath.Join(dir, "reloj")
	os.Mkdir(other, 0o755)
	data, _ := os.ReadFile(filepath.Join(dir, "c.deal"))
	os.WriteFile(filepath.Join(other, "c.deal"), data, 0o644)
	code, out, errOut = benchExec(t, "--game", "fake", "--corpus", other, "--strategies", "dfs-flat", "--tt-mem", "1MiB")
	want = filepath.Join(other, "c.deal") + ": a reloj deal (its directory is named after its game), not a fake deal"
	if code != ExitError || out != "" || !strings.Contains(errOut, want) {
		t.Errorf("a reloj corpus for fake: exit %d, stdout %q, stderr %q, want exit 2 and %q", code, out, errOut, want)
	}
}

func TestBenchBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--seeds", "1..3"}, "--game is required"},
		{[]string{"--game", "nope", "--seeds", "1..3"}, `unknown game "nope"`},
		{[]string{"--game", "fake"}, "give the deals: --seeds A..B or --corpus DIR"},
		{[]string{"--game", "fake", "--seeds", "1..3", "--corpus", "x"}, "give --seeds or --corpus, not both"},
		{[]string{"--game", "fake", "--seeds", "5..1"}, "the range is empty"},
		{[]string{"--game", "fake", "--seeds", "a..b"}, "--seeds \"a..b\": want A..B"},
		{[]string{"--game", "fake", "--seeds", "0..2000000"}, "1000000 deals or fewer"},
		{[]string{"--game", "fake", "--seeds", "1..3", "--strategies", "dfs,bogus"}, `unknown strategy "bogus"`},
		{[]string{"--game", "fake", "--seeds", "1..3", "--strategies", "dfs,dfs"}, "dfs is given twice"},
		{[]string{"--game", "fake", "--seeds", "1..3", "--strategies", "dfs,"}, "an empty name"},
		{[]string{"--game", "fake", "--seeds", "1..3", "--json", "--csv"}, "give --json or --csv, not both"},
		{[]string{"--game", "fake", "--seeds", "1..3", "--tt-mem", "12"}, "--tt-mem \"12\": between 1MiB and 1TiB"},
		{[]string{"--game", "fake", "--seeds", "1..3", "--max-nodes", "-1"}, "--max-nodes -1"},
		{[]string{"--game", "fake", "--seeds", "1..3", "--play", "sideways"}, `unknown --play "sideways"`},
		{[]string{"--game", "fake", "--corpus", "/nonexistent/corpus"}, "/nonexistent/corpus"},
		{[]string{"--game", "fake", "--seeds", "1..3", "extra"}, `bench: unexpected argument "extra"`},
	} {
		code, out, errOut := benchExec(t, c.args...)
		if code != ExitError || !strings.Contains(errOut, c.want) || out != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want exit %d and %q", c.args, code, errOut, out, ExitError, c.want)
		}
		if strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("%v: the error is not one line: %q", c.args, errOut)
		}
	}
}

func TestStrategiesCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	code := Run(context.Background(), []string{"strategies"}, IO{In: strings.NewReader(""), Out: &out, Err: &errOut, Getenv: func(string) string { return "" }})
	if code != ExitOK {
		t.Fatalf("exit %d, %q", code, errOut.String())
	}
	// The strategies under their header, a blank line, then the ablations
	// under a header of their own (a reader must see where they start),
	// every column aligned across both.
	lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	named, ablations := solver.Strategies(), games.Ablations()
	if len(lines) != len(named)+len(ablations)+3 || !strings.HasPrefix(lines[0], "STRATEGY ") ||
		lines[len(named)+1] != "" || !strings.HasPrefix(lines[len(named)+2], "ABLATION ") {
		t.Fatalf("want a header, %d lines, a blank line, an ABLATION header and %d lines:\n%s", len(named), len(ablations), out.String())
	}
	if a, b := strings.Index(lines[0], "TABLE"), strings.Index(lines[len(named)+2], "TABLE"); a != b {
		t.Errorf("the TABLE column starts at %d in the strategies, %d in the ablations", a, b)
	}
	check := func(line string, s solver.Strategy) {
		f := strings.Fields(line)
		if len(f) < 5 || f[0] != s.Name || f[1] != s.Table || f[2] != strategyYesNo(s.Order) || f[3] != strategyYesNo(s.Prune) ||
			!strings.HasSuffix(line, s.Doc) {
			t.Errorf("line %q does not describe %+v", line, s)
		}
	}
	for i, s := range named {
		check(lines[i+1], s)
	}
	for i, s := range ablations {
		check(lines[len(named)+3+i], s)
	}
	for _, l := range lines {
		if strings.TrimRight(l, " ") != l {
			t.Errorf("trailing spaces: %q", l)
		}
	}
}

// TestBenchRelojEndToEnd runs the real Del reloj row: under the default rules
// seeds 1..12 are all winnable (every line replayed by the referee) and the
// plain DFS, the flat-table DFS and the default strategy agree; under free
// play with one pass, seeds 7 and 9 are lost and 8 and 10 won.
func TestBenchRelojEndToEnd(t *testing.T) {
	type report struct {
		Record struct {
			Game  string         `json:"game"`
			Rules solution.Rules `json:"rules"`
		} `json:"record"`
		Strategies []struct {
			Strategy string `json:"strategy"`
			Decided  int    `json:"decided"`
			Winnable int    `json:"winnable"`
		} `json:"strategies"`
		Deals []struct {
			Seed    uint64 `json:"seed"`
			Verdict string `json:"verdict"`
		} `json:"deals"`
	}
	run := func(args ...string) report {
		t.Helper()
		code, out, errOut := benchExec(t, append([]string{"--game", "reloj", "--json", "--tt-mem", "4MiB"}, args...)...)
		if code != ExitOK {
			t.Fatalf("%v: exit %d, stderr %q", args, code, errOut)
		}
		var r report
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	r := run("--seeds", "1..12", "--strategies", "dfs,dfs-flat,default")
	if r.Record.Game != "reloj" || r.Record.Rules.Play != "forced" || r.Record.Rules.Passes != 2 || len(r.Strategies) != 3 {
		t.Fatalf("record %+v, %d rows", r.Record, len(r.Strategies))
	}
	for _, s := range r.Strategies {
		if s.Decided != 12 || s.Winnable != 12 {
			t.Errorf("%s: decided %d, winnable %d; want 12 and 12", s.Strategy, s.Decided, s.Winnable)
		}
	}
	r = run("--seeds", "7..10", "--play", "free", "--passes", "1", "--strategies", "ristretto-prune,default")
	var got []string
	for _, d := range r.Deals {
		got = append(got, fmt.Sprintf("%d:%s", d.Seed, d.Verdict))
	}
	if want := "7:unwinnable 8:winnable 9:unwinnable 10:winnable"; strings.Join(got, " ") != want {
		t.Errorf("free play, one pass: %s, want %s", strings.Join(got, " "), want)
	}
}

// TestBenchCorpusParent: --corpus given the parent of the games' folders
// (corpus/, not corpus/reloj) says that subfolders are not read and names
// the game's folder when it is there; an empty folder says which files are
// read (benchExec's errors carry no command name).
func TestBenchCorpusParent(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "fake"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := benchExec(t, "--game", "fake", "--corpus", dir)
	want := "solitario: --corpus " + dir + ": no deal files there (.deal files, not read in subfolders); give the folder of fake deals, --corpus " + filepath.Join(dir, "fake") + "\n"
	if code != ExitError || out != "" || errOut != want {
		t.Errorf("the parent folder: exit %d, stdout %q, stderr %q; want exit 2 and %q", code, out, errOut, want)
	}
	empty := filepath.Join(dir, "fake")
	code, _, errOut = benchExec(t, "--game", "fake", "--corpus", empty)
	if want := "solitario: --corpus " + empty + ": no deal files there (.deal files, not read in subfolders)\n"; code != ExitError || errOut != want {
		t.Errorf("an empty folder: exit %d, stderr %q; want exit 2 and %q", code, errOut, want)
	}
}
