package heuristics

import (
	"context"
	"slices"

	"github.com/solitario/solitario/plan"
	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// VentaglioMacro is a line finder for Il Ventaglio (made for
// --empty-provisional never): depth-first searches with Luby restarts whose
// moves are the rules' moves with the provisional bases' reversible
// shuffles (base to base without emptying the source; reversible because
// the card beneath the moved one was its neighbour when it was put there)
// replaced by macro moves. A search that branches on the shuffles one at a
// time wanders inside the huge sets of arrangements they reach; a macro
// move instead is a shortest shuffle path, found by a bounded breadth-first
// search from the position over reversible shuffles alone, to an
// arrangement that enables a progress move not available now, followed by
// that move: a base top to a foundation, the waste top or the arc card onto
// a base (the feature: which card goes up, or which base top takes the
// waste or arc card). Each new feature gives one child, from its nearest
// arrangement. The other moves (to foundations, from the arc, waste and
// stock, draws, redeals, moves that empty a base) stay as they are. A line
// is the macros' paths written out, so it is a plain line of the rules'
// moves. The children come in Ventaglio.MoveClass's classes (of their last
// move, in the arrangement it is made from), shuffled inside a class from
// the second restart on. Not exact: an end proves nothing (the shuffles
// left out may be needed), a win is a legal line.
//
// Data layout: the depth-first stack is frames (a position and its
// children's range in kids); a child is its shuffle path (a range of
// paths) and its last move. kids and paths grow and shrink with the
// stack. The breadth-first search keeps its arrangements in bfs (the
// queue itself: a node's parent and the move from it), deduped by
// bseen on a hash of the bases' stacks in sorted order (the bases'
// order does not count, as in the key). Table is the positions the
// restart under way entered (the rules' key; nil: none kept, the search
// cannot cycle anyway, as every move it makes changes the stock, waste,
// arc, reserve or foundations or empties a base for good). All are kept
// from call to call: the hot path allocates only when they grow.
type VentaglioMacro struct {
	h Ventaglio
	g vg.Game
	// Work is the positions one macro expansion may generate (the
	// breadth-first search's bound); Unit the Luby unit of the restarts.
	Work, Unit int64
	// Seed is the restarts' shuffle stream's seed.
	Seed uint64
	// Shuffled marks every arrangement a macro expansion reaches as
	// entered: a position whose bases an earlier expansion reached from
	// one with the same outer state (same stock, waste, arc, reserve,
	// foundations) has its macros among that one's, as far as the
	// expansion's bound let it see.
	Shuffled bool
	// Along starts every other restart from a position along the best
	// line so far (the line to the most cards up), as plan's Along steps
	// do: restart 2k+1 where the cards up first reach v(k+1) of the way
	// from the start's to the best's, v the van der Corput sequence.
	Along bool
	// Table is the positions entered (see above; nil: none).
	Table solver.Table

	frames []macroFrame
	kids   []macroChild
	paths  []vg.Move
	bfs    []macroNode
	bseen  map[uint64]struct{}
	buf    []vg.Move
	trace  []vg.Move

	start   vg.State
	restart uint64 // the restart under way (its Luby term and seed offset)
	used    int64  // nodes the restart under way has used
	rng     uint64
	nodes   int64 // nodes in all
	bestUp  int
	stuck   bool // the restart under way ended (exhausted its tree)
	// best is the line to the most cards up so far; prefix the line to
	// the restart under way's start; runUp and runLine the restart's own
	// most cards up and the line to them from its start.
	best    plan.Best[vg.Move]
	prefix  []vg.Move
	runUp   int
	runLine []vg.Move
}

// macroFrame is a position on the depth-first stack and its children
// kids[lo:hi], next the one to try next; paths was len(paths) on entry.
type macroFrame struct {
	s            vg.State
	lo, hi, next int32
	pathsAtEntry int32
}

// macroChild is the shuffles paths[at:at+n] followed by move.
type macroChild struct {
	at, n int32
	move  vg.Move
	class int8
}

// macroNode is an arrangement of the breadth-first search: reached from
// node parent by move (parent -1: the root).
type macroNode struct {
	s      vg.State
	parent int32
	move   vg.Move
}

// NewVentaglioMacro is a macro finder on h (ordering and pruning on) from
// start, work positions a macro expansion and Luby unit unit.
func NewVentaglioMacro(h Ventaglio, start vg.State, work, unit int64, seed uint64) *VentaglioMacro {
	return &VentaglioMacro{h: h, g: h.g, Work: work, Unit: unit, Seed: seed, start: start,
		bseen: map[uint64]struct{}{}}
}

// Nodes is the positions generated so far (every Apply counts, the
// breadth-first searches' too).
func (f *VentaglioMacro) Nodes() int64 { return f.nodes }

// BestUp is the most cards up a position entered so far had.
func (f *VentaglioMacro) BestUp() int { return f.bestUp }

// Restarts is the restarts begun so far.
func (f *VentaglioMacro) Restarts() uint64 { return f.restart + 1 }

// Run goes on with the search for up to budget more nodes (it resumes
// where the last Run stopped) and returns a winning line, or nil.
func (f *VentaglioMacro) Run(ctx context.Context, budget int64) []vg.Move {
	end := f.nodes + budget
	if len(f.frames) == 0 && f.used == 0 {
		f.begin()
	}
	for f.nodes < end {
		if f.nodes&0x3ff == 0 && ctx.Err() != nil {
			return nil
		}
		if f.stuck || f.used >= solver.Luby(f.restart+1)*f.Unit {
			f.restart++
			f.begin()
			continue
		}
		top := len(f.frames) - 1
		fr := &f.frames[top]
		if fr.next == fr.hi {
			f.kids = f.kids[:fr.lo]
			f.paths = f.paths[:fr.pathsAtEntry]
			f.frames = f.frames[:top]
			if top == 0 {
				f.stuck = true
			}
			continue
		}
		c := f.kids[fr.next]
		fr.next++
		t := fr.s
		for _, m := range f.paths[c.at : c.at+c.n] {
			f.g.Apply(&t, m)
		}
		f.g.Apply(&t, c.move)
		f.count(int64(c.n) + 1)
		if f.g.Won(&t) {
			return f.line()
		}
		if f.Table != nil {
			k := f.g.Key(&t)
			if f.Table.Contains(k) {
				continue
			}
			f.Table.Add(k)
		}
		f.bestUp = max(f.bestUp, t.Up())
		if f.Along && t.Up() > f.runUp {
			f.runUp = t.Up()
			f.runLine = f.appendLine(f.runLine[:0])
		}
		f.push(&t)
	}
	return nil
}

func (f *VentaglioMacro) count(n int64) { f.nodes += n; f.used += n }

// begin starts restart f.restart from the start.
func (f *VentaglioMacro) begin() {
	f.frames, f.kids, f.paths = f.frames[:0], f.kids[:0], f.paths[:0]
	if f.Table != nil {
		f.Table.Clear()
	}
	f.used, f.stuck = 0, false
	f.rng = f.Seed + f.restart*0x9E3779B97F4A7C15
	s := f.start
	if f.Along {
		if f.runUp > 0 {
			f.best.Offer(f.runUp, f.prefix, f.runLine)
		}
		f.prefix, f.runUp = nil, 0
		if f.restart%2 == 1 {
			up := func(s *vg.State) int { return s.Up() }
			f.prefix = plan.Point(&f.best, plan.VanDerCorput(int(f.restart/2)+1), &s, f.g.Apply, up)
		}
	}
	f.count(1) // the start: an exhausted tree still costs a node
	if f.Table != nil {
		f.Table.Add(f.g.Key(&s))
	}
	f.push(&s)
}

// line is the prefix and the moves of the stack's chosen children,
// written out.
func (f *VentaglioMacro) line() []vg.Move {
	return f.appendLine(append([]vg.Move(nil), f.prefix...))
}

// appendLine appends the stack's chosen children's moves to out.
func (f *VentaglioMacro) appendLine(out []vg.Move) []vg.Move {
	for i := range f.frames {
		c := f.kids[f.frames[i].next-1]
		out = append(out, f.paths[c.at:c.at+c.n]...)
		out = append(out, c.move)
	}
	return out
}

// reversible reports whether m is a shuffle that leaves its source base a
// card (so the move back is legal: the card beneath was m's card's
// neighbour when m's card was put on it).
func reversible(s *vg.State, m vg.Move) bool {
	return isShuffle(m) && s.Height(int(m.From()-vg.P1)) > 1
}

// macroFeatures is the progress a position offers, bit per card (Card
// values are below 64): the base tops that can go up, and the base tops
// that take the waste top and the arc card.
type macroFeatures struct{ up, waste, arc uint64 }

// feature adds m's progress to ft and reports whether it was new (false
// for a move that is not progress).
func macroFeature(g vg.Game, s *vg.State, m vg.Move, ft *macroFeatures) bool {
	from, to := m.From(), m.To()
	var p *uint64
	var bit uint64
	switch {
	case from.IsProv() && to.IsFound():
		c, _ := g.Free(s, from)
		p, bit = &ft.up, 1<<(c&63)
	case to.IsProv() && (from == vg.Waste || from == vg.Arc):
		c, _ := g.Free(s, to)
		p, bit = &ft.waste, 1<<(c&63)
		if from == vg.Arc {
			p = &ft.arc
		}
	default:
		return false
	}
	if *p&bit != 0 {
		return false
	}
	*p |= bit
	return true
}

// push puts s on the stack with its children.
func (f *VentaglioMacro) push(s *vg.State) {
	fr := macroFrame{s: *s, lo: int32(len(f.kids)), pathsAtEntry: int32(len(f.paths))}
	f.buf = f.h.Moves(s, f.buf)
	ms := f.buf
	if len(ms) == 0 {
		fr.hi, fr.next = fr.lo, fr.lo
		f.frames = append(f.frames, fr)
		return
	}
	shuffles := false
	for _, m := range ms {
		if reversible(s, m) {
			shuffles = true
			continue
		}
		f.kids = append(f.kids, macroChild{at: int32(len(f.paths)), move: m, class: int8(f.h.MoveClass(s, m))})
	}
	// A lone safe move (Ventaglio.Moves) is played alone; otherwise the
	// macros, when there are shuffles to make.
	if shuffles {
		f.expand(s)
	}
	kids := f.kids[fr.lo:]
	slices.SortStableFunc(kids, func(a, b macroChild) int { return int(a.class) - int(b.class) })
	if f.restart > 0 {
		for lo := 0; lo < len(kids); {
			hi := lo + 1
			for hi < len(kids) && kids[hi].class == kids[lo].class {
				hi++
			}
			for i := hi - 1; i > lo; i-- {
				f.rng += 0x9E3779B97F4A7C15
				j := lo + int(solver.Fmix64(f.rng)%uint64(i-lo+1))
				kids[i], kids[j] = kids[j], kids[i]
			}
			lo = hi
		}
	}
	fr.hi, fr.next = int32(len(f.kids)), fr.lo
	f.frames = append(f.frames, fr)
}

// expand appends s's macro children: a breadth-first search over
// reversible shuffles from s, at most f.Work positions, each new feature's
// nearest arrangement with the move it enables.
func (f *VentaglioMacro) expand(s *vg.State) {
	var have macroFeatures
	f.buf = f.g.Moves(s, f.buf)
	for _, m := range f.buf {
		macroFeature(f.g, s, m, &have)
	}
	f.bfs = append(f.bfs[:0], macroNode{s: *s, parent: -1})
	clear(f.bseen)
	f.bseen[basesHash(s)] = struct{}{}
	work := int64(0)
	for i := 0; i < len(f.bfs); i++ {
		t := f.bfs[i].s
		f.buf = f.g.Moves(&t, f.buf)
		if i > 0 {
			for _, m := range f.buf {
				if macroFeature(f.g, &t, m, &have) && !f.h.Dead(&t) {
					at := int32(len(f.paths))
					f.paths = append(f.paths, f.path(int32(i))...)
					f.kids = append(f.kids, macroChild{at: at, n: int32(len(f.paths)) - at, move: m, class: int8(f.h.MoveClass(&t, m))})
				}
			}
		}
		if work >= f.Work {
			continue // no more arrangements: the queue's rest is still looked at
		}
		for _, m := range f.buf {
			if !reversible(&t, m) {
				continue
			}
			c := t
			f.g.Apply(&c, m)
			work++
			k := basesHash(&c)
			if _, ok := f.bseen[k]; ok {
				continue
			}
			f.bseen[k] = struct{}{}
			f.bfs = append(f.bfs, macroNode{s: c, parent: int32(i), move: m})
			if f.Shuffled && f.Table != nil {
				f.Table.Add(f.g.Key(&c))
			}
		}
	}
	f.count(work)
}

// path is the shuffles from the breadth-first search's root to node id.
func (f *VentaglioMacro) path(id int32) []vg.Move {
	f.trace = f.trace[:0]
	for ; f.bfs[id].parent >= 0; id = f.bfs[id].parent {
		f.trace = append(f.trace, f.bfs[id].move)
	}
	slices.Reverse(f.trace)
	return f.trace
}

// basesHash hashes the bases' stacks in sorted order (FNV-1a per stack),
// so that arrangements equal but for the bases' order are one.
func basesHash(s *vg.State) uint64 {
	var hs [vg.Provisional]uint64
	for i := range vg.Provisional {
		h := uint64(14695981039346656037) ^ uint64(s.Height(i))
		for j := range s.Height(i) {
			h = (h ^ uint64(s.ProvCard(i, j))) * 1099511628211
		}
		hs[i] = h
	}
	slices.Sort(hs[:])
	h := uint64(0)
	for _, x := range hs {
		h = solver.Fmix64(h ^ x)
	}
	return h
}
