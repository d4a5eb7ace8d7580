package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMessagesCosmetics: the wording a fresh user tripped on. One deal is
// "1 winnable reloj deal"; an unknown strategy lists the names like an
// unknown game ("a, b, c", not "[a b c]"); verify --game bogus says the
// game is unknown; analyze --jsonl DIR says it is a directory; games --json
// shows a switch's default as "false", not "".
func TestMessagesCosmetics(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runOut("gen", "--game", "reloj", "--count", "1", "--from", "5", "--max-nodes", "100000")
	if code != ExitOK || !strings.HasPrefix(errOut, "solitario: gen: kept 1 winnable reloj deal from seeds 5..5 in ") {
		t.Errorf("gen --count 1: exit %d, stderr %q", code, errOut)
	}
	// Deals kept, not found: the winnable deals short of --min-moves are not counted.
	code, _, errOut = runOut("gen", "--game", "orologio", "--count", "1", "--min-moves", "36", "--give-up", "50")
	if code != ExitUnknown || !strings.HasPrefix(errOut, "solitario: gen: kept 0 winnable orologio deals of at least 36 moves from seeds 1..50 in ") {
		t.Errorf("gen --min-moves 36: exit %d, stderr %q", code, errOut)
	}
	for _, args := range [][]string{
		{"solve", "--game", "reloj", "--seed", "1", "--strategy", "bogus"},
		{"bench", "--game", "reloj", "--seeds", "1", "--strategies", "dfs,bogus"},
	} {
		code, _, errOut := runOut(args...)
		if code != ExitError || !strings.Contains(errOut, `unknown strategy "bogus" (strategies: dfs, dfs-ristretto, `) || strings.Contains(errOut, "[") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
	code, out, _ := runOut("solve", "--game", "reloj", "--seed", "1", "--json")
	sol := filepath.Join(dir, "s1.json")
	if err := os.WriteFile(sol, []byte(out), 0o644); err != nil || code != ExitOK {
		t.Fatalf("solve: exit %d, %v", code, err)
	}
	for _, file := range []string{sol, filepath.Join(dir, "missing.json")} { // the flag is checked first
		code, _, errOut = runOut("verify", "--game", "bogus", "--solution", file)
		if want := `solitario: verify: --game: unknown game "bogus" (games: ventaglio, reloj, sietes, orologio, orologio52)` + "\n"; code != ExitError || errOut != want {
			t.Errorf("verify --game bogus --solution %s: exit %d, stderr %q; want %q", file, code, errOut, want)
		}
	}
	if code, _, errOut = runOut("verify", "--game", "sietes", "--solution", sol); code != ExitError || !strings.Contains(errOut, `the solution is for "reloj"`) {
		t.Errorf("verify --game sietes: exit %d, stderr %q", code, errOut)
	}
	for _, resume := range []string{"", "--resume"} {
		args := []string{"analyze", "--game", "reloj", "--seeds", "1..2", "--jsonl", dir}
		if resume != "" {
			args = append(args, resume)
		}
		code, _, errOut = runOut(args...)
		if want := "solitario: analyze: --jsonl " + dir + ": is a directory, not a file (give a file name, e.g. " + filepath.Join(dir, "reloj.jsonl") + ")\n"; code != ExitError || errOut != want {
			t.Errorf("%v: exit %d, stderr %q; want %q", args, code, errOut, want)
		}
	}
	code, out, _ = runOut("games", "--json")
	var list []struct {
		Name    string
		Options []map[string]any
	}
	if err := json.Unmarshal([]byte(out), &list); err != nil || code != ExitOK {
		t.Fatalf("games --json: exit %d, %v", code, err)
	}
	found := false
	for _, g := range list {
		for _, o := range g.Options {
			if d, ok := o["default"].(string); !ok || d == "" {
				t.Errorf("%s --%v: default %#v", g.Name, o["flag"], o["default"])
			}
			if o["flag"] == "provisional-wrap" {
				found = o["default"] == "false"
			}
		}
	}
	if !found {
		t.Errorf("games --json: no provisional-wrap with default \"false\"")
	}
}
