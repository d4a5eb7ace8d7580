package games_test

import (
	"path/filepath"
	"testing"

	"github.com/solitario/solitario/corpus"
	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/internal/testkit"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
)

// TestSmallGamesCorpusIndependent establishes the expected verdict of every
// corpus file of sietes, orologio and orologio52 without the solver (the
// corpus README asks for it; corpus/corpus_test.go checks the solver): by
// the plain brute force for sietes, by RULES.md's criterion for the clocks.
func TestSmallGamesCorpusIndependent(t *testing.T) {
	for _, name := range []string{"sietes", "orologio", "orologio52"} {
		g := mustLookup(t, name)
		files, err := corpus.LoadDir(filepath.Join("..", "corpus", name), g)
		if err != nil {
			t.Fatal(err)
		}
		if len(files) < 3 {
			t.Fatalf("%s: %d corpus files", name, len(files))
		}
		for _, f := range files {
			var won bool
			switch name {
			case "sietes":
				b := &bruteSietes{free: f.Rules.Play == state.Free, passes: f.Rules.Passes, buried: true, auto: f.Rules.Play == state.Free, seen: map[string]bool{}}
				p := bsDeal(f.Cards)
				won = b.win(&p)
			case "orologio":
				won = testkit.OrologioWon(f.Cards)
			default:
				won = plainClock(f.Cards)
			}
			if won != (f.Expect == solver.Winnable) {
				t.Errorf("%s: expects %v, the plain check says won=%v", f.Path, f.Expect, won)
			}
		}
	}
}

// plainClock plays the classic Clock with slices: won when all 52 turn.
func plainClock(deal []deck.Card) bool {
	piles := make([][]deck.Card, 13)
	for i := range 48 {
		piles[i%12] = append(piles[i%12], deal[i])
	}
	piles[12] = append(piles[12], deal[48:]...)
	turned, from := 0, 12
	for len(piles[from]) > 0 {
		c := piles[from][len(piles[from])-1]
		piles[from] = piles[from][:len(piles[from])-1]
		turned++
		from = c.Rank() // K (rank 12) is the centre
	}
	return turned == 52
}
