package plan

import (
	"context"
	"time"

	"github.com/solitario/solitario/solver"
)

// Arm is one step's search on one deal, run a slice at a time: Slice goes
// on where the last slice stopped, for at most opt.MaxNodes nodes (and
// opt.Timeout), and returns what the slice did. An arm whose search is over
// without a verdict (an exact search that ended with cut branches) answers
// Over true and is given no more turns.
type Arm[M any] interface {
	Slice(ctx context.Context, opt solver.Options) solver.Result[M]
	Over() bool
	// Chunk is the nodes the arm's next slice takes, if it cannot stop
	// sooner (a beam is one whole search); 0: any slice (a turn's unit).
	Chunk() int64
}

// StartedAlong is what the arm of a step with Along may also say: whether
// its last slice's search started from along the best line (false: from
// the start). The runner names the step that decided a deal by it
// (Result.Step); an arm that does not say is named as its step.
type StartedAlong interface{ StartedAlong() bool }

// Result is a solve's answer and the step that decided it.
type Result[M any] struct {
	solver.Result[M]
	// Step is the Find step whose search answered the verdict (nil: none,
	// the deal is unknown), with Along only if that search started along
	// the line (StartedAlong); StepNodes is the nodes the step had used
	// then, its deciding slice included.
	Step      *Step
	StepNodes int64
}

// StepName is Step's name ("" without one).
func (r Result[M]) StepName() string {
	if r.Step == nil {
		return ""
	}
	return r.Step.String()
}

// Arms is what a game gives the runner for one deal: an Arm for a step
// (nil if the game has no such search; the step is skipped), an arm for
// shortening the winning line best (a search whose lines have fewer moves,
// or one started along best when s.Along), and the line's own shortening
// and length.
type Arms[M any] interface {
	Arm(s Step) Arm[M]
	Bounded(s Step, best []M) Arm[M]
	// Polish shortens a winning line without search (it stays a win).
	Polish(line []M) []M
	// Length is the line's length as written (a game may write two search
	// moves as one).
	Length(line []M) int
}

// runner is one Run: the budget, the clock, the progress and the totals.
type runner[M any] struct {
	ctx   context.Context
	opt   solver.Options
	began time.Time
	st    solver.Stats
	shown int64 // rn.st.Nodes at the last progress call
}

// left is the nodes left of the budget (a large number without one).
func (rn *runner[M]) left() int64 {
	if rn.opt.MaxNodes <= 0 {
		return 1 << 62
	}
	return rn.opt.MaxNodes - rn.st.Nodes
}

// slice runs arm for at most n nodes within the time left, adding its
// counts; ok is false when the clock or the context ended it.
func (rn *runner[M]) slice(arm Arm[M], n int64) (solver.Result[M], bool) {
	o := rn.opt
	// Each arm owns its table: one that searched in another's (a beam
	// clears and refills its table) would make it read positions as proved.
	o.Table = nil
	if rn.opt.Timeout > 0 {
		o.Timeout = rn.opt.Timeout - time.Since(rn.began)
		if o.Timeout <= 0 {
			return solver.Result[M]{Reason: solver.ReasonTimeout}, false
		}
	}
	o.MaxNodes = n
	if show := rn.opt.Progress; show != nil {
		before := rn.st
		o.Progress = func(s solver.Stats) {
			s.Add(before)
			rn.shown = s.Nodes
			s.Elapsed = time.Since(rn.began)
			show(s)
		}
	}
	r := arm.Slice(rn.ctx, o)
	rn.st.Add(r.Stats)
	// The runner reports too, every progress period of its own: an arm
	// whose searches are each smaller than the period (a restart of
	// DefaultUnit nodes) never reports, and a plan of such arms alone (a
	// part of a split plan) would show nothing.
	every := rn.opt.ProgressEvery
	if every <= 0 {
		every = solver.DefaultProgressEvery
	}
	if show := rn.opt.Progress; show != nil && rn.st.Nodes-rn.shown >= every {
		rn.shown = rn.st.Nodes
		s := rn.st
		s.Elapsed = time.Since(rn.began)
		show(s)
	}
	stopped := r.Verdict == solver.Unknown && (r.Reason == solver.ReasonTimeout || r.Reason == solver.ReasonStopped)
	return r, !stopped
}

