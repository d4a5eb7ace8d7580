package ventaglio

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/state"
)

func seedGame(t testing.TB, seed uint64, r Rules) (Game, State) {
	t.Helper()
	l, err := FromDeal(deck.Deal(deck.French, 2, seed))
	if err != nil {
		t.Fatal(err)
	}
	return build(t, l, r)
}

func TestSeedOneStart(t *testing.T) {
	g, s := seedGame(t, 1, DefaultRules())
	deal := deck.Deal(deck.French, 2, 1)
	if c, _ := g.Free(&s, Arc); c != deal[0] || deck.French.Token(c) != "8C" {
		t.Errorf("arc top %s, want 8C", deck.French.Token(c))
	}
	if c, _ := g.Free(&s, Reserve); c != deal[17] {
		t.Errorf("reserve top %s, want %s", deck.French.Token(c), deck.French.Token(deal[17]))
	}
	if c, _ := g.Free(&s, Stock); c != deal[29] {
		t.Errorf("stock top %s, want %s", deck.French.Token(c), deck.French.Token(deal[29]))
	}
	if _, ok := g.Free(&s, Waste); ok {
		t.Error("waste not empty at the start")
	}
	if g.Deal().Base() != deal[12].Rank() {
		t.Errorf("base %d, want %d", g.Deal().Base(), deal[12].Rank())
	}
	if su, n := s.Foundation(0); su != deal[12].Suit() || n != 1 {
		t.Errorf("f1 = suit %d count %d, want the first base", su, n)
	}
	for i := range Provisional {
		if c, ok := s.ProvTop(i); !ok || c != deal[13+i] || s.Height(i) != 1 {
			t.Errorf("p%d top %s height %d, want %s", i+1, deck.French.Token(c), s.Height(i), deck.French.Token(deal[13+i]))
		}
	}
	if s.Up() != 1 || s.StockCount() != 75 || s.WasteCount() != 0 || s.Pass() != 1 {
		t.Errorf("up %d stock %d waste %d pass %d", s.Up(), s.StockCount(), s.WasteCount(), s.Pass())
	}
}

// TestAgainstReferee plays random lines on many deals under every variant
// and checks, before every move, that the packed move list is exactly the
// referee's legal moves, and after every move that the positions agree and
// the incremental key equals the key computed from scratch.
func TestAgainstReferee(t *testing.T) {
	seeds := 12
	if testing.Short() {
		seeds = 4
	}
	for _, r := range allRules() {
		for seed := uint64(1); seed <= uint64(seeds); seed++ {
			g, s := seedGame(t, seed, r)
			ref := table(g.Layout(&s), r)
			rng := rand.New(rand.NewPCG(seed, 7))
			step := 0
			randomPlay(g, &s, rng, 400, 0.5, func(s *State, m Move) {
				step++
				got := moveSet(g, s, g.Moves(s, nil))
				want := refereeMoves(ref, r.Play == state.Free)
				if !slices.Equal(got, want) {
					t.Fatalf("rules %+v seed %d step %d: moves\n got %v\nwant %v\n%s", r, seed, step, got, want, ref)
				}
				jm := jsonMove(g, s, m)
				if why := ref.Play(jm); why != "" {
					t.Fatalf("rules %+v seed %d step %d: referee rejects %s: %s", r, seed, step, jm, why)
				}
				after := *s
				g.Apply(&after, m)
				if got, want := table(g.Layout(&after), r).String(), ref.String(); got != want {
					t.Fatalf("rules %+v seed %d step %d after %s:\n got %s\nwant %s", r, seed, step, jm, got, want)
				}
				if g.Key(&after) != g.Key(ptr(rehash(after))) {
					t.Fatalf("rules %+v seed %d step %d: incremental key differs from scratch", r, seed, step)
				}
				if g.Won(&after) != ref.Won() {
					t.Fatalf("won disagrees")
				}
			})
		}
	}
}

