package cli

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// Seeds are decimal everywhere: pflag's Uint64 would read 010 as octal 8.
func TestSeedIsDecimal(t *testing.T) {
	code, out, errs := cliRun(t, context.Background(), "", "deal", "--game", "reloj", "--seed", "010", "--json")
	if code != ExitOK || !strings.Contains(out, `"seed":10`) {
		t.Fatalf("--seed 010: exit %d, out %q, err %q; want seed 10", code, out, errs)
	}
	code, _, errs = cliRun(t, context.Background(), "", "deal", "--game", "reloj", "--seed", "0x10")
	if code != ExitError || !strings.Contains(errs, "not a seed") {
		t.Fatalf("--seed 0x10: exit %d, err %q; want exit 2 and 'not a seed'", code, errs)
	}
	// gen --from is a seed too. The classic Clock's first win from seed 10
	// is seed 25 (from 8 it would be seed 8, octal 010).
	code, out, errs = cliRun(t, context.Background(), "", "gen", "--game", "orologio52", "--count", "1", "--from", "010", "--quiet")
	if code != ExitOK || !strings.Contains(out, `"seed":25,`) {
		t.Fatalf("gen --from 010: exit %d, out %.80q, err %q; want seed 25", code, out, errs)
	}
	code, _, errs = cliRun(t, context.Background(), "", "gen", "--game", "orologio52", "--count", "1", "--from", "0x7")
	if code != ExitError || !strings.Contains(errs, "not a seed") {
		t.Fatalf("gen --from 0x7: exit %d, err %q; want exit 2 and 'not a seed'", code, errs)
	}
}

// A --seed is read as each end of a --seeds range (one reader,
// analysis.ParseSeed): what one refuses the other does too. A seed is a
// decimal number (RULES.md, "Deals from a seed"): a sign, 0x and spaces
// around it are refused, not trimmed.
func TestSeedReadAsSeeds(t *testing.T) {
	_, want, _ := cliRun(t, context.Background(), "", "deal", "--game", "reloj", "--seed", "5", "--json")
	code, out, errs := cliRun(t, context.Background(), "", "deal", "--game", "reloj", "--seed", "05", "--json")
	if code != ExitOK || out != want {
		t.Errorf("--seed 05: exit %d, out %q, err %q; want seed 5's deal", code, out, errs)
	}
	code, out, errs = cliRun(t, context.Background(), "", "analyze", "--game", "reloj", "--seeds", "05..5", "--workers", "1", "--json")
	var run struct {
		Run struct{ Seeds struct{ From, To uint64 } }
	}
	if code != ExitOK || json.Unmarshal([]byte(out), &run) != nil || run.Run.Seeds.From != 5 || run.Run.Seeds.To != 5 {
		t.Errorf("--seeds 05..5: exit %d, out %.200q, err %q", code, out, errs)
	}
	for _, s := range []string{"+5", "0x5", "5 6", "", " 5", "5 ", "\t5", "5\n"} {
		want := "solitario: deal: --seed " + strconv.Quote(s) + ": not a seed: want a decimal number from 0 to 18446744073709551615\n"
		if s == "" {
			want = "solitario: deal: --seed: not a seed: want a decimal number from 0 to 18446744073709551615\n"
		}
		if code, _, errs := cliRun(t, context.Background(), "", "deal", "--game", "reloj", "--seed", s); code != ExitError || errs != want {
			t.Errorf("--seed %q: exit %d, err %q; want exit 2 and %q", s, code, errs, want)
		}
		if code, _, errs := cliRun(t, context.Background(), "", "analyze", "--game", "reloj", "--seeds", s+"..9"); code != ExitError || !strings.Contains(errs, "want A..B") {
			t.Errorf("--seeds %q: exit %d, err %q; want exit 2", s+"..9", code, errs)
		}
	}
}

// verify takes one object (or one a line, TestVerifyJSONLines), and a seed
// must match its deal.
func TestVerifyRejectsExtraObjectAndWrongSeed(t *testing.T) {
	code, sol, errs := cliRun(t, context.Background(), "", "solve", "--game", "reloj", "--seed", "1", "--json")
	if code != ExitOK {
		t.Fatalf("solve reloj 1: exit %d, %s", code, errs)
	}
	code, _, errs = cliRun(t, context.Background(), strings.TrimSpace(sol)+sol, "verify", "--solution", "-")
	if code != ExitError || !strings.Contains(errs, "more after the first object") {
		t.Errorf("two objects on a line: exit %d, err %q; want exit 2", code, errs)
	}
	code, out, errs := cliRun(t, context.Background(), sol+sol, "verify", "--solution", "-")
	if code != ExitOK || out != "ok: 2 solutions, one a line, each a legal win\n" {
		t.Errorf("two lines: exit %d, out %q, err %q; want both verified", code, out, errs)
	}
	wrong := strings.Replace(sol, `"seed":1,`, `"seed":2,`, 1)
	code, _, errs = cliRun(t, context.Background(), wrong, "verify", "--solution", "-")
	if code != ExitError || !strings.Contains(errs, "not the deal of seed 2") {
		t.Errorf("wrong seed: exit %d, err %q; want exit 2", code, errs)
	}
	code, out, errs = cliRun(t, context.Background(), sol, "verify", "--solution", "-")
	if code != ExitOK {
		t.Errorf("the untouched solution: exit %d, out %q, err %q", code, out, errs)
	}
}

