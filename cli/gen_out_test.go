package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/solitario/solitario/analysis"
)

// TestGenOutKeepsFiles: gen --out never truncates a file that holds
// something; --resume continues it after its last whole line, cutting off a
// line torn by a full disk, and ends with the same list as one run.
func TestGenOutKeepsFiles(t *testing.T) {
	dir := t.TempDir()
	gen := func(out string, extra ...string) (int, string) {
		args := append([]string{"gen", "--game", "reloj", "--count", "4", "--from", "5", "--out", out, "--quiet"}, extra...)
		code, _, errOut := runOut(args...)
		return code, errOut
	}
	whole := filepath.Join(dir, "whole.jsonl")
	if code, errOut := gen(whole); code != ExitOK {
		t.Fatalf("gen: exit %d, %s", code, errOut)
	}
	want, _ := os.ReadFile(whole)
	lines := strings.SplitAfter(string(want), "\n")
	if len(lines) != 5 || lines[4] != "" {
		t.Fatalf("gen wrote %d lines", len(lines)-1)
	}

	// An existing file is refused and left as it is.
	precious := filepath.Join(dir, "precious.jsonl")
	os.WriteFile(precious, []byte("20,001 lines of work\n"), 0o644)
	code, errOut := gen(precious)
	if code != ExitError || errOut != "solitario: gen: --out "+precious+": the file exists: add --resume to continue that list, or remove the file\n" {
		t.Errorf("gen over a file: exit %d, %q", code, errOut)
	}
	if b, _ := os.ReadFile(precious); string(b) != "20,001 lines of work\n" {
		t.Errorf("the file became %q", b)
	}
	// --resume refuses what is not gen's list, naming the line.
	if code, errOut := gen(precious, "--resume"); code != ExitError || errOut != "solitario: gen: "+precious+": cannot resume: not a file gen writes (gen --out): line 1 is not a gen line of reloj\n" {
		t.Errorf("resume of a foreign file: exit %d, %q", code, errOut)
	}

	// Two whole lines and a torn third (a full disk): resume finishes the
	// list as one run wrote it.
	torn := filepath.Join(dir, "torn.jsonl")
	os.WriteFile(torn, []byte(lines[0]+lines[1]+lines[2][:len(lines[2])/2]), 0o644)
	if code, errOut := gen(torn, "--resume"); code != ExitOK {
		t.Fatalf("resume: exit %d, %s", code, errOut)
	}
	if got, _ := os.ReadFile(torn); string(got) != string(want) {
		t.Errorf("resumed list\n%s\nwant\n%s", got, want)
	}
	// The status line of a resumed run says what it added and what the
	// file holds now.
	half := filepath.Join(dir, "half.jsonl")
	os.WriteFile(half, []byte(lines[0]+lines[1]), 0o644)
	code, _, errOut = runOut("gen", "--game", "reloj", "--count", "4", "--from", "5", "--out", half, "--resume")
	var seed2, seed4 struct{ Seed uint64 }
	json.Unmarshal([]byte(lines[1]), &seed2)
	json.Unmarshal([]byte(lines[3]), &seed4)
	wantHead := fmt.Sprintf("solitario: gen: kept 2 more winnable reloj deals (seeds %d..%d) in ", seed2.Seed+1, seed4.Seed)
	wantTail := "; " + half + " now has 4 deals\n"
	if code != ExitOK || !strings.HasPrefix(errOut, wantHead) || !strings.HasSuffix(errOut, wantTail) {
		t.Errorf("resume's status line %q, want %q…%q", errOut, wantHead, wantTail)
	}
	// Nothing left to do: the file stays as it is, and stderr has the
	// status line a run ends with (not an error's "what: why"), which
	// --quiet leaves out as it does that line.
	for _, c := range []struct {
		count, quiet, status string
	}{
		{"4", "", "solitario: gen: kept no new deal, the 4 already in " + torn + " reach --count 4\n"},
		{"2", "", "solitario: gen: kept no new deal, the 4 already in " + torn + " reach --count 2\n"},
		{"4", "--quiet", ""},
	} {
		args := []string{"gen", "--game", "reloj", "--count", c.count, "--from", "5", "--out", torn, "--resume"}
		if c.quiet != "" {
			args = append(args, c.quiet)
		}
		code, out, errOut := runOut(args...)
		if got, _ := os.ReadFile(torn); code != ExitOK || out != "" || errOut != c.status || string(got) != string(want) {
			t.Errorf("resume of a full list %q: exit %d, stdout %q, stderr %q, file changed %v; want exit 0 and stderr %q", args, code, out, errOut, string(got) != string(want), c.status)
		}
	}
	if code, errOut := gen(filepath.Join(dir, "other.jsonl"), "--resume", "--passes", "3"); code != ExitOK {
		t.Errorf("resume of a missing file starts it: exit %d, %s", code, errOut)
	}
	if code, errOut := gen(torn, "--resume", "--passes", "3"); code != ExitError || !strings.Contains(errOut, ":1: cannot resume: the line's rules are play=forced passes=2, not play=forced passes=3") {
		t.Errorf("resume under other rules: exit %d, %q", code, errOut)
	}
	if code, errOut := gen(dir); code != ExitError || !strings.Contains(errOut, "--out "+dir+": is a directory, not a file (give a file name, e.g. ") {
		t.Errorf("--out DIR: exit %d, %q", code, errOut)
	}
	if code, _, errOut := runOut("gen", "--game", "reloj", "--count", "1", "--resume"); code != ExitError || errOut != "solitario: gen: --resume needs --out FILE: the list to continue (a file, not standard output)\n" {
		t.Errorf("--resume without --out: exit %d, %q", code, errOut)
	}
}

