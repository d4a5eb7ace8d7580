package plan

import (
	"context"
	"sync"
	"time"

	"github.com/solitario/solitario/solver"
)

// Solved is Solve's answer: the plan's Result, the arms that gave it, and
// the goroutines it ran on.
type Solved[M any] struct {
	Result[M]
	// Arms are the deciding part's arms (else the first part's that ran;
	// nil when none ran).
	Arms Arms[M]
	// Workers is the goroutines the plan was split among (0: not split,
	// one Run).
	Workers int
}

// Solve runs p with arms made by newArms (table is the solve's
// transposition table for the arms that may use it, else nil): one Run on
// the calling goroutine when workers is 0 or 1 or p has one Find step,
// else Split among min(workers, len(p.Find)) goroutines, each part with
// arms of its own (an arm's memos and tables are not shared; opt.Table
// goes to the part that holds p's first Exact step, which alone uses it),
// until one part decides the deal, which stops the others: the verdict at
// a node budget is the whole plan's, in about 1/workers of its wall time
// when the steps' nodes are spread evenly. The answer is the deciding
// part's (its line, its shortening) with every part's nodes; with none,
// unknown for the strongest of the parts' reasons (stopped, then timeout,
// then max-nodes). The parts' progress is summed and shown one call at a
// time; when a part holds an Exact step, only from that part's goroutine
// (the callback may read the table, which that step writes). Arms that
// have a Close method are closed when their run ends.
func Solve[M any](ctx context.Context, p Plan, workers int, opt solver.Options, newArms func(table solver.Table) Arms[M]) Solved[M] {
	n := min(workers, len(p.Find))
	if n <= 1 {
		a := newArms(opt.Table)
		defer closeArms(a)
		return Solved[M]{Result: Run(ctx, p, a, opt), Arms: a}
	}
	owner := -1 // the part whose goroutine may touch opt.Table
	for i, s := range p.Find {
		if s.Kind == Exact {
			owner = i % n
			break
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make([]Result[M], n)
	parts := make([]Arms[M], n)
	progress := &partProgress{last: make([]solver.Stats, n), show: opt.Progress, owner: owner}
	var wg sync.WaitGroup
	var mu sync.Mutex
	decider := -1
	for k := range n {
		q, nodes := Split(p, k, n, opt.MaxNodes)
		if nodes == 0 && opt.MaxNodes > 0 {
			// No node of a small budget: the part does not run (Run
			// reads 0 as no bound).
			results[k].Reason = solver.ReasonMaxNodes
			continue
		}
		o := opt
		o.MaxNodes = nodes
		o.Progress = progress.of(k)
		if k != owner && owner >= 0 {
			o.Table = nil
		}
		parts[k] = newArms(o.Table)
		wg.Go(func() {
			defer closeArms(parts[k])
			results[k] = Run(ctx, q, parts[k], o)
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
		return Solved[M]{Result: r, Arms: parts[decider], Workers: n}
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
	out := Solved[M]{Result: r, Workers: n}
	for _, a := range parts {
		if a != nil {
			out.Arms = a
			break
		}
	}
	return out
}

// closeArms closes a's searches if it has a Close method.
func closeArms[M any](a Arms[M]) {
	if c, ok := a.(interface{ Close() }); ok {
		c.Close()
	}
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
// (each part's runner reports every progress period of its nodes, Run),
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
