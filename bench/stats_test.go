package bench

import (
	"testing"
	"time"

	"github.com/solitario/solitario/solver"
)

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		xs   []float64
		want float64
	}{
		{nil, 0},
		{[]float64{7}, 7},
		{[]float64{3, 1, 2}, 2},
		{[]float64{4, 1, 3, 2}, 2.5},
		{[]float64{10, 10, 1, 1000}, 10},
		{[]float64{5, 9}, 7},
	} {
		in := append([]float64(nil), c.xs...)
		if got := Median(c.xs); got != c.want {
			t.Errorf("Median(%v) = %v, want %v", c.xs, got, c.want)
		}
		for i := range in {
			if in[i] != c.xs[i] {
				t.Fatalf("Median reordered its input: %v", c.xs)
			}
		}
	}
}

// TestSummarizeTimes: a row's p50, p95 and max times are nearest-rank
// (analysis.Percentile) over its deals' times in any order: of 20..1 ms,
// 10, 19 and 20 ms.
func TestSummarizeTimes(t *testing.T) {
	var deals []DealResult
	for i := range 20 {
		ms := time.Duration(20-i) * time.Millisecond // unsorted on purpose
		deals = append(deals, DealResult{Runs: []Result{{Verdict: solver.Winnable, Elapsed: ms}}})
	}
	rows := summarize([]solver.Strategy{{Name: "dfs"}}, deals)
	if len(rows) != 1 {
		t.Fatalf("%d rows, want 1", len(rows))
	}
	r := rows[0]
	if r.TimeP50 != 10*time.Millisecond || r.TimeP95 != 19*time.Millisecond || r.TimeMax != 20*time.Millisecond {
		t.Errorf("p50 %v p95 %v max %v, want 10ms 19ms 20ms", r.TimeP50, r.TimeP95, r.TimeMax)
	}
}

func TestMean(t *testing.T) {
	if got := Mean(nil); got != 0 {
		t.Errorf("Mean(nil) = %v", got)
	}
	if got := Mean([]float64{1, 2, 3, 10}); got != 4 {
		t.Errorf("Mean = %v, want 4", got)
	}
}