func ptr(s State) *State { return &s }

// TestFreeStockPlacement: in free play stock→X is not listed but applies
// as draw + waste→X.
func TestFreeStockPlacement(t *testing.T) {
	l := Layout{Base: base7, Stock: cards(t, "5H 6H"), Pass: 1}
	complete(t, &l)
	g, s := build(t, l, DefaultRules())
	f := foundationOf(t, &s, 1, 11)
	if has(g.Moves(&s, nil), Stock, f) {
		t.Fatal("free play lists stock→f (it is reached as draw + waste→f)")
	}
	a, b := s, s
	g.Apply(&a, NewMove(Stock, f))
	g.Apply(&b, Draw)
	g.Apply(&b, NewMove(Waste, f))
	if g.Key(&a) != g.Key(&b) {
		t.Fatal("stock→f differs from draw + waste→f")
	}
	if c, _ := g.Free(&a, Stock); deck.French.Token(c) != "6H" || a.WasteCount() != 0 {
		t.Fatalf("after stock→f: stock top %s, waste %d", deck.French.Token(c), a.WasteCount())
	}
}

// TestKeySymmetry: permuting the provisional bases and the foundations
// (two of a suit, or any empty ones) keeps the key; changing a card does not.
func TestKeySymmetry(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	checked := 0
	for seed := uint64(1); seed <= 40; seed++ {
		for _, r := range []Rules{DefaultRules(), {Play: state.Free, Passes: 0}} {
			g, s := seedGame(t, seed, r)
			randomPlay(g, &s, rng, 150, 0.7, nil)
			l := g.Layout(&s)
			base := g.Key(&s)
			for range 10 {
				p := l
				perm := rng.Perm(4)
				for i := range 4 {
					p.Prov[i] = l.Prov[perm[i]]
				}
				fperm := rng.Perm(8)
				for i := range 8 {
					p.Foundations[i] = l.Foundations[fperm[i]]
				}
				// Same deal (arc/reserve/stock arrays), so rebuild the state
				// on g's deal: Layout indexes are relative to it.
				s2 := restate(t, g, &s, p)
				if g.Key(&s2) != base {
					t.Fatalf("seed %d: permuted bases/foundations give another key", seed)
				}
				checked++
			}
			// A different stacking of the same cards gives another key.
			for i := range 4 {
				if len(l.Prov[i]) >= 2 {
					p := l
					p.Prov[i] = slices.Clone(l.Prov[i])
					slices.Reverse(p.Prov[i])
					if slices.Equal(p.Prov[i], l.Prov[i]) {
						continue
					}
					s2 := restate(t, g, &s, p)
					if g.Key(&s2) == base {
						t.Fatalf("seed %d: reversed stack p%d gives the same key", seed, i+1)
					}
				}
			}
		}
	}
	if checked < 500 {
		t.Fatalf("only %d symmetric pairs checked", checked)
	}
}

// restate is s with its foundations and provisional bases replaced by l's.
func restate(t *testing.T, g Game, s *State, l Layout) State {
	t.Helper()
	n := *s
	n.height = [4]uint8{}
	n.fa, n.fb = [4]uint64{}, [4]uint64{}
	for i, p := range l.Prov {
		for _, c := range p {
			n.push(g.d, i, c)
		}
	}
	for i, f := range l.Foundations {
		n.found[i] = 0
		if f.Count > 0 {
			n.found[i] = uint8(f.Count) | uint8(f.Suit)<<4
		}
	}
	n.recount()
	return n
}

