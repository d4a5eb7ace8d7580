package solver

import (
	"fmt"
	"math/rand/v2"
	"strconv"
)

func itoa(i int) string { return strconv.Itoa(i) }

// graphGame is a toy game whose answer is known independently: the position
// is a node of a directed graph (with cycles and self-loops), a move goes
// along an edge, and the won positions are a set of nodes. The deal is
// winnable exactly when a won node is reachable (plain BFS, reachable).
// Node i's key is {0, i}: node 0 has the zero key, which Flat never stores.
type graphGame struct {
	adj [][]int32
	win []bool
}

func (g graphGame) Moves(s *int32, buf []int32) []int32 { return append(buf, g.adj[*s]...) }
func (g graphGame) Apply(s *int32, m int32)             { *s = m }
func (g graphGame) Won(s *int32) bool                   { return g.win[*s] }
func (g graphGame) Key(s *int32) Key                    { return Key{Lo: uint64(*s)} }

// randomGraph draws n nodes, each with 0..maxOut edges to uniform targets
// (duplicates and self-loops allowed), each won with probability pWin.
func randomGraph(r *rand.Rand, n, maxOut int, pWin float64) graphGame {
	g := graphGame{adj: make([][]int32, n), win: make([]bool, n)}
	for i := range n {
		for range r.IntN(maxOut + 1) {
			g.adj[i] = append(g.adj[i], int32(r.IntN(n)))
		}
		g.win[i] = r.Float64() < pWin
	}
	return g
}

// reachable is the independent answer: BFS from start, true when a won node
// is reachable (start included).
func (g graphGame) reachable(start int32) bool {
	seen := make([]bool, len(g.adj))
	queue := []int32{start}
	seen[start] = true
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		if g.win[v] {
			return true
		}
		for _, w := range g.adj[v] {
			if !seen[w] {
				seen[w] = true
				queue = append(queue, w)
			}
		}
	}
	return false
}

// replay checks a line: every move is an edge from the current node, and the
// last node is won. It returns "" when the line is good.
func (g graphGame) replay(start int32, line []int32) string {
	cur := start
	for i, m := range line {
		ok := false
		for _, w := range g.adj[cur] {
			if w == m {
				ok = true
			}
		}
		if !ok {
			return fmt.Sprintf("move %d (%d -> %d) is not an edge", i+1, cur, m)
		}
		cur = m
	}
	if !g.win[cur] {
		return "line ends on a node that is not won"
	}
	return ""
}

// lineGame is an endless chain with a branch: position x has moves to x+1
// and x+2 (mod 1<<40), and is never won. Its reachable space is far larger
// than any test searches, so only a limit ends the search.
type lineGame struct{}

func (lineGame) Moves(s *uint64, buf []uint8) []uint8 { return append(buf, 1, 2) }
func (lineGame) Apply(s *uint64, m uint8)             { *s = (*s + uint64(m)) & (1<<40 - 1) }
func (lineGame) Won(s *uint64) bool                   { return false }
func (lineGame) Key(s *uint64) Key                    { return Key{Hi: 1, Lo: *s} }

// gridGame is the benchmark's toy game: a position is a point of a w×h
// torus; the moves step right, down or diagonally; nothing is won, so the
// search visits every point. With a table each point is expanded once; the
// state is a small struct like a packed game position.
type gridGame struct{ w, h uint16 }

type gridPos struct {
	x, y  uint16
	steps uint32
	pad   [2]uint32 // make the position 16 bytes, like a packed deal
}

func (g gridGame) Moves(s *gridPos, buf []uint8) []uint8 { return append(buf, 0, 1, 2) }
func (g gridGame) Apply(s *gridPos, m uint8) {
	switch m {
	case 0:
		s.x++
	case 1:
		s.y++
	default:
		s.x++
		s.y++
	}
	if s.x == g.w {
		s.x = 0
	}
	if s.y == g.h {
		s.y = 0
	}
	s.steps++
}
func (g gridGame) Won(s *gridPos) bool { return false }
func (g gridGame) Key(s *gridPos) Key  { return Key{Hi: 7, Lo: uint64(s.x)<<16 | uint64(s.y)} }
