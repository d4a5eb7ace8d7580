package verify

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solution"
)

// orologioWin: the clock is 1D..7D FD CD RD 1C 2C (hours 1..12); each pair
// of the stock is (face down, face up) and the face-up cards are the other
// suits' cards of ranks 1..R, so every clock rank is covered; 1 and 2 cover
// two hours each.
const orologioWin = "1D 2D 3D 4D 5D 6D 7D FD CD RD 1C 2C " +
	"3C 1S 4C 2S 5C 3S 6C 4S 7C 5S FC 6S CC 7S RC FS 1B CS 2B RS 3B 4B 5B 6B 7B FB CB RB"

// orologioWinLine is the play-out of orologioWin up to the win.
func orologioWinLine() []solution.Move {
	var line []solution.Move
	pairs := [][2]string{{"3C", "1S"}, {"4C", "2S"}, {"5C", "3S"}, {"6C", "4S"}, {"7C", "5S"}, {"FC", "6S"}, {"CC", "7S"}, {"RC", "FS"}, {"1B", "CS"}, {"2B", "RS"}}
	hours := map[string][]int{"1S": {1, 11}, "2S": {2, 12}, "3S": {3}, "4S": {4}, "5S": {5}, "6S": {6}, "7S": {7}, "FS": {8}, "CS": {9}, "RS": {10}}
	for _, p := range pairs {
		line = append(line, lineMove("stock", "well", p[0]))
		for _, h := range hours[p[1]] {
			line = append(line, lineMove("stock", fmt.Sprintf("hour:%d", h), p[1]))
		}
	}
	return line
}

func TestOrologioWins(t *testing.T) {
	deal := dealOf(t, deck.Italian, orologioWin)
	line := orologioWinLine()
	if err := Orologio(deal, solution.Rules{}, line); err != nil {
		t.Fatal(err)
	}
	// Covering order within one card is free.
	line[1], line[2] = line[2], line[1]
	if err := Orologio(deal, solution.Rules{}, line); err != nil {
		t.Fatalf("hour 11 before hour 1: %v", err)
	}
	// A move after the win is refused as such (RULES.md: won when the 12
	// clock cards are covered), not judged as a move of the game.
	more := append(orologioWinLine(), lineMove("stock", "well", "3B"), lineMove("stock", "well", "4B"))
	checkMoveError(t, "playing on", Orologio(deal, solution.Rules{}, more), len(more)-1, fmt.Sprintf("the game was already won at move %d", len(more)-2))
}

func TestOrologioRejects(t *testing.T) {
	deal := dealOf(t, deck.Italian, orologioWin)
	line := orologioWinLine()
	four := dealOf(t, deck.Italian, "5D 5C 5S 5B 1D 2D 3D 4D 6D 7D FD CD "+
		"RD 1C 2C 3C 4C 6C 7C FC CC RC 1S 2S 3S 4S 6S 7S FS CS RS 1B 2B 3B 4B 6B 7B FB CB RB")
	cases := []struct {
		name  string
		deal  []deck.Card
		moves []solution.Move
		n     int
		why   string
	}{
		{"four of a kind", four, []solution.Move{lineMove("stock", "well", "RD")}, 1, "all four 5s (hours 1, 2, 3 and 4)"},
		{"wrong card", deal, []solution.Move{lineMove("stock", "well", "1S")}, 1, "is 3C, not 1S"},
		{"bad token", deal, []solution.Move{lineMove("stock", "well", "ZZ")}, 1, `unknown card: unknown suit "Z"`},
		{"no card", deal, []solution.Move{lineMove("stock", "well", "")}, 1, "no card named; the next stock card is 3C"},
		{"no such place", deal, []solution.Move{lineMove("stock", "hour:0", "1D")}, 1, `unknown place "hour:0" (want stock, well or hour:1..hour:12)`},
		{"not from stock", deal, []solution.Move{lineMove("well", "hour:1", "3C")}, 1, "next stock card"},
		{"face down covers", deal, []solution.Move{lineMove("stock", "hour:3", "3C")}, 1, "face down"},
		{"face up to well", deal, append(line[:1:1], lineMove("stock", "well", "1S")), 2, "1S is face up and must cover hour 1 or 11 first"},
		{"wrong rank", deal, append(line[:1:1], lineMove("stock", "hour:2", "1S")), 2, "hour 2 holds 2D"},
		{"covered twice", deal, append(line[:2:2], lineMove("stock", "hour:1", "1S")), 3, "covered already"},
		{"unknown hour", deal, append(line[:1:1], lineMove("stock", "hour:13", "1S")), 2, "unknown place"},
		{"unknown place", deal, []solution.Move{lineMove("stock", "waste", "3C")}, 1, "unknown place"},
	}
	for _, c := range cases {
		err := Orologio(c.deal, solution.Rules{}, c.moves)
		checkMoveError(t, c.name, err, c.n, c.why)
	}
	// Stock used up: the whole play-out of a lost deal, then one more move.
	var lost []deck.Card
	for seed := uint64(0); lost == nil; seed++ {
		d := deck.Deal(deck.Italian, 1, seed)
		if err := Orologio(d, solution.Rules{}, italianPlay(d)); errors.As(err, new(*NotWonError)) && !strings.Contains(err.Error(), "lost at once") {
			lost = d
		}
	}
	all := append(italianPlay(lost), lineMove("stock", "well", "1D"))
	err := Orologio(lost, solution.Rules{}, all)
	var me *MoveError
	if !errors.As(err, &me) || me.N != len(all) || !strings.Contains(me.Reason, "used up") {
		t.Fatalf("a move after the stock: %v", err)
	}
	// The short line of the winning deal is legal but not won.
	err = Orologio(deal, solution.Rules{}, line[:5])
	var nw *NotWonError
	if !errors.As(err, &nw) || !strings.Contains(nw.Detail, "not covered") {
		t.Fatalf("short line: %v", err)
	}
	err = Orologio(four, solution.Rules{}, nil)
	if !errors.As(err, &nw) || !strings.Contains(nw.Detail, "lost at once") {
		t.Fatalf("four of a kind, no moves: %v", err)
	}
	if err := Orologio(deal[:39], solution.Rules{}, nil); err == nil || errors.As(err, new(*MoveError)) {
		t.Fatalf("39 cards: %v", err)
	}
}

