package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
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
