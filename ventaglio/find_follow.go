package ventaglio

import (
	"context"
	"time"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// commitment is a move of a winning line that no provisional-to-provisional
// move can undo or replace: a draw, a redeal, or a card to a foundation or
// from outside the bases onto one. from is the card's place (P1 for any
// base), to the kind of its destination (F1 some foundation, P1 some base).
type commitment struct {
	move     vg.Move // Draw or Redeal; 0 for a card's move
	card     deck.Card
	from, to vg.Place
	up       uint8 // for a base card to a foundation: its copies up before
}

// copiesUp is how many copies of c are on the foundations in s.
func copiesUp(d *vg.Deal, s *vg.State, c deck.Card) uint8 {
	lo, hi := s.SuitCounts()
	k := uint8(d.Offset(c))
	var n uint8
	if lo[c.Suit()] > k {
		n++
	}
	if hi[c.Suit()] > k {
		n++
	}
	return n
}

// early reports whether cm is a base card's move to a foundation that a
// position already made (its card has more copies up than before cm).
func (cm *commitment) early(d *vg.Deal, s *vg.State) bool {
	return cm.move == 0 && cm.from == vg.P1 && cm.to == vg.F1 && copiesUp(d, s, cm.card) > cm.up
}

// commitments is line's commitments in order (line replays from start).
func commitments(g vg.Game, start vg.State, line []vg.Move) []commitment {
	var out []commitment
	s := start
	for _, m := range line {
		switch {
		case m == vg.Draw || m == vg.Redeal:
			out = append(out, commitment{move: m})
		case !isShuffle(m):
			c, _ := g.Card(&s, m)
			cm := commitment{card: c, from: m.From(), to: vg.P1}
			if cm.from.IsProv() {
				cm.from = vg.P1
			}
			if m.To().IsFound() {
				cm.to = vg.F1
				cm.up = copiesUp(g.Deal(), &s, c)
			}
			out = append(out, cm)
		}
		g.Apply(&s, m)
	}
	return out
}

// makes reports whether m, legal in s and not a shuffle, makes cm: the same
// draw or redeal, or cm's card from its place to a destination of its kind.
func (cm *commitment) makes(g vg.Game, s *vg.State, m vg.Move) bool {
	if cm.move != 0 || m == vg.Draw || m == vg.Redeal {
		return m == cm.move
	}
	from := m.From()
	if from.IsProv() {
		from = vg.P1
	}
	if from != cm.from || m.To().IsFound() != (cm.to == vg.F1) {
		return false
	}
	c, _ := g.Free(s, m.From())
	return c == cm.card
}

// Follow is a beam search for a winning line of fewer than bound moves
// that makes line's commitments (its moves other than
// provisional-to-provisional ones) in line's order, and plans afresh
// everything else: the moves between the provisional bases, and which base
// or foundation each card goes to. Why: a line found by a depth-first
// search wanders, and most of its moves are shuffles that only serve the
// arrangements its wandering made; the commitments are what wins the deal
// (they take every card up), and a shuffle is needed only to free a card a
// later commitment takes or to make room for one it puts down. So each
// layer makes, from each kept position, every shuffle, the next commitment
// when it is legal, and any base card's move up that line makes later (a
// card up sooner only lets more cards onto its foundation; that later move
// is then skipped); keeps the width positions that have made the most
// commitments, ties broken by dig (the next cards from the bases lying
// least deep, room for the next card put onto a base), then a seeded hash;
// and always keeps line's own position of that layer too, so the beam
// never loses the way line knows past a commitment that needs long digging.
// A position whose commitments left cannot end the line under bound is
// dropped. A win is a legal line (every move came from the rules' Moves)
// of fewer than bound moves; an end without one proves nothing.
// opt.MaxNodes bounds the positions made, opt.Timeout and ctx stop it
// (checked between layers), opt.Progress is called between layers about
// every opt.ProgressEvery nodes, opt.Table (cleared first; nil: none)
// holds the positions seen.
func (b *Beam) Follow(ctx context.Context, start vg.State, line []vg.Move, bound, width int, seed uint64, opt solver.Options) (res solver.Result[vg.Move]) {
	began := time.Now()
	st := &res.Stats
	defer func() { st.Elapsed = time.Since(began) }()
	g := b.h.g
	cms := commitments(g, start, line)
	b.digIndex(cms)
	width = max(width, 1)
	table := opt.Table
	if table != nil {
		table.Clear()
		table.Add(g.Key(&start))
	}
	pre, _ := table.(solver.Prefetcher)
	d := g.Deal()
	// pending[2c+q] is the index of the commitment that takes copy q of
	// card c from a base to a foundation (-1: none).
	pending := b.pending[:0]
	for i := range cms {
		cm := &cms[i]
		if cm.move != 0 || cm.from != vg.P1 || cm.to != vg.F1 {
			continue
		}
		for int(cm.card)*2+2 > len(pending) {
			pending = append(pending, -1)
		}
		pending[int(cm.card)*2+int(cm.up)] = int32(i)
	}
	b.pending = pending
	every := opt.ProgressEvery
	if every <= 0 {
		every = 1 << 16
	}
	nextProgress := every
	b.cur, b.curK = append(b.cur[:0], start), append(b.curK[:0], followAt{})
	b.links, b.layer = b.links[:0], b.layer[:0]
	st.Nodes = 1
	// The anchor: line's own position after each layer, and its index in
	// b.cur.
	anchor, anchorK, anchorAt := start, followAt{}, int32(0)
	for layer := 0; layer < bound-1 && layer < len(line) && len(b.cur) > 0; layer++ {
		b.next, b.nextK, b.order, b.keys = b.next[:0], b.nextK[:0], b.order[:0], b.keys[:0]
		// As in Search: a child is looked up in the table beamLag
		// children after it is made (b.next[j], b.nextK[j] and b.keys[j]
		// for j >= checked), its slot prefetched when made; those kept
		// move down to b.next[:live].
		full, won := false, -1
		checked, live := 0, 0 // children looked up, and kept
		for pi := range b.cur {
			s := &b.cur[pi]
			at0 := b.curK[pi]
			cm := &cms[at0.k]
			b.moves = dedupe(s, g.Moves(s, b.moves[:0]))
			for _, m := range b.moves {
				at := at0
				if !isShuffle(m) {
					switch {
					case cm.makes(g, s, m):
						at.k++
					case m.From().IsProv() && m.To().IsFound():
						// A base card up early: it stays legal, and
						// the line's later move of it is skipped.
						c, _ := g.Free(s, m.From())
						q := int(c)*2 + int(copiesUp(d, s, c))
						if q >= len(pending) || pending[q] <= at.k {
							continue
						}
					default:
						continue
					}
					at.made++
				}
				// Each commitment left takes a layer of its own.
				if layer+1+len(cms)-int(at.made) >= bound {
					continue
				}
				if opt.MaxNodes > 0 && st.Nodes >= opt.MaxNodes {
					full = true
					break
				}
				b.next = append(b.next, beamNode{s: *s, parent: int32(pi), move: m})
				c := &b.next[len(b.next)-1]
				g.Apply(&c.s, m)
				st.Nodes++
				for int(at.k) < len(cms) && cms[at.k].early(d, &c.s) {
					at.k++
				}
				if int(at.made) == len(cms) {
					won = len(b.next) - 1
					break
				}
				key := g.Key(&c.s)
				b.keys = append(b.keys, key)
				b.nextK = append(b.nextK, at)
				if pre != nil {
					pre.Prefetch(key)
				}
				if len(b.keys)-checked > beamLag {
					live = b.keepFollow(checked, live, table, cms, seed, st)
					checked++
				}
			}
			if full || won >= 0 {
				break
			}
		}
		for ; checked < len(b.keys); checked++ {
			live = b.keepFollow(checked, live, table, cms, seed, st)
		}
		if won >= 0 {
			res.Verdict = solver.Winnable
			res.Line = b.line(won)
			st.MaxDepth = len(res.Line)
			return res
		}
		if full {
			res.Reason = solver.ReasonMaxNodes
			return res
		}
		b.next, b.nextK = b.next[:live], b.nextK[:live]
		if err := ctx.Err(); err != nil {
			res.Reason = solver.StopReason(err)
			return res
		}
		if opt.Timeout > 0 && time.Since(began) > opt.Timeout {
			res.Reason = solver.ReasonTimeout
			return res
		}
		if opt.Progress != nil && st.Nodes >= nextProgress {
			nextProgress = st.Nodes + every
			st.Elapsed = time.Since(began)
			opt.Progress(*st)
		}
		if len(b.order) > width {
			selectTop(b.order, width)
			b.order = b.order[:width]
		}
		am := line[layer]
		if !isShuffle(am) {
			anchorK.k++
			anchorK.made++
		}
		g.Apply(&anchor, am)
		b.layer = append(b.layer, len(b.links))
		b.cur, b.curK = b.cur[:0], b.curK[:0]
		kept := int32(-1)
		for _, r := range b.order {
			n := &b.next[r.i]
			if n.parent == anchorAt && n.move == am {
				kept = int32(len(b.cur))
			}
			b.links = append(b.links, beamLink{parent: n.parent, move: n.move})
			b.cur, b.curK = append(b.cur, n.s), append(b.curK, b.nextK[r.i])
		}
		if kept < 0 {
			kept = int32(len(b.cur))
			b.links = append(b.links, beamLink{parent: anchorAt, move: am})
			b.cur, b.curK = append(b.cur, anchor), append(b.curK, anchorK)
		}
		anchorAt = kept
		st.MaxDepth = len(b.layer)
	}
	return res
}

// keepFollow is keep for Follow: child j (b.next[j], b.nextK[j], its key
// b.keys[j]) moves to b.next[kept] and b.nextK[kept], ranked by the
// commitments it made and dig, unless table has seen it; it returns the
// children kept.
func (b *Beam) keepFollow(j, kept int, table solver.Table, cms []commitment, seed uint64, st *solver.Stats) int {
	key := b.keys[j]
	if seen(table, key, st) {
		return kept
	}
	if kept != j {
		b.next[kept], b.nextK[kept] = b.next[j], b.nextK[j]
	}
	at := b.nextK[kept]
	sc := (int64(at.made)*followCommit-b.dig(&b.next[kept].s, cms, int(at.k)))*followNoise + int64(solver.Fmix64(key.Lo^key.Hi*31^seed)%followNoise)
	b.order = append(b.order, beamRank{score: sc, i: int32(kept)})
	return kept + 1
}

// followAt is where a position of Follow stands: the index of its next
// commitment in line's order, and the commitments it has made (with base
// cards put up early, more than k).
type followAt struct{ k, made int32 }

// The score of Follow's positions: followCommit per commitment made, less
// dig; followNoise is the seeded tie-break's range.
const (
	followCommit = 1000
	followNoise  = 64
	// followLook is how many of the next commitments that take a card
	// from a base dig weighs.
	followLook = 8
)

// digIndex indexes cms for dig: b.takes, b.takeAt and b.putAt (see Beam).
func (b *Beam) digIndex(cms []commitment) {
	n := len(cms)
	b.takes = b.takes[:0]
	b.takeAt = append(b.takeAt[:0], make([]int32, n+1)...)
	b.putAt = append(b.putAt[:0], make([]int32, n+1)...)
	for i := range cms {
		if cm := &cms[i]; cm.move == 0 && cm.from == vg.P1 {
			b.takes = append(b.takes, int32(i))
		}
	}
	t, put := int32(len(b.takes)), int32(n)
	b.takeAt[n], b.putAt[n] = t, put
	for i := n - 1; i >= 0; i-- {
		cm := &cms[i]
		if cm.move == 0 && cm.from == vg.P1 {
			t--
		}
		if cm.move == 0 && cm.from != vg.P1 && cm.to == vg.P1 {
			put = int32(i)
		}
		b.takeAt[i], b.putAt[i] = t, put
	}
}

// dig is the work the next followLook card commitments (from cms[k] on)
// need on the provisional bases, the nearer ones weighing more (followLook
// for the next, down to 1): for one that takes a card from a base, the
// cards above it (above the shallower copy); for the first that puts a
// card onto a base, 1 if no base takes it now. It reads digIndex's index of
// cms: a position of Follow is scored with it, and walking the commitments
// for the next ones that take a card (all the line's draws between them)
// and each base from its top for each card was two thirds of a follow
// beam's time (TestDigIndexed checks it against that walk).
func (b *Beam) dig(s *vg.State, cms []commitment, k int) int64 {
	takes := b.takes[b.takeAt[k]:]
	if len(takes) > followLook {
		takes = takes[:followLook]
	}
	var sum int64
	// The first card put onto a base counts if it comes before the last
	// take weighed, with the weight left after the takes before it.
	if p := b.putAt[k]; int(p) < len(cms) && (len(takes) < followLook || p < takes[followLook-1]) {
		w := int64(followLook)
		for _, t := range takes {
			if t < p {
				w--
			}
		}
		room := false
		for q := range vg.Provisional {
			room = room || b.h.g.ProvTakes(s, q, cms[p].card)
		}
		if !room {
			sum += w
		}
	}
	if len(takes) == 0 {
		return sum
	}
	// Each card's depth from the top of its shallowest copy, in one pass.
	b.gen++
	if b.gen == 0 { // the stamps wrapped: none may look valid
		b.stamp = [256]uint32{}
		b.gen = 1
	}
	pool := s.Bases()
	at := 0
	for q := range vg.Provisional {
		h := s.Height(q)
		for j, c := range pool[at : at+h] {
			if d := int16(h - 1 - j); b.stamp[c] != b.gen || d < b.depth[c] {
				b.depth[c], b.stamp[c] = d, b.gen
			}
		}
		at += h
	}
	w := int64(followLook)
	for _, t := range takes {
		if c := cms[t].card; b.stamp[c] == b.gen {
			sum += int64(b.depth[c]) * w
		}
		w--
	}
	return sum
}
