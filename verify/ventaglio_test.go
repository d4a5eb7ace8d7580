package verify

import (
	"errors"
	"strings"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solution"
)

// ventaglioDeal is a fixed deal built card by card so each test knows where
// every card is: arc 2C..KC (a1 = 2C), first base AS (base rank A), bases
// p1 5H p2 7D p3 KD p4 QS, reserve top AH then the rest, stock the rest.
func ventaglioDeal(t *testing.T) []deck.Card {
	t.Helper()
	toks := "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AS 5H 7D KD QS " +
		"AH 2H 3H 4H 6H 7H 8H 9H TH JH QH KH " +
		"AD 2D 3D 4D 5D 6D 8D 9D TD JD QD AC " +
		"2S 3S 4S 5S 6S 7S 8S 9S TS JS KS " +
		"AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS " +
		"AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH " +
		"AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD " +
		"AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"
	var deal []deck.Card
	for _, tok := range strings.Fields(toks) {
		c, err := deck.French.Parse(tok)
		if err != nil {
			t.Fatal(err)
		}
		deal = append(deal, c)
	}
	if len(deal) != 104 {
		t.Fatalf("test deal has %d cards", len(deal))
	}
	return deal
}

var ventaglioDefaults = solution.Rules{Play: "free", Passes: 3, EmptyProvisional: "fill"}

// hearts plays AH 2H 3H 4H from the reserve to f2.
func hearts() []solution.Move {
	var ms []solution.Move
	for _, c := range []string{"AH", "2H", "3H", "4H"} {
		ms = append(ms, mv("reserve", "f2", c))
	}
	return ms
}

func mv(from, to, card string) solution.Move { return solution.Move{From: from, To: to, Card: card} }

func TestVentaglioRejections(t *testing.T) {
	deal := ventaglioDeal(t)
	never := ventaglioDefaults
	never.EmptyProvisional = "never"
	forced := ventaglioDefaults
	forced.Play = "forced"
	one := ventaglioDefaults
	one.Passes = 1
	unl := ventaglioDefaults
	unl.Passes = 0
	drawAll := func() []solution.Move {
		var ms []solution.Move
		for _, c := range deal[29:] {
			ms = append(ms, mv("stock", "waste", deck.French.Token(c)))
		}
		return ms
	}
	for _, tc := range []struct {
		name  string
		rules solution.Rules
		moves []solution.Move
		n     int    // 1-based illegal move
		why   string // part of the reason
	}{
		{"unknown place", ventaglioDefaults, []solution.Move{mv("arc", "p9", "2C")}, 1, `unknown place "p9" (want arc, reserve, stock, waste, p1..p4 or f1..f8)`},
		{"wrong card", ventaglioDefaults, []solution.Move{mv("arc", "f2", "3C")}, 1, "free card of arc is 2C"},
		{"bad token", ventaglioDefaults, []solution.Move{mv("arc", "f2", "ZZ")}, 1, `unknown card: `},
		{"no card", ventaglioDefaults, []solution.Move{mv("arc", "f2", "")}, 1, "no card named; the free card of arc is 2C"},
		{"arc is a queue", ventaglioDefaults, []solution.Move{mv("reserve", "f2", "AH"), mv("arc", "f3", "2H")}, 2, "free card of arc is 2C"},
		{"reserve to provisional", ventaglioDefaults, []solution.Move{mv("reserve", "p2", "AH")}, 1, "reserve feeds only the foundations"},
		{"empty foundation takes base rank only", ventaglioDefaults, []solution.Move{mv("arc", "f2", "2C")}, 1, "takes only a card of the base rank"},
		{"foundation by suit", ventaglioDefaults, []solution.Move{mv("arc", "f1", "2C")}, 1, "does not take 2C"},
		{"provisional neighbour", ventaglioDefaults, []solution.Move{mv("arc", "p1", "2C")}, 1, "not one rank away"},
		{"no A on K without wrap", ventaglioDefaults, []solution.Move{mv("stock", "p3", "AD")}, 1, "not one rank away"},
		{"own base", ventaglioDefaults, []solution.Move{mv("p1", "p1", "5H")}, 1, "own provisional base"},
		{"foundations keep their cards", ventaglioDefaults, []solution.Move{mv("f1", "p1", "AS")}, 1, "never leave a foundation"},
		{"to the arc", ventaglioDefaults, []solution.Move{mv("p1", "arc", "5H")}, 1, "no card goes"},
		{"redeal with stock", ventaglioDefaults, []solution.Move{{From: "waste", To: "stock"}}, 1, "stock is not empty"},
		{"redeal with a card", ventaglioDefaults, append(drawAll(), mv("waste", "stock", "AC")), 76, "give no card"},
		{"one pass", one, append(drawAll(), solution.Move{From: "waste", To: "stock"}), 76, "no redeal: no pass left: the one pass used"}, // not "(1 passes)"
		{"unlimited needs a placement", unl, append(drawAll(), solution.Move{From: "waste", To: "stock"}), 76, "needs a pass that placed"},
		{"waste empty", ventaglioDefaults, []solution.Move{mv("waste", "f2", "AD")}, 1, "waste is empty"},
		{"forced placement", forced, []solution.Move{mv("stock", "waste", "AD")}, 1, "must be placed"},
		{"never refill", never, append(hearts(), mv("p1", "f2", "5H"), mv("arc", "p1", "2C")), 6, "stays empty"},
		{"not a neighbour", ventaglioDefaults, []solution.Move{mv("p4", "p1", "QS")}, 1, "not one rank away"},
	} {
		err := Ventaglio(deal, tc.rules, tc.moves)
		checkMoveError(t, tc.name, err, tc.n, tc.why)
	}
}

