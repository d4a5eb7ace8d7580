package heuristics

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// TestNRPAWins: NRPA's iterated levels (100 iterations a level) win deal
// 57 under --empty-provisional never within 3M nodes, and the line
// replays to a win by the rules alone.
func TestNRPAWins(t *testing.T) {
	d, g := neverDeal(t, 57)
	h := NewVentaglio(g, solver.Strategy{Order: true, Prune: true})
	start := d.Start()
	r := NewVentaglioRollout(h)
	r.Adapt = 100
	res := r.Iterate(context.Background(), start, 1, solver.Options{MaxNodes: 3_000_000})
	if res.Verdict != solver.Winnable {
		t.Fatalf("deal 57: %v %s after %d nodes, best %d up", res.Verdict, res.Reason, res.Stats.Nodes, r.lastUp)
	}
	s := start
	for i, m := range res.Line {
		if !slices.Contains(g.Moves(&s, nil), m) {
			t.Fatalf("move %d (%v) is not a move of the rules", i, m)
		}
		g.Apply(&s, m)
	}
	if !g.Won(&s) {
		t.Fatalf("the line of %d moves ends with %d up", len(res.Line), s.Up())
	}
}

// TestNRPAAdapt: adaptTo's policy is Rosin's step computed here the plain
// way, with a map from code to weight: along a line, at each position with
// more than one candidate, the played move's code gains 1 and each
// candidate's code loses its probability under the policy before the step
// (candidate i weighs exp(policy) / 2^i in the candidates' order).
func TestNRPAAdapt(t *testing.T) {
	for _, seed := range []uint64{1, 9, 53} {
		d, g := neverDeal(t, seed)
		h := NewVentaglio(g, solver.Strategy{Order: true, Prune: true})
		start := d.Start()
		r := NewVentaglioRollout(h)
		r.Adapt = 3
		// A line of the policy's own: level 1 (three playouts, two
		// steps) from the start.
		r.Search(context.Background(), start, 1, seed, solver.Options{})
		line := slices.Clone(r.seq[1])
		if len(line) < 20 {
			t.Fatalf("deal %d: a line of %d moves", seed, len(line))
		}
		pol := make([]float64, nrpaCodes)
		for i := range pol {
			pol[i] = float64(i%7) / 5
		}
		want := map[int]float64{}
		for i, w := range pol {
			want[i] = w
		}
		s := start
		choices := 0
		for _, m := range line {
			var cands []vg.Move
			ms := h.Moves(&s, nil)
			if len(ms) > 0 && ms[0].To().IsFound() {
				cands = ms[:1]
			} else {
				for _, last := range []bool{false, true} {
					for _, c := range ms {
						if h.empties(&s, c) == last {
							cands = append(cands, c)
						}
					}
				}
			}
			if !slices.Contains(cands, m) {
				t.Fatalf("deal %d: %v is not a candidate", seed, m)
			}
			if len(cands) > 1 {
				choices++
				z, ws := 0.0, []float64{}
				for i, c := range cands {
					w := math.Exp(pol[r.codeOf(&s, c)]) / math.Pow(2, float64(i))
					ws = append(ws, w)
					z += w
				}
				for i, c := range cands {
					want[r.codeOf(&s, c)] -= ws[i] / z
				}
				want[r.codeOf(&s, m)]++
			}
			g.Apply(&s, m)
		}
		got := slices.Clone(pol)
		if r.adaptTo(got, start, line) {
			t.Fatal("stopped")
		}
		changed := 0
		for i := range got {
			if math.Abs(got[i]-want[i]) > 1e-9 {
				t.Fatalf("deal %d: code %d is %v, want %v", seed, i, got[i], want[i])
			}
			if got[i] != pol[i] {
				changed++
			}
		}
		if choices == 0 || changed == 0 {
			t.Fatalf("deal %d: %d choices, %d codes changed", seed, choices, changed)
		}
		t.Logf("deal %d: %d moves, %d choices, %d codes changed", seed, len(line), choices, changed)
	}
}

// TestNRPAAllocations: an NRPA search that reuses its buffers allocates
// nothing (level 2, 5 iterations a level, deal 9).
func TestNRPAAllocations(t *testing.T) {
	d, g := neverDeal(t, 9)
	h := NewVentaglio(g, solver.Strategy{Order: true, Prune: true})
	r := NewVentaglioRollout(h)
	r.Adapt = 5
	start := d.Start()
	r.Search(context.Background(), start, 2, 3, solver.Options{})
	if n := testing.AllocsPerRun(3, func() {
		r.Search(context.Background(), start, 2, 3, solver.Options{})
	}); n != 0 {
		t.Errorf("%v allocations a search", n)
	}
}