// TestKeyDistinguishes: single-field changes change the key.
func TestKeyDistinguishes(t *testing.T) {
	g, s := seedGame(t, 5, DefaultRules())
	k := g.Key(&s)
	seen := map[any]string{k: "start"}
	try := func(name string, m Move) {
		n := s
		g.Apply(&n, m)
		nk := g.Key(&n)
		if prev, dup := seen[nk]; dup {
			t.Errorf("%s gives the key of %s", name, prev)
		}
		seen[nk] = name
	}
	for _, m := range g.Moves(&s, nil) {
		try(m.String(), m)
	}
	// Pass number counts with limited passes; placed flag with unlimited.
	a, b := s, s
	b.pass = 2
	if g.Key(&a) == g.Key(&b) {
		t.Error("pass number not in the key")
	}
	gu := New(g.Deal(), Rules{Play: state.Free, Passes: 0})
	b = s
	b.pass = 2
	if gu.Key(&a) != gu.Key(&b) {
		t.Error("unlimited passes: pass number should not count")
	}
	b.placed = true
	if gu.Key(&a) == gu.Key(&b) {
		t.Error("unlimited passes: placed flag not in the key")
	}
}

// has reports whether ms holds from→to.
func has(ms []Move, from, to Place) bool { return slices.Contains(ms, NewMove(from, to)) }

func TestRoundTheCorner(t *testing.T) {
	// Base Q: a foundation Q♠ K♠ takes A♠ next, then 2♠.
	l := Layout{Base: 11, Pass: 1, Arc: cards(t, "AS"), Reserve: cards(t, "2S"),
		Stock: cards(t, "3S 4S 5S 6S 7S 8S 9S TS JS")}
	complete(t, &l)
	g, s := build(t, l, DefaultRules())
	ms := g.Moves(&s, nil)
	f := foundationOf(t, &s, 0, 2) // Q♠ K♠
	if !has(ms, Arc, f) {
		t.Fatalf("A♠ should go on Q♠ K♠ (round the corner): %v", ms)
	}
	if has(ms, Reserve, f) {
		t.Fatalf("2♠ must not go on K♠")
	}
	g.Apply(&s, NewMove(Arc, f))
	if ms := g.Moves(&s, nil); !has(ms, Reserve, f) {
		t.Fatalf("2♠ should go on A♠: %v", ms)
	}
}

// foundationOf finds the foundation of suit su holding n cards.
func foundationOf(t *testing.T, s *State, su, n int) Place {
	t.Helper()
	for i := range Foundations {
		if fs, fn := s.Foundation(i); fn == n && fs == su {
			return F1 + Place(i)
		}
	}
	t.Fatalf("no foundation of suit %d with %d cards", su, n)
	return NoPlace
}

func TestCompleteFoundationTakesNothing(t *testing.T) {
	// Base A: one spade foundation complete (13), the other at Q: the K♠ in
	// the arc goes only to the second.
	l := Layout{Base: 0, Pass: 1, Arc: cards(t, "KS")}
	complete(t, &l)
	g, s := build(t, l, DefaultRules())
	ms := g.Moves(&s, nil)
	full := foundationOf(t, &s, 0, 13)
	part := foundationOf(t, &s, 0, 12)
	if has(ms, Arc, full) || !has(ms, Arc, part) {
		t.Fatalf("K♠: %v (full %v, part %v)", ms, full, part)
	}
	g.Apply(&s, NewMove(Arc, part))
	if !g.Won(&s) {
		t.Fatal("all up but not won")
	}
}

// Base 7 below: the chain is 7 8 9 T J Q K A 2 3 4 5 6, so the 5s and 6s
// close their foundations and hand-built positions need few cards.
const base7 = 6

func TestReserveOnlyToFoundations(t *testing.T) {
	// Reserve 5H over 6H; p1 holds 6C (a neighbour of 5H): the reserve top
	// goes to the hearts foundation holding up to 4H, never to p1.
	l := Layout{Base: base7, Pass: 1, Reserve: cards(t, "5H 6H"), Prov: [4][]deck.Card{cards(t, "6C")}}
	complete(t, &l)
	g, s := build(t, l, DefaultRules())
	ms := g.Moves(&s, nil)
	f := foundationOf(t, &s, 1, 11)
	if !has(ms, Reserve, f) {
		t.Fatalf("5H should go on 4H: %v", ms)
	}
	for _, m := range ms {
		if m.From() == Reserve && m.To() != f {
			t.Fatalf("reserve move %v", m)
		}
	}
	if has(ms, Reserve, P1) {
		t.Fatal("reserve top offered to a provisional base")
	}
}

