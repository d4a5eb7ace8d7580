package deck

import (
	"strings"
	"testing"
)

func TestKindSizes(t *testing.T) {
	for _, c := range []struct {
		k            Kind
		name         string
		ranks, size  int
		first, last  string
		canonicalTop string
	}{
		{French, "french", 13, 52, "AS", "KC", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH"},
		{Spanish, "spanish", 10, 40, "1O", "RB", "1O 2O 3O 4O 5O 6O 7O SO CO RO 1C"},
		{Italian, "italian", 10, 40, "1D", "RB", "1D 2D 3D 4D 5D 6D 7D FD CD RD 1C"},
	} {
		if c.k.String() != c.name || c.k.Ranks() != c.ranks || c.k.Size() != c.size {
			t.Errorf("%v: name %q ranks %d size %d, want %q %d %d", c.k, c.k.String(), c.k.Ranks(), c.k.Size(), c.name, c.ranks, c.size)
		}
		can := c.k.TokenList(c.k.Canonical(1))
		if can[0] != c.first || can[len(can)-1] != c.last {
			t.Errorf("%v canonical order runs %s..%s, want %s..%s", c.k, can[0], can[len(can)-1], c.first, c.last)
		}
		top := strings.Fields(c.canonicalTop)
		if got := strings.Join(can[:len(top)], " "); got != c.canonicalTop {
			t.Errorf("%v canonical order starts %s, want %s", c.k, got, c.canonicalTop)
		}
		// Index is the canonical position, FromIndex its inverse.
		for i, card := range c.k.Canonical(1) {
			if c.k.Index(card) != i || c.k.FromIndex(i) != card || !c.k.Valid(card) {
				t.Fatalf("%v: card %s at canonical %d has Index %d", c.k, c.k.Token(card), i, c.k.Index(card))
			}
		}
	}
	if Kind(7).String() != "deck(7)" {
		t.Errorf("Kind(7) = %q", Kind(7).String())
	}
	if French.Valid(NewCard(0, 13)) || Spanish.Valid(NewCard(0, 10)) || French.Valid(NewCard(4, 0)) {
		t.Error("Valid accepts a card outside the deck")
	}
}

// Il Ventaglio: deck one in canonical order, then deck two (RULES.md).
func TestCanonicalTwoDecks(t *testing.T) {
	two := French.TokenList(French.Canonical(2))
	one := French.TokenList(French.Canonical(1))
	if len(two) != 104 {
		t.Fatalf("two decks: %d cards", len(two))
	}
	if strings.Join(two[:52], " ") != strings.Join(one, " ") || strings.Join(two[52:], " ") != strings.Join(one, " ") {
		t.Errorf("two French decks are not deck one then deck two in canonical order")
	}
}

func TestCardFields(t *testing.T) {
	c := NewCard(2, 9)
	if c.Suit() != 2 || c.Rank() != 9 || byte(c) != 0x29 {
		t.Errorf("NewCard(2,9) = %#x suit %d rank %d", byte(c), c.Suit(), c.Rank())
	}
	if French.Token(c) != "TD" || Spanish.Token(c) != "RE" || Italian.Token(c) != "RS" {
		t.Errorf("tokens of %#x: %s %s %s", byte(c), French.Token(c), Spanish.Token(c), Italian.Token(c))
	}
	if French.RankToken(12) != "K" || Spanish.RankToken(7) != "S" || Italian.RankToken(7) != "F" {
		t.Error("RankToken")
	}
	if French.SuitToken(1) != "H" || Spanish.SuitToken(2) != "E" || Italian.SuitToken(3) != "B" {
		t.Error("SuitToken")
	}
	if French.SuitName(3) != "clubs" || Spanish.SuitName(0) != "oros" || Italian.SuitName(2) != "spade" {
		t.Error("SuitName")
	}
	if French.SuitSymbol(1) != "♥" || Spanish.SuitSymbol(1) != "C" {
		t.Error("SuitSymbol")
	}
	red := func(k Kind) (out []bool) {
		for s := range 4 {
			out = append(out, k.Red(s))
		}
		return out
	}
	if got := red(French); !got[1] || !got[2] || got[0] || got[3] {
		t.Errorf("French red suits %v, want hearts and diamonds", got)
	}
	if got := red(Spanish); !got[1] || got[0] || got[2] || got[3] {
		t.Errorf("Spanish red suits %v, want copas", got)
	}
}

// Every spelling RULES.md accepts, per deck.
func TestParseAccepts(t *testing.T) {
	cases := []struct {
		k    Kind
		in   string
		want string // canonical token
	}{
		// French: canonical, lower case, 10 for T, glyphs (also the white ones).
		{French, "AS", "AS"}, {French, "TH", "TH"}, {French, "QC", "QC"}, {French, "KD", "KD"},
		{French, "as", "AS"}, {French, "tH", "TH"}, {French, "qc", "QC"}, {French, "jd", "JD"},
		{French, "10H", "TH"}, {French, "10h", "TH"}, {French, "10♠", "TS"},
		{French, "A♠", "AS"}, {French, "2♥", "2H"}, {French, "3♦", "3D"}, {French, "K♣", "KC"},
		{French, "a♤", "AS"}, {French, "q♡", "QH"}, {French, "J♢", "JD"}, {French, "9♧", "9C"},
		{French, " 7S ", "7S"},
		// An emoji keyboard's suit: the glyph and U+FE0F (or U+FE0E).
		{French, "9♣\ufe0f", "9C"}, {French, "A♠\ufe0e", "AS"},
		// Spanish: canonical, lower case, 10/11/12 for S/C/R.
		{Spanish, "1O", "1O"}, {Spanish, "7E", "7E"}, {Spanish, "SO", "SO"}, {Spanish, "CB", "CB"}, {Spanish, "RC", "RC"},
		{Spanish, "so", "SO"}, {Spanish, "cc", "CC"}, {Spanish, "1o", "1O"},
		{Spanish, "10O", "SO"}, {Spanish, "11B", "CB"}, {Spanish, "12C", "RC"}, {Spanish, "12e", "RE"},
		// Italian: canonical, lower case, 8/9/10 for F/C/R.
		{Italian, "1D", "1D"}, {Italian, "FS", "FS"}, {Italian, "RB", "RB"}, {Italian, "CC", "CC"},
		{Italian, "fs", "FS"}, {Italian, "rb", "RB"},
		{Italian, "8D", "FD"}, {Italian, "9C", "CC"}, {Italian, "10S", "RS"}, {Italian, "10b", "RB"},
	}
	for _, c := range cases {
		card, err := c.k.Parse(c.in)
		if err != nil {
			t.Errorf("%v.Parse(%q): %v", c.k, c.in, err)
			continue
		}
		if got := c.k.Token(card); got != c.want {
			t.Errorf("%v.Parse(%q) = %s, want %s", c.k, c.in, got, c.want)
		}
	}
	// Every canonical token and its lower-case spelling reads back as its card.
	for _, k := range []Kind{French, Spanish, Italian} {
		for _, card := range k.Canonical(1) {
			for _, tok := range []string{k.Token(card), strings.ToLower(k.Token(card))} {
				got, err := k.Parse(tok)
				if err != nil || got != card {
					t.Errorf("%v.Parse(%q) = %v, %v; want %s", k, tok, got, err, k.Token(card))
				}
			}
		}
	}
}

func TestParseRejects(t *testing.T) {
	cases := []struct {
		k       Kind
		in      string
		errPart string
	}{
		{French, "", "empty"},
		{French, "   ", "empty"},
		{French, "1S", `unknown rank "1"`},
		// One character is a rank or a suit alone: too short, not an
		// unknown rank "" (or suit) of a card it cannot be.
		{French, "1", `too short for a card: "1" (a card is its rank then its suit, as AS)`},
		{Spanish, " C ", `too short for a card: " C " (a card is its rank then its suit, as 1O)`},
		{Italian, "r", `too short for a card: "r" (a card is its rank then its suit, as 1D)`},
		{French, "♣\ufe0f", "too short for a card: \"♣\ufe0f\""},
		{French, "ZS", `unknown rank "Z"`},
		{French, "AX", `unknown suit "X"`},
		{French, "11H", `unknown rank "11"`},
		// A two-digit rank alone is a rank with no suit, not "1" of suit "0".
		{French, "10", `a rank with no suit: "10" (a card is its rank then its suit, as AS)`},
		{Spanish, "10", `a rank with no suit: "10" (a card is its rank then its suit, as 1O)`},
		{Spanish, " 12 ", `a rank with no suit: " 12 "`},
		{Italian, "10", `a rank with no suit: "10" (a card is its rank then its suit, as 1D)`},
		{French, "12", `unknown suit "2"`}, // 12 is no French rank
		{Spanish, "1010", `unknown suit "0"`},
		{French, "010H", `unknown rank "010"`},
		{French, "♠", `too short for a card: "♠" (a card is its rank then its suit, as AS)`},
		{French, "S", `too short for a card: "S"`},
		{French, "A♤♤", `unknown rank "A♤"`},
		{French, "As♠", `unknown rank "AS"`},
		{French, "SO", `unknown suit "O"`},
		{French, "Aſ", `unknown suit "ſ"`}, // long s upper-cases to S in Unicode: not a spelling we accept
		{French, "TS\x00", `unknown suit`},
		{Spanish, "8O", `unknown rank "8"`},
		{Spanish, "9C", `unknown rank "9"`},
		{Spanish, "13O", `unknown rank "13"`},
		{Spanish, "AO", `unknown rank "A"`},
		{Spanish, "AS", `unknown suit "S"`},
		{Spanish, "1S", `unknown suit "S"`},
		{Spanish, "1♠", `unknown suit "♠" (U+2660)`},
		{Spanish, "1♣\ufe0f", "unknown suit \"♣\" (U+2663) in \"1♣\ufe0f\""},
		{French, "A\u200b", `unknown suit "\u200b" (U+200B)`},
		// A byte that is not UTF-8 is named as a byte, not as U+FFFD, which
		// the text does not hold; a real U+FFFD is named as itself.
		{Spanish, "6E\xff", `unknown suit "\xff" (0xFF, not UTF-8) in "6E\xff"`},
		{Spanish, "6\ufffd", `unknown suit "�" (U+FFFD)`},
		{Spanish, "FO", `unknown rank "F"`},
		{Italian, "11D", `unknown rank "11"`},
		{Italian, "SD", `unknown rank "S"`},
		{Italian, "1O", `unknown suit "O"`},
		{Italian, "1E", `unknown suit "E"`},
		{Italian, "0D", `unknown rank "0"`},
		// Over 24 bytes: too long, quoted at most 24 characters.
		{French, strings.Repeat("A", 900000) + "S", `too long for a card: "AAAAAAAAAAAAAAAAAAAAAAAA"… (900001 bytes)`},
		{French, strings.Repeat("10", 12) + "S", `too long for a card: "101010101010101010101010"… (25 bytes)`},
		{French, strings.Repeat("♠", 9), `too long for a card: "♠♠♠♠♠♠♠♠♠"`}, // 27 bytes, 9 characters: shown whole
		{French, strings.Repeat("1", 23) + "S", `unknown rank "11111111111111111111111" in "11111111111111111111111S"`},
	}
	for _, c := range cases {
		card, err := c.k.Parse(c.in)
		if err == nil {
			t.Errorf("%v.Parse(%q) = %s, want an error", c.k, c.in, c.k.Token(card))
			continue
		}
		if !strings.Contains(err.Error(), c.errPart) || len(err.Error()) > 160 {
			t.Errorf("%v.Parse(%.40q) error %.200q, want it to contain %q and be at most 160 bytes", c.k, c.in, err, c.errPart)
		}
	}
}

func TestShowToken(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", `""`},
		{"ZZ", `"ZZ"`},
		{strings.Repeat("x", 24), `"` + strings.Repeat("x", 24) + `"`},
		{strings.Repeat("x", 25), `"` + strings.Repeat("x", 24) + `"… (25 bytes)`},
		// Characters, not bytes: a glyph is never cut in half.
		{strings.Repeat("♥", 30), `"` + strings.Repeat("♥", 24) + `"… (90 bytes)`},
		// A byte of invalid UTF-8 is one character, shown as an escape.
		{strings.Repeat("\xff", 1000), `"` + strings.Repeat(`\xff`, 24) + `"… (1000 bytes)`},
		{"\ufeffSC", `"\ufeffSC"`},
	} {
		if got := showToken(c.in); got != c.want {
			t.Errorf("showToken(%.30q) = %s, want %s", c.in, got, c.want)
		}
	}
}

