package solver

import (
	"context"
	"time"
)

// Verdict is the three-way answer of a search.
type Verdict uint8

const (
	// Unknown: a limit stopped the search (Result.Reason says which).
	Unknown Verdict = iota
	// Winnable: a won position is reachable; Result.Line reaches it.
	Winnable
	// Unwinnable: the whole reachable space was searched without a win.
	Unwinnable
)

// String is the RULES.md JSON spelling: "winnable", "unwinnable", "unknown".
func (v Verdict) String() string {
	switch v {
	case Winnable:
		return "winnable"
	case Unwinnable:
		return "unwinnable"
	}
	return "unknown"
}

// Reasons a search ends Unknown.
const (
	ReasonMaxNodes = "max-nodes" // Options.MaxNodes reached
	ReasonTimeout  = "timeout"   // Options.Timeout elapsed
	ReasonStopped  = "stopped"   // the context was cancelled (Ctrl-C)
	ReasonMaxDepth = "max-depth" // the stack reached Options.MaxDepth
)

// Options bound and equip one search.
type Options struct {
	// MaxNodes stops the search after this many nodes (positions generated);
	// 0 means no limit. Unit: nodes. Typical: 10–50 million for a hard deal.
	MaxNodes int64
	// Timeout stops the search after this wall time; 0 means none.
	Timeout time.Duration
	// MaxDepth bounds the search stack (moves in a line); 0 means 1<<20.
	MaxDepth int
	// Table is the transposition table; nil searches with the path check only.
	Table Table
	// Progress, when set, is called from the search goroutine about every
	// ProgressEvery nodes with the statistics so far. It must be quick.
	Progress func(Stats)
	// ProgressEvery is the progress period in nodes; 0 means 1<<18.
	ProgressEvery int64
}

// Stats are a search's counters.
type Stats struct {
	Nodes     int64         // positions generated (children made by Apply), plus the root
	CacheHits int64         // children skipped because the table held them
	PathHits  int64         // children skipped because they were on the current path
	Stored    int64         // positions stored in the table as finished without a win
	MaxDepth  int           // deepest stack reached, in moves
	Elapsed   time.Duration // wall time of the search
}

// Result is the outcome of Solve.
type Result[M any] struct {
	Verdict Verdict
	Reason  string // for Unknown: one of the Reason constants
	Line    []M    // for Winnable: the moves from the start to a won position
	Stats   Stats
}

type frame[S any, M any] struct {
	s     S
	key   Key
	moves []M
	next  int
}

// checkEvery is how many nodes pass between checks of the clock and context.
const checkEvery = 1 << 12

// Solve searches from start for a won position, depth first, and returns the
// verdict with a winning line. It never reports Unwinnable after a limit.
func Solve[S any, M any, G Game[S, M]](ctx context.Context, g G, start S, opt Options) Result[M] {
	began := time.Now()
	var res Result[M]
	st := &res.Stats
	st.Nodes = 1
	defer func() { st.Elapsed = time.Since(began) }()
	if g.Won(&start) {
		res.Verdict = Winnable
		return res
	}
	maxDepth := opt.MaxDepth
	if maxDepth <= 0 {
		maxDepth = 1 << 20
	}
	every := opt.ProgressEvery
	if every <= 0 {
		every = 1 << 18
	}
	var deadline time.Time
	if opt.Timeout > 0 {
		deadline = began.Add(opt.Timeout)
	}
	table := opt.Table
	path := newPathSet(1024)

	stack := make([]frame[S, M], 1, 256)
	stack[0].s = start
	stack[0].key = g.Key(&stack[0].s)
	stack[0].moves = g.Moves(&stack[0].s, make([]M, 0, 64))
	path.add(stack[0].key)
	nextCheck := int64(checkEvery)
	nextProgress := every

	for len(stack) > 0 {
		top := len(stack) - 1
		f := &stack[top]
		if f.next == len(f.moves) {
			if table != nil {
				table.Add(f.key)
				st.Stored++
			}
			path.remove(f.key)
			stack = stack[:top]
			continue
		}
		m := f.moves[f.next]
		f.next++
		child := f.s
		g.Apply(&child, m)
		st.Nodes++
		if g.Won(&child) {
			res.Verdict = Winnable
			res.Line = make([]M, len(stack))
			for i := range stack {
				res.Line[i] = stack[i].moves[stack[i].next-1]
			}
			return res
		}
		if st.Nodes >= nextCheck {
			nextCheck += checkEvery
			if opt.MaxNodes > 0 && st.Nodes >= opt.MaxNodes {
				res.Reason = ReasonMaxNodes
				return res
			}
			if !deadline.IsZero() && time.Now().After(deadline) {
				res.Reason = ReasonTimeout
				return res
			}
			if ctx.Err() != nil {
				res.Reason = ReasonStopped
				return res
			}
			if opt.Progress != nil && st.Nodes >= nextProgress {
				nextProgress += every
				st.Elapsed = time.Since(began)
				opt.Progress(*st)
			}
		} else if opt.MaxNodes > 0 && st.Nodes >= opt.MaxNodes {
			res.Reason = ReasonMaxNodes
			return res
		}
		k := g.Key(&child)
		if path.has(k) {
			st.PathHits++
			continue
		}
		if table != nil && table.Contains(k) {
			st.CacheHits++
			continue
		}
		if len(stack) >= maxDepth {
			res.Reason = ReasonMaxDepth
			return res
		}
		if len(stack) == cap(stack) {
			stack = append(stack, frame[S, M]{})
		} else {
			stack = stack[:len(stack)+1]
		}
		nf := &stack[len(stack)-1]
		nf.s = child
		nf.key = k
		nf.next = 0
		nf.moves = g.Moves(&nf.s, nf.moves[:0])
		path.add(k)
		if len(stack) > st.MaxDepth {
			st.MaxDepth = len(stack)
		}
	}
	res.Verdict = Unwinnable
	return res
}