func TestArcQueue(t *testing.T) {
	// a1 = 6H, a2 = 5H. Only 6H is free: 5H, which fits the foundation,
	// must wait; 6H goes to the empty provisional bases only.
	l := Layout{Base: base7, Pass: 1, Arc: cards(t, "6H 5H")}
	complete(t, &l)
	g, s := build(t, l, DefaultRules())
	ms := g.Moves(&s, nil)
	for _, m := range ms {
		if m.From() == Arc && !m.To().IsProv() {
			t.Fatalf("arc move %v: only 6H is free and it fits no foundation", m)
		}
	}
	if !has(ms, Arc, P1) {
		t.Fatalf("6H should go to an empty base: %v", ms)
	}
	g.Apply(&s, NewMove(Arc, P1))
	if c, _ := g.Free(&s, Arc); deck.French.Token(c) != "5H" {
		t.Fatalf("after a1 the free arc card is %s", deck.French.Token(c))
	}
	if ms := g.Moves(&s, nil); !has(ms, Arc, foundationOf(t, &s, 1, 11)) {
		t.Fatalf("5H should now go up: %v", ms)
	}
}

func TestEmptyProvisional(t *testing.T) {
	l := Layout{Base: base7, Pass: 1, Arc: cards(t, "6H"), Prov: [4][]deck.Card{cards(t, "5S"), cards(t, "6S")}}
	complete(t, &l)
	for _, keep := range []bool{false, true} {
		g, s := build(t, l, Rules{Play: state.Free, Passes: 3, KeepEmpty: keep})
		ms := g.Moves(&s, nil)
		if has(ms, Arc, P1+2) == keep || has(ms, P1+1, P1+3) == keep {
			t.Errorf("keepEmpty=%v: moves to the empty p3/p4: %v", keep, ms)
		}
		if !has(ms, Arc, P1) || !has(ms, P1, P1+1) || !has(ms, P1+1, P1) {
			t.Errorf("keepEmpty=%v: neighbour moves missing: %v", keep, ms)
		}
		// Emptying p1 (5S onto 6H's neighbour 6S): with never, p1 then stays empty.
		g.Apply(&s, NewMove(P1, P1+1))
		if ms := g.Moves(&s, nil); has(ms, Arc, P1) == keep {
			t.Errorf("keepEmpty=%v: emptied p1: %v", keep, ms)
		}
	}
}

func TestProvisionalWrap(t *testing.T) {
	// Base 2 (chain 2..K A): p1 holds KC, the arc AD; AC lies in the stock.
	l := Layout{Base: 1, Pass: 1, Arc: cards(t, "AD"), Stock: cards(t, "AC"), Prov: [4][]deck.Card{cards(t, "KC")}}
	complete(t, &l)
	for _, wrap := range []bool{false, true} {
		g, s := build(t, l, Rules{Play: state.Free, Passes: 3, Wrap: wrap, KeepEmpty: true})
		if got := has(g.Moves(&s, nil), Arc, P1); got != wrap {
			t.Errorf("wrap=%v: A on K offered = %v", wrap, got)
		}
	}
}

