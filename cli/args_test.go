package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runPlain runs the real command tree (no fake games) and returns the exit
// code and stderr.
func runPlain(args ...string) (int, string) {
	var out, errOut strings.Builder
	code := Run(context.Background(), args, IO{In: strings.NewReader(""), Out: &out, Err: &errOut, Getenv: func(string) string { return "" }})
	return code, errOut.String()
}

// TestStrayArguments: a positional argument to a command that takes flags
// only is one clear line naming it and, where it looks like a flag's value,
// the flag; exit status 2, nothing run.
func TestStrayArguments(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "my.deal")
	if err := os.WriteFile(file, []byte("# empty\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "42"}, `solve: unexpected argument "42" (did you mean --seed 42?)`},
		{[]string{"solve", "--game", "reloj", "extra"}, `solve: unexpected argument "extra": solve takes no arguments, only flags (see 'solitario solve --help')`},
		{[]string{"solve", "reloj", "7"}, `solve: unexpected arguments "reloj" "7" (did you mean --game reloj --seed 7?)`},
		{[]string{"solve", "--game", "reloj", "--seed", "1", "flat-order"}, `solve: unexpected argument "flat-order" (did you mean --strategy flat-order?)`},
		{[]string{"solve", "--game", "reloj", file}, `solve: unexpected argument "` + file + `" (did you mean --deal ` + file + `?)`},
		{[]string{"deal", "--game", "sietes", "-"}, `deal: unexpected argument "-" (did you mean --deal -?)`},
		{[]string{"verify", file}, `verify: unexpected argument "` + file + `" (did you mean --solution ` + file + `?)`},
		{[]string{"analyze", "--game", "reloj", "1..100"}, `analyze: unexpected argument "1..100" (did you mean --seeds 1..100?)`},
		{[]string{"bench", "--game", "reloj", dir}, `bench: unexpected argument "` + dir + `" (did you mean --corpus ` + dir + `?)`},
		{[]string{"odds", "orologio52"}, `odds: unexpected argument "orologio52" (did you mean --game orologio52?)`},
		{[]string{"games", "reloj"}, `games: unexpected argument "reloj": games takes no arguments, only flags (see 'solitario games --help')`},
		{[]string{"gen", "100"}, `gen: unexpected argument "100": gen takes no arguments, only flags (see 'solitario gen --help')`},
		{[]string{"merge"}, `merge: no files: give the JSONL files written by 'analyze --jsonl', e.g. solitario merge reloj-0.jsonl reloj-1.jsonl`},
	} {
		code, errOut := runPlain(c.args...)
		if code != ExitError || errOut != "solitario: "+c.want+"\n" {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", c.args, code, errOut, c.want)
		}
	}
}

// TestEveryCommandRejectsStrayArguments: every command but merge and report (which
// take files) rejects a positional argument with noArgs's message, not
// cobra's "unknown command".
func TestEveryCommandRejectsStrayArguments(t *testing.T) {
	var io IO
	n := 0
	for _, sub := range newRoot(&io).Commands() {
		name := sub.Name()
		if name == "merge" || name == "report" || name == "help" || name == "completion" {
			continue
		}
		n++
		code, errOut := runPlain(name, "stray")
		want := "solitario: " + name + `: unexpected argument "stray": ` + name + ` takes no arguments, only flags (`
		if code != ExitError || !strings.HasPrefix(errOut, want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%s stray: exit %d, stderr %q; want exit 2 and %q…", name, code, errOut, want)
		}
	}
	if n < 9 {
		t.Fatalf("only %d commands checked", n)
	}
}

// TestDecimalFlags: the integer flags read base 10 alone, as --seed does:
// 08 is 8, 010 is 10 (pflag read 010 as 8 and refused 08), and 0x3 or 1_0
// are no whole numbers.
func TestDecimalFlags(t *testing.T) {
	var out, errOut strings.Builder
	code := Run(context.Background(), []string{"solve", "--game", "reloj", "--seed", "1", "--max-nodes", "08", "--json"},
		IO{In: strings.NewReader(""), Out: &out, Err: &errOut, Getenv: func(string) string { return "" }})
	if code != ExitUnknown || !strings.Contains(out.String(), `"stats":{"nodes":8,`) {
		t.Errorf("--max-nodes 08: exit %d, %q, stdout %.300s", code, errOut.String(), out.String())
	}
	for _, c := range []struct{ args, want string }{
		{"solve --game ventaglio --seed 1 -j 0x3", `--workers "0x3": want a whole number`},
		{"solve --game ventaglio --seed 1 --max-nodes 1_0", `--max-nodes "1_0": want a whole number`},
		{"analyze --game reloj --seeds 1..2 --workers 0b1", `--workers "0b1": want a whole number`},
		{"gen --game reloj --count 0x1", `--count "0x1": want a whole number`},
	} {
		if code, errOut := runPlain(strings.Fields(c.args)...); code != ExitError || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: exit %d, %q; want %q", c.args, code, errOut, c.want)
		}
	}
}