// Every seed flag is a seedValue, read by analysis.ParseSeed, and a bad one
// is worded as the project words a bad value (`--tt-mem "abc": not a size`),
// not as pflag does (`--seed "abc": ...`).
func TestSeedFlagError(t *testing.T) {
	base := map[string][]string{
		"deal":   {"--game", "reloj"},
		"solve":  {"--game", "reloj"},
		"gen":    {"--game", "reloj", "--count", "1"},
		"hint":   {"--game", "reloj", "--solution", "x.txt"},
		"review": {"--game", "reloj", "--solution", "x.txt"},
		"show":   {"--game", "reloj", "--solution", "x.txt"},
	}
	found := 0
	for _, c := range newRoot(&IO{}).Commands() {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if f.Name != "seed" && f.Name != "from" {
				return
			}
			if _, ok := f.Value.(*seedValue); !ok {
				t.Errorf("%s --%s is a %T, not a seedValue", c.Name(), f.Name, f.Value)
				return
			}
			found++
			args, ok := base[c.Name()]
			if !ok {
				t.Errorf("%s --%s: no arguments to run it with in this test", c.Name(), f.Name)
				return
			}
			for _, bad := range []string{"abc", "-1", "18446744073709551616"} {
				code, out, errOut := runOut(append([]string{c.Name()}, append(args, "--"+f.Name, bad)...)...)
				want := "solitario: " + c.Name() + ": --" + f.Name + " " + strconv.Quote(bad) + ": not a seed: want a decimal number from 0 to 18446744073709551615\n"
				if code != ExitError || out != "" || errOut != want {
					t.Errorf("%s --%s %q: exit %d, stdout %q, stderr %q; want exit %d and %q", c.Name(), f.Name, bad, code, out, errOut, ExitError, want)
				}
			}
		})
	}
	if found != len(base) {
		t.Errorf("%d seed flags, want %d (deal, solve, hint, review and show --seed, gen --from)", found, len(base))
	}
}

// --game "" is refused as an empty name with the games listed, as an
// unknown name is, by every command with --game: read as not given it said
// "--game is required" (verify skipped the check it asks for).
func TestEmptyGameName(t *testing.T) {
	all := "(games: ventaglio, reloj, sietes, orologio, orologio52)"
	for _, c := range []struct {
		args  []string
		games string
	}{
		{[]string{"deal", "--seed", "1"}, all},
		{[]string{"solve", "--seed", "1"}, all},
		{[]string{"analyze", "--seeds", "1..2"}, all},
		{[]string{"gen", "--count", "1"}, all},
		{[]string{"bench", "--seeds", "1..2"}, all},
		{[]string{"verify", "--solution", "-"}, all},
		{[]string{"odds"}, "(games: orologio, orologio52)"},
	} {
		for _, game := range [][]string{{"--game", ""}, {"--game="}, {"-g", ""}} {
			args := append(append([]string{}, c.args...), game...)
			code, out, errOut := runOut(args...)
			want := "solitario: " + args[0] + ": --game: empty game name " + c.games + "\n"
			if code != ExitError || out != "" || errOut != want {
				t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", args, code, out, errOut, ExitError, want)
			}
		}
	}
	// Not given at all, it is still required.
	if code, _, errOut := runOut("solve", "--seed", "1"); code != ExitError || !strings.Contains(errOut, "--game is required") {
		t.Errorf("solve without --game: exit %d, stderr %q", code, errOut)
	}
}

// A bad --seeds is worded as a bad --seed is, the flag and the value first,
// once: not "--seeds: seeds "abc": ...".
func TestSeedsFlagError(t *testing.T) {
	for _, c := range []struct{ seeds, why string }{
		{"abc", "want A..B with seeds A <= B, each from 0 to 18446744073709551615, e.g. 1..100000"},
		{"1 ..5", "want A..B with seeds A <= B, each from 0 to 18446744073709551615, e.g. 1..100000"},
		// A seed past the last says the range (was errRange's "unsigned
		// 64-bit", which a user has to work out).
		{"1..123456789012345678901234567890", "B is too large: seeds go from 0 to 18446744073709551615"},
		{"18446744073709551616..18446744073709551617", "A is too large: seeds go from 0 to 18446744073709551615"},
		{"18446744073709551616", "too large: seeds go from 0 to 18446744073709551615"},
		{"9..5", "the range is empty (9 > 5); write the smaller seed first"},
	} {
		for _, cmd := range []string{"analyze", "bench"} {
			code, out, errOut := runOut(cmd, "--game", "reloj", "--seeds", c.seeds)
			want := "solitario: " + cmd + ": --seeds " + strconv.Quote(c.seeds) + ": " + c.why + "\n"
			if code != ExitError || out != "" || errOut != want {
				t.Errorf("%s --seeds %q: exit %d, stdout %q, stderr %q; want exit %d and %q", cmd, c.seeds, code, out, errOut, ExitError, want)
			}
		}
	}
}
