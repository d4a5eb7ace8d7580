package verify

import (
	"errors"
	"strings"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solution"
)

// orderedDeal wins by placing every card as it is drawn: the nine other
// bases 2..R, then the second, third and fourth card of each pile.
const orderedDeal = "1O 2O 3O 4O 5O 6O 7O SO CO RO 2C 3C 4C 5C 6C 7C SC CC RC 1C " +
	"3E 4E 5E 6E 7E SE CE RE 1E 2E 4B 5B 6B 7B SB CB RB 1B 2B 3B"

// orderedLine is the winning line of orderedDeal.
func orderedLine(deal []deck.Card) []solution.Move {
	var line []solution.Move
	for i, c := range deal[1:] {
		pile := c.Rank() // levels: i/9 = 0 starts the pile
		switch {
		case i >= 9 && i < 19:
			pile = (c.Rank() + 9) % 10
		case i >= 19 && i < 29:
			pile = (c.Rank() + 8) % 10
		case i >= 29:
			pile = (c.Rank() + 7) % 10
		}
		line = append(line, solution.Move{From: "stock", To: "pile:" + deck.Spanish.RankToken(pile), Card: deck.Spanish.Token(c)})
	}
	return line
}

func TestRelojWins(t *testing.T) {
	deal := dealOf(t, deck.Spanish, orderedDeal)
	for _, r := range []solution.Rules{{Play: "forced", Passes: 2}, {Play: "free", Passes: 1}, {Play: "free", Passes: 0}} {
		if err := Reloj(deal, r, orderedLine(deal)); err != nil {
			t.Fatalf("%+v: %v", r, err)
		}
	}
	// Numeric pile names are accepted: S is 10.
	line := orderedLine(deal)
	line[6].To = "pile:10"
	if err := Reloj(deal, solution.Rules{Play: "forced", Passes: 2}, line); err != nil {
		t.Fatalf("pile:10: %v", err)
	}
}

// drawAll draws every stock card to the waste, in order.
func drawAll(deal []deck.Card) []solution.Move {
	var out []solution.Move
	for _, c := range deal[1:] {
		out = append(out, solution.Move{From: "stock", To: "waste", Card: deck.Spanish.Token(c)})
	}
	return out
}

func TestRelojRejects(t *testing.T) {
	deal := dealOf(t, deck.Spanish, orderedDeal)
	forced := solution.Rules{Play: "forced", Passes: 2}
	free := solution.Rules{Play: "free", Passes: 2}
	redeal := solution.Move{From: "waste", To: "stock"}
	st := func(to, card string) solution.Move { return solution.Move{From: "stock", To: to, Card: card} }
	withRedeals := func(passes int) []solution.Move {
		var line []solution.Move
		for range passes {
			line = append(line, drawAll(deal)...)
			line = append(line, redeal)
		}
		return line
	}
	nonAdjacent := dealOf(t, deck.Spanish, "1O 5O "+strings.Replace(strings.Replace(orderedDeal, "1O ", "", 1), "5O ", "", 1))
	for _, c := range []struct {
		name  string
		deal  []deck.Card
		r     solution.Rules
		moves []solution.Move
		n     int    // number of the bad move
		want  string // part of the reason
	}{
		{"wrong card", deal, forced, []solution.Move{st("pile:2", "3O")}, 1, "wrong card: the drawn card is 2O, not 3O"},
		{"unknown card", deal, forced, []solution.Move{st("pile:2", "ZZ")}, 1, "unknown card"},
		{"no card", deal, forced, []solution.Move{st("pile:2", "")}, 1, "no card named"},
		{"no such place", deal, forced, []solution.Move{st("foundation", "2O")}, 1, `unknown place "foundation" (want stock, waste or pile:<rank>)`},
		{"no such pile name", deal, forced, []solution.Move{st("pile:9x", "2O")}, 1, `unknown place "pile:9x"`},
		{"no such source", deal, forced, []solution.Move{{From: "tableau", To: "pile:2", Card: "2O"}}, 1, `unknown place "tableau"`},
		{"bad card", deal, forced, []solution.Move{st("pile:1", "2Q")}, 1, `unknown card: `},
		{"pile full", deal, forced, []solution.Move{st("pile:1", "2O"), st("pile:1", "3O"), st("pile:1", "4O"), st("pile:1", "5O")}, 4, "pile 1 is full"},
		{"not the next rank", deal, forced, []solution.Move{st("pile:2", "2O"), st("pile:1", "3O")}, 2, "not the next rank: pile 1's top is 1O, it takes a 2"},
		{"new pile named wrong", deal, forced, []solution.Move{st("pile:3", "2O")}, 1, "there is no pile 3, and 2O cannot start it"},
		{"new pile not adjacent", nonAdjacent, free, []solution.Move{st("pile:5", "5O")}, 1, "pile 5 cannot start here: the circle runs 1..1, a new pile must be R or 2"},
		{"forced play", deal, forced, []solution.Move{st("waste", "2O")}, 1, "forced play: 2O fits pile 1 and must be placed"},
		{"waste empty", deal, free, []solution.Move{{From: "waste", To: "pile:2", Card: "2O"}}, 1, "the waste is empty"},
		{"waste wrong card", deal, free, []solution.Move{st("waste", "2O"), {From: "waste", To: "pile:3", Card: "3O"}}, 2, "wrong card: the waste top is 2O, not 3O"},
		{"redeal with stock", deal, free, []solution.Move{redeal}, 1, "redeal with 39 cards still in the stock"},
		{"redeal names card", deal, free, []solution.Move{{From: "waste", To: "stock", Card: "2O"}}, 1, "a redeal names no card"},
		{"redeal card, one pass", deal, solution.Rules{Play: "free", Passes: 1}, []solution.Move{{From: "waste", To: "stock", Card: "2O"}}, 1, "no redeal: the rules give one pass (passes 1)"},
		{"redeal empty waste", dealOf(t, deck.Spanish, orderedDeal), free, append(orderedLine(deal)[:39:39], redeal), 40, "the game was already won at move 39"},
		{"no pass left (1)", deal, solution.Rules{Play: "free", Passes: 1}, withRedeals(1), 40, "no pass left: the one pass used"},
		{"no pass left (2)", deal, free, withRedeals(2), 80, "no pass left: both passes used"},
		{"unlimited empty pass", deal, solution.Rules{Play: "free", Passes: 0}, withRedeals(1), 40, "a pass must place a card first"},
		{"stock empty", deal, free, append(drawAll(deal), st("waste", "2O")), 40, "the stock is empty"},
	} {
		err := Reloj(c.deal, c.r, c.moves)
		checkMoveError(t, c.name, err, c.n, c.want)
	}
}

