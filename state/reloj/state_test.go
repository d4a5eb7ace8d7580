package reloj

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/internal/testkit"
)

// model is a plain, slice-based position written straight from RULES.md,
// independent of the packing: the test's reference for moves and apply.
type model struct {
	rank    [StockSize]int // rank of each stock card
	stock   []int          // stock card indexes, top first
	waste   []int          // bottom first
	heights [Ranks]int
	bases   []int // base ranks left to right
	pass    int   // redeals made
	placed  bool  // a card reached the circle this pass
	rules   Rules
}

func newModel(r Rules, deal []deck.Card) *model {
	m := &model{rules: r, bases: []int{deal[0].Rank()}}
	m.heights[deal[0].Rank()] = 1
	for i := range StockSize {
		m.rank[i] = deal[i+1].Rank()
		m.stock = append(m.stock, i)
	}
	return m
}

// targets are the base ranks of the piles a card of rank c may go to.
func (m *model) targets(c int) []int {
	var out []int
	for _, b := range m.bases {
		h := m.heights[b]
		if h < PileSize && (b+h-1+1)%Ranks == c {
			out = append(out, b)
		}
	}
	if len(m.bases) < Ranks {
		right := (m.bases[len(m.bases)-1] + 1) % Ranks
		left := (m.bases[0] + Ranks - 1) % Ranks
		if c == right || c == left {
			out = append(out, c)
		}
	}
	return out
}

func (m *model) legal() []Move {
	var out []Move
	if len(m.waste) > 0 {
		for _, b := range m.targets(m.rank[m.waste[len(m.waste)-1]]) {
			out = append(out, WasteTo(b))
		}
	}
	if len(m.stock) > 0 {
		t := m.targets(m.rank[m.stock[0]])
		for _, b := range t {
			out = append(out, StockTo(b))
		}
		if m.rules.Play == Free || len(t) == 0 {
			out = append(out, DrawMove)
		}
	}
	passLeft := m.rules.Passes == 0 && m.placed || m.rules.Passes > 0 && m.pass+1 < m.rules.Passes
	if len(m.stock) == 0 && len(m.waste) > 0 && passLeft {
		out = append(out, RedealMove)
	}
	return out
}

func (m *model) put(b, c int) {
	if m.heights[b] == 0 {
		if c == (m.bases[0]+Ranks-1)%Ranks {
			m.bases = append([]int{c}, m.bases...)
		} else {
			m.bases = append(m.bases, c)
		}
	}
	m.heights[b]++
	m.placed = true
}

func (m *model) apply(mv Move) {
	switch mv.Kind() {
	case Draw:
		m.waste = append(m.waste, m.stock[0])
		m.stock = m.stock[1:]
	case Stock:
		m.put(mv.Pile(), m.rank[m.stock[0]])
		m.stock = m.stock[1:]
	case Waste:
		m.put(mv.Pile(), m.rank[m.waste[len(m.waste)-1]])
		m.waste = m.waste[:len(m.waste)-1]
	case Redeal:
		m.stock = append([]int(nil), m.waste...)
		m.waste = nil
		m.pass++
		m.placed = false
	}
}

// view is the model as a View in the package's canonical form: pass and the
// placed flag only where the rules make them matter.
func (m *model) view() View {
	v := View{Stock: slices.Clone(m.stock), Waste: slices.Clone(m.waste), Heights: m.heights}
	if m.rules.Passes == 0 {
		v.Placed = m.placed
	} else {
		v.Pass = m.pass
	}
	return v
}

func sortedMoves(ms []Move) []Move {
	out := slices.Clone(ms)
	slices.Sort(out)
	return out
}

var allRules = []Rules{{Forced, 2}, {Free, 2}, {Forced, 1}, {Free, 1}, {Forced, 3}, {Free, 0}, {Forced, 0}}

