package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestClockRulesEmptyObject: a game with no choices writes its rules as
// RULES.md's "every option in force", none: "rules":{} (it wrote
// {"play":"none","passes":1}) in solution objects, gen's lines and
// analyze's JSON and JSONL header; files in the old form are still read:
// verified, resumed.
func TestClockRulesEmptyObject(t *testing.T) {
	const old = `"rules":{"play":"none","passes":1}`
	for _, g := range []string{"orologio", "orologio52"} {
		_, out, _ := runOut("solve", "--game", g, "--seed", "1", "--json")
		if !strings.HasPrefix(out, `{"game":"`+g+`","rules":{},"seed":1,`) {
			t.Errorf("solve --game %s --json: %.80s…", g, out)
		}
		_, out, _ = runOut("analyze", "--game", g, "--seeds", "1..2", "--json", "--quiet")
		if !strings.Contains(out, "\"game\": \""+g+"\",\n    \"rules\": {},\n") {
			t.Errorf("analyze --game %s --json: rules not {}:\n%s", g, out)
		}
	}

	// {} is no rule set of a game with choices.
	_, sol, _ := runOut("solve", "--game", "reloj", "--seed", "1", "--json")
	sol = strings.Replace(sol, `"rules":{"play":"forced","passes":2}`, `"rules":{}`, 1)
	if code, _, errOut := runIn(sol, "verify", "--solution", "-"); code != ExitError || errOut != "solitario: verify: stdin: reloj: the game has choices: \"rules.play\" and \"rules.passes\" must be given\n" {
		t.Errorf("verify of reloj with rules {}: exit %d %q", code, errOut)
	}

	dir := t.TempDir()
	run := filepath.Join(dir, "run.jsonl")
	lines := strings.SplitAfter(runFile(t, run, "analyze", "--game", "orologio", "--seeds", "1..4", "--jsonl", run, "--quiet", "--workers", "1"), "\n")
	if !strings.Contains(lines[0], `"rules":{},`) {
		t.Fatalf("the JSONL header: %s", lines[0])
	}
	// The old form, two records cut off: --resume reads it and finishes it.
	oldRun := strings.Replace(lines[0], `"rules":{}`, old, 1) + lines[1] + lines[2]
	os.WriteFile(run, []byte(oldRun), 0o644)
	code, out, errOut := runOut("analyze", "--game", "orologio", "--seeds", "1..4", "--jsonl", run, "--quiet", "--workers", "1", "--resume")
	if code != ExitOK || !strings.Contains(out, "; 2 more resumed from "+run) {
		t.Errorf("resume of an old-form file: exit %d\n%s%s", code, out, errOut)
	}

	list := filepath.Join(dir, "won.jsonl")
	line := runFile(t, list, "gen", "--game", "orologio", "--count", "1", "--out", list, "--quiet")
	if !strings.Contains(line, `"rules":{},`) {
		t.Fatalf("gen's line: %.80s", line)
	}
	os.WriteFile(list, []byte(strings.Replace(line, `"rules":{}`, old, 1)), 0o644)
	if code, _, errOut := runOut("verify", "--solution", list); code != ExitOK {
		t.Errorf("verify of an old-form line: exit %d %s", code, errOut)
	}
	if code, _, errOut := runOut("gen", "--game", "orologio", "--count", "2", "--out", list, "--quiet", "--resume"); code != ExitOK {
		t.Errorf("gen --resume of an old-form list: exit %d %s", code, errOut)
	}
	b, _ := os.ReadFile(list)
	if strings.Count(string(b), "\n") != 2 {
		t.Errorf("the resumed list:\n%s", b)
	}
}

