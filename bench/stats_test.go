package bench

import "testing"

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

func TestPercentile(t *testing.T) {
	one20 := make([]float64, 20)
	for i := range one20 {
		one20[i] = float64(20 - i) // 20..1, unsorted on purpose
	}
	for _, c := range []struct {
		xs   []float64
		p    float64
		want float64
	}{
		{nil, 50, 0},
		{[]float64{42}, 95, 42},
		{[]float64{4, 1, 3, 2}, 50, 2},
		{[]float64{4, 1, 3, 2}, 75, 3},
		{[]float64{4, 1, 3, 2}, 76, 4},
		{[]float64{4, 1, 3, 2}, 100, 4},
		{one20, 95, 19},
		{one20, 96, 20},
		{one20, 50, 10},
		{one20, 5, 1},
		{one20, 0.1, 1},
	} {
		if got := Percentile(c.xs, c.p); got != c.want {
			t.Errorf("Percentile(%v, %v) = %v, want %v", c.xs, c.p, got, c.want)
		}
	}
	// p95 of 1..100 is 95 exactly (no floating-point drift in the rank).
	hundred := make([]float64, 100)
	for i := range hundred {
		hundred[i] = float64(i + 1)
	}
	if got := Percentile(hundred, 95); got != 95 {
		t.Errorf("p95 of 1..100 = %v, want 95", got)
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