// TestGenOutFullDisk: a disk that fills is exit 5 (ExitOutput), naming the
// flag and the file once. A device (/dev/full) keeps nothing to resume: the
// error says no --resume there; a regular file's does.
func TestGenOutFullDisk(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"gen", "--game", "reloj", "--count", "2", "--out", "/dev/full", "--quiet"}, "solitario: gen: --out /dev/full: no space left on device\n"},
		{[]string{"analyze", "--game", "reloj", "--seeds", "1..3", "--jsonl", "/dev/full", "--quiet"}, "solitario: analyze: --jsonl /dev/full: no space left on device\n"},
	} {
		code, _, errOut := runOut(c.args...)
		if code != ExitOutput || errOut != c.want {
			t.Errorf("%v: exit %d, %q; want %d, %q", c.args, code, errOut, ExitOutput, c.want)
		}
	}
	file := filepath.Join(t.TempDir(), "g.jsonl")
	os.WriteFile(file, []byte("{}\n"), 0o644)
	if got, want := resumeAdvice(file, "lines before it"), " (the lines before it are whole: finish with the same command plus --resume)"; got != want {
		t.Errorf("advice for a regular file %q, want %q", got, want)
	}
}

// TestStdoutFull: a real full disk on standard output (/dev/full) is exit
// 5 with one line that names the output once.
func TestStdoutFull(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer full.Close()
	var errOut strings.Builder
	code := Run(context.Background(), []string{"solve", "--game", "reloj", "--seed", "1"}, IO{In: strings.NewReader(""), Out: full, Err: &errOut, Getenv: func(string) string { return "" }})
	if want := "solitario: solve: writing standard output: no space left on device\n"; code != ExitOutput || errOut.String() != want {
		t.Errorf("exit %d, %q; want %d, %q", code, errOut.String(), ExitOutput, want)
	}
}

// TestGenResumeReplaysLines: --resume replays every line already in the
// file through the referee before appending: a deal that is not its seed's,
// an unreadable card, a move the referee refuses are each one line naming
// file:line and why, exit 2, the file as it was.
func TestGenResumeReplaysLines(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.jsonl")
	lines := strings.SplitAfter(runFile(t, good, "gen", "--game", "reloj", "--count", "2", "--out", good, "--quiet"), "\n")
	for _, c := range []struct{ name, old, new, want string }{
		{"swapped", `"deal":["SC","CC"`, `"deal":["CC","SC"`, ":2: cannot resume: seed 2: the deal is not the seed's deal: card 1 is CC, not SC\n"},
		{"no card", `"deal":["SC"`, `"deal":["ZZ"`, `:2: cannot resume: seed 2: deal card 1: unknown suit "Z" in "ZZ" for the spanish deck (suits OCEB)` + "\n"},
		{"illegal", `"moves":[{"from":"stock","to":"pile:C","card":"CC"},`, `"moves":[`, ":2: cannot resume: seed 2: the line does not replay to a win: move 1 (stock -> waste SE): wrong card: the drawn card is CC, not SE\n"},
	} {
		if !strings.Contains(lines[1], c.old) {
			t.Fatalf("%s: line 2 holds no %s: %s", c.name, c.old, lines[1])
		}
		text := lines[0] + strings.Replace(lines[1], c.old, c.new, 1)
		name := filepath.Join(dir, c.name+".jsonl")
		os.WriteFile(name, []byte(text), 0o644)
		code, out, errOut := runOut("gen", "--game", "reloj", "--count", "3", "--out", name, "--resume", "--quiet")
		if want := "solitario: gen: " + name + c.want; code != ExitError || out != "" || errOut != want {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 and %q", c.name, code, errOut, want)
		}
		if b, _ := os.ReadFile(name); string(b) != text {
			t.Errorf("%s: the file changed", c.name)
		}
	}
}

