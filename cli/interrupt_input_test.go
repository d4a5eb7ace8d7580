package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/position"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
)

// TestInterruptWhileWaitingForInput: Ctrl-C while a command waits for its
// input (standard input that nothing writes, a FIFO that no one opens for
// writing) ends it with one line and exit 130; it used to wait on, deaf to
// Ctrl-C and SIGTERM, which main catches to cancel the context.
func TestInterruptWhileWaitingForInput(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO here:", err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"verify", "--solution", "-"}, "solitario: verify: --solution -: interrupted while waiting for standard input; nothing was done\n"},
		{[]string{"hint", "--solution", "-"}, "solitario: hint: --solution -: interrupted while waiting for standard input; nothing was done\n"},
		{[]string{"review", "--solution", fifo}, "solitario: review: --solution " + fifo + ": interrupted while waiting for the file; nothing was done\n"},
		{[]string{"show", "--solution", fifo}, "solitario: show: --solution " + fifo + ": interrupted while waiting for the file; nothing was done\n"},
		{[]string{"solve", "--game", "reloj", "--deal", "-"}, "solitario: solve: --deal -: interrupted while waiting for standard input; nothing was done\n"},
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--after", fifo}, "solitario: solve: --after " + fifo + ": interrupted while waiting for the file; nothing was done\n"},
		// merge and report read their files themselves (analysis.Merge).
		{[]string{"merge", fifo}, "solitario: merge: " + fifo + ": interrupted while waiting for the file; nothing was done\n"},
		{[]string{"report", fifo, "--out", filepath.Join(filepath.Dir(fifo), "r.html")}, "solitario: report: " + fifo + ": interrupted while waiting for the file; nothing was done\n"},
	} {
		r, w, err := os.Pipe() // standard input that stays open, empty
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel() // Ctrl-C came
		var out, errOut strings.Builder
		code := Run(ctx, c.args, IO{In: r, Out: &out, Err: &errOut, Getenv: func(string) string { return "" }})
		w.Close()
		r.Close()
		if code != ExitInterrupted || errOut.String() != c.want || out.Len() != 0 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d, stderr %q", c.args, code, out.String(), errOut.String(), ExitInterrupted, c.want)
		}
	}
}

// TestReviewInterruptedText: a review stopped by Ctrl-C says so, not that
// a limit stopped a solve (position.ReviewLine solves nothing after it).
func TestReviewInterruptedText(t *testing.T) {
	in := mustJSON(t, drawsOnlyReloj(t))
	l, err := readGame(&IO{In: strings.NewReader(in)}, "-", position.Known{}, games.Lookup)
	if err != nil {
		t.Fatal(err)
	}
	p := position.Position{Game: l.game, Deal: l.deal, Rules: l.rules, Moves: l.sol.Moves}
	for _, c := range []struct {
		rv   position.Review
		want string
	}{
		{position.Review{Kind: position.Undecided, Probes: []position.Probe{{Moves: 79, Verdict: "unknown", Reason: solver.ReasonStopped}}},
			"unknown: interrupted (Ctrl-C) before anything was decided\nsolves: after 79 moves unknown (stopped)\n"},
		{position.Review{Kind: position.Undecided, From: 40, To: 79, Probes: []position.Probe{{Moves: 79, Verdict: "unwinnable"}, {Moves: 0, Verdict: "winnable"}, {Moves: 39, Verdict: "winnable"}, {Moves: 59, Verdict: "unknown", Reason: solver.ReasonStopped}}},
			"unknown: the first losing move is one of moves 40..79 (interrupted: a solve was stopped by Ctrl-C)\nsolves: after 79 moves unwinnable; after 0 moves winnable; after 39 moves winnable; after 59 moves unknown (stopped)\n"},
		{position.Review{Kind: position.Undecided, From: 40, To: 79, Probes: []position.Probe{{Moves: 79, Verdict: "unwinnable"}, {Moves: 0, Verdict: "winnable"}, {Moves: 39, Verdict: "winnable"}, {Moves: 59, Verdict: "unknown", Reason: solver.ReasonMaxNodes}}},
			"unknown: the first losing move is one of moves 40..79 (a solve was stopped by a limit)\nsolves: after 79 moves unwinnable; after 0 moves winnable; after 39 moves winnable; after 59 moves unknown (max-nodes)\n"},
		// A prefix its solve left unknown that a later winnable one decides.
		{position.Review{Kind: position.Undecided, From: 60, To: 64, Probes: []position.Probe{{Moves: 79, Verdict: "unwinnable"}, {Moves: 0, Verdict: "winnable"}, {Moves: 39, Verdict: "winnable", By: intp(59), Reason: solver.ReasonMaxNodes}, {Moves: 59, Verdict: "winnable"}, {Moves: 69, Verdict: "unwinnable", By: intp(64), Reason: solver.ReasonMaxNodes}, {Moves: 64, Verdict: "unwinnable"}}},
			"unknown: the first losing move is one of moves 60..64 (a solve was stopped by a limit)\nsolves: after 79 moves unwinnable; after 0 moves winnable; after 39 moves winnable (by move 59); after 59 moves winnable; after 69 moves unwinnable (by move 64); after 64 moves unwinnable\n"},
	} {
		var out strings.Builder
		if err := writeReviewText(&out, l, p, c.rv); err != nil {
			t.Fatal(err)
		}
		if want := "reloj seed 1 (play free, passes 2), 79 moves: " + c.want; out.String() != want {
			t.Errorf("review text %q, want %q", out.String(), want)
		}
	}
}

