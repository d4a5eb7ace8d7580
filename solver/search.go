package solver

import (
	"context"
	"errors"
	"time"
	"unsafe"
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
	ReasonTimeout  = "timeout"   // Options.Timeout elapsed, or the context's deadline passed
	ReasonStopped  = "stopped"   // the context was cancelled (Ctrl-C)
	// ReasonMaxDepth: the search ended, but some branch was cut at
	// Options.MaxDepth, so its end proves nothing.
	ReasonMaxDepth = "max-depth"
)

// Options bound and equip one search.
type Options struct {
	// MaxNodes stops the search when it would make a node past this many
	// (positions generated, root included); 0 means no limit. Unit: nodes.
	// Typical: 10–50 million for a hard deal; a node costs 20–200 ns.
	MaxNodes int64
	// Timeout stops the search after this wall time; 0 means none. It is
	// checked every 4096 nodes, so it may be overrun by that much work.
	Timeout time.Duration
	// MaxDepth bounds the search stack, in moves from the start; 0 means
	// 1<<20. Every level holds one position and one move list, so it bounds
	// the stack's memory. A child past it is not searched: the search
	// backtracks and goes on (it never stops as a whole there), and if it
	// then ends without a win the verdict is Unknown, reason max-depth.
	MaxDepth int
	// Table is the transposition table; nil searches with the path check
	// only. Solve clears it first (its entries are sound for one search).
	Table Table
	// Progress, when set, is called from the search goroutine about every
	// ProgressEvery nodes with the statistics so far (Elapsed filled in). It
	// must be quick; it may read the Table (same goroutine).
	Progress func(Stats)
	// ProgressEvery is the progress period in nodes; 0 means 1<<16. Progress
	// is called at most once per 4096 nodes.
	ProgressEvery int64
}

// Stats are a search's counters.
type Stats struct {
	Nodes      int64         // positions generated (children made by Apply), plus the root
	CacheHits  int64         // children skipped because the table held them
	PathHits   int64         // children skipped because they were on the current path
	Stored     int64         // positions offered to the table as finished without a win
	MaxDepth   int           // deepest position searched, in moves from the start
	Cut        int64         // children not searched because they lay past Options.MaxDepth
	Proved     int64         // positions the Searcher's Prove proved lost (their subtrees dropped)
	ProveNodes int64         // nodes Prove spent (also counted in Nodes)
	Elapsed    time.Duration // wall time of the search
}

// Result is the outcome of Solve.
type Result[M any] struct {
	Verdict Verdict
	Reason  string // for Unknown: one of the Reason constants
	Line    []M    // for Winnable: the moves from the start to a won position
	Stats   Stats
}

// frame is one level of the explicit stack: a position, its key, and its
// moves, which lie in the Searcher's move arena: moves[next:end] are the
// ones left to try (the one tried last is moves[next-1]). A frame holds no
// pointer, so the stack is memory the collector never scans and a copy
// without write barriers when it grows.
type frame[S any] struct {
	s         S
	key       Key
	next, end int32
	// cut: a descendant was cut at the depth bound, so this position is
	// not finished without a win and must not enter the table.
	cut bool
}

// DefaultMaxNodes is the node limit of a solve when none is given (the
// CLI's --max-nodes default): where a plan with no limit sizes its shares.
const DefaultMaxNodes = 50_000_000

// checkEvery is how many nodes pass between checks of the clock and context.
const checkEvery = 1 << 12

// specBytes is the table size from which a search makes a child's moves
// before it probes the table (run): a smaller table stays in the caches,
// where its probe is quick and the moves of the children it holds would be
// made for nothing (seed 338's fixed restarts on their 4 MiB table: about
// 5% faster without).
const specBytes = 8 << 20

// DefaultProgressEvery is Options.ProgressEvery's default, in nodes.
const DefaultProgressEvery = 1 << 16

// defaultMaxDepth is Options.MaxDepth's default, in moves.
const defaultMaxDepth = 1 << 20

