package bench

import (
	"math"
	"slices"
)

// Median is the middle of xs: the middle value for an odd count, the mean of
// the two middle values for an even count, 0 for none. xs is not modified.
func Median(xs []float64) float64 {
	n := len(xs)
	if n == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// Percentile is the nearest-rank p-th percentile of xs (0 < p <= 100): the
// smallest value with at least p% of the values at or below it, so it is
// always one of the values (p50 of 1..4 is 2, p95 of 1..20 is 19, p100 the
// maximum). It is 0 for no values; xs is not modified.
func Percentile(xs []float64, p float64) float64 {
	n := len(xs)
	if n == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	rank := int(math.Ceil(p * float64(n) / 100))
	rank = max(1, min(n, rank))
	return s[rank-1]
}

// Mean is the arithmetic mean of xs, 0 for none.
func Mean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	var sum float64
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}
