package odds

import (
	"math/big"
	"testing"
)

// rankSequences calls f with every distinct sequence of ranks holding each
// of ranks ranks suits times: the deals of a deck up to suits, which the
// clock games never look at. Each sequence stands for the same number of
// deals, so the won share of sequences is the won share of deals.
func rankSequences(ranks, suits int, f func(seq []int)) {
	left := make([]int, ranks)
	for i := range left {
		left[i] = suits
	}
	seq := make([]int, 0, ranks*suits)
	var rec func()
	rec = func() {
		if len(seq) == ranks*suits {
			f(seq)
			return
		}
		for r := range left {
			if left[r] > 0 {
				left[r]--
				seq = append(seq, r)
				rec()
				seq = seq[:len(seq)-1]
				left[r]++
			}
		}
	}
	rec()
}

// playClock plays the classic Clock on a rank sequence literally: index i <
// (R−1)s face down on hour pile i mod (R−1), the last s cards the centre,
// the last dealt on top; take the centre's top; a king (rank R−1) to the
// centre and take the centre's next, any other card under its hour pile and
// take that pile's top, until a pile to take from is empty. Won when every
// card was turned.
func playClock(seq []int, ranks, suits int) bool {
	piles := make([][]int, ranks)
	h := ranks - 1
	for i := range h * suits {
		piles[i%h] = append(piles[i%h], seq[i])
	}
	piles[h] = append(piles[h], seq[h*suits:]...)
	turned, from := 0, h
	for len(piles[from]) > 0 {
		c := piles[from][len(piles[from])-1]
		piles[from] = piles[from][:len(piles[from])-1]
		turned++
		from = c // a king's rank is h: the centre
	}
	return turned == ranks*suits
}

// playOrologio plays the Solitario dell'orologio on a rank sequence: the
// first Clock ranks are the clock, then each pair's second card covers every
// clock card of its rank. Won when every clock card is covered.
func playOrologio(seq []int, p Params) bool {
	covered := make([]bool, p.Clock)
	for i := p.Clock + 1; i < len(seq); i += 2 {
		for h := range p.Clock {
			if seq[h] == seq[i] {
				covered[h] = true
			}
		}
	}
	for _, c := range covered {
		if !c {
			return false
		}
	}
	return true
}

func TestClockOneThirteenth(t *testing.T) {
	want := big.NewRat(1, 13)
	dp, err := Clock(13, 4)
	if err != nil {
		t.Fatal(err)
	}
	tree, _ := ClockByTree(13, 4)
	if dp.Cmp(want) != 0 || tree.Cmp(want) != 0 {
		t.Fatalf("classic Clock: dynamic programme %s, trees %s, want 1/13", dp, tree)
	}
	if got := Decimal(dp, 10); got != "0.0769230769" {
		t.Fatalf("decimal %s", got)
	}
	// 1/R for every deck shape, by both methods.
	for r := 2; r <= 13; r++ {
		for s := 1; s <= 4; s++ {
			a, _ := Clock(r, s)
			b, _ := ClockByTree(r, s)
			if a.Cmp(big.NewRat(1, int64(r))) != 0 || b.Cmp(a) != 0 {
				t.Fatalf("%d ranks × %d: dp %s, trees %s, want 1/%d", r, s, a, b, r)
			}
		}
	}
}

// TestClockBruteForce plays every rank sequence of small decks and compares
// the won share with both computations.
func TestClockBruteForce(t *testing.T) {
	for _, c := range [][2]int{{2, 1}, {2, 3}, {3, 2}, {4, 2}, {3, 3}, {5, 2}, {4, 3}, {3, 4}} {
		won, all := 0, 0
		rankSequences(c[0], c[1], func(seq []int) {
			all++
			if playClock(seq, c[0], c[1]) {
				won++
			}
		})
		brute := big.NewRat(int64(won), int64(all))
		dp, _ := Clock(c[0], c[1])
		tree, _ := ClockByTree(c[0], c[1])
		if brute.Cmp(dp) != 0 || brute.Cmp(tree) != 0 {
			t.Errorf("%d ranks × %d suits: brute force %d/%d = %s, dp %s, trees %s", c[0], c[1], won, all, brute, dp, tree)
		}
	}
}

func TestOrologioMethodsAgree(t *testing.T) {
	a, err := Orologio(Italian)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := OrologioByRank(Italian)
	if a.Cmp(b) != 0 {
		t.Fatalf("Italian: inclusion–exclusion %s, by rank %s", a, b)
	}
	t.Logf("Italian: %s = %s", a, Decimal(a, 12))
	// Bounds: four of a kind in the clock loses, so P < 1 − P(four of a kind).
	if a.Sign() <= 0 || a.Cmp(big.NewRat(1, 5)) >= 0 {
		t.Fatalf("Italian odds %s out of range", a)
	}
	for _, p := range []Params{{10, 4, 0, 20}, {10, 4, 40, 0}, {10, 4, 2, 19}, {13, 4, 12, 20}, {6, 3, 4, 7}} {
		x, _ := Orologio(p)
		y, _ := OrologioByRank(p)
		if x.Cmp(y) != 0 {
			t.Errorf("%+v: %s vs %s", p, x, y)
		}
	}
	if x, _ := Orologio(Params{10, 4, 0, 20}); x.Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("an empty clock is always won: %s", x)
	}
	if x, _ := Orologio(Params{10, 4, 40, 0}); x.Sign() != 0 {
		t.Errorf("a clock of the whole deck is never won: %s", x)
	}
	if _, err := Orologio(Params{10, 4, 12, 13}); err == nil {
		t.Error("a layout of 38 cards accepted")
	}
}

// TestOrologioBruteForce plays every rank sequence of small layouts.
func TestOrologioBruteForce(t *testing.T) {
	for _, p := range []Params{{3, 2, 2, 2}, {4, 2, 2, 3}, {3, 3, 3, 3}, {4, 3, 4, 4}, {5, 2, 4, 3}, {4, 3, 6, 3}, {3, 4, 4, 4}} {
		won, all := 0, 0
		rankSequences(p.Ranks, p.Suits, func(seq []int) {
			all++
			if playOrologio(seq, p) {
				won++
			}
		})
		brute := big.NewRat(int64(won), int64(all))
		ie, _ := Orologio(p)
		gf, _ := OrologioByRank(p)
		if brute.Cmp(ie) != 0 || brute.Cmp(gf) != 0 {
			t.Errorf("%+v: brute force %d/%d = %s, inclusion–exclusion %s, by rank %s", p, won, all, brute, ie, gf)
		}
	}
}