func TestForcedPlay(t *testing.T) {
	// Stock 5H (fits the hearts foundation at 4H) then 9C (fits nothing,
	// provisional bases kept empty).
	l := Layout{Base: base7, Pass: 1, Stock: cards(t, "5H 6H")}
	complete(t, &l)
	g, s := build(t, l, Rules{Play: state.Forced, Passes: 3, KeepEmpty: true})
	ms := g.Moves(&s, nil)
	f := foundationOf(t, &s, 1, 11)
	if has(ms, Stock, Waste) || !has(ms, Stock, f) {
		t.Fatalf("forced: 5H must be placed: %v", ms)
	}
	gf := New(g.Deal(), Rules{Play: state.Free, Passes: 3, KeepEmpty: true})
	if ms := gf.Moves(&s, nil); !has(ms, Stock, Waste) {
		t.Fatalf("free: 5H may be drawn to the waste: %v", ms)
	}
	// Free play to put 5H on the waste, then forced: the waste top is not
	// forced (the draw of 6H is legal while 5H could go up), and 6H has no
	// placement so it is drawn.
	gf.Apply(&s, Draw)
	ms = g.Moves(&s, nil)
	if !has(ms, Waste, f) || !has(ms, Stock, Waste) {
		t.Fatalf("forced, waste 5H, stock 6H: %v", ms)
	}
}

func TestRedeal(t *testing.T) {
	l := Layout{Base: base7, Pass: 1, Stock: cards(t, "5H 6H 6S")}
	complete(t, &l)
	for _, tc := range []struct {
		passes, pass int
		placed, want bool
	}{
		{3, 1, false, true}, {3, 2, false, true}, {3, 3, false, false},
		{1, 1, true, false}, {0, 5, false, false}, {0, 5, true, true},
	} {
		l.Pass, l.Placed, l.Draw = tc.pass, tc.placed, 3
		g, s := build(t, l, Rules{Play: state.Free, Passes: tc.passes, KeepEmpty: true})
		if got := has(g.Moves(&s, nil), Waste, Stock); got != tc.want || g.CanRedeal(&s) != tc.want {
			t.Errorf("%+v: redeal offered %v", tc, got)
		}
	}
	// Redeal order: the card that went to the waste first is drawn first.
	l.Pass, l.Placed, l.Draw = 1, false, 0
	g, s := build(t, l, Rules{Play: state.Free, Passes: 3, KeepEmpty: true})
	g.Apply(&s, Draw)
	g.Apply(&s, Draw)
	g.Apply(&s, Draw)
	if s.StockTop() >= 0 || s.WasteCount() != 3 {
		t.Fatal("three draws should empty the stock")
	}
	if c, _ := g.Free(&s, Waste); deck.French.Token(c) != "6S" {
		t.Fatalf("waste top %s, want 6S", deck.French.Token(c))
	}
	g.Apply(&s, NewMove(Waste, foundationOf(t, &s, 0, 12)))
	g.Apply(&s, Redeal)
	if c, _ := g.Free(&s, Stock); deck.French.Token(c) != "5H" || s.Pass() != 2 || s.StockCount() != 2 {
		t.Fatalf("after redeal: stock top %s pass %d stock %d", deck.French.Token(c), s.Pass(), s.StockCount())
	}
}

func TestEmptyFoundationTakesBaseRank(t *testing.T) {
	// One whole copy of clubs is on the table, so f8 is not started. The
	// base rank (7C) may start it, 8C may not.
	clubs := "9C TC JC QC KC AC 2C 3C 4C 5C 6C"
	for _, tc := range []struct {
		arc  string
		want bool
	}{{"7C 8C", true}, {"8C 7C", false}} {
		l := Layout{Base: base7, Pass: 1, Arc: cards(t, tc.arc), Stock: cards(t, clubs)}
		complete(t, &l)
		g, s := build(t, l, DefaultRules())
		if _, n := s.Foundation(7); n != 0 {
			t.Fatal("f8 should be empty")
		}
		if got := has(g.Moves(&s, nil), Arc, F1+7); got != tc.want {
			t.Errorf("arc %s: offered to the empty f8 = %v", tc.arc, got)
		}
	}
}

