package ventaglio

import (
	"context"
	"iter"
	"math"

	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// Rollout is a line finder for Il Ventaglio, not a judge: nested
// rollouts of a cheap policy (Nested Monte-Carlo Search, Cazenave 2009; the
// iterated rollouts of Yan et al. 2004 for Klondike), for the games whose
// commitments cannot be undone (--empty-provisional never).
//
// Level 0 is one rollout: from a position it plays, until won or stuck,
// the wrapper's moves (dead ends already empty), a foundation move when
// the ordering leads with one, else one picked by the ordering with seeded
// randomness (the first with chance 1/2, the next with 1/2 of the rest, and
// so on; a move that empties a base last), never to a position on the
// current path (so base-to-base shuffles cannot loop), and stops after
// rolloutStall moves without a new card up. Its score is the best position
// it reached, by the beams' score (Beam.score, weighting E; a win
// above all). Level n from s first runs level n-1 from s and memorises its
// line; then at each position along the memorised line it runs level n-1
// from each child c and replaces the memorised line by the move to c and
// c's line only when that scores higher (so a level never ends below its
// best child, nor below level n-1 of the same seed), and steps one move
// along it, until the line's end. A win ends every level and is returned
// as a plain line of the rules' moves.
//
// Data layout: path is an open-addressed table (linear probing, a power of
// two, at most half full) of the keys of the positions on the current path
// from the search's start, the committed moves of every level and the
// rollout's; they are removed in the reverse order of their insertion (a
// stack, pathKeys), which in linear probing is clearing the slot (every
// key still in the table was put in before, when that slot was free, so no
// probe passes it). seq[n] is level n's best line, moves[n] its children;
// roll is the rollout's moves. All are kept from search to search, so a
// search allocates nothing once they have grown (a winning line is
// copied out). It is not safe for concurrent use.
type Rollout struct {
	h        Game
	b        *Beam // for its score
	cfg      BeamConfig
	path     []solver.Key // slots; the zero key is empty
	pathKeys []int32      // slots in the order filled
	seq      [][]vg.Move
	moves    [][]vg.Move
	roll     []vg.Move
	pick     []vg.Move
	rng      uint64
	nodes    int64
	budget   int64
	stop     bool
	ctx      context.Context
	// For Slices: ticks counts every node of every Search, yield hands
	// control back to the slice's caller at sliceEnd ticks, quit is set
	// when the caller has closed the slices.
	ticks    int64
	sliceEnd int64
	yield    func(solver.Result[vg.Move]) bool
	quit     bool
	// lastUp and lastScore are the cards up and the score at the end of
	// the last Search's best line.
	lastUp    int
	lastScore int64
	// Stall is how many moves a rollout goes on without a new card up
	// (0: rolloutStall).
	Stall int
}

// rolloutStall is a rollout's default stall bound: in the last pass only
// the bases' arrangements change, and a walk among them rarely puts a card
// up after this many moves.
const rolloutStall = 60

const winScore = math.MaxInt64

// NewRollout is a nested-rollout line finder over h's moves (h
// should prune and order).
func NewRollout(h Game) *Rollout {
	return &Rollout{h: h, b: NewBeam(h), cfg: WasteHeavy.Config(1, 0), path: make([]solver.Key, 1<<14)}
}

// Search runs level level from start with the policy's seed, within
// opt.MaxNodes (0: none; positions made, Apply's calls) and ctx. The result
// is Winnable with a line, or Unknown (ReasonMaxNodes or the context's
// reason when stopped, none when the level ended without a win). Best
// reports the level's best line.
func (r *Rollout) Search(ctx context.Context, start vg.State, level int, seed uint64, opt solver.Options) (res solver.Result[vg.Move]) {
	r.ctx, r.budget, r.nodes, r.stop = ctx, opt.MaxNodes, 1, false
	r.rng = solver.Fmix64(seed ^ 0x9e3779b97f4a7c15)
	for len(r.seq) <= level {
		r.seq = append(r.seq, nil)
		r.moves = append(r.moves, nil)
	}
	r.clearPath()
	defer func() { res.Stats.Nodes = r.nodes }()
	if r.h.Won(&start) {
		res.Verdict = solver.Winnable
		return res
	}
	r.push(r.h.Key(&start))
	sc, line := r.nested(level, start)
	r.popTo(0)
	end := start
	for _, m := range line {
		r.h.Apply(&end, m)
	}
	r.lastUp, r.lastScore = end.Up(), sc
	switch {
	case sc == winScore:
		res.Verdict = solver.Winnable
		res.Line = append([]vg.Move(nil), line...)
		res.Stats.MaxDepth = len(line)
	case r.stop && r.budget > 0 && r.nodes >= r.budget:
		res.Reason = solver.ReasonMaxNodes
	case r.stop:
		res.Reason = solver.StopReason(ctx.Err())
	}
	return res
}

// Iterate runs levels 1, 2, ... from start, each seeded seed+level, until
// a win or opt.MaxNodes or ctx stops it: a level that ends without a win
// leaves its budget to the next, deeper one. A level costs about the
// branching factor times the line's length times the level below (on the
// never deals: level 1 20-60 thousand nodes, level 2 millions), so the
// levels fit any budget as Luby's sequence does: the deepest level run
// has most of it.
func (r *Rollout) Iterate(ctx context.Context, start vg.State, seed uint64, opt solver.Options) solver.Result[vg.Move] {
	var nodes int64
	for level := 1; ; level++ {
		o := opt
		if o.MaxNodes > 0 {
			o.MaxNodes -= nodes
		}
		res := r.Search(ctx, start, level, seed+uint64(level), o)
		nodes += res.Stats.Nodes
		// A level that made no position (a start without moves) ends
		// it: every deeper one would make none either.
		if res.Verdict == solver.Winnable || res.Reason != "" || r.quit || res.Stats.Nodes <= 1 {
			res.Stats.Nodes = nodes
			return res
		}
	}
}

// nested is level n from s (on the path): its best score and line.
func (r *Rollout) nested(n int, s vg.State) (int64, []vg.Move) {
	if n == 0 {
		return r.rollout(s)
	}
	h := r.h
	mark := len(r.pathKeys)
	// The memorised line starts as level n-1's own from s, so level n
	// never ends below level n-1 of the same seed (that run is the first
	// thing each does with the coin).
	best, sub := r.nested(n-1, s)
	seq := append(r.seq[n][:0], sub...)
	if best == winScore || r.stop {
		r.seq[n] = seq
		return best, seq
	}
	cur := s
	for pos := 0; ; pos++ {
		ms := h.Moves(&cur, r.moves[n][:0])
		r.moves[n] = ms
		for _, m := range ms {
			c := cur
			h.Apply(&c, m)
			if r.count() {
				r.seq[n] = seq
				r.popTo(mark)
				return best, seq
			}
			if h.Won(&c) {
				seq = append(seq[:pos], m)
				r.seq[n] = seq
				r.popTo(mark)
				return winScore, seq
			}
			k := h.Key(&c)
			if r.onPath(k) {
				continue
			}
			top := len(r.pathKeys)
			r.push(k)
			sc, sub := r.nested(n-1, c)
			r.popTo(top)
			if sc > best {
				best = sc
				seq = append(append(seq[:pos], m), sub...)
				if sc == winScore || r.stop {
					r.seq[n] = seq
					r.popTo(mark)
					return best, seq
				}
			}
			if r.stop {
				r.seq[n] = seq
				r.popTo(mark)
				return best, seq
			}
		}
		if pos >= len(seq) {
			break
		}
		h.Apply(&cur, seq[pos])
		k := h.Key(&cur)
		if r.onPath(k) {
			break
		}
		r.push(k)
	}
	r.seq[n] = seq
	r.popTo(mark)
	return best, seq
}

// rollout is level 0 from s (on the path): the policy's play, its best
// score and the line to its best position.
func (r *Rollout) rollout(s vg.State) (int64, []vg.Move) {
	h := r.h
	mark := len(r.pathKeys)
	stall := r.Stall
	if stall <= 0 {
		stall = rolloutStall
	}
	best, bestLen := r.score(&s), 0
	r.roll = r.roll[:0]
	high, since := s.Up(), 0
	cur := s
	for since < stall {
		ms := h.Moves(&cur, r.moves[0][:0])
		r.moves[0] = ms
		// The candidates in the policy's order: the ordering's, moves
		// that empty a base last.
		r.pick = r.pick[:0]
		for _, m := range ms {
			if !h.empties(&cur, m) {
				r.pick = append(r.pick, m)
			}
		}
		for _, m := range ms {
			if h.empties(&cur, m) {
				r.pick = append(r.pick, m)
			}
		}
		var next vg.State
		found := false
		for len(r.pick) > 0 {
			i := 0
			if !r.pick[0].To().IsFound() {
				for i < len(r.pick)-1 && r.rand()&1 == 1 {
					i++
				}
			}
			m := r.pick[i]
			r.pick = append(r.pick[:i], r.pick[i+1:]...)
			next = cur
			h.Apply(&next, m)
			if r.count() {
				r.popTo(mark)
				return best, r.roll[:bestLen]
			}
			r.roll = append(r.roll, m)
			if h.Won(&next) {
				r.popTo(mark)
				return winScore, r.roll
			}
			k := h.Key(&next)
			if r.onPath(k) {
				r.roll = r.roll[:len(r.roll)-1]
				continue
			}
			r.push(k)
			found = true
			break
		}
		if !found {
			break
		}
		cur = next
		if sc := r.score(&cur); sc > best {
			best, bestLen = sc, len(r.roll)
		}
		if cur.Up() > high {
			high, since = cur.Up(), 0
		} else {
			since++
		}
	}
	r.popTo(mark)
	return best, r.roll[:bestLen]
}

func (r *Rollout) score(s *vg.State) int64 {
	if r.h.Won(s) {
		return winScore
	}
	return r.b.score(s, &r.cfg)
}

// count counts a node and reports whether the search must stop.
func (r *Rollout) count() bool {
	r.nodes++
	r.ticks++
	if r.yield != nil && r.ticks >= r.sliceEnd && !r.yield(solver.Result[vg.Move]{Reason: solver.ReasonMaxNodes}) {
		r.quit = true
	}
	if r.quit {
		r.stop = true
	} else if r.budget > 0 && r.nodes >= r.budget {
		r.stop = true
	} else if r.nodes&(1<<14-1) == 0 && r.ctx.Err() != nil {
		r.stop = true
	}
	return r.stop
}

// rand is the policy's coin: splitmix64.
func (r *Rollout) rand() uint64 {
	r.rng += 0x9e3779b97f4a7c15
	return solver.Fmix64(r.rng)
}

func (r *Rollout) clearPath() {
	for _, i := range r.pathKeys {
		r.path[i] = solver.Key{}
	}
	r.pathKeys = r.pathKeys[:0]
}

// slot is where k is in path, or the empty slot where it would go.
func (r *Rollout) slot(k solver.Key) int {
	mask := len(r.path) - 1
	i := int(solver.Fmix64(k.Lo^k.Hi*31)) & mask
	for r.path[i] != (solver.Key{}) && r.path[i] != k {
		i = (i + 1) & mask
	}
	return i
}

func (r *Rollout) onPath(k solver.Key) bool {
	return r.path[r.slot(k)] == k
}

// push puts k on the path (growing the table, rarely, past half full).
func (r *Rollout) push(k solver.Key) {
	if 2*(len(r.pathKeys)+1) > len(r.path) {
		old := r.pathKeys
		keys := make([]solver.Key, len(old))
		for j, i := range old {
			keys[j] = r.path[i]
		}
		r.path = make([]solver.Key, 2*len(r.path))
		r.pathKeys = r.pathKeys[:0]
		for _, x := range keys {
			r.insert(x)
		}
	}
	r.insert(k)
}

func (r *Rollout) insert(k solver.Key) {
	i := r.slot(k)
	r.path[i] = k
	r.pathKeys = append(r.pathKeys, int32(i))
}

// popTo takes off the path every key put on after the first n.
func (r *Rollout) popTo(n int) {
	for _, i := range r.pathKeys[n:] {
		r.path[i] = solver.Key{}
	}
	r.pathKeys = r.pathKeys[:n]
}

// RolloutSlices is Iterate from a start made a slice at a time, for a
// plan's turns (package plan's Arm): the recursion runs as a coroutine
// (iter.Pull) that hands control back when a slice's nodes are spent, so
// a level that takes millions of nodes goes on where it stopped at the
// next turn. Close ends it (a solve must, or the coroutine is left
// parked).
type RolloutSlices struct {
	r    *Rollout
	next func() (solver.Result[vg.Move], bool)
	stop func()
	over bool
}

// Slices is Iterate from start with seed (no budget of its own: each
// Slice's opt.MaxNodes bounds that slice).
func (r *Rollout) Slices(start vg.State, seed uint64) *RolloutSlices {
	r.quit, r.yield = false, nil
	var seq iter.Seq[solver.Result[vg.Move]] = func(yield func(solver.Result[vg.Move]) bool) {
		r.yield = yield
		defer func() { r.yield = nil }()
		if res := r.Iterate(context.Background(), start, seed, solver.Options{}); res.Verdict == solver.Winnable {
			yield(res)
		}
	}
	s := &RolloutSlices{r: r}
	s.next, s.stop = iter.Pull(seq)
	return s
}

// Slice goes on for at most opt.MaxNodes nodes (0: a turn of
// plan.DefaultUnit is the caller's to give; here 0 means no bound):
// Winnable with a line, or Unknown (max-nodes).
func (s *RolloutSlices) Slice(ctx context.Context, opt solver.Options) solver.Result[vg.Move] {
	if s.over {
		return solver.Result[vg.Move]{Reason: solver.ReasonMaxNodes}
	}
	before := s.r.ticks
	s.r.sliceEnd = math.MaxInt64
	if opt.MaxNodes > 0 {
		s.r.sliceEnd = before + opt.MaxNodes
	}
	res, ok := s.next()
	if !ok || res.Verdict == solver.Winnable {
		s.over = true
	}
	res.Stats.Nodes = max(s.r.ticks-before, 1)
	return res
}

// Over reports whether the slices are done (a win was handed out).
func (s *RolloutSlices) Over() bool { return s.over }

// Close ends the coroutine.
func (s *RolloutSlices) Close() { s.stop() }

// Chunk is 0: a slice stops at any node (a turn's unit).
func (s *RolloutSlices) Chunk() int64 { return 0 }
