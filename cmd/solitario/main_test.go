package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestClosedPipe runs the built program with its standard output a pipe
// whose read end is closed: the runtime's SIGPIPE would kill it silently
// (exit 141 in a shell); main makes the write fail instead, which is exit 5
// with one error line (README, "Exit codes").
func TestClosedPipe(t *testing.T) {
	bin := build(t)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"strategies"}, "solitario: strategies: writing standard output: broken pipe\n"},
		{[]string{"solve", "--game", "ventaglio", "--seed", "1"}, "solitario: solve: writing standard output: broken pipe\n"},
		{[]string{"solve", "--game", "reloj", "--seed", "1"}, "solitario: solve: writing standard output: broken pipe\n"},
	}
	for _, c := range cases {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		r.Close() // no reader: every write to w is a write to a closed pipe
		var stderr bytes.Buffer
		cmd := exec.Command(bin, c.args...)
		cmd.Stdout, cmd.Stderr = w, &stderr
		err = cmd.Run()
		w.Close()
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("%v: %v, want exit status 5", c.args, err)
		}
		if code := ee.ExitCode(); code != 5 {
			t.Errorf("%v: exit code %d (%v), want 5", c.args, code, ee)
		}
		if got := stderr.String(); got != c.want {
			t.Errorf("%v: stderr %q, want %q", c.args, got, c.want)
		}
	}
}

// build builds the program into a temporary folder.
func build(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "solitario")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestSecondInterruptEnds: main catches Ctrl-C and SIGTERM to cancel the
// context, so a command blocked where it does not look at it (merge opening
// a FIFO that no one writes) would wait on for ever, deaf to both; after the
// first, the second ends the process as an uncaught one does.
func TestSecondInterruptEnds(t *testing.T) {
	bin := build(t)
	fifo := filepath.Join(t.TempDir(), "shard.jsonl")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO here:", err)
	}
	cmd := exec.Command(bin, "merge", fifo)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	// The first Ctrl-C is to be caught: wait until main catches it
	// (Linux says so in /proc), else it would end the process uncaught.
	for !catches(t, cmd.Process.Pid, syscall.SIGINT) {
		select {
		case err := <-exited:
			t.Fatalf("merge of a FIFO ended before any Ctrl-C: %v", err)
		case <-time.After(10 * time.Millisecond):
		}
	}
	// Then signals until it ends: the first is caught, a later one ends
	// it. A bound on the number sent, not on time: a process still there
	// after 200 is deaf.
	for range 200 {
		if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
			break // gone already
		}
		select {
		case err := <-exited:
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGINT {
				t.Fatalf("merge of a FIFO after Ctrl-C: %v, want killed by SIGINT", err)
			}
			return
		case <-time.After(50 * time.Millisecond):
		}
	}
	cmd.Process.Kill()
	<-exited
	t.Fatal("merge of a FIFO still running after 200 Ctrl-Cs")
}

// catches reports whether process pid catches sig, from the SigCgt mask of
// /proc/PID/status; without /proc the test is skipped.
func catches(t *testing.T, pid int, sig syscall.Signal) bool {
	t.Helper()
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Skip("no /proc here:", err)
	}
	for line := range strings.Lines(string(status)) {
		if mask, ok := strings.CutPrefix(line, "SigCgt:"); ok {
			m, err := strconv.ParseUint(strings.TrimSpace(mask), 16, 64)
			if err != nil {
				t.Fatalf("/proc/%d/status: %q: %v", pid, line, err)
			}
			return m&(1<<(sig-1)) != 0
		}
	}
	t.Skip("no SigCgt in /proc/PID/status")
	return false
}

// TestVersionNamesCommit: --version of a binary built from a git clone
// names the commit it was built from (the one analyze records) and its Go,
// so a bug report can say which build it is.
func TestVersionNamesCommit(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "solitario")
	// -buildvcs=true: the stamp is what is tested, whatever GOFLAGS says.
	if out, err := exec.Command("go", "build", "-buildvcs=true", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Skipf("go build -buildvcs=true: %v (not a git checkout?)\n%s", err, out)
	}
	info, err := exec.Command("go", "version", "-m", bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	rev := regexp.MustCompile(`\bvcs\.revision=([0-9a-f]{12})`).FindSubmatch(info)
	if rev == nil {
		t.Skip("go build stamped no commit (a git worktree, whose .git is a file, is not stamped)")
	}
	out, err := exec.Command(bin, "--version").Output()
	if err != nil {
		t.Fatal(err)
	}
	want := regexp.MustCompile(`^solitario version \d+\.\d+\.\d+ \(commit ` + string(rev[1]) + `(-dirty)?, go1\.[0-9.]+\)\n$`)
	if !want.Match(out) {
		t.Errorf("--version: %q, want it to match %s", out, want)
	}
}
