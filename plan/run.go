package plan

import (
	"context"
	"time"

	"github.com/solitario/solitario/solver"
)

// Arm is one step's search on one deal, run a slice at a time: Slice goes
// on where the last slice stopped, for at most opt.MaxNodes nodes (and
// opt.Timeout), and returns what the slice did. An arm whose search is over
// without a verdict (a beam that ran dry, an exact search that ended with
// cut branches) answers Unknown with 0 nodes from then on and Over true.
type Arm[M any] interface {
	Slice(ctx context.Context, opt solver.Options) solver.Result[M]
	Over() bool
	// Chunk is the nodes the arm's next slice takes, if it cannot stop
	// sooner (a beam is one whole search); 0: any slice (a turn's unit).
	Chunk() int64
}

// Arms is what a game gives the runner for one deal: an Arm for a step
// (nil if the game has no such search; the step is skipped), a bounded
// arm for shortening (restarts whose lines have fewer than depth moves),
// and the line's own shortening and length.
type Arms[M any] interface {
	Arm(s Step) Arm[M]
	Bounded(s Step, depth int) Arm[M]
	// Polish shortens a winning line without search (it stays a win).
	Polish(line []M) []M
	// Length is the line's length as written (a game may write two search
	// moves as one).
	Length(line []M) int
}

// Run solves with plan p: Find until a verdict, the budget (opt.MaxNodes,
// 0 = none) or the clock (opt.Timeout) ends, then, after a win, Shorten.
// opt.Progress sees the running totals. The stats add up over every step.
func Run[M any](ctx context.Context, p Plan, a Arms[M], opt solver.Options) (res solver.Result[M]) {
	began := time.Now()
	const unit int64 = DefaultUnit
	st := &res.Stats
	defer func() { st.Elapsed = time.Since(began) }()
	// slice runs arm for at most n nodes within the time left, adding its
	// counts; ok is false when the clock or the context ended it.
	slice := func(arm Arm[M], n int64, o solver.Options) (solver.Result[M], bool) {
		if opt.Timeout > 0 {
			o.Timeout = opt.Timeout - time.Since(began)
			if o.Timeout <= 0 {
				return solver.Result[M]{Reason: solver.ReasonTimeout}, false
			}
		}
		o.MaxNodes = n
		if show := opt.Progress; show != nil {
			before := *st
			o.Progress = func(s solver.Stats) {
				s.Add(before)
				s.Elapsed = time.Since(began)
				show(s)
			}
		}
		r := arm.Slice(ctx, o)
		st.Add(r.Stats)
		stopped := r.Verdict == solver.Unknown && (r.Reason == solver.ReasonTimeout || r.Reason == solver.ReasonStopped)
		return r, !stopped
	}
	left := func() int64 {
		if opt.MaxNodes <= 0 {
			return 1 << 62
		}
		return opt.MaxNodes - st.Nodes
	}
	decided := func(r solver.Result[M], s Step) bool {
		return r.Verdict == solver.Winnable || r.Verdict == solver.Unwinnable && s.Kind != Beam
	}

	var turns []Arm[M]
	var turnSteps []Step
	res.Reason = solver.ReasonMaxNodes
	for _, s := range p.Find {
		arm := a.Arm(s)
		if arm == nil {
			continue
		}
		if s.Share <= 0 {
			turns, turnSteps = append(turns, arm), append(turnSteps, s)
			continue
		}
		budget := int64(s.Share * float64(opt.MaxNodes))
		if opt.MaxNodes <= 0 {
			budget = int64(s.Share * float64(solver.DefaultMaxNodes))
		}
		r, ok := slice(arm, min(budget, left()), opt)
		if decided(r, s) {
			res.Verdict, res.Reason, res.Line = r.Verdict, "", r.Line
			break
		}
		if !ok {
			res.Reason = r.Reason
			return res
		}
	}
	// Fair turns: the live arm that has used the fewest nodes goes next,
	// for a unit or its own chunk, so every arm gets the same nodes.
	used := make([]int64, len(turns))
	for res.Verdict == solver.Unknown && left() > 0 {
		next := -1
		for i, arm := range turns {
			if !arm.Over() && (next < 0 || used[i] < used[next]) {
				next = i
			}
		}
		if next < 0 {
			// Every arm is over without a verdict: an exact search that
			// cut branches, beams that ran dry.
			res.Reason = solver.ReasonMaxDepth
			break
		}
		arm := turns[next]
		n := unit
		if c := arm.Chunk(); c > 0 {
			n = c
		}
		before := st.Nodes
		r, ok := slice(arm, min(n, left()), opt)
		used[next] += max(st.Nodes-before, 1)
		if decided(r, turnSteps[next]) {
			res.Verdict, res.Reason, res.Line = r.Verdict, "", r.Line
			break
		}
		if !ok {
			res.Reason = r.Reason
			return res
		}
	}
	if res.Verdict != solver.Winnable {
		return res
	}
	res.Line = a.Polish(res.Line)
	if p.ShortenNodes <= 0 || len(p.Shorten) == 0 || a.Length(res.Line) <= p.GoodLine {
		return res
	}
	// Shorten: the bounded arms take turns on their own budget; each win
	// is shorter than the best so far, which then tightens the bound.
	end := st.Nodes + min(p.ShortenNodes, max(left(), 0))
	for a.Length(res.Line) > p.GoodLine && st.Nodes < end {
		live := 0
		depth := len(res.Line)
		for _, s := range p.Shorten {
			arm := a.Bounded(s, depth)
			if arm == nil {
				continue
			}
			for st.Nodes < end && !arm.Over() {
				live++
				n := unit
				if c := arm.Chunk(); c > 0 {
					n = c
				}
				r, ok := slice(arm, min(n, end-st.Nodes), opt)
				if r.Verdict == solver.Winnable {
					if line := a.Polish(r.Line); len(line) < len(res.Line) {
						res.Line = line
					}
					break
				}
				if !ok {
					if ctx.Err() != nil && r.Reason == solver.ReasonStopped {
						// Stopped (Ctrl-C) while shortening: the line is
						// not the one a whole solve writes, so the solve
						// counts as stopped (a resumed analyze solves the
						// deal again).
						return solver.Result[M]{Reason: solver.ReasonStopped, Stats: *st}
					}
					return res // out of time: the best line so far
				}
			}
			if len(res.Line) < depth {
				break // a shorter line: bound the arms again
			}
		}
		if live == 0 || len(res.Line) >= depth {
			break
		}
	}
	return res
}