func TestRelojAcceptsFreeDrawThenPlace(t *testing.T) {
	deal := dealOf(t, deck.Spanish, orderedDeal)
	line := []solution.Move{
		{From: "stock", To: "waste", Card: "2O"},
		{From: "waste", To: "pile:2", Card: "2O"},
	}
	line = append(line, orderedLine(deal)[1:]...)
	if err := Reloj(deal, solution.Rules{Play: "free", Passes: 1}, line); err != nil {
		t.Fatal(err)
	}
	// The same in forced play breaks the forced rule at move 1.
	var me *MoveError
	if err := Reloj(deal, solution.Rules{Play: "forced", Passes: 1}, line); !errors.As(err, &me) || me.N != 1 {
		t.Fatalf("forced: %v", err)
	}
}

func TestRelojRedealOrder(t *testing.T) {
	// Two passes, free: draw all, redeal, then the line of the ordered deal
	// replays: the stock comes back in the same order.
	deal := dealOf(t, deck.Spanish, orderedDeal)
	line := append(drawAll(deal), solution.Move{From: "waste", To: "stock"})
	line = append(line, orderedLine(deal)...)
	if err := Reloj(deal, solution.Rules{Play: "free", Passes: 2}, line); err != nil {
		t.Fatal(err)
	}
}

func TestRelojNotWon(t *testing.T) {
	deal := dealOf(t, deck.Spanish, orderedDeal)
	err := Reloj(deal, solution.Rules{Play: "forced", Passes: 2}, orderedLine(deal)[:10])
	var nw *NotWonError
	if !errors.As(err, &nw) || nw.Moves != 10 || !strings.Contains(nw.Detail, "29 cards not in the circle") {
		t.Fatalf("got %v", err)
	}
}

func TestRelojBadInput(t *testing.T) {
	deal := dealOf(t, deck.Spanish, orderedDeal)
	for _, c := range []struct {
		deal []deck.Card
		r    solution.Rules
	}{
		{deal, solution.Rules{Play: "sometimes", Passes: 2}},
		{deal, solution.Rules{Play: "free", Passes: -1}},
		{deal[:39], solution.Rules{Play: "free", Passes: 2}},
		{append(append([]deck.Card(nil), deal[:39]...), deal[0]), solution.Rules{Play: "free", Passes: 2}},
	} {
		err := Reloj(c.deal, c.r, nil)
		var me *MoveError
		var nw *NotWonError
		if err == nil || errors.As(err, &me) || errors.As(err, &nw) {
			t.Errorf("%+v (%d cards): got %v, want a plain error", c.r, len(c.deal), err)
		}
	}
}

// TestReplayAllocatesNothing: replaying a winning line of Del reloj and of
// both clocks allocates nothing (package doc; analyze replays every winning
// line of its deals).
func TestReplayAllocatesNothing(t *testing.T) {
	reloj := dealOf(t, deck.Spanish, orderedDeal)
	relojLine := orderedLine(reloj)
	oro := dealOf(t, deck.Italian, orologioWin)
	oroLine := orologioWinLine()
	var fr []deck.Card
	for seed := uint64(0); fr == nil; seed++ {
		if d := deck.Deal(deck.French, 1, seed); len(clockPlay(d)) == 52 {
			fr = d
		}
	}
	frLine := clockPlay(fr)
	for _, c := range []struct {
		name   string
		replay func() error
	}{
		{"reloj", func() error { return Reloj(reloj, solution.Rules{Play: "forced", Passes: 2}, relojLine) }},
		{"orologio", func() error { return Orologio(oro, solution.Rules{}, oroLine) }},
		{"orologio52", func() error { return Orologio52(fr, solution.Rules{}, frLine) }},
	} {
		if err := c.replay(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if n := testing.AllocsPerRun(20, func() { _ = c.replay() }); n != 0 {
			t.Errorf("%s: a replay allocates %v times", c.name, n)
		}
	}
}
