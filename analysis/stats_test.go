package analysis

import (
	"math"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

func TestWilson(t *testing.T) {
	// Reference values: x = 0 and x = n have the closed forms
	// [0, z²/(n+z²)] and [n/(n+z²), 1]; x = n/2 is symmetric about 1/2;
	// the others were computed from the score-interval formula by hand
	// (center (p+z²/2n)/(1+z²/n), half-width z/(1+z²/n)·sqrt(p(1-p)/n+z²/4n²)).
	z2 := Z95 * Z95
	cases := []struct {
		x, n      int
		low, high float64
	}{
		{0, 10, 0, z2 / (10 + z2)},
		{10, 10, 10 / (10 + z2), 1},
		{0, 10, 0, 0.2775327999},
		{5, 10, 0.2365930905, 0.7634069095},
		{50, 100, 0.4038315304, 0.5961684696},
		{1, 3, 0.0614919447, 0.7923403992},
		{81, 263, 0.2552885199, 0.3662095770},
		{0, 1, 0, 0.7934506856},
		{0, 0, 0, 1},
	}
	for _, c := range cases {
		low, high := Wilson(c.x, c.n, Z95)
		if math.Abs(low-c.low) > 1e-9 || math.Abs(high-c.high) > 1e-9 {
			t.Errorf("Wilson(%d, %d) = [%.10f, %.10f], want [%.10f, %.10f]", c.x, c.n, low, high, c.low, c.high)
		}
	}
	// Symmetry: x successes and n-x failures mirror each other.
	for n := 1; n < 40; n++ {
		for x := 0; x <= n; x++ {
			l1, h1 := Wilson(x, n, Z95)
			l2, h2 := Wilson(n-x, n, Z95)
			if math.Abs(l1-(1-h2)) > 1e-12 || math.Abs(h1-(1-l2)) > 1e-12 {
				t.Fatalf("Wilson(%d,%d) = [%g,%g] does not mirror Wilson(%d,%d) = [%g,%g]", x, n, l1, h1, n-x, n, l2, h2)
			}
			p := float64(x) / float64(n)
			if l1 > p || h1 < p || l1 < 0 || h1 > 1 {
				t.Fatalf("Wilson(%d,%d) = [%g,%g] does not hold p = %g in [0,1]", x, n, l1, h1, p)
			}
		}
	}
}

func TestPercentile(t *testing.T) {
	hundred := make([]int64, 100)
	for i := range hundred {
		hundred[i] = int64(i + 1)
	}
	ten := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	four := ten[:4]
	twenty := make([]float64, 20)
	for i := range twenty {
		twenty[i] = float64(i + 1)
	}
	cases := []struct {
		name string
		got  float64
		want float64
	}{
		{"1..100 p50", float64(Percentile(hundred, 50)), 50},
		{"1..100 p90", float64(Percentile(hundred, 90)), 90},
		{"1..100 p99", float64(Percentile(hundred, 99)), 99},
		{"1..100 p100", float64(Percentile(hundred, 100)), 100},
		{"1..10 p50", Percentile(ten, 50), 5},
		{"1..10 p90", Percentile(ten, 90), 9},  // rank ceil(9) = 9
		{"1..10 p99", Percentile(ten, 99), 10}, // rank ceil(9.9) = 10
		{"1..10 p1", Percentile(ten, 1), 1},    // rank ceil(0.1) = 1
		{"1..10 p15", Percentile(ten, 15), 2},  // rank ceil(1.5) = 2
		{"one p50", Percentile([]float64{7}, 50), 7},
		{"empty", Percentile([]float64{}, 50), 0},
		{"1..4 p50", Percentile(four, 50), 2},
		{"1..4 p75", Percentile(four, 75), 3},
		{"1..4 p76", Percentile(four, 76), 4},
		{"1..20 p95", Percentile(twenty, 95), 19},
		{"1..20 p96", Percentile(twenty, 96), 20},
		{"1..20 p5", Percentile(twenty, 5), 1},
		{"1..20 p0.1", Percentile(twenty, 0.1), 1},
		{"1..100 p95", float64(Percentile(hundred, 95)), 95},
		// 7/100*100 is 7.000000000000001 in floating point: rank 7, not 8.
		{"1..100 p7", float64(Percentile(hundred, 7)), 7},
		{"1..100 p57", float64(Percentile(hundred, 57)), 57},
		// Just over 10% of ten values is two of them, not one.
		{"1..10 p10.000000001", Percentile(ten, 10.000000001), 2},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s = %g, want %g", c.name, c.got, c.want)
		}
	}
}