// Searcher runs searches one after another, keeping its stack, move arena
// and path set between them: once they have grown to a search's depth, a
// search allocates nothing (a win allocates its Line). A search stopped by
// a limit can be resumed where it stopped (Resume): a solve can give one
// exact search its budget in slices, between other searches, and never
// repeat its work. The zero value is ready to use. A Searcher is not safe
// for concurrent use: give each goroutine its own (and its own Table).
type Searcher[S any, M any, G Game[S, M]] struct {
	// Prove and Group, when both set, prove positions lost where the
	// search lingers. Group names a position's group (positions of one
	// group tend to be one subgame: a game's position less its most shuffled
	// places);
	// the search counts the positions it makes per group, and at
	// ProveFirst of them and each doubling after, asks Prove about the
	// position at hand, with a budget of ProveRatio nodes per position
	// counted. Prove(s, budget) searches on its own (a relaxation of the
	// game) within about budget nodes, or with budget 0 answers from what
	// it has proved already: Unwinnable means proved lost. The search then
	// stores the position as finished, and drops the frames below it that
	// Prove (budget 0) now knows lost, so that a proof ends the walk
	// through a whole subgame at once. Prove's nodes count in Stats.Nodes,
	// and stay below the search's own: proving at most doubles a search.
	Prove func(s *S, budget int64) (v Verdict, nodes int64)
	Group func(s *S) Key
	// ProveFirst is the positions of a group before its first proof
	// attempt; 0 is DefaultProveFirst.
	ProveFirst int64
	// Score, when set, rates the positions the search makes (higher is
	// nearer a win, such as the cards up): the search keeps the line
	// to the first position of the highest score it made (Best), for a
	// search that restarts along it (plan: restarts Along).
	Score func(s *S) int
	// order, when set, reorders the moves of each position the search is
	// about to search, after Moves (a Restarter: its shuffle). It is
	// called only for positions searched, in the order they are pushed.
	order orderer[S, M]

	stack []frame[S] // the last search's frames; depth of them are live
	// moves is the move arena: the moves of the frames on the stack, one
	// frame's after its parent's (the start's from 0), len = cap; a
	// child's are made at its parent's end. It grows by doubling when
	// Moves outgrows it.
	moves  []M
	path   pathSet
	depth  int          // frames on the stack when the last search stopped
	live   bool         // the last search stopped at a limit: Resume may go on
	cut    int64        // branches the last search cut at the depth bound, in all
	deep   int          // the last search's deepest position, in all
	table  Table        // the last search's table (Resume must be given the same)
	nodes  int64        // the last search's nodes in all slices
	spent  int64        // of them, Prove's
	proof  bool         // Prove proved the start lost
	groups []groupCount // per-group counters (direct-mapped)
	best   []M          // the line to the last search's best-scored position
	score  int          // its score
}

// orderer reorders the moves of a position the search is about to search.
type orderer[S any, M any] interface {
	reorder(s *S, buf []M)
}

// Best is the highest Score of a position the last search made (the
// start's if none scored higher) and the line to the first one (owned by
// z: the next search overwrites it); 0 and nil without Score.
func (z *Searcher[S, M, G]) Best() (score int, line []M) { return z.score, z.best }

// groupCount is a slot of the per-group counters.
type groupCount struct {
	key        Key
	made, next int64 // positions made in the group; made at the next attempt
}

const (
	// DefaultProveFirst is a group's positions before its first attempt.
	DefaultProveFirst = 2_000
	// ProveRatio is an attempt's budget per position of its group.
	ProveRatio = 4
	// proveMaxBudget bounds one attempt (about half a second), so that the
	// clock and the context are checked often enough.
	proveMaxBudget = 2_000_000
	groupSlots     = 1 << 14 // 48 bytes each
)

// Solve searches from start for a won position, depth first, and returns the
// verdict with a winning line. It never reports Unwinnable after a limit.
// It is a one-off Searcher: callers solving many deals reuse a Searcher.
func Solve[S any, M any, G Game[S, M]](ctx context.Context, g G, start S, opt Options) Result[M] {
	var z Searcher[S, M, G]
	return z.Solve(ctx, g, start, opt)
}

// StopReason maps a done context to a Reason: a passed deadline is a
// timeout, anything else (cancel, Ctrl-C) is stopped.
func StopReason(err error) string {
	if errors.Is(err, context.DeadlineExceeded) {
		return ReasonTimeout
	}
	return ReasonStopped
}

