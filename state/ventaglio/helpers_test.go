package ventaglio

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/internal/testkit"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/state"
	"github.com/solitario/solitario/verify"
)

// cards parses space-separated French tokens.
func cards(t testing.TB, s string) []deck.Card {
	t.Helper()
	return testkit.Cards(t, deck.French, s)
}

// complete fills l.Foundations so that l holds two decks: every card not
// laid out explicitly goes up, and for each suit the cards up must be the
// first ranks from B of two foundations. It fails the test otherwise.
func complete(t testing.TB, l *Layout) {
	t.Helper()
	var on [64]int
	for _, cs := range [][]deck.Card{l.Arc, l.Reserve, l.Stock, l.Prov[0], l.Prov[1], l.Prov[2], l.Prov[3]} {
		for _, c := range cs {
			on[c]++
		}
	}
	next := 0
	for s := range 4 {
		c1, c2 := 0, 0
		prev := 2
		for k := range SuitLength {
			c := deck.NewCard(s, (l.Base+k)%SuitLength)
			up := 2 - on[c]
			if up < 0 || up > prev {
				t.Fatalf("complete: %s: %d copies laid out, not foundation-shaped", deck.French.Token(c), on[c])
			}
			prev = up
			if up >= 1 {
				c1++
			}
			if up == 2 {
				c2++
			}
		}
		for _, n := range []int{c1, c2} {
			if n > 0 {
				if next == Foundations {
					t.Fatalf("complete: more than 8 foundations")
				}
				l.Foundations[next] = FoundationState{Suit: s, Count: n}
				next++
			}
		}
	}
}

// build makes the game of layout l under r.
func build(t testing.TB, l Layout, r Rules) (Game, State) {
	t.Helper()
	d, err := NewDeal(l)
	if err != nil {
		t.Fatalf("NewDeal: %v", err)
	}
	return New(d, r), d.Start()
}

// rehash is s with the provisional hash lanes recomputed from the pool: the
// key computed from scratch.
func rehash(s State) State {
	for i := range Provisional {
		var za, zb uint64
		for j := range int(s.height[i]) {
			c := s.ProvCard(i, j)
			za ^= zobA(j, c)
			zb ^= zobB(j, c)
		}
		s.fa[i], s.fb[i] = fmix(za), fmix(zb)
	}
	return s
}

// table converts a layout to the referee's plain position.
func table(l Layout, r Rules) *verify.VentaglioTable {
	t := &verify.VentaglioTable{
		Base:      l.Base,
		Arc:       slices.Clone(l.Arc),
		Reserve:   slices.Clone(l.Reserve),
		Waste:     slices.Clone(l.Stock[:l.Draw]),
		Stock:     slices.Clone(l.Stock[l.Draw:]),
		Pass:      l.Pass,
		Placed:    l.Placed,
		Forced:    r.Play == state.Forced,
		Passes:    r.Passes,
		Wrap:      r.Wrap,
		KeepEmpty: r.KeepEmpty,
	}
	for i, f := range l.Foundations {
		for k := range f.Count {
			t.Found[i] = append(t.Found[i], deck.NewCard(f.Suit, (l.Base+k)%SuitLength))
		}
	}
	for i, p := range l.Prov {
		t.Prov[i] = slices.Clone(p)
	}
	return t
}

// jsonMove is m in RULES.md notation, played in s.
func jsonMove(g Game, s *State, m Move) solution.Move {
	if m == Redeal {
		return solution.Move{From: "waste", To: "stock"}
	}
	c, _ := g.Card(s, m)
	return solution.Move{From: m.From().String(), To: m.To().String(), Card: deck.French.Token(c)}
}

// moveSet is the sorted "from->to card" strings of ms.
func moveSet(g Game, s *State, ms []Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, jsonMove(g, s, m).String())
	}
	slices.Sort(out)
	return out
}

// refereeMoves is every legal move of the referee in t, found by trying
// every (from, to) pair on a clone. skipStockPlace leaves out stock→X (free
// play: the packed rules reach it as draw + waste→X).
func refereeMoves(t *verify.VentaglioTable, skipStockPlace bool) []string {
	var places []string
	places = append(places, "arc", "reserve", "stock", "waste")
	for i := 1; i <= 4; i++ {
		places = append(places, fmt.Sprintf("p%d", i))
	}
	for i := 1; i <= 8; i++ {
		places = append(places, fmt.Sprintf("f%d", i))
	}
	var out []string
	for _, from := range places {
		card := ""
		switch {
		case from == "arc" && len(t.Arc) > 0:
			card = deck.French.Token(t.Arc[0])
		case from == "reserve" && len(t.Reserve) > 0:
			card = deck.French.Token(t.Reserve[0])
		case from == "stock" && len(t.Stock) > 0:
			card = deck.French.Token(t.Stock[0])
		case from == "waste" && len(t.Waste) > 0:
			card = deck.French.Token(t.Waste[len(t.Waste)-1])
		case from[0] == 'p':
			if p := t.Prov[from[1]-'1']; len(p) > 0 {
				card = deck.French.Token(p[len(p)-1])
			}
		}
		for _, to := range places {
			m := solution.Move{From: from, To: to, Card: card}
			if from == "waste" && to == "stock" {
				m.Card = ""
			} else if card == "" {
				continue
			}
			if skipStockPlace && from == "stock" && to != "waste" {
				continue
			}
			if t.Clone().Play(m) == "" {
				out = append(out, m.String())
			}
		}
	}
	slices.Sort(out)
	return out
}

// allRules are the variants the tests sweep.
func allRules() []Rules {
	var out []Rules
	for _, play := range []state.Play{state.Free, state.Forced} {
		for _, passes := range []int{3, 1, 0} {
			for _, wrap := range []bool{false, true} {
				for _, keep := range []bool{false, true} {
					out = append(out, Rules{Play: play, Passes: passes, Wrap: wrap, KeepEmpty: keep})
				}
			}
		}
	}
	return out
}

// randomPlay plays up to n random moves from s (preferring foundation moves
// with probability pUp), calling each(s, m) before each move.
func randomPlay(g Game, s *State, rng *rand.Rand, n int, pUp float64, each func(s *State, m Move)) {
	var buf []Move
	for range n {
		buf = g.Moves(s, buf)
		if len(buf) == 0 {
			return
		}
		m := buf[rng.IntN(len(buf))]
		if rng.Float64() < pUp {
			for _, x := range buf {
				if x.To().IsFound() {
					m = x
					break
				}
			}
		}
		if each != nil {
			each(s, m)
		}
		g.Apply(s, m)
	}
}