// TestRandomPlayouts plays random legal games and checks, after every Apply,
// that the packed state's key equals the key packed from scratch from the
// plain model, that Unpack gives the model back, and that the legal moves
// agree with the model's.
func TestRandomPlayouts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]Move, 0, 16)
	for seed := uint64(1); seed <= 300; seed++ {
		deal := deck.Deal(deck.Spanish, 1, seed)
		for _, r := range allRules {
			g, s, err := NewGame(r, deal)
			if err != nil {
				t.Fatal(err)
			}
			m := newModel(r, deal)
			for step := 0; ; step++ {
				v := m.view()
				want, err := Pack(v)
				if err != nil {
					t.Fatalf("seed %d %v step %d: model does not pack: %v", seed, r, step, err)
				}
				if g.Key(&s) != want.Key() {
					t.Fatalf("seed %d %v step %d: key %x, from scratch %x (%s)", seed, r, step, g.Key(&s), want.Key(), g.Format(&s))
				}
				if got := Unpack(s); !reflect.DeepEqual(normView(got), normView(v)) {
					t.Fatalf("seed %d %v step %d: unpack %+v, model %+v", seed, r, step, got, v)
				}
				moves := g.Moves(&s, buf)
				if got, exp := sortedMoves(moves), sortedMoves(m.legal()); !slices.Equal(got, exp) {
					t.Fatalf("seed %d %v step %d: moves %v, model %v (%s)", seed, r, step, got, exp, g.Format(&s))
				}
				won := len(m.stock)+len(m.waste) == 0
				if g.Won(&s) != won {
					t.Fatalf("seed %d %v step %d: Won %v, model %v", seed, r, step, g.Won(&s), won)
				}
				if len(moves) == 0 || step > 2000 {
					break
				}
				mv := moves[rng.IntN(len(moves))]
				g.Apply(&s, mv)
				m.apply(mv)
			}
		}
	}
}

func normView(v View) View {
	if len(v.Stock) == 0 {
		v.Stock = nil
	}
	if len(v.Waste) == 0 {
		v.Waste = nil
	}
	return v
}

// game deals from tokens: the first base, then the stock top first; the
// remaining cards follow in canonical order.
func game(t *testing.T, r Rules, toks ...string) (Game, State) {
	t.Helper()
	g, s, err := NewGame(r, testkit.DealStartingWith(t, deck.Spanish, 1, toks...))
	if err != nil {
		t.Fatal(err)
	}
	return g, s
}

func TestStartPosition(t *testing.T) {
	g, s := game(t, Rules{Forced, 2}, "5O", "7C", "6E")
	if s.Piles() != 1 || s.Left() != 4 || s.Height(4) != 1 || s.Pos() != 0 || s.Pass() != 0 {
		t.Fatalf("start: %s", g.Format(&s))
	}
	if got := g.Format(&s); got != "circle 5:1 | waste empty | stock 7C (39) | pass 1" {
		t.Fatalf("format %q", got)
	}
	if g.Won(&s) {
		t.Fatal("start is won")
	}
}

func TestMovesHandBuilt(t *testing.T) {
	cases := []struct {
		name string
		r    Rules
		toks []string
		pre  []Move // moves played first
		want []Move // Moves after pre, in generation order
	}{
		// 5 on base 5: a 6 fits the pile (6 on 5) and starts a pile on the
		// right; forced play offers no draw.
		{"forced six", Rules{Forced, 2}, []string{"5O", "6C"}, nil, []Move{StockTo(4), StockTo(5)}},
		{"free six", Rules{Free, 2}, []string{"5O", "6C"}, nil, []Move{StockTo(4), StockTo(5), DrawMove}},
		// A 4 only starts a pile on the left.
		{"left", Rules{Forced, 2}, []string{"5O", "4C"}, nil, []Move{StockTo(3)}},
		// A rey fits nowhere next to base 5: forced play must draw it.
		{"forced draw", Rules{Forced, 2}, []string{"5O", "RC"}, nil, []Move{DrawMove}},
		// After drawing the rey, the waste top (rey) fits nowhere; the next
		// card 6 fits; waste moves come first.
		{"waste then stock", Rules{Forced, 2}, []string{"5O", "RC", "6C"}, []Move{DrawMove}, []Move{StockTo(4), StockTo(5)}},
		// Waste 4 and drawn 4: both may start pile 4.
		{"both free", Rules{Free, 2}, []string{"5O", "4C", "4E"}, []Move{DrawMove}, []Move{WasteTo(3), StockTo(3), DrawMove}},
		// Pile 5 holds 5 6; a 7 fits on it, starts pile 7? No: the run is 5
		// alone (6 is on pile 5), so R+1 = 6. The 7 fits pile 5 only.
		{"build", Rules{Forced, 2}, []string{"5O", "6C", "7C"}, []Move{StockTo(4)}, []Move{StockTo(4)}},
		// A 7 with piles 5 (5) and 6 (6): fits on 6 and starts 7.
		{"two ways", Rules{Forced, 2}, []string{"5O", "6C", "7C"}, []Move{StockTo(5)}, []Move{StockTo(5), StockTo(6)}},
	}
	for _, c := range cases {
		g, s := game(t, c.r, c.toks...)
		for _, m := range c.pre {
			g.Apply(&s, m)
		}
		got := g.Moves(&s, nil)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: moves %v, want %v (%s)", c.name, got, c.want, g.Format(&s))
		}
	}
}

