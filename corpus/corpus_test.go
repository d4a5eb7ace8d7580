package corpus

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solver"
)

// corpusMaxNodes bounds each corpus search: a file whose verdict the default
// strategy cannot reach within it is a failure (mark hard files "# slow").
const corpusMaxNodes = 200_000_000

// corpusTTMem is the flat table reused by every search of a game (Solve
// clears it first).
const corpusTTMem = 64 << 20

// TestCorpusVerdicts solves every corpus/<game>/*.deal file with the default
// strategy and checks the "# expect:" verdict; every winning line must replay
// through the game's referee. With -short, files marked "# slow" are skipped.
func TestCorpusVerdicts(t *testing.T) {
	st, err := solver.LookupStrategy(solver.DefaultStrategy)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games.All() {
		t.Run(g.Name, func(t *testing.T) {
			files, err := LoadDir(g.Name, g)
			switch {
			case err != nil:
				t.Fatal(err)
			}
			// Every game keeps at least one deal of each verdict (issue:
			// easy, hardest found, unwinnable, rule edges).
			var won, lost int
			for _, f := range files {
				if f.Expect == solver.Winnable {
					won++
				} else {
					lost++
				}
			}
			if won == 0 || lost == 0 {
				t.Errorf("corpus/%s has %d winnable and %d unwinnable deals: want at least one of each", g.Name, won, lost)
			}
			table, err := solver.NewTable(st.Table, corpusTTMem)
			if err != nil {
				t.Fatal(err)
			}
			defer solver.CloseTable(table)
			for _, f := range files {
				t.Run(filepath.Base(f.Path), func(t *testing.T) {
					if f.Slow && testing.Short() {
						t.Skip("# slow, and -short")
					}
					cfg := games.Config{Rules: f.Rules, Strategy: st,
						Search: solver.Options{MaxNodes: corpusMaxNodes, Table: table}}
					out, err := g.Solve(context.Background(), f.Cards, cfg)
					if err != nil {
						t.Fatal(err)
					}
					if out.Verdict != f.Expect {
						t.Fatalf("%s: %s (%s, %d nodes), the file expects %s", f.Path, out.Verdict, out.Reason, out.Stats.Nodes, f.Expect)
					}
					if out.Verdict == solver.Winnable {
						if err := g.Verify(f.Cards, f.Rules.JSON(), out.Moves); err != nil {
							t.Fatalf("%s: the winning line does not verify: %v", f.Path, err)
						}
					}
				})
			}
		})
	}
}

// TestCitedFilesExist: every repository file a corpus note cites exists
// (two reloj files cited a bench/results-reloj.md that never did).
func TestCitedFilesExist(t *testing.T) {
	cite := regexp.MustCompile("(bench|docs|corpus)/[A-Za-z0-9_./-]+\\.(md|json|deal|go)")
	n := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".deal") || strings.HasSuffix(path, ".md")) {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, c := range cite.FindAllString(string(data), -1) {
			n++
			if _, err := os.Stat(filepath.Join("..", c)); err != nil {
				t.Errorf("%s cites %s, which does not exist", path, c)
			}
		}
		return nil
	})
	if err != nil || n == 0 {
		t.Fatalf("walk: %v, %d citations", err, n)
	}
}

func TestRulesLine(t *testing.T) {
	val, line, ok, err := RulesLine([]byte("# a note\n# rules: play=free passes=1\n1O 2O\n"), "d.deal")
	if err != nil || !ok || line != 2 || val != "play=free passes=1" {
		t.Errorf("RulesLine = %q, %d, %t, %v", val, line, ok, err)
	}
	// The key in capitals is the rules line still, not a note.
	val, line, ok, err = RulesLine([]byte("# RULES: play=free\n1O 2O\n"), "d.deal")
	if err != nil || !ok || line != 1 || val != "play=free" {
		t.Errorf("# RULES: RulesLine = %q, %d, %t, %v", val, line, ok, err)
	}
	if _, _, ok, err := RulesLine([]byte("# expect: winnable\n1O\n"), "d.deal"); ok || err != nil {
		t.Errorf("no rules line: %t, %v", ok, err)
	}
	if _, _, _, err := RulesLine([]byte("# rules: passes=1\n# rules: passes=2\n"), "d.deal"); err == nil || err.Error() != `d.deal:2: a second "rules" line (the first is line 1)` {
		t.Errorf("two rules lines: %v", err)
	}
	if _, _, _, err := RulesLine([]byte("# a note\r# rules: passes=1\r# rules: passes=2\r"), "d.deal"); err == nil || err.Error() != `d.deal:3: a second "rules" line (the first is line 2)` {
		t.Errorf("two rules lines, CR line ends: %v", err)
	}
}

// TestLoadNamesFileOnce: a file that cannot be read is named once, without
// the system call ("open x.deal: …").
func TestLoadNamesFileOnce(t *testing.T) {
	g, err := games.Lookup("reloj")
	if err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(t.TempDir(), "x.deal")
	if _, err := Load(missing, g); err == nil || err.Error() != missing+": no such file or directory" {
		t.Errorf("Load(missing): %v", err)
	}
}
