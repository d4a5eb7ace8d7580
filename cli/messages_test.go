package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRangeAndLineMessages: a value too large for its flag names the bound
// (the flag's own range when it has one, as --workers),
// "-" is refused as a JSONL file argument, a deal file's bad "# rules:" line
// is worded in the line's own words (not as a flag the user never gave),
// report refuses a folder as --out before it reads the files, and "all" in
// a list of strategies is refused as such. Each is one exact line, exit 2.
func TestRangeAndLineMessages(t *testing.T) {
	dir := t.TempDir()
	_, dealText, _ := runOut("deal", "--game", "reloj", "--seed", "1", "--json")
	tokens := dealText[strings.Index(dealText, `"deal":[`)+8 : strings.LastIndex(dealText, "]")]
	tokens = strings.NewReplacer(`"`, "", ",", " ").Replace(tokens)
	bad := filepath.Join(dir, "bad.deal")
	os.WriteFile(bad, []byte("# rules: play=bogus\n"+tokens+"\n"), 0o644)
	upper := filepath.Join(dir, "upper.deal")
	os.WriteFile(upper, []byte("# rules: PLAY=FREE\n"+tokens+"\n"), 0o644)
	run := filepath.Join(dir, "run.jsonl")
	if code, _, errOut := runOut("analyze", "--game", "orologio52", "--seeds", "1..3", "--jsonl", run, "--quiet"); code != ExitOK {
		t.Fatalf("analyze: %s", errOut)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--timeout", "10000000h"},
			`solitario: solve: --timeout "10000000h": out of range: at most 2562047h`},
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--max-nodes", "18446744073709551615"},
			`solitario: solve: --max-nodes "18446744073709551615": out of range (at most 9223372036854775807)`},
		{[]string{"solve", "--game", "reloj", "--seed", "1", "-j", "99999999999999999999"},
			`solitario: solve: --workers "99999999999999999999": out of range (1 to 8)`},
		{[]string{"solve", "--game", "reloj", "--seed", "1", "-j", "-99999999999999999999"},
			`solitario: solve: --workers "-99999999999999999999": out of range (1 to 8)`},
		{[]string{"analyze", "--game", "reloj", "--seeds", "1..2", "-j", "99999999999999999999"},
			`solitario: analyze: --workers "99999999999999999999": out of range (1 to 1048576)`},
		{[]string{"analyze", "--game", "reloj", "--seeds", "1..2", "-j", "0"},
			`solitario: analyze: --workers 0: must be 1 to 1048576`},
		{[]string{"odds", "--game", "orologio", "--digits", "99999999999999999999"},
			`solitario: odds: --digits "99999999999999999999": out of range (1 to 1000)`},
		{[]string{"analyze", "--game", "reloj", "--seeds", "1..2", "--shard", "0/99999999999999999999"},
			`solitario: analyze: --shard: shard "0/99999999999999999999": N is out of range (at most 9223372036854775807)`},
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--tt-mem", "99999999999TiB"},
			`solitario: solve: --tt-mem "99999999999TiB": between 1MiB and 1TiB`},
		{[]string{"merge", "-"}, "solitario: merge: argument 1: - (standard input) is not read here: give the files"},
		{[]string{"report", run, "-"}, "solitario: report: argument 2: - (standard input) is not read here: give the files"},
		{[]string{"deal", "--game", "reloj", "--deal", bad},
			`solitario: deal: ` + bad + `:1: rules: reloj: unknown play="bogus" (want forced or free)`},
		{[]string{"solve", "--game", "reloj", "--deal", bad},
			`solitario: solve: ` + bad + `:1: rules: reloj: unknown play="bogus" (want forced or free)`},
		{[]string{"solve", "--game", "reloj", "--deal", upper},
			`solitario: solve: ` + upper + `:1: rules: unknown rule "PLAY" (reloj's rules are play, passes)`},
		{[]string{"report", run, "--out", dir}, "solitario: report: --out " + dir + ": is a directory, not a file"},
		{[]string{"bench", "--game", "reloj", "--seeds", "1..2", "--strategies", "all,default"},
			"solitario: bench: --strategies all,default: all names every strategy, so it stands alone"},
	} {
		code, out, errOut := runOut(c.args...)
		if code != ExitError || out != "" || errOut != c.want+"\n" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", c.args, code, out, errOut, ExitError, c.want)
		}
	}
}

// TestDealShowsRulesLine: deal lays a deal file out under its "# rules:"
// line (it has no rule flags), and a seed under the game's defaults.
func TestDealShowsRulesLine(t *testing.T) {
	_, dealText, _ := runOut("deal", "--game", "reloj", "--seed", "1", "--json")
	tokens := dealText[strings.Index(dealText, `"deal":[`)+8 : strings.LastIndex(dealText, "]")]
	file := filepath.Join(t.TempDir(), "free.deal")
	os.WriteFile(file, []byte("# rules: play=free passes=1\n"+strings.NewReplacer(`"`, "", ",", " ").Replace(tokens)+"\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"deal", "--game", "reloj", "--deal", file}, "Del reloj (play free, passes 1)\n"},
		{[]string{"deal", "--game", "reloj", "--seed", "1"}, "Del reloj (play forced, passes 2)\n"},
	} {
		code, out, errOut := runOut(c.args...)
		if code != ExitOK || !strings.HasPrefix(out, c.want) {
			t.Errorf("%q: exit %d, stderr %q, output starts %.40q; want %q", c.args, code, errOut, out, c.want)
		}
	}
}
