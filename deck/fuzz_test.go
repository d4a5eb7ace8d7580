package deck

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// maxErrorBytes bounds an error message: a token is quoted at most twice (a
// DealError's token, and an unknown rank, part of it), each at most 24
// characters, each escaped in at most 10 bytes (\U0010ffff).
const maxErrorBytes = 700

// spellings is every token spelling RULES.md accepts for k, upper-cased.
func spellings(k Kind) map[string]Card {
	glyphs := [][]string{{"♠", "♤"}, {"♥", "♡"}, {"♦", "♢"}, {"♣", "♧"}}
	out := map[string]Card{}
	for _, c := range k.Canonical(1) {
		ranks := []string{k.RankToken(c.Rank())}
		for alias, r := range kinds[k].aliases {
			if r == c.Rank() {
				ranks = append(ranks, alias)
			}
		}
		suits := []string{k.SuitToken(c.Suit())}
		if k == French {
			suits = append(suits, glyphs[c.Suit()]...)
		}
		for _, r := range ranks {
			for _, s := range suits {
				out[r+s] = c
			}
		}
	}
	return out
}

// FuzzParse: Parse never panics, and accepts exactly the spellings of
// RULES.md (in either ASCII case, surrounded by white space).
func FuzzParse(f *testing.F) {
	for _, s := range []string{"AS", "10h", "K♣", "q♡", "SO", "12c", "8D", "10b", "", "1", "8O", "♠", "A♠♠", "Aſ", "\xff", "10", " 7s\t",
		"\ufeffAS", strings.Repeat("♠", 9), strings.Repeat("\xff", 40) + "S"} {
		for k := range 3 {
			f.Add(s, uint8(k))
		}
	}
	known := [3]map[string]Card{spellings(French), spellings(Spanish), spellings(Italian)}
	f.Fuzz(func(t *testing.T, tok string, kind uint8) {
		k := Kind(kind % 3)
		c, err := k.Parse(tok)
		norm := upperASCII(strings.TrimSpace(tok))
		want, ok := known[k][norm]
		if err != nil {
			if ok {
				t.Fatalf("%v.Parse(%q) rejected an accepted spelling: %v", k, tok, err)
			}
			if strings.Contains(err.Error(), "\n") || len(err.Error()) > maxErrorBytes {
				t.Fatalf("multi-line or long error %q", err)
			}
			return
		}
		if !ok {
			t.Fatalf("%v.Parse(%q) = %s, but %q is not a spelling RULES.md accepts", k, tok, k.Token(c), norm)
		}
		if c != want || !k.Valid(c) {
			t.Fatalf("%v.Parse(%q) = %#x, want %s", k, tok, byte(c), k.Token(want))
		}
		if back, err := k.Parse(k.Token(c)); err != nil || back != c {
			t.Fatalf("canonical token %s of %q does not read back: %v", k.Token(c), tok, err)
		}
	})
}

// FuzzParseDeal: ParseDeal never panics; on success the deal is a permutation
// of the game's cards (each card exactly copies times); on failure the error
// is a one-line *DealError naming the file.
func FuzzParseDeal(f *testing.F) {
	f.Add([]byte(strings.Join(Spanish.TokenList(Deal(Spanish, 1, 1)), " ")), uint8(1), uint8(1))
	f.Add([]byte(strings.Join(Italian.TokenList(Deal(Italian, 1, 42)), ",")), uint8(2), uint8(1))
	f.Add([]byte("# c\r\n"+strings.Join(French.TokenList(Deal(French, 1, 0)), "\r\n")), uint8(0), uint8(1))
	f.Add([]byte(strings.Join(French.TokenList(Deal(French, 2, 1)), "\t")), uint8(0), uint8(2))
	f.Add([]byte("AS AS AS"), uint8(0), uint8(2))
	f.Add([]byte("10♠ SO 8D #x\n,,"), uint8(0), uint8(1))
	f.Add([]byte(""), uint8(1), uint8(1))
	f.Add([]byte("\ufeff"+strings.Join(Spanish.TokenList(Deal(Spanish, 1, 2)), "\r\n")), uint8(1), uint8(1))
	f.Add([]byte("\xff\xfeA\x00S\x00"), uint8(0), uint8(1))
	f.Add([]byte("1O "+strings.Repeat("\x85\xc2", 300)+"O"), uint8(1), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, kind, copies uint8) {
		k := Kind(kind % 3)
		n := int(copies%2) + 1
		d, err := ParseDeal(bytes.NewReader(data), "fz", k, n)
		if err != nil {
			var de *DealError
			if !errors.As(err, &de) || de.File != "fz" {
				t.Fatalf("error %T %v is not a *DealError for file fz", err, err)
			}
			if strings.Contains(err.Error(), "\n") || len(err.Error()) > maxErrorBytes {
				t.Fatalf("multi-line or long error %q", err)
			}
			if d != nil {
				t.Fatalf("deal returned with error")
			}
			return
		}
		if len(d) != n*k.Size() {
			t.Fatalf("accepted %d cards, want %d", len(d), n*k.Size())
		}
		count := make([]int, k.Size())
		for _, c := range d {
			if !k.Valid(c) {
				t.Fatalf("invalid card %#x accepted", byte(c))
			}
			count[k.Index(c)]++
		}
		for i, m := range count {
			if m != n {
				t.Fatalf("card %s appears %d times, want %d", k.Token(k.FromIndex(i)), m, n)
			}
		}
	})
}