// TestPermuteBases: PermuteBases moves each base's stack whole to its new
// base, with its hash lanes (the state equals one whose lanes are computed
// afresh), and keeps the key; a move played on the permuted position with
// its bases renamed gives the permuted position of the move's result.
func TestPermuteBases(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	checked := 0
	for seed := uint64(1); seed <= 80; seed++ {
		g, s := seedGame(t, seed, DefaultRules())
		randomPlay(g, &s, rng, 120, 0.7, nil)
		perm := [Provisional]int(rng.Perm(Provisional))
		p := s
		p.PermuteBases(perm)
		if rehash(p) != p || g.Key(&p) != g.Key(&s) {
			t.Fatalf("seed %d: perm %v: hash lanes or key changed", seed, perm)
		}
		for k := range Provisional {
			if p.Height(perm[k]) != s.Height(k) {
				t.Fatalf("seed %d: base %d has %d cards, moved to %d with %d", seed, k, s.Height(k), perm[k], p.Height(perm[k]))
			}
			for j := range s.Height(k) {
				if p.ProvCard(perm[k], j) != s.ProvCard(k, j) {
					t.Fatalf("seed %d: base %d level %d differs after the move to %d", seed, k, j, perm[k])
				}
			}
		}
		rename := func(pl Place) Place {
			if pl.IsProv() {
				return P1 + Place(perm[pl-P1])
			}
			return pl
		}
		for _, m := range g.Moves(&s, nil) {
			a, b := s, p
			g.Apply(&a, m)
			g.Apply(&b, NewMove(rename(m.From()), rename(m.To())))
			a.PermuteBases(perm)
			if a != b {
				t.Fatalf("seed %d: move %v and its renamed move give different positions", seed, m)
			}
			checked++
		}
	}
	if checked < 200 {
		t.Fatalf("only %d moves checked", checked)
	}
}

// TestSuitCountsKept: the sorted per-suit pairs Apply keeps (State.suits)
// and their codes (State.code) equal the ones counted from the eight
// foundations, at every position of random games that put many cards up.
func TestSuitCountsKept(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	checked, started := 0, 0
	for seed := uint64(1); seed <= 40; seed++ {
		g, s := seedGame(t, seed, DefaultRules())
		randomPlay(g, &s, rng, 400, 0.9, func(s *State, _ Move) {
			var lo, hi [4]uint8
			for f := range Foundations {
				su, n := s.Foundation(f)
				switch {
				case n == 0:
				case uint8(n) > hi[su]:
					lo[su], hi[su] = hi[su], uint8(n)
				default:
					lo[su] = uint8(n)
				}
			}
			if glo, ghi := s.SuitCounts(); glo != lo || ghi != hi {
				t.Fatalf("seed %d: SuitCounts %v %v, the foundations give %v %v", seed, glo, ghi, lo, hi)
			}
			for su := range 4 {
				if l, h := s.SuitPair(su); l != int(lo[su]) || h != int(hi[su]) {
					t.Fatalf("seed %d: SuitPair(%d) %d %d, want %d %d", seed, su, l, h, lo[su], hi[su])
				}
				if s.SuitCode(su) != PairCode(lo[su], hi[su]) {
					t.Fatalf("seed %d: SuitCode(%d) %d, want %d", seed, su, s.SuitCode(su), PairCode(lo[su], hi[su]))
				}
				if lo[su] > 0 {
					started++
				}
			}
			checked++
		})
	}
	if checked < 4000 || started < 1000 {
		t.Fatalf("only %d positions (%d with both foundations of a suit started) checked", checked, started)
	}
}

