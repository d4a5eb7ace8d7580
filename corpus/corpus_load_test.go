package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/gamestest"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
)

// loadGame is a games row with only what the loader reads: the deck and the
// defaults, whose Choices Resolve checks a rules line against.
func loadGame() games.Entry { return gamestest.Row() }

func seed1() string { return strings.Join(deck.Spanish.TokenList(deck.Deal(deck.Spanish, 1, 1)), " ") }

func TestParse(t *testing.T) {
	text := "# reloj seed 1 under free play, one pass\n#expect:  unwinnable \n# rules: play=free passes=1\n# slow\n" + seed1() + "\n"
	f, err := Parse([]byte(text), "x.deal", loadGame())
	if err != nil {
		t.Fatal(err)
	}
	if f.Path != "x.deal" || f.Expect != solver.Unwinnable || !f.Slow || f.Rules.Play != state.Free || f.Rules.Passes != 1 {
		t.Errorf("parsed %+v", f)
	}
	if got := strings.Join(deck.Spanish.TokenList(f.Cards), " "); got != seed1() {
		t.Errorf("cards %s, want %s", got, seed1())
	}
	// Defaults apply where the rules line says nothing; no "# slow" line.
	f, err = Parse([]byte("# expect: winnable\n# rules: passes=0\n"+seed1()), "y.deal", loadGame())
	if err != nil {
		t.Fatal(err)
	}
	if f.Expect != solver.Winnable || f.Slow || f.Rules.Play != state.Forced || f.Rules.Passes != 0 {
		t.Errorf("parsed %+v", f)
	}
}

func TestParseErrors(t *testing.T) {
	deal := seed1() + "\n"
	for _, c := range []struct{ text, want string }{
		{deal, `x.deal: no "# expect: winnable|unwinnable" line`},
		{"# expect: maybe\n" + deal, `x.deal:1: expect "maybe": want winnable or unwinnable`},
		{"# expect: winnable\n# expect: winnable\n" + deal, `x.deal:2: a second "expect" line (the first is line 1)`},
		{"# expect: winnable\n# rules: play=free\n# rules: passes=1\n" + deal, `x.deal:3: a second "rules" line (the first is line 2)`},
		{"# expect: winnable\n# rules: colour=red\n" + deal, `x.deal:2: rules: unknown rule "colour"`},
		{"# expect: winnable\n# rules: passes=-1\n" + deal, "x.deal:2: rules: passes=-1: want a whole number from 0 (unlimited) to 9223372036854775807"},
		// A sign is refused as --passes and JSON's "rules.passes" refuse it.
		{"# expect: winnable\n# rules: passes=+1\n" + deal, "x.deal:2: rules: passes=+1: want a whole number from 0 (unlimited) to 9223372036854775807"},
		{"# expect: winnable\n# rules: play\n" + deal, `x.deal:2: rules: "play" is not key=value`},
		{"# expect: winnable\n# rules: provisional-wrap=maybe\n" + deal, "x.deal:2: rules: provisional-wrap=maybe: want true or false"},
		{"# expect: winnable\n# rules: play=sideways\n" + deal, `x.deal: fake: unknown --play "sideways"`},
		{"# expect: winnable\n# rules: provisional-wrap=true\n" + deal, "x.deal: fake: --provisional-wrap is an option of ventaglio only"},
		{"# expect: winnable\n# slow: very\n" + deal, `x.deal:2: slow takes no value, got "very"`},
		{"# expect: winnable\n" + strings.Replace(deal, "6E", "XX", 1), `x.deal:2: token 1 "XX"`},
		{"# expect: winnable\n" + deal[3:], "missing card: 6E"},
		// A UTF-16 file says so, as a deal file does, not that it has no
		// "# expect:" line (its headers are unreadable as UTF-8).
		{"\xff\xfe#\x00 \x00e\x00", "x.deal:1: the file is UTF-16 text (it starts with a UTF-16 byte-order mark): save it as UTF-8"},
		// Lone CRs (old Mac) end lines as LF and CRLF do.
		{"# expect: winnable\r# rules: play=free\r# rules: passes=1\r" + deal, `x.deal:3: a second "rules" line (the first is line 2)`},
		{"# expect: winnable\r\n# note\r" + strings.Replace(deal, "6E", "XX", 1), `x.deal:3: token 1 "XX"`},
	} {
		_, err := Parse([]byte(c.text), "x.deal", loadGame())
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.text, err, c.want)
		}
	}
}

