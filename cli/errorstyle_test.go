package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// goInternals are words of Go's own errors that a message must not show: the
// system call of a file error ("open FILE: …"), a parser's package, cobra's
// "(s)".
var goInternals = regexp.MustCompile(`\b(open|read|stat|lstat) /|strconv\.|(^|[^.\w])json: |\(s\)|\btime: |invalid syntax`)

// whatWhy is a message that says what is wrong and why: "<what>: <why>", or
// a flag, then what is wrong with it ("--seeds A..B is required").
var whatWhy = regexp.MustCompile(`^\S.*: \S|^--[a-z-]+ .*(required|needs|given twice)`)

// TestErrorStyle runs every command's error paths: each is one line on
// stderr, "solitario: <command>: <what>: <why>" (the command named once),
// with nothing on stdout and the documented exit code.
func TestErrorStyle(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing")
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	junk := filepath.Join(dir, "junk.json")
	os.WriteFile(junk, []byte(`{"game":"reloj","frm":1}`), 0o644)
	exists := filepath.Join(dir, "exists.jsonl")
	os.WriteFile(exists, []byte("keep\n"), 0o644)
	// A line to show, hint, review and solve after; the same line with
	// its fourth move made illegal; a list of moves with an unknown field.
	won := filepath.Join(dir, "won.json")
	sol := relojSeed1(t)
	os.WriteFile(won, []byte(sol), 0o644)
	illegal := filepath.Join(dir, "illegal.json")
	os.WriteFile(illegal, []byte(illegalMove(t, sol, 4)), 0o644)
	misspelt := filepath.Join(dir, "misspelt.json")
	os.WriteFile(misspelt, []byte(`[{"frm":"stock","to":"waste","card":"1O"}]`), 0o644)
	noDir := filepath.Join(dir, "no", "such", "page.html")
	run := filepath.Join(dir, "run.jsonl")
	if code, _, errOut := runOut("analyze", "--game", "orologio52", "--seeds", "1..5", "--jsonl", run, "--quiet"); code != ExitOK {
		t.Fatalf("analyze: %s", errOut)
	}
	cases := []struct {
		code int
		args []string
	}{
		{ExitError, []string{"games", "--bogus"}},
		{ExitError, []string{"games", "extra"}},
		{ExitError, []string{"deal", "--game", "bogus", "--seed", "1"}},
		{ExitError, []string{"deal", "--game", "reloj"}},
		{ExitError, []string{"deal", "--game", "reloj", "--deal", missing}},
		{ExitError, []string{"deal", "--game", "reloj", "--deal", sub}},
		{ExitError, []string{"solve", "--game", "reloj", "--seed", "1", "--seed", "2"}},
		{ExitError, []string{"solve", "--game", "reloj", "--seed", "1", "--max-nodes", "-5"}},
		{ExitError, []string{"solve", "--game", "reloj", "--seed", "x"}},
		{ExitError, []string{"solve", "--game"}},
		{ExitError, []string{"solve", "-v"}},
		{ExitError, []string{"solve", "--game", "reloj", "--seed", "1", "--timeout", "5"}},
		{ExitError, []string{"solve", "--game", "ventaglio", "--seed", "1", "--provisional-wrap=maybe"}},
		{ExitError, []string{"solve", "--game", "reloj", "--seed", "1", "--max-nodes", "x"}},
		{ExitError, []string{"analyze", "--game", "reloj", "--seeds", "1..2", "--workers", "two"}},
		{ExitError, []string{"solve", "--game", "reloj", "--seed", "1", "--play", "lazy"}},
		{ExitError, []string{"solve", "--game", "orologio", "--seed", "1", "--passes", "2"}},
		{ExitError, []string{"solve", "--game", "reloj", "--seed", "1", "--tt-mem", "3"}},
		{ExitError, []string{"solve", "--game", "reloj", "--seed", "1", "--strategy", "bogus"}},
		{ExitError, []string{"solve", "--game", "reloj", "--deal", missing}},
		{ExitError, []string{"verify"}},
		{ExitError, []string{"verify", "--solution", missing}},
		{ExitError, []string{"verify", "--solution", sub}},
		{ExitError, []string{"verify", "--solution", junk}},
		{ExitError, []string{"verify", "--game", "bogus", "--solution", junk}},
		{ExitError, []string{"odds", "--game", "reloj"}},
		{ExitError, []string{"odds", "--game", "orologio", "--digits", "-1"}},
		{ExitError, []string{"analyze", "--game", "reloj"}},
		{ExitError, []string{"analyze", "--game", "reloj", "--seeds", "5..1"}},
		{ExitError, []string{"analyze", "--game", "reloj", "--seeds", "1..2", "--shard", "3/2"}},
		{ExitError, []string{"analyze", "--game", "reloj", "--seeds", "1..2", "--jsonl", sub}},
		{ExitError, []string{"analyze", "--game", "reloj", "--seeds", "1..2", "--resume"}},
		{ExitError, []string{"analyze", "--game", "reloj", "--seeds", "1..2", "--jsonl", exists}},
		{ExitError, []string{"merge"}},
		{ExitError, []string{"merge", missing}},
		{ExitError, []string{"merge", sub}},
		{ExitError, []string{"merge", exists}},
		{ExitError, []string{"gen", "--game", "reloj"}},
		{ExitError, []string{"gen", "--game", "reloj", "--count", "0"}},
		{ExitError, []string{"gen", "--game", "reloj", "--count", "1", "--min-moves", "9999"}},
		{ExitError, []string{"gen", "--game", "reloj", "--count", "1", "--out", exists}},
		{ExitError, []string{"gen", "--game", "reloj", "--count", "1", "--out", sub}},
		{ExitError, []string{"bench", "--game", "reloj"}},
		{ExitError, []string{"bench", "--game", "reloj", "--corpus", missing}},
		{ExitError, []string{"bench", "--game", "reloj", "--corpus", sub}},
		{ExitError, []string{"bench", "--game", "reloj", "--seeds", "1", "--strategies", "dfs,bogus"}},
		{ExitError, []string{"strategies", "x"}},
		{ExitError, []string{"help", "bogus"}},
		{ExitError, []string{"completion", "bogus"}},
		{ExitError, []string{"show"}},
		{ExitError, []string{"show", "--solution", missing}},
		{ExitError, []string{"show", "--solution", sub}},
		{ExitError, []string{"show", "--solution", junk}},
		{ExitError, []string{"show", "--solution", illegal}},
		{ExitError, []string{"show", "--solution", won, "--out", sub}},
		{ExitOutput, []string{"show", "--solution", won, "--out", noDir}},
		{ExitError, []string{"report"}},
		{ExitError, []string{"report", missing}},
		{ExitError, []string{"report", sub}},
		{ExitError, []string{"report", exists}},
		{ExitError, []string{"report", run, "--out", sub}},
		{ExitOutput, []string{"report", run, "--out", noDir}},
		{ExitError, []string{"hint"}},
		{ExitError, []string{"hint", "--solution", missing}},
		{ExitError, []string{"hint", "--solution", junk}},
		{ExitError, []string{"hint", "--solution", illegal}},
		{ExitError, []string{"hint", "--solution", won, "--moves", "-1"}},
		{ExitError, []string{"hint", "--solution", won, "--moves", "999"}},
		{ExitError, []string{"hint", "--solution", won, "--max-nodes", "-5"}},
		{ExitError, []string{"review"}},
		{ExitError, []string{"review", "--solution", sub}},
		{ExitError, []string{"review", "--solution", illegal}},
		{ExitError, []string{"solve", "--game", "reloj", "--seed", "1", "--after", missing}},
		{ExitError, []string{"solve", "--game", "reloj", "--seed", "1", "--after", sub}},
		{ExitError, []string{"solve", "--game", "reloj", "--seed", "1", "--after", junk}},
		{ExitError, []string{"solve", "--game", "reloj", "--seed", "1", "--after", misspelt}},
		{ExitError, []string{"solve", "--game", "reloj", "--seed", "1", "--after", illegal}},
		{ExitError, []string{"solve", "--game", "reloj", "--seed", "2", "--after", won}},
		{ExitError, []string{"solve", "--game", "sietes", "--seed", "1", "--after", won}},
		{ExitError, []string{"solve", "--game", "reloj", "--seed", "1", "--after", won, "--moves", "999"}},
		{ExitError, []string{"solve", "--game", "reloj", "--seed", "1", "--moves", "3"}},
		{ExitError, []string{"solve", "--game", "reloj", "--seed", "1", "--html", sub}},
		{ExitOutput, []string{"solve", "--game", "reloj", "--seed", "1", "--html", noDir}},
		{ExitOutput, []string{"solve", "--game", "reloj", "--seed", "1", "--after", won, "--moves", "30", "--html", noDir}},
	}
	if _, err := os.Stat("/dev/full"); err == nil {
		cases = append(cases,
			struct {
				code int
				args []string
			}{ExitOutput, []string{"analyze", "--game", "reloj", "--seeds", "1..3", "--jsonl", "/dev/full", "--quiet"}},
			struct {
				code int
				args []string
			}{ExitOutput, []string{"gen", "--game", "reloj", "--count", "1", "--out", "/dev/full", "--quiet"}})
	}
	for _, c := range cases {
		code, out, errOut := runOut(c.args...)
		cmd := c.args[0]
		msg, ok := strings.CutPrefix(errOut, "solitario: "+cmd+": ")
		switch {
		case code != c.code:
			t.Errorf("%q: exit %d, want %d (stderr %q)", c.args, code, c.code, errOut)
		case !ok || strings.Count(errOut, "\n") != 1 || !strings.HasSuffix(errOut, "\n"):
			t.Errorf("%q: stderr %q: want one line starting %q", c.args, errOut, "solitario: "+cmd+": ")
		case strings.HasPrefix(msg, cmd+": ") || strings.HasPrefix(msg, "solitario"):
			t.Errorf("%q: the command is named twice: %q", c.args, errOut)
		case goInternals.MatchString(msg):
			t.Errorf("%q: Go's own words in %q", c.args, errOut)
		case !whatWhy.MatchString(msg):
			t.Errorf("%q: %q says no what and why", c.args, errOut)
		case strings.Count(msg, missing)+strings.Count(msg, sub) > 1 && !strings.Contains(msg, "e.g. "):
			t.Errorf("%q: a path named twice in %q", c.args, errOut)
		case out != "":
			t.Errorf("%q: stdout %q on an error", c.args, out)
		}
	}
}

