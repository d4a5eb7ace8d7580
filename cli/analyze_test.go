package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/spf13/cobra"

	"github.com/solitario/solitario/analysis"
	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/gamestest"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
)

// scaleFakeGame is a games row without a search: a deal is winnable when its
// first card's rank is below 4 (the line draws the next rank+1 cards),
// unknown (max-nodes) when it is 8, unwinnable otherwise. onSolve, when set,
// runs before each solve; a cancelled context stops a solve.
func scaleFakeGame(onSolve func()) games.Entry {
	k := deck.Spanish
	line := func(deal []deck.Card) []solution.Move {
		var l []solution.Move
		for _, c := range deal[1 : deal[0].Rank()+2] {
			l = append(l, solution.Move{From: "stock", To: "waste", Card: k.Token(c)})
		}
		return l
	}
	g := gamestest.Row()
	g.Solve = func(ctx context.Context, deal []deck.Card, cfg games.Config) (games.Outcome, error) {
		if onSolve != nil {
			onSolve()
		}
		out := games.Outcome{Stats: solver.Stats{Nodes: int64(k.Index(deal[1])) + 1}}
		switch r := deal[0].Rank(); {
		case ctx.Err() != nil:
			out.Reason = solver.ReasonStopped
		case r == 8:
			out.Reason = solver.ReasonMaxNodes
		case r < 4:
			out.Verdict, out.Moves = solver.Winnable, line(deal)
		default:
			out.Verdict = solver.Unwinnable
		}
		return out, nil
	}
	g.Verify = func(deal []deck.Card, r solution.Rules, moves []solution.Move) error {
		want := line(deal)
		if deal[0].Rank() >= 4 || !reflect.DeepEqual(moves, want) {
			return fmt.Errorf("move 1: illegal")
		}
		return nil
	}
	return g
}

type scaleEnv struct {
	ctx    context.Context
	env    map[string]string
	tty    bool
	onCall func()
}

// scaleExec runs one of analyze, merge or gen (args[0]) against the fake
// game and returns the exit code as Run maps it, stdout and stderr.
func scaleExec(t *testing.T, e scaleEnv, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	io := &IO{In: strings.NewReader(""), Out: &out, Err: &errOut, ErrIsTTY: e.tty,
		Getenv: func(k string) string { return e.env[k] }}
	lookup := func(name string) (games.Entry, error) {
		if name == "fake" {
			return scaleFakeGame(e.onCall), nil
		}
		return games.Lookup(name)
	}
	cmds := map[string]func() *cobra.Command{
		"analyze": func() *cobra.Command { return analyzeCmd(io, lookup) },
		"gen":     func() *cobra.Command { return genCmd(io, lookup) },
		"merge":   func() *cobra.Command { return mergeCmd(io, lookup) },
	}
	// The real root (flag error handling, silence), with the command under
	// test built over the fake games table.
	root := newRoot(io)
	for _, sub := range root.Commands() {
		if sub.Name() == args[0] {
			root.RemoveCommand(sub)
		}
	}
	root.AddCommand(cmds[args[0]]())
	ctx := e.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	root.SetOut(&out)
	root.SetErr(&errOut)
	code := execute(ctx, root, args, &errOut, func() error { return nil })
	return code, out.String(), errOut.String()
}

// fakeExpect is the fake game's summary of seeds from..to, computed apart
// from the analyzer.
func fakeExpect(from, to uint64) (win, lose, unknown int) {
	g := scaleFakeGame(nil)
	for s := from; s <= to; s++ {
		switch r := g.SeedDeal(s)[0].Rank(); {
		case r == 8:
			unknown++
		case r < 4:
			win++
		default:
			lose++
		}
	}
	return
}

func decodeAnalyze(t *testing.T, out string) analyzeJSON {
	t.Helper()
	var a analyzeJSON
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatalf("analyze --json output: %v\n%s", err, out)
	}
	return a
}

