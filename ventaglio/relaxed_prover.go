package ventaglio

import (
	"context"

	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// relaxedProver proves positions lost beyond the start with the suit-blind
// relaxation (vg.Relaxed): asked about a position (by the exact search,
// about the positions whose subtrees grow large: solver.Searcher.Prove),
// it runs the relaxation's exhaustive search from the position's relaxed
// image, and when that search ends without a win, every relaxed position
// it went through is lost (all are reachable from its start, which is
// lost), so every real position whose image is one of them is lost too
// (the relaxation argument is in vg.Relaxed). Those images are kept: the
// dead-end test "the image is in the set" then prunes, in every search of
// the solve, the other arrangements of the bases (and whatever else) the
// proof went through.
//
// Why it is needed. A real search lingers inside the positions joined by
// base-to-base moves: on stuck positions of --empty-provisional never
// seeds 1 and 13 more than 20 million of them (docs/experiments.md), which the
// exact search cannot exhaust; forgetting the bases' suits merges them
// into a few thousand (seed 1), and the relaxed search proves the stuck
// position of seed 1 lost in 157 k nodes, of seed 9 in 963 k.
//
// It is made empty with the wrapper and fills itself at the first proof
// attempt (most solves never make one: their deal dies at the start or is
// won first).
type relaxedProver struct {
	g       vg.Game
	ready   bool
	h       Relaxed
	z       solver.Searcher[vg.RelaxedState, vg.RelaxedMove, Relaxed]
	scratch *solver.Flat // one attempt's table
	lost    *solver.Flat // relaxed images proved lost
}

const (
	// ProverMaxDepth is the relaxed search's depth bound.
	ProverMaxDepth = 1 << 16
	// ProverTableBytes is the largest of the prover's two tables; both
	// grow from 64 KiB.
	ProverTableBytes = 64 << 20
)

func newRelaxedProver(g vg.Game) *relaxedProver { return &relaxedProver{g: g} }

// dead reports whether s's relaxed image is in the lost set.
func (p *relaxedProver) dead(s *vg.State) bool {
	return p != nil && p.ready && p.lost.Len() > 0 && p.lost.Contains(p.h.r.KeyOf(s))
}

// prove runs the relaxed search from s's image with budget nodes (0: only
// looks s up in the lost set): Unwinnable
// when it ends without a win (its positions join the lost set), Winnable
// when the relaxation wins (it can never prove s lost), else Unknown.
func (p *relaxedProver) prove(s *vg.State, budget int64) (solver.Verdict, int64) {
	if budget == 0 {
		if p.dead(s) {
			return solver.Unwinnable, 0
		}
		return solver.Unknown, 0
	}
	if !p.ready {
		p.ready = true
		p.h = NewRelaxed(p.g)
		p.scratch = solver.NewFlat(ProverTableBytes)
		p.lost = solver.NewFlat(ProverTableBytes)
	}
	rs := p.h.Relax(s)
	r := p.z.Solve(context.Background(), p.h, rs, solver.Options{MaxNodes: budget, MaxDepth: ProverMaxDepth, Table: p.scratch})
	if r.Verdict == solver.Unwinnable {
		p.lost.Add(p.h.Key(&rs))
		p.scratch.Each(p.lost.Add)
	}
	return r.Verdict, r.Stats.Nodes
}