// TestGenResumeAtLastSeed: a file whose last line is seed 2^64-1 has no
// seed to go on from: --resume says the seeds ran out (exit 4) and leaves
// the file as it is, where it wrapped to seed 0 and wrote seeds going down.
func TestGenResumeAtLastSeed(t *testing.T) {
	out := filepath.Join(t.TempDir(), "top.jsonl")
	if code, _, errOut := runOut("gen", "--game", "reloj", "--count", "2", "--from", "18446744073709551615", "--out", out, "--quiet"); code != ExitUnknown {
		t.Fatalf("gen at the last seed: exit %d %s", code, errOut)
	}
	before, _ := os.ReadFile(out)
	if !strings.Contains(string(before), `"seed":18446744073709551615`) {
		t.Fatalf("seed 2^64-1 not kept: %s", before)
	}
	code, _, errOut := runOut("gen", "--game", "reloj", "--count", "4", "--out", out, "--resume", "--quiet")
	after, _ := os.ReadFile(out)
	if code != ExitUnknown || !strings.Contains(errOut, "--count 4 not reached: "+out+": its last line is seed 18446744073709551615, the last seed") || string(after) != string(before) {
		t.Errorf("resume at the last seed: exit %d, stderr %q, file %q (was %q)", code, errOut, after, before)
	}
}

// TestGenOneWriterPerFile: while a run holds gen's file (a fresh --out or a
// --resume), a second gen of it, with or without --resume, is refused at
// once with analyze's words and exit code, and the file stays as it is (two
// writers appended duplicate, out-of-order lines); the lock goes with the
// file's close.
func TestGenOneWriterPerFile(t *testing.T) {
	dir := t.TempDir()
	gen := func(out string, extra ...string) (int, string) {
		args := append([]string{"gen", "--game", "reloj", "--from", "5", "--out", out, "--quiet"}, extra...)
		if len(extra) == 0 || extra[0] != "--count" {
			args = append(args, "--count", "3")
		}
		code, _, errOut := runOut(args...)
		return code, errOut
	}
	list := filepath.Join(dir, "list.jsonl")
	if code, errOut := gen(list, "--count", "2"); code != ExitOK {
		t.Fatalf("gen: exit %d, %s", code, errOut)
	}
	two, _ := os.ReadFile(list)
	var g analysis.Generated
	if err := json.Unmarshal(two[:bytes.IndexByte(two, '\n')], &g); err != nil {
		t.Fatal(err)
	}
	held, _, err := analysis.ResumeGen(list, analysis.GenRun{Game: "reloj", Rules: g.Rules, From: 5})
	if err != nil {
		t.Fatal(err)
	}
	refusal := "solitario: gen: " + list + " is in use by another run (the run writing it holds its lock): let it finish or stop it, then resume\n"
	if code, errOut := gen(list, "--resume"); code != ExitError || errOut != refusal {
		t.Errorf("gen --resume of a held file: exit %d, %q, want %d, %q", code, errOut, ExitError, refusal)
	}
	if b, _ := os.ReadFile(list); string(b) != string(two) {
		t.Errorf("the held file became\n%s", b)
	}
	held.Close()
	if code, errOut := gen(list, "--resume"); code != ExitOK {
		t.Errorf("resume after the holder closed: exit %d, %s", code, errOut)
	}

	// A fresh --out is held from its creation.
	fresh := filepath.Join(dir, "fresh.jsonl")
	held, err = analysis.CreateGen(fresh)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	refusal = strings.ReplaceAll(refusal, list, fresh)
	for _, extra := range [][]string{{"--resume"}, nil} {
		if code, errOut := gen(fresh, extra...); code != ExitError || errOut != refusal {
			t.Errorf("gen %v of a fresh held file: exit %d, %q", extra, code, errOut)
		}
	}
	if st, _ := os.Stat(fresh); st.Size() != 0 {
		t.Errorf("the fresh held file has %d bytes", st.Size())
	}

	// analyze says the same of its own file.
	jl := filepath.Join(dir, "run.jsonl")
	held, err = analysis.CreateGen(jl)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	want := strings.ReplaceAll(strings.Replace(refusal, "gen:", "analyze:", 1), fresh, jl)
	if code, _, errOut := runOut("analyze", "--game", "reloj", "--seeds", "1..3", "--jsonl", jl, "--resume", "--quiet"); code != ExitError || errOut != want {
		t.Errorf("analyze of a held file: exit %d, %q, want %q", code, errOut, want)
	}
}

// TestGenOutClosedPipe: gen --out and analyze --jsonl naming a pipe whose
// reader went away (--out /dev/stdout under "| head -1") end quietly with
// exit 141, as standard output and show --out do, not "broken pipe", exit 5.
func TestGenOutClosedPipe(t *testing.T) {
	for _, c := range [][]string{
		{"gen", "--game", "reloj", "--count", "3", "--workers", "1", "--quiet", "--out"},
		{"analyze", "--game", "reloj", "--seeds", "1..3", "--workers", "1", "--quiet", "--jsonl"},
	} {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		r.Close()
		name := fmt.Sprintf("/proc/self/fd/%d", w.Fd())
		if _, err := os.Stat(name); err != nil {
			w.Close()
			t.Skip("no /proc/self/fd here")
		}
		code, _, errOut := runOut(append(c, name)...)
		w.Close()
		if code != ExitClosedPipe || errOut != "" {
			t.Errorf("%s: exit %d, %q; want %d and no message", c[0], code, errOut, ExitClosedPipe)
		}
	}
}