func TestLoadDir(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("b.deal", "# expect: winnable\n"+seed1())
	write("a.deal", "# expect: unwinnable\n# rules: play=free\n"+seed1())
	write("README.md", "notes, not a deal")
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	files, err := LoadDir(dir, loadGame())
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 || files[0].Path != filepath.Join(dir, "a.deal") || files[1].Path != filepath.Join(dir, "b.deal") ||
		files[0].Rules.Play != state.Free || files[1].Expect != solver.Winnable {
		t.Fatalf("files %+v", files)
	}
	write("c.deal", "# expect: winnable\n6E\n")
	if _, err := LoadDir(dir, loadGame()); err == nil || !strings.Contains(err.Error(), "c.deal") {
		t.Errorf("a bad file in the directory: %v", err)
	}
	if _, err := LoadDir(filepath.Join(dir, "none"), loadGame()); err == nil {
		t.Error("a missing directory loads")
	}
}

// TestLoadDirNotFile: a *.deal that is no file (a directory, a FIFO, a
// link to a directory) is refused naming it, not skipped: a deal the user
// put there would silently be left out.
func TestLoadDirNotFile(t *testing.T) {
	for what, mk := range map[string]func(string) error{
		"a directory":         func(p string) error { return os.Mkdir(p, 0o755) },
		"a named pipe (FIFO)": func(p string) error { return syscall.Mkfifo(p, 0o644) },
		"a directory, linked": func(p string) error { return os.Symlink(t.TempDir(), p) },
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "a.deal"), []byte("# expect: winnable\n"+seed1()), 0o644); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, "b.deal")
		if err := mk(p); err != nil {
			t.Fatal(err)
		}
		want := p + ": " + strings.TrimSuffix(what, ", linked") + ", not a deal file (a corpus is the .deal files of one directory, subfolders not read)"
		if files, err := LoadDir(dir, loadGame()); err == nil || err.Error() != want {
			t.Errorf("%s: %d files, %v; want %q", what, len(files), err, want)
		}
	}
}

// TestLoadDirLinks: a link to a deal file is a deal file (it was skipped
// as no regular file: a corpus of links had "no deal files"), and a link
// to nothing is refused naming it, not skipped: a deal the user put there
// would silently be left out.
func TestLoadDirLinks(t *testing.T) {
	dir, store := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(store, "a.deal"), []byte("# expect: winnable\n"+seed1()), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"a.deal": filepath.Join(store, "a.deal"), "sub": store} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	files, err := LoadDir(dir, loadGame())
	if err != nil || len(files) != 1 || files[0].Path != filepath.Join(dir, "a.deal") || files[0].Expect != solver.Winnable {
		t.Fatalf("LoadDir = %+v, %v; want a.deal through its link", files, err)
	}
	gone := filepath.Join(dir, "gone.deal")
	if err := os.Symlink(filepath.Join(store, "none.deal"), gone); err != nil {
		t.Fatal(err)
	}
	want := gone + ": a link to a file that cannot be read: no such file or directory"
	if _, err := LoadDir(dir, loadGame()); err == nil || err.Error() != want {
		t.Errorf("a broken link: %v, want %q", err, want)
	}
}

// TestApplyRulesOwnRules: an unknown rule is refused naming the game's own
// rules, or saying it has none.
func TestApplyRulesOwnRules(t *testing.T) {
	for name, want := range map[string]string{
		"reloj":     `rules: unknown rule "colour" (reloj's rules are play, passes)`,
		"ventaglio": `rules: unknown rule "colour" (ventaglio's rules are play, passes, provisional-wrap, empty-provisional)`,
		"orologio":  `rules: unknown rule "colour" (orologio has no rules to set: the deal decides the game)`,
	} {
		g, err := games.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ApplyRules(g.Defaults.JSON(), "colour=red", g); err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %q", name, err, want)
		}
	}
}

