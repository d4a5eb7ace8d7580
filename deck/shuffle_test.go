package deck

import (
	"bufio"
	"math/big"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// RULES.md: "seed 0 gives 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f".
func TestSplitMix64Golden(t *testing.T) {
	g := NewSplitMix64(0)
	for i, want := range []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f} {
		if got := g.Next(); got != want {
			t.Fatalf("seed 0 output %d = %#016x, want %#016x", i, got, want)
		}
	}
}

// refUniform is Lemire's bounded integer written from RULES.md with math/big,
// independent of bits.Mul64 and of the `-n % n` trick: m = x*n as an exact
// integer, low = m mod 2^64, high = m / 2^64; t = (2^64 - n) mod n. It returns
// the value and how many draws were rejected.
func refUniform(g *SplitMix64, n uint64) (uint64, int) {
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	bn := new(big.Int).SetUint64(n)
	draw := func() (hi, lo *big.Int) {
		m := new(big.Int).Mul(new(big.Int).SetUint64(g.Next()), bn)
		hi, lo = new(big.Int).DivMod(m, two64, new(big.Int))
		return hi, lo
	}
	hi, lo := draw()
	rejected := 0
	if lo.Cmp(bn) < 0 {
		t := new(big.Int).Mod(new(big.Int).Sub(two64, bn), bn)
		for lo.Cmp(t) < 0 {
			rejected++
			hi, lo = draw()
		}
	}
	return hi.Uint64(), rejected
}

func TestLemireThreshold(t *testing.T) {
	// t = (2^64 - n) mod n, values computed independently (Python big integers).
	for _, c := range []struct{ n, t uint64 }{
		{1, 0}, {2, 0}, {3, 1}, {10, 6}, {40, 16}, {52, 16}, {104, 16},
		{1<<32 + 1, 1}, {1<<63 + 1, 1<<63 - 1}, {1<<64 - 1, 1},
	} {
		if got := -c.n % c.n; got != c.t {
			t.Errorf("(2^64-%d) mod %d: the code's -n%%n gives %d, want %d", c.n, c.n, got, c.t)
		}
		two64 := new(big.Int).Lsh(big.NewInt(1), 64)
		bn := new(big.Int).SetUint64(c.n)
		if got := new(big.Int).Mod(new(big.Int).Sub(two64, bn), bn).Uint64(); got != c.t {
			t.Errorf("big reference t(%d) = %d, want %d", c.n, got, c.t)
		}
	}
}

// Uniform must match the big-integer reference draw for draw, including the
// rejection path. With n = 2^63+1 about half of all draws are rejected, so the
// redraw loop runs many times here.
func TestUniformMatchesReference(t *testing.T) {
	ns := []uint64{1, 2, 3, 7, 10, 40, 52, 104, 1<<32 + 1, 1<<63 + 1, 1<<64 - 1, 0xFFFF_FFFF_0000_0001}
	for _, n := range ns {
		rejections := 0
		for seed := uint64(0); seed < 50; seed++ {
			g, ref := NewSplitMix64(seed), NewSplitMix64(seed)
			for i := range 40 {
				got := g.Uniform(n)
				want, rej := refUniform(&ref, n)
				rejections += rej
				if got != want {
					t.Fatalf("n=%d seed=%d draw %d: Uniform = %d, reference %d", n, seed, i, got, want)
				}
				if got >= n {
					t.Fatalf("n=%d: Uniform returned %d, not below n", n, got)
				}
			}
			if g != ref {
				t.Fatalf("n=%d seed=%d: generator state differs after the draws (%v vs %v): redraw count differs", n, seed, g, ref)
			}
		}
		if n == 1<<63+1 && rejections < 500 {
			t.Errorf("n=2^63+1: only %d rejections in 2000 draws; the rejection path was not exercised", rejections)
		}
	}
}

// Every permutation of 4 cards should come out of the shuffle about equally
// often over many seeds (a fixed seed range: deterministic, cannot flake).
func TestShuffleCoversPermutations(t *testing.T) {
	counts := map[[4]Card]int{}
	const seeds = 24000
	for s := range uint64(seeds) {
		d := []Card{0, 1, 2, 3}
		Shuffle(d, s)
		counts[[4]Card(d)]++
	}
	if len(counts) != 24 {
		t.Fatalf("%d distinct permutations of 4 cards, want 24", len(counts))
	}
	for p, n := range counts {
		if n < 800 || n > 1200 {
			t.Errorf("permutation %v drawn %d times in %d, want about 1000", p, n, seeds)
		}
	}
}

