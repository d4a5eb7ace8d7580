package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// runIn runs the real command tree with stdin and returns the exit code,
// stdout and stderr.
func runIn(stdin string, args ...string) (int, string, string) {
	var out, errOut strings.Builder
	code := Run(context.Background(), args, IO{In: strings.NewReader(stdin), Out: &out, Err: &errOut, Getenv: func(string) string { return "" }})
	return code, out.String(), errOut.String()
}

// relojSeed1 is solve --json of reloj seed 1 (winnable), made once a test.
func relojSeed1(t *testing.T) string {
	t.Helper()
	code, out, errOut := runOut("solve", "--game", "reloj", "--seed", "1", "--json")
	if code != ExitOK {
		t.Fatalf("solve: exit %d: %s", code, errOut)
	}
	return out
}

// TestShow: the piped solution becomes a page on stdout or in --out; a lost
// line is a page too; bad input is one line, exit 2, and an existing --out
// file is left as it was.
func TestShow(t *testing.T) {
	sol := relojSeed1(t)
	code, out, errOut := runIn(sol, "show", "--solution", "-")
	if code != ExitOK || errOut != "" || !strings.HasPrefix(out, "<!DOCTYPE html>") || !strings.Contains(out, "Del reloj, seed 1") {
		t.Fatalf("show to stdout: exit %d, stderr %q, %d bytes", code, errOut, len(out))
	}
	dir := t.TempDir()
	page := filepath.Join(dir, "r.html")
	if code, out, errOut := runIn(sol, "show", "--solution", "-", "--out", page); code != ExitOK || out != "" || errOut != "" {
		t.Fatalf("show --out: exit %d, %q %q", code, out, errOut)
	}
	if b, err := os.ReadFile(page); err != nil || !strings.Contains(string(b), "62 moves, won") {
		t.Fatalf("the page: %v", err)
	}

	var obj map[string]any
	if err := json.Unmarshal([]byte(sol), &obj); err != nil {
		t.Fatal(err)
	}
	moves := obj["moves"].([]any)
	obj["moves"] = moves[:7]
	short, _ := json.Marshal(obj)
	if code, out, _ := runIn(string(short), "show", "--solution", "-"); code != ExitOK || !strings.Contains(out, "7 moves, not won: 37 cards not in the circle (32 cards in the stock, 5 cards in the waste)") {
		t.Errorf("a lost line: exit %d, %s", code, regexp.MustCompile(`<title>.*</title>`).FindString(out))
	}
	illegal := illegalMove(t, sol, 4)
	os.WriteFile(page, []byte("keep me"), 0o644)
	for _, c := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{"", []string{"show"}, "give the line: --solution FILE, or - for standard input"},
		{illegal, []string{"show", "--solution", "-", "--out", page, "--force"}, "solitario: show: stdin: move 4 ("},
		{sol, []string{"show", "--solution", "-", "--out", dir}, "solitario: show: --out " + dir + ": is a directory, not a file"},
		{"{", []string{"show", "--solution", "-"}, "solitario: show: stdin: invalid solution JSON"},
	} {
		code, out, errOut := runIn(c.stdin, c.args...)
		if code != ExitError || out != "" || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %d bytes, stderr %q; want exit 2 and %q", c.args, code, len(out), errOut, c.want)
		}
	}
	noDir := filepath.Join(dir, "no", "such", "x.html")
	if code, out, errOut := runIn(sol, "show", "--solution", "-", "--out", noDir); code != ExitOutput || out != "" ||
		errOut != "solitario: show: --out "+noDir+": the directory "+filepath.Dir(noDir)+" does not exist: create it first, or give another file name\n" {
		t.Errorf("--out in no folder: exit %d, stdout %d bytes, stderr %q; want exit %d", code, len(out), errOut, ExitOutput)
	}
	if b, _ := os.ReadFile(page); string(b) != "keep me" {
		t.Errorf("a failed show changed --out: %q", b)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
