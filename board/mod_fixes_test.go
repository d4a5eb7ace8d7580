package board_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A file gen --out writes, a solution a line, opens in Open… (issue 32:
// the board opens what gen writes; it was refused as "invalid request
// JSON: more after the first object at line 2 … (give one request and
// nothing after it)"): its first deal, with its moves, and the page says
// it opened the first of the file's deals. No message of a file opened
// says "request".
func TestBoardXOpenGenFile(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	path := filepath.Join(t.TempDir(), "wins.jsonl")
	run(t, nil, 0, "gen", "--game", "reloj", "--count", "3", "--from", "5", "--out", path)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 3 {
		t.Fatalf("gen --count 3 wrote %d lines, want 3", len(lines))
	}
	var first struct {
		Seed  uint64
		Moves []any
	}
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil {
		t.Fatal(err)
	}
	openFile(t, ctx, path)
	p := wait(t, ctx, "the file opened", func(p page) bool { return p.Error != "" })
	if want := "wins.jsonl: opened the first of 3 deals (the file holds one a line, as gen writes them)"; p.Error != want {
		t.Errorf("Open… of gen's file: the page says %q, want %q", p.Error, want)
	}
	if !strings.Contains(p.Title, "seed "+strconv.FormatUint(first.Seed, 10)+" ") || p.Played != len(first.Moves) || !p.Won() {
		t.Errorf("Open… of gen's file: the page shows %q, %d moves played, result %q; want its first line, seed %d, its %d moves, won",
			p.Title, p.Played, p.Result, first.Seed, len(first.Moves))
	}
	// A line of it cut short, and a text that is no solution: the engine's
	// words, of a solution, never of a request.
	for _, text := range []string{lines[0][:40], lines[0] + "\n" + lines[1][:40], `{"game":"reloj","seed":"7"}`} {
		clearError(t, ctx)
		openText(t, ctx, text)
		p := wait(t, ctx, "the error", func(p page) bool { return p.Error != "" })
		if strings.Contains(p.Error, "request") || !strings.Contains(p.Error, "solution") {
			t.Errorf("Open… of %.50q: the page says %q; want it said of a solution, not a request", text, p.Error)
		}
	}
}
