package replay_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/wins"
	"github.com/solitario/solitario/replay"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/verify"
)

func place(t *testing.T, p verify.Position, name string) verify.Place {
	t.Helper()
	pl, ok := replay.Find(p, name)
	if !ok {
		t.Fatalf("no place %q in %+v", name, p)
	}
	return pl
}

// cardsOnTable counts every card of a position, seen or not (the hand and
// the clock cards of orologio, covered or not, included).
func cardsOnTable(p verify.Position) int {
	n := 0
	for _, pl := range p.Places {
		n += len(pl.Cards) + pl.Under
	}
	return n
}

// TestLineEveryGame replays a real winning line of each game: one step per
// move and the deal, won, the moved card on top of its destination after
// each move, and the deal laid out as
// RULES.md deals it.
func TestLineEveryGame(t *testing.T) {
	for _, w := range wins.All(t) {
		g := w.Game
		t.Run(g.Name, func(t *testing.T) {
			seed, deal, r, moves := w.Seed, w.Deal, w.Rules, w.Moves
			rp, err := replay.Line(g, deal, r, &seed, moves)
			if err != nil {
				t.Fatal(err)
			}
			if len(rp.Steps) != len(moves)+1 || !rp.Won || rp.End != "won" || rp.Deck != g.Deck.String() {
				t.Fatalf("%d steps for %d moves, won %v %q, deck %s", len(rp.Steps), len(moves), rp.Won, rp.End, rp.Deck)
			}
			for n, st := range rp.Steps {
				if st.N != n {
					t.Fatalf("step %d numbered %d", n, st.N)
				}
				if n == 0 {
					continue
				}
				m := moves[n-1]
				if *st.Move != m || st.Text == "" {
					t.Fatalf("step %d: move %v text %q, want %v", n, st.Move, st.Text, m)
				}
				if m.Card == "" || m.To == "well" { // a redeal; the well's cards lie face down

					continue
				}
				if to := place(t, st.Position, m.To); len(to.Cards) == 0 || to.Cards[len(to.Cards)-1] != m.Card {
					t.Fatalf("step %d (%v): %s shows %v", n, m, m.To, to.Cards)
				}
			}
			first, last := rp.Steps[0].Position, rp.Steps[len(rp.Steps)-1].Position
			switch g.Name {
			case "ventaglio":
				arc := place(t, first, "arc")
				if strings.Join(arc.Cards, " ") != strings.Join(g.Deck.TokenList(deal[:12]), " ") {
					t.Errorf("arc %v, deal %v", arc.Cards, g.Deck.TokenList(deal[:12]))
				}
				if res := place(t, first, "reserve"); res.Cards[0] != g.Deck.Token(deal[17]) || res.Under != 11 {
					t.Errorf("reserve %+v", res)
				}
				if s := place(t, first, "stock"); s.Under != 75 {
					t.Errorf("stock %+v", s)
				}
				if cardsOnTable(first) != 104 || cardsOnTable(last) != 104 {
					t.Errorf("cards %d then %d", cardsOnTable(first), cardsOnTable(last))
				}
				for i := 1; i <= 8; i++ {
					if f := place(t, last, "f"+string(rune('0'+i))); len(f.Cards)+f.Under != 13 {
						t.Errorf("f%d at the end: %+v", i, f)
					}
				}
			case "reloj":
				if p := first.Places[0]; p.Name != "pile:"+g.Deck.RankToken(deal[0].Rank()) || p.Cards[0] != g.Deck.Token(deal[0]) {
					t.Errorf("first base %+v, deal %s", p, g.Deck.Token(deal[0]))
				}
				if len(last.Places) != 12 { // ten piles, stock, waste
					t.Errorf("end: %+v", last)
				}
				for _, p := range last.Places[:10] {
					if len(p.Cards) != 4 {
						t.Errorf("end pile %+v", p)
					}
				}
			case "sietes":
				for _, s := range []string{"O", "C", "E", "B"} {
					if f := place(t, last, "found:"+s); len(f.Cards)+f.Under != 7 || f.Cards[0][0] != '1' {
						t.Errorf("found:%s at the end %+v", s, f)
					}
				}
			case "orologio":
				for h := 1; h <= 12; h++ {
					hp := last.Places[h-1]
					if len(hp.Cards) != 2 || hp.Cards[0] != g.Deck.Token(deal[h-1]) || hp.Cards[0][0] != hp.Cards[1][0] {
						t.Errorf("hour %d at the end %+v", h, hp)
					}
				}
				if cardsOnTable(first) != 40 {
					t.Errorf("the deal shows %d cards", cardsOnTable(first))
				}
			case "orologio52":
				if h := place(t, first, "hand"); h.Cards[0] != g.Deck.Token(deal[51]) {
					t.Errorf("hand %+v, deal[51] %s", h, g.Deck.Token(deal[51]))
				}
				if cardsOnTable(first) != 52 || cardsOnTable(last) != 52 {
					t.Errorf("cards %d then %d", cardsOnTable(first), cardsOnTable(last))
				}
			}
		})
	}
}

// TestLineLostAndIllegal: a line cut short is shown, not won, with the
// referee's detail; a wrong card is the referee's MoveError by number.
func TestLineLostAndIllegal(t *testing.T) {
	g, _ := games.Lookup("reloj")
	w := wins.Solve(t, g)
	deal, r, moves := w.Deal, w.Rules, w.Moves
	rp, err := replay.Line(g, deal, r, nil, moves[:10])
	if err != nil {
		t.Fatal(err)
	}
	if rp.Won || len(rp.Steps) != 11 || !strings.Contains(rp.End, "cards not in the circle") {
		t.Errorf("short line: won %v, %d steps, end %q", rp.Won, len(rp.Steps), rp.End)
	}
	bad := append([]solution.Move(nil), moves[:5]...)
	bad[4].Card = "RO"
	if bad[4] == moves[4] {
		bad[4].Card = "RB"
	}
	_, err = replay.Line(g, deal, r, nil, bad)
	var me *verify.MoveError
	if !errors.As(err, &me) || me.N != 5 {
		t.Errorf("a wrong card at move 5: %v", err)
	}
}

// TestText names a move readably, with the card it goes on.
func TestText(t *testing.T) {
	before := verify.Position{Places: []verify.Place{{Name: "p3", Cards: []string{"9S", "8S"}}, {Name: "pile:3", Cards: []string{"3O"}}}}
	for _, c := range []struct {
		m    solution.Move
		want string
	}{
		{solution.Move{From: "arc", To: "p3", Card: "7H"}, "arc 7H -> p3 (on 8S)"},
		{solution.Move{From: "stock", To: "pile:3", Card: "4O"}, "stock 4O -> pile 3 (on 3O)"},
		{solution.Move{From: "stock", To: "waste", Card: "4O"}, "stock 4O -> waste"},
		{solution.Move{From: "waste", To: "stock"}, "waste -> stock (redeal)"},
		{solution.Move{From: "arc", To: "f2", Card: "7H"}, "arc 7H -> f2"},
	} {
		if got := replay.Text(c.m, before); got != c.want {
			t.Errorf("%v: %q, want %q", c.m, got, c.want)
		}
	}
}
