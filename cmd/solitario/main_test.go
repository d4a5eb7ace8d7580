package main

import (
	"bufio"
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
// whose reader goes away: before the run, or, as "| head -1" does, after
// the first line of an output larger than the pipe holds (gen's 100 lines,
// about 270 KB), so that the writes after it fail for certain. The
// runtime's SIGPIPE would kill the program; main makes the write fail
// instead, and the command ends with no message and exit 141, the status a
// shell gives a program SIGPIPE ends (README, "Exit codes"), also for a
// page written to --out /dev/stdout.
func TestClosedPipe(t *testing.T) {
	bin := build(t)
	sol := filepath.Join(t.TempDir(), "r1.json")
	if out, err := exec.Command(bin, "solve", "--game", "reloj", "--seed", "1", "--json").Output(); err != nil {
		t.Fatalf("solve --json: %v", err)
	} else if err := os.WriteFile(sol, out, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args      []string
		firstLine bool // the reader reads one line, then closes
	}{
		{[]string{"strategies"}, false},
		{[]string{"solve", "--game", "ventaglio", "--seed", "1"}, false},
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--json"}, false},
		{[]string{"show", "--solution", sol, "--out", "/dev/stdout"}, false},
		{[]string{"gen", "--game", "reloj", "--count", "100", "--workers", "1", "--quiet"}, true},
	}
	for _, c := range cases {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		read := make(chan string, 1)
		if c.firstLine {
			go func() {
				line, _ := bufio.NewReader(r).ReadString('\n')
				r.Close()
				read <- line
			}()
		} else {
			r.Close() // no reader: every write to w is a write to a closed pipe
			read <- "-"
		}
		var stderr bytes.Buffer
		cmd := exec.Command(bin, c.args...)
		cmd.Stdout, cmd.Stderr = w, &stderr
		err = cmd.Start()
		w.Close() // the program holds its own copy
		if err != nil {
			t.Fatal(err)
		}
		err = cmd.Wait()
		if line := <-read; line == "" {
			t.Errorf("%v: the reader got no first line", c.args)
		}
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 141 {
			t.Errorf("%v: %v, want exit status 141", c.args, err)
		}
		if stderr.Len() != 0 {
			t.Errorf("%v: stderr %q, want nothing", c.args, stderr.String())
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
// context, so a command blocked where it does not look at it (writing to a
// pipe that no one reads; merge opening a FIFO that no one writes was one
// too) would wait on for ever, deaf to both; after the first, the second
// ends the process as an uncaught one does.
func TestSecondInterruptEnds(t *testing.T) {
	bin := build(t)
	cmd := exec.Command(bin, "gen", "--game", "reloj", "--count", "1000000", "--workers", "1", "--quiet")
	stdout, err := cmd.StdoutPipe() // never read: gen's writes fill it and block
	if err != nil {
		t.Fatal(err)
	}
	defer stdout.Close()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	// The first Ctrl-C is to be caught, and to come while the write
	// blocks: wait until main catches it (Linux says so in /proc) and a
	// thread waits in a pipe write, else it would end the process uncaught
	// or end gen's run as Ctrl-C should (exit 130).
	for polls := 0; !catches(t, cmd.Process.Pid, syscall.SIGINT) || !inPipeWrite(t, cmd.Process.Pid); polls++ {
		if polls == 3000 { // a bound on the polls: a wchan that never names the wait (a kernel that hides it)
			cmd.Process.Kill()
			<-exited
			t.Skip("/proc/PID/task/*/wchan never shows the pipe write")
		}
		select {
		case err := <-exited:
			t.Fatalf("gen into a full pipe ended before any Ctrl-C: %v", err)
		case <-time.After(10 * time.Millisecond):
		}
	}
	// Then signals until it ends: the first is caught, a later one ends
	// it. A bound on the number sent, not on time: a process still there
	// after 200 is deaf.
	killedBySIGINT := func(err error) {
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGINT {
			t.Fatalf("gen into a full pipe after Ctrl-C: %v, want killed by SIGINT", err)
		}
	}
	for range 200 {
		if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
			// Gone already: the last signal ended it and Wait has
			// reaped it, so its result is in exited.
			killedBySIGINT(<-exited)
			return
		}
		select {
		case err := <-exited:
			killedBySIGINT(err)
			return
		case <-time.After(50 * time.Millisecond):
		}
	}
	cmd.Process.Kill()
	<-exited
	t.Fatal("gen into a full pipe still running after 200 Ctrl-Cs")
}

// inPipeWrite reports whether a thread of process pid waits in a write to
// a pipe (its /proc wchan, "pipe_write" or "anon_pipe_write").
func inPipeWrite(t *testing.T, pid int) bool {
	t.Helper()
	tasks, err := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/wchan", pid))
	if err != nil || len(tasks) == 0 {
		t.Skip("no /proc/PID/task/*/wchan here")
	}
	for _, f := range tasks {
		if b, err := os.ReadFile(f); err == nil && strings.HasSuffix(string(b), "pipe_write") {
			return true
		}
	}
	return false
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