// noTimes drops the wall times, which differ from run to run.
func noTimes(s analysis.Summary) analysis.Summary {
	s.MS, s.TotalMS = analysis.Quantiles[float64]{}, 0
	return s
}

func TestAnalyzeFake(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "run.jsonl")
	code, out, errOut := scaleExec(t, scaleEnv{}, "analyze", "--game", "fake", "--seeds", "1..400", "--jsonl", file, "--json", "--workers", "3")
	if code != ExitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	a := decodeAnalyze(t, out)
	win, lose, unknown := fakeExpect(1, 400)
	s := a.Summary
	if s.Deals != 400 || s.Winnable != win || s.Unwinnable != lose || s.Unknown != unknown || s.Decided != win+lose || unknown == 0 {
		t.Fatalf("summary %+v, want %d/%d/%d", s, win, lose, unknown)
	}
	lo, _ := analysis.Wilson(win, 400, analysis.Z95)
	_, hi := analysis.Wilson(win+unknown, 400, analysis.Z95)
	if s.WinLow != lo || s.WinHigh != hi {
		t.Errorf("interval [%g, %g], want [%g, %g]", s.WinLow, s.WinHigh, lo, hi)
	}
	h := a.Run
	if h.Kind != "run" || h.Game != "fake" || h.Workers != 3 || h.Machine.Cores < 1 || h.Commit == "" ||
		h.Seeds != (analysis.Range{From: 1, To: 400}) || h.Limits.MaxNodes != defaultMaxNodes || h.Limits.Table != "flat" || h.Limits.TTMem != 256<<20 {
		t.Errorf("run record %+v", h)
	}
	if !a.Complete || a.Interrupted || a.Expected != "400" || a.Solved != 400 {
		t.Errorf("completion %+v", a)
	}
	f, err := analysis.ReadFile(file)
	if err != nil || len(f.Records) != 400 || f.Header.Game != "fake" {
		t.Fatalf("jsonl: %v", err)
	}
	// The text form names the counts and the interval.
	code, out, _ = scaleExec(t, scaleEnv{}, "analyze", "--game", "fake", "--seeds", "1..400", "--tt", "none")
	if code != ExitOK || !strings.Contains(out, fmt.Sprintf("winnable    %d", win)) || !strings.Contains(out, "Wilson interval") || !strings.Contains(out, "p99") {
		t.Errorf("text output:\n%s", out)
	}
}