// The golden prefixes of RULES.md ("Golden values").
func TestRulesGoldenDeals(t *testing.T) {
	cases := []struct {
		name        string
		k           Kind
		copies      int
		seed        uint64
		start, end  string
		wantLen     int
		checkSuffix bool
	}{
		{"ventaglio", French, 2, 1, "8C 7D 9D AD TS 9S 5D 8S 3H KS KH 3C 2D KD QS QC QH", "QH 7S", 104, true},
		{"reloj", Spanish, 1, 1, "6E CE 7O 4E SB 1E 4C 4O SE 6O 1C 2E", "RE 3E", 40, true},
		{"sietes", Spanish, 1, 1, "6E CE 7O 4E SB 1E 4C 4O SE 6O 1C 2E", "RE 3E", 40, true},
		{"orologio", Italian, 1, 42, "2S 1S RB 1D 6C 4D CD 5S RD 7B 4B 3S", "", 40, false},
		{"orologio52", French, 1, 1, "9C 7C QD 4C AS 8D QC JD 6S 5D 7H JS", "", 52, false},
	}
	for _, c := range cases {
		got := c.k.TokenList(Deal(c.k, c.copies, c.seed))
		if len(got) != c.wantLen {
			t.Fatalf("%s seed %d: %d cards, want %d", c.name, c.seed, len(got), c.wantLen)
		}
		start := strings.Fields(c.start)
		if g := strings.Join(got[:len(start)], " "); g != c.start {
			t.Errorf("%s seed %d starts %s, want %s", c.name, c.seed, g, c.start)
		}
		if c.checkSuffix {
			end := strings.Fields(c.end)
			if g := strings.Join(got[len(got)-len(end):], " "); g != c.end {
				t.Errorf("%s seed %d ends %s, want %s", c.name, c.seed, g, c.end)
			}
		}
	}
}

// goldenDecks maps the games of testdata/deals.golden to their decks.
func goldenDecks() map[string]struct {
	k      Kind
	copies int
} {
	return map[string]struct {
		k      Kind
		copies int
	}{
		"ventaglio": {French, 2}, "reloj": {Spanish, 1}, "sietes": {Spanish, 1},
		"orologio": {Italian, 1}, "orologio52": {French, 1},
	}
}

// TestPinnedDeals checks every game at seeds 0, 1, 42 and 2^64-1 against the
// pinned file: these deals must never change.
func TestPinnedDeals(t *testing.T) {
	f, err := os.Open("testdata/deals.golden")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	goldenDeck := goldenDecks()
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Fields(line)
		d, ok := goldenDeck[fields[0]]
		if !ok {
			t.Fatalf("golden line for unknown game %q", fields[0])
		}
		seed, err := strconv.ParseUint(fields[1], 10, 64)
		if err != nil {
			t.Fatalf("golden line %q: %v", line[:20], err)
		}
		want := fields[2:]
		if len(want) != d.copies*d.k.Size() {
			t.Fatalf("%s seed %d: golden has %d cards, want %d", fields[0], seed, len(want), d.copies*d.k.Size())
		}
		got := d.k.TokenList(Deal(d.k, d.copies, seed))
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%s seed %d: card %d is %s, pinned %s (the shuffle changed: deal numbers must stay stable)", fields[0], seed, i, got[i], want[i])
			}
		}
		// The pinned deal reads back as a deal file of the same cards.
		parsed, err := ParseDeal(strings.NewReader(strings.Join(want, " ")), "golden", d.k, d.copies)
		if err != nil {
			t.Fatalf("%s seed %d: pinned deal is not a deck: %v", fields[0], seed, err)
		}
		if p := strings.Join(d.k.TokenList(parsed), " "); p != strings.Join(want, " ") {
			t.Fatalf("%s seed %d: pinned deal reads back as %s", fields[0], seed, p)
		}
		seen[fields[0]+" "+fields[1]] = true
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for g := range goldenDeck {
		for _, s := range []string{"0", "1", "42", "18446744073709551615"} {
			if !seen[g+" "+s] {
				t.Errorf("testdata/deals.golden lacks %s seed %s", g, s)
			}
		}
	}
}

func TestDealIsPermutation(t *testing.T) {
	for _, k := range []Kind{French, Spanish, Italian} {
		for copies := 1; copies <= 2; copies++ {
			for seed := range uint64(200) {
				d := Deal(k, copies, seed)
				count := make([]int, k.Size())
				for _, c := range d {
					if !k.Valid(c) {
						t.Fatalf("%s seed %d: invalid card %#x", k, seed, c)
					}
					count[k.Index(c)]++
				}
				for i, n := range count {
					if n != copies {
						t.Fatalf("%s x%d seed %d: card %s appears %d times", k, copies, seed, k.Token(k.FromIndex(i)), n)
					}
				}
			}
		}
	}
}

func BenchmarkDeal(b *testing.B) {
	b.ReportAllocs()
	d := French.Canonical(2)
	for i := range b.N {
		Shuffle(d, uint64(i))
	}
}

// TestDealInto: DealInto deals what Deal deals, into dst's array when it
// holds the deal (without an allocation) and into a new one when not.
func TestDealInto(t *testing.T) {
	var buf []Card
	for _, k := range []Kind{French, Spanish, Italian} {
		for copies := 1; copies <= 2; copies++ {
			for seed := uint64(0); seed < 20; seed++ {
				got := DealInto(buf, k, copies, seed)
				if want := Deal(k, copies, seed); !slices.Equal(got, want) {
					t.Fatalf("%v x%d seed %d: DealInto %v, Deal %v", k, copies, seed, got, want)
				}
				if cap(buf) >= len(got) && &got[0] != &buf[:1][0] {
					t.Fatalf("%v x%d seed %d: a new array where the buffer held the deal", k, copies, seed)
				}
				buf = got
			}
		}
	}
	if n := testing.AllocsPerRun(10, func() { buf = DealInto(buf, Italian, 1, 7) }); n != 0 {
		t.Errorf("DealInto into a buffer that holds the deal allocates %v times", n)
	}
}
