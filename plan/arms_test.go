package plan

import (
	"context"
	"slices"
	"testing"

	"github.com/solitario/solitario/solver"
)

// pathGame is a game for restarts along a line. A position on the good
// path at depth d < n has three moves along it (to the same position) and
// one into a binary tree with no win, root levels deep from the start and
// deep levels from anywhere else. With trees deeper than a restart's
// nodes, a restart from the start stays on the good path for d moves with
// chance (3/4)^d. The good path's end is won, or with lost a dead end.
type pathGame struct {
	n, root, deep int
	lost          bool
}

// pathPos is a position: depth, whether it is in a tree (then x is the
// depth it left the good path at, times 2^48, plus the path taken).
type pathPos struct {
	d    int
	tree bool
	x    uint64
}

func (g pathGame) Moves(s *pathPos, buf []int) []int {
	buf = buf[:0]
	if !s.tree {
		if s.d < g.n {
			buf = append(buf, 0, 2, 3, 1)
		}
		return buf
	}
	from := int(s.x >> 48)
	levels := g.deep
	if from == 0 {
		levels = g.root
	}
	if s.d-from < levels {
		buf = append(buf, 0, 1)
	}
	return buf
}

func (g pathGame) Apply(s *pathPos, m int) {
	switch {
	case !s.tree && m == 1:
		s.tree, s.x = true, uint64(s.d)<<48
	case s.tree:
		s.x |= uint64(m) << (s.d - int(s.x>>48))
	}
	s.d++
}

func (g pathGame) Won(s *pathPos) bool { return !s.tree && s.d == g.n && !g.lost }

func (g pathGame) Key(s *pathPos) solver.Key {
	k := uint64(s.d)
	if s.tree {
		k |= 1 << 32
	}
	return solver.Key{Hi: k, Lo: s.x}
}

// MoveClass puts every move in one class: the restarts shuffle them all.
func (g pathGame) MoveClass(*pathPos, int) int { return 0 }

// pathScore is the depth on the good path, or where a tree left it.
func pathScore(s *pathPos) int {
	if s.tree {
		return int(s.x >> 48)
	}
	return s.d
}

// wins reports whether line is legal from the start and wins.
func (g pathGame) wins(line []int) bool {
	var s pathPos
	for _, m := range line {
		legal := false
		for _, l := range g.Moves(&s, nil) {
			legal = legal || l == m
		}
		if !legal {
			return false
		}
		g.Apply(&s, m)
	}
	return g.Won(&s)
}

// runRestarts runs step's arm on g in turns of DefaultUnit until a
// verdict or nodes.
func runRestarts(g pathGame, step Step, nodes int64) solver.Result[int] {
	a := &Searches[pathPos, int, pathGame]{Game: g, Bare: g, Small: solver.NewFlat(1 << 20), Score: pathScore}
	arm := a.Arm(step)
	var total solver.Result[int]
	for total.Stats.Nodes < nodes && !arm.Over() {
		r := arm.Slice(context.Background(), solver.Options{MaxNodes: DefaultUnit})
		total.Stats.Add(r.Stats)
		total.Verdict, total.Line = r.Verdict, r.Line
		if r.Verdict != solver.Unknown {
			break
		}
	}
	return total
}

