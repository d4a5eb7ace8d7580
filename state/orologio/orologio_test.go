package orologio

import (
	"context"
	"slices"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/internal/testkit"
	"github.com/solitario/solitario/solver"
)

// TestItalianPlayOut checks the play-out against the plain criterion on many
// seeds, and the shape of the line: stock cards in deal order, face-down
// cards to the well, each covered hour named once with a card of its rank.
func TestItalianPlayOut(t *testing.T) {
	wins, fours := 0, 0
	for seed := range uint64(5000) {
		deal := deck.Deal(deck.Italian, 1, seed)
		g, s, err := NewItalian(deal)
		if err != nil {
			t.Fatal(err)
		}
		var cards []int
		covered := map[int]bool{}
		moves, won := PlayOut(g, s, func(b *State40, m Move40) {
			cards = append(cards, b.Next())
			c := g.Card(b)
			if m == 0 {
				return
			}
			if !b.FaceUp() {
				t.Fatalf("seed %d: face-down card %d covers hour %d", seed, b.Next(), m)
			}
			if covered[int(m)] || g.Clock(int(m)).Rank() != c.Rank() {
				t.Fatalf("seed %d: %s covers hour %d (%s), covered before: %v", seed, deck.Italian.Token(c), m, deck.Italian.Token(g.Clock(int(m))), covered[int(m)])
			}
			covered[int(m)] = true
		})
		if won != testkit.OrologioWon(deal) {
			t.Fatalf("seed %d: play-out won=%v, criterion %v", seed, won, testkit.OrologioWon(deal))
		}
		if won {
			wins++
			if len(covered) != 12 {
				t.Fatalf("seed %d: won with %d hours covered", seed, len(covered))
			}
		}
		if r, ok := g.FourOfAKind(); ok {
			fours++
			if len(moves) != 0 || won {
				t.Fatalf("seed %d: four %ds in the clock, yet %d moves", seed, r+1, len(moves))
			}
		} else if !won && cards[len(cards)-1] != 39 {
			t.Fatalf("seed %d: lost before the stock ran out (last card %d)", seed, cards[len(cards)-1])
		}
		for i := 1; i < len(cards); i++ {
			if cards[i] != cards[i-1] && cards[i] != cards[i-1]+1 {
				t.Fatalf("seed %d: stock card %d after %d", seed, cards[i], cards[i-1])
			}
		}
	}
	t.Logf("5000 seeds: %d won, %d four of a kind", wins, fours)
	if wins == 0 || fours == 0 {
		t.Errorf("%d wins, %d fours: the test tests nothing", wins, fours)
	}
}

// TestItalianFourOfAKind: a clock with the four 5s is lost with no move.
func TestItalianFourOfAKind(t *testing.T) {
	deal := deck.Italian.Canonical(1) // 1D..RD, 1C..RC, 1S..RS, 1B..RB
	// Put the four 5s (rank 4) at hours 1, 4, 7, 10.
	for k, suit := range []int{0, 1, 2, 3} {
		c := deck.NewCard(suit, 4)
		i := slices.Index(deal, c)
		deal[i], deal[3*k] = deal[3*k], deal[i]
	}
	g, s, err := NewItalian(deal)
	if err != nil {
		t.Fatal(err)
	}
	if r, ok := g.FourOfAKind(); !ok || r != 4 {
		t.Fatalf("four of a kind: %d %v, want rank 4 (the 5s)", r, ok)
	}
	if m := g.Moves(&s, nil); len(m) != 0 {
		t.Fatalf("moves %v, want none", m)
	}
	res := solver.Solve[State40, Move40, Italian](context.Background(), g, s, solver.Options{})
	if res.Verdict != solver.Unwinnable || res.Stats.Nodes != 1 {
		t.Fatalf("solve: %v in %d nodes, want unwinnable in 1", res.Verdict, res.Stats.Nodes)
	}
}

// frenchWins plays the classic Clock plainly with slices: piles as stacks of
// deal indexes, the centre a stack, the card in hand moved until the fourth
// king.
func frenchWins(deal []deck.Card) (won bool, turned []deck.Card) {
	piles := make([][]deck.Card, 13)
	for i := range 48 {
		piles[i%12] = append(piles[i%12], deal[i]) // last dealt on top (end)
	}
	piles[12] = append(piles[12], deal[48:52]...)
	take := func(p int) (deck.Card, bool) {
		if len(piles[p]) == 0 {
			return 0, false
		}
		c := piles[p][len(piles[p])-1]
		piles[p] = piles[p][:len(piles[p])-1]
		return c, true
	}
	c, ok := take(12)
	for ok {
		turned = append(turned, c)
		dest := 12 // a king to the centre
		if c.Rank() < 12 {
			dest = c.Rank() // A=0 -> hour 1 ... Q=11 -> hour 12
		}
		c, ok = take(dest)
	}
	return len(turned) == 52, turned
}

