package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestClosedPipe runs the built program with its standard output a pipe
// whose read end is closed: the runtime's SIGPIPE would kill it silently
// (exit 141 in a shell); main makes the write fail instead, which is exit 5
// with one error line (README, "Exit codes").
func TestClosedPipe(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "solitario")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
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
