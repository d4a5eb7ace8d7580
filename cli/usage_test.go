package cli

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// runOut runs the real command tree and returns the exit code, stdout and
// stderr.
func runOut(args ...string) (int, string, string) {
	var out, errOut strings.Builder
	code := Run(context.Background(), args, IO{In: strings.NewReader(""), Out: &out, Err: &errOut, Getenv: func(string) string { return "" }})
	return code, out.String(), errOut.String()
}

// runFile runs args, a command that writes the file path, and returns what
// it wrote; a failed run fails t.
func runFile(t *testing.T, path string, args ...string) string {
	t.Helper()
	if code, _, errOut := runOut(args...); code != ExitOK {
		t.Fatalf("%s: exit %d %s", args[0], code, errOut)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestUnknownTopicShellAndRootFlag: "help bogus" and "completion bogus"
// are one-line errors with exit 2 (cobra printed help and exited 0), and an
// unknown flag of the root command has one "solitario:" prefix, not two.
// Known topics and shells still work.
func TestUnknownTopicShellAndRootFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"help", "bogus"}, `solitario: help: unknown command "bogus" (commands: analyze, bench, board, completion, deal, games, gen, help, hint, merge, odds, report, review, show, solve, strategies, verify)` + "\n"},
		{[]string{"completion", "bogus"}, `solitario: completion: unknown shell "bogus" (shells: bash, fish, powershell, zsh)` + "\n"},
		{[]string{"--bogus"}, "solitario: --bogus: unknown flag (see 'solitario --help')\n"},
		// An unknown command that resembles none lists them, as help's does.
		{[]string{"bogus"}, `solitario: unknown command "bogus" for "solitario" (commands: analyze, bench, board, completion, deal, games, gen, help, hint, merge, odds, report, review, show, solve, strategies, verify)` + "\n"},
		{[]string{"solv"}, `solitario: unknown command "solv" for "solitario" (did you mean solve?)` + "\n"},
		{[]string{"solve", "--bogus"}, "solitario: solve: --bogus: unknown flag (see 'solitario solve --help')\n"},
		// An empty command and words after help's command (cobra's Find
		// skips an empty word and leaves the rest): errors, not help.
		{[]string{""}, `solitario: unknown command "" for "solitario" (commands: analyze, bench, board, completion, deal, games, gen, help, hint, merge, odds, report, review, show, solve, strategies, verify)` + "\n"},
		{[]string{"help", ""}, `solitario: help: unknown command "" (commands: analyze, bench, board, completion, deal, games, gen, help, hint, merge, odds, report, review, show, solve, strategies, verify)` + "\n"},
		{[]string{"help", "solve", "extra"}, `solitario: help: unexpected argument "extra": help takes one command, e.g. 'solitario help solve'` + "\n"},
		{[]string{"help", "completion", "bash", "extra"}, `solitario: help: unexpected argument "extra": help takes one command, e.g. 'solitario help completion bash'` + "\n"},
		{[]string{"completion", "bash", "extra"}, `solitario: completion: unexpected argument "extra": bash takes no arguments (see 'solitario completion bash --help')` + "\n"},
		// A shell's command is two words: its help is not 'solitario zsh --help'.
		{[]string{"completion", "zsh", "--bogus"}, "solitario: completion: --bogus: unknown flag (see 'solitario completion zsh --help')\n"},
	} {
		code, out, errOut := runOut(c.args...)
		if code != ExitError || out != "" || errOut != c.want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"help"}, "Available Commands:"},
		{[]string{"help", "solve"}, "solve searches every line"},
		{[]string{"help", "completion", "bash"}, "bash"},
		{[]string{"completion"}, "bash"},
		{[]string{"completion", "bash"}, "# bash completion"},
	} {
		code, out, errOut := runOut(c.args...)
		if code != ExitOK || !strings.Contains(out, c.want) || errOut != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout has %q: %v", c.args, code, errOut, c.want, strings.Contains(out, c.want))
		}
	}
}

// TestRepeatedFlag: every single-value flag of every command given twice,
// by name or shorthand, is refused with "--NAME given twice" and exit 2
// (pflag kept the last value silently); the reported cases first.
func TestRepeatedFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--seed", "2"}, "solitario: solve: --seed given twice\n"},
		{[]string{"verify", "--solution", "a", "--solution", "b"}, "solitario: verify: --solution given twice\n"},
		{[]string{"solve", "-g", "reloj", "-s1", "--seed=2"}, "solitario: solve: --seed given twice\n"},
		{[]string{"deal", "--game", "reloj", "-g", "sietes", "--seed", "1"}, "solitario: deal: --game given twice\n"},
		{[]string{"analyze", "--game", "reloj", "--seeds", "1..2", "-q", "--quiet"}, "solitario: analyze: --quiet given twice\n"},
	} {
		code, out, errOut := runOut(c.args...)
		if code != ExitError || out != "" || errOut != c.want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
	var io IO
	n := 0
	for _, sub := range newRoot(&io).Commands() {
		sub.Flags().VisitAll(func(f *pflag.Flag) {
			if f.Name == "help" {
				return
			}
			var args []string
			for _, form := range []string{"--" + f.Name, "-" + f.Shorthand} {
				if form == "-" {
					form = "--" + f.Name
				}
				args = append(args, form)
				if f.NoOptDefVal == "" {
					args = append(args, "1")
				}
			}
			args = append([]string{sub.Name()}, args...)
			code, _, errOut := runOut(args...)
			if want := "solitario: " + sub.Name() + ": --" + f.Name + " given twice\n"; code != ExitError || errOut != want {
				t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", args, code, errOut, want)
			}
			n++
		})
	}
	t.Logf("%d flags checked", n)
	if n < 50 {
		t.Errorf("only %d flags checked", n)
	}
	// Once each is fine; merge's file arguments may repeat (its own error).
	if code, _, errOut := runOut("solve", "-g", "reloj", "-s", "1", "--max-nodes", "100000"); code != ExitOK {
		t.Errorf("solve once each: exit %d, stderr %q", code, errOut)
	}
	if _, _, errOut := runOut("merge", "x.jsonl", "x.jsonl"); strings.Contains(errOut, "twice") && strings.Contains(errOut, "--") {
		t.Errorf("merge: %q", errOut)
	}
}

// TestUnknownFlagSuggests: an unknown flag close to one of the command's
// (bench --strategy for --strategies) names it; one close to none does not.
func TestUnknownFlagSuggests(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"bench", "--strategy", "default"}, "solitario: bench: --strategy: unknown flag, did you mean --strategies? (see 'solitario bench --help')\n"},
		{[]string{"analyze", "--game", "reloj", "--seed=5"}, "solitario: analyze: --seed: unknown flag, did you mean --seeds? (see 'solitario analyze --help')\n"},
		{[]string{"solve", "--max-node", "5"}, "solitario: solve: --max-node: unknown flag, did you mean --max-nodes? (see 'solitario solve --help')\n"},
		{[]string{"solve", "--frobnicate"}, "solitario: solve: --frobnicate: unknown flag (see 'solitario solve --help')\n"},
	} {
		if code, out, errOut := runOut(c.args...); code != ExitError || out != "" || errOut != c.want {
			t.Errorf("%v: exit %d, %q, want %d, %q", c.args, code, errOut, ExitError, c.want)
		}
	}
}
