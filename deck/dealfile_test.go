package deck

import (
	"errors"
	"fmt"
	"maps"
	"strings"
	"testing"
)

// tokens of the reloj deal for seed 1 (RULES.md golden value), for building files.
func relojSeed1() []string { return Spanish.TokenList(Deal(Spanish, 1, 1)) }

func TestParseDealFormats(t *testing.T) {
	toks := relojSeed1()
	want := strings.Join(toks, " ")
	lower := make([]string, len(toks))
	for i, s := range toks {
		lower[i] = strings.ToLower(s)
	}
	numeric := strings.NewReplacer("SO", "10O", "CO", "11O", "RO", "12O", "SE", "10E", "CE", "11E").Replace(want)
	files := map[string]string{
		"spaces":           want,
		"one a line":       strings.Join(toks, "\n") + "\n",
		"commas":           strings.Join(toks, ","),
		"comma+space":      strings.Join(toks, ", "),
		"crlf":             "# reloj seed 1\r\n" + strings.Join(toks[:20], " ") + "\r\n" + strings.Join(toks[20:], " ") + "\r\n",
		"tabs":             "\t" + strings.Join(toks, "\t") + "\t\n",
		"comments":         "# a deal of reloj\n" + strings.Join(toks[:10], " ") + " # first ten, ZZ is not read\n#\n" + strings.Join(toks[10:], " ") + "#end",
		"lower":            strings.Join(lower, " "),
		"numeric":          numeric,
		"mixed":            "  ,," + strings.Join(toks[:5], ",,") + "\n\n\t ,\n" + strings.Join(toks[5:], " ,\t") + "\n\n",
		"no final newline": strings.Join(toks, "\n"),
		// A UTF-8 byte-order mark (Windows Notepad) is skipped at the start.
		"bom":         "\ufeff" + want,
		"bom crlf":    "\ufeff# reloj seed 1\r\n" + strings.Join(toks, "\r\n") + "\r\n",
		"bom newline": "\ufeff\n" + want,
		// Old Mac files end their lines with a lone CR: a comment ends there.
		"cr":        "# reloj seed 1\r" + strings.Join(toks[:20], " ") + "\r" + strings.Join(toks[20:], "\r") + "\r",
		"cr no end": "# reloj seed 1\r" + strings.Join(toks, "\r"),
	}
	for name, text := range files {
		d, err := ParseDeal(strings.NewReader(text), name, Spanish, 1)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got := strings.Join(Spanish.TokenList(d), " "); got != want {
			t.Errorf("%s: read %s, want %s", name, got, want)
		}
	}
}

func TestParseDealGlyphsAndTwoDecks(t *testing.T) {
	d := Deal(French, 2, 1)
	var b strings.Builder
	glyph := []string{"♠", "♥", "♦", "♣"}
	for i, c := range d {
		if i%2 == 0 { // every other card spelled with its glyph, 10 for T
			r := French.RankToken(c.Rank())
			if r == "T" {
				r = "10"
			}
			b.WriteString(r + glyph[c.Suit()] + " ")
		} else {
			b.WriteString(French.Token(c) + "\n")
		}
	}
	got, err := ParseDeal(strings.NewReader(b.String()), "v.txt", French, 2)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(French.TokenList(got), " ") != strings.Join(French.TokenList(d), " ") {
		t.Error("glyph spellings did not read back as the deal")
	}
}