func TestVentaglioLegalLines(t *testing.T) {
	deal := ventaglioDeal(t)
	forced := ventaglioDefaults
	forced.Play = "forced"
	wrap := true
	wrapRules := ventaglioDefaults
	wrapRules.ProvisionalWrap = &wrap
	for _, tc := range []struct {
		name  string
		rules solution.Rules
		moves []solution.Move
	}{
		{"reserve builds a foundation", ventaglioDefaults, hearts()},
		{"provisional onto a neighbour", ventaglioDefaults, []solution.Move{mv("p4", "p3", "QS")}},
		{"wrap A on K", wrapRules, []solution.Move{mv("stock", "p3", "AD")}},
		{"stock placed at once in free play", ventaglioDefaults, []solution.Move{mv("stock", "f2", "AD")}},
		{"draw and play from the waste", ventaglioDefaults, []solution.Move{mv("stock", "waste", "AD"), mv("waste", "f2", "AD")}},
		{"forced placement", forced, []solution.Move{mv("stock", "f2", "AD"), mv("stock", "f2", "2D")}},
		{"emptied base refilled", ventaglioDefaults, append(hearts(), mv("p1", "f2", "5H"), mv("arc", "p1", "2C"))},
	} {
		err := Ventaglio(deal, tc.rules, tc.moves)
		var nw *NotWonError
		if !errors.As(err, &nw) || nw.Moves != len(tc.moves) {
			t.Errorf("%s: got %v, want every move legal (NotWonError)", tc.name, err)
		}
	}
}

func TestVentaglioRedealOrder(t *testing.T) {
	deal := ventaglioDeal(t)
	var ms []solution.Move
	for _, c := range deal[29:] {
		ms = append(ms, mv("stock", "waste", deck.French.Token(c)))
	}
	ms = append(ms, solution.Move{From: "waste", To: "stock"})
	// After the redeal the first card drawn is again deal[29] (AD).
	ms = append(ms, mv("stock", "f2", "AD"))
	tb, err := NewVentaglioTable(deal, ventaglioDefaults)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range ms {
		if why := tb.Play(m); why != "" {
			t.Fatalf("move %d %s: %s", i+1, m, why)
		}
	}
	if tb.Pass != 2 || len(tb.Stock) != 74 || len(tb.Waste) != 0 {
		t.Fatalf("pass %d stock %d waste %d", tb.Pass, len(tb.Stock), len(tb.Waste))
	}
	if got := deck.French.Token(tb.Stock[0]); got != "2D" {
		t.Fatalf("stock top after the redeal and AD: %s, want 2D", got)
	}
}

func TestVentaglioWin(t *testing.T) {
	// A position one move from the end: every card up but one.
	tb := &VentaglioTable{Base: 0, Pass: 1, Passes: 3}
	for f := range 8 {
		for r := range 13 {
			tb.Found[f] = append(tb.Found[f], deck.NewCard(f/2, r))
		}
	}
	last := tb.Found[7][12]
	tb.Found[7] = tb.Found[7][:12]
	tb.Arc = []deck.Card{last}
	if err := tb.Replay([]solution.Move{mv("arc", "f8", "KC")}); err != nil {
		t.Fatalf("winning move: %v", err)
	}
	tb.Found[7] = tb.Found[7][:12]
	tb.Arc = []deck.Card{last}
	var nw *NotWonError
	if err := tb.Replay(nil); !errors.As(err, &nw) || !strings.Contains(nw.Detail, "1 card not") {
		t.Fatalf("empty line: %v", err)
	}
}

func TestVentaglioBadDeal(t *testing.T) {
	deal := ventaglioDeal(t)
	if err := Ventaglio(deal[:103], ventaglioDefaults, nil); err == nil {
		t.Error("a 103-card deal accepted")
	}
	bad := append([]deck.Card(nil), deal...)
	bad[0] = bad[1] // three 3C
	bad[1] = bad[2]
	if err := Ventaglio(bad, ventaglioDefaults, nil); err == nil {
		t.Error("a deal with three copies accepted")
	}
	if err := Ventaglio(deal, solution.Rules{Play: "lazy", Passes: 3}, nil); err == nil {
		t.Error("play mode lazy accepted")
	}
}
