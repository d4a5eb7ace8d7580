package cli

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/solitario/solitario/analysis"
	"github.com/solitario/solitario/difficulty"
	"github.com/solitario/solitario/games"
)

// gen --difficulty hard writes only deals graded hard, each line verifies
// (the referee and the grade measured again), and it goes on where a
// resumed file ends.
func TestGenDifficultyHard(t *testing.T) {
	for _, game := range []string{"ventaglio", "reloj", "sietes"} {
		out := t.TempDir() + "/hard.jsonl"
		if code, _, errOut := runOut("gen", "--game", game, "--count", "2", "--difficulty", "hard", "-q", "-j", "1", "--out", out); code != ExitOK {
			t.Fatalf("%s: exit %d: %s", game, code, errOut)
		}
		if code, _, errOut := runOut("gen", "--game", game, "--count", "3", "--difficulty", "hard", "-q", "-j", "1", "--out", out, "--resume"); code != ExitOK {
			t.Fatalf("%s --resume: exit %d: %s", game, code, errOut)
		}
		code, stdout, errOut := runOut("verify", "--solution", out)
		if code != ExitOK || !strings.Contains(stdout, "ok: 3 solutions, one a line, each a legal win") {
			t.Errorf("%s: verify: exit %d\n%s%s", game, code, stdout, errOut)
		}
		g, _ := games.Lookup(game)
		lines := readLines(t, out)
		if len(lines) != 3 {
			t.Fatalf("%s: %d lines, want 3", game, len(lines))
		}
		for _, l := range lines {
			var gl analysis.Generated
			if err := json.Unmarshal([]byte(l), &gl); err != nil {
				t.Fatal(err)
			}
			d, err := difficulty.NewGrader().Assess(g, g.SeedDeal(gl.Seed), g.Defaults)
			if err != nil || d.Grade != "hard" || gl.Difficulty == nil || *gl.Difficulty != d {
				t.Errorf("%s seed %d: the line's difficulty %+v, measured again %+v, %v", game, gl.Seed, gl.Difficulty, d, err)
			}
		}
	}
}

func readLines(t *testing.T, name string) []string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(b)), "\n")
}

// A grade that is none, a game without choices and rules without cut
// points get one line and exit 2; analyze --difficulty likewise for a
// clock.
func TestDifficultyBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"gen", "--game", "reloj", "--count", "1", "--difficulty", "impossible"},
			`solitario: gen: --difficulty: unknown difficulty "impossible" (want easy, medium or hard)` + "\n"},
		{[]string{"gen", "--game", "orologio", "--count", "1", "--difficulty", "hard"},
			"solitario: gen: --difficulty hard: orologio has no choices: the deal decides the game, so it has no difficulty grade\n"},
		{[]string{"gen", "--game", "reloj", "--count", "1", "--difficulty", "easy", "--passes", "3"},
			"solitario: gen: --difficulty easy: reloj has difficulty cut points for its default rules only (play forced, passes 2), not for play forced, passes 3\n"},
		{[]string{"analyze", "--game", "orologio52", "--seeds", "1..3", "--difficulty"},
			"solitario: analyze: --difficulty: orologio52 has no choices: the deal decides the game, so it has no difficulty grade\n"},
		{[]string{"analyze", "--game", "reloj", "--seeds", "1..3", "--difficulty-check"},
			"solitario: analyze: --difficulty-check needs --difficulty\n"},
	} {
		code, out, errOut := runOut(c.args...)
		if code != ExitError || out != "" || errOut != c.want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
}

// solve prints a winnable deal's grade and figure, in text and in --json,
// and nothing of it for a clock.
func TestSolveDifficulty(t *testing.T) {
	code, out, _ := runOut("solve", "--game", "reloj", "--seed", "1")
	if code != ExitOK || !strings.HasPrefix(out, "reloj seed 1 (play forced, passes 2): winnable in 62 moves\ndifficulty hard: the plain player won 14 of 40 play-outs (hard at most 50, easy above 75; docs/difficulty.md)\nnodes ") {
		t.Errorf("exit %d, output\n%s", code, out)
	}
	code, out, _ = runOut("solve", "--game", "reloj", "--seed", "1", "--json")
	if code != ExitOK || !strings.Contains(out, `"difficulty":{"grade":"hard","score":35,"scale":"wins","wins":14,"home":1423,"playouts":40}`) {
		t.Errorf("--json: exit %d, output\n%s", code, out)
	}
	code, out, _ = runOut("solve", "--game", "reloj", "--seed", "1", "--passes", "3")
	if code != ExitOK || !strings.Contains(out, "\ndifficulty not graded (cut points exist for the default rules only): the plain player won ") {
		t.Errorf("--passes 3: exit %d, output\n%s", code, out)
	}
	code, out, _ = runOut("solve", "--game", "orologio52", "--seed", "8", "--json")
	if code != ExitOK || strings.Contains(out, "difficulty") {
		t.Errorf("orologio52: exit %d, output\n%s", code, out)
	}
}