// TestNineBases: with 9 bases the missing rank fits both ends; it is one move
// and the tenth pile makes L canonical (0).
func TestNineBases(t *testing.T) {
	// Base 1 (rank 0), then 2..7,S,C on the right: nine piles; the rey is missing.
	g, s := game(t, Rules{Forced, 2}, "1O", "2O", "3O", "4O", "5O", "6O", "7O", "SO", "CO", "RO")
	for b := 1; b <= 8; b++ {
		ms := g.Moves(&s, nil)
		// Each card k starts pile k and also fits pile k-1 (height 1).
		if want := []Move{StockTo(b - 1), StockTo(b)}; !slices.Equal(ms, want) {
			t.Fatalf("card %d: moves %v, want %v", b, ms, want)
		}
		g.Apply(&s, StockTo(b))
	}
	if s.Piles() != 9 || s.Left() != 0 {
		t.Fatalf("nine piles: %s", g.Format(&s))
	}
	ms := g.Moves(&s, nil)
	// The rey (rank 9): fits pile C (rank 8, height 1) and starts pile R; one
	// start move although it is both R+1 and L-1.
	if want := []Move{StockTo(8), StockTo(9)}; !slices.Equal(ms, want) {
		t.Fatalf("rey: moves %v, want %v", ms, want)
	}
	g.Apply(&s, StockTo(9))
	if s.Piles() != 10 || s.Left() != 0 {
		t.Fatalf("ten piles: %s", g.Format(&s))
	}
	// The same circle reached by starting the rey from the left of a run that
	// begins at 2 keeps L canonical too.
	g2, s2 := game(t, Rules{Forced, 2}, "2O", "3O", "4O", "5O", "6O", "7O", "SO", "CO", "RO", "1O")
	for b := 2; b <= 9; b++ {
		g2.Apply(&s2, StockTo(b))
	}
	g2.Apply(&s2, StockTo(0)) // the 1: R+1 and L-1 at once
	if s2.Piles() != 10 || s2.Left() != 0 || s2.Key() != s.Key() {
		t.Fatalf("ten piles the other way: %s key %x want %x", g2.Format(&s2), s2.Key(), s.Key())
	}
}

func TestRedealRules(t *testing.T) {
	for _, c := range []struct {
		r      Rules
		redeal []bool // whether a redeal is offered at the end of pass 1, 2, 3
	}{
		{Rules{Free, 1}, []bool{false}},
		{Rules{Free, 2}, []bool{true, false}},
		{Rules{Free, 3}, []bool{true, true, false}},
	} {
		g, s := game(t, c.r, "5O")
		for pass, want := range c.redeal {
			for s.Pos() < StockSize {
				g.Apply(&s, DrawMove)
			}
			ms := g.Moves(&s, nil)
			got := slices.Contains(ms, RedealMove)
			if got != want {
				t.Fatalf("%v pass %d: redeal offered %v, want %v (%v)", c.r, pass+1, got, want, ms)
			}
			if got {
				g.Apply(&s, RedealMove)
				if s.Pos() != 0 || s.Pass() != pass+1 {
					t.Fatalf("after redeal: %s", g.Format(&s))
				}
			}
		}
	}
	// Unlimited: a pass that placed nothing allows no redeal; one that placed
	// a card does.
	g, s := game(t, Rules{Free, 0}, "5O", "6C")
	for s.Pos() < StockSize {
		g.Apply(&s, DrawMove)
	}
	if slices.Contains(g.Moves(&s, nil), RedealMove) {
		t.Fatal("unlimited: redeal after an empty pass")
	}
	g, s = game(t, Rules{Free, 0}, "5O", "6C")
	g.Apply(&s, StockTo(4))
	for s.Pos() < StockSize {
		g.Apply(&s, DrawMove)
	}
	if !slices.Contains(g.Moves(&s, nil), RedealMove) {
		t.Fatal("unlimited: no redeal after a pass that placed a card")
	}
	g.Apply(&s, RedealMove)
	if s.Placed() || s.Pass() != 0 {
		t.Fatalf("unlimited after redeal: placed %v pass %d", s.Placed(), s.Pass())
	}
}

