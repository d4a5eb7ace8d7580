package ventaglio

import (
	"slices"

	"github.com/solitario/solitario/deck"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// ReplanShuffles replaces each block of provisional-to-provisional moves
// of a winning line (a "shuffle": it moves one card between the bases and
// changes nothing else) by a shortest sequence of such moves between the
// same two arrangements of the bases, found by A*. Blocks are where a
// search wanders: ShortenLine only drops moves, and a block that digs a
// card out of a base 500 moves long stays 500 long if every move of it is
// needed by the route it took.
//
// The goal is the block's last arrangement up to the order of the bases
// (the rules treat the four bases alike): the moves after the block are
// then written with the bases renamed, so the positions after the block
// are the old ones with their bases permuted, and the line still wins.
//
// Why the search is exact and cheap: a shuffle moves one card off one base,
// so a base whose cards above its longest common prefix (from the bottom)
// with its goal base number k needs at least k moves, and the sum over the
// bases, minimised over the 24 ways to pair bases with goal bases, is a
// lower bound of the moves left (admissible); a move changes each term by
// at most one, so the bound is consistent and the first time A* takes a
// goal off its queue its path is shortest. Only paths shorter than the
// block are searched. Each block's search stops after blockWork positions
// generated, the whole line's after lineWork: a block that does not finish
// keeps its moves. The result is checked by a replay from start (every
// move one of the rules' Moves, the end won); a line that fails that
// check, or does not replay to a win in the first place, is returned
// unchanged.
func ReplanShuffles(g vg.Game, start vg.State, line []vg.Move, blockWork, lineWork int) []vg.Move {
	out, _ := replanShuffles(g, start, line, blockWork, lineWork, replanWindow)
	return out
}

// replanShuffles is ReplanShuffles with blocks longer than window replaced
// window by window when their whole search fails; windows is the windows
// replaced.
func replanShuffles(g vg.Game, start vg.State, line []vg.Move, blockWork, lineWork, window int) (_ []vg.Move, windows int) {
	states, ok := replayLine(g, start, line)
	if !ok {
		return line, 0
	}
	rp := replanner{g: g, seen: map[uint64]int32{}, pairings: pairings()}
	out := make([]vg.Move, 0, len(line))
	perm := [vg.Provisional]int{0, 1, 2, 3} // old base k is base perm[k] now
	work := 0
	// span replaces line[a:b] (shuffles) by a shortest path if it finds
	// one; copy copies it.
	span := func(a, b int) bool {
		from := permuted(&states[a], perm)
		path, p, n := rp.search(&from, &states[b], b-a, min(blockWork, lineWork-work))
		work += n
		if path == nil {
			return false
		}
		out, perm = append(out, path...), p
		return true
	}
	copyMoves := func(a, b int) {
		for _, m := range line[a:b] {
			out = append(out, renamed(m, perm))
		}
	}
	for i := 0; i < len(line); {
		if !isShuffle(line[i]) {
			out = append(out, renamed(line[i], perm))
			i++
			continue
		}
		j := i
		for j < len(line) && isShuffle(line[j]) {
			j++
		}
		// The block line[i:j] takes states[i] to states[j]; the line so far
		// stands at states[i] with its bases permuted by perm. A block too
		// long for its search is replaced window by window.
		switch {
		case span(i, j):
		case j-i <= window:
			copyMoves(i, j)
		default:
			for a := i; a < j; a += window {
				if b := min(a+window, j); !span(a, b) {
					copyMoves(a, b)
				} else {
					windows++
				}
			}
		}
		i = j
	}
	if _, ok := replayLine(g, start, out); !ok || len(out) > len(line) {
		return line, 0
	}
	return out, windows
}

// replanWindow is the moves of a window of a block too long to replan
// whole: a window's search ends within its budget far more often.
const replanWindow = 32

// replayLine is the positions of line from start (one more than its moves)
// if every move is legal and it ends won.
func replayLine(g vg.Game, start vg.State, line []vg.Move) ([]vg.State, bool) {
	sh := shortener{g: g}
	if !sh.load(start, line) {
		return nil, false
	}
	return sh.states, true
}

// renamed is m with its provisional bases renamed by perm.
func renamed(m vg.Move, perm [vg.Provisional]int) vg.Move {
	from, to := m.From(), m.To()
	if from.IsProv() {
		from = vg.P1 + vg.Place(perm[from-vg.P1])
	}
	if to.IsProv() {
		to = vg.P1 + vg.Place(perm[to-vg.P1])
	}
	return vg.NewMove(from, to)
}

// permuted is s with its base k moved to base perm[k].
func permuted(s *vg.State, perm [vg.Provisional]int) vg.State {
	c := *s
	c.PermuteBases(perm)
	return c
}

// replanNode is a position of a block's search: its path is the parent's
// followed by move.
type replanNode struct {
	s      vg.State
	parent int32
	move   vg.Move
	g      int16
}

// replanner holds a block search's storage from block to block.
type replanner struct {
	g       vg.Game
	buf     []vg.Move
	nodes   []replanNode
	buckets [][]int32        // open nodes by f = g + h
	seen    map[uint64]int32 // an arrangement's hash → its smallest g so far
	goal    [vg.Provisional][]deck.Card
	path    []vg.Move
	// pairings is the 24 ways to pair the bases with the goal's.
	pairings [][vg.Provisional]int
}

// search is a shortest sequence of shuffles (fewer than limit) from a to an
// arrangement of b's bases in any order, with the permutation that maps
// b's bases to the reached ones (b's base k is base perm[k] there), within
// work positions generated; nil if none was found. n is the positions
// generated.
func (rp *replanner) search(a, b *vg.State, limit, work int) (path []vg.Move, perm [vg.Provisional]int, n int) {
	for k := range vg.Provisional {
		rp.goal[k] = rp.goal[k][:0]
		for j := range b.Height(k) {
			rp.goal[k] = append(rp.goal[k], b.ProvCard(k, j))
		}
	}
	clear(rp.seen)
	rp.nodes = rp.nodes[:0]
	for f := range rp.buckets {
		rp.buckets[f] = rp.buckets[f][:0]
	}
	for len(rp.buckets) < limit {
		rp.buckets = append(rp.buckets, nil)
	}
	push := func(s *vg.State, parent int32, m vg.Move, g int) {
		h, _ := rp.bound(s)
		if g+h >= limit {
			return
		}
		key := arrangement(s)
		if old, ok := rp.seen[key]; ok && int(old) <= g {
			return
		}
		rp.seen[key] = int32(g)
		rp.nodes = append(rp.nodes, replanNode{s: *s, parent: parent, move: m, g: int16(g)})
		rp.buckets[g+h] = append(rp.buckets[g+h], int32(len(rp.nodes)-1))
	}
	push(a, -1, 0, 0)
	for f := 0; f < limit; f++ {
		for len(rp.buckets[f]) > 0 {
			q := rp.buckets[f]
			id := q[len(q)-1]
			rp.buckets[f] = q[:len(q)-1]
			nd := &rp.nodes[id]
			if old := rp.seen[arrangement(&nd.s)]; int(old) < int(nd.g) {
				continue // reached again more cheaply since
			}
			if h, p := rp.bound(&nd.s); h == 0 {
				return rp.trace(id), p, n
			}
			if n >= work {
				return nil, perm, n
			}
			s, g := nd.s, int(nd.g)
			rp.buf = rp.g.Moves(&s, rp.buf)
			for _, m := range rp.buf {
				if !isShuffle(m) {
					continue
				}
				c := s
				rp.g.Apply(&c, m)
				n++
				push(&c, id, m, g+1)
			}
		}
	}
	return nil, perm, n
}

// trace is the path of node id from the block's start.
func (rp *replanner) trace(id int32) []vg.Move {
	rp.path = rp.path[:0]
	for ; rp.nodes[id].parent >= 0; id = rp.nodes[id].parent {
		rp.path = append(rp.path, rp.nodes[id].move)
	}
	slices.Reverse(rp.path)
	return slices.Clone(rp.path)
}

// bound is the lower bound of the shuffles from s to the goal (the package
// doc of ReplanShuffles) and the pairing that attains it: goal base k is
// base perm[k] of s. It is 0 exactly at the goal: every base of s is then a
// prefix of its goal base, and the bases hold as many cards in all.
func (rp *replanner) bound(s *vg.State) (int, [vg.Provisional]int) {
	var cost [vg.Provisional][vg.Provisional]int // cost[i][k]: base i paired with goal k
	for i := range vg.Provisional {
		hi := s.Height(i)
		for k := range vg.Provisional {
			p := 0
			for p < hi && p < len(rp.goal[k]) && s.ProvCard(i, p) == rp.goal[k][p] {
				p++
			}
			cost[i][k] = hi - p
		}
	}
	best, bestPerm := 1<<30, [vg.Provisional]int{}
	for _, p := range rp.pairings {
		c := 0
		for k, i := range p {
			c += cost[i][k]
		}
		if c < best {
			best, bestPerm = c, p
		}
	}
	return best, bestPerm
}

// pairings is the 24 permutations of the four bases.
func pairings() (ps [][vg.Provisional]int) {
	for a := range vg.Provisional {
		for b := range vg.Provisional {
			for c := range vg.Provisional {
				d := 6 - a - b - c
				if a != b && a != c && b != c {
					ps = append(ps, [vg.Provisional]int{a, b, c, d})
				}
			}
		}
	}
	return ps
}

// arrangement hashes the bases of s in order (FNV-1a over heights and
// cards): the block's other fields do not change.
func arrangement(s *vg.State) uint64 {
	h := uint64(14695981039346656037)
	for i := range vg.Provisional {
		h = (h ^ uint64(s.Height(i)) ^ 0x100) * 1099511628211
		for j := range s.Height(i) {
			h = (h ^ uint64(s.ProvCard(i, j))) * 1099511628211
		}
	}
	return h
}