// TestClockPassesLine: a clock's "# rules:" line takes its one pass,
// passes=1, and refuses another count by the line, 0 (unlimited) too,
// which the game's check alone would take for no rules set ("passes": 0 is
// the zero value); 2 was refused without the line's number.
func TestClockPassesLine(t *testing.T) {
	g, err := games.Lookup("orologio")
	if err != nil {
		t.Fatal(err)
	}
	deal := strings.Join(deck.Italian.TokenList(g.SeedDeal(1)), " ") + "\n"
	if f, err := Parse([]byte("# expect: winnable\n# rules: passes=1\n"+deal), "c.deal", g); err != nil || f.Rules != g.Defaults {
		t.Errorf("passes=1: %+v, %v", f, err)
	}
	for _, n := range []string{"0", "2"} {
		want := "c.deal:2: rules: passes=" + n + ": orologio: the game has no choices; passes does not apply"
		if _, err := Parse([]byte("# expect: winnable\n# rules: passes="+n+"\n"+deal), "c.deal", g); err == nil || err.Error() != want {
			t.Errorf("passes=%s: %v, want %q", n, err, want)
		}
	}
}

// TestApplyRulesKeyTwice: a rule given twice on one line is refused, naming
// both pairs (the last one held, silently), whatever the spelling of the key.
func TestApplyRulesKeyTwice(t *testing.T) {
	refusesRules(t, "ventaglio", map[string]string{
		"play=free passes=1 play=forced":                 "rules: play is given twice (play=free, then play=forced): give it once",
		"passes=1 passes=1":                              "rules: passes is given twice (passes=1, then passes=1): give it once",
		"provisional_wrap=true provisional-wrap=false":   "rules: provisional-wrap is given twice (provisional_wrap=true, then provisional-wrap=false): give it once",
		"empty-provisional=never empty-provisional=fill": "rules: empty-provisional is given twice (empty-provisional=never, then empty-provisional=fill): give it once",
	})
}

// refusesRules checks that ApplyRules, on game's default rules, refuses
// each line of want with its message.
func refusesRules(t *testing.T, game string, want map[string]string) {
	t.Helper()
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	for line, msg := range want {
		if _, err := ApplyRules(g.Defaults.JSON(), line, g); err == nil || err.Error() != msg {
			t.Errorf("%q: %v, want %q", line, err, msg)
		}
	}
}

// TestApplyRulesComma: a comma between pairs is refused as such, not as a
// play "free," or as a key given twice naming "play=free,".
func TestApplyRulesComma(t *testing.T) {
	refusesRules(t, "ventaglio", map[string]string{
		"play=free, play=forced": `rules: "play=free,": separate the pairs with spaces, not commas`,
		"play=free,passes=1":     `rules: "play=free,passes=1": separate the pairs with spaces, not commas`,
		"passes=1 , play=free":   `rules: ",": separate the pairs with spaces, not commas`,
	})
}

// TestHeaderAfterBOM: a deal file an editor saved with a UTF-8 byte-order
// mark, its header on line 1, keeps its header: the deal parser skips the
// mark, and the "# rules:" line was silently dropped (solve --deal played
// the defaults) and "# expect:" was "no line".
func TestHeaderAfterBOM(t *testing.T) {
	val, line, ok, err := RulesLine([]byte("\uFEFF# rules: play=free passes=1\n"+seed1()), "d.deal")
	if err != nil || !ok || line != 1 || val != "play=free passes=1" {
		t.Errorf("RulesLine after a BOM = %q, %d, %t, %v", val, line, ok, err)
	}
	f, err := Parse([]byte("\uFEFF# expect: unwinnable\n# rules: play=free passes=1\n"+seed1()), "x.deal", loadGame())
	if err != nil {
		t.Fatal(err)
	}
	if f.Expect != solver.Unwinnable || f.Rules.Play != state.Free || f.Rules.Passes != 1 {
		t.Errorf("parsed after a BOM %+v", f)
	}
}