// TestFlagValueErrors: a bad flag value says what the flag takes, not Go's
// parser ("invalid syntax", `time: missing unit in duration "5"`).
func TestFlagValueErrors(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"--timeout 5", `solitario: solve: --timeout "5": want a duration with its unit, e.g. 30s, 5m, 1h30m`},
		{"--provisional-wrap=maybe", `solitario: solve: --provisional-wrap "maybe": want true or false`},
		{"--max-nodes x", `solitario: solve: --max-nodes "x": want a whole number`},
		{"--strategy", `solitario: solve: --strategy: needs a value`},
		{"-x", `solitario: solve: -x: unknown flag (see 'solitario solve --help')`},
	} {
		args := append([]string{"solve", "--game", "ventaglio", "--seed", "1"}, strings.Fields(c.args)...)
		if code, _, errOut := runOut(args...); code != ExitError || errOut != c.want+"\n" {
			t.Errorf("%s: exit %d, %q; want %q", c.args, code, errOut, c.want)
		}
	}
}

// illegalMove is the solution object sol cut to its first n moves, the
// last of them naming another card than the one the referee will see.
func illegalMove(t *testing.T, sol string, n int) string {
	t.Helper()
	var obj map[string]any
	if err := json.Unmarshal([]byte(sol), &obj); err != nil {
		t.Fatal(err)
	}
	moves := obj["moves"].([]any)[:n]
	bad := moves[n-1].(map[string]any)
	if bad["card"] == "RO" {
		bad["card"] = "RB"
	} else {
		bad["card"] = "RO"
	}
	obj["moves"] = moves
	return mustJSON(t, obj)
}
