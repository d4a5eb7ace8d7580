package cli

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestBenchInterrupted: bench stopped by Ctrl-C (a cancelled context) exits
// 130 like analyze and gen, and says "interrupted after" once, on stderr.
func TestBenchInterrupted(t *testing.T) {
	for _, format := range []string{"", "--json", "--csv"} {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		args := []string{"bench", "--game", "reloj", "--seeds", "1..3", "--strategies", "default"}
		if format != "" {
			args = append(args, format)
		}
		var out, errOut strings.Builder
		code := Run(ctx, args, IO{In: strings.NewReader(""), Out: &out, Err: &errOut, Getenv: func(string) string { return "" }})
		if code != ExitInterrupted {
			t.Errorf("%v: exit %d, want %d", args, code, ExitInterrupted)
		}
		if strings.Contains(out.String(), "interrupted after") {
			t.Errorf("%v: stdout says it too: %q", args, out.String())
		}
		if errOut.String() != "solitario: bench: interrupted after 0 of 3 deals\n" {
			t.Errorf("%v: stderr %q", args, errOut.String())
		}
	}
}

// TestBenchProgress: on a terminal bench redraws one line per deal and
// clear erases it (after Ctrl-C the report must not be glued to it).
func TestBenchProgress(t *testing.T) {
	clock := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	now := func() time.Time { return clock }
	var p *benchProgress
	var tty strings.Builder
	p = newBenchProgress(&IO{Err: &tty, ErrIsTTY: true}, now)
	clock = clock.Add(2 * time.Second)
	p.deal(1, 3)
	p.clear()
	if want := "\r\033[Ksolitario: bench: 1 of 3 deals in 2s, about 4s left\r\033[K"; tty.String() != want {
		t.Errorf("terminal %q, want %q", tty.String(), want)
	}
}
