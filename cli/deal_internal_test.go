package cli

import (
	"strings"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
)

// writeDealingOrder is the layout of a row without one: a header, then the
// deal 13 cards a row, each row led by the index of its first card.
func TestWriteDealingOrder(t *testing.T) {
	g := games.Game{Name: "test", Deck: deck.French, Copies: 2}
	d := deck.Deal(deck.French, 2, 1)
	seed := uint64(1)
	var b strings.Builder
	if err := writeDealingOrder(&b, g, d, &seed, games.Style{}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if lines[0] != "test, seed 1: 104 cards in dealing order (index 0 dealt first)" {
		t.Errorf("header %q", lines[0])
	}
	if len(lines) != 1+8 {
		t.Fatalf("%d lines, want a header and 8 rows of 13", len(lines))
	}
	want := "   0  8C 7D 9D AD TS 9S 5D 8S 3H KS KH 3C 2D"
	if lines[1] != want || !strings.HasPrefix(lines[8], "  91  ") || !strings.HasSuffix(lines[8], "QH 7S") {
		t.Errorf("rows:\n%s", b.String())
	}
	var toks []string
	for _, l := range lines[1:] {
		toks = append(toks, strings.Fields(l)[1:]...)
	}
	if strings.Join(toks, " ") != strings.Join(deck.French.TokenList(d), " ") {
		t.Error("rows do not hold the deal in order")
	}

	g.Title = "Test"
	b.Reset()
	if err := writeDealingOrder(&b, g, d[:3], nil, games.Style{Color: true}); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != "Test, from a deal file: 3 cards in dealing order (index 0 dealt first)\n   0  8♣ \x1b[31m7♦\x1b[0m \x1b[31m9♦\x1b[0m\n" {
		t.Errorf("colour listing %q", got)
	}
}

func TestUseColor(t *testing.T) {
	env := func(v string) func(string) string { return func(string) string { return v } }
	for _, c := range []struct {
		io   IO
		want bool
	}{
		{IO{OutIsTTY: true, Getenv: env("")}, true},
		{IO{OutIsTTY: true}, true},
		{IO{OutIsTTY: true, Getenv: env("1")}, false},
		{IO{OutIsTTY: true, Getenv: env("0")}, false}, // NO_COLOR set to anything
		{IO{OutIsTTY: false, Getenv: env("")}, false},
	} {
		if got := useColor(&c.io); got != c.want {
			t.Errorf("useColor(tty %v) = %v, want %v", c.io.OutIsTTY, got, c.want)
		}
	}
}
