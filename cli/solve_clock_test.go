package cli

import (
	"context"
	"strings"
	"testing"
)

// TestSolveClockText: a lost clock deal prints why it is lost and its
// play-out; a four of a kind is lost at once with no play-out; the rule
// flags are refused.
func TestSolveClockText(t *testing.T) {
	run := func(args ...string) (string, string, int) {
		var out, errOut strings.Builder
		code := Run(context.Background(), args, IO{In: strings.NewReader(""), Out: &out, Err: &errOut, Getenv: func(string) string { return "" }})
		return out.String(), errOut.String(), code
	}
	out, _, code := run("solve", "--game", "orologio", "--seed", "0")
	if code != ExitUnwinnable || !strings.Contains(out, "why: the stock ran out with hours 1, 3, 4 and 5 uncovered\n") ||
		!strings.Contains(out, " 1. stock 7B -> well (face down)\n") || !strings.Contains(out, " 2. stock RC -> hour 10 (covers RD)\n") {
		t.Fatalf("orologio seed 0: exit %d:\n%s", code, out)
	}
	out, _, code = run("solve", "--game", "orologio", "--seed", "36")
	if code != ExitUnwinnable || !strings.Contains(out, "why: four of a kind in the clock: all four Fs (hours 1, 8, 11 and 12)") || strings.Contains(out, " 1. ") {
		t.Fatalf("orologio seed 36: exit %d:\n%s", code, out)
	}
	out, _, code = run("solve", "--game", "orologio52", "--seed", "0")
	if code != ExitUnwinnable || !strings.Contains(out, "why: the fourth king came up with") || !strings.Contains(out, " 1. centre ") {
		t.Fatalf("orologio52 seed 0: exit %d:\n%s", code, out)
	}
	out, _, code = run("solve", "--game", "orologio52", "--seed", "8")
	if code != ExitOK || !strings.Contains(out, "winnable in 52 moves") || !strings.Contains(out, "52. ") {
		t.Fatalf("orologio52 seed 8: exit %d:\n%s", code, out)
	}
	_, errOut, code := run("solve", "--game", "orologio", "--seed", "1", "--passes", "2")
	if code != ExitError || !strings.Contains(errOut, "no choices") {
		t.Fatalf("--passes 2: exit %d, %q", code, errOut)
	}
}