// TestFrenchPlayOut checks the play-out against the plain simulation on
// many seeds: the cards in the same order, the same verdict, and the game
// ending on the fourth king.
func TestFrenchPlayOut(t *testing.T) {
	wins := 0
	for seed := range uint64(5000) {
		deal := deck.Deal(deck.French, 1, seed)
		g, s, err := NewFrench(deal)
		if err != nil {
			t.Fatal(err)
		}
		var turned []deck.Card
		kings := 0
		_, won := PlayOut(g, s, func(b *State52, m Move52) {
			c, _, ok := g.Hand(b)
			if !ok {
				t.Fatalf("seed %d: a move with no card in hand", seed)
			}
			if c.Rank() == 12 {
				kings++
				if int(m) != Centre {
					t.Fatalf("seed %d: king to pile %d", seed, m)
				}
			}
			turned = append(turned, c)
		})
		wantWon, wantTurned := frenchWins(deal)
		if won != wantWon || !slices.Equal(turned, wantTurned) {
			t.Fatalf("seed %d: won %v after %d cards, plain %v after %d", seed, won, len(turned), wantWon, len(wantTurned))
		}
		if kings != 4 || turned[len(turned)-1].Rank() != 12 {
			t.Fatalf("seed %d: the game ended after %d kings on %s", seed, kings, deck.French.Token(turned[len(turned)-1]))
		}
		if won {
			wins++
		}
	}
	t.Logf("5000 seeds: %d won", wins)
	if wins == 0 {
		t.Error("no deal won: the test tests nothing")
	}
}

// TestSolveIsPlayOut: the generic solver finds the play-out's verdict, and
// its line for a win, in one node per move.
func TestSolveIsPlayOut(t *testing.T) {
	for seed := range uint64(300) {
		g, s, _ := NewItalian(deck.Deal(deck.Italian, 1, seed))
		moves, won := PlayOut(g, s, nil)
		res := solver.Solve[State40, Move40, Italian](context.Background(), g, s, solver.Options{Table: solver.NewFlat(1 << 16)})
		if (res.Verdict == solver.Winnable) != won || res.Stats.Nodes != int64(len(moves))+1 {
			t.Fatalf("orologio seed %d: %v in %d nodes, play-out won=%v in %d moves", seed, res.Verdict, res.Stats.Nodes, won, len(moves))
		}
		if won && !slices.Equal(res.Line, moves) {
			t.Fatalf("orologio seed %d: line differs from the play-out", seed)
		}
		f, fs, _ := NewFrench(deck.Deal(deck.French, 1, seed))
		fm, fwon := PlayOut(f, fs, nil)
		fres := solver.Solve[State52, Move52, French](context.Background(), f, fs, solver.Options{})
		if (fres.Verdict == solver.Winnable) != fwon || fres.Stats.Nodes != int64(len(fm))+1 {
			t.Fatalf("orologio52 seed %d: %v in %d nodes, play-out won=%v in %d moves", seed, fres.Verdict, fres.Stats.Nodes, fwon, len(fm))
		}
	}
}

// TestKeysDistinct: along a play-out every position has its own key.
func TestKeysDistinct(t *testing.T) {
	for seed := range uint64(200) {
		g, s, _ := NewFrench(deck.Deal(deck.French, 1, seed))
		seen := map[solver.Key]bool{g.Key(&s): true}
		PlayOut(g, s, func(b *State52, m Move52) {
			c := *b
			g.Apply(&c, m)
			k := g.Key(&c)
			if seen[k] {
				t.Fatalf("orologio52 seed %d: key repeats", seed)
			}
			seen[k] = true
		})
		gi, si, _ := NewItalian(deck.Deal(deck.Italian, 1, seed))
		seenI := map[solver.Key]bool{gi.Key(&si): true}
		PlayOut(gi, si, func(b *State40, m Move40) {
			c := *b
			gi.Apply(&c, m)
			if seenI[gi.Key(&c)] {
				t.Fatalf("orologio seed %d: key repeats", seed)
			}
			seenI[gi.Key(&c)] = true
		})
	}
}

// TestBadDeals: wrong decks and duplicates are errors.
func TestBadDeals(t *testing.T) {
	it := deck.Deal(deck.Italian, 1, 1)
	if _, _, err := NewItalian(it[:39]); err == nil {
		t.Error("39 cards accepted")
	}
	dup := slices.Clone(it)
	dup[0] = dup[1]
	if _, _, err := NewItalian(dup); err == nil {
		t.Error("duplicate accepted")
	}
	if _, _, err := NewFrench(it); err == nil {
		t.Error("Italian deal accepted as French")
	}
	fr := deck.Deal(deck.French, 1, 1)
	fr[51] = deck.NewCard(0, 13)
	if _, _, err := NewFrench(fr); err == nil {
		t.Error("rank 13 accepted")
	}
}