// Solve is the package's Solve on z's buffers. A context already done gives
// Unknown at once (reason stopped, or timeout for a passed deadline).
func (z *Searcher[S, M, G]) Solve(ctx context.Context, g G, start S, opt Options) (res Result[M]) {
	began := time.Now()
	defer func() { res.Stats.Elapsed = time.Since(began) }()
	z.live = false
	z.depth, z.cut, z.deep = 0, 0, 0
	z.nodes, z.spent, z.proof = 1, 0, false
	if z.Prove != nil && z.Group != nil {
		if z.groups == nil {
			z.groups = make([]groupCount, groupSlots)
		}
		clear(z.groups)
	}
	if err := ctx.Err(); err != nil {
		res.Reason = StopReason(err)
		return res
	}
	// Empty the path set by its keys (the positions left on the stack):
	// clearing its arrays would cost their size, which grows with the
	// deepest search, at every one of many short restarts.
	z.path.reset()
	z.table = opt.Table
	if z.table != nil {
		z.table.Clear()
	}
	if cap(z.stack) == 0 {
		z.stack = make([]frame[S], 0, 256)
	}
	res.Stats.Nodes = 1
	// The start is copied into the stack before any method sees its address
	// (a parameter passed by address through the dictionary would escape).
	z.stack = z.stack[:1]
	f := &z.stack[0]
	f.s = start
	if g.Won(&f.s) {
		res.Verdict = Winnable
		return res
	}
	f.key = g.Key(&f.s)
	f.next, f.end = 0, z.movesAt(g, &f.s, 0)
	f.cut = false
	if z.order != nil {
		z.order.reorder(&f.s, z.moves[f.next:f.end])
	}
	z.path.add(f.key, mix(f.key))
	z.depth = 1
	z.best, z.score = z.best[:0], 0
	if z.Score != nil {
		z.score = z.Score(&f.s)
	}
	z.run(ctx, g, opt, &res)
	return res
}

// Resume goes on with the last search of z where a limit stopped it, under
// opt's limits (MaxNodes and Timeout count from now); opt.Table must be the
// table that search used. The result is this slice's: its Stats count the
// slice's nodes, and its verdict is the search's (Unwinnable only once the
// whole search is over). If the last search cannot go on (it ended, or
// none was made), Resume returns Unknown with reason stopped.
func (z *Searcher[S, M, G]) Resume(ctx context.Context, g G, opt Options) (res Result[M]) {
	began := time.Now()
	defer func() { res.Stats.Elapsed = time.Since(began) }()
	if !z.live || opt.Table != z.table {
		res.Reason = ReasonStopped
		return res
	}
	if err := ctx.Err(); err != nil {
		res.Reason = StopReason(err)
		return res
	}
	z.run(ctx, g, opt, &res)
	return res
}

