package analysis

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/solitario/solitario/solution"
)

func genLine(t *testing.T, seed uint64, moves int) string {
	t.Helper()
	b, err := json.Marshal(Generated{Game: "fake", Rules: solution.Rules{Play: "forced", Passes: 2}, Seed: seed,
		Deal: []string{"1O"}, Result: Winnable, Moves: make([]solution.Move, moves)})
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}

var fakeRun = GenRun{Game: "fake", Rules: solution.Rules{Play: "forced", Passes: 2}, From: 3, MinMoves: 2}

// CreateGen never truncates a file that holds something.
func TestCreateGenKeepsFile(t *testing.T) {
	name := filepath.Join(t.TempDir(), "out.jsonl")
	os.WriteFile(name, []byte("precious\n"), 0o644)
	if _, err := CreateGen(name); err == nil || !strings.Contains(err.Error(), "exists: add --resume") {
		t.Fatalf("CreateGen on a file: %v", err)
	}
	if b, _ := os.ReadFile(name); string(b) != "precious\n" {
		t.Fatalf("file now %q", b)
	}
	os.WriteFile(name, nil, 0o644)
	f, err := CreateGen(name)
	if err != nil {
		t.Fatalf("CreateGen on an empty file: %v", err)
	}
	f.Close()
}

// ResumeGen continues after the last whole line, cutting a torn one off
// (the write a full disk cut short) and ending a whole one with its newline.
func TestResumeGen(t *testing.T) {
	dir := t.TempDir()
	two := genLine(t, 3, 5) + genLine(t, 9, 2)
	for _, c := range []struct {
		name, text, keep string
		found            int
		next             uint64
	}{
		{"missing", "", "", 0, 3},
		{"empty", "-", "", 0, 3},
		{"whole", two, two, 2, 10},
		{"torn", two + genLine(t, 12, 4)[:40], two, 2, 10},
		{"torn then blank", two + genLine(t, 12, 4)[:40] + "\n\n ", two, 2, 10},
		{"torn first", genLine(t, 12, 4)[:7], "", 0, 3},
		{"torn first then newline", genLine(t, 12, 4)[:7] + "\n", "", 0, 3},
		{"no newline", strings.TrimSuffix(two, "\n"), two, 2, 10},
		{"blank end", two + "\n \t\r\n", two, 2, 10},
		{"only blank", "\n\n", "", 0, 3},
	} {
		name := filepath.Join(dir, c.name+".jsonl")
		if c.text == "-" {
			os.WriteFile(name, nil, 0o644)
		} else if c.text != "" {
			os.WriteFile(name, []byte(c.text), 0o644)
		}
		f, got, err := ResumeGen(name, fakeRun)
		if err != nil || got.Found != c.found || got.Next != c.next {
			t.Fatalf("%s: %+v, %v; want %d found, next %d", c.name, got, err, c.found, c.next)
		}
		f.WriteString(genLine(t, 20, 3))
		f.Close()
		if b, _ := os.ReadFile(name); string(b) != c.keep+genLine(t, 20, 3) {
			t.Errorf("%s: file now\n%s", c.name, b)
		}
	}
}

