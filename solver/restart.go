package solver

import (
	"context"
	"time"
)

// Ranked is a game whose moves a restart may reorder: MoveClass puts each
// move in a class, and a restart tries the classes in increasing order,
// the moves inside a class in a pseudo-random order (class 0 might be the
// moves to a foundation, 1 the rest; or the game's whole move ordering).
type Ranked[S any, M any] interface {
	Game[S, M]
	MoveClass(s *S, m M) int
}

// shuffle reorders buf, the moves of s in g, for a restart: sorted by
// class (stable), each class's moves shuffled (Fisher–Yates) by the
// SplitMix64 stream *rng, which every shuffle advances. It keeps g's moves,
// so a restart has g's verdicts: a shuffled search that wins or exhausts
// answers for g.
func shuffle[S any, M any, G Ranked[S, M]](g G, s *S, buf []M, rng *uint64) {
	var class [64]int8
	n := min(len(buf), len(class))
	for i := range n {
		class[i] = int8(g.MoveClass(s, buf[i]))
	}
	// Insertion sort by class: move lists are short.
	for i := 1; i < n; i++ {
		m, c := buf[i], class[i]
		j := i
		for j > 0 && class[j-1] > c {
			buf[j], class[j] = buf[j-1], class[j-1]
			j--
		}
		buf[j], class[j] = m, c
	}
	for lo := 0; lo < n; {
		hi := lo + 1
		for hi < n && class[hi] == class[lo] {
			hi++
		}
		for i := hi - 1; i > lo; i-- {
			*rng += 0x9E3779B97F4A7C15
			j := lo + int(Fmix64(*rng)%uint64(i-lo+1))
			buf[i], buf[j] = buf[j], buf[i]
		}
		lo = hi
	}
}

// Restarter runs randomized restarts: depth-first searches from the start,
// each with the moves shuffled anew and a node budget of its own. It keeps
// its Searcher's buffers between restarts. The zero value is ready.
type Restarter[S any, M any, G Ranked[S, M]] struct {
	// z searches g with the moves of every position it searches shuffled
	// (its order is the Restarter: reorder).
	z Searcher[S, M, G]
	g G // the game of the Solve under way
	// Next is the index of the next restart: Solve goes on from it (its
	// seed offset and its place in the Luby sequence), so a solve can
	// interleave restarts with other searches; set it to 0 for a new deal.
	Next uint64
	// left is what the restart Next still has of its budget when the total
	// budget cut it short (0: none is under way): the next Solve resumes
	// it instead of starting it again. table is the table it used.
	left  int64
	table Table
	rng   uint64 // the shuffle stream of the restart under way
	// Score is Searcher.Score for the restarts (nil: none).
	Score func(s *S) int
	// Prove, Group and ProveFirst are Searcher's, for the restarts: a
	// dive that lingers in one group (a lost endgame) asks for a proof.
	// The group counts start afresh with each restart; what Prove has
	// proved it keeps, for every restart after.
	Prove      func(s *S, budget int64) (Verdict, int64)
	Group      func(s *S) Key
	ProveFirst int64
}

// reorder is the Searcher's order: the shuffle of the restart under way.
func (rs *Restarter[S, M, G]) reorder(s *S, buf []M) { shuffle(rs.g, s, buf, &rs.rng) }

// Pending is the nodes left to the restart under way (0: none): the next
// Solve resumes it, from its own start, whatever start it is given.
func (rs *Restarter[S, M, G]) Pending() int64 { return rs.left }

// Best is Searcher.Best of the last restart (with Score).
func (rs *Restarter[S, M, G]) Best() (score int, line []M) { return rs.z.Best() }

// Schedule is the node budgets of successive restarts: Unit each, or with
// Luby the Luby sequence times Unit (1 1 2 1 1 2 4 1 1 2 …: within a log
// factor of the best fixed budget for every distribution of run lengths,
// and unbounded, so that a restart eventually gets the budget to exhaust
// a finite space).
type Schedule struct {
	Unit int64 // nodes
	Luby bool
}