func TestSummarize(t *testing.T) {
	recs := []Record{
		{Seed: 1, Result: Winnable, Nodes: 10, MS: 1, Moves: 30},
		{Seed: 2, Result: Unwinnable, Nodes: 40, MS: 4},
		{Seed: 3, Result: Unknown, Reason: "max-nodes", Nodes: 100, MS: 10},
		{Seed: 4, Result: Winnable, Nodes: 20, MS: 2, Moves: 50},
		{Seed: 5, Result: Unwinnable, Nodes: 30, MS: 3},
	}
	s := Summarize(recs)
	if s.Deals != 5 || s.Decided != 4 || s.Winnable != 2 || s.Unwinnable != 2 || s.Unknown != 1 {
		t.Fatalf("counts %+v", s)
	}
	if s.UnknownBy["max-nodes"] != 1 || len(s.UnknownBy) != 1 {
		t.Errorf("UnknownBy %v", s.UnknownBy)
	}
	if s.WinRate != 0.5 {
		t.Errorf("WinRate %g, want 0.5", s.WinRate)
	}
	wl, _ := Wilson(2, 5, Z95)
	_, wh := Wilson(3, 5, Z95)
	if s.WinLow != wl || s.WinHigh != wh {
		t.Errorf("interval [%g,%g], want [%g,%g]", s.WinLow, s.WinHigh, wl, wh)
	}
	// Nodes sorted: 10 20 30 40 100; p50 = rank 3, p90 = rank 5.
	if s.Nodes != (Quantiles[int64]{30, 100, 100, 100}) {
		t.Errorf("nodes %+v", s.Nodes)
	}
	if s.MS.P50 != 3 || s.MS.Max != 10 || s.TotalMS != 20 || s.TotalNodes != 200 {
		t.Errorf("ms %+v total %g nodes %d", s.MS, s.TotalMS, s.TotalNodes)
	}
	if s.Moves != (Quantiles[int64]{30, 50, 50, 50}) {
		t.Errorf("moves %+v", s.Moves)
	}
	if Summarize(nil).Deals != 0 || Summarize(nil).WinHigh != 1 {
		t.Errorf("empty summary %+v", Summarize(nil))
	}
}

// A win rate over no decided deal is not a figure: the text says n/a, not
// 0.000%.
func TestTextNoDecided(t *testing.T) {
	s := Summarize([]Record{{Seed: 1, Result: Unknown, Reason: "max-nodes", Nodes: 5, MS: 1}})
	text := s.Text()
	if !strings.Contains(text, "win rate    n/a (no deal decided); 95% Wilson interval 0.000% .. 100.000%") {
		t.Errorf("text:\n%s", text)
	}
	if strings.Contains(Summarize([]Record{{Seed: 1, Result: Unwinnable}}).Text(), "n/a") {
		t.Error("n/a with a decided deal")
	}
}

// TestTallyHoldsFiguresOnly: a run's summary holds of each deal its figures,
// not its record (112 bytes and more: a new user's run of 2.3 million clock
// deals held 1 GB), and a Tally's summary is Summarize's of the same records,
// also when records are added after a summary.
func TestTallyHoldsFiguresOnly(t *testing.T) {
	const n = 100_000
	records := make([]Record, n)
	for i := range records {
		r := Record{Seed: uint64(i), Result: Unwinnable, Nodes: int64(i % 977), MS: float64(i%313) / 7}
		switch i % 4 {
		case 0, 1:
			r.Result, r.Moves = Winnable, 100+i%401
		case 2:
			r.Result, r.Reason = Unknown, "max-nodes"
		}
		records[i] = r
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var tally Tally
	tally.Grow(n)
	for _, r := range records[:n/2] {
		tally.Add(r)
	}
	half := tally.Summary()
	for _, r := range records[n/2:] {
		tally.Add(r)
	}
	got := tally.Summary()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(&tally)
	// Live: 16 bytes a deal pre-grown, and a won deal's moves grown by
	// append (8 bytes each, up to a quarter more room): about 21 bytes a
	// deal here, where the records take 112.
	if b := int64(after.HeapAlloc) - int64(before.HeapAlloc); b > 32*n {
		t.Errorf("the tally of %d deals holds %d bytes (%.1f a deal), want at most 32 a deal", n, b, float64(b)/n)
	}
	if want := Summarize(records); !reflect.DeepEqual(got, want) {
		t.Errorf("tally's summary\n%+v\nwant Summarize's\n%+v", got, want)
	}
	if want := Summarize(records[:n/2]); !reflect.DeepEqual(half, want) {
		t.Errorf("tally's summary halfway\n%+v\nwant\n%+v", half, want)
	}
	if got.Deals != n || got.Winnable != n/2 || got.Unknown != n/4 || got.UnknownBy["max-nodes"] != n/4 {
		t.Errorf("counts %+v", got)
	}
}