func TestParseDealErrors(t *testing.T) {
	reloj := relojSeed1()
	join := func(ts ...[]string) string {
		var all []string
		for _, t := range ts {
			all = append(all, t...)
		}
		return strings.Join(all, " ")
	}
	vent := French.TokenList(Deal(French, 2, 1))
	cases := []struct {
		name   string
		k      Kind
		copies int
		text   string
		line   int
		token  string
		msg    string // part of the message
		full   string // whole Error() text, when given
	}{
		{name: "unknown card", k: Spanish, copies: 1,
			text: join(reloj[:12]) + "\n# comment\n" + "ZZ " + join(reloj[12:]),
			line: 3, token: "ZZ", msg: "unknown card",
			full: `f.txt:3: token 1 "ZZ": unknown card: unknown suit "Z" for the spanish deck (suits OCEB)`},
		{name: "deal --json output", k: Spanish, copies: 1,
			text: `{"game":"reloj","seed":1,"deal":["` + strings.Join(reloj, `","`) + `"]}` + "\n",
			line: 1, msg: "this is JSON, not a deal file",
			full: `f.txt:1: this is JSON, not a deal file (the output of deal --json?): write its tokens out, e.g. jq -r '.deal | join(" ")'`},
		{name: "8O in Spanish", k: Spanish, copies: 1, text: "8O " + join(reloj),
			line: 1, token: "8O", msg: `unknown card: unknown rank "8"`},
		{name: "1 in French", k: French, copies: 1, text: "AS\n1\n",
			line: 2, token: "1", msg: "unknown card"},
		{name: "one character", k: Spanish, copies: 1, text: "1O, C 2O",
			line: 1, token: "C", full: `f.txt:1: token 2 "C": unknown card: too short for a card (a card is its rank then its suit, as 1O)`},
		{name: "spanish token in french game", k: French, copies: 1, text: "AS 2S\r\n3S SO\r\n",
			line: 2, token: "SO", msg: "wrong deck: a card of the spanish deck, the game uses the french deck"},
		{name: "italian token in spanish game", k: Spanish, copies: 1, text: "1O FD",
			line: 1, token: "FD", msg: "wrong deck: a card of the italian deck"},
		{name: "french token in spanish game", k: Spanish, copies: 1, text: "1O\n\nKS",
			line: 3, token: "KS", msg: "wrong deck: a card of the french deck"},
		{name: "1C in french game is spanish or italian", k: French, copies: 1, text: "1C",
			line: 1, token: "1C", msg: "a card of the spanish or italian deck"},
		{name: "duplicate", k: Spanish, copies: 1, text: "6E CE\n7O 6e\n",
			line: 2, token: "6e", msg: "duplicate card: 6E is already token 1 on line 1",
			full: `f.txt:2: token 2 "6e": duplicate card: 6E is already token 1 on line 1`},
		{name: "duplicate by alias", k: Italian, copies: 1, text: "FD\n8D",
			line: 2, token: "8D", msg: "duplicate card: FD is already token 1 on line 1"},
		{name: "ventaglio third copy", k: French, copies: 2, text: "KS\nQS KS\nKS",
			line: 3, token: "KS", msg: "duplicate card: KS is already there twice (token 1 on line 1, token 2 on line 2), as many as two french decks hold"},
		{name: "ventaglio third copy on one line", k: French, copies: 2, text: "QS KS KS\nKS",
			line: 2, token: "KS", msg: "duplicate card: KS is already there twice (tokens 2, 3 on line 1), as many as two french decks hold",
			full: `f.txt:2: token 1 "KS": duplicate card: KS is already there twice (tokens 2, 3 on line 1), as many as two french decks hold`},
		{name: "too many", k: Spanish, copies: 1, text: join(reloj) + "\n1O\n",
			line: 2, token: "1O", msg: "wrong count: too many cards, the deal has 40 (the spanish deck)"},
		{name: "too many ventaglio", k: French, copies: 2, text: join(vent) + " AS",
			line: 1, token: "AS", msg: "wrong count: too many cards, the deal has 104 (two french decks)"},
		{name: "missing cards", k: Spanish, copies: 1, text: join(reloj[:38]),
			msg:  "wrong count: 38 cards, the deal needs 40 (the spanish deck); missing cards: ",
			full: `f.txt: wrong count: 38 cards, the deal needs 40 (the spanish deck); missing cards: ` + missingOf(Spanish, reloj[38:])},
		{name: "missing many", k: French, copies: 2, text: join(vent[:50]),
			msg: "wrong count: 50 cards, the deal needs 104 (two french decks); missing cards: AS"},
		{name: "missing in ventaglio second copy", k: French, copies: 2, text: join(vent[:103]),
			msg: "missing card: 7S"},
		{name: "empty file", k: Italian, copies: 1, text: "",
			msg: "wrong count: no cards, the deal needs 40 (the italian deck)", full: "f.txt: wrong count: no cards, the deal needs 40 (the italian deck)"},
		{name: "only comments", k: Italian, copies: 1, text: "# nothing\n  \n#AS\n",
			msg: "wrong count: no cards"},
		{name: "bom not at the start", k: Spanish, copies: 1, text: "1O \ufeffSC",
			line: 1, token: "\ufeffSC", full: `f.txt:1: token 2 "\ufeffSC": unknown card: unknown rank "\ufeffS" for the spanish deck (ranks 1234567SCR)`},
		{name: "bom on line 2", k: Spanish, copies: 1, text: "1O\n\ufeffSC",
			line: 2, token: "\ufeffSC", msg: "unknown card"},
		{name: "two boms", k: Spanish, copies: 1, text: "\ufeff\ufeffSC",
			line: 1, token: "\ufeffSC", msg: "unknown card"},
		{name: "only a bom", k: Spanish, copies: 1, text: "\ufeff",
			msg: "wrong count: no cards"},
		{name: "utf-16 le", k: Spanish, copies: 1, text: "\xff\xfe1\x00O\x00 \x002\x00O\x00",
			line: 1, full: "f.txt:1: the file is UTF-16 text (it starts with a UTF-16 byte-order mark): save it as UTF-8"},
		{name: "utf-16 be", k: Spanish, copies: 1, text: "\xfe\xff\x001\x00O",
			line: 1, msg: "UTF-16"},
		{name: "line too long", k: Italian, copies: 1, text: "1D " + strings.Repeat(" ", 2<<20),
			line: 1, msg: "line too long: over 1 MiB, the most a deal file holds"},
		{name: "file too large", k: Italian, copies: 1, text: strings.Repeat("# padding padding\n", 70000),
			msg: "file too large"},
	}
	for _, c := range cases {
		_, err := ParseDeal(strings.NewReader(c.text), "f.txt", c.k, c.copies)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		var de *DealError
		if !errors.As(err, &de) {
			t.Errorf("%s: error %T, want *DealError", c.name, err)
			continue
		}
		if de.File != "f.txt" || (c.line != 0 && de.Line != c.line) || de.Token != c.token || !strings.Contains(de.Msg, c.msg) {
			t.Errorf("%s: got file %q line %d token %q msg %q; want line %d token %q msg containing %q",
				c.name, de.File, de.Line, de.Token, de.Msg, c.line, c.token, c.msg)
		}
		if c.full != "" && err.Error() != c.full {
			t.Errorf("%s: Error() = %q\n want %q", c.name, err.Error(), c.full)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error spans lines: %q", c.name, err.Error())
		}
	}
}