// run is the search loop, from the frames on z's stack, until a win, the
// end, or a limit; it sets res and whether the search may be resumed.
func (z *Searcher[S, M, G]) run(ctx context.Context, g G, opt Options, res *Result[M]) {
	began := time.Now()
	st := &res.Stats
	maxDepth := opt.MaxDepth
	if maxDepth <= 0 {
		maxDepth = defaultMaxDepth
	}
	every := opt.ProgressEvery
	if every <= 0 {
		every = DefaultProgressEvery
	}
	var deadline time.Time
	if opt.Timeout > 0 {
		deadline = began.Add(opt.Timeout)
	}
	table := z.table
	path := &z.path
	stack := z.stack[:z.depth]
	st.MaxDepth = z.deep
	base := z.nodes - st.Nodes // the slice's nodes count from here
	proving := z.Prove != nil && z.Group != nil
	// A child's table slot is prefetched once its key is known, and
	// (spec) its moves are made before the table is asked about it, while
	// the slot loads: a probe of a table larger than the caches is a miss
	// of about 150 ns, which would otherwise stall the search. Moves
	// depends on the position alone (Game), so making them early changes
	// nothing but the time; a child the table holds wastes them, so only
	// in a table of specBytes or more (checked as it grows). Not while
	// proving: a proof (between the probe and the moves) may change what
	// Moves prunes.
	// A key is mixed once for the path set and the table: a Flat table
	// (the default) is called directly with the mix, any other through
	// Table.
	pre, _ := table.(Prefetcher)
	flat, _ := table.(*Flat)
	early := func() bool { return table != nil && !proving && table.Bytes() >= specBytes }
	spec := early()
	defer func() {
		z.nodes = base + st.Nodes
		z.stack, z.depth = stack, len(stack)
		z.cut += st.Cut
		z.deep = max(z.deep, st.MaxDepth)
		z.live = res.Verdict == Unknown && len(stack) > 0 && res.Reason != ReasonMaxDepth
	}()
	nextCheck := (st.Nodes/checkEvery + 1) * checkEvery
	nextProgress := (st.Nodes/every + 1) * every

	for len(stack) > 0 {
		top := len(stack) - 1
		f := &stack[top]
		if f.next == f.end {
			// Finished without a win: every child was searched, found in
			// the table, or is on the path (see the package doc).
			switch {
			case f.cut:
				// Not finished: a branch below was cut. The parent is
				// not finished either.
				if top > 0 {
					stack[top-1].cut = true
				}
			case table != nil:
				table.Add(f.key)
				st.Stored++
			}
			path.pop()
			stack = stack[:top]
			continue
		}
		if opt.MaxNodes > 0 && st.Nodes >= opt.MaxNodes {
			// Only when there is a node left to make: a search that ends
			// within MaxNodes keeps its verdict.
			res.Reason = ReasonMaxNodes
			return
		}
		m := z.moves[f.next]
		f.next++
		// The child is made in the next frame's slot, not in a local: a
		// local whose address goes to g's methods (called through the
		// generic dictionary) would escape to the heap, one allocation a
		// node. Growing the stack happens only at a new depth.
		if len(stack) == cap(stack) {
			stack = growStack(stack, maxDepth)
			f = &stack[top]
		}
		nf := &stack[:top+2][top+1]
		nf.s = f.s
		g.Apply(&nf.s, m)
		st.Nodes++
		if g.Won(&nf.s) {
			res.Verdict = Winnable
			res.Line = make([]M, len(stack))
			for i := range stack {
				res.Line[i] = z.moves[stack[i].next-1]
			}
			if len(stack) > st.MaxDepth {
				st.MaxDepth = len(stack)
			}
			return
		}
		if st.Nodes >= nextCheck {
			nextCheck += checkEvery
			spec = early()
			if !deadline.IsZero() && time.Now().After(deadline) {
				res.Reason = ReasonTimeout
				return
			}
			if err := ctx.Err(); err != nil {
				res.Reason = StopReason(err)
				return
			}
			if opt.Progress != nil && st.Nodes >= nextProgress {
				nextProgress = st.Nodes + every
				st.Elapsed = time.Since(began)
				opt.Progress(*st)
			}
		}
		k := g.Key(&nf.s)
		h := mix(k)
		if flat != nil {
			flat.prefetchMixed(h)
		} else if pre != nil {
			pre.Prefetch(k)
		}
		if path.has(k, h) {
			st.PathHits++
			continue
		}
		if spec {
			nf.end = z.movesAt(g, &nf.s, f.end)
		}
		if flat != nil && flat.containsMixed(k, h) || flat == nil && table != nil && table.Contains(k) {
			st.CacheHits++
			continue
		}
		if len(stack) >= maxDepth {
			// Past the bound: skip the child, remember that this branch
			// is incomplete, and go on with the next move.
			st.Cut++
			f.cut = true
			continue
		}
		if proving && z.prove(&nf.s, base+st.Nodes, st) {
			// Proved lost: finished, and so may be the frames below.
			if table != nil {
				table.Add(k)
				st.Stored++
			}
			if stack = z.drop(stack, st); len(stack) == 0 {
				break
			}
			continue
		}
		stack = stack[:top+2]
		nf.key = k
		nf.next = f.end
		nf.cut = false
		if !spec {
			nf.end = z.movesAt(g, &nf.s, f.end)
		}
		if z.order != nil {
			z.order.reorder(&nf.s, z.moves[nf.next:nf.end])
		}
		path.add(k, h)
		if top+1 > st.MaxDepth {
			st.MaxDepth = top + 1
		}
		if z.Score != nil {
			if sc := z.Score(&nf.s); sc > z.score {
				z.score, z.best = sc, z.best[:0]
				for i := range stack[:top+1] {
					z.best = append(z.best, z.moves[stack[i].next-1])
				}
			}
		}
	}
	if z.cut+st.Cut > 0 && !z.proof {
		res.Reason = ReasonMaxDepth
		return
	}
	res.Verdict = Unwinnable
}

