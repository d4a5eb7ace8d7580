package words

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 cards"}, {1, "1 card"}, {2, "2 cards"}, {52, "52 cards"}} {
		if got := Count(c.n, "card"); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
	if Noun(uint64(1), "deal") != "deal" || Noun(int64(3), "deal") != "deals" {
		t.Error("Noun")
	}
}

func TestList(t *testing.T) {
	for _, c := range []struct {
		ns   []int
		want string
	}{{nil, ""}, {[]int{5}, "5"}, {[]int{5, 9}, "5 or 9"}, {[]int{1, 2, 3, 4}, "1, 2, 3 or 4"}} {
		if got := List(c.ns, "or"); got != c.want {
			t.Errorf("List(%v) = %q, want %q", c.ns, got, c.want)
		}
	}
}

func TestUTF16(t *testing.T) {
	const msg = "the file is UTF-16 text (it starts with a UTF-16 byte-order mark): save it as UTF-8"
	if UTF16("\xff\xfe{\x00") != msg || UTF16([]byte("\xfe\xff\x00{")) != msg {
		t.Error("UTF-16 not seen")
	}
	if UTF16(BOM+"{}") != "" || UTF16("") != "" || UTF16([]byte{0xff}) != "" {
		t.Error("UTF-8 taken for UTF-16")
	}
}

// TestQuote: every byte that is no UTF-8 is escaped, and a long text is cut
// at max characters, a bad byte counting as one (not turned to U+FFFD).
func TestQuote(t *testing.T) {
	for _, c := range []struct {
		s    string
		max  int
		want string
	}{
		{"5O", 24, `"5O"`},
		{"\xdd\x1f8\xeb", 24, `"\xdd\x1f8\xeb"`},
		{"\xdd\x1f8\xeb\xdd", 4, `"\xdd\x1f8\xeb"… (5 bytes)`},
		{"ab♠cd", 3, `"ab♠"… (7 bytes)`},
	} {
		if got := Quote(c.s, c.max); got != c.want {
			t.Errorf("Quote(%q, %d) = %s, want %s", c.s, c.max, got, c.want)
		}
	}
}

// TestEscape: Quote's escapes and cut, without the quotes.
func TestEscape(t *testing.T) {
	for _, c := range []struct {
		s    string
		max  int
		want string
	}{
		{"waste", 24, `waste`},
		{"wa\xc3ste\x00", 24, `wa\xc3ste\x00`},
		{"\xdd\x1f8\xeb\xdd", 4, `\xdd\x1f8\xeb… (5 bytes)`},
	} {
		if got := Escape(c.s, c.max); got != c.want {
			t.Errorf("Escape(%q, %d) = %s, want %s", c.s, c.max, got, c.want)
		}
	}
}
