package verify

import (
	"errors"
	"strings"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solution"
)

// sietesOrdered fills the frame with the twelve figures, then every number
// card comes in foundation order: each fits as it is drawn.
const sietesOrdered = "SO CO RO SC CC RC SE CE RE SB CB RB " +
	"7O 6O 5O 4O 3O 2O 1O 7C 6C 5C 4C 3C 2C 1C 7E 6E 5E 4E 3E 2E 1E 7B 6B 5B 4B 3B 2B 1B"

// sietesHoldBack is corpus/sietes/forced-hold-back.deal: won in forced play
// by holding 6O in its slot for one draw.
const sietesHoldBack = "SO CO RO SC CC RC SE CE RE SB CB 6O 7O 1C 4O 1E 5O 3O 2O 1O " +
	"7E 6E 5E 4E 3E 2E 7C 6C 5C 4C 3C 2C RB 7B 6B 5B 4B 3B 2B 1B"

func lineMove(from, to, card string) solution.Move {
	return solution.Move{From: from, To: to, Card: card}
}

// orderedSietesLine puts every stock card on its foundation as drawn.
func orderedSietesLine(deal []deck.Card) []solution.Move {
	var line []solution.Move
	for _, c := range deal[12:] {
		line = append(line, lineMove("stock", "found:"+deck.Spanish.SuitToken(c.Suit()), deck.Spanish.Token(c)))
	}
	return line
}

// holdBackLine wins sietesHoldBack (see the corpus file's comment).
func holdBackLine() []solution.Move {
	line := []solution.Move{
		lineMove("stock", "found:O", "7O"), lineMove("stock", "waste", "1C"), lineMove("frame:12", "found:O", "6O"),
		lineMove("stock", "frame:12", "4O"), lineMove("stock", "waste", "1E"), lineMove("stock", "found:O", "5O"),
		lineMove("frame:12", "found:O", "4O"),
	}
	for _, c := range strings.Fields("3O 2O 1O 7E 6E 5E 4E 3E 2E") {
		line = append(line, lineMove("stock", "found:"+c[1:], c))
	}
	line = append(line, lineMove("waste", "found:E", "1E"))
	for _, c := range strings.Fields("7C 6C 5C 4C 3C 2C") {
		line = append(line, lineMove("stock", "found:C", c))
	}
	line = append(line, lineMove("waste", "found:C", "1C"), lineMove("stock", "frame:12", "RB"))
	for _, c := range strings.Fields("7B 6B 5B 4B 3B 2B 1B") {
		line = append(line, lineMove("stock", "found:B", c))
	}
	return line
}

func TestSietesWins(t *testing.T) {
	deal := dealOf(t, deck.Spanish, sietesOrdered)
	for _, r := range []solution.Rules{{Play: "forced", Passes: 1}, {Play: "free", Passes: 1}, {Play: "free", Passes: 0}} {
		if err := Sietes(deal, r, orderedSietesLine(deal)); err != nil {
			t.Fatalf("ordered %+v: %v", r, err)
		}
	}
	// Free play: drawing to the waste and placing from there is the same.
	line := orderedSietesLine(deal)
	alt := append([]solution.Move{lineMove("stock", "waste", "7O"), lineMove("waste", "found:O", "7O")}, line[1:]...)
	if err := Sietes(deal, solution.Rules{Play: "free", Passes: 1}, alt); err != nil {
		t.Fatalf("free draw then place: %v", err)
	}
	hb := dealOf(t, deck.Spanish, sietesHoldBack)
	if err := Sietes(hb, solution.Rules{Play: "forced", Passes: 1}, holdBackLine()); err != nil {
		t.Fatalf("hold back: %v", err)
	}
}

