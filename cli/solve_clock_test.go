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

// TestClockRuleFlagsAnyValue: --play and --passes are refused on the clocks
// whatever their value, the one rule set's ("none", 1) too, by every command
// that takes rule flags; a deal file's "# rules: passes=1" (a file records
// the rules, as a solution object does) still reads (orologio seed 1, won in 31 moves).
func TestClockRuleFlagsAnyValue(t *testing.T) {
	run := func(args ...string) (string, string, int) {
		var out, errOut strings.Builder
		code := Run(context.Background(), args, IO{In: strings.NewReader(""), Out: &out, Err: &errOut, Getenv: func(string) string { return "" }})
		return out.String(), errOut.String(), code
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--game", "orologio", "--seed", "1", "--passes", "1"}, "solitario: solve: orologio: the game has no choices; --passes does not apply\n"},
		{[]string{"solve", "--game", "orologio52", "--seed", "1", "--play", "none"}, "solitario: solve: orologio52: the game has no choices; --play does not apply\n"},
		{[]string{"analyze", "--game", "orologio", "--seeds", "1..2", "--passes", "1", "--quiet"}, "solitario: analyze: orologio: the game has no choices; --passes does not apply\n"},
		{[]string{"gen", "--game", "orologio52", "--count", "1", "--play", "none", "--quiet"}, "solitario: gen: orologio52: the game has no choices; --play does not apply\n"},
		{[]string{"bench", "--game", "orologio", "--seeds", "1..2", "--passes", "1", "--strategies", "default"}, "solitario: bench: orologio: the game has no choices; --passes does not apply\n"},
	} {
		out, errOut, code := run(c.args...)
		if code != ExitError || errOut != c.want || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2, %q", c.args, code, out, errOut, c.want)
		}
	}
	deal := "# rules: passes=1\n6S CS 7D 4S FB 1S 4C 4D FS 6D 1C 2S 2B FD 1D 1B 3D CD RC 2D RB 5B CC 6B 5D 2C 5C 4B 3B 3C 5S RD FC CB 7S 6C 7C 7B RS 3S\n"
	var out, errOut strings.Builder
	code := Run(context.Background(), []string{"solve", "--game", "orologio", "--deal", "-"}, IO{In: strings.NewReader(deal), Out: &out, Err: &errOut, Getenv: func(string) string { return "" }})
	if code != ExitOK || !strings.HasPrefix(out.String(), "orologio deal (no choices; the rules line stdin:1): winnable in 31 moves\n") {
		t.Errorf("a clock deal file with \"# rules: passes=1\": exit %d, %q, %q", code, out.String(), errOut.String())
	}
}
