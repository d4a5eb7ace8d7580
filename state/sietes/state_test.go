package sietes

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/solitario/solitario/deck"
)

// model is a plain, slice-based position written from RULES.md, independent
// of the packing: the tests' reference for moves, apply and the key.
type model struct {
	seq    []deck.Card // the stock sequence after the deal phase
	stock  []int       // indexes into seq, top first
	waste  []int       // bottom first
	frame  []deck.Card // any order
	found  [Suits]int
	pass   int
	placed bool
	rules  Rules
}

func newModel(r Rules, t Table) *model {
	m := &model{seq: t.Stock, found: t.Found, rules: r}
	for i := range t.Stock {
		m.stock = append(m.stock, i)
	}
	for _, c := range t.Frame {
		if c != NoCard {
			m.frame = append(m.frame, c)
		}
	}
	return m
}

func (m *model) fits(c deck.Card) bool {
	return c.Rank() < 7 && m.found[c.Suit()] == 6-c.Rank()
}

// legal lists the moves as "kind card" strings, sorted.
func (m *model) legal() []string {
	var out []string
	add := func(k Kind, c deck.Card) { out = append(out, kindNames[k]+" "+deck.Spanish.Token(c)) }
	empty := len(m.frame) < Slots
	if len(m.stock) > 0 {
		c := m.seq[m.stock[0]]
		if m.rules.Play == Forced {
			switch {
			case m.fits(c):
				add(StockFound, c)
			case empty:
				add(StockFrame, c)
			default:
				add(Draw, c)
			}
		} else {
			add(Draw, c)
			if m.fits(c) {
				add(StockFound, c)
			}
			if empty {
				add(StockFrame, c)
			}
		}
	}
	if len(m.waste) > 0 {
		c := m.seq[m.waste[len(m.waste)-1]]
		if m.fits(c) {
			add(WasteFound, c)
		}
		if empty {
			add(WasteFrame, c)
		}
	}
	for _, c := range m.frame {
		if m.fits(c) {
			add(FrameFound, c)
		}
	}
	passes := min(m.rules.Passes, MaxPasses)
	if len(m.stock) == 0 && len(m.waste) > 0 && ((passes == 0 && m.placed) || (passes > 0 && m.pass+1 < passes)) {
		out = append(out, "redeal")
	}
	slices.Sort(out)
	return out
}

func (m *model) apply(k Kind, c deck.Card) {
	switch k {
	case Draw:
		m.waste = append(m.waste, m.stock[0])
		m.stock = m.stock[1:]
		return
	case Redeal:
		m.stock, m.waste = m.waste, nil
		m.pass++
		m.placed = false
		return
	case StockFound, StockFrame:
		m.stock = m.stock[1:]
	case WasteFound, WasteFrame:
		m.waste = m.waste[:len(m.waste)-1]
	case FrameFound:
		i := slices.Index(m.frame, c)
		m.frame = slices.Delete(m.frame, i, i+1)
	}
	if k == StockFrame || k == WasteFrame {
		m.frame = append(m.frame, c)
	} else {
		m.found[c.Suit()]++
	}
	m.placed = true
}

// packed builds the State from the model from scratch.
func (m *model) packed() State {
	var s State
	for _, i := range m.stock {
		s.lo |= 1 << i
	}
	for _, i := range m.waste {
		s.lo |= 1 << (i + 32)
	}
	for _, c := range m.frame {
		s.hi |= 1 << deck.Spanish.Index(c)
	}
	for suit, h := range m.found {
		s.hi |= uint64(h) << (40 + 3*suit)
	}
	if m.rules.Passes == 0 {
		if m.placed {
			s.hi |= 1 << 58
		}
	} else {
		s.hi |= uint64(m.pass) << 52
	}
	return s
}

func (m *model) won() bool {
	return m.found == [Suits]int{7, 7, 7, 7} && len(m.stock)+len(m.waste) == 0
}

// kindNames are the move kinds as the model names them.
var kindNames = [...]string{"draw", "stock-found", "stock-frame", "waste-found", "waste-frame", "frame-found", "redeal"}

func packedLegal(g Game, s *State) []string {
	var out []string
	for _, mv := range g.Moves(s, nil) {
		if mv.Kind() == Redeal {
			out = append(out, "redeal")
			continue
		}
		out = append(out, kindNames[mv.Kind()]+" "+deck.Spanish.Token(g.Card(s, mv)))
	}
	slices.Sort(out)
	return out
}

