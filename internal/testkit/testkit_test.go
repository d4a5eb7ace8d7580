package testkit

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solver"
)

func TestCards(t *testing.T) {
	got := Cards(t, deck.Spanish, " 1O  rb 7E ")
	want := []deck.Card{deck.NewCard(0, 0), deck.NewCard(3, 9), deck.NewCard(2, 6)}
	if !slices.Equal(got, want) {
		t.Fatalf("%v, want %v", deck.Spanish.TokenList(got), deck.Spanish.TokenList(want))
	}
}

func TestDealStartingWith(t *testing.T) {
	d := DealStartingWith(t, deck.French, 2, "KS", "AH", "KS")
	if len(d) != 104 {
		t.Fatalf("%d cards", len(d))
	}
	if got := deck.French.TokenList(d[:5]); !slices.Equal(got, []string{"KS", "AH", "KS", "AS", "2S"}) {
		t.Fatalf("starts %v", got)
	}
	count := map[deck.Card]int{}
	for _, c := range d {
		count[c]++
	}
	for _, c := range deck.French.Canonical(1) {
		if count[c] != 2 {
			t.Fatalf("%s %d times", deck.French.Token(c), count[c])
		}
	}
	// The rest is canonical less the cards given: the first deck's KS and
	// AH, then the second deck's KS.
	rest := deck.French.TokenList(d[3:])
	if rest[11] != "QS" || rest[12] != "2H" || rest[61] != "QS" || rest[62] != "AH" {
		t.Fatalf("rest %v", rest)
	}
}

// count is a toy game: add 1 or 2 to a counter, won at 10, stuck past it.
type count struct{}

func (count) Moves(s *int, buf []int) []int {
	buf = buf[:0]
	if *s < 10 {
		buf = append(buf, 1, 2)
	}
	return buf
}
func (count) Apply(s *int, m int)   { *s += m }
func (count) Won(s *int) bool       { return *s == 10 }
func (count) Key(s *int) solver.Key { return solver.Key{Lo: uint64(*s)} }

func TestRandomGame(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		ps := RandomGame[int, int](count{}, 0, rng, 100)
		s := 0
		for _, p := range ps {
			if p.S != s || p.M < 1 || p.M > 2 {
				t.Fatalf("position %d move %d after %d", p.S, p.M, s)
			}
			s += p.M
		}
		if s < 10 || s > 11 {
			t.Fatalf("stopped at %d", s)
		}
	}
	if ps := RandomGame[int, int](count{}, 0, rng, 3); len(ps) != 3 {
		t.Fatalf("limit 3: %d positions", len(ps))
	}
}

// TestWalk: Walk visits the positions of one play in order, each with its
// moves, the last (stuck past 10) too, at most limit of them; it leans to
// the moves prefer picks (here 2, drawn a half of the time uniformly, two
// thirds with the lean).
func TestWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	ones, twos := 0, 0
	for range 50 {
		last, prev := -1, 0
		Walk[int, int](count{}, 0, rng, 100, func(m int) bool { return m == 2 }, func(step int, s *int, moves []int) {
			if step != last+1 || step > 0 && *s-prev != 1 && *s-prev != 2 || *s > 11 {
				t.Fatalf("step %d (after %d) at %d, the one before %d", step, last, *s, prev)
			}
			if want := (count{}).Moves(s, nil); !slices.Equal(moves, want) {
				t.Fatalf("at %d: moves %v, want %v", *s, moves, want)
			}
			if step > 0 {
				if *s-prev == 1 {
					ones++
				} else {
					twos++
				}
			}
			last, prev = step, *s
		})
		if prev < 10 {
			t.Fatalf("stopped at %d", prev)
		}
	}
	if twos < ones*3/2 {
		t.Errorf("%d moves of 2, %d of 1: no lean to prefer's moves", twos, ones)
	}
	visits := 0
	Walk[int, int](count{}, 0, rng, 3, func(int) bool { return false }, func(int, *int, []int) { visits++ })
	if visits != 3 {
		t.Fatalf("limit 3: %d positions visited", visits)
	}
}