// movesAt makes the moves of s in the arena from at on (g.Moves appends
// them to z.moves[at:at]) and returns their end. If Moves outgrew the
// arena (or answered a list of its own), the arena grows to twice its size
// or more and the moves are copied in.
func (z *Searcher[S, M, G]) movesAt(g G, s *S, at int32) int32 {
	ms := g.Moves(s, z.moves[at:at])
	end := int(at) + len(ms)
	if len(ms) > 0 && unsafe.SliceData(ms) != unsafe.SliceData(z.moves[at:]) {
		if end > len(z.moves) {
			grown := make([]M, max(2*len(z.moves), end, 1024))
			copy(grown, z.moves[:at])
			z.moves = grown
		}
		copy(z.moves[at:], ms)
	}
	return int32(end)
}

// growStack is stack with room for one frame more: twice the room, or all
// the depth bound needs (maxDepth frames and the child cut past it) once
// twice reaches maxDepth. append's growth for large slices (1.25x) copied a
// stack 2^18 frames deep four times over on its way there, and faulted in
// five times its memory; plain doubling stopped at 2^18 frames, one short
// of the bound's 2^18+1, and copied the whole stack again (58 MiB for the
// largest game's) for the one frame more.
func growStack[S any](stack []frame[S], maxDepth int) []frame[S] {
	n := max(2*cap(stack), 256)
	if n >= maxDepth {
		n = max(maxDepth+1, cap(stack)+1)
	}
	grown := make([]frame[S], len(stack), n)
	copy(grown, stack)
	return grown
}

// prove counts s in its group and, when the group's count reaches its
// next attempt, asks Prove about s; it reports a proof.
func (z *Searcher[S, M, G]) prove(s *S, now int64, st *Stats) bool {
	k := z.Group(s)
	c := &z.groups[Fmix64(k.Hi*0x9E3779B97F4A7C15^k.Lo)&(groupSlots-1)]
	if c.key != k || c.next == 0 {
		first := z.ProveFirst
		if first <= 0 {
			first = DefaultProveFirst
		}
		*c = groupCount{key: k, next: first}
	}
	c.made++
	if c.made < c.next {
		return false
	}
	c.next *= 2
	budget := min(ProveRatio*c.made, proveMaxBudget, now-2*z.spent)
	if budget <= 0 {
		return false
	}
	v, n := z.Prove(s, budget)
	z.spent += n
	st.Nodes += n
	st.ProveNodes += n
	if v != Unwinnable {
		return false
	}
	st.Proved++
	return true
}

// drop pops the frames on top of the stack that Prove (budget 0) knows
// lost, storing them as finished; a dropped start makes the search's
// verdict Unwinnable whatever was cut.
func (z *Searcher[S, M, G]) drop(stack []frame[S], st *Stats) []frame[S] {
	for len(stack) > 0 {
		top := len(stack) - 1
		if v, _ := z.Prove(&stack[top].s, 0); v != Unwinnable {
			break
		}
		z.path.pop()
		if z.table != nil {
			z.table.Add(stack[top].key)
			st.Stored++
		}
		stack = stack[:top]
		if top == 0 {
			z.proof = true
		}
	}
	return stack
}

// StackBytes is the memory of a search stack depth frames deep for
// positions S and moves M: the frames and, per frame, a move list of
// movesPerFrame moves. A plan derives the heap its searches need from it.
func StackBytes[S any, M any](depth, movesPerFrame int) int64 {
	var f frame[S]
	var m M
	return int64(depth) * (int64(unsafe.Sizeof(f)) + int64(movesPerFrame)*int64(unsafe.Sizeof(m)))
}
