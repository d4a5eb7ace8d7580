package solve

import (
	"math"

	"github.com/solitario/solitario/plan"
	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
	"github.com/solitario/solitario/ventaglio"
)

// Il Ventaglio's plan (package plan): fixed restarts and beams (every
// other one of each from along the line to the most cards up that step
// reached: plan.Step Along), Luby restarts and streamlined restarts in
// turns, then shortening by bounded restarts, beams along the line and
// beams that follow it (docs/experiments.md measures it against the plain
// reference). No exact search: on every range and variant measured it
// decided no deal the others did not, and its turns cost 9–14% of the
// nodes; the Luby restarts, whose budgets grow without bound, are the search
// that can still exhaust a deal and prove it lost.
const (
	// shortenNodes is the shortening step's own budget: all the node
	// limit leaves, since shortening stops as soon as the line has
	// GoodLine moves, so only a line still longer spends more. At a tenth
	// of the default limit (5M, as Solvitaire gives its streamliner a
	// tenth) 8 of the wins of seeds 1..70000 kept 504-1145 moves; with
	// the rest of the limit 7 came to 333-500 (the eighth 796 at 50M),
	// for 1.5-31M nodes more each, and every other deal's nodes and line
	// stayed the same (docs/experiments.md, "Shortening until 500").
	shortenNodes = math.MaxInt64
	// GoodLine is the length (moves as written) at which
	// shortening stops: a line a person can follow.
	GoodLine = 500
	// maxDepth bounds every search's stack (moves): a branch
	// deeper than that is cut, and the search goes on. It bounds the
	// stacks' memory (SearchHeap); lines that long only shuttle
	// runs between the provisional bases.
	maxDepth = 1 << 18
)

// The beams of the plan (ventaglio.Beam): the first ones beamWidth
// positions wide, their weightings ventaglio.Turn in turn (WasteHeavy,
// ArcLeft, Plain), the width doubling after each three up to beamMaxWidth,
// so that a beam's cost grows with the turns instead of taking millions of
// nodes at the first (a first beam 1,000 wide made seeds 1..300 cost 49M
// nodes instead of 5.5M); a beam stops after beamNodes nodes per unit of
// width (a beam that wins makes 700–2,800). A beam holds about beamBytes
// per unit of width (measured: 100 MiB at 10,000).
const (
	beamWidth    = 16
	beamMaxWidth = 8_000
	beamNodes    = 3_000
	beamBytes    = 10 << 10
)

// SearchHeap is the heap a solve holds beside its transposition table: two
// stacks at the depth bound, with about 16 moves a position (the Luby
// restarts', and one to spare for an exact search; the fixed restarts'
// stay a few thousand frames deep), the restarts' three tables (the
// streamlined ones have their own), the widest beam and the beams' table.
// (Strategy exact-prove, which makes no restarts or beams, holds the exact
// search's stack and the relaxation's proofs instead: ProveHeap, less than
// this.)
var SearchHeap = 2*solver.StackBytes[vg.State, vg.Move](maxDepth, 16) +
	2*plan.SmallTableBytes + 2*plan.LargeTableBytes + beamMaxWidth*beamBytes

// ProveHeap is what strategy exact-prove holds beside its table: the exact
// search's stack, the relaxation's two tables (1.5 times their size while
// they grow) and the relaxed search's stack.
var ProveHeap = solver.StackBytes[vg.State, vg.Move](maxDepth, 16) +
	3*ventaglio.ProverTableBytes + solver.StackBytes[vg.RelaxedState, vg.RelaxedMove](ventaglio.ProverMaxDepth, 16)

// Plan is the plan of strategy st under the rules (never: under
// --empty-provisional never), without the part st.Without names: fixed
// restarts along the best line and Luby restarts (plan.Turns), beams along
// and streamlined restarts in turns, under never the nested rollouts too,
// which commit move by move along their best line, with a tenth of the
// turns (docs/experiments.md, the never sections); then shortening by bounded
// restarts, beams along the line and beams that follow it.
func Plan(st solver.Strategy, never bool) plan.Plan {
	switch st.Plan {
	case solver.PlanExact:
		return plan.Exhaustive()
	case solver.PlanReference:
		return plan.Reference()
	}
	p := plan.Turns(shortenNodes, GoodLine)
	p.Find = append(p.Find, plan.Step{Kind: plan.Beam, Width: beamWidth, Along: true},
		plan.Step{Kind: plan.Restarts, Streamline: true})
	p.Shorten = append(p.Shorten, plan.Step{Kind: plan.Beam, Width: beamWidth, Along: true},
		plan.Step{Kind: plan.Beam, Width: beamWidth, Follow: true})
	p = p.Without(st.Without)
	if never && st.Without != "rollout" {
		p.Find = append(p.Find, plan.Step{Kind: plan.Rollout, Weight: weightFor(p.Find, rolloutShare)})
	}
	return p
}

// Ablations are Il Ventaglio's ablations: its plan without each
// of its parts in turn (plan.Plan.Parts, the rollouts of never included),
// for the bench's tables.
func Ablations() []solver.Strategy {
	def, _ := solver.LookupStrategy(solver.DefaultStrategy)
	var out []solver.Strategy
	for _, part := range Plan(def, true).Parts() {
		st := def
		st.Name, st.Without = "plan-no-"+part, part
		st.Doc = "Il Ventaglio's default plan without " + plan.PartDoc(part)
		out = append(out, st)
	}
	return out
}

// rolloutShare is the nested rollouts' share of the turns under never.
const rolloutShare = 0.1

// weightFor is the weight that gives a step added beside steps the share
// f of the turns' nodes: w/(W+w) = f, W the steps' weights (steps with a
// Share take no turns).
func weightFor(steps []plan.Step, f float64) float64 {
	var w float64
	for _, s := range steps {
		switch {
		case s.Share > 0:
		case s.Weight > 0:
			w += s.Weight
		default:
			w++ // plan.Step's weight 0 is 1
		}
	}
	return w * f / (1 - f)
}
