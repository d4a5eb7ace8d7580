package ventaglio

import (
	"cmp"
	"context"
	"slices"
	"time"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// Beam is a line finder for Il Ventaglio, not a judge: a beam
// search. It plays the game layer by layer, one move a layer: every child of
// the positions kept is made (with the exact wrapper's moves: dead ends and
// redundant moves already dropped), children seen before are dropped, and
// only the Width best by a score are kept for the next layer. A win is a
// legal line (every move came from the rules' Moves; the commands replay it
// through the referee before they print or write it); a beam that runs dry
// or out of budget proves nothing.
//
// Why it is here. A depth-first search commits to its first moves and
// wanders for millions of nodes among the provisional bases' arrangements
// below a bad one; the probes' restarts help, but on the hardest winnable
// deals (seeds 251 and 338 of 1..1000) neither finds a line in 250M nodes.
// A beam compares thousands of positions at the same depth and keeps the
// ones that have made the most progress, so one bad early move costs it
// nothing.
//
// The score (higher is better) weighs, in order: cards on the foundations;
// cards the foundations will want soon buried on the provisional bases (a
// card whose foundation lacks fewer than four cards before it, more the
// deeper it lies); cards on the provisional bases; the pass; cards in the
// waste; and a seeded hash of the position, so that different seeds keep
// different positions among equals. The weights of a BeamConfig are its
// Weighting.
//
// A Beam keeps its buffers from search to search; it is not safe
// for concurrent use.
type Beam struct {
	h     Game
	cur   []vg.State // the layer's kept positions
	next  []beamNode
	order []beamRank
	links []beamLink // every layer's kept nodes' links, one layer after another
	layer []int      // start of each layer in links
	moves []vg.Move
	keys  []solver.Key // the keys of a layer's children, made before they are looked up
	slots []divSlot    // diversify's hash table
	// Follow's progress, of each position of cur and next, and its index of
	// the base cards' moves up.
	curK, nextK []followAt
	pending     []int32
	// Follow's index of its commitments, for dig (digIndex): takes lists
	// the commitments that take a card from a base, in order; takeAt[i] is
	// the first of them at i or later (an index into takes), putAt[i] the
	// first commitment at i or later that puts a card onto a base
	// (len(cms): none). depth[c] is card c's depth from a base's top in
	// the position dig weighs, valid where stamp[c] is gen.
	takes, takeAt, putAt []int32
	depth                [256]int16
	stamp                [256]uint32
	gen                  uint32
	// The last Search's best kept position: its cards up, its layer (from
	// 1; 0: the start) and its index there.
	bestUp, bestLayer, bestIdx int
	kept                       []beamRank // keepLive's buffer
	// buried[su][PairCode(lo, hi)][r] is score's weight of a buried card
	// of suit su and rank r when the suit's foundations hold lo <= hi
	// cards: 4 less its waitFor, 0 from 4 on. Made once for the deal:
	// working it out card by card was a tenth of a beam's time.
	buried [4][128][16]int8
	// Lost, when set, is asked in every search about each child about to
	// be kept: one it reports lost (with the nodes it spent, counted in the
	// search's) is dropped and the next best takes its place. It must be
	// sound (report only positions that cannot be won), so a layer keeps
	// every live child it kept without it, and more in the freed places.
	// The plan sets none (measured, docs/experiments.md: under
	// --empty-provisional never neither the dead-end tests nor the
	// suit-blind relaxation made the beams win more).
	Lost func(s *vg.State, m vg.Move) (lost bool, nodes int64)
}

// divSlot is a slot of diversify's table: an outer key's hash (0: empty)
// and the index of its best entry.
type divSlot struct {
	sig uint64
	at  int32
}

// beamNode is a child made in a layer: its position, the index of its
// parent among the layer's kept positions, and the move.
type beamNode struct {
	s      vg.State
	parent int32
	move   vg.Move
}

type beamRank struct {
	score int64
	i     int32
}

type beamLink struct {
	parent int32
	move   vg.Move
}

// NewBeam is a beam line finder over h's moves (h should prune:
// its dead-end tests keep lost positions out of the beam).
func NewBeam(h Game) *Beam {
	b := &Beam{h: h}
	d := h.g.Deal()
	for su := range 4 {
		for hi := range vg.SuitLength + 1 {
			for lo := range hi + 1 {
				row := &b.buried[su][vg.PairCode(uint8(lo), uint8(hi))]
				for r := range vg.SuitLength {
					if w := waitFor(d, deck.NewCard(su, r), lo, hi); w < 4 {
						row[r] = int8(4 - w)
					}
				}
			}
		}
	}
	return b
}

// Search runs one beam search from start. opt.MaxNodes bounds the children
// made (0: no bound), opt.Timeout and ctx stop it (checked between layers),
// opt.Progress is called between layers about every opt.ProgressEvery
// nodes, opt.Table (cleared first) holds the positions seen; without one, positions already in the
// beam may come back. The result is Winnable with a line, or Unknown: with
// the reason of the limit that stopped it, or no reason when the beam ran
// dry (every child seen or lost) or stalled (beamStall layers without a
// new high of cards up).
func (b *Beam) Search(ctx context.Context, start vg.State, cfg BeamConfig, opt solver.Options) (res solver.Result[vg.Move]) {
	began := time.Now()
	st := &res.Stats
	defer func() { st.Elapsed = time.Since(began) }()
	width := max(cfg.Width, 1)
	noise := uint64(max(cfg.Noise, 1))
	var deadline time.Time
	if opt.Timeout > 0 {
		deadline = began.Add(opt.Timeout)
	}
	table := opt.Table
	if table != nil {
		table.Clear()
	}
	h := b.h
	b.cur = append(b.cur[:0], start)
	b.links, b.layer = b.links[:0], b.layer[:0]
	st.Nodes = 1
	if h.Won(&start) {
		res.Verdict = solver.Winnable
		return res
	}
	if table != nil {
		table.Add(h.Key(&start))
	}
	pre, _ := table.(solver.Prefetcher)
	nextCheck := st.Nodes + checkBeam
	every := opt.ProgressEvery
	if every <= 0 {
		every = 1 << 16
	}
	nextProgress := every
	best, bestAt := start.Up(), 0 // most cards up in a layer, and that layer
	b.bestUp, b.bestLayer = best, 0
	for len(b.cur) > 0 && len(b.layer)-bestAt <= beamStall {
		b.next, b.order, b.keys = b.next[:0], b.order[:0], b.keys[:0]
		// A child is looked up in the table beamLag children after it is
		// made, its slot prefetched when made, so that the lookups' cache
		// misses overlap the making of the children between; the lookups
		// go in the order the children were made, as if each came right
		// after its child. b.next[j] is the j-th child made (b.keys[j] its
		// key); those not seen before are ranked in b.order by their index
		// (not moved down over the others: a copy of 200 bytes each).
		won, full := -1, false
		checked := 0
		for pi := range b.cur {
			b.moves = h.Moves(&b.cur[pi], b.moves[:0])
			undo := b.undo(pi)
			for _, m := range b.moves {
				if m == undo {
					continue
				}
				if opt.MaxNodes > 0 && st.Nodes >= opt.MaxNodes {
					full = true
					break
				}
				// Made in its slot: appended as a literal, the node was
				// built aside and copied in.
				if len(b.next) == cap(b.next) {
					b.next = slices.Grow(b.next, 1)
				}
				b.next = b.next[:len(b.next)+1]
				c := &b.next[len(b.next)-1]
				c.s, c.parent, c.move = b.cur[pi], int32(pi), m
				h.Apply(&c.s, m)
				st.Nodes++
				if h.Won(&c.s) {
					won = len(b.next) - 1
					break
				}
				k := h.Key(&c.s)
				b.keys = append(b.keys, k)
				if pre != nil {
					pre.Prefetch(k)
				}
				if len(b.keys)-checked > beamLag {
					b.keep(checked, table, &cfg, noise, st)
					checked++
				}
			}
			if full || won >= 0 {
				break
			}
		}
		for ; checked < len(b.keys); checked++ {
			b.keep(checked, table, &cfg, noise, st)
		}
		if full {
			res.Reason = solver.ReasonMaxNodes
			return res
		}
		if won >= 0 {
			res.Verdict = solver.Winnable
			res.Line = b.line(won)
			st.MaxDepth = len(res.Line)
			return res
		}
		if st.Nodes >= nextCheck {
			nextCheck = st.Nodes + checkBeam
			if !deadline.IsZero() && time.Now().After(deadline) {
				res.Reason = solver.ReasonTimeout
				return res
			}
			if err := ctx.Err(); err != nil {
				res.Reason = solver.StopReason(err)
				return res
			}
			if opt.Progress != nil && st.Nodes >= nextProgress {
				nextProgress = st.Nodes + every
				st.Elapsed = time.Since(began)
				opt.Progress(*st)
			}
		}
		if b.Lost != nil {
			b.keepLive(width, cfg.Diverse, b.Lost, st)
		} else {
			if len(b.order) > width && cfg.Diverse {
				b.diversify()
			}
			if len(b.order) > width {
				selectTop(b.order, width)
				b.order = b.order[:width]
			}
		}
		// Keep the chosen children, in the order they were made.
		b.layer = append(b.layer, len(b.links))
		b.cur = b.cur[:0]
		for i, r := range b.order {
			n := &b.next[r.i]
			b.links = append(b.links, beamLink{parent: n.parent, move: n.move})
			b.cur = append(b.cur, n.s)
			if n.s.Up() > best {
				best, bestAt = n.s.Up(), len(b.layer)
				b.bestUp, b.bestLayer, b.bestIdx = best, bestAt, i
			}
		}
		st.MaxDepth = len(b.layer)
	}
	return res
}

// keepLive keeps in b.order what dropping the children lost reports
// lost, then one child per outer key (when diverse; the best scored, as
// diversify keeps, here even when no more than width are left) and the
// width best would keep, asking
// lost only about the children it needs: it walks them best first (ties in
// the order they were made), passes over one whose outer key a kept child
// has (diverse), asks lost about the others, and keeps the live ones until
// width are kept. Its nodes count in st (Nodes and ProveNodes), its drops
// in st.Proved.
func (b *Beam) keepLive(width int, diverse bool, lost func(*vg.State, vg.Move) (bool, int64), st *solver.Stats) {
	slices.SortStableFunc(b.order, func(x, y beamRank) int { return cmp.Compare(y.score, x.score) })
	var slots []divSlot
	var mask uint64
	if diverse {
		size := 1
		for size < 2*min(len(b.order), width) {
			size <<= 1
		}
		if cap(b.slots) < size {
			b.slots = make([]divSlot, size)
		}
		slots = b.slots[:size]
		clear(slots)
		mask = uint64(size - 1)
	}
	out := b.order[:0] // writes never pass the read index
	for _, r := range b.order {
		if len(out) == width {
			break
		}
		n := &b.next[r.i]
		var slot *divSlot
		var sig uint64
		if diverse {
			k := b.h.g.OuterKey(&n.s)
			sig = solver.Fmix64(k.Lo^solver.Fmix64(k.Hi)) | 1
			i := sig & mask
			for slots[i].sig != 0 && slots[i].sig != sig {
				i = (i + 1) & mask
			}
			if slots[i].sig == sig {
				continue // a better child with this outer key is kept
			}
			slot = &slots[i]
		}
		dead, nodes := lost(&n.s, n.move)
		st.Nodes += nodes
		st.ProveNodes += nodes
		if dead {
			st.Proved++
			continue
		}
		if slot != nil {
			slot.sig = sig
		}
		out = append(out, r)
	}
	b.order = out
}

// beamLag is how many children a beam makes between making a child and
// looking it up in the table: enough work for its prefetched slot to
// arrive from memory.
const beamLag = 16

// keep looks child j of the layer (b.next[j], its key b.keys[j]) up in
// table and, unless it was seen before, ranks it by its score in b.order.
func (b *Beam) keep(j int, table solver.Table, cfg *BeamConfig, noise uint64, st *solver.Stats) {
	k := b.keys[j]
	if seen(table, k, st) {
		return
	}
	sc := b.score(&b.next[j].s, cfg)*int64(noise) + int64(solver.Fmix64(k.Lo^k.Hi*31^cfg.Seed)%noise)
	b.order = append(b.order, beamRank{score: sc, i: int32(j)})
}

// undo is the move that takes position pi of the layer kept back to its
// parent, or noMove: the reverse of a provisional-to-provisional move (its
// card goes back onto the top it left, which still takes it). The child it
// makes is the parent, in the table since its own layer, so it would be
// dropped as seen; not making it saves the node (about 7% of a beam's: a
// kept position in four to eight came by such a move) and, where the table
// has forgotten the parent, a slot wasted on a position already searched.
func (b *Beam) undo(pi int) vg.Move {
	if len(b.layer) == 0 {
		return noMove
	}
	m := b.links[b.layer[len(b.layer)-1]+pi].move
	if !m.From().IsProv() || !m.To().IsProv() {
		return noMove
	}
	return vg.NewMove(m.To(), m.From())
}

// noMove is no legal move (both places the arc).
const noMove = vg.Move(0)

// beamStall is how many layers a beam goes on without a new high of cards
// up (a pass through the stock may place nothing for 75 draws and a
// redeal; past this the beam is only rearranging the provisional bases).
const beamStall = 300

// checkBeam is how many children pass between checks of the clock and the
// context.
const checkBeam = 1 << 14

// diversify keeps, of the entries of b.order with the same outer key, the
// best scored (in place, in the order of first appearance).
func (b *Beam) diversify() {
	n := len(b.order)
	size := 1
	for size < 2*n {
		size <<= 1
	}
	if cap(b.slots) < size {
		b.slots = make([]divSlot, size)
	}
	slots := b.slots[:size]
	clear(slots)
	mask := uint64(size - 1)
	out := b.order[:0] // writes never pass the read index
	for _, r := range b.order {
		k := b.h.g.OuterKey(&b.next[r.i].s)
		sig := solver.Fmix64(k.Lo^solver.Fmix64(k.Hi)) | 1
		for i := sig & mask; ; i = (i + 1) & mask {
			sl := &slots[i]
			if sl.sig == 0 {
				sl.sig, sl.at = sig, int32(len(out))
				out = append(out, r)
				break
			}
			if sl.sig == sig {
				if r.score > out[sl.at].score {
					out[sl.at] = r
				}
				break
			}
		}
	}
	b.order = out
}

// Best is the most cards up of a position the last Search kept and the
// line from its start to the first one kept (nil: none beat the start), a
// new slice: the line to build on (plan.Best).
func (b *Beam) Best() (up int, line []vg.Move) {
	if b.bestLayer == 0 {
		return b.bestUp, nil
	}
	line = make([]vg.Move, b.bestLayer)
	p := int32(b.bestIdx)
	for l := b.bestLayer - 1; l >= 0; l-- {
		lk := b.links[b.layer[l]+int(p)]
		line[l] = lk.move
		p = lk.parent
	}
	return b.bestUp, line
}

// line is the moves to the won child won of the last layer made.
func (b *Beam) line(won int) []vg.Move {
	n := len(b.layer) + 1
	line := make([]vg.Move, n)
	line[n-1] = b.next[won].move
	p := b.next[won].parent
	for l := len(b.layer) - 1; l >= 0; l-- {
		lk := b.links[b.layer[l]+int(p)]
		line[l] = lk.move
		p = lk.parent
	}
	return line
}

// selectTop reorders rs so that its first k entries have the k highest
// scores (in no order): quickselect with median-of-three pivots and a
// three-way partition (scores tie often).
func selectTop(rs []beamRank, k int) {
	lo, hi := 0, len(rs) // the k-th place is inside rs[lo:hi]
	for hi-lo > 1 {
		a, b, c := rs[lo].score, rs[lo+(hi-lo)/2].score, rs[hi-1].score
		pivot := max(min(a, b), min(max(a, b), c))
		// rs[lo:gt] > pivot, rs[gt:i] == pivot, rs[lt:hi] < pivot.
		gt, i, lt := lo, lo, hi
		for i < lt {
			switch v := rs[i].score; {
			case v > pivot:
				rs[gt], rs[i] = rs[i], rs[gt]
				gt++
				i++
			case v < pivot:
				lt--
				rs[i], rs[lt] = rs[lt], rs[i]
			default:
				i++
			}
		}
		switch {
		case k < gt:
			hi = gt
		case k > lt:
			lo = lt
		default:
			return
		}
	}
}

// seen reports whether table (nil: none) holds k, counting the hit in st,
// and adds k when it does not: the beams' duplicate check.
func seen(table solver.Table, k solver.Key, st *solver.Stats) bool {
	if table == nil {
		return false
	}
	if table.Contains(k) {
		st.CacheHits++
		return true
	}
	table.Add(k)
	return false
}
