package corpus

import (
	"context"
	"path/filepath"
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
