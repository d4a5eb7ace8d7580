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