// TestBases: Bases is the provisional bases' cards, p1's bottom first, as
// ProvCard reads them, at every position of random plays.
func TestBases(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	checked := 0
	for seed := range uint64(20) {
		g, s := seedGame(t, seed+1, Rules{Play: state.Free, Passes: 3})
		randomPlay(g, &s, rng, 400, 0.3, func(s *State, _ Move) {
			var want []deck.Card
			for i := range Provisional {
				for j := range s.Height(i) {
					want = append(want, s.ProvCard(i, j))
				}
			}
			if got := s.Bases(); !slices.Equal(got, want) {
				t.Fatalf("seed %d: Bases %v, ProvCard %v", seed+1, got, want)
			}
			if len(want) > 0 {
				checked++
			}
		})
	}
	if checked < 1000 {
		t.Fatalf("only %d positions with cards on the bases: the test says little", checked)
	}
}

// TestShiftIsPopPush: Apply's provisional-to-provisional move (shift, one
// copy of the stacks between) makes the same State, byte for byte, as a
// pop and a push, at every position of random plays that pile cards up.
func TestShiftIsPopPush(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	checked := 0
	for seed := range uint64(30) {
		g, s := seedGame(t, seed+1, DefaultRules())
		randomPlay(g, &s, rng, 400, 0.2, func(s *State, _ Move) {
			for _, m := range g.Moves(s, nil) {
				if !m.From().IsProv() || !m.To().IsProv() {
					continue
				}
				got, want := *s, *s
				g.Apply(&got, m)
				want.push(g.d, int(m.To()-P1), want.pop(g.d, int(m.From()-P1)))
				if got != want {
					t.Fatalf("seed %d: %v from %+v: Apply gives %+v, pop and push %+v", seed+1, m, *s, got, want)
				}
				checked++
			}
		})
	}
	if checked < 2000 {
		t.Fatalf("only %d moves checked", checked)
	}
}

// TestUnfmix: unfmix undoes fmix and fmix undoes unfmix (push, pop and
// shift keep the stacks' lanes finalized through them).
func TestUnfmix(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for i := range 10000 {
		x := rng.Uint64()
		if i == 0 {
			x = 0
		}
		if got := unfmix(fmix(x)); got != x {
			t.Fatalf("unfmix(fmix(%#x)) = %#x", x, got)
		}
		if got := fmix(unfmix(x)); got != x {
			t.Fatalf("fmix(unfmix(%#x)) = %#x", x, got)
		}
	}
}

// TestWasteTop: WasteTop is the highest present position below draw (any
// present position when the stock is empty) and WasteCount their number,
// for every draw and random stocks and wastes.
func TestWasteTop(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for range 2000 {
		var s State
		for p := range StockSize {
			if rng.IntN(3) == 0 {
				s.present[p>>6] |= 1 << (p & 63)
			}
		}
		for draw := 0; draw <= 128; draw++ {
			if draw > StockSize && draw != noDraw {
				continue
			}
			s.draw = uint8(draw)
			want, n := -1, 0
			for p := range min(draw, StockSize) {
				if s.InStock(p) {
					want = p
					n++
				}
			}
			if got := s.WasteTop(); got != want {
				t.Fatalf("draw %d, present %x %x: WasteTop %d, want %d", draw, s.present[0], s.present[1], got, want)
			}
			if got := s.WasteCount(); got != n {
				t.Fatalf("draw %d, present %x %x: WasteCount %d, want %d", draw, s.present[0], s.present[1], got, n)
			}
		}
	}
}

// TestInStockRanks: InStockRanks is whether some stock or waste card has a
// rank of the mask, along random plays of deals, for random masks.
func TestInStockRanks(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 11))
	for seed := range uint64(20) {
		g, s := seedGame(t, seed+1, DefaultRules())
		randomPlay(g, &s, rng, 300, 0.5, func(s *State, _ Move) {
			m := uint16(rng.IntN(1 << SuitLength))
			want := false
			for p := range g.d.StockLen() {
				if s.InStock(p) && m>>g.d.StockCard(p).Rank()&1 != 0 {
					want = true
				}
			}
			if got := g.InStockRanks(s, m); got != want {
				t.Fatalf("ranks %013b: InStockRanks %v, want %v", m, got, want)
			}
		})
	}
}