// TestMiddleOfWasteDisappears: a card placed from the waste leaves the order
// of the others unchanged after a redeal.
func TestMiddleOfWasteDisappears(t *testing.T) {
	// 5O base; stock RC 2C 6C ...: draw RC, draw 2C, 6C on pile 5? Take 6C
	// to the waste, then place it from the waste.
	g, s := game(t, Rules{Free, 2}, "5O", "RC", "2C", "6C", "3C")
	g.Apply(&s, DrawMove)          // RC
	g.Apply(&s, DrawMove)          // 2C
	g.Apply(&s, DrawMove)          // 6C
	g.Apply(&s, WasteTo(4))        // 6C on pile 5
	if w := s.WasteTop(); w != 1 { // 2C
		t.Fatalf("waste top %d, want 1", w)
	}
	for s.Pos() < StockSize {
		g.Apply(&s, DrawMove)
	}
	g.Apply(&s, RedealMove)
	v := Unpack(s)
	if v.Stock[0] != 0 || v.Stock[1] != 1 || v.Stock[2] != 3 || len(v.Stock) != 38 {
		t.Fatalf("after redeal stock starts %v (len %d)", v.Stock[:4], len(v.Stock))
	}
}

func TestPackRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		var v View
		// Random circle: a run of n bases from l with random heights.
		n := 1 + rng.IntN(Ranks)
		l := rng.IntN(Ranks)
		cards := 0
		for i := range n {
			h := 1 + rng.IntN(PileSize)
			v.Heights[(l+i)%Ranks] = h
			cards += h
		}
		left := StockSize + 1 - cards
		if left < 0 {
			continue
		}
		idx := rng.Perm(StockSize)[:left]
		slices.Sort(idx)
		cut := rng.IntN(left + 1)
		v.Waste, v.Stock = idx[:cut], idx[cut:]
		v.Pass = rng.IntN(MaxPasses)
		s, err := Pack(v)
		if err != nil {
			t.Fatalf("pack %+v: %v", v, err)
		}
		if got := Unpack(s); !reflect.DeepEqual(normView(got), normView(v)) {
			t.Fatalf("round trip: %+v -> %+v", v, got)
		}
		wantL := l
		if n == Ranks {
			wantL = 0
		}
		if s.Left() != wantL || s.Piles() != n {
			t.Fatalf("L %d piles %d, want %d %d", s.Left(), s.Piles(), wantL, n)
		}
	}
}

func TestPackRejects(t *testing.T) {
	base := View{Heights: [Ranks]int{1}}
	for i := range StockSize {
		base.Stock = append(base.Stock, i)
	}
	for _, c := range []struct {
		name string
		edit func(v *View)
	}{
		{"unsorted stock", func(v *View) { v.Stock[0], v.Stock[1] = v.Stock[1], v.Stock[0] }},
		{"waste above stock", func(v *View) { v.Waste = []int{38}; v.Stock = v.Stock[:38] }},
		{"card count", func(v *View) { v.Stock = v.Stock[1:] }},
		{"broken run", func(v *View) { v.Heights[5] = 1; v.Stock = v.Stock[1:] }},
		{"height", func(v *View) { v.Heights[0] = 5 }},
	} {
		v := base
		v.Stock = slices.Clone(base.Stock)
		c.edit(&v)
		if _, err := Pack(v); err == nil {
			t.Errorf("%s: Pack accepted %+v", c.name, v)
		}
	}
	if _, err := Pack(base); err != nil {
		t.Fatalf("start view rejected: %v", err)
	}
}

