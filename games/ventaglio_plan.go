package games

import (
	"context"
	"math/bits"
	"sync"
	"time"

	"github.com/solitario/solitario/heuristics"
	"github.com/solitario/solitario/plan"
	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// Il Ventaglio's plan (package plan): fixed restarts and beams (every
// other one of each from along the line to the most cards up that step
// reached: plan.Step Along), Luby restarts and streamlined restarts in
// turns, then shortening by bounded restarts, beams along the line and
// beams that follow it (docs/design.md measures it against the plain
// reference). No exact search: on every range and variant measured it
// decided no deal the others did not, and its turns cost 9–14% of the
// nodes; the Luby restarts, whose budgets grow without bound, are the search
// that can still exhaust a deal and prove it lost.
const (
	// ventaglioShortenNodes is the shortening step's own budget (within
	// what the node limit leaves): a tenth of the default node limit, as
	// Solvitaire gives its streamliner a tenth, about a second of search.
	// At 2M one line of seeds 1..5000 kept more than 500 moves (4550: 539;
	// 452 after 3.7M nodes in all).
	ventaglioShortenNodes = solver.DefaultMaxNodes / 10
	// ventaglioGoodLine is the length (moves as written) at which
	// shortening stops: a line a person can follow.
	ventaglioGoodLine = 500
	// ventaglioMaxDepth bounds every search's stack (moves): a branch
	// deeper than that is cut, and the search goes on. It bounds the
	// stacks' memory (ventaglioSearchHeap); lines that long only shuttle
	// runs between the provisional bases.
	ventaglioMaxDepth = 1 << 18
	// ventaglioReplanBlock and ventaglioReplanLine bound the shortest
	// paths that replace a line's blocks of shuffles (heuristics.
	// ReplanShuffles), in positions generated: a block's and the line's.
	ventaglioReplanBlock  = 200_000
	ventaglioReplanLine   = 2_000_000
	ventaglioReplanRounds = 3
)

// The beams of the plan (heuristics.VentaglioBeam): the first ones
// planBeamWidth positions wide, weightings E (B with the waste weighed
// more), A and D in turn, the width
// doubling after each three up to planBeamMaxWidth, so that a beam's cost
// grows with the turns instead of taking millions of nodes at the first
// (a first beam 1,000 wide made seeds 1..300 cost 49M nodes instead of
// 5.5M); a beam stops
// after planBeamNodes nodes per unit of width (a beam that wins makes
// 700–2,800). A beam holds about planBeamBytes per unit of width
// (measured: 100 MiB at 10,000).
const (
	planBeamWidth    = 16
	planBeamMaxWidth = 8_000
	planBeamNodes    = 3_000
	planBeamBytes    = 10 << 10
)

// ventaglioSearchHeap is the heap a solve holds beside its transposition
// table: the stacks of the Luby restarts and of the exact search (strategy
// plan-with-exact; the fixed restarts' stay a few thousand frames deep) at
// the depth bound, with about 16 moves a position, the restarts' three
// tables (the streamlined ones have their own), the widest beam and the
// beams' table. (Strategy
// exact-prove, which makes no restarts or beams, holds the exact search's
// stack and the relaxation's proofs instead: proveHeap, less than this.)
var ventaglioSearchHeap = 2*solver.StackBytes[vg.State, vg.Move](ventaglioMaxDepth, 16) +
	2*plan.SmallTableBytes + 2*plan.LargeTableBytes + planBeamMaxWidth*planBeamBytes

// proveHeap is what strategy exact-prove holds beside its table: the exact
// search's stack, the relaxation's two tables (1.5 times their size while
// they grow) and the relaxed search's stack.
var proveHeap = solver.StackBytes[vg.State, vg.Move](ventaglioMaxDepth, 16) +
	3*heuristics.ProverTableBytes + solver.StackBytes[vg.RelaxedState, vg.RelaxedMove](heuristics.ProverMaxDepth, 16)

// SolveVentaglio decides g from start under cfg: the strategy's plan
// (ventaglioPlan: its steps in turns by default; plan.Exhaustive or
// plan.Reference when the strategy names them). Only the restarts and the
// exact search (when the plan has one) answer unwinnable (the whole space
// searched, or the start proved dead by the dead-end tests); a win from any
// step is a legal line, which the caller replays through the referee. The
// stats add up over the steps.
func SolveVentaglio(ctx context.Context, g vg.Game, start vg.State, cfg Config) Outcome {
	out, _ := solveVentaglioPlan(ctx, g, start, cfg)
	return out
}

// ventaglioPlan is the plan of strategy st under the rules (never: under
// --empty-provisional never), without the part st.Without names: fixed
// restarts along the best line and Luby restarts (plan.Turns), beams along
// and streamlined restarts in turns, under never the nested rollouts too,
// which commit move by move along their best line, with a tenth of the
// turns (docs/design.md, the never section); then shortening by bounded
// restarts, beams along the line and beams that follow it.
func ventaglioPlan(st solver.Strategy, never bool) plan.Plan {
	switch st.Plan {
	case solver.PlanExact:
		return plan.Exhaustive()
	case solver.PlanReference:
		return plan.Reference()
	}
	p := plan.Turns(ventaglioShortenNodes, ventaglioGoodLine)
	p.Find = append(p.Find, plan.Step{Kind: plan.Beam, Width: planBeamWidth, Along: true},
		plan.Step{Kind: plan.Restarts, Streamline: true})
	p.Shorten = append(p.Shorten, plan.Step{Kind: plan.Beam, Width: planBeamWidth, Along: true},
		plan.Step{Kind: plan.Beam, Width: planBeamWidth, Follow: true})
	p = p.Without(st.Without)
	if never && st.Without != "rollout" {
		p.Find = append(p.Find, plan.Step{Kind: plan.Rollout, Weight: weightFor(p.Find, rolloutShare)})
	}
	return p
}

// ventaglioAblations are Il Ventaglio's ablations: its plan without each
// of its parts in turn (plan.Plan.Parts, the rollouts of never included),
// for the bench's tables.
func ventaglioAblations() []solver.Strategy {
	def, _ := solver.LookupStrategy(solver.DefaultStrategy)
	var out []solver.Strategy
	for _, part := range ventaglioPlan(def, true).Parts() {
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

// solveVentaglioPlan is SolveVentaglio by a plan; it returns the arms too
// (the ablation test reads which searches they made).
func solveVentaglioPlan(ctx context.Context, g vg.Game, start vg.State, cfg Config) (Outcome, *ventaglioArms) {
	p := ventaglioPlan(cfg.Strategy, g.KeepEmpty())
	// A deal the dead-end tests kill at the start is decided by the first
	// slice of any exact step: not worth a goroutine.
	if cfg.Workers > 1 && len(p.Find) > 1 && !heuristics.NewVentaglio(g, cfg.Strategy).Dead(&start) {
		r, arms := runVentaglioParts(ctx, g, start, cfg, p)
		out := ventaglioOutcome(g, start, arms.h, r)
		out.Workers = min(cfg.Workers, len(p.Find))
		return out, arms
	}
	arms := newVentaglioArms(g, start, cfg, cfg.Search.Table)
	defer arms.close()
	return ventaglioOutcome(g, start, arms.h, plan.Run(ctx, p, arms, cfg.Search)), arms
}

// runVentaglioParts runs p split among cfg.Workers goroutines
// (plan.Split), each part with arms of its own (the wrapper's memos and
// the steps' tables are not shared; the solve's table goes to the part
// that holds p's first exact step, which alone uses it), until one part
// decides the deal, which stops the others: the verdict at a node budget
// is the whole plan's, in about 1/Workers of its wall time when the steps'
// nodes are spread evenly. The answer is the deciding part's (its line,
// its shortening) with every part's nodes; with none, unknown for the
// strongest of the parts' reasons (stopped, then timeout, then max-nodes).
// arms is the deciding part's (else the first's). The parts' progress is
// summed and shown one call at a time; when a part holds an exact step,
// only from that part's goroutine (the callback may read the table, which
// that step writes).
func runVentaglioParts(ctx context.Context, g vg.Game, start vg.State, cfg Config, p plan.Plan) (plan.Result[vg.Move], *ventaglioArms) {
	n := min(cfg.Workers, len(p.Find))
	owner := -1 // the part whose goroutine may touch cfg.Search.Table
	for i, s := range p.Find {
		if s.Kind == plan.Exact {
			owner = i % n
			break
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make([]plan.Result[vg.Move], n)
	parts := make([]*ventaglioArms, n)
	progress := &partProgress{last: make([]solver.Stats, n), show: cfg.Search.Progress, owner: owner}
	var wg sync.WaitGroup
	var mu sync.Mutex
	decider := -1
	for k := range n {
		q, nodes := plan.Split(p, k, n, cfg.Search.MaxNodes)
		if nodes == 0 && cfg.Search.MaxNodes > 0 {
			// No node of a small budget: the part does not run (Run
			// reads 0 as no bound).
			results[k].Reason = solver.ReasonMaxNodes
			parts[k] = newVentaglioArms(g, start, cfg, nil)
			continue
		}
		c := cfg
		c.Search.MaxNodes = nodes
		c.Search.Progress = progress.of(k)
		table := cfg.Search.Table
		if k != owner && owner >= 0 {
			table = nil
		}
		parts[k] = newVentaglioArms(g, start, c, table)
		wg.Go(func() {
			defer parts[k].close()
			results[k] = plan.Run(ctx, q, parts[k], c.Search)
			if results[k].Verdict != solver.Unknown {
				mu.Lock()
				if decider < 0 {
					decider = k
					cancel()
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	var st solver.Stats
	for _, r := range results {
		st.Add(r.Stats)
	}
	if decider >= 0 {
		r := results[decider]
		elapsed := r.Stats.Elapsed
		r.Stats = st
		r.Stats.Elapsed = elapsed
		return r, parts[decider]
	}
	r := results[0]
	for _, x := range results {
		if partReason(x.Reason) > partReason(r.Reason) {
			r.Reason = x.Reason
		}
	}
	elapsed := r.Stats.Elapsed
	for _, x := range results {
		elapsed = max(elapsed, x.Stats.Elapsed)
	}
	r.Stats = st
	r.Stats.Elapsed = elapsed
	return r, parts[0]
}

// partReason ranks the parts' reasons for an unknown: the solve was
// stopped, or the clock ran out before every part was done, before a
// part's budget was spent; max-depth (every arm over) only when it is
// every part's.
func partReason(reason string) int {
	switch reason {
	case solver.ReasonStopped:
		return 4
	case solver.ReasonTimeout:
		return 3
	case solver.ReasonMaxNodes:
		return 2
	case solver.ReasonMaxDepth:
		return 1
	}
	return 0
}

// partProgress sums the parts' progress: each part's latest statistics
// (each part's runner reports every progress period of its nodes, plan.Run),
// shown as one search's, under the lock, from any part's goroutine, or
// only from part owner's when owner >= 0.
type partProgress struct {
	mu      sync.Mutex
	last    []solver.Stats
	elapsed time.Duration // the most any part has said, so it never falls
	show    func(solver.Stats)
	owner   int
}

// of is part k's Progress callback (nil without one to show).
func (p *partProgress) of(k int) func(solver.Stats) {
	if p.show == nil {
		return nil
	}
	return func(s solver.Stats) {
		p.mu.Lock()
		defer p.mu.Unlock()
		p.last[k] = s
		if p.owner >= 0 && k != p.owner {
			return
		}
		var sum solver.Stats
		for _, x := range p.last {
			sum.Add(x)
		}
		p.elapsed = max(p.elapsed, s.Elapsed)
		sum.Elapsed = p.elapsed
		p.show(sum)
	}
}

// newVentaglioArms makes the arms of one plan run on start under cfg,
// the exact step's table table (the steps' own tables are made unless the
// solve has none: --tt none).
func newVentaglioArms(g vg.Game, start vg.State, cfg Config, table solver.Table) *ventaglioArms {
	h := heuristics.NewVentaglio(g, cfg.Strategy)
	arms := &ventaglioArms{start: start, h: h}
	stream := h.Streamlined()
	// The steps' own tables; none when the search has none (--tt none: no
	// step keeps a table, and no cache hit is counted).
	own := func(bytes int64) solver.Table {
		if cfg.Search.Table == nil {
			return nil
		}
		return solver.NewFlat(bytes)
	}
	arms.noTables = cfg.Search.Table == nil
	arms.Searches = plan.Searches[vg.State, vg.Move, heuristics.Ventaglio]{
		Game:        h,
		Bare:        heuristics.NewVentaglio(g, solver.Strategy{}),
		Streamlined: &stream,
		Guess:       own(plan.SmallTableBytes),
		Start:       start,
		Table:       table,
		Small:       own(plan.SmallTableBytes),
		Large:       own(plan.LargeTableBytes),
		Lines:       ventaglioLines{g: g, start: start},
		MaxDepth:    ventaglioMaxDepth,
		// The restarts along the best line rate a position by its cards
		// up: the line to the most cards up is the one to build on.
		Score: func(s *vg.State) int { return s.Up() },
	}
	if cfg.Strategy.Prove {
		arms.Prove, arms.Group = h.Prove, h.Group
	}
	switch {
	case cfg.Search.MaxDepth > 0:
		arms.MaxDepth = cfg.Search.MaxDepth
	case cfg.Strategy.Plan == solver.PlanReference:
		arms.MaxDepth = 0 // the reference as it is: the solver's own bound, 1<<20
	}
	return arms
}

// ventaglioOutcome is a plan run's result r on start as a solve's
// Outcome: a loss with its reason (h's dead-end tests at the start, else
// the search's), a win with its line replanned and written out.
func ventaglioOutcome(g vg.Game, start vg.State, h heuristics.Ventaglio, r plan.Result[vg.Move]) Outcome {
	out := Outcome{Verdict: r.Verdict, Reason: r.Reason, Stats: r.Stats, Step: r.StepName(), StepNodes: r.StepNodes}
	switch r.Verdict {
	case solver.Unwinnable:
		// Most lost deals die at the start: say why, or that the search
		// went through every position.
		out.Reason = h.DeadReason(&start)
		switch {
		case out.Reason != "":
			// Lost at the start: the dead-end tests decided it, no step.
			out.Step, out.StepNodes = "", 0
		case r.Stats.Proved > 0:
			out.Reason = "every reachable position was searched without a win, or proved lost on the suit-blind relaxation (the provisional bases' cards by rank and order only)"
		default:
			out.Reason = "every reachable position was searched without a win"
		}
	case solver.Winnable:
		out.Moves, out.Human = describeLine(g, start, ventaglioLines{g: g, start: start}.Replan(r.Line))
	}
	return out
}

// ventaglioLines is Il Ventaglio's plan.Lines: ShortenLine drops the
// shuffles between provisional bases a line can do without, and a draw
// whose card is placed at once is written as one move (describeLine).
type ventaglioLines struct {
	g     vg.Game
	start vg.State
}

func (l ventaglioLines) Polish(line []vg.Move) []vg.Move {
	return heuristics.ShortenLine(l.g, l.start, line)
}

// Replan is the last polish of the line a solve answers, when shortening
// left it longer than a person follows: its blocks of shuffles replaced by
// shortest paths between the same arrangements (heuristics.ReplanShuffles,
// about a second on a line of a thousand moves), then the drops again. Not
// a step of shortening: on the default rules' lines it would end the
// shortening searches sooner, at a longer line (seeds 1..1000: median
// 425 moves instead of 407).
func (l ventaglioLines) Replan(line []vg.Move) []vg.Move {
	for range ventaglioReplanRounds {
		if l.Length(line) <= ventaglioGoodLine {
			break
		}
		r := heuristics.ReplanShuffles(l.g, l.start, line, ventaglioReplanBlock, ventaglioReplanLine)
		if len(r) >= len(line) {
			break
		}
		line = heuristics.ShortenLine(l.g, l.start, r)
	}
	return line
}

func (l ventaglioLines) Length(line []vg.Move) int {
	n := len(line)
	for i := 0; i+1 < len(line); i++ {
		if line[i] == vg.Draw && line[i+1].From() == vg.Waste && line[i+1] != vg.Redeal {
			n--
		}
	}
	return n
}

// ventaglioArms is plan.Searches with Il Ventaglio's beams.
type ventaglioArms struct {
	plan.Searches[vg.State, vg.Move, heuristics.Ventaglio]
	start vg.State
	h     heuristics.Ventaglio
	beam  *heuristics.VentaglioBeam // made at the first beam
	// beamTable is the beams' own: a beam clears its table first, and the
	// exact search's, resumed between the beams' turns, must keep what it
	// proved (a beam that cleared and refilled it made the exact search
	// answer unwinnable for winnable positions).
	beamTable solver.Table
	noTables  bool // --tt none: the beams keep no table either
	// cand is the last line a beam along found that was not shorter than
	// the best, for the next Follow (nil: none new).
	cand []vg.Move
	// rollout is the nested rollouts' search (plan.Rollout), closed when
	// the solve ends.
	rollout *heuristics.RolloutSlices
}

func (a *ventaglioArms) close() {
	if a.rollout != nil {
		a.rollout.Close()
	}
}

func (a *ventaglioArms) Arm(s plan.Step) plan.Arm[vg.Move] {
	if s.Kind == plan.Rollout {
		if a.rollout == nil {
			a.rollout = heuristics.NewVentaglioRollout(a.h).Slices(a.start, 1)
		}
		return a.rollout
	}
	if s.Kind != plan.Beam {
		return a.Searches.Arm(s)
	}
	if a.beam == nil {
		a.beam = heuristics.NewVentaglioBeam(a.h)
		if !a.noTables {
			a.beamTable = solver.NewFlat(plan.LargeTableBytes)
		}
	}
	arm := &beamArm{b: a.beam, table: a.beamTable, start: a.start, width: s.Width, g: a.h}
	if s.Along {
		arm.best = &plan.Best[vg.Move]{}
	}
	return arm
}

// Bounded is Searches.Bounded, for a beam the beam itself (its lines are
// short by design: one move a layer, about 300 layers when it wins), for a
// beam Along, beams from positions along best, and for a beam Follow,
// beams that follow best's commitments.
func (a *ventaglioArms) Bounded(s plan.Step, best []vg.Move) plan.Arm[vg.Move] {
	if s.Kind == plan.Rollout {
		return nil // a finder of Find's only
	}
	if s.Kind != plan.Beam {
		return a.Searches.Bounded(s, best)
	}
	arm := a.Arm(s).(*beamArm)
	arm.best = nil // Find's alone
	switch {
	case s.Along:
		return &alongArm{beamArm: arm, g: a.h, line: best, arms: a}
	case s.Follow:
		return &followArm{beamArm: arm, line: best, arms: a}
	}
	return arm
}

// followArm makes one heuristics.VentaglioBeam.Follow a slice: a beam that
// makes line's commitments in order and plans the shuffles between them
// afresh, planBeamWidth wide at first, twice as wide at each slice (up to
// planBeamMaxWidth), each with its own tie-break seed. A slice follows the
// last line a beam along found that was not shorter than line, if there
// is a new one (its commitments are another plan, which Follow may make
// shorter), else line. Its win is shorter than line.
type followArm struct {
	*beamArm
	line []vg.Move
	arms *ventaglioArms
}

func (f *followArm) Slice(ctx context.Context, opt solver.Options) solver.Result[vg.Move] {
	w := f.width()
	f.n++
	opt.MaxNodes, opt.Table = min(opt.MaxNodes, int64(w)*planBeamNodes), f.table
	follow := f.line
	if c := f.arms.cand; c != nil {
		follow, f.arms.cand = c, nil
	}
	return f.b.Follow(ctx, f.start, follow, len(f.line), w, uint64(f.n), opt)
}

func (f *followArm) width() int { return min(f.beamArm.width<<min(f.n, 20), planBeamMaxWidth) }

func (f *followArm) Chunk() int64 { return int64(f.width()) * planBeamNodes }

// alongArm makes one beam a slice from a position along line (plan.Step
// Along): slice k starts after the first v(k)·len(line) moves, v the van
// der Corput sequence 1/2, 1/4, 3/4, 1/8, 3/8, … (each round halves the
// gaps between the points tried, so no part of the line is left out for
// long), its width planBeamWidth doubled each round (a round of 2^r beams
// 2^r times as wide as the first) and its weightings E, A, D in turn. Its
// win is line's moves up to there and the beam's line. Measured on seeds
// 1533 and 4967 (1,717- and 1,307-move lines after ShortenLine, their
// bounded searches found nothing shorter in 2M nodes): beams 16 wide from
// nine points along them won from eight and nine, in 1,640–635,179 nodes
// (most under 15,000), the spliced lines 678–1,606 moves long.
type alongArm struct {
	*beamArm
	g    heuristics.Ventaglio
	line []vg.Move
	k    int // beams made
	arms *ventaglioArms
}

// point is slice k's place: the round (1, 2, …) and the position's index.
func (a *alongArm) point() (round, at int) {
	n := a.k + 1 // the van der Corput index, from 1
	return bits.Len(uint(n)), int(plan.VanDerCorput(n) * float64(len(a.line)))
}

func (a *alongArm) width() int {
	round, _ := a.point()
	return min(planBeamWidth<<(round-1), planBeamMaxWidth)
}

func (a *alongArm) Slice(ctx context.Context, opt solver.Options) solver.Result[vg.Move] {
	_, at := a.point()
	w := a.width()
	bc := heuristics.BeamVariant([3]int{2, 0, 3}[a.k%3], w, uint64(a.k+1))
	a.k++
	s := a.start
	for _, m := range a.line[:at] {
		a.g.Apply(&s, m)
	}
	opt.MaxNodes, opt.Table = min(opt.MaxNodes, int64(w)*planBeamNodes), a.table
	r := a.b.Search(ctx, s, bc, opt)
	if r.Verdict != solver.Winnable {
		// A beam that runs dry proves nothing.
		if r.Verdict == solver.Unwinnable {
			r.Verdict, r.Reason = solver.Unknown, solver.ReasonMaxNodes
		}
		return r
	}
	r.Line = append(append([]vg.Move(nil), a.line[:at]...), r.Line...)
	if len(r.Line) >= len(a.line) {
		a.arms.cand = r.Line
	}
	return r
}

func (a *alongArm) Chunk() int64 { return int64(a.width()) * planBeamNodes }

// beamArm makes one beam a slice (see planBeamWidth). With Along (in
// Find) every other beam starts from a position along the line to the most
// cards up a beam of the arm kept (VentaglioBeam.Best; a beam from along
// the line adds its own to the prefix it started from): beam k of those
// starts where the cards up first reach v(k) of the way from the start's
// to the best's (v the van der Corput sequence, plan.Point), and its win
// is the line's moves up to there and the beam's. The beams along have
// their own widths, weightings and tie-break seeds, in the same order as
// the beams from the start (each kind doubles its width after three of
// its own), so the beams from the start are every beam the step makes
// without Along, in order, at half the rate: a deal those win costs the
// step at most about twice as many nodes (measured against giving beam n
// the configuration of beam n without Along, which skips half of them:
// docs/design.md).
type beamArm struct {
	b     *heuristics.VentaglioBeam
	table solver.Table // the beams' own, never the exact search's
	start vg.State
	width int
	n     int // beams made from the start
	// With Along in Find: the line to the most cards up a beam of the
	// arm kept (nil: every beam from the start), and the beams made
	// along it.
	best *plan.Best[vg.Move]
	na   int
	g    heuristics.Ventaglio
	// along: the last beam started from along the best line.
	along bool
}

// alongNext reports whether the next beam starts along the best line.
func (b *beamArm) alongNext() bool {
	return b.best != nil && (b.n+b.na)%2 == 1 && len(b.best.Line) > 0
}

func (b *beamArm) next() (heuristics.BeamConfig, int64) {
	n := b.n
	if b.alongNext() {
		n = b.na
	}
	w := min(b.width<<(n/3), planBeamMaxWidth)
	return heuristics.BeamVariant([3]int{2, 0, 3}[n%3], w, uint64(n+1)), int64(w) * planBeamNodes
}

func (b *beamArm) Slice(ctx context.Context, opt solver.Options) solver.Result[vg.Move] {
	bc, nodes := b.next()
	s := b.start
	var prefix []vg.Move
	if b.alongNext() {
		b.na++
		prefix = plan.Point(b.best, plan.VanDerCorput(b.na), &s, b.g.Apply, func(s *vg.State) int { return s.Up() })
	} else {
		b.n++
	}
	b.along = len(prefix) > 0
	opt.MaxNodes, opt.Table = min(opt.MaxNodes, nodes), b.table
	r := b.b.Search(ctx, s, bc, opt)
	switch r.Verdict {
	case solver.Unwinnable:
		// A beam that runs dry proves nothing.
		r.Verdict, r.Reason = solver.Unknown, solver.ReasonMaxNodes
	case solver.Winnable:
		r.Line = append(append([]vg.Move(nil), prefix...), r.Line...)
		return r
	}
	if b.best != nil {
		up, line := b.b.Best()
		b.best.Offer(up, prefix, line)
	}
	return r
}

func (b *beamArm) Over() bool { return false }

// StartedAlong is plan.StartedAlong.
func (b *beamArm) StartedAlong() bool { return b.along }

func (b *beamArm) Chunk() int64 {
	_, nodes := b.next()
	return nodes
}