// TestParseDealJunkToken: a token of junk is quoted once and cut to 24
// characters, so the error stays one short line (it used to be the whole
// token, twice: 1.8 MB for a 900 KB token).
func TestParseDealJunkToken(t *testing.T) {
	big := strings.Repeat("A", 900000)
	bin := make([]byte, 4096)
	r := NewSplitMix64(7)
	for i := range bin {
		// One token: no separator, no comment. 0xc2, 0xe1..0xe3 lead the
		// UTF-8 of every non-ASCII space (U+0085, U+00A0, U+1680, U+2000..,
		// U+3000).
		switch b := byte(r.Next()); {
		case b <= ' ', b == ',', b == '#', b == 0xc2, b >= 0xe1 && b <= 0xe3:
			bin[i] = 0xff
		default:
			bin[i] = b
		}
	}
	for _, c := range []struct {
		name, text, token, full string
	}{
		{"900 KB of A", big, big,
			`f.txt:1: token 1 "AAAAAAAAAAAAAAAAAAAAAAAA"… (900000 bytes): unknown card: too long for a card`},
		{"after a card, on line 2", "1O\n" + big + "S 2O", big + "S",
			`f.txt:2: token 1 "AAAAAAAAAAAAAAAAAAAAAAAA"… (900001 bytes): unknown card: too long for a card`},
		{"binary", string(bin), string(bin), ""},
	} {
		_, err := ParseDeal(strings.NewReader(c.text), "f.txt", Spanish, 1)
		var de *DealError
		if !errors.As(err, &de) {
			t.Fatalf("%s: error %T %.200v, want a *DealError", c.name, err, err)
		}
		if de.Token != c.token {
			t.Errorf("%s: Token is %d bytes %.30q, want the token as written (%d bytes)", c.name, len(de.Token), de.Token, len(c.token))
		}
		msg := err.Error()
		if c.full != "" && msg != c.full {
			t.Errorf("%s: Error() = %.300q\n want %q", c.name, msg, c.full)
		}
		if len(msg) > 200 || strings.Contains(msg, "\n") || strings.Count(msg, showToken(c.token)[:10]) != 1 {
			t.Errorf("%s: Error() is %d bytes, want one line under 200 quoting the token once: %.300q", c.name, len(msg), msg)
		}
		if !strings.Contains(msg, fmt.Sprintf("… (%d bytes): unknown card: too long for a card", len(c.token))) {
			t.Errorf("%s: Error() = %.300q, want the token cut, its size and why", c.name, msg)
		}
	}
}

