package cli_test

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/solitario/solitario/cli"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solution"
)

// The decks RULES.md gives each game.
func wantDecks() map[string]struct {
	deck   string
	copies int
	cards  int
} {
	return map[string]struct {
		deck   string
		copies int
		cards  int
	}{
		"ventaglio":  {"french", 2, 104},
		"reloj":      {"spanish", 1, 40},
		"sietes":     {"spanish", 1, 40},
		"orologio":   {"italian", 1, 40},
		"orologio52": {"french", 1, 52},
	}
}

type gameOut struct {
	Name     string         `json:"name"`
	Title    string         `json:"title"`
	Source   string         `json:"source"`
	Deck     string         `json:"deck"`
	Copies   int            `json:"copies"`
	Cards    int            `json:"cards"`
	Defaults solution.Rules `json:"defaults"`
	Options  []struct {
		Flag    string   `json:"flag"`
		Default string   `json:"default"`
		Values  []string `json:"values"`
		Doc     string   `json:"doc"`
	} `json:"options"`
}

func TestGamesJSON(t *testing.T) {
	code, out, errs := dealRun(t, dealEnv{}, "games", "--json")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var list []gameOut
	if err := json.Unmarshal([]byte(out), &list); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	all := games.All()
	if len(list) != len(all) || len(list) != 5 {
		t.Fatalf("%d games listed, table has %d, RULES.md has 5", len(list), len(all))
	}
	decks := wantDecks()
	for i, g := range all {
		j := list[i]
		if j.Name != g.Name || j.Title != g.Title || j.Deck != g.Deck.String() || j.Copies != g.Copies || j.Cards != g.DealSize() {
			t.Errorf("entry %d = %+v, table row %s", i, j, g.Name)
		}
		if d := g.Defaults.JSON(); j.Defaults.Play != d.Play || j.Defaults.Passes != d.Passes || j.Defaults.EmptyProvisional != d.EmptyProvisional {
			t.Errorf("%s defaults %+v, table %+v", g.Name, j.Defaults, g.Defaults)
		}
		if len(j.Options) != len(g.Options) {
			t.Fatalf("%s: %d options, table %d", g.Name, len(j.Options), len(g.Options))
		}
		for k, o := range g.Options {
			jo := j.Options[k]
			if len(o.Values) == 0 && o.Default == "" {
				o.Default = "false" // a switch is off unless given
			}
			if jo.Flag != o.Flag || jo.Default != o.Default || strings.Join(jo.Values, ",") != strings.Join(o.Values, ",") || jo.Doc != o.Doc {
				t.Errorf("%s option %d = %+v, table %+v", g.Name, k, jo, o)
			}
		}
		if g.Title == "" || g.Layout == nil || g.Solve == nil || g.Verify == nil {
			t.Errorf("%s: the row lacks a title, layout, solve or verify", g.Name)
		}
		w, ok := decks[g.Name]
		if !ok {
			t.Errorf("game %s is not one of RULES.md's", g.Name)
			continue
		}
		if j.Deck != w.deck || j.Copies != w.copies || j.Cards != w.cards {
			t.Errorf("%s: deck %s x%d (%d cards), RULES.md says %s x%d (%d)", g.Name, j.Deck, j.Copies, j.Cards, w.deck, w.copies, w.cards)
		}
	}
}

func TestGamesText(t *testing.T) {
	code, out, errs := dealRun(t, dealEnv{}, "games")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, g := range games.All() {
		if !strings.Contains(out, "\n"+g.Name) && !strings.HasPrefix(out, g.Name) {
			t.Errorf("game %s not listed:\n%s", g.Name, out)
		}
		for _, o := range g.Options {
			if !strings.Contains(out, "--"+o.Flag+" ") {
				t.Errorf("%s: option --%s not listed", g.Name, o.Flag)
			}
			for _, v := range o.Values {
				if !strings.Contains(out, v) {
					t.Errorf("%s: value %s of --%s not listed", g.Name, v, o.Flag)
				}
			}
		}
	}
	{
		for _, want := range []string{"reloj  Del reloj", "deck: one spanish deck, 40 cards", "--play forced (default) | free", "--passes 2 (default) | N"} {
			if !strings.Contains(out, want) {
				t.Errorf("games output lacks %q:\n%s", want, out)
			}
		}
	}
}

// --help on every command names it and shows examples; completion comes
// from cobra; --version prints the version.
func TestHelpCompletionVersion(t *testing.T) {
	for _, cmd := range []string{"games", "deal"} {
		code, out, errs := dealRun(t, dealEnv{}, cmd, "--help")
		if code != 0 || errs != "" {
			t.Fatalf("%s --help: exit %d %s", cmd, code, errs)
		}
		if !strings.Contains(out, "Examples:") || !strings.Contains(out, "solitario "+cmd+" ") {
			t.Errorf("%s --help has no examples:\n%s", cmd, out)
		}
	}
	code, out, _ := dealRun(t, dealEnv{}, "--help")
	if code != 0 || !strings.Contains(out, "Examples:") || !strings.Contains(out, "deal") || !strings.Contains(out, "games") {
		t.Errorf("solitario --help:\n%s", out)
	}
	for _, sh := range []string{"bash", "zsh", "fish", "powershell"} {
		code, out, errs := dealRun(t, dealEnv{}, "completion", sh)
		if code != 0 || errs != "" || !strings.Contains(out, "solitario") || len(out) < 500 {
			t.Errorf("completion %s: exit %d, stderr %q, %d bytes", sh, code, errs, len(out))
		}
	}
	code, out, _ = dealRun(t, dealEnv{}, "--version")
	if code != 0 || out != "solitario version "+cli.Version+" (commit unknown, "+runtime.Version()+")\n" { // go test stamps no commit
		t.Errorf("--version: exit %d, %q", code, out)
	}
}
