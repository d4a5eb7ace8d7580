package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestOutputIsInput: an output file (--out, --html) that is one of the
// command's inputs, by its name, another spelling of it, a link or standard
// input, is refused with exit 2 and one line, and the input is left as it
// was.
func TestOutputIsInput(t *testing.T) {
	dir := t.TempDir()
	run := filepath.Join(dir, "r20.jsonl")
	if code, _, errOut := runOut("analyze", "--game", "orologio52", "--seeds", "1..5", "--jsonl", run, "--quiet"); code != ExitOK {
		t.Fatalf("analyze: %s", errOut)
	}
	sol := filepath.Join(dir, "r1.json")
	os.WriteFile(sol, []byte(relojSeed1(t)), 0o644)
	code, dealText, errOut := runOut("deal", "--game", "reloj", "--seed", "2")
	if code != ExitOK {
		t.Fatalf("deal: %s", errOut)
	}
	deal := filepath.Join(dir, "g2.deal")
	os.WriteFile(deal, []byte(dealText), 0o644)
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(sol, link); err != nil {
		t.Fatal(err)
	}
	hard := filepath.Join(dir, "hard.jsonl")
	if err := os.Link(run, hard); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, ".", "..", filepath.Base(dir), "g2.deal")
	stdin, err := os.Open(sol)
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	for _, c := range []struct {
		args []string
		want string
		file string // the input that must stay as it was
	}{
		{[]string{"report", run, "--out", run}, "--out " + run + ": is the input file " + run + ": writing it would destroy it; give another file name", run},
		{[]string{"report", sol, run, "--out", hard}, "--out " + hard + ": is the input file " + run, run},
		{[]string{"show", "--solution", sol, "--out", sol}, "--out " + sol + ": is the --solution file " + sol, sol},
		{[]string{"show", "--solution", sol, "--out", link}, "--out " + link + ": is the --solution file " + sol, sol},
		{[]string{"show", "--solution", "-", "--out", sol}, "--out " + sol + ": is standard input (--solution -)", sol},
		{[]string{"solve", "--game", "reloj", "--deal", deal, "--html", deal}, "--html " + deal + ": is the --deal file " + deal, deal},
		{[]string{"solve", "--game", "reloj", "--deal", deal, "--html", other}, "--html " + other + ": is the --deal file " + deal, deal},
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--after", sol, "--html", link}, "--html " + link + ": is the --after file " + sol, sol},
	} {
		before, _ := os.ReadFile(c.file)
		stdin.Seek(0, 0)
		var out, errOut strings.Builder
		code := Run(context.Background(), c.args, IO{In: stdin, Out: &out, Err: &errOut, Getenv: func(string) string { return "" }})
		want := "solitario: " + c.args[0] + ": " + c.want
		if code != ExitError || out.Len() != 0 || !strings.HasPrefix(errOut.String(), want) || strings.Count(errOut.String(), "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %d bytes, stderr %q; want exit %d and %q", c.args, code, out.Len(), errOut.String(), ExitError, want)
		}
		if after, _ := os.ReadFile(c.file); string(after) != string(before) {
			t.Errorf("%v: %s changed", c.args, c.file)
		}
	}
	// Another file is written.
	page := filepath.Join(dir, "page.html")
	if code, _, errOut := runOut("show", "--solution", sol, "--out", page); code != ExitOK {
		t.Errorf("show to another file: exit %d: %s", code, errOut)
	}
}

// TestEmptyFileName: a file flag given as "" is refused (pflag's string
// would take it as the flag not given: solve from the start, a page to
// standard output, no --jsonl file), in every spelling.
func TestEmptyFileName(t *testing.T) {
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--after", ""}, "--after"},
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--after="}, "--after"},
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--html", ""}, "--html"},
		{[]string{"solve", "--game", "reloj", "--deal", ""}, "--deal"},
		{[]string{"deal", "--game", "reloj", "-d", ""}, "--deal"},
		{[]string{"show", "--solution", "-", "--out", ""}, "--out"},
		{[]string{"show", "--solution", ""}, "--solution"},
		{[]string{"hint", "--solution", ""}, "--solution"},
		{[]string{"review", "--solution", ""}, "--solution"},
		{[]string{"verify", "--solution", ""}, "--solution"},
		{[]string{"report", "r.jsonl", "--out", ""}, "--out"},
		{[]string{"analyze", "--game", "reloj", "--seeds", "1..2", "--jsonl", ""}, "--jsonl"},
		{[]string{"gen", "--game", "reloj", "--count", "1", "-o", ""}, "--out"},
		{[]string{"bench", "--game", "reloj", "--corpus", ""}, "--corpus"},
	} {
		code, out, errOut := runOut(c.args...)
		want := "solitario: " + c.args[0] + ": " + c.flag + ": empty file name\n"
		if code != ExitError || out != "" || errOut != want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", c.args, code, out, errOut, ExitError, want)
		}
	}
}

// TestEmptyFileArgument: merge and report refuse an empty file argument by
// its place, before reading any file (the system would say `open : no such
// file or directory`).
func TestEmptyFileArgument(t *testing.T) {
	for _, args := range [][]string{{"merge", "a.jsonl", ""}, {"report", "a.jsonl", ""}} {
		code, out, errOut := runOut(args...)
		want := "solitario: " + args[0] + ": argument 2: empty file name\n"
		if code != ExitError || out != "" || errOut != want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", args, code, out, errOut, ExitError, want)
		}
	}
}