// missingOf lists tokens in canonical order, as ParseDeal reports them.
func missingOf(k Kind, toks []string) string {
	in := map[string]bool{}
	for _, s := range toks {
		in[s] = true
	}
	var out []string
	for _, c := range k.Canonical(1) {
		if in[k.Token(c)] {
			out = append(out, k.Token(c))
		}
	}
	return strings.Join(out, " ")
}

func TestDealErrorFormat(t *testing.T) {
	for _, c := range []struct {
		e    DealError
		want string
	}{
		{DealError{File: "d.txt", Line: 4, Token: "XX", Msg: "unknown card"}, `d.txt:4: token "XX": unknown card`},
		{DealError{File: "d.txt", Line: 4, Msg: "line too long"}, `d.txt:4: line too long`},
		{DealError{File: "-", Msg: "wrong count"}, `-: wrong count`},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("Error() = %q, want %q", got, c.want)
		}
	}
}

// errReader fails after its text.
type errReader struct{ text string }

func (r *errReader) Read(p []byte) (int, error) {
	if r.text == "" {
		return 0, errors.New("disk on fire")
	}
	n := copy(p, r.text)
	r.text = r.text[n:]
	return n, nil
}

func TestParseDealReadError(t *testing.T) {
	_, err := ParseDeal(&errReader{"1O 2O\n"}, "f.txt", Spanish, 1)
	if err == nil || err.Error() != "f.txt: read error: disk on fire" {
		t.Errorf("error %v, want the read error", err)
	}
}

// A deal given as tokens (a solution's "deal") is checked and worded as a
// deal file is, with the token's index for the line.
func TestDealTokens(t *testing.T) {
	reloj := relojSeed1()
	got, err := DealTokens(reloj, "s.json", "deal token", Spanish, 1)
	if err != nil || Spanish.TokenList(got)[5] != reloj[5] {
		t.Fatalf("DealTokens(seed 1) = %v, %v", got, err)
	}
	dup := append([]string{}, reloj...)
	dup[4] = reloj[0]
	for _, c := range []struct {
		toks []string
		want string
	}{
		{dup, `s.json: deal token 5 "6E": duplicate card: 6E is already deal token 1`},
		{append(append([]string{}, reloj[:3]...), "ZZ"), `s.json: deal token 4 "ZZ": unknown card: unknown suit "Z" for the spanish deck (suits OCEB)`},
		{reloj[:39], `s.json: wrong count: 39 cards, the deal needs 40 (the spanish deck); missing card: ` + reloj[39]},
		{append(append([]string{}, reloj...), "1O"), `s.json: deal token 41 "1O": wrong count: too many cards, the deal has 40 (the spanish deck)`},
	} {
		if _, err := DealTokens(c.toks, "s.json", "deal token", Spanish, 1); err == nil || err.Error() != c.want {
			t.Errorf("DealTokens error\n %v\nwant\n %s", err, c.want)
		}
	}
	two := French.TokenList(Deal(French, 2, 1))
	two[7] = "KS"
	two[9] = "KS"
	_, err = DealTokens(two, "v.json", "deal token", French, 2)
	if err == nil || !strings.Contains(err.Error(), "already there twice (deal tokens ") {
		t.Errorf("third KS: %v", err)
	}
}

