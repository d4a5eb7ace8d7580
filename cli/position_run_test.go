package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/solitario/solitario/games"
)

// TestPositionRunFunctionsDirect: show, hint, review and report run from
// their options, no command line.
func TestPositionRunFunctionsDirect(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "r1.json")
	if err := os.WriteFile(file, []byte(relojSeed1(t)), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	io := &IO{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(string) string { return "" }}
	limits := limitFlags{maxNodes: defaultMaxNodes, ttMem: "16MiB", strategy: "default"}

	page := filepath.Join(dir, "r1.html")
	if err := runShow(io, showOptions{solution: file, out: page, lookup: games.Lookup}); err != nil {
		t.Fatalf("runShow: %v", err)
	}
	if b, err := os.ReadFile(page); err != nil || !bytes.Contains(b, []byte(`<script type="application/json" id="replay">`)) {
		t.Errorf("runShow's page: %v", err)
	}
	if err := runHint(context.Background(), io, hintOptions{solution: file, moves: 40, movesSet: true, limits: limits, lookup: games.Lookup}); err != nil ||
		!strings.HasPrefix(out.String(), "reloj seed 1 after 40 of 62 moves (play forced, passes 2): winnable, 22 moves to go\nnext: 41. ") {
		t.Errorf("runHint: %v %q", err, out.String())
	}
	out.Reset()
	if err := runReview(context.Background(), io, reviewOptions{solution: file, limits: limits, lookup: games.Lookup}); err != nil ||
		!strings.Contains(out.String(), "62 moves: winnable to the end: the line wins") {
		t.Errorf("runReview: %v %q", err, out.String())
	}
	jsonl := filepath.Join(dir, "r.jsonl")
	if code, _, errOut := runOut("analyze", "--game", "orologio52", "--seeds", "1..40", "--jsonl", jsonl, "--quiet"); code != ExitOK {
		t.Fatalf("analyze: %s", errOut)
	}
	out.Reset()
	if err := runReport(io, reportOptions{files: []string{jsonl}}); err != nil || !strings.Contains(out.String(), "orologio52: 40 deals analyzed") {
		t.Errorf("runReport: %v", err)
	}
}
