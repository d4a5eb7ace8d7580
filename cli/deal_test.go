package cli_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/solitario/solitario/cli"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/testkit"
)

// dealEnv is how a test runs the command: stdin, environment, terminal.
type dealEnv struct {
	stdin string
	env   map[string]string
	tty   bool
}

// dealRun runs the solitario command line on buffers and returns the exit
// code, stdout and stderr.
func dealRun(t *testing.T, e dealEnv, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := cli.Run(context.Background(), args, cli.IO{
		In: strings.NewReader(e.stdin), Out: &out, Err: &errb,
		Getenv:   func(k string) string { return e.env[k] },
		OutIsTTY: e.tty, ErrIsTTY: e.tty,
	})
	return code, out.String(), errb.String()
}

// pinnedDeals reads deck/testdata/deals.golden: "game seed" -> tokens.
func pinnedDeals(t *testing.T) map[string][]string {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "deck", "testdata", "deals.golden"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 3 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		out[fs[0]+" "+fs[1]] = fs[2:]
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

type dealOut struct {
	Game string   `json:"game"`
	Seed *uint64  `json:"seed"`
	Deal []string `json:"deal"`
}

// The acceptance line: deal --game ventaglio --seed 1 --json prints
// RULES.md's golden deal.
func TestDealVentaglioGolden(t *testing.T) {
	code, out, errs := dealRun(t, dealEnv{}, "deal", "--game", "ventaglio", "--seed", "1", "--json")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var d dealOut
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("%v in %q", err, out)
	}
	const start = "8C 7D 9D AD TS 9S 5D 8S 3H KS KH 3C 2D KD QS QC QH"
	if d.Game != "ventaglio" || d.Seed == nil || *d.Seed != 1 || len(d.Deal) != 104 ||
		strings.Join(d.Deal[:17], " ") != start || strings.Join(d.Deal[102:], " ") != "QH 7S" {
		t.Fatalf("deal --json = %s", out)
	}
	if want := strings.Join(pinnedDeals(t)["ventaglio 1"], " "); strings.Join(d.Deal, " ") != want {
		t.Fatalf("deal differs from the pinned deal")
	}
}

// Every game's row deals its deck: deal --json at the pinned seeds equals the
// pinned deals (ventaglio French x2, reloj/sietes Spanish, orologio Italian,
// orologio52 French).
func TestDealPinnedSeedsEveryGame(t *testing.T) {
	pinned := pinnedDeals(t)
	for _, name := range games.Names() {
		for _, seed := range []string{"0", "1", "42", "18446744073709551615"} {
			code, out, errs := dealRun(t, dealEnv{}, "deal", "-g", name, "-s", seed, "--json")
			if code != 0 {
				t.Fatalf("%s %s: exit %d: %s", name, seed, code, errs)
			}
			g, _ := games.Lookup(name)
			rules, _ := json.Marshal(g.Defaults.JSON())
			want := `{"game":"` + name + `","rules":` + string(rules) + `,"seed":` + seed + `,"deal":["` + strings.Join(pinned[name+" "+seed], `","`) + `"]}`
			if out != want+"\n" {
				t.Errorf("%s seed %s:\n got %s\nwant %s", name, seed, out, want)
			}
		}
	}
}

// A deal printed with --json, written one token a line, reads back as the
// same deal from a file and from stdin, without a seed.
func TestDealFileRoundTrip(t *testing.T) {
	for _, name := range games.Names() {
		_, out, _ := dealRun(t, dealEnv{}, "deal", "--game", name, "--seed", "7", "--json")
		var d dealOut
		if err := json.Unmarshal([]byte(out), &d); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(t.TempDir(), name+".deal")
		text := "# " + name + " seed 7\r\n" + strings.Join(d.Deal, ",\r\n") + "\r\n"
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, e := range []struct {
			env  dealEnv
			args []string
		}{
			{dealEnv{}, []string{"deal", "--game", name, "--deal", file, "--json"}},
			{dealEnv{stdin: text}, []string{"deal", "--game", name, "--deal", "-", "--json"}},
		} {
			code, out2, errs := dealRun(t, e.env, e.args...)
			if code != 0 {
				t.Fatalf("%v: exit %d: %s", e.args, code, errs)
			}
			var d2 dealOut
			if err := json.Unmarshal([]byte(out2), &d2); err != nil {
				t.Fatal(err)
			}
			if d2.Seed != nil || d2.Game != name || strings.Join(d2.Deal, " ") != strings.Join(d.Deal, " ") {
				t.Errorf("%v: read back %s", e.args, out2)
			}
			if strings.Contains(out2, `"seed"`) {
				t.Errorf("%v: a deal file's JSON has a seed: %s", e.args, out2)
			}
		}
	}
}