// TestDealPhaseSeed1 pins the deal phase of seed 1 (RULES.md's golden deal
// 6E CE 7O 4E SB 1E 4C 4O SE 6O 1C 2E 2B SO ...): 7O and then 6O go to the
// oros foundation as they come, the others fill the slots in order.
func TestDealPhaseSeed1(t *testing.T) {
	deal := deck.Deal(deck.Spanish, 1, 1)
	tab, err := DealPhase(deal)
	if err != nil {
		t.Fatal(err)
	}
	var frame []string
	for _, c := range tab.Frame {
		if c == NoCard {
			frame = append(frame, "--")
		} else {
			frame = append(frame, deck.Spanish.Token(c))
		}
	}
	got := fmt.Sprint(frame, tab.Found, tab.Dealt, len(tab.Stock))
	want := "[6E CE 4E SB 1E 4C 4O SE 1C 2E 2B SO] [2 0 0 0] 14 26"
	if got != want {
		t.Errorf("seed 1 deal phase: got %s, want %s (deal %v)", got, want, deck.Spanish.TokenList(deal))
	}
}

// TestDealPhaseRules checks the phase's invariants on many seeds: the slots
// are full unless the deck ran out, no frame card fits, and every card is
// somewhere exactly once.
func TestDealPhaseRules(t *testing.T) {
	for seed := range uint64(3000) {
		deal := deck.Deal(deck.Spanish, 1, seed)
		tab, err := DealPhase(deal)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for suit, h := range tab.Found {
			n += h
			if h > 7 || h < 0 {
				t.Fatalf("seed %d: suit %d height %d", seed, suit, h)
			}
		}
		full := true
		for _, c := range tab.Frame {
			if c == NoCard {
				full = false
				continue
			}
			n++
			if Fits(c, tab.Found[c.Suit()]) {
				t.Fatalf("seed %d: frame card %s fits after the deal phase", seed, deck.Spanish.Token(c))
			}
		}
		if !full && len(tab.Stock) > 0 {
			t.Fatalf("seed %d: deal phase ended with an empty slot and %d stock cards", seed, len(tab.Stock))
		}
		if n+len(tab.Stock) != Cards || tab.Dealt+len(tab.Stock) != Cards || len(tab.Stock) > MaxStock {
			t.Fatalf("seed %d: %d placed + %d stock, dealt %d", seed, n, len(tab.Stock), tab.Dealt)
		}
		if !slices.Equal(tab.Stock, deal[tab.Dealt:]) {
			t.Fatalf("seed %d: stock is not the rest of the deal", seed)
		}
	}
}

// TestModelAgreement plays random lines and checks, at every step, that the
// packed moves equal the model's, and that the packed state after Apply
// equals the state built from scratch from the model (so the key, which is
// the state, is right too).
func TestModelAgreement(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for _, r := range []Rules{{Forced, 1}, {Free, 1}, {Forced, 3}, {Free, 2}, {Forced, 0}, {Free, 0}} {
		for seed := range uint64(300) {
			deal := deck.Deal(deck.Spanish, 1, seed)
			g, s, tab, err := NewGame(r, deal)
			if err != nil {
				t.Fatal(err)
			}
			m := newModel(r, tab)
			for step := 0; ; step++ {
				if s != m.packed() {
					t.Fatalf("%v seed %d step %d: packed %x/%x, from scratch %x/%x", r, seed, step, s.hi, s.lo, m.packed().hi, m.packed().lo)
				}
				if g.Won(&s) != m.won() {
					t.Fatalf("%v seed %d step %d: won %v, model %v", r, seed, step, g.Won(&s), m.won())
				}
				want, got := m.legal(), packedLegal(g, &s)
				if !slices.Equal(want, got) {
					t.Fatalf("%v seed %d step %d: moves %v, model %v", r, seed, step, got, want)
				}
				mvs := g.Moves(&s, nil)
				if len(mvs) == 0 || step > 400 {
					break
				}
				mv := mvs[rng.IntN(len(mvs))]
				c := g.Card(&s, mv)
				g.Apply(&s, mv)
				m.apply(mv.Kind(), c)
			}
		}
	}
}

// TestNewGameErrors checks bad deals and rules are errors, not panics.
func TestNewGameErrors(t *testing.T) {
	deal := deck.Deal(deck.Spanish, 1, 5)
	bad := append([]deck.Card(nil), deal...)
	bad[3] = bad[4]
	cases := []struct {
		name string
		r    Rules
		deal []deck.Card
	}{
		{"short", Rules{Forced, 1}, deal[:39]},
		{"duplicate", Rules{Forced, 1}, bad},
		{"french card", Rules{Forced, 1}, append(append([]deck.Card(nil), deal[:39]...), deck.NewCard(0, 12))},
		{"passes", Rules{Forced, -1}, deal},
		{"play", Rules{Play(9), 1}, deal},
	}
	for _, c := range cases {
		if _, _, _, err := NewGame(c.r, c.deal); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
}

// TestPassesClamp: more passes than MaxPasses behave as MaxPasses.
func TestPassesClamp(t *testing.T) {
	g, _, _, err := NewGame(Rules{Free, 1000}, deck.Deal(deck.Spanish, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if g.Passes() != MaxPasses {
		t.Fatalf("passes %d, want %d", g.Passes(), MaxPasses)
	}
}