// TestDashOutput: "-" as an output is standard output where that is the
// output's default (show, report and gen --out), and refused where the
// output is a file of its own (analyze --jsonl, solve --html); no file
// called "-" is ever made.
func TestDashOutput(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	code, out, errOut := runOut("gen", "--game", "orologio", "--count", "1", "--out", "-")
	if code != ExitOK || !strings.Contains(out, `"seed"`) {
		t.Errorf("gen --out -: exit %d, stdout %q, stderr %q; want the line on standard output", code, out, errOut)
	}
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"analyze", "--game", "reloj", "--seeds", "1..2", "--jsonl", "-"}, "--jsonl"},
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--html", "-"}, "--html"},
	} {
		code, out, errOut := runOut(c.args...)
		want := "solitario: " + c.args[0] + ": " + c.flag + ": - (standard output) is not an output here: give a file name\n"
		if code != ExitError || out != "" || errOut != want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", c.args, code, out, errOut, ExitError, want)
		}
	}
	if _, err := os.Lstat(filepath.Join(dir, "-")); err == nil {
		t.Error(`a file called "-" was made`)
	}
}

// TestOutputIsStdout: solve --html and analyze --jsonl naming the file
// standard output is redirected to (by its name or /proc/self/fd/N, as
// /dev/stdout), or the pipe it goes to, are refused with exit 2 and one
// line before anything is written: the page renamed over the file lost the
// text printed, the summary overwrote the records. A device (/dev/null) is
// written as before.
func TestOutputIsStdout(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "out.txt")
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	fd := func(f *os.File) string { return fmt.Sprintf("/proc/self/fd/%d", f.Fd()) }
	if _, err := os.Stat(fd(w)); err != nil {
		t.Skip("no /proc/self/fd here")
	}
	for _, c := range []struct {
		out  *os.File
		args []string
		want string
	}{
		{f, []string{"solve", "--game", "reloj", "--seed", "1", "--html", name}, "solitario: solve: --html " + name + ": is standard output, where solve prints the verdict and the line: give another file name\n"},
		{f, []string{"solve", "--game", "reloj", "--seed", "1", "--html", fd(f)}, "solitario: solve: --html " + fd(f) + ": is standard output, where solve prints the verdict and the line: give another file name\n"},
		{w, []string{"solve", "--game", "reloj", "--seed", "1", "--html", fd(w)}, "solitario: solve: --html " + fd(w) + ": is standard output, where solve prints the verdict and the line: give another file name\n"},
		{f, []string{"analyze", "--game", "reloj", "--seeds", "1..3", "--quiet", "--jsonl", fd(f)}, "solitario: analyze: --jsonl " + fd(f) + ": is standard output, where analyze prints the summary: give another file name\n"},
		{w, []string{"analyze", "--game", "reloj", "--seeds", "1..3", "--quiet", "--jsonl", fd(w)}, "solitario: analyze: --jsonl " + fd(w) + ": is standard output, where analyze prints the summary: give another file name\n"},
	} {
		var errOut strings.Builder
		code := Run(context.Background(), c.args, IO{In: strings.NewReader(""), Out: c.out, Err: &errOut, Getenv: func(string) string { return "" }})
		if code != ExitError || errOut.String() != c.want {
			t.Errorf("%v: exit %d, stderr %q; want exit 2, %q", c.args, code, errOut.String(), c.want)
		}
	}
	if st, err := os.Stat(name); err != nil || st.Size() != 0 || !os.SameFile(st, mustStat(t, f)) {
		t.Errorf("%s was written or replaced: %v, %v", name, st, err)
	}
	if _, err := os.Stat(os.DevNull); err == nil {
		null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer null.Close()
		var errOut strings.Builder
		if code := Run(context.Background(), []string{"solve", "--game", "reloj", "--seed", "1", "--html", os.DevNull}, IO{In: strings.NewReader(""), Out: null, Err: &errOut, Getenv: func(string) string { return "" }}); code != ExitOK {
			t.Errorf("--html /dev/null, standard output /dev/null: exit %d, %q", code, errOut.String())
		}
	}
}

func mustStat(t *testing.T, f *os.File) os.FileInfo {
	t.Helper()
	st, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestOutputIsInputPipe: an output that is a pipe the command reads, a FIFO
// given as the input and the output or the pipe standard input is
// (/dev/fd/N), is refused with exit 2 and one line. The command opened it
// for writing first, as it opens any FIFO output, and then waited for ever:
// on its own write end (standard input never ended), or for a reader that
// only the command itself would have been. The context's deadline only ends
// a hang.
func TestOutputIsInputPipe(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "line.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO:", err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := w.WriteString(relojSeed1(t)); err != nil {
		t.Fatal(err)
	}
	w.Close()
	self := fmt.Sprintf("/dev/fd/%d", r.Fd())
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"show", "--solution", fifo, "--out", fifo}, "solitario: show: --out " + fifo + ": is the --solution file " + fifo + ", a pipe the command reads: give another file name\n"},
		{[]string{"show", "--solution", "-", "--out", self}, "solitario: show: --out " + self + ": is standard input (--solution -), a pipe the command reads: give another file name\n"},
		{[]string{"report", fifo, "--out", fifo}, "solitario: report: --out " + fifo + ": is the input file " + fifo + ", a pipe the command reads: give another file name\n"},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		var out, errOut strings.Builder
		code := Run(ctx, c.args, IO{In: r, Out: &out, Err: &errOut, Getenv: func(string) string { return "" }})
		cancel()
		if code != ExitError || out.Len() != 0 || errOut.String() != c.want {
			t.Errorf("%v: exit %d, stdout %d bytes, stderr %q; want exit %d and %q", c.args, code, out.Len(), errOut.String(), ExitError, c.want)
		}
	}
}
