package cli

import (
	"context"
	"strings"
	"testing"

	"github.com/solitario/solitario/solution"
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
	if code != ExitUnwinnable || !strings.Contains(out, "why: the fourth king, KH (turned from hour 10), came up with 4 cards still face down, on hours 3, 6, 9 and 11\n") || !strings.Contains(out, " 1. centre ") {
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

// TestSolveClockJSONReason: the solution object of a lost clock deal carries
// the same reason as the text's "why:" line, and no moves; a won one and a
// lost deal of a searched game carry no reason.
func TestSolveClockJSONReason(t *testing.T) {
	for _, c := range []struct {
		args   []string
		code   int
		reason string
	}{
		{[]string{"--game", "orologio", "--seed", "0"}, ExitUnwinnable, "the stock ran out with hours 1, 3, 4 and 5 uncovered"},
		{[]string{"--game", "orologio", "--seed", "36"}, ExitUnwinnable, "four of a kind in the clock: all four Fs (hours 1, 8, 11 and 12) are on the clock, so no stock card can cover them: lost at once"},
		{[]string{"--game", "orologio52", "--seed", "0"}, ExitUnwinnable, "the fourth king, KH (turned from hour 10), came up with 4 cards still face down, on hours 3, 6, 9 and 11"},
		{[]string{"--game", "orologio52", "--seed", "8"}, ExitOK, ""},
		{[]string{"--game", "sietes", "--seed", "1"}, ExitUnwinnable, ""},
	} {
		var out, errOut strings.Builder
		code := Run(context.Background(), append([]string{"solve", "--json"}, c.args...),
			IO{In: strings.NewReader(""), Out: &out, Err: &errOut, Getenv: func(string) string { return "" }})
		if code != c.code {
			t.Fatalf("%v: exit %d, want %d: %s", c.args, code, c.code, errOut.String())
		}
		sol, err := solution.Read(strings.NewReader(out.String()))
		if err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		if sol.Reason != c.reason || (code == ExitUnwinnable && sol.Moves != nil) {
			t.Errorf("%v: result %s, reason %q, %d moves; want reason %q", c.args, sol.Result, sol.Reason, len(sol.Moves), c.reason)
		}
	}
}