// Colour and suit symbols on a terminal only, never with NO_COLOR, on
// TERM=dumb or when piped; the layout is printed in every case.
func TestDealColour(t *testing.T) {
	for _, name := range games.Names() {
		args := []string{"deal", "--game", name, "--seed", "1"}
		code, tty, errs := dealRun(t, dealEnv{tty: true}, args...)
		if code != 0 || errs != "" {
			t.Fatalf("%s: exit %d, stderr %q", name, code, errs)
		}
		if !strings.Contains(tty, "\x1b[") {
			t.Errorf("%s: no colour on a terminal:\n%s", name, tty)
		}
		for what, e := range map[string]dealEnv{
			"piped":     {},
			"NO_COLOR":  {tty: true, env: map[string]string{"NO_COLOR": "1"}},
			"TERM=dumb": {tty: true, env: map[string]string{"TERM": "dumb"}},
		} {
			code, plain, _ := dealRun(t, e, args...)
			if code != 0 || plain == "" {
				t.Fatalf("%s %s: exit %d, output %q", name, what, code, plain)
			}
			if strings.Contains(plain, "\x1b") || strings.ContainsAny(plain, "♠♥♦♣") {
				t.Errorf("%s %s: escape codes or glyphs in plain output:\n%s", name, what, plain)
			}
		}
	}
}

// Every bad input: exactly one line on stderr naming the problem, exit 2,
// nothing on stdout.
func TestDealBadInput(t *testing.T) {
	reloj, _ := games.Lookup("reloj")
	// The reloj row's own deck (Spanish, 40) sets the expected counts, so
	// the messages are checked against the table, not a guess.
	rt := reloj.Deck.TokenList(reloj.SeedDeal(1))
	n := len(rt)
	words := fmt.Sprintf("%d (the %s deck)", n, reloj.Deck)
	fr, _ := games.Lookup("orologio52")
	ft := fr.Deck.TokenList(fr.SeedDeal(1)) // 52 French tokens
	lines := func(ts []string) string { return strings.Join(ts, "\n") + "\n" }

	unknown := testkit.WriteFile(t, "unknown.deal", "# reloj\n"+strings.Join(rt[:10], " ")+"\n"+"ZZ "+strings.Join(rt[11:], " ")+"\n")
	dup := append(append([]string{}, rt[:39]...), rt[0]) // rt[0] again on line 40
	duplicate := testkit.WriteFile(t, "dup.deal", lines(dup))
	short := testkit.WriteFile(t, "short.deal", lines(rt[:37]))
	long := testkit.WriteFile(t, "long.deal", strings.Join(rt, " ")+"\n"+rt[5]+"\n")
	wrongDeck := testkit.WriteFile(t, "wrong.deal", strings.Join(ft[:3], " ")+"\n7E\n")
	empty := testkit.WriteFile(t, "empty.deal", "# nothing here\n")
	missing := filepath.Join(t.TempDir(), "no-such.deal")

	stdin := map[string]string{"bad card on stdin": rt[0] + "\n8X\n"}
	cases := []struct {
		name string
		args []string
		want string // part of the line after "solitario: "
	}{
		{"unknown game", []string{"deal", "--game", "poker", "--seed", "1"},
			`unknown game "poker" (games: ` + strings.Join(games.Names(), ", ") + ")"},
		{"no game", []string{"deal", "--seed", "1"}, "--game is required"},
		{"unknown card", []string{"deal", "--game", "reloj", "--deal", unknown},
			unknown + `:3: token 1 "ZZ": unknown card: unknown suit "Z"`},
		{"duplicate", []string{"deal", "--game", "reloj", "--deal", duplicate},
			duplicate + `:40: token 1 "` + rt[0] + `": duplicate card: ` + rt[0] + ` is already token 1 on line 1`},
		{"short deck", []string{"deal", "--game", "reloj", "--deal", short},
			short + `: wrong count: 37 cards, the deal needs ` + words + `; missing cards: `},
		{"too many", []string{"deal", "--game", "reloj", "--deal", long},
			long + `:2: token 1 "` + rt[5] + `": wrong count: too many cards, the deal has ` + words},
		{"wrong deck", []string{"deal", "--game", "orologio52", "--deal", wrongDeck},
			wrongDeck + `:2: token 1 "7E": wrong deck: a card of the spanish deck, the game uses the french deck`},
		{"empty file", []string{"deal", "--game", "reloj", "--deal", empty},
			empty + `: wrong count: no cards, the deal needs ` + words},
		{"missing file", []string{"deal", "--game", "reloj", "--deal", missing}, missing},
		{"seed and deal", []string{"deal", "--game", "reloj", "--seed", "1", "--deal", short}, "give --seed or --deal, not both"},
		{"no deal", []string{"deal", "--game", "reloj"}, "give a deal: --seed N or --deal FILE"},
		{"unknown flag", []string{"deal", "--game", "reloj", "--seed", "1", "--colour"}, "deal: --colour: unknown flag (see 'solitario deal --help')"},
		{"negative seed", []string{"deal", "--game", "reloj", "--seed", "-1"}, `deal: --seed "-1": not a seed`},
		{"garbage seed", []string{"deal", "--game", "reloj", "--seed", "12x"}, `deal: --seed "12x": not a seed`},
		{"seed too big", []string{"deal", "--game", "reloj", "--seed", "18446744073709551616"}, `--seed "18446744073709551616": not a seed`},
		{"extra argument", []string{"deal", "--game", "reloj", "--seed", "1", "extra"}, `deal: unexpected argument "extra": deal takes no arguments, only flags (see 'solitario deal --help')`},
		{"bad card on stdin", []string{"deal", "--game", "reloj", "--deal", "-"},
			`stdin:2: token 1 "8X": unknown card: unknown suit "X"`},
		{"misspelt command", []string{"dael", "--game", "reloj"}, `unknown command "dael" for "solitario" (did you mean deal?)`},
		{"games with argument", []string{"games", "reloj"}, `games: unexpected argument "reloj": games takes no arguments, only flags (see 'solitario games --help')`},
		{"games unknown flag", []string{"games", "--yaml"}, "games: --yaml: unknown flag (see 'solitario games --help')"},
	}
	for _, c := range cases {
		code, out, errs := dealRun(t, dealEnv{stdin: stdin[c.name]}, c.args...)
		if code != cli.ExitError {
			t.Errorf("%s: exit %d, want %d (stderr %q)", c.name, code, cli.ExitError, errs)
		}
		if out != "" {
			t.Errorf("%s: stdout %q, want nothing", c.name, out)
		}
		if strings.Count(errs, "\n") != 1 || !strings.HasSuffix(errs, "\n") {
			t.Errorf("%s: stderr is not exactly one line: %q", c.name, errs)
		}
		if !strings.HasPrefix(errs, "solitario: ") || !strings.Contains(errs, c.want) {
			t.Errorf("%s: stderr %q, want \"solitario: ...%s...\"", c.name, errs, c.want)
		}
	}
}