// TestAnalyzeInterruptResume cancels the command's context after K solves
// (what Ctrl-C does), checks the summary so far and the file, resumes, and
// compares with an uninterrupted run.
func TestAnalyzeInterruptResume(t *testing.T) {
	dir := t.TempDir()
	args := []string{"analyze", "--game", "fake", "--seeds", "1..600", "--json", "--workers", "2", "--max-nodes", "1000"}
	code, out, _ := scaleExec(t, scaleEnv{}, args...)
	if code != ExitOK {
		t.Fatalf("uninterrupted: exit %d", code)
	}
	full := decodeAnalyze(t, out)

	file := filepath.Join(dir, "cut.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var calls atomic.Int64
	code, out, errOut := scaleExec(t, scaleEnv{ctx: ctx, onCall: func() {
		if calls.Add(1) == 150 {
			cancel()
		}
	}}, append(args, "--jsonl", file)...)
	if code != ExitInterrupted || !strings.Contains(errOut, "--resume") || strings.Count(errOut, "\n") != 1 {
		t.Fatalf("interrupted: exit %d, stderr %q", code, errOut)
	}
	// Without --jsonl nothing was recorded, and there is nothing to resume.
	ctx2, cancel2 := context.WithCancel(context.Background())
	defer cancel2()
	calls.Store(0)
	code2, _, errOut2 := scaleExec(t, scaleEnv{ctx: ctx2, onCall: func() {
		if calls.Add(1) == 150 {
			cancel2()
		}
	}}, args...)
	if code2 != ExitInterrupted || !strings.Contains(errOut2, " of 600 deals done (summed up above); without --jsonl nothing is kept to resume\n") || strings.Contains(errOut2, "recorded") {
		t.Fatalf("interrupted without --jsonl: exit %d, stderr %q", code2, errOut2)
	}
	cut := decodeAnalyze(t, out)
	if !cut.Interrupted || cut.Complete || cut.Summary.Deals < 140 || cut.Summary.Deals >= 600 {
		t.Fatalf("interrupted run: %+v", cut)
	}
	f, err := analysis.ReadFile(file)
	if err != nil || len(f.Records) != cut.Summary.Deals || f.Torn != 0 {
		t.Fatalf("file after interruption: %d records (summary %d), %v", len(f.Records), cut.Summary.Deals, err)
	}
	resume := slices.Clone(args)
	resume[7] = "1" // --workers 1
	code, out, errOut = scaleExec(t, scaleEnv{}, append(resume, "--jsonl", file, "--resume")...)
	if code != ExitOK {
		t.Fatalf("resume: exit %d %s", code, errOut)
	}
	res := decodeAnalyze(t, out)
	if res.Resumed != cut.Summary.Deals || res.Solved != 600-cut.Summary.Deals || !res.Complete {
		t.Fatalf("resume: %+v", res)
	}
	if !reflect.DeepEqual(noTimes(res.Summary), noTimes(full.Summary)) {
		t.Fatalf("resumed summary\n%+v\nwant\n%+v", res.Summary, full.Summary)
	}
	// Resuming a finished run solves nothing and says the same.
	code, out, _ = scaleExec(t, scaleEnv{}, append(args, "--jsonl", file, "--resume")...)
	if again := decodeAnalyze(t, out); code != ExitOK || again.Solved != 0 || !reflect.DeepEqual(again.Summary, res.Summary) {
		t.Fatalf("second resume: exit %d %+v", code, again)
	}
}

// TestAnalyzeShardsMerge runs two shards locally, one with an explicit index
// and one from JOB_COMPLETION_INDEX, and checks that merge equals the single
// run.
func TestAnalyzeShardsMerge(t *testing.T) {
	dir := t.TempDir()
	base := []string{"analyze", "--game", "fake", "--seeds", "1000..1999", "--json", "--play", "free"}
	code, out, _ := scaleExec(t, scaleEnv{}, base...)
	if code != ExitOK {
		t.Fatal("single run failed")
	}
	single := decodeAnalyze(t, out)
	s0, s1 := filepath.Join(dir, "s0.jsonl"), filepath.Join(dir, "s1.jsonl")
	code, out, _ = scaleExec(t, scaleEnv{}, append(base, "--shard", "0/2", "--jsonl", s0)...)
	if a := decodeAnalyze(t, out); code != ExitOK || a.Expected != "500" || a.Run.Shard != (analysis.Shard{Index: 0, Count: 2}) {
		t.Fatalf("shard 0: exit %d %+v", code, a)
	}
	code, out, _ = scaleExec(t, scaleEnv{env: map[string]string{"JOB_COMPLETION_INDEX": "1"}}, append(base, "--shard", "auto/2", "--jsonl", s1)...)
	if a := decodeAnalyze(t, out); code != ExitOK || a.Run.Shard != (analysis.Shard{Index: 1, Count: 2}) {
		t.Fatalf("shard auto: exit %d %+v", code, a)
	}
	code, out, errOut := scaleExec(t, scaleEnv{}, "merge", s0, s1, "--json")
	if code != ExitOK || errOut != "" {
		t.Fatalf("merge: exit %d %s", code, errOut)
	}
	var m mergeJSON
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(noTimes(m.Summary), noTimes(single.Summary)) || len(m.Files) != 2 || m.Files[1].Deals != 500 {
		t.Fatalf("merged\n%+v\nwant\n%+v", m.Summary, single.Summary)
	}
	code, out, _ = scaleExec(t, scaleEnv{}, "merge", s0, s1)
	if code != ExitOK || !strings.Contains(out, fmt.Sprintf("winnable    %d", single.Summary.Winnable)) {
		t.Fatalf("merge text: exit %d\n%s", code, out)
	}
	// One shard alone is merged with a note naming the missing one, and
	// exit 6: a script can tell the summary is partial.
	code, out, errOut = scaleExec(t, scaleEnv{}, "merge", s0)
	if code != ExitIncomplete || !strings.HasPrefix(errOut, "solitario: merge: note: ") || !strings.Contains(errOut, "1/2") ||
		!strings.HasSuffix(errOut, "solitario: merge: incomplete: the files miss deals of the analysis (notes above); the summary covers the deals there\n") ||
		!strings.Contains(out, "winnable    ") {
		t.Fatalf("one shard: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestAnalyzeErrors(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.jsonl")
	if code, _, _ := scaleExec(t, scaleEnv{}, "analyze", "--game", "fake", "--seeds", "1..20", "--jsonl", good); code != ExitOK {
		t.Fatal("setup run failed")
	}
	corrupt := filepath.Join(dir, "corrupt.jsonl")
	data, _ := os.ReadFile(good)
	lines := strings.SplitAfter(string(data), "\n")
	lines[3] = "{\"seed\": oops}\n"
	os.WriteFile(corrupt, []byte(strings.Join(lines, "")), 0o644)
	other := filepath.Join(dir, "other.jsonl")
	if code, _, _ := scaleExec(t, scaleEnv{}, "analyze", "--game", "fake", "--seeds", "21..40", "--passes", "3", "--jsonl", other); code != ExitOK {
		t.Fatal("setup run failed")
	}
	cases := []struct {
		args []string
		msg  string
	}{
		{[]string{"analyze", "--game", "fake", "--seeds", "5..2"}, "empty"},
		{[]string{"analyze", "--game", "fake", "--seeds", "x"}, "A..B"},
		{[]string{"analyze", "--game", "fake"}, "--seeds"},
		{[]string{"analyze", "--game", "nope", "--seeds", "1..2"}, "unknown game"},
		{[]string{"analyze", "--seeds", "1..2"}, "--game"},
		{[]string{"analyze", "--game", "fake", "--seeds", "1..2", "--shard", "2/2"}, "want 0..1"},
		{[]string{"analyze", "--game", "fake", "--seeds", "1..2", "--shard", "auto/2"}, "JOB_COMPLETION_INDEX"},
		{[]string{"analyze", "--game", "fake", "--seeds", "1..2", "--shard", "3"}, "K/N"},
		{[]string{"analyze", "--game", "fake", "--seeds", "1..2", "--workers", "0"}, "--workers"},
		{[]string{"analyze", "--game", "fake", "--seeds", "1..2", "--workers", "9223372036854775807"}, "--workers 9223372036854775807: must be at most 1048576 (each worker's table takes 1MiB of --tt-mem or more, and --tt-mem is 1TiB at most)"},
		{[]string{"gen", "--game", "fake", "--count", "1", "--workers", "1048577", "--tt", "none"}, "--workers 1048577: must be at most 1048576"},
		{[]string{"analyze", "--game", "fake", "--seeds", "1..2", "--timeout", "1500us"}, "milliseconds"},
		{[]string{"analyze", "--game", "fake", "--seeds", "1..2", "--play", "sideways"}, "sideways"},
		{[]string{"analyze", "--game", "fake", "--seeds", "1..2", "--resume"}, "--jsonl"},
		{[]string{"analyze", "--game", "fake", "--seeds", "1..20", "--jsonl", good}, "--resume"},
		{[]string{"analyze", "--game", "fake", "--seeds", "1..20", "--jsonl", good, "--resume", "--max-nodes", "7"}, "limits"},
		{[]string{"analyze", "--game", "fake", "--seeds", "1..20", "--jsonl", corrupt, "--resume"}, "corrupt.jsonl:4:"},
		{[]string{"analyze", "--game", "fake", "--seeds", "1..20", "--tt-mem", "2MiB", "--workers", "4"}, "--tt-mem 2 MiB is less than the 6 MiB that 4 workers need (a table of 1 MiB each, a flat table being ⅔ of its share): raise --tt-mem or lower --workers"},
		{[]string{"merge", filepath.Join(dir, "missing.jsonl")}, "missing.jsonl"},
		{[]string{"merge", good, corrupt}, "corrupt.jsonl:4:"},
		{[]string{"merge", good, other}, "rules"},
		{[]string{"merge"}, "merge: no files: give the JSONL files written by 'analyze --jsonl'"},
		{[]string{"gen", "--game", "fake"}, "--count is required"},
		{[]string{"gen", "--game", "fake", "--count", "0"}, "--count 0: give how many"},
		{[]string{"gen", "--game", "fake", "--count", "2", "--min-moves", "-1"}, "--min-moves"},
		{[]string{"gen", "--game", "nope", "--count", "2"}, "unknown game"},
	}
	for _, c := range cases {
		code, out, errOut := scaleExec(t, scaleEnv{}, c.args...)
		if code != ExitError || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, c.msg) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line naming %q", c.args, code, out, errOut, c.msg)
		}
	}
}