// TestClockRulesOneKey: a clock's rules with one of the old keys alone read
// as a run header and a deal file's "# rules:" line read them: "passes": 1
// alone, the one value, is the clock's rules (verified, merged as "no
// choices"); play "none" alone is refused, saying why (its passes, left out,
// would be 0, unlimited); on a game with choices "passes": 1 alone is
// refused by the game.
func TestClockRulesOneKey(t *testing.T) {
	_, sol, _ := runOut("solve", "--game", "orologio", "--seed", "1", "--json")
	with := func(rules string) string { return strings.Replace(sol, `"rules":{}`, `"rules":`+rules, 1) }
	if code, out, errOut := runIn(with(`{"passes":1}`), "verify", "--solution", "-"); code != ExitOK || out != "ok: 31 moves, won\n" {
		t.Errorf(`verify of orologio with rules {"passes":1}: exit %d %q %q`, code, out, errOut)
	}
	const none = "solitario: verify: stdin: orologio: the game has no choices; \"rules.play\" \"none\", the old form of its rules, goes with \"rules.passes\" 1, not 0 (unlimited passes; left out, \"rules.passes\" reads as 0)\n"
	for _, rules := range []string{`{"play":"none"}`, `{"play":"none","passes":0}`} {
		if code, _, errOut := runIn(with(rules), "verify", "--solution", "-"); code != ExitError || errOut != none {
			t.Errorf("verify of orologio with rules %s: exit %d %q", rules, code, errOut)
		}
	}
	_, rsol, _ := runOut("solve", "--game", "reloj", "--seed", "1", "--json")
	rsol = strings.Replace(rsol, `"rules":{"play":"forced","passes":2}`, `"rules":{"passes":1}`, 1)
	if code, _, errOut := runIn(rsol, "verify", "--solution", "-"); code != ExitError || errOut != "solitario: verify: stdin: reloj: the game has choices: \"rules.play\" and \"rules.passes\" must be given\n" {
		t.Errorf(`verify of reloj with rules {"passes":1}: exit %d %q`, code, errOut)
	}

	// A deal file's line: passes=1 is the clock's, passes=0 (unlimited) is
	// refused as passes=2 is, not read as no rules.
	deal := "6S CS 7D 4S FB 1S 4C 4D FS 6D 1C 2S 2B FD 1D 1B 3D CD RC 2D RB 5B CC 6B 5D 2C 5C 4B 3B 3C 5S RD FC CB 7S 6C 7C 7B RS 3S\n"
	for _, n := range []string{"0", "2"} {
		want := "solitario: solve: stdin:1: rules: passes=" + n + ": orologio: the game has no choices; passes does not apply\n"
		if code, _, errOut := runIn("# rules: passes="+n+"\n"+deal, "solve", "--game", "orologio", "--deal", "-"); code != ExitError || errOut != want {
			t.Errorf("a clock deal file with passes=%s: exit %d %q, want %q", n, code, errOut, want)
		}
	}

	run := filepath.Join(t.TempDir(), "run.jsonl")
	b := runFile(t, run, "analyze", "--game", "orologio", "--seeds", "1..2", "--jsonl", run, "--quiet", "--workers", "1")
	os.WriteFile(run, []byte(strings.Replace(b, `"rules":{}`, `"rules":{"passes":1}`, 1)), 0o644)
	if code, out, errOut := runOut("merge", run); code != ExitOK || !strings.Contains(out, "game        orologio  (no choices)\n") {
		t.Errorf(`merge of a run with rules {"passes":1}: exit %d\n%s%s`, code, out, errOut)
	}
	// "passes": 0 alone is refused as a solution's is, not read as {}:
	// merge, report and analyze --resume name the header line, exit 2.
	zero := strings.Replace(b, `"rules":{}`, `"rules":{"passes":0}`, 1)
	os.WriteFile(run, []byte(zero), 0o644)
	want := "solitario: %s: " + run + `:1: run header: no "rules.play" (a game without choices has "rules": {})` + "\n"
	for _, cmd := range [][]string{{"merge", run}, {"report", run, "--out", filepath.Join(t.TempDir(), "r.html")},
		{"analyze", "--game", "orologio", "--seeds", "1..2", "--jsonl", run, "--quiet", "--workers", "1", "--resume"}} {
		if code, _, errOut := runOut(cmd...); code != ExitError || errOut != fmt.Sprintf(want, cmd[0]) {
			t.Errorf(`%s of a run with rules {"passes":0}: exit %d %q`, cmd[0], code, errOut)
		}
	}
	if b, _ := os.ReadFile(run); string(b) != zero {
		t.Errorf("the file changed:\n%s", b)
	}
	if code, _, errOut := runIn(with(`{"passes":0}`), "verify", "--solution", "-"); code != ExitError || errOut != `solitario: verify: stdin: solution has no "rules.play" (a game without choices has "rules": {})`+"\n" {
		t.Errorf(`verify of orologio with rules {"passes":0}: exit %d %q`, code, errOut)
	}
}