// TestInterruptWhileWaitingForOutput: Ctrl-C while an output file is a FIFO
// that nothing reads ends the command with one line naming the flag and
// the file, exit 130, before any work; opening it used to block deaf to
// Ctrl-C (show, report, analyze), or end with no message (gen); solve
// --html waited after its solve, which Ctrl-C stopped instead (no page,
// exit 4).
func TestInterruptWhileWaitingForOutput(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "out")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO here:", err)
	}
	sol := filepath.Join(dir, "r1.json")
	if err := os.WriteFile(sol, []byte(relojSeed1(t)), 0o644); err != nil {
		t.Fatal(err)
	}
	run := filepath.Join(dir, "run.jsonl")
	if code, _, errOut := runOut("analyze", "--game", "reloj", "--seeds", "1..2", "--jsonl", run, "--quiet"); code != ExitOK {
		t.Fatalf("analyze: exit %d %s", code, errOut)
	}
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"show", "--solution", sol, "--out", fifo}, "--out"},
		{[]string{"report", run, "--out", fifo}, "--out"},
		{[]string{"analyze", "--game", "reloj", "--seeds", "1..5", "--jsonl", fifo}, "--jsonl"},
		{[]string{"gen", "--game", "reloj", "--count", "2", "--out", fifo}, "--out"},
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--html", fifo}, "--html"},
		{[]string{"solve", "--game", "ventaglio", "--seed", "1", "--html", fifo}, "--html"},
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--after", sol, "--moves", "30", "--html", fifo}, "--html"},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		cancel() // Ctrl-C came
		var out, errOut strings.Builder
		code := Run(ctx, c.args, IO{In: strings.NewReader(""), Out: &out, Err: &errOut, Getenv: func(string) string { return "" }})
		want := "solitario: " + c.args[0] + ": " + c.flag + " " + fifo + ": interrupted while waiting for a reader of the FIFO; nothing was written to it\n"
		if code != ExitInterrupted || errOut.String() != want || out.Len() != 0 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d, stderr %q", c.args, code, out.String(), errOut.String(), ExitInterrupted, want)
		}
	}
}

// TestOutputToFIFO: an output FIFO that something reads gets the whole
// output, and the command ends once it is written.
func TestOutputToFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "out")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO here:", err)
	}
	got := make(chan []byte, 1)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- b
	}()
	code, out, errOut := runOut("gen", "--game", "reloj", "--count", "2", "--out", fifo, "--quiet")
	b := <-got
	if code != ExitOK || out != "" || errOut != "" || strings.Count(string(b), "\n") != 2 || !strings.HasPrefix(string(b), `{"game":"reloj"`) {
		t.Errorf("gen --out FIFO: exit %d, stdout %q, stderr %q, the FIFO read %q", code, out, errOut, b)
	}
	// solve --html: the page of a won deal; for a lost one the FIFO is
	// closed empty (its reader, waited for before the solve, is not left
	// waiting).
	for _, c := range []struct {
		args []string
		code int
		page string
	}{
		{[]string{"solve", "--game", "sietes", "--seed", "3", "--html", fifo}, ExitOK, "De los sietes, seed 3 (59 moves, won)"},
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--play", "free", "--passes", "1", "--html", fifo}, ExitUnwinnable, ""},
	} {
		go func() {
			b, _ := os.ReadFile(fifo)
			got <- b
		}()
		code, _, errOut := runOut(c.args...)
		b := <-got
		if code != c.code || (c.page == "") != (len(b) == 0) || !strings.Contains(string(b), c.page) {
			t.Errorf("%v: exit %d, stderr %q, the FIFO read %.80q", c.args, code, errOut, b)
		}
	}
}

func intp(k int) *int { return &k }

// syncBuilder is a strings.Builder that a command writes while the test
// reads it.
type syncBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuilder) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuilder) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestVerifyInterruptedMidStream: verify reads a file of JSON lines as it
// comes, so Ctrl-C while it waits for the next line ends it at once (exit
// 130), saying how many lines were checked, not that nothing was done.
func TestVerifyInterruptedMidStream(t *testing.T) {
	won := relojSeed1(t)
	var sol solution.Solution
	if err := json.Unmarshal([]byte(won), &sol); err != nil {
		t.Fatal(err)
	}
	sol.Moves = sol.Moves[:len(sol.Moves)-1]
	short := mustJSON(t, sol) + "\n" // line 2 does not win: printed once checked
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errOut syncBuilder
	done := make(chan int, 1)
	go func() {
		done <- Run(ctx, []string{"verify", "--solution", "-"}, IO{In: r, Out: &out, Err: &errOut, Getenv: func(string) string { return "" }})
	}()
	if _, err := w.WriteString(won + short); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); !strings.HasPrefix(out.String(), "fail: stdin:2: "); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("line 2 not checked: stdout %q, stderr %q", out.String(), errOut.String())
		}
	}
	cancel() // Ctrl-C, while verify waits for line 3
	select {
	case code := <-done:
		want := "solitario: verify: --solution -: interrupted while waiting for standard input; 2 lines checked (any that failed said above), the rest not\n"
		if code != ExitInterrupted || errOut.String() != want || strings.Count(out.String(), "\n") != 1 {
			t.Errorf("exit %d, stdout %q, stderr %q; want exit %d and %q", code, out.String(), errOut.String(), ExitInterrupted, want)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("verify went on waiting after Ctrl-C")
	}
}
