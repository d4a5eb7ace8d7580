package cli

import (
	"context"
	"strings"
	"testing"
)

// runOut runs the real command tree and returns the exit code, stdout and
// stderr.
func runOut(args ...string) (int, string, string) {
	var out, errOut strings.Builder
	code := Run(context.Background(), args, IO{In: strings.NewReader(""), Out: &out, Err: &errOut, Getenv: func(string) string { return "" }})
	return code, out.String(), errOut.String()
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
		{[]string{"help", "bogus"}, `solitario: help: unknown command "bogus" (commands: analyze, bench, completion, deal, games, gen, help, merge, odds, solve, strategies, verify)` + "\n"},
		{[]string{"completion", "bogus"}, `solitario: completion: unknown shell "bogus" (shells: bash, fish, powershell, zsh)` + "\n"},
		{[]string{"--bogus"}, "solitario: unknown flag: --bogus\n"},
		{[]string{"solve", "--bogus"}, "solitario: solve: unknown flag: --bogus\n"},
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
		{[]string{"completion"}, "bash"},
		{[]string{"completion", "bash"}, "# bash completion"},
	} {
		code, out, errOut := runOut(c.args...)
		if code != ExitOK || !strings.Contains(out, c.want) || errOut != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout has %q: %v", c.args, code, errOut, c.want, strings.Contains(out, c.want))
		}
	}
}