func TestNewGameRejects(t *testing.T) {
	good := deck.Deal(deck.Spanish, 1, 1)
	dup := slices.Clone(good)
	dup[5] = dup[6]
	for _, c := range []struct {
		r    Rules
		deal []deck.Card
	}{
		{Rules{Forced, -1}, good},
		{Rules{Play(7), 2}, good},
		{Rules{Forced, 2}, good[:39]},
		{Rules{Forced, 2}, dup},
		{Rules{Forced, 2}, append(slices.Clone(good[:39]), deck.NewCard(0, 12))},
	} {
		if _, _, err := NewGame(c.r, c.deal); err == nil {
			t.Errorf("NewGame(%v, %d cards) accepted", c.r, len(c.deal))
		}
	}
}

func ExampleGame_Format() {
	g, s, _ := NewGame(Rules{Forced, 2}, deck.Deal(deck.Spanish, 1, 1))
	fmt.Println(g.Format(&s))
	fmt.Println(g.Moves(&s, nil))
	// Output:
	// circle 6:1 | waste empty | stock CE (39) | pass 1
	// [draw]
}

// TestRankKey walks random games of every rule set and checks that RankKey
// is the key of the position with the same circle, pass and placed bit whose
// waste and stock read the same ranks, each card at the first index of its
// rank after the card before it; and that it is that position's own key.
func TestRankKey(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	moved := 0
	for seed := uint64(1); seed <= 100; seed++ {
		deal := deck.Deal(deck.Spanish, 1, seed)
		for _, r := range allRules {
			g, s, err := NewGame(r, deal)
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; step < 2000; step++ {
				k := g.RankKey(&s)
				c := State{lo: k.Lo, hi: k.Hi}
				v, vc := Unpack(s), Unpack(c)
				ranks := func(idx []int) []uint8 {
					var out []uint8
					for _, i := range idx {
						out = append(out, g.d.Rank[i])
					}
					return out
				}
				if !slices.Equal(ranks(v.Waste), ranks(vc.Waste)) || !slices.Equal(ranks(v.Stock), ranks(vc.Stock)) ||
					v.Heights != vc.Heights || v.Pass != vc.Pass || v.Placed != vc.Placed {
					t.Fatalf("seed %d %v step %d: %+v has key %+v", seed, r, step, v, vc)
				}
				if p, err := Pack(vc); err != nil || p != c {
					t.Fatalf("seed %d %v step %d: key %+v is no packed position (%v)", seed, r, step, vc, err)
				}
				at := 0
				for _, i := range append(vc.Waste, vc.Stock...) {
					if g.d.RankSet[g.d.Rank[i]]&(1<<i-1)>>at != 0 {
						t.Fatalf("seed %d %v step %d: key %+v: index %d not the first of its rank from %d", seed, r, step, vc, i, at)
					}
					at = i + 1
				}
				if g.RankKey(&c) != k {
					t.Fatalf("seed %d %v step %d: the key's own key differs", seed, r, step)
				}
				if c != s {
					moved++
				}
				moves := g.Moves(&s, nil)
				if len(moves) == 0 {
					break
				}
				g.Apply(&s, moves[rng.IntN(len(moves))])
			}
		}
	}
	if moved < 1000 {
		t.Fatalf("only %d positions had a key other than their own: too few to test", moved)
	}
}

// TestRankKeyJoins: two positions whose waste and stock read the same ranks
// share a key; the exact keys differ.
func TestRankKeyJoins(t *testing.T) {
	g, a := game(t, Rules{Free, 2}, "5O", "6C", "6O", "7C")
	b := a
	g.Apply(&a, DrawMove)   // 6C to the waste
	g.Apply(&a, StockTo(4)) // 6O on pile 5
	g.Apply(&b, StockTo(4)) // 6C on pile 5
	g.Apply(&b, DrawMove)   // 6O to the waste
	if g.Key(&a) == g.Key(&b) || g.RankKey(&a) != g.RankKey(&b) {
		t.Fatalf("%s and %s: keys %x %x, rank keys %x %x", g.Format(&a), g.Format(&b), g.Key(&a), g.Key(&b), g.RankKey(&a), g.RankKey(&b))
	}
	c := a
	g.Apply(&c, DrawMove) // 7C on the waste: another sequence
	if g.RankKey(&c) == g.RankKey(&a) {
		t.Fatal("a draw left the rank key as it was")
	}
}