// turns runs arms in weighted turns until end nodes in all: the live arm
// whose used nodes over its weight are fewest goes next (ties: the first),
// for a unit or its own chunk, so that every arm gets nodes in proportion
// to its weight (weights[i] > 0). It stops at the first slice that done
// accepts (i is the arm's index, used the nodes it has used, that slice
// included), and says why it stopped otherwise: the
// budget (max-nodes), every arm over (max-depth), or the clock or context
// (timeout, stopped; ok false).
func (rn *runner[M]) turns(arms []Arm[M], weights []float64, end int64, done func(i int, used int64, r solver.Result[M]) bool) (r solver.Result[M], reason string, ok bool) {
	used := make([]int64, len(arms))
	for rn.st.Nodes < end {
		next := -1
		for i, arm := range arms {
			// used[i]/weights[i] < used[next]/weights[next], without division.
			if !arm.Over() && (next < 0 || float64(used[i])*weights[next] < float64(used[next])*weights[i]) {
				next = i
			}
		}
		if next < 0 {
			return r, solver.ReasonMaxDepth, true
		}
		n := int64(DefaultUnit)
		if c := arms[next].Chunk(); c > 0 {
			n = c
		}
		before := rn.st.Nodes
		r, ok = rn.slice(arms[next], min(n, end-rn.st.Nodes))
		used[next] += max(rn.st.Nodes-before, 1)
		if done(next, used[next], r) {
			return r, "", true
		}
		if !ok {
			return r, r.Reason, false
		}
	}
	return r, solver.ReasonMaxNodes, true
}

// Run solves with plan p: Find until a verdict, the budget (opt.MaxNodes,
// 0 = none) or the clock (opt.Timeout) ends, then, after a win, Shorten.
// opt.Progress sees the running totals. The stats add up over every step.
func Run[M any](ctx context.Context, p Plan, a Arms[M], opt solver.Options) (res Result[M]) {
	rn := &runner[M]{ctx: ctx, opt: opt, began: time.Now()}
	defer func() {
		res.Stats = rn.st
		res.Stats.Elapsed = time.Since(rn.began)
	}()
	decided := func(r solver.Result[M], s Step) bool {
		// Only the exact searches' ends are proofs (the package doc).
		return r.Verdict == solver.Winnable || r.Verdict == solver.Unwinnable && (s.Kind == Exact || s.Kind == Restarts || s.Kind == Luby)
	}
	// won records step s of arm as the one that decided the deal.
	won := func(s Step, arm Arm[M], nodes int64) {
		if t, ok := arm.(StartedAlong); ok && s.Along && !t.StartedAlong() {
			s.Along = false
		}
		res.Step, res.StepNodes = &s, nodes
	}
	var turns []Arm[M]
	var turnSteps []Step
	var weights []float64
	for _, s := range p.Find {
		arm := a.Arm(s)
		if arm == nil {
			continue
		}
		if s.Share <= 0 {
			turns, turnSteps, weights = append(turns, arm), append(turnSteps, s), append(weights, s.weight())
			continue
		}
		budget := int64(s.Share * float64(opt.MaxNodes))
		if opt.MaxNodes <= 0 {
			budget = int64(s.Share * float64(solver.DefaultMaxNodes))
		}
		before := rn.st.Nodes
		r, ok := rn.slice(arm, min(budget, rn.left()))
		if decided(r, s) {
			res.Verdict, res.Line = r.Verdict, r.Line
			won(s, arm, rn.st.Nodes-before)
			break
		}
		if !ok {
			res.Reason = r.Reason
			return res
		}
	}
	if res.Verdict == solver.Unknown {
		r, reason, _ := rn.turns(turns, weights, rn.st.Nodes+rn.left(), func(i int, used int64, r solver.Result[M]) bool {
			if !decided(r, turnSteps[i]) {
				return false
			}
			won(turnSteps[i], turns[i], used)
			return true
		})
		if reason != "" {
			res.Reason = reason
			return res
		}
		res.Verdict, res.Line = r.Verdict, r.Line
	}
	if res.Verdict != solver.Winnable {
		return res
	}
	res.Line = a.Polish(res.Line)
	// Shorten: the bounded arms take turns on their own budget until
	// one finds a shorter line, which then tightens the bound.
	end := rn.st.Nodes + min(p.ShortenNodes, max(rn.left(), 0))
	for a.Length(res.Line) > p.GoodLine && rn.st.Nodes < end {
		var arms []Arm[M]
		var weights []float64
		for _, s := range p.Shorten {
			if arm := a.Bounded(s, res.Line); arm != nil {
				arms, weights = append(arms, arm), append(weights, s.weight())
			}
		}
		_, reason, ok := rn.turns(arms, weights, end, func(_ int, _ int64, r solver.Result[M]) bool {
			if r.Verdict != solver.Winnable {
				return false
			}
			if line := a.Polish(r.Line); len(line) < len(res.Line) {
				res.Line = line
				return true
			}
			return false
		})
		if !ok && reason == solver.ReasonStopped {
			// Stopped (Ctrl-C) while shortening: the line is not the one a
			// whole solve writes, so the solve counts as stopped (a
			// resumed analyze solves the deal again).
			return Result[M]{Result: solver.Result[M]{Reason: solver.ReasonStopped}}
		}
		if reason != "" {
			break // out of budget or time: the best line so far
		}
	}
	return res
}