// TestDealJSONRules: deal --json says the rules the deal is laid out
// under, as a solution object does: the game's defaults, every option for
// Il Ventaglio, or a deal file's "# rules:" line (it had no rules).
func TestDealJSONRules(t *testing.T) {
	_, reloj, _ := dealRun(t, dealEnv{}, "deal", "--game", "reloj", "--seed", "1", "--json")
	if !strings.HasPrefix(reloj, `{"game":"reloj","rules":{"play":"forced","passes":2},"seed":1,"deal":["6E","CE",`) {
		t.Errorf("reloj seed 1: %.120s", reloj)
	}
	_, vent, _ := dealRun(t, dealEnv{}, "deal", "--game", "ventaglio", "--seed", "1", "--json")
	if !strings.HasPrefix(vent, `{"game":"ventaglio","rules":{"play":"free","passes":3,"provisional_wrap":false,"empty_provisional":"fill"},"seed":1,"deal":[`) {
		t.Errorf("ventaglio seed 1: %.160s", vent)
	}
	var d struct{ Deal []string }
	if err := json.Unmarshal([]byte(reloj), &d); err != nil {
		t.Fatal(err)
	}
	file := testkit.WriteFile(t, "free.deal", "# rules: play=free passes=1\n"+strings.Join(d.Deal, " ")+"\n")
	code, out, errOut := dealRun(t, dealEnv{}, "deal", "--game", "reloj", "--deal", file, "--json")
	if code != cli.ExitOK || !strings.HasPrefix(out, `{"game":"reloj","rules":{"play":"free","passes":1},"deal":["6E",`) {
		t.Errorf("a deal file with a rules line: exit %d, %.100s %s", code, out, errOut)
	}
}