func TestResumeGenRejects(t *testing.T) {
	dir := t.TempDir()
	other := strings.Replace(genLine(t, 4, 3), `"fake"`, `"reloj"`, 1)
	for _, c := range []struct{ name, text, want string }{
		{"game", other, `:1: cannot resume: the line is game reloj, not fake`},
		{"rules", strings.Replace(genLine(t, 4, 3), `"passes":2`, `"passes":1`, 1), `:1: cannot resume: the line's rules are play=forced passes=1, not play=forced passes=2`},
		{"below from", genLine(t, 2, 3) + genLine(t, 3, 3), `:1: cannot resume: seed 2 is below --from 3 (give the --from of the run that wrote the file, or one above its last seed, 3, to go on from there)`},
		{"order", genLine(t, 5, 3) + genLine(t, 5, 3), `:2: cannot resume: seed 5 is not above the line before's`},
		{"no passes", strings.Replace(genLine(t, 4, 3), `"passes":2`, `"passes":null`, 1), `:1: cannot resume: the line has no "rules.passes" (0 for unlimited passes)`},
		{"min moves", genLine(t, 5, 1), `:1: cannot resume: seed 5: 1 move, fewer than --min-moves 2`},
		// The filters a line records must be the command's.
		{"other min moves", strings.Replace(genLine(t, 5, 3), "]}", `],"min_moves":3}`, 1), `:1: cannot resume: the file holds a different run: made with --min-moves 3, not with --min-moves 2 as this command asks`},
		{"graded", strings.Replace(genLine(t, 5, 3), "]}", `],"difficulty":{"grade":"hard","score":1,"scale":"wins","wins":1,"home":0,"playouts":40}}`, 1), `:1: cannot resume: the file holds a different run: made with --difficulty hard, not without --difficulty as this command asks`},
		{"not json", "precious\n" + genLine(t, 5, 3), `: cannot resume: not a file gen writes (gen --out): line 1 is not a gen line of fake`},
		{"garbage line", genLine(t, 5, 3) + "precious\n", `:2: cannot resume: not a JSON gen line`},
		{"empty line", genLine(t, 5, 3) + "\n" + genLine(t, 6, 3), `:2: cannot resume: blank line (a deal a line; blank lines may only end the file)`},
		{"blank line", genLine(t, 5, 3) + " \n" + genLine(t, 6, 3) + "\n", `:2: cannot resume: blank line (a deal a line; blank lines may only end the file)`},
		{"seed string", strings.Replace(genLine(t, 5, 3), `"seed":5`, `"seed":"5"`, 1), `: cannot resume: not a file gen writes (gen --out): line 1 is not a gen line of fake: "seed" must be a whole number, 0 or more, not a string`},
		// A solve --json object is no gen line, even as the only line
		// and without a newline (it is no line cut short).
		{"solve json", `{"game":"fake","rules":{"play":"forced","passes":2},"seed":5,"deal":["1O"],"result":"winnable","moves":[],"stats":{"nodes":1}}`, `: cannot resume: not a file gen writes (gen --out): line 1 is not a gen line of fake: unknown field "stats" (a gen line's fields are game, rules, seed, deal, result, moves, difficulty, min_moves)`},
		{"run header", string(marshalLine(testHeader(Range{1, 9}, Shard{}, 1))) + `{"seed":1,"result":"winnable","nodes":3,"ms":0.1,"moves":3}` + "\n", `: cannot resume: not a file gen writes (gen --out): line 1 is a run header of analyze --jsonl, which merge and report read`},
		{"only text", "precious", `: cannot resume: not a file gen writes (gen --out): line 1 is not a gen line of fake`},
		{"torn other game", genLine(t, 5, 3)[:1] + `"game":"rel`, `: cannot resume: not a file gen writes (gen --out): line 1 is not a gen line of fake: not a JSON gen line: the line ends early, after 12 bytes (cut short?)`},
		{"unknown field", strings.Replace(genLine(t, 5, 3), `"seed"`, `"frm":1,"seed"`, 1), `: cannot resume: not a file gen writes (gen --out): line 1 is not a gen line of fake: unknown field "frm" (a gen line's fields are game, rules, seed, deal, result, moves, difficulty, min_moves)`},
		{"bad last line", genLine(t, 5, 3) + strings.Replace(genLine(t, 6, 3), `"seed":6`, `"seed":-6`, 1)[:len(genLine(t, 6, 3))], `:2: cannot resume: "seed" must be 0 or more, not -6`},
	} {
		name := filepath.Join(dir, c.name+".jsonl")
		os.WriteFile(name, []byte(c.text), 0o644)
		if _, _, err := ResumeGen(name, fakeRun); err == nil || err.Error() != name+c.want {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
		if b, _ := os.ReadFile(name); string(b) != c.text {
			t.Errorf("%s: the file changed", c.name)
		}
	}
}

// TestResumeGenLongLine: a line over the bound is an error naming it, read
// no further, and the file is left as it is.
func TestResumeGenLongLine(t *testing.T) {
	name := filepath.Join(t.TempDir(), "long.jsonl")
	first := genLine(t, 3, 5)
	text := first + strings.Repeat("0", len(first)+1)
	os.WriteFile(name, []byte(text), 0o644)
	_, _, err := resumeGen(name, fakeRun, len(first))
	if want := fmt.Sprintf("%s:2: the line is longer than %d bytes", name, len(first)); err == nil || err.Error() != want {
		t.Errorf("%v, want %q", err, want)
	}
	if b, _ := os.ReadFile(name); string(b) != text {
		t.Errorf("the file changed")
	}
}

// TestResumeGenFromAbove: a --from above the file's last seed (gen's
// give-up advice) goes on from there; one at or below it, from the seed
// after the last line.
func TestResumeGenFromAbove(t *testing.T) {
	name := filepath.Join(t.TempDir(), "out.jsonl")
	os.WriteFile(name, []byte(genLine(t, 3, 5)+genLine(t, 9, 2)), 0o644)
	for _, c := range []struct{ from, next uint64 }{{3, 10}, {10, 10}, {2302, 2302}} {
		run := fakeRun
		run.From = c.from
		f, got, err := ResumeGen(name, run)
		if err != nil || got.Found != 2 || got.Next != c.next {
			t.Errorf("--from %d: %+v, %v; want 2 found, next %d", c.from, got, err, c.next)
		}
		if f != nil {
			f.Close()
		}
	}
}

// TestResumeGenReplays: run.Replay sees every whole line; the first it
// refuses is file:line and its reason, and the file is left as it was.
func TestResumeGenReplays(t *testing.T) {
	name := filepath.Join(t.TempDir(), "out.jsonl")
	text := genLine(t, 3, 5) + genLine(t, 9, 2) + genLine(t, 12, 4)
	os.WriteFile(name, []byte(text), 0o644)
	run := fakeRun
	var seen []uint64
	run.Replay = func(g *Generated) error {
		seen = append(seen, g.Seed)
		if g.Seed == 9 {
			return errors.New("seed 9: move 1 is illegal")
		}
		return nil
	}
	if _, _, err := ResumeGen(name, run); err == nil || err.Error() != name+":2: cannot resume: seed 9: move 1 is illegal" {
		t.Errorf("%v", err)
	}
	if b, _ := os.ReadFile(name); string(b) != text || !slices.Equal(seen, []uint64{3, 9}) {
		t.Errorf("replayed %v; the file changed: %v", seen, string(b) != text)
	}
}
