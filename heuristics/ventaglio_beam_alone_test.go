package heuristics

import (
	"context"
	"testing"

	"github.com/solitario/solitario/solver"
)

// TestBeamAlone measures the beam alone, in nodes (docs/design.md, "Il
// Ventaglio"): VENTAGLIO_BEAM=338,4813 (or a range A..B, then only the
// totals are logged) runs a beam of weighting VENTAGLIO_BEAM_VARIANT
// (BeamVariant's i, default 1: B; VENTAGLIO_BEAM_WASTE overrides its waste
// weight), tie-break seed 1, a fresh 64 MiB table each, at each width of
// VENTAGLIO_BEAM_WIDTHS (default 1000,3000) on each deal of the default
// rules the reserve order does not kill, up to VENTAGLIO_BEAM_NODES nodes
// (default 50M), and logs each search's verdict, nodes and layers, and per
// width the wins and nodes in all:
//
//	VENTAGLIO_BEAM=1..600 VENTAGLIO_BEAM_WIDTHS=100,300 VENTAGLIO_BEAM_NODES=3000000 \
//	  go test -count=1 -run TestBeamAlone -v ./heuristics/
func TestBeamAlone(t *testing.T) {
	env := measureEnv{t}
	spec := env.need("VENTAGLIO_BEAM", "seed,seed,... or A..B")
	var seeds []int64
	if lo, hi, ok := env.span("VENTAGLIO_BEAM", spec); ok {
		for s := lo; s <= hi; s++ {
			seeds = append(seeds, s)
		}
	} else {
		seeds = env.list("VENTAGLIO_BEAM", spec)
	}
	widths := env.ints("VENTAGLIO_BEAM_WIDTHS", 1000, 3000)
	variant := int(env.int("VENTAGLIO_BEAM_VARIANT", 1))
	nodes := env.int("VENTAGLIO_BEAM_NODES", 50_000_000)
	wins, total, winNodes := map[int64]int{}, map[int64]int64{}, map[int64]int64{}
	for _, seed := range seeds {
		g, h := beamGame(t, uint64(seed))
		start := g.Deal().Start()
		if h.Dead(&start) {
			continue
		}
		b := NewVentaglioBeam(h)
		for _, w := range widths {
			cfg := BeamVariant(variant, int(w), 1)
			cfg.Waste = env.int("VENTAGLIO_BEAM_WASTE", cfg.Waste)
			r := b.Search(context.Background(), start, cfg, solver.Options{MaxNodes: nodes, Table: solver.NewFlat(64 << 20)})
			total[w] += r.Stats.Nodes
			if r.Verdict == solver.Winnable {
				wins[w]++
				winNodes[w] += r.Stats.Nodes
			}
			if len(seeds) <= 20 {
				t.Logf("seed %d width %d: %v %s, %d nodes (%.0f a unit of width), %d seen, %d layers",
					seed, w, r.Verdict, r.Reason, r.Stats.Nodes, float64(r.Stats.Nodes)/float64(w), r.Stats.CacheHits, r.Stats.MaxDepth)
			}
		}
	}
	for _, w := range widths {
		t.Logf("width %d: %d wins, %d nodes in all, %d on the wins", w, wins[w], total[w], winNodes[w])
	}
}