func TestAnalyzeVerifyFailure(t *testing.T) {
	// A game whose lines never verify: analyze stops with exit 7
	// (ExitInternal, as solve) naming the seed, and there is no switch to
	// skip the replay.
	lookup := func(string) (games.Entry, error) {
		g := scaleFakeGame(nil)
		g.Verify = func([]deck.Card, solution.Rules, []solution.Move) error { return errors.New("move 1: illegal") }
		return g, nil
	}
	for _, args := range [][]string{{}, {"--verify=false"}} {
		var out, errOut bytes.Buffer
		io := &IO{Out: &out, Err: &errOut, Getenv: func(string) string { return "" }}
		c := analyzeCmd(io, lookup)
		c.SetArgs(append([]string{"--game", "fake", "--seeds", "1..50"}, args...))
		c.SilenceErrors, c.SilenceUsage = true, true
		err := c.ExecuteContext(context.Background())
		var ee *exitError
		if len(args) == 0 && (!errors.As(err, &ee) || ee.code != ExitInternal || !strings.Contains(err.Error(), "does not verify")) {
			t.Errorf("analyze: %v", err)
		}
		if len(args) > 0 && (err == nil || !strings.Contains(err.Error(), "unknown flag")) {
			t.Errorf("--verify=false: %v, want an unknown flag", err)
		}
	}
}

