package cli

import (
	"context"
	"strings"
	"testing"
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