// budget is the node budget of restart i (0-based).
func (sc Schedule) budget(i uint64) int64 {
	if !sc.Luby {
		return sc.Unit
	}
	return Luby(i+1) * sc.Unit
}

// Luby is the i-th term (1-based) of the Luby sequence 1 1 2 1 1 2 4 1 1 2
// 1 1 2 4 8 …
func Luby(i uint64) int64 {
	for {
		k := uint(1)
		for uint64(1)<<k-1 < i {
			k++
		}
		if i == uint64(1)<<k-1 {
			return 1 << (k - 1)
		}
		i -= uint64(1)<<(k-1) - 1
	}
}

// Solve runs restarts seeded seed+Next, seed+Next+1, … with the budgets
// of sched from its term Next on,
// until one wins or exhausts its space (both exact answers for g), or
// opt.MaxNodes nodes in all (0: no limit), opt.Timeout or ctx end them
// (Unknown with that reason). opt.Table is cleared by each restart. The
// stats add up over the restarts; Progress sees the running total.
func (rs *Restarter[S, M, G]) Solve(ctx context.Context, g G, start S, sched Schedule, seed uint64, opt Options) Result[M] {
	began := time.Now()
	var total Result[M]
	st := &total.Stats
	defer func() { st.Elapsed = time.Since(began) }()
	show := opt.Progress
	for ; ; rs.Next++ {
		i := rs.Next
		if opt.MaxNodes > 0 && st.Nodes >= opt.MaxNodes {
			total.Reason = ReasonMaxNodes
			return total
		}
		o := opt
		o.MaxNodes = sched.budget(i)
		if opt.MaxNodes > 0 {
			o.MaxNodes = min(o.MaxNodes, opt.MaxNodes-st.Nodes)
		}
		if opt.Timeout > 0 {
			o.Timeout = opt.Timeout - time.Since(began)
			if o.Timeout <= 0 {
				total.Reason = ReasonTimeout
				return total
			}
		}
		if show != nil {
			before := *st
			o.Progress = func(s Stats) {
				s.Add(before)
				s.Elapsed = time.Since(began)
				show(s)
			}
		}
		var r Result[M]
		rs.g, rs.z.order = g, rs
		rs.z.Score = rs.Score
		rs.z.Prove, rs.z.Group, rs.z.ProveFirst = rs.Prove, rs.Group, rs.ProveFirst
		if rs.left > 0 && opt.Table == rs.table {
			// The restart the last Solve cut short goes on.
			o.MaxNodes = rs.left
			if opt.MaxNodes > 0 {
				o.MaxNodes = min(rs.left, opt.MaxNodes-st.Nodes)
			}
			r = rs.z.Resume(ctx, g, o)
			rs.left -= r.Stats.Nodes
		} else {
			rs.rng = seed + i
			r = rs.z.Solve(ctx, g, start, o)
			rs.left = sched.budget(i) - r.Stats.Nodes
			rs.table = opt.Table
		}
		st.Add(r.Stats)
		if r.Verdict != Unknown {
			rs.Next++
			rs.left = 0
			total.Verdict, total.Line = r.Verdict, r.Line
			return total
		}
		if r.Reason == ReasonMaxNodes && rs.left > 0 {
			// Cut short by the total budget: the next Solve resumes it.
			total.Reason = r.Reason
			return total
		}
		rs.left = 0
		if r.Reason != ReasonMaxNodes && r.Reason != ReasonMaxDepth {
			total.Reason = r.Reason
			return total
		}
		// A restart that hit its budget or cut a branch proves nothing:
		// the next one tries another order.
		total.Reason = r.Reason
	}
}

// Add adds the counters of s to st (MaxDepth: the larger; Elapsed is left
// alone): the stats of a solve made of several searches.
func (st *Stats) Add(s Stats) {
	st.Nodes += s.Nodes
	st.CacheHits += s.CacheHits
	st.PathHits += s.PathHits
	st.Stored += s.Stored
	st.Cut += s.Cut
	st.Proved += s.Proved
	st.ProveNodes += s.ProveNodes
	st.MaxDepth = max(st.MaxDepth, s.MaxDepth)
}
