package analysis

import (
	"fmt"
	"slices"
	"strings"

	"github.com/solitario/solitario/difficulty"
)

// DifficultySummary is what the records of analyze --difficulty say about
// the winnable deals' difficulty (package difficulty, docs/difficulty.md).
type DifficultySummary struct {
	Scale  string `json:"scale"`  // "wins" or "home" (difficulty.Scale)
	Graded int    `json:"graded"` // winnable deals measured
	// Score is the distribution of the deals' scores; Hard and Easy are
	// its terciles (the scores at ranks ⌈n/3⌉ and ⌈2n/3⌉ of the n sorted),
	// what difficulty.Cut holds.
	Score      Quantiles[float64] `json:"score"`
	Min        float64            `json:"min"`
	Hard       float64            `json:"hard"`
	Easy       float64            `json:"easy"`
	Histogram  []int              `json:"histogram"` // deals per tenth of the scale (0..100 percent, 0..104 cards)
	Grades     map[string]int     `json:"grades,omitempty"`
	MS         float64            `json:"ms"`          // the play-outs' wall time, summed
	WinnableMS float64            `json:"winnable_ms"` // the graded deals' solve time, summed
	// Check is, per grade, the check play-outs (analyze --difficulty-check:
	// play-outs independent of those that graded the deal): how many, and
	// how many the plain player lost.
	Check map[string]CheckFigure `json:"check,omitempty"`
}

// CheckFigure is the check play-outs of the deals of one grade.
type CheckFigure struct {
	Deals    int `json:"deals"`
	Playouts int `json:"playouts"`
	Lost     int `json:"lost"`
	Home     int `json:"home"` // cards home at their ends, summed
}

// summarizeDifficulty is the DifficultySummary of records, nil when none
// has a difficulty.
func summarizeDifficulty(records []Record) *DifficultySummary {
	var d DifficultySummary
	var scores []float64
	for _, r := range records {
		rep := r.Difficulty
		if rep == nil {
			continue
		}
		d.Scale = rep.Scale
		d.Graded++
		scores = append(scores, rep.Score)
		d.MS += r.DifficultyMS
		d.WinnableMS += r.MS
		if rep.Grade == "" {
			continue
		}
		if d.Grades == nil {
			d.Grades = map[string]int{}
		}
		d.Grades[rep.Grade]++
		if c := r.DifficultyCheck; c != nil {
			if d.Check == nil {
				d.Check = map[string]CheckFigure{}
			}
			f := d.Check[rep.Grade]
			f.Deals++
			f.Playouts += c.Playouts
			f.Lost += c.Playouts - c.Wins
			f.Home += c.Home
			d.Check[rep.Grade] = f
		}
	}
	if d.Graded == 0 {
		return nil
	}
	d.Score = quantiles(scores) // sorts scores
	n := len(scores)
	d.Min = scores[0]
	d.Hard = scores[(n+2)/3-1]
	d.Easy = scores[(2*n+2)/3-1]
	top := 100.0
	if d.Scale == difficulty.ScaleHome.String() {
		top = 104
	}
	d.Histogram = make([]int, 10)
	for _, s := range scores {
		d.Histogram[min(int(10*s/top), 9)]++
	}
	return &d
}

// Text is d for people, a few lines under analyze's summary.
func (d *DifficultySummary) Text() string {
	var b strings.Builder
	unit := "% of play-outs won"
	if d.Scale == difficulty.ScaleHome.String() {
		unit = " cards home per play-out"
	}
	fmt.Fprintf(&b, "difficulty  %d winnable deals graded; score (%s) min %.4g  p50 %.4g  p90 %.4g  max %.4g\n",
		d.Graded, strings.TrimSpace(unit), d.Min, d.Score.P50, d.Score.P90, d.Score.Max)
	fmt.Fprintf(&b, "            terciles: hard at most %.4g, easy above %.4g", d.Hard, d.Easy)
	if len(d.Grades) > 0 {
		var parts []string
		for _, g := range []difficulty.Grade{difficulty.Easy, difficulty.Medium, difficulty.Hard} {
			parts = append(parts, fmt.Sprintf("%s %d", g, d.Grades[g.String()]))
		}
		fmt.Fprintf(&b, "; graded %s", strings.Join(parts, ", "))
	}
	b.WriteString("\n")
	if d.WinnableMS > 0 {
		fmt.Fprintf(&b, "            play-outs %s against solving %s (ratio %.3f)\n", fmtMS(d.MS), fmtMS(d.WinnableMS), d.MS/d.WinnableMS)
	}
	for _, g := range slices.Sorted(func(yield func(string) bool) {
		for k := range d.Check {
			if !yield(k) {
				return
			}
		}
	}) {
		c := d.Check[g]
		fmt.Fprintf(&b, "            check %-6s %d deals, %d of %d play-outs lost (%.1f%%), %.1f cards home each\n",
			g, c.Deals, c.Lost, c.Playouts, 100*float64(c.Lost)/float64(max(c.Playouts, 1)), float64(c.Home)/float64(max(c.Playouts, 1)))
	}
	return b.String()
}
