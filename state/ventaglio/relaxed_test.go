package ventaglio

import (
	"math/rand/v2"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/internal/testkit"
)

// Card is deck.Card, for the layouts built here.
type Card = deck.Card

// relaxedOf is the relaxed move that stands for real move m from s: m
// itself, with the suit of the card for a base top going up.
func relaxedOf(s *State, m Move) RelaxedMove {
	if m.From().IsProv() && m.To().IsFound() {
		c, _ := s.ProvTop(int(m.From() - P1))
		return RelaxedMove(m) | RelaxedMove(c.Suit())<<8
	}
	return RelaxedMove(m)
}

// TestRelaxedCommutes is the relaxation argument of Relaxed checked move by
// move, under every variant, along random plays from random positions and
// deals: for every real move m from P, the relaxed image of m is among the
// relaxed moves of φ(P) (up to the choice between two foundations that are
// alike under the key), and playing it lands on φ(P'); KeyOf(P) is the key
// of φ(P); a won P has a won image.
func TestRelaxedCommutes(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 70))
	var checked int
	for i, r := range allRules() {
		for j := range 6 {
			l := RandomLayout(rng, 20+rng.IntN(60))
			d, err := NewDeal(l)
			if err != nil {
				t.Fatal(err)
			}
			g := New(d, r)
			rx := NewRelaxed(g)
			var rbuf []RelaxedMove
			testkit.Walk(g, d.Start(), rng, 300, func(m Move) bool { return m.To().IsFound() }, func(step int, s *State, buf []Move) {
				img := rx.Relax(s)
				if got, want := rx.KeyOf(s), rx.Key(&img); got != want {
					t.Fatalf("rules %d layout %d step %d: KeyOf %v, Key(Relax) %v", i, j, step, got, want)
				}
				rbuf = rx.Moves(&img, rbuf)
				for _, m := range buf {
					next := *s
					g.Apply(&next, m)
					rm := relaxedOf(s, m)
					found := false
					for _, x := range rbuf {
						if x == rm || x.Suit() == rm.Suit() && x.Move().From() == m.From() && x.Move().To().IsFound() && m.To().IsFound() {
							// The relaxed list names one of two alike
							// foundations: play the real one.
							found = true
							break
						}
					}
					if !found {
						t.Fatalf("rules %d layout %d step %d: real move %v (relaxed %#x) is not a relaxed move of the image", i, j, step, m, uint16(rm))
					}
					ri := img
					rx.Apply(&ri, rm)
					want := rx.Relax(&next)
					if rx.Key(&ri) != rx.Key(&want) {
						t.Fatalf("rules %d layout %d step %d: move %v does not commute with the relaxation", i, j, step, m)
					}
					if g.Won(&next) && !rx.Won(&ri) {
						t.Fatalf("rules %d layout %d step %d: a won position's image is not won", i, j, step)
					}
					checked++
				}
			})
		}
	}
	if checked < 10_000 {
		t.Fatalf("only %d moves checked", checked)
	}
}

// TestRelaxedForgetsSuits: swapping two same-rank cards of different suits
// between two bases does not change the relaxed key (the real one changes,
// unless the swap only reorders the bases); swapping a
// base card with a same-rank card of another suit in the stock changes
// both (the suits on the bases are counted).
func TestRelaxedForgetsSuits(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 33))
	var bases, stock int
	for range 2000 {
		l := RandomLayout(rng, 40+rng.IntN(40))
		type at struct{ p, j int }
		var cs []at
		for p := range l.Prov {
			for j := range l.Prov[p] {
				cs = append(cs, at{p, j})
			}
		}
		if len(cs) < 2 {
			continue
		}
		a, b := cs[rng.IntN(len(cs))], cs[rng.IntN(len(cs))]
		x, y := l.Prov[a.p][a.j], l.Prov[b.p][b.j]
		if a.p == b.p || x.Rank() != y.Rank() || x.Suit() == y.Suit() {
			continue
		}
		m := l
		m.Prov = [Provisional][]Card{}
		for p := range l.Prov {
			m.Prov[p] = append([]Card(nil), l.Prov[p]...)
		}
		m.Prov[a.p][a.j], m.Prov[b.p][b.j] = y, x
		k1, r1 := keys(t, l)
		k2, r2 := keys(t, m)
		if r1 != r2 {
			t.Fatalf("suits swapped between bases: the relaxed keys differ")
		}
		if k1 == k2 {
			continue // the swap only reordered the bases (say two one-card bases)
		}
		bases++
		for i, c := range l.Stock {
			if c.Rank() == x.Rank() && c.Suit() != x.Suit() {
				n := m
				n.Stock = append([]Card(nil), l.Stock...)
				n.Prov[a.p] = append([]Card(nil), l.Prov[a.p]...)
				n.Prov[b.p] = l.Prov[b.p]
				n.Prov[a.p][a.j], n.Stock[i] = c, x
				_, r3 := keys(t, n)
				if r3 == r1 {
					t.Fatalf("a base card swapped with the stock: relaxed keys equal")
				}
				stock++
				break
			}
		}
	}
	if bases < 50 || stock < 20 {
		t.Fatalf("too few swaps tried: %d between bases, %d with the stock", bases, stock)
	}
}

// keys is the real key and the relaxed key of l's position (default rules).
func keys(t *testing.T, l Layout) (real, relaxed [2]uint64) {
	t.Helper()
	d, err := NewDeal(l)
	if err != nil {
		t.Fatal(err)
	}
	g := New(d, Rules{Passes: 3})
	s := d.Start()
	k := g.Key(&s)
	rk := NewRelaxed(g).KeyOf(&s)
	return [2]uint64{k.Hi, k.Lo}, [2]uint64{rk.Hi, rk.Lo}
}
