package cli

import (
	"fmt"
	"math"
	"testing"
)

// TestPassesFlagRange: a --passes that is no whole number from 0 to
// math.MaxInt (huge, fractional, negative, past int, signed) is refused by every
// command that takes it with the value and the range, as a solution's
// "rules.passes" is, exit 2; not pflag's "invalid argument ... for
// "--passes" flag" nor, for -1, after the game is looked up.
func TestPassesFlagRange(t *testing.T) {
	for _, args := range [][]string{
		{"solve", "--game", "reloj", "--seed", "1"},
		{"analyze", "--game", "reloj", "--seeds", "1..2", "--quiet"},
		{"gen", "--game", "reloj", "--count", "1", "--quiet"},
		{"bench", "--game", "reloj", "--seeds", "1..2", "--strategies", "default"},
	} {
		for _, v := range []string{"1e+30", "1.5", "-1", "99999999999999999999", "two", "", "+1"} {
			code, out, errOut := runOut(append(args, "--passes", v)...)
			want := fmt.Sprintf("solitario: %s: --passes %q: must be a whole number from 0 (unlimited) to %d\n", args[0], v, math.MaxInt)
			if v == "" {
				want = fmt.Sprintf("solitario: %s: --passes: must be a whole number from 0 (unlimited) to %d\n", args[0], math.MaxInt)
			}
			if code != ExitError || out != "" || errOut != want {
				t.Errorf("%v --passes %q: exit %d, stdout %q, stderr %q; want exit 2, %q", args, v, code, out, errOut, want)
			}
		}
	}
}