func TestDisplay(t *testing.T) {
	for _, c := range []struct {
		k     Kind
		card  Card
		color bool
		want  string
	}{
		{French, NewCard(1, 9), false, "TH"},
		{French, NewCard(1, 9), true, "\x1b[31mT♥\x1b[0m"},
		{French, NewCard(0, 0), true, "A♠"},
		{French, NewCard(3, 12), true, "K♣"},
		{French, NewCard(2, 11), true, "\x1b[31mQ♦\x1b[0m"},
		{Spanish, NewCard(0, 7), true, "\x1b[33mSO\x1b[0m"},
		{Spanish, NewCard(2, 7), false, "SE"},
		{Italian, NewCard(3, 9), true, "\x1b[32mRB\x1b[0m"},
		{Italian, NewCard(2, 7), true, "\x1b[34mFS\x1b[0m"},
	} {
		if got := c.k.Display(c.card, c.color); got != c.want {
			t.Errorf("%v.Display(%s, %v) = %q, want %q", c.k, c.k.Token(c.card), c.color, got, c.want)
		}
	}
}

// TestTokensAllocateNothing: Token slices the deck's table (each entry its
// rank letter then its suit letter, checked against RankToken and
// SuitToken), and Parse reads a canonical token without a copy.
func TestTokensAllocateNothing(t *testing.T) {
	for _, k := range []Kind{French, Spanish, Italian} {
		for _, c := range k.Canonical(1) {
			if got, want := k.Token(c), k.RankToken(c.Rank())+k.SuitToken(c.Suit()); got != want {
				t.Errorf("%v.Token(%#x) = %q, want %q", k, byte(c), got, want)
			}
			tok := k.Token(c)
			if n := testing.AllocsPerRun(10, func() {
				if got, err := k.Parse(tok); got != c || err != nil {
					t.Fatalf("%v.Parse(%q) = %v, %v", k, tok, got, err)
				}
				_ = k.Token(c)
			}); n != 0 {
				t.Errorf("%v: Token and Parse of %s allocate %v times", k, tok, n)
			}
		}
	}
}