// TestSietesDealPhase: the figures-first deal fills the frame in order and
// stops after twelve cards; a deal that starts 7O 6O ... puts them up at once.
func TestSietesDealPhase(t *testing.T) {
	tab := sietesDeal(dealOf(t, deck.Spanish, sietesOrdered))
	if len(tab.stock) != 28 || deck.Spanish.Token(tab.frame[11]) != "RB" {
		t.Fatalf("stock %d, slot 12 %v", len(tab.stock), tab.frame[11])
	}
	// 6O waits in slot 1 until 7O comes, then goes up and slot 1 is refilled.
	d := dealOf(t, deck.Spanish, "6O SO 7O CO RO SC CC RC SE CE RE SB CB RB 5O 4O 3O 2O 1O "+
		"7C 6C 5C 4C 3C 2C 1C 7E 6E 5E 4E 3E 2E 1E 7B 6B 5B 4B 3B 2B 1B")
	tab = sietesDeal(d)
	if len(tab.found[0]) != 2 || deck.Spanish.Token(tab.frame[0]) != "CO" || deck.Spanish.Token(tab.frame[11]) != "RB" || len(tab.stock) != 26 {
		t.Fatalf("oros %d, slot 1 %s, slot 12 %s, stock %d", len(tab.found[0]), deck.Spanish.Token(tab.frame[0]), deck.Spanish.Token(tab.frame[11]), len(tab.stock))
	}
}