func TestAnalyzeProgress(t *testing.T) {
	args := []string{"analyze", "--game", "fake", "--seeds", "1..300", "--workers", "1"}
	if _, _, errOut := scaleExec(t, scaleEnv{tty: false}, args...); errOut != "" {
		t.Errorf("progress without a terminal: %q", errOut)
	}
	if _, _, errOut := scaleExec(t, scaleEnv{tty: true}, append(args, "--quiet")...); errOut != "" {
		t.Errorf("progress with --quiet: %q", errOut)
	}
	if _, _, errOut := scaleExec(t, scaleEnv{tty: true}, args...); !strings.Contains(errOut, "analyze fake") {
		t.Errorf("no progress bar on a terminal: %q", errOut)
	}
}

func TestGenFake(t *testing.T) {
	dir := t.TempDir()
	var outs []string
	for _, workers := range []string{"1", "3"} {
		name := filepath.Join(dir, "gen"+workers+".jsonl")
		code, stdout, errOut := scaleExec(t, scaleEnv{}, "gen", "--game", "fake", "--count", "25", "--from", "100", "--min-moves", "3", "--out", name, "--workers", workers)
		if code != ExitOK || stdout != "" || !strings.Contains(errOut, "25 winnable fake deals") {
			t.Fatalf("gen: exit %d stderr %q", code, errOut)
		}
		data, _ := os.ReadFile(name)
		outs = append(outs, string(data))
	}
	if outs[0] != outs[1] {
		t.Fatalf("gen output depends on --workers")
	}
	g := scaleFakeGame(nil)
	lines := strings.Split(strings.TrimSuffix(outs[0], "\n"), "\n")
	if len(lines) != 25 {
		t.Fatalf("%d lines, want 25", len(lines))
	}
	prev := uint64(99)
	for _, l := range lines {
		sol, err := solution.Read(strings.NewReader(l))
		if err != nil || sol.Seed == nil || *sol.Seed <= prev || sol.Result != "winnable" || len(sol.Moves) < 3 {
			t.Fatalf("line %s: %v", l, err)
		}
		prev = *sol.Seed
		deal, err := deck.ParseDeal(strings.NewReader(strings.Join(sol.Deal, " ")), "line", g.Deck, 1)
		if err != nil || !reflect.DeepEqual(deal, g.SeedDeal(*sol.Seed)) {
			t.Fatalf("seed %d: deal %v, %v", *sol.Seed, sol.Deal, err)
		}
		if err := g.Verify(deal, sol.Rules, sol.Moves); err != nil {
			t.Fatalf("seed %d: %v", *sol.Seed, err)
		}
	}
	// Seeds run out before --count: the deals found written, then exit 4
	// (stopped short of --count; no bad input).
	code, stdout, errOut := scaleExec(t, scaleEnv{}, "gen", "--game", "fake", "--count", "1000", "--from", "18446744073709551600", "--quiet")
	if n := strings.Count(stdout, "\n"); code != ExitUnknown || n == 0 || n >= 1000 ||
		!strings.Contains(errOut, fmt.Sprintf("--count 1000 not reached: the seeds ran out at 18446744073709551615, the last seed, with %d winnable deals written; start lower with --from\n", n)) {
		t.Errorf("gen past the last seed: exit %d, %d lines, stderr %q", code, n, errOut)
	}
	// Standard output, and the same deals.
	code, stdout, _ = scaleExec(t, scaleEnv{}, "gen", "--game", "fake", "--count", "25", "--from", "100", "--min-moves", "3", "--quiet")
	if code != ExitOK || stdout != outs[0] {
		t.Fatalf("gen to stdout: exit %d", code)
	}
}

// TestAnalyzeOneSeed: --seeds takes one seed, as its help says (it said
// only "A..B"): seed 7 alone is the range 7..7, one deal.
func TestAnalyzeOneSeed(t *testing.T) {
	code, help, _ := runOut("analyze", "--help")
	help = strings.Join(strings.Fields(help), " ") // wrapped to the terminal
	if code != ExitOK || !strings.Contains(help, "deals: an inclusive seed range A..B, e.g. 1..100000, or one seed (required)") {
		t.Errorf("analyze --help: exit %d, no \"or one seed\" in the --seeds line", code)
	}
	code, out, errOut := runOut("analyze", "--game", "orologio52", "--seeds", "7", "--quiet", "--json")
	var rep struct {
		Run struct {
			Seeds struct{ From, To uint64 } `json:"seeds"`
		} `json:"run"`
		Summary struct{ Deals int } `json:"summary"`
	}
	if code != ExitOK || json.Unmarshal([]byte(out), &rep) != nil || rep.Run.Seeds.From != 7 || rep.Run.Seeds.To != 7 || rep.Summary.Deals != 1 {
		t.Errorf("analyze --seeds 7: exit %d, %+v, %s %s", code, rep, out, errOut)
	}
}