// TestAlongRestarts: on a good path that restarts from the start almost
// never follow to its end, restarts along the best line win (a line that
// replays) where fixed restarts do not. Where only the start's space is
// too large to exhaust, the restarts from along the line that exhaust
// their own prove nothing; where the start's is small, its exhaustion
// proves the game lost.
func TestAlongRestarts(t *testing.T) {
	g := pathGame{n: 45, root: 40, deep: 40}
	if r := runRestarts(g, Step{Kind: Restarts}, 2_000_000); r.Verdict != solver.Unknown {
		t.Fatalf("fixed restarts: %v after %d nodes; the test wants a path they cannot follow", r.Verdict, r.Stats.Nodes)
	}
	along := Step{Kind: Restarts, Along: true}
	r := runRestarts(g, along, 2_000_000)
	if r.Verdict != solver.Winnable || !g.wins(r.Line) {
		t.Fatalf("restarts along: %v after %d nodes (line %d moves); want a win that replays", r.Verdict, r.Stats.Nodes, len(r.Line))
	}
	dead := pathGame{n: 30, root: 40, deep: 3, lost: true}
	if r := runRestarts(dead, along, 500_000); r.Verdict != solver.Unknown {
		t.Errorf("lost, the start's space too large: %v after %d nodes, want unknown", r.Verdict, r.Stats.Nodes)
	}
	small := pathGame{n: 30, root: 3, deep: 3, lost: true}
	if r := runRestarts(small, along, 500_000); r.Verdict != solver.Unwinnable {
		t.Errorf("lost, a small space: %v after %d nodes, want unwinnable", r.Verdict, r.Stats.Nodes)
	}
	if a := (&Searches[pathPos, int, pathGame]{Game: g}); a.Arm(along) != nil {
		t.Error("restarts along without Score: an arm, want none")
	}
	// Run names the step by where the deciding restart started: the win
	// from along the line, the loss from the start.
	for _, c := range []struct {
		g    pathGame
		want string
	}{{g, "restarts-along"}, {small, "restarts"}} {
		a := &Searches[pathPos, int, pathGame]{Game: c.g, Bare: c.g, Small: solver.NewFlat(1 << 20), Score: pathScore, Lines: line3{}}
		r := Run[int](context.Background(), Plan{Find: []Step{along}}, a, solver.Options{MaxNodes: 2_000_000})
		if r.StepName() != c.want || r.StepNodes != r.Stats.Nodes {
			t.Errorf("%+v: %v by %q after %d of %d nodes; want %s, all the nodes", c.g, r.Verdict, r.StepName(), r.StepNodes, r.Stats.Nodes, c.want)
		}
	}
}

// TestBestPoint: the best line takes only a higher score; a prefix handed
// out stays as it was when a better line replaces the best; Point plays
// the moves up to the first position whose score reaches the point's share
// of the way from the start's score to the best's.
func TestBestPoint(t *testing.T) {
	g := pathGame{n: 45, root: 40, deep: 40}
	var b Best[int]
	var s pathPos
	if p := Point(&b, 0.5, &s, g.Apply, pathScore); p != nil || s.d != 0 {
		t.Fatalf("no best line: %v, depth %d; want nil at the start", p, s.d)
	}
	good := []int{0, 2, 3, 0, 2, 3, 0, 2, 3, 0} // ten moves along the good path
	if !b.Offer(10, good[:4], good[4:]) || b.Score != 10 || len(b.Line) != 10 {
		t.Fatalf("first offer: score %d, %d moves; want 10, 10", b.Score, len(b.Line))
	}
	if b.Offer(10, nil, good[:3]) || b.Offer(9, nil, good[:3]) || len(b.Line) != 10 {
		t.Fatalf("an offer no higher replaced the best (%d moves)", len(b.Line))
	}
	for _, c := range []struct {
		v    float64
		want int
	}{{0.5, 5}, {0.25, 2}, {0.75, 7}, {0, 0}} {
		s = pathPos{}
		p := Point(&b, c.v, &s, g.Apply, pathScore)
		if len(p) != c.want || s.d != c.want || !g.wins(append(append([]int(nil), p...), make([]int, 45-len(p))...)) {
			t.Errorf("point %v: %d moves, depth %d; want %d moves along the good path", c.v, len(p), s.d, c.want)
		}
	}
	s = pathPos{}
	p := Point(&b, 0.5, &s, g.Apply, pathScore)
	if !b.Offer(12, nil, make([]int, 12)) || len(b.Line) != 12 || !slices.Equal(p, good[:5]) {
		t.Errorf("a better line: best %d moves, the prefix handed out before %v; want 12 and %v", len(b.Line), p, good[:5])
	}
}
