package cli

import "testing"

// TestEmptyFlagValue: a value flag given as "" is refused with one line
// naming it, exit 2, as --game "" and the file flags are: --tt "" and
// --shard "" were taken as not given (the strategy's table, no shard),
// --seeds "" too (analyze: "required"; bench ran --corpus beside it), and
// --play "" said the game's rules "must be given".
func TestEmptyFlagValue(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--play", ""}, `solitario: solve: reloj: unknown --play "" (want forced or free)` + "\n"},
		{[]string{"solve", "--game", "ventaglio", "--seed", "1", "--play", ""}, `solitario: solve: ventaglio: unknown --play "" (want free or forced)` + "\n"},
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--tt", ""}, "solitario: solve: --tt: empty table name (want flat, ristretto or none)\n"},
		{[]string{"analyze", "--game", "reloj", "--seeds", "1..2", "--tt", ""}, "solitario: analyze: --tt: empty table name (want flat, ristretto or none)\n"},
		{[]string{"analyze", "--game", "reloj", "--seeds", ""}, "solitario: analyze: --seeds: empty (want A..B, an inclusive seed range, or one seed)\n"},
		{[]string{"bench", "--game", "reloj", "--seeds", "", "--corpus", "."}, "solitario: bench: --seeds: empty (want A..B, an inclusive seed range, or one seed)\n"},
		{[]string{"analyze", "--game", "reloj", "--seeds", "1..2", "--shard", ""}, "solitario: analyze: --shard: empty (want K/N, shard K of N from 0, or auto/N)\n"},
	} {
		code, out, errOut := runOut(c.args...)
		if code != ExitError || out != "" || errOut != c.want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", c.args, code, out, errOut, ExitError, c.want)
		}
	}
}