// TestResumeChecksHeaderRules: analyze --resume checks the file's run
// header against the game as merge and report do, naming its line ("F:1:
// run header: ..."), exit 2, the file unchanged: a clock's play "none"
// without its one pass was resumed as the clock's rules (merge refuses it),
// and reloj's passes -1 or play "FORCED" was "a different run".
func TestResumeChecksHeaderRules(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ game, rules, bad, want string }{
		{"orologio", `"rules":{}`, `"rules":{"play":"none"}`, `orologio: the game has no choices; "rules.play" "none", the old form of its rules, goes with "rules.passes" 1`},
		{"orologio", `"rules":{}`, `"rules":{"play":"none","passes":0}`, `orologio: the game has no choices; "rules.play" "none", the old form of its rules, goes with "rules.passes" 1`},
		{"reloj", `"rules":{"play":"forced","passes":2}`, `"rules":{"play":"forced","passes":-1}`, `reloj: "rules.passes" must be a whole number from 0 (unlimited) to 9223372036854775807, not -1`},
		{"reloj", `"rules":{"play":"forced","passes":2}`, `"rules":{"play":"FORCED","passes":2}`, `reloj: unknown "rules.play" "FORCED" (want forced or free)`},
	} {
		run := filepath.Join(dir, c.game+".jsonl")
		os.Remove(run)
		args := []string{"analyze", "--game", c.game, "--seeds", "1..4", "--jsonl", run, "--quiet", "--workers", "1"}
		if code, _, errOut := runOut(args...); code != ExitOK {
			t.Fatalf("analyze: exit %d %s", code, errOut)
		}
		b, _ := os.ReadFile(run)
		lines := strings.SplitAfter(string(b), "\n")
		if !strings.Contains(lines[0], c.rules) {
			t.Fatalf("the header holds no %s: %s", c.rules, lines[0])
		}
		bad := strings.Replace(lines[0], c.rules, c.bad, 1) + lines[1] + lines[2]
		os.WriteFile(run, []byte(bad), 0o644)
		want := run + ":1: run header: " + c.want
		if code, _, errOut := runOut("merge", run); code != ExitError || !strings.HasPrefix(errOut, "solitario: merge: "+want) {
			t.Errorf("merge of %s: exit %d %q", c.bad, code, errOut)
		}
		if code, _, errOut := runOut(append(args, "--resume")...); code != ExitError || !strings.HasPrefix(errOut, "solitario: analyze: "+want) {
			t.Errorf("analyze --resume of %s: exit %d %q\nwant %q", c.bad, code, errOut, want)
		}
		if b, _ := os.ReadFile(run); string(b) != bad {
			t.Errorf("%s: the file changed:\n%s", c.bad, b)
		}
	}
}

// TestGenResumeChecksLineRules: gen --resume refuses a line whose rules
// verify refuses (a key left out, rules the game has not), naming its
// line, exit 2, the file unchanged: a clock's {"play":"none"} or
// {"passes":0} matched the run's {} and was appended to.
func TestGenResumeChecksLineRules(t *testing.T) {
	list := filepath.Join(t.TempDir(), "won.jsonl")
	args := []string{"gen", "--game", "orologio", "--count", "1", "--out", list, "--quiet"}
	if code, _, errOut := runOut(args...); code != ExitOK {
		t.Fatalf("gen: exit %d %s", code, errOut)
	}
	b, _ := os.ReadFile(list)
	for _, c := range []struct{ rules, want string }{
		{`{"play":"none"}`, `orologio: the game has no choices; "rules.play" "none", the old form of its rules, goes with "rules.passes" 1`},
		{`{"play":"none","passes":0}`, `orologio: the game has no choices; "rules.play" "none", the old form of its rules, goes with "rules.passes" 1`},
		{`{"passes":0}`, `the line has no "rules.play" (a game without choices has "rules": {})`},
	} {
		bad := strings.Replace(string(b), `"rules":{}`, `"rules":`+c.rules, 1)
		os.WriteFile(list, []byte(bad), 0o644)
		code, _, errOut := runOut("gen", "--game", "orologio", "--count", "2", "--out", list, "--quiet", "--resume")
		if want := "solitario: gen: " + list + ":1: cannot resume: " + c.want; code != ExitError || !strings.HasPrefix(errOut, want) {
			t.Errorf("gen --resume of rules %s: exit %d %q\nwant %q", c.rules, code, errOut, want)
		}
		if got, _ := os.ReadFile(list); string(got) != bad {
			t.Errorf("rules %s: the file changed:\n%s", c.rules, got)
		}
	}
}
