package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// TestMistypedFlagEveryCommand (issue 33): on every command a flag with a
// letter dropped or two swapped is answered with the flag meant, as
// `solve --sed 1` with --seed.
func TestMistypedFlagEveryCommand(t *testing.T) {
	for _, c := range newRoot(&IO{}).Commands() {
		if !c.IsAvailableCommand() || c.Name() == "completion" || c.Name() == "help" {
			continue
		}
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if f.Hidden || len(f.Name) < 4 || f.Name == "help" {
				return
			}
			for _, typo := range []string{f.Name[:1] + f.Name[2:], f.Name[:1] + f.Name[2:3] + f.Name[1:2] + f.Name[3:]} {
				if c.Flags().Lookup(typo) != nil {
					continue
				}
				code, _, errOut := runOut(c.Name(), "--"+typo, "1")
				want := "--" + typo + ": unknown flag, did you mean --" + f.Name + "?"
				if code != ExitError || !strings.Contains(errOut, want) {
					// Another flag as near is no mistake of the test's.
					if !strings.Contains(errOut, "did you mean") && !strings.Contains(errOut, "unknown flag (see") {
						t.Errorf("%s --%s: exit %d %q; want %q", c.Name(), typo, code, errOut, want)
					} else if strings.Contains(errOut, "unknown flag (see") && nearTie(c.Flags(), typo) == 1 {
						t.Errorf("%s --%s: %q; want %q", c.Name(), typo, errOut, want)
					}
				}
			}
		})
	}
	if code, _, errOut := runOut("solve", "--sed", "1"); code != ExitError || errOut != "solitario: solve: --sed: unknown flag, did you mean --seed? (see 'solitario solve --help')\n" {
		t.Errorf("solve --sed 1: exit %d %q", code, errOut)
	}
}

// nearTie is how many flags of fs are as near to name by edits as the
// nearest.
func nearTie(fs *pflag.FlagSet, name string) int {
	best, n := 1<<30, 0
	fs.VisitAll(func(f *pflag.Flag) {
		switch d := edits(name, f.Name); {
		case d < best:
			best, n = d, 1
		case d == best:
			n++
		}
	})
	return n
}

// TestFlagErrorsOneVoice (issue 33): pflag's refusals are worded as the
// project's (`--moves -1: must be 0 or more`): the flag, the value, why.
// A long file name cut in a message keeps the ": " before the reason.
func TestFlagErrorsOneVoice(t *testing.T) {
	long := filepath.Join(t.TempDir(), strings.Repeat("a", 300)+".jsonl")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--after", "x", "--moves", "99999999999999999999"}, `solitario: solve: --moves "99999999999999999999": out of range (at most 9223372036854775807)`},
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--timeout", "5"}, `solitario: solve: --timeout "5": want a duration with its unit, e.g. 30s, 5m, 1h30m`},
		{[]string{"analyze", "--game", "reloj", "--seeds", "1..2", "-j", "0x3"}, `solitario: analyze: --workers "0x3": want a whole number`},
		{[]string{"analyze", "--game", "reloj", "--seeds", "1..2", "--tt-mem", "1MiB", "--workers", "1"}, "solitario: analyze: --tt-mem 1 MiB is less than the 1536 KiB that 1 worker needs"},
		{[]string{"analyze", "--game", "reloj", "--seeds", "1..2", "--jsonl", long}, " bytes): file name too long\n"},
	} {
		code, _, errOut := runOut(c.args...)
		if code == ExitOK || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d %q; want %q", c.args, code, errOut, c.want)
		}
	}
	if got := cutLongWords("--out /tmp/" + strings.Repeat("a", 300) + ".html: file name too long"); !strings.HasSuffix(got, " bytes): file name too long") {
		t.Errorf("cut name: %q; want \": \" before the reason", got)
	}
	if got := cutLongWords(`--deal "` + strings.Repeat("b", 300) + `": no such file`); !strings.HasSuffix(got, `"… (300 bytes): no such file`) {
		t.Errorf("cut quoted name: %q", got)
	}
}

// TestHelpWrappedToWidth (issue 33): every command's help, flags included,
// fits 80 columns when piped and the terminal's width on one; solve's help
// keeps to the essentials, its detail in docs/solve.md.
func TestHelpWrappedToWidth(t *testing.T) {
	for _, width := range []int{0, 100} {
		want := max(width, 80)
		root := newRoot(&IO{In: strings.NewReader(""), Out: &strings.Builder{}, Err: &strings.Builder{}, Width: width, Getenv: func(string) string { return "" }})
		for _, c := range root.Commands() {
			if !c.IsAvailableCommand() {
				continue
			}
			var out strings.Builder
			code := Run(t.Context(), []string{c.Name(), "--help"}, IO{In: strings.NewReader(""), Out: &out, Err: &out, Width: width, Getenv: func(string) string { return "" }})
			for i, l := range strings.Split(out.String(), "\n") {
				if n := len([]rune(l)); code != ExitOK || n > want {
					t.Errorf("width %d: %s --help, line %d: %d columns (exit %d): %q", width, c.Name(), i+1, n, code, l)
				}
			}
		}
	}
	_, help, _ := runOut("solve", "--help")
	if n := strings.Count(help, "\n"); n > 100 {
		t.Errorf("solve --help is %d lines", n)
	}
	doc, err := os.ReadFile("../docs/solve.md")
	if err != nil || !strings.Contains(string(doc), "max-depth (a line reached 1,048,576") || !strings.Contains(strings.Join(strings.Fields(string(doc)), " "), "a plan: fixed, Luby and streamlined restarts and beam searches in fair turns") {
		t.Errorf("docs/solve.md lacks solve's detail: %v", err)
	}
}

// TestBenchCompactQuiet (issue 33): bench prints a compact table (about
// 100 columns, not 190) without the legend, which its --help holds; --wide
// prints every column and the legend; progress goes to a terminal's stderr
// only (none to a redirected one), and --quiet shows none at all.
func TestBenchCompactQuiet(t *testing.T) {
	args := []string{"bench", "--game", "reloj", "--seeds", "1..2", "--strategies", "default,dfs-flat"}
	code, out, errOut := runOut(args...)
	if code != ExitOK || errOut != "" || strings.Contains(out, "decided: deals given a verdict") || !strings.Contains(out, "strategy     decided  nodes mean  time p50") {
		t.Errorf("bench: exit %d, stderr %q:\n%s", code, errOut, out)
	}
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "default ") && len(l) > 100 {
			t.Errorf("a table row of %d columns: %q", len(l), l)
		}
	}
	_, wide, _ := runOut(append(args, "--wide")...)
	if !strings.Contains(wide, "hardest") || !strings.Contains(wide, "decided: deals given a verdict") {
		t.Errorf("bench --wide:\n%s", wide)
	}
	_, help, _ := runOut("bench", "--help")
	if !strings.Contains(help, "The columns:\n  decided: deals given a verdict") || !strings.Contains(help, "--quiet") {
		t.Errorf("bench --help lacks the legend or --quiet")
	}
	var tty strings.Builder
	code = Run(t.Context(), append(args, "--quiet"), IO{In: strings.NewReader(""), Out: &strings.Builder{}, Err: &tty, ErrIsTTY: true, Getenv: func(string) string { return "" }})
	if code != ExitOK || tty.Len() != 0 {
		t.Errorf("bench --quiet on a terminal: exit %d, stderr %q", code, tty.String())
	}
}
