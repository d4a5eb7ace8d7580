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
	// Score rates positions for a Restarts step with Along (higher is
	// nearer a win; nil: the game has none, the step is skipped).
	Score func(s *S) int
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
		if s.Along {
			if a.Score == nil {
				return nil
			}
			return &alongRestarts[S, M, G]{restartArm: restartArm[S, M, G]{g: g, start: a.Start, table: t, depth: a.MaxDepth, guess: s.Streamline}, score: a.Score}
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

// Best is the best-scored line of a step with Along in Find: the line
// from the start to the position of highest score the step's searches
// reached. Its moves are a legal line from the start, so a search from a
// position along it answers the line's moves up to there followed by its
// own.
type Best[M any] struct {
	Line  []M
	Score int
	set   bool
}

// Offer makes prefix followed by line the best line if score is higher
// than the best's (or there is none yet), and reports whether it did. The
// best line is a new slice: prefixes handed out before stay valid.
func (b *Best[M]) Offer(score int, prefix, line []M) bool {
	if b.set && score <= b.Score {
		return false
	}
	b.Line = append(append(make([]M, 0, len(prefix)+len(line)), prefix...), line...)
	b.Score, b.set = score, true
	return true
}

// Point plays onto *s (the start) the moves of b's line up to the first
// position whose score reaches v of the way from the start's to the best's
// (v in [0, 1): a van der Corput point), and returns those moves (nil
// while there is no best line).
func Point[S any, M any](b *Best[M], v float64, s *S, apply func(*S, M), score func(*S) int) []M {
	if !b.set {
		return nil
	}
	from := score(s)
	target := from + int(v*float64(b.Score-from))
	for i, m := range b.Line {
		if score(s) >= target {
			return b.Line[:i]
		}
		apply(s, m)
	}
	return b.Line
}

// alongRestarts is fixed restarts of which every other one starts from a
// position along the best line so far instead of the start (a Restarts
// step with Along, in Find): the line to the best-scored position any
// restart made (Best; a restart from along the line adds its own line to
// the prefix it started from). Restart k from along starts where
// the score first reaches v(k) of the way from the start's score to the
// best's, v the van der Corput sequence 1/2, 1/4, 3/4, 1/8, … (each round
// halves the gaps between the points tried). A restart from the start
// keeps what they prove (its end is an exact answer); one from along the
// line is a guess (its end proves only its own start lost).
type alongRestarts[S any, M any, G solver.Ranked[S, M]] struct {
	restartArm[S, M, G]
	score  func(s *S) int
	best   Best[M]
	k      int // restarts begun
	prefix []M // the line to the start of the restart under way
}

func (r *alongRestarts[S, M, G]) Slice(ctx context.Context, opt solver.Options) solver.Result[M] {
	if r.over {
		return solver.Result[M]{Reason: solver.ReasonMaxNodes}
	}
	r.rs.Score = r.score
	opt.Table, opt.MaxDepth = r.table, r.depth
	var total solver.Result[M]
	budget := opt.MaxNodes
	for budget <= 0 || total.Stats.Nodes < budget {
		o := opt
		if budget > 0 {
			o.MaxNodes = min(DefaultUnit, budget-total.Stats.Nodes)
		} else {
			o.MaxNodes = DefaultUnit
		}
		start := r.start
		if left := r.rs.Pending(); left > 0 {
			o.MaxNodes = min(o.MaxNodes, left) // only the restart under way
		} else {
			r.prefix = nil
			if r.k%2 == 1 {
				r.prefix = Point(&r.best, VanDerCorput(r.k/2+1), &start, r.g.Apply, r.score)
			}
			r.k++
		}
		res := r.rs.Solve(ctx, r.g, start, solver.Schedule{Unit: DefaultUnit}, r.seed+1, o)
		total.Stats.Add(res.Stats)
		total.Reason = res.Reason
		if res.Verdict == solver.Winnable {
			total.Verdict, total.Line = res.Verdict, append(append([]M(nil), r.prefix...), res.Line...)
			r.over = true
			return total
		}
		if res.Verdict == solver.Unwinnable && len(r.prefix) == 0 {
			// A restart from the start exhausted the space: the game is
			// lost (on a streamlined game, only the guess is).
			r.over = true
			total.Verdict = res.Verdict
			if r.guess {
				total.Verdict, total.Reason = solver.Unknown, solver.ReasonMaxDepth
			}
			return total
		}
		if r.rs.Pending() > 0 {
			return total // cut short by the slice: the next slice resumes it
		}
		sc, line := r.rs.Best()
		r.best.Offer(sc, r.prefix, line)
		if res.Reason == solver.ReasonTimeout || res.Reason == solver.ReasonStopped {
			return total
		}
	}
	total.Reason = solver.ReasonMaxNodes
	return total
}

// StartedAlong reports whether the restart under way (or the last one)
// started from along the best line (plan.StartedAlong).
func (r *alongRestarts[S, M, G]) StartedAlong() bool { return len(r.prefix) > 0 }

// VanDerCorput is the n-th term (from 1) of the van der Corput sequence
// 1/2, 1/4, 3/4, 1/8, 5/8, 3/8, …: n's binary digits mirrored after the
// point. Each round of terms halves the gaps between the points so far.
func VanDerCorput(n int) float64 {
	v := 0.0
	for f := 0.5; n > 0; n, f = n>>1, f/2 {
		v += float64(n&1) * f
	}
	return v
}