func TestSietesRejects(t *testing.T) {
	ord := dealOf(t, deck.Spanish, sietesOrdered)
	hb := dealOf(t, deck.Spanish, sietesHoldBack)
	forced := solution.Rules{Play: "forced", Passes: 1}
	free := solution.Rules{Play: "free", Passes: 1}
	hold := holdBackLine()
	allToWaste := func(deal []deck.Card) []solution.Move {
		var line []solution.Move
		for _, c := range deal[12:] {
			line = append(line, lineMove("stock", "waste", deck.Spanish.Token(c)))
		}
		return line
	}
	cases := []struct {
		name  string
		deal  []deck.Card
		r     solution.Rules
		moves []solution.Move
		n     int    // the move rejected
		why   string // part of the reason
	}{
		{"wrong card", ord, forced, []solution.Move{lineMove("stock", "found:O", "6O")}, 1, "is 7O, not 6O"},
		{"bad token", ord, forced, []solution.Move{lineMove("stock", "found:O", "7X")}, 1, `unknown card: unknown suit "X"`},
		{"no card", ord, forced, []solution.Move{lineMove("stock", "found:O", "")}, 1, "no card named; the card at stock is 7O"},
		{"no card on the waste", ord, free, []solution.Move{lineMove("stock", "waste", "7O"), lineMove("waste", "found:O", "")}, 2, "no card named; the card at waste is 7O"},
		{"wrong suit", ord, forced, []solution.Move{lineMove("stock", "found:C", "7O")}, 1, "not of the suit"},
		{"unknown foundation", ord, forced, []solution.Move{lineMove("stock", "found:X", "7O")}, 1, `unknown place "found:X" (want stock, waste, frame:1..frame:12 or found:<suit>)`},
		{"does not fit", ord, free, []solution.Move{lineMove("stock", "waste", "7O"), lineMove("stock", "found:O", "6O")}, 2, "does not fit"},
		{"forced fit to waste", ord, forced, []solution.Move{lineMove("stock", "waste", "7O")}, 1, "must go there"},
		{"forced fit to frame", hb, forced, append(hold[:7:7], lineMove("stock", "frame:12", "3O")), 8, "must go there"},
		{"forced gap to waste", hb, forced, append(hold[:3:3], lineMove("stock", "waste", "4O")), 4, "must fill one"},
		{"slot taken", ord, free, []solution.Move{lineMove("stock", "frame:3", "7O")}, 1, "taken by RO"},
		{"unknown slot", ord, free, []solution.Move{lineMove("stock", "frame:13", "7O")}, 1, `unknown place "frame:13"`},
		{"unknown source", ord, free, []solution.Move{lineMove("reserve", "found:O", "7O")}, 1, "unknown place"},
		{"unknown destination", ord, free, []solution.Move{lineMove("stock", "pile:7", "7O")}, 1, `unknown place "pile:7"`},
		{"from a foundation", ord, free, []solution.Move{lineMove("found:E", "frame:1", "7O")}, 1, `a card cannot leave found:E (a foundation's cards stay; move from stock, waste or frame:1..frame:12)`},
		{"redeal card, one pass", ord, free, []solution.Move{{From: "waste", To: "stock", Card: "1B"}}, 1, "no redeal: the rules give one pass (passes 1)"},
		{"redeal card", ord, solution.Rules{Play: "free", Passes: 2}, []solution.Move{{From: "waste", To: "stock", Card: "1B"}}, 1, "a redeal names no card"},
		{"to the stock", ord, free, []solution.Move{lineMove("frame:1", "stock", "SO")}, 1, "cannot move to stock (waste, found:<suit> or frame:1..frame:12; a redeal is waste -> stock with no card)"},
		{"empty waste", ord, free, []solution.Move{lineMove("waste", "found:O", "7O")}, 1, "waste is empty"},
		{"empty slot", hb, forced, append(hold[:3:3], lineMove("frame:12", "found:O", "4O")), 4, "frame:12 is empty"},
		{"frame card to waste", ord, free, []solution.Move{lineMove("frame:1", "waste", "SO")}, 1, "only the drawn card"},
		{"frame card to frame", hb, forced, append(hold[:3:3], lineMove("frame:1", "frame:12", "SO")), 4, "only for a foundation"},
		{"figure to foundation", ord, free, []solution.Move{lineMove("frame:1", "found:O", "SO")}, 1, "does not fit"},
		{"stock empty", ord, forced, append(orderedSietesLine(ord), lineMove("stock", "waste", "1B")), 29, "the game was already won at move 28"},
		{"redeal stock left", ord, free, []solution.Move{{From: "waste", To: "stock"}}, 1, "stock is not empty"},
		{"redeal no pass", ord, free, append(allToWaste(ord), solution.Move{From: "waste", To: "stock"}), 29, "no pass left"},
		{"redeal no placement", ord, solution.Rules{Play: "free", Passes: 0}, append(allToWaste(ord), solution.Move{From: "waste", To: "stock"}), 29, "placed a card"},
		{"redeal with card", ord, solution.Rules{Play: "free", Passes: 2}, append(allToWaste(ord), solution.Move{From: "waste", To: "stock", Card: "1B"}), 29, "names no card"},
	}
	for _, c := range cases {
		err := Sietes(c.deal, c.r, c.moves)
		checkMoveError(t, c.name, err, c.n, c.why)
	}
	// Two passes: the redeal is legal, then the cards come again in order.
	line := append(allToWaste(ord), solution.Move{From: "waste", To: "stock"})
	line = append(line, orderedSietesLine(ord)...)
	if err := Sietes(ord, solution.Rules{Play: "free", Passes: 2}, line); err != nil {
		t.Errorf("redeal then win: %v", err)
	}
}

func TestSietesNotWonAndBadInput(t *testing.T) {
	ord := dealOf(t, deck.Spanish, sietesOrdered)
	err := Sietes(ord, solution.Rules{Play: "forced", Passes: 1}, orderedSietesLine(ord)[:20])
	var nw *NotWonError
	if !errors.As(err, &nw) || nw.Moves != 20 || !strings.Contains(nw.Detail, "8 number cards") {
		t.Fatalf("short line: %v", err)
	}
	if err := Sietes(ord[:39], solution.Rules{Play: "forced", Passes: 1}, nil); err == nil || errors.As(err, new(*MoveError)) {
		t.Errorf("39 cards: %v", err)
	}
	if err := Sietes(ord, solution.Rules{Play: "lazy", Passes: 1}, nil); err == nil {
		t.Error("play lazy accepted")
	}
	if err := Sietes(ord, solution.Rules{Play: "free", Passes: -1}, nil); err == nil {
		t.Error("passes -1 accepted")
	}
}
