package plan

import (
	"context"

	"github.com/solitario/solitario/solver"
)

// Lines is a game's own handling of a winning line: Polish shortens it
// without search (it stays a win), Length counts it as written.
type Lines[M any] interface {
	Polish(line []M) []M
	Length(line []M) int
}

// Searches is the Arms of a game whose rules are a solver.Ranked game: the
// exact search, fixed and Luby restarts, on Game (with the game's ordering
// and pruning) or, for a Bare step, on Bare. Table is the exact search's
// transposition table; Small the restarts' (each restart clears it, so it
// only needs a restart's nodes: SmallTableBytes). A game adds its own
// kinds (a beam) by wrapping Searches.
type Searches[S any, M any, G solver.Ranked[S, M]] struct {
	Game, Bare   G
	Start        S
	Table, Small solver.Table
	// Large is the Luby restarts' table (nil: Small): their restarts grow
	// to millions of nodes, which a small table would forget.
	Large solver.Table
	// Streamlined is Game with a streamliner (a guess that drops moves,
	// so a search on it is not exact), for a Streamline step (nil: the
	// game has none, the step is skipped), its restarts with their own
	// table Guess (Small's size): a guess's dead ends are not the game's,
	// and an exact search that read them could call a won deal lost.
	Streamlined *G
	Guess       solver.Table
	Lines       Lines[M]
	MaxDepth    int // the search's depth bound (0: solver's default)
	// Prove and Group, when set, are the exact search's proofs where it
	// lingers (solver.Searcher.Prove; not for a Bare step): the game's
	// relaxation.
	Prove func(s *S, budget int64) (solver.Verdict, int64)
	Group func(s *S) solver.Key
}

// SmallTableBytes is the memory of Searches.Small: room for 256k
// positions, fifty times a restart of DefaultUnit nodes.
const SmallTableBytes = 4 << 20

// LargeTableBytes is the memory of Searches.Large: room for 4M positions,
// a Luby restart of 2^9 units.
const LargeTableBytes = 64 << 20

// Arm makes the arm of step s (nil for a kind it has no search for).
func (a *Searches[S, M, G]) Arm(s Step) Arm[M] {
	g := a.Game
	if s.Bare {
		g = a.Bare
	}
	if s.Streamline {
		if a.Streamlined == nil || s.Kind != Restarts && s.Kind != Luby {
			return nil
		}
		g = *a.Streamlined
	}
	switch s.Kind {
	case Exact:
		e := &exactArm[S, M, G]{g: g, start: a.Start, table: a.Table, depth: a.MaxDepth}
		if !s.Bare {
			e.z.Prove, e.z.Group = a.Prove, a.Group
		}
		return e
	case Restarts:
		t := a.Small
		if s.Streamline {
			t = a.Guess
		}
		return &restartArm[S, M, G]{g: g, start: a.Start, table: t, depth: a.MaxDepth, guess: s.Streamline}
	case Luby:
		t := a.Large
		switch {
		case s.Streamline:
			t = a.Guess
		case t == nil:
			t = a.Small
		}
		return &restartArm[S, M, G]{g: g, start: a.Start, table: t, depth: a.MaxDepth, luby: true, guess: s.Streamline}
	}
	return nil
}

// Bounded is the restarts of step s with lines shorter than best (no
// Along or Follow: Searches has no search along a line).
func (a *Searches[S, M, G]) Bounded(s Step, best []M) Arm[M] {
	depth := len(best)
	if s.Kind != Restarts && s.Kind != Luby || s.Along || s.Follow || depth < 2 {
		return nil
	}
	arm := a.Arm(s).(*restartArm[S, M, G])
	arm.depth = depth - 1
	arm.seed = uint64(depth) << 32 // other orders than Find's
	return arm
}

// Polish is Lines.Polish.
func (a *Searches[S, M, G]) Polish(line []M) []M { return a.Lines.Polish(line) }

// Length is Lines.Length.
func (a *Searches[S, M, G]) Length(line []M) int { return a.Lines.Length(line) }

// exactArm is the exact search, resumed slice after slice.
type exactArm[S any, M any, G solver.Ranked[S, M]] struct {
	g       G
	start   S
	table   solver.Table
	depth   int
	z       solver.Searcher[S, M, G]
	started bool
	over    bool
}

func (e *exactArm[S, M, G]) Slice(ctx context.Context, opt solver.Options) solver.Result[M] {
	if e.over {
		return solver.Result[M]{Reason: solver.ReasonMaxDepth}
	}
	opt.Table, opt.MaxDepth = e.table, e.depth
	var r solver.Result[M]
	if !e.started {
		e.started = true
		r = e.z.Solve(ctx, e.g, e.start, opt)
	} else {
		r = e.z.Resume(ctx, e.g, opt)
	}
	// Over: a verdict, or the end with cut branches (nothing to resume).
	e.over = r.Verdict != solver.Unknown || r.Reason == solver.ReasonMaxDepth
	return r
}

func (e *exactArm[S, M, G]) Over() bool { return e.over }

func (e *exactArm[S, M, G]) Chunk() int64 { return 0 }

// restartArm is randomized restarts, the one under way resumed at the next
// slice.
type restartArm[S any, M any, G solver.Ranked[S, M]] struct {
	g     G
	start S
	table solver.Table
	depth int
	luby  bool
	guess bool // a streamlined game: an end without a win proves nothing
	seed  uint64
	rs    solver.Restarter[S, M, G]
	over  bool
}

func (r *restartArm[S, M, G]) Slice(ctx context.Context, opt solver.Options) solver.Result[M] {
	if r.over {
		return solver.Result[M]{Reason: solver.ReasonMaxNodes}
	}
	opt.Table, opt.MaxDepth = r.table, r.depth
	res := r.rs.Solve(ctx, r.g, r.start, solver.Schedule{Unit: DefaultUnit, Luby: r.luby}, r.seed+1, opt)
	r.over = res.Verdict != solver.Unknown
	if r.guess && res.Verdict == solver.Unwinnable {
		res.Verdict, res.Reason = solver.Unknown, solver.ReasonMaxDepth
	}
	return res
}

func (r *restartArm[S, M, G]) Over() bool { return r.over }

func (r *restartArm[S, M, G]) Chunk() int64 { return 0 }
