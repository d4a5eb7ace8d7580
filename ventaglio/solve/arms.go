package solve

import (
	"context"
	"math/bits"

	"github.com/solitario/solitario/plan"
	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
	"github.com/solitario/solitario/ventaglio"
)

// newArms makes the arms of one plan run on start under strategy st and
// the solve's options opt, the exact step's table table, the steps' own
// tables taken from tables (made there on first use, reset: nil, fresh
// ones), unless the solve has none (--tt none).
func newArms(g vg.Game, start vg.State, st solver.Strategy, opt solver.Options, table solver.Table, tables *Workspace) *arms {
	h := ventaglio.New(g, st)
	a := &arms{start: start, h: h}
	stream := h.Streamlined()
	if tables == nil {
		tables = new(Workspace)
	}
	// The steps' own tables; none when the search has none (--tt none: no
	// step keeps a table, and no cache hit is counted).
	own := func(t **solver.Flat, bytes int64) solver.Table {
		if opt.Table == nil {
			return nil
		}
		return tables.get(t, bytes)
	}
	a.noTables = opt.Table == nil
	a.tables = tables
	a.Searches = plan.Searches[vg.State, vg.Move, ventaglio.Game]{
		Game:        h,
		Bare:        ventaglio.New(g, solver.Strategy{}),
		Streamlined: &stream,
		Guess:       own(&tables.guess, plan.SmallTableBytes),
		Start:       start,
		Table:       table,
		Small:       own(&tables.small, plan.SmallTableBytes),
		Large:       own(&tables.large, plan.LargeTableBytes),
		Lines:       ventaglio.Lines{G: g, Start: start, GoodLine: GoodLine},
		MaxDepth:    maxDepth,
		// The restarts along the best line rate a position by its cards
		// up: the line to the most cards up is the one to build on.
		Score: func(s *vg.State) int { return s.Up() },
	}
	if st.Prove {
		a.Prove, a.Group = h.Prove, h.Group
	}
	switch {
	case opt.MaxDepth > 0:
		a.MaxDepth = opt.MaxDepth
	case st.Plan == solver.PlanReference:
		a.MaxDepth = 0 // the reference as it is: the solver's own bound, 1<<20
	}
	return a
}

// Workspace is what a caller solving deal after deal keeps from solve to
// solve (analyze's workers, games.Scratch): the steps' own transposition
// tables (the fixed and the streamlined restarts', the Luby restarts', the
// beams'). Each solve resets them to their first size (solver.Flat.Reset:
// the arrays they grew are dropped, as a fresh table's), so that a deal's
// search is the one fresh tables make. Keeping the tables' grown arrays
// (reused at the next growth) or the restarts' search buffers too saved no
// CPU time measurable on seeds 1..2000 and raised the peak RSS (1000001..
// 1010000: 959 MB against 683 MB at 40f1f6b with the arrays; 1..2000: 389
// against 363 MB with the buffers; docs/experiments.md). The zero value is
// ready; one solve at a time.
type Workspace struct {
	small, guess, large, beam *solver.Flat
}

// get is *t reset for a new solve, made first (bytes its budget) if there
// is none.
func (ts *Workspace) get(t **solver.Flat, bytes int64) *solver.Flat {
	if *t == nil {
		*t = solver.NewFlat(bytes)
	} else {
		(*t).Reset()
	}
	return *t
}

// arms is plan.Searches with Il Ventaglio's beams.
type arms struct {
	plan.Searches[vg.State, vg.Move, ventaglio.Game]
	start vg.State
	h     ventaglio.Game
	beam  *ventaglio.Beam // made at the first beam
	// beamTable is the beams' own: a beam clears its table first, and the
	// exact search's, resumed between the beams' turns, must keep what it
	// proved (a beam that cleared and refilled it made the exact search
	// answer unwinnable for winnable positions).
	beamTable solver.Table
	noTables  bool       // --tt none: the beams keep no table either
	tables    *Workspace // where the beams' table comes from
	// cand is the last line a beam along found that was not shorter than
	// the best, for the next Follow (nil: none new).
	cand []vg.Move
	// rollout is the nested rollouts' search (plan.Rollout), closed when
	// the solve ends.
	rollout *ventaglio.RolloutSlices
}

// Close stops the nested rollouts' search when the solve ends.
func (a *arms) Close() {
	if a.rollout != nil {
		a.rollout.Close()
	}
}