// TestLooksLikeDeal: a deal file of any deck, its comments and a
// byte-order mark skipped, reads as one; JSON and prose do not.
func TestLooksLikeDeal(t *testing.T) {
	for text, want := range map[string]bool{
		"6E CE 7O 4E SB 1E\n":              true,
		"# seed 1\n\ufeffAS,2H\n3C 4D":     false, // a BOM not at the start: token "\ufeffAS"
		"\ufeff# seed 1\nAS,2H\n3C 4D\n":   true,
		"# fante di denari\nFD 1C 2S 3B\n": true,
		"10♠ 2♥":                           true,
		"AS 1O":                            false, // two decks
		`{"game":"reloj","deal":["6E"]}`:   false,
		"hello world":                      false,
		"":                                 false,
		"# only a comment\n":               false,
	} {
		if got := LooksLikeDeal([]byte(text)); got != want {
			t.Errorf("LooksLikeDeal(%q) = %t, want %t", text, got, want)
		}
	}
}

// TestParseDealLineEnds: a bad token on line 31 is said to be on line 31
// whatever the files' line ends: LF, CRLF or a lone CR (old Mac), or a mix.
func TestParseDealLineEnds(t *testing.T) {
	toks := relojSeed1()
	toks[29] = "ZZ" // line 31, after the comment line
	for _, ends := range [][]string{{"\n"}, {"\r\n"}, {"\r"}, {"\r", "\n", "\r\n"}} {
		var b strings.Builder
		b.WriteString("# reloj seed 1" + ends[0])
		for i, tok := range toks {
			b.WriteString(tok + ends[(i+1)%len(ends)])
		}
		_, err := ParseDeal(strings.NewReader(b.String()), "cr.deal", Spanish, 1)
		if err == nil || !strings.HasPrefix(err.Error(), `cr.deal:31: token 1 "ZZ":`) {
			t.Errorf("line ends %q: %v, want cr.deal:31: token 1 ZZ", ends, err)
		}
	}
	got := map[int]string{}
	for no, l := range DealLines([]byte("a\rb\r\nc\n\rd\r")) {
		got[no] = l
	}
	if want := map[int]string{1: "a", 2: "b", 3: "c", 4: "", 5: "d"}; !maps.Equal(got, want) {
		t.Errorf("DealLines: %v, want %v", got, want)
	}
}

// TestParseDealSizeBound: a file of exactly MaxDealBytes is read whether it
// ends in a newline, a CRLF or neither; one byte more is refused, "over 1 MiB"
// being true. The padding is a comment, so the deal is the same.
func TestParseDealSizeBound(t *testing.T) {
	deal := strings.Join(relojSeed1(), " ") + "\n#"
	for _, end := range []string{"", "\n", "\r\n", "\r"} {
		for _, extra := range []int{0, 1} {
			text := deal + strings.Repeat("x", MaxDealBytes+extra-len(deal)-len(end)) + end
			_, err := ParseDeal(strings.NewReader(text), "f.txt", Spanish, 1)
			if extra == 0 && err != nil {
				t.Errorf("%d bytes ending %q: %v, want it read", len(text), end, err)
			}
			if extra == 1 && (err == nil || !strings.Contains(err.Error(), "file too large for a deal (over 1 MiB)")) {
				t.Errorf("%d bytes ending %q: %v, want too large", len(text), end, err)
			}
		}
	}
}
