package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/solitario/solitario/api"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/testkit"
)

// TestJSONIsAPIs: the --json objects of deal, solve, solve --after, hint,
// review and games are package api's answers to the same request, on
// fixed seeds of every game (the board's module answers through api, so the
// page and the CLI cannot drift apart): verdict, nodes, line, all but the
// wall time.
func TestJSONIsAPIs(t *testing.T) {
	dir := t.TempDir()
	check := func(what string, args []string, entry, request string) {
		t.Helper()
		code, out, errOut := runOut(args...)
		want, err := api.Call(context.Background(), entry, []byte(request), api.Options{})
		if err != nil {
			t.Fatalf("%s: api %s %s: %v", what, entry, request, err)
		}
		if code > ExitUnknown || !testkit.SameJSON(t, out, string(want)) {
			t.Errorf("%s: %v exit %d:\n cli %.400s %s\n api %.400s", what, args, code, out, errOut, want)
		}
	}
	code, out, _ := runOut("games", "--json")
	want, _ := api.Call(context.Background(), "games", nil, api.Options{})
	if code != 0 || !testkit.SameJSON(t, out, string(want)) {
		t.Errorf("games --json:\n%s\napi: %s", out, want)
	}
	for _, g := range games.All() {
		for _, seed := range []int{1, 2} {
			name := fmt.Sprintf("%s seed %d", g.Name, seed)
			req := fmt.Sprintf(`{"game":%q,"seed":%d}`, g.Name, seed)
			base := []string{"--game", g.Name, "--seed", fmt.Sprint(seed)}
			check(name+" deal", append([]string{"deal", "--json"}, base...), "deal", req)
			check(name+" solve", append([]string{"solve", "--json"}, base...), "solve", req)
			_, out, _ := runOut(append([]string{"solve", "--json"}, base...)...)
			var sol map[string]any
			if err := json.Unmarshal([]byte(out), &sol); err != nil {
				t.Fatal(err)
			}
			moves, _ := sol["moves"].([]any)
			if len(moves) < 2 {
				continue
			}
			// The game half played: the file holds only those moves, so
			// no rest of a line of its own takes part.
			k := len(moves) / 2
			sol["moves"] = moves[:k]
			half, _ := json.Marshal(sol)
			file := filepath.Join(dir, fmt.Sprintf("%s-%d.json", g.Name, seed))
			if err := os.WriteFile(file, half, 0o644); err != nil {
				t.Fatal(err)
			}
			played, _ := json.Marshal(moves[:k])
			after := strings.TrimSuffix(req, "}") + `,"moves":` + string(played) + "}"
			check(name+" hint", []string{"hint", "--json", "--solution", file}, "hint", after)
			check(name+" solve --after", append([]string{"solve", "--json", "--after", file}, base...), "solve", after)
			check(name+" review", []string{"review", "--json", "--solution", file}, "review", after)
		}
	}
}