// italianPlay plays an Italian deal plainly: the whole move line, covers in
// hour order.
func italianPlay(deal []deck.Card) []solution.Move {
	var line []solution.Move
	covered := map[int]bool{}
	for i := 12; i < 40; i++ {
		c := deal[i]
		tok := deck.Italian.Token(c)
		covers := false
		for h := 1; i%2 == 1 && h <= 12; h++ {
			if deal[h-1].Rank() == c.Rank() && !covered[h] {
				covered[h] = true
				covers = true
				line = append(line, lineMove("stock", fmt.Sprintf("hour:%d", h), tok))
			}
		}
		if !covers {
			line = append(line, lineMove("stock", "well", tok))
		}
	}
	return line
}

// clockPlay plays a French deal plainly and returns its move line.
func clockPlay(deal []deck.Card) []solution.Move {
	piles := make([][]deck.Card, 13)
	for i := range 48 {
		piles[i%12] = append(piles[i%12], deal[i])
	}
	piles[12] = append(piles[12], deal[48:]...)
	from := 12
	var line []solution.Move
	for {
		n := len(piles[from])
		if n == 0 {
			return line
		}
		c := piles[from][n-1]
		piles[from] = piles[from][:n-1]
		line = append(line, lineMove(orologio52Place(from), orologio52Place(c.Rank()), deck.French.Token(c)))
		from = c.Rank()
	}
}

func TestOrologio52(t *testing.T) {
	// Find a won and a lost seed by plain play.
	var won, lost []deck.Card
	for seed := uint64(0); won == nil || lost == nil; seed++ {
		d := deck.Deal(deck.French, 1, seed)
		if len(clockPlay(d)) == 52 {
			won = d
		} else {
			lost = d
		}
	}
	line := clockPlay(won)
	if err := Orologio52(won, solution.Rules{}, line); err != nil {
		t.Fatalf("won deal: %v", err)
	}
	lostLine := clockPlay(lost)
	var nw *NotWonError
	if err := Orologio52(lost, solution.Rules{}, lostLine); !errors.As(err, &nw) || nw.Detail != fmt.Sprintf("%d cards still face down", 52-len(lostLine)) {
		t.Fatalf("lost deal: %v", err)
	}
	// A line cut short leaves a card in hand: it is not face down.
	hand := deck.French.Token(won[51])
	if err := Orologio52(won, solution.Rules{}, nil); !errors.As(err, &nw) || nw.Detail != "51 cards still face down, "+hand+" in hand" {
		t.Fatalf("no moves: %v", err)
	}
	if err := Orologio52(won, solution.Rules{}, line[:1]); !errors.As(err, &nw) || nw.Detail != "50 cards still face down, "+line[1].Card+" in hand" {
		t.Fatalf("one move: %v", err)
	}
	// Short of its last move only: no "0 cards still face down".
	if err := Orologio52(won, solution.Rules{}, line[:51]); !errors.As(err, &nw) || nw.Detail != line[51].Card+" in hand, every other card face up" {
		t.Fatalf("all but the last move: %v", err)
	}
	first := line[0]
	wrongCard := first
	wrongCard.Card = line[1].Card
	wrongFrom := first
	wrongFrom.From = "hour:3"
	wrongTo := first
	wrongTo.To = "hour:1"
	if first.To == "hour:1" {
		wrongTo.To = "hour:2"
	}
	noHour := first
	noHour.To = "hour:13"
	cases := []struct {
		name  string
		moves []solution.Move
		n     int
		why   string
	}{
		{"wrong card", []solution.Move{wrongCard}, 1, "card in hand is"},
		{"bad token", []solution.Move{{From: first.From, To: first.To, Card: "1X"}}, 1, `unknown card: unknown suit "X"`},
		{"no card", []solution.Move{{From: first.From, To: first.To}}, 1, "no card named; the card in hand is " + first.Card},
		{"wrong source", []solution.Move{wrongFrom}, 1, "was taken from centre"},
		{"wrong pile", []solution.Move{wrongTo}, 1, "belongs to"},
		{"no such pile", []solution.Move{noHour}, 1, `unknown place "hour:13" (want hour:1..hour:12 or centre)`},
		{"after the end", append(lostLine, lostLine[0]), len(lostLine) + 1, "game is over"},
	}
	for _, c := range cases {
		d := won
		if c.name == "after the end" {
			d = lost
		}
		err := Orologio52(d, solution.Rules{}, c.moves)
		checkMoveError(t, c.name, err, c.n, c.why)
	}
	if err := Orologio52(won[:51], solution.Rules{}, nil); err == nil || errors.As(err, new(*MoveError)) {
		t.Fatalf("51 cards: %v", err)
	}
}
