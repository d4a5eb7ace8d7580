package analysis

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"
	"time"
)

// Z95 is the two-sided 95% normal quantile used by the Wilson interval.
const Z95 = 1.959963984540054

// Wilson is the Wilson score interval for x successes in n trials at normal
// quantile z: the bounds of p that a two-sided score test at that level does
// not reject. n = 0 gives [0, 1].
func Wilson(x, n int, z float64) (low, high float64) {
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	p := float64(x) / nf
	z2 := z * z
	den := 1 + z2/nf
	center := (p + z2/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	low, high = center-half, center+half
	// Exact at the ends (rounding may leave 1e-17).
	if x == 0 {
		low = 0
	}
	if x == n {
		high = 1
	}
	return max(low, 0), min(high, 1)
}

// Percentile is the nearest-rank p-th percentile (0 < p <= 100) of sorted:
// the smallest value with at least p% of the values at or below it, that is
// sorted[ceil(p*n/100)-1], always one of the values (p50 of 1..4 is 2, p95 of
// 1..20 is 19, p100 the maximum). Empty input gives the zero value. This is
// the project's one percentile (bench's times use it too).
func Percentile[T cmp.Ordered](sorted []T, p float64) T {
	var zero T
	n := len(sorted)
	if n == 0 {
		return zero
	}
	// Rank in 1..n. p*n is exact for a whole p (n below 2^53/100), and so
	// is its division by 100 when the rank is whole: 7% of 100 is rank 7
	// (p/100*n makes it 7.000000000000001, rank 8), with no epsilon that
	// would take just over 10% of 10 values for one of them.
	rank := int(math.Ceil(p * float64(n) / 100))
	rank = min(max(rank, 1), n)
	return sorted[rank-1]
}

// Quantiles are a distribution's nearest-rank percentiles and maximum.
type Quantiles[T int64 | float64] struct {
	P50 T `json:"p50"`
	P90 T `json:"p90"`
	P99 T `json:"p99"`
	Max T `json:"max"`
}

func quantiles[T int64 | float64](v []T) Quantiles[T] {
	slices.Sort(v)
	var q Quantiles[T]
	if len(v) > 0 {
		q = Quantiles[T]{Percentile(v, 50), Percentile(v, 90), Percentile(v, 99), v[len(v)-1]}
	}
	return q
}

// Summary is what a set of records says about the game.
type Summary struct {
	Deals      int            `json:"deals"`
	Decided    int            `json:"decided"`
	Winnable   int            `json:"winnable"`
	Unwinnable int            `json:"unwinnable"`
	Unknown    int            `json:"unknown"`
	UnknownBy  map[string]int `json:"unknown_by,omitempty"` // reason -> deals
	// WinRate is winnable/decided (0 when nothing is decided): the estimate
	// if unknown deals are like the decided ones.
	WinRate float64 `json:"win_rate"`
	// WinLow and WinHigh bound the winnable rate of all deals of the game:
	// the Wilson 95% interval with unknown deals counted as lost (WinLow)
	// and as won (WinHigh), so the interval holds whatever they are.
	WinLow  float64 `json:"win_low"`
	WinHigh float64 `json:"win_high"`
	// Nodes and MS are per-deal search size and wall time (milliseconds)
	// over all deals; Moves is the winning line's length over winnable deals.
	Nodes      Quantiles[int64]   `json:"nodes"`
	MS         Quantiles[float64] `json:"ms"`
	Moves      Quantiles[int64]   `json:"moves"`
	TotalNodes int64              `json:"total_nodes"`
	TotalMS    float64            `json:"total_ms"` // sum of the deals' times (CPU-ish, not wall)
	// Difficulty is the winnable deals' difficulty, when measured
	// (analyze --difficulty).
	Difficulty *DifficultySummary `json:"difficulty,omitempty"`
}

// Summarize computes the summary of records (in any order).
func Summarize(records []Record) Summary {
	var t Tally
	t.Grow(len(records))
	for _, r := range records {
		t.Add(r)
	}
	return t.Summary()
}

// Tally is a Summary made record by record (Add), for a run that keeps no
// records: of each deal it holds only what the quantiles need, its nodes and
// time (16 bytes) and a won deal's moves (8 more), and of a graded deal
// (analyze --difficulty) its record. A million deals' records held for the
// summary were 112 bytes each and more (a new user's run of 2.3 million
// clock deals: 1 GB). The zero value is empty and ready.
type Tally struct {
	s      Summary
	nodes  []int64
	ms     []float64
	moves  []int64
	graded []Record
}

// Grow makes room for n more deals' figures (append's copies of a growing
// million cost a fifth of a clock deal's time).
func (t *Tally) Grow(n int) {
	t.nodes = slices.Grow(t.nodes, n)
	t.ms = slices.Grow(t.ms, n)
}

// Add counts r.
func (t *Tally) Add(r Record) {
	s := &t.s
	s.Deals++
	switch r.Result {
	case Winnable:
		s.Winnable++
		t.moves = append(t.moves, int64(r.Moves))
	case Unwinnable:
		s.Unwinnable++
	default:
		s.Unknown++
		if s.UnknownBy == nil {
			s.UnknownBy = map[string]int{}
		}
		s.UnknownBy[r.Reason]++
	}
	t.nodes = append(t.nodes, r.Nodes)
	t.ms = append(t.ms, r.MS)
	s.TotalNodes += r.Nodes
	s.TotalMS += r.MS
	if r.Difficulty != nil {
		t.graded = append(t.graded, r)
	}
}

// Summary is the summary of the records added so far. It sorts the
// figures held (their order is not kept: Add may go on after it).
func (t *Tally) Summary() Summary {
	s := t.s
	if t.s.UnknownBy != nil {
		s.UnknownBy = maps.Clone(t.s.UnknownBy)
	}
	s.Decided = s.Winnable + s.Unwinnable
	if s.Decided > 0 {
		s.WinRate = float64(s.Winnable) / float64(s.Decided)
	}
	s.WinLow, _ = Wilson(s.Winnable, s.Deals, Z95)
	_, s.WinHigh = Wilson(s.Winnable+s.Unknown, s.Deals, Z95)
	s.Nodes = quantiles(t.nodes)
	s.MS = quantiles(t.ms)
	s.Moves = quantiles(t.moves)
	s.Difficulty = summarizeDifficulty(t.graded)
	return s
}

// Text writes the summary for people: counts, the rate and its interval, and
// the distributions.
func (s Summary) Text() string {
	var b strings.Builder
	pct := func(n int) string {
		if s.Deals == 0 {
			return ""
		}
		return fmt.Sprintf("%7.3f%%", 100*float64(n)/float64(s.Deals))
	}
	fmt.Fprintf(&b, "deals       %d\n", s.Deals)
	fmt.Fprintf(&b, "decided     %-9d%s\n", s.Decided, pct(s.Decided))
	fmt.Fprintf(&b, "winnable    %-9d%s\n", s.Winnable, pct(s.Winnable))
	fmt.Fprintf(&b, "unwinnable  %-9d%s\n", s.Unwinnable, pct(s.Unwinnable))
	fmt.Fprintf(&b, "unknown     %-9d%s", s.Unknown, pct(s.Unknown))
	if len(s.UnknownBy) > 0 {
		var parts []string
		for _, k := range sortedKeys(s.UnknownBy) {
			parts = append(parts, fmt.Sprintf("%s %d", k, s.UnknownBy[k]))
		}
		fmt.Fprintf(&b, "  (%s)", strings.Join(parts, ", "))
	}
	b.WriteString("\n")
	if s.Deals > 0 {
		rate := fmt.Sprintf("%.3f%% of decided deals", 100*s.WinRate)
		if s.Decided == 0 {
			rate = "n/a (no deal decided)"
		}
		fmt.Fprintf(&b, "win rate    %s; 95%% Wilson interval %.3f%% .. %.3f%%",
			rate, 100*s.WinLow, 100*s.WinHigh)
		if s.Unknown > 0 {
			b.WriteString(" (unknown deals counted lost for the lower bound, won for the upper)")
		}
		b.WriteString("\n")
		fmt.Fprintf(&b, "nodes       p50 %d  p90 %d  p99 %d  max %d  (total %d)\n",
			s.Nodes.P50, s.Nodes.P90, s.Nodes.P99, s.Nodes.Max, s.TotalNodes)
		fmt.Fprintf(&b, "time        p50 %s  p90 %s  p99 %s  max %s  (sum %s)\n",
			fmtMS(s.MS.P50), fmtMS(s.MS.P90), fmtMS(s.MS.P99), fmtMS(s.MS.Max), fmtMS(s.TotalMS))
	}
	if s.Winnable > 0 {
		fmt.Fprintf(&b, "line length p50 %d  p90 %d  p99 %d  max %d moves\n",
			s.Moves.P50, s.Moves.P90, s.Moves.P99, s.Moves.Max)
	}
	return b.String()
}

func fmtMS(ms float64) string {
	d := time.Duration(ms * float64(time.Millisecond))
	switch {
	case d < time.Millisecond:
		return d.Round(time.Microsecond).String()
	case d < time.Second:
		return d.Round(10 * time.Microsecond).String()
	}
	return d.Round(time.Millisecond).String()
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