func (a *arms) Arm(s plan.Step) plan.Arm[vg.Move] {
	if s.Kind == plan.Rollout {
		if a.rollout == nil {
			a.rollout = ventaglio.NewRollout(a.h).Slices(a.start, 1)
		}
		return a.rollout
	}
	if s.Kind != plan.Beam {
		return a.Searches.Arm(s)
	}
	if a.beam == nil {
		a.beam = ventaglio.NewBeam(a.h)
		if !a.noTables {
			a.beamTable = a.tables.get(&a.tables.beam, plan.LargeTableBytes)
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
func (a *arms) Bounded(s plan.Step, best []vg.Move) plan.Arm[vg.Move] {
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

// followArm makes one ventaglio.Beam.Follow a slice: a beam that
// makes line's commitments in order and plans the shuffles between them
// afresh, beamWidth wide at first, twice as wide at each slice (up to
// beamMaxWidth), each with its own tie-break seed. A slice follows the
// last line a beam along found that was not shorter than line, if there
// is a new one (its commitments are another plan, which Follow may make
// shorter), else line. Its win is shorter than line.
type followArm struct {
	*beamArm
	line []vg.Move
	arms *arms
}

func (f *followArm) Slice(ctx context.Context, opt solver.Options) solver.Result[vg.Move] {
	w := f.width()
	f.n++
	opt.MaxNodes, opt.Table = min(opt.MaxNodes, int64(w)*beamNodes), f.table
	follow := f.line
	if c := f.arms.cand; c != nil {
		follow, f.arms.cand = c, nil
	}
	return f.b.Follow(ctx, f.start, follow, len(f.line), w, uint64(f.n), opt)
}

func (f *followArm) width() int { return min(f.beamArm.width<<min(f.n, 20), beamMaxWidth) }

func (f *followArm) Chunk() int64 { return int64(f.width()) * beamNodes }

// alongArm makes one beam a slice from a position along line (plan.Step
// Along): slice k starts after the first v(k)·len(line) moves, v the van
// der Corput sequence 1/2, 1/4, 3/4, 1/8, 3/8, … (each round halves the
// gaps between the points tried, so no part of the line is left out for
// long), its width beamWidth doubled each round (a round of 2^r beams
// 2^r times as wide as the first) and its weightings E, A, D in turn. Its
// win is line's moves up to there and the beam's line. Measured on seeds
// 1533 and 4967 (1,717- and 1,307-move lines after ShortenLine, their
// bounded searches found nothing shorter in 2M nodes): beams 16 wide from
// nine points along them won from eight and nine, in 1,640–635,179 nodes
// (most under 15,000), the spliced lines 678–1,606 moves long.
type alongArm struct {
	*beamArm
	g    ventaglio.Game
	line []vg.Move
	k    int // beams made
	arms *arms
}

// point is slice k's place: the round (1, 2, …) and the position's index.
func (a *alongArm) point() (round, at int) {
	n := a.k + 1 // the van der Corput index, from 1
	return bits.Len(uint(n)), int(plan.VanDerCorput(n) * float64(len(a.line)))
}

func (a *alongArm) width() int {
	round, _ := a.point()
	return min(beamWidth<<(round-1), beamMaxWidth)
}

func (a *alongArm) Slice(ctx context.Context, opt solver.Options) solver.Result[vg.Move] {
	_, at := a.point()
	w := a.width()
	bc := ventaglio.Turn[a.k%3].Config(w, uint64(a.k+1))
	a.k++
	s := a.start
	for _, m := range a.line[:at] {
		a.g.Apply(&s, m)
	}
	opt.MaxNodes, opt.Table = min(opt.MaxNodes, int64(w)*beamNodes), a.table
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

func (a *alongArm) Chunk() int64 { return int64(a.width()) * beamNodes }

// beamArm makes one beam a slice (see beamWidth). With Along (in
// Find) every other beam starts from a position along the line to the most
// cards up a beam of the arm kept (ventaglio.Beam.Best; a beam from along
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
// docs/experiments.md).
type beamArm struct {
	b     *ventaglio.Beam
	table solver.Table // the beams' own, never the exact search's
	start vg.State
	width int
	n     int // beams made from the start
	// With Along in Find: the line to the most cards up a beam of the
	// arm kept (nil: every beam from the start), and the beams made
	// along it.
	best *plan.Best[vg.Move]
	na   int
	g    ventaglio.Game
	// along: the last beam started from along the best line.
	along bool
}

// alongNext reports whether the next beam starts along the best line.
func (b *beamArm) alongNext() bool {
	return b.best != nil && (b.n+b.na)%2 == 1 && len(b.best.Line) > 0
}

func (b *beamArm) next() (ventaglio.BeamConfig, int64) {
	n := b.n
	if b.alongNext() {
		n = b.na
	}
	w := min(b.width<<(n/3), beamMaxWidth)
	return ventaglio.Turn[n%3].Config(w, uint64(n+1)), int64(w) * beamNodes
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
