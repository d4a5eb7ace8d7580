package solver

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// mapTable is a Table on a Go map. drop is the share of Adds it ignores and
// forget the share of Contains hits it answers false (and deletes): the worst
// a real table may do. With both 0 it is a perfect, never-forgetting table.
type mapTable struct {
	m            map[Key]bool
	r            *rand.Rand
	drop, forget float64
}

func newMapTable(seed uint64, drop, forget float64) *mapTable {
	return &mapTable{m: map[Key]bool{}, r: rand.New(rand.NewPCG(seed, 99)), drop: drop, forget: forget}
}

func (t *mapTable) Contains(k Key) bool {
	if !t.m[k] {
		return false
	}
	if t.forget > 0 && t.r.Float64() < t.forget {
		delete(t.m, k)
		return false
	}
	return true
}

func (t *mapTable) Add(k Key) {
	if t.drop > 0 && t.r.Float64() < t.drop {
		return
	}
	t.m[k] = true
}
func (t *mapTable) Len() int     { return len(t.m) }
func (t *mapTable) Cap() int     { return 1 << 30 }
func (t *mapTable) Bytes() int64 { return int64(32 * len(t.m)) }
func (t *mapTable) Clear()       { clear(t.m) }

type namedTable struct {
	name string
	t    Table
}

// testTables are the tables every toy search runs with: none, flat (roomy and
// one bucket), ristretto (smallest budget and 8 entries), and map tables
// (perfect, and one that drops and forgets).
func testTables(t *testing.T) []namedTable {
	t.Helper()
	rs, err := NewRistretto(0)
	if err != nil {
		t.Fatal(err)
	}
	rt, err := newRistrettoItems(8)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rs.Close(); rt.Close() })
	return []namedTable{
		{"none", nil},
		{"flat", NewFlat(1 << 20)},
		{"flat-tiny", NewFlat(0)},
		{"ristretto", rs},
		{"ristretto-tiny", rt},
		{"map", newMapTable(1, 0, 0)},
		{"map-forgetful", newMapTable(2, 0.3, 0.3)},
	}
}

// checkResult compares one search with the BFS answer and replays its line.
func checkResult(t *testing.T, what string, g graphGame, start int32, res Result[int32], want bool) {
	t.Helper()
	switch res.Verdict {
	case Winnable:
		if !want {
			t.Fatalf("%s: winnable, but BFS reaches no won node", what)
		}
		if bad := g.replay(start, res.Line); bad != "" {
			t.Fatalf("%s: line %v: %s", what, res.Line, bad)
		}
	case Unwinnable:
		if want {
			t.Fatalf("%s: unwinnable, but BFS reaches a won node", what)
		}
		if res.Line != nil {
			t.Fatalf("%s: unwinnable with a line", what)
		}
	default:
		t.Fatalf("%s: unknown (%s) without a limit", what, res.Reason)
	}
	if res.Reason != "" {
		t.Fatalf("%s: %s with reason %q", what, res.Verdict, res.Reason)
	}
	if res.Stats.Nodes < 1 || res.Stats.MaxDepth < len(res.Line) {
		t.Fatalf("%s: stats %+v for a line of %d", what, res.Stats, len(res.Line))
	}
}

// TestSolveRandomGraphs checks the verdict on many random graphs with cycles
// against BFS reachability, with every table (including tiny ones that
// forget almost everything) and one reused Searcher.
func TestSolveRandomGraphs(t *testing.T) {
	tables := testTables(t)
	var z Searcher[int32, int32, graphGame]
	// Small graphs: the table-less search enumerates simple paths.
	sweepGraphs(t, rand.New(rand.NewPCG(1, 2)), 3000, 500, 1, 14, 0.1, func(i int, g graphGame, start int32, want bool) {
		for _, tc := range tables {
			res := z.Solve(context.Background(), g, start, Options{Table: tc.t})
			checkResult(t, tc.name+" graph "+itoa(i), g, start, res, want)
			if res.Verdict == Unwinnable && z.path.len() != 0 {
				t.Fatalf("%s graph %d: %d keys left on the path after a full search", tc.name, i, z.path.len())
			}
		}
		// The one-off Solve agrees with the reused Searcher.
		res := Solve[int32, int32](context.Background(), g, start, Options{})
		checkResult(t, "Solve graph "+itoa(i), g, start, res, want)
	})
}

// TestSolveLargerGraphs uses graphs of up to 400 nodes with the tables only
// (a table-less search would be exponential), forcing overwrites and
// evictions in the tiny tables.
func TestSolveLargerGraphs(t *testing.T) {
	tables := testTables(t)
	var z Searcher[int32, int32, graphGame]
	sweepGraphs(t, rand.New(rand.NewPCG(3, 4)), 300, 60, 50, 350, 0.003, func(i int, g graphGame, start int32, want bool) {
		edges := 0
		for _, a := range g.adj {
			edges += len(a)
		}
		for _, tc := range tables {
			if tc.name == "none" || tc.name == "flat-tiny" || tc.name == "ristretto-tiny" {
				continue // exponential without memory
			}
			res := z.Solve(context.Background(), g, start, Options{Table: tc.t})
			checkResult(t, tc.name+" graph "+itoa(i), g, start, res, want)
			if tc.name == "map" && res.Stats.Nodes > int64(1+edges) {
				// A table that never forgets expands each position once.
				t.Fatalf("perfect table: %d nodes for %d edges", res.Stats.Nodes, edges)
			}
		}
	})
}

// sweepGraphs draws graphs random graphs (short of them under -short) of minN
// to minN+spanN-1 nodes (up to 3 edges out of each, each node won with
// probability pWin) and a start in each, calls check with the BFS verdict,
// and fails unless at least a fifth of the graphs are winnable and a fifth
// unwinnable.
func sweepGraphs(t *testing.T, r *rand.Rand, graphs, short, minN, spanN int, pWin float64, check func(i int, g graphGame, start int32, want bool)) {
	t.Helper()
	if testing.Short() {
		graphs = short
	}
	var wins, losses int
	for i := range graphs {
		n := minN + r.IntN(spanN)
		g := randomGraph(r, n, 3, pWin)
		start := int32(r.IntN(n))
		want := g.reachable(start)
		if want {
			wins++
		} else {
			losses++
		}
		check(i, g, start, want)
	}
	if wins < graphs/5 || losses < graphs/5 {
		t.Fatalf("unbalanced test: %d winnable, %d unwinnable", wins, losses)
	}
}

// TestSolveTinyTablesMidGraphs runs mid-size graphs with the tables that
// forget almost everything, under a node budget: whenever such a search
// ends, its verdict is exact; when the budget stops it, the answer is
// Unknown with reason max-nodes, never a verdict.
func TestSolveTinyTablesMidGraphs(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	tables := testTables(t)
	var z Searcher[int32, int32, graphGame]
	decided := 0
	for i := range 400 {
		n := 15 + r.IntN(25)
		g := randomGraph(r, n, 2, 0.03)
		start := int32(r.IntN(n))
		want := g.reachable(start)
		for _, tc := range tables {
			if tc.name != "flat-tiny" && tc.name != "ristretto-tiny" && tc.name != "map-forgetful" {
				continue
			}
			res := z.Solve(context.Background(), g, start, Options{Table: tc.t, MaxNodes: 200_000})
			if res.Verdict == Unknown {
				if res.Reason != ReasonMaxNodes || res.Stats.Nodes != 200_000 || res.Line != nil {
					t.Fatalf("%s graph %d: unknown %q after %d nodes", tc.name, i, res.Reason, res.Stats.Nodes)
				}
				continue
			}
			decided++
			checkResult(t, tc.name+" graph "+itoa(i), g, start, res, want)
		}
	}
	if decided < 600 {
		t.Fatalf("only %d of 1200 searches decided", decided)
	}
}

// TestTableSoundOnlyWithinOneSearch is the case that makes Solve clear the
// table: searching from A (edges A→P, P→A, A→W) finishes P while A is on the
// path, so P is stored though P is not lost (P→A→W). A second search from X
// (X→P) must not trust that entry.
func TestTableSoundOnlyWithinOneSearch(t *testing.T) {
	const a, p, w, x = 0, 1, 2, 3
	g := graphGame{adj: [][]int32{a: {p, w}, p: {a}, w: {}, x: {p}}, win: []bool{w: true, x: false}}
	for _, tc := range testTables(t) {
		if tc.t == nil {
			continue
		}
		var z Searcher[int32, int32, graphGame]
		res := z.Solve(context.Background(), g, a, Options{Table: tc.t})
		if res.Verdict != Winnable {
			t.Fatalf("%s: from A: %v", tc.name, res.Verdict)
		}
		if rt, ok := tc.t.(*Ristretto); ok {
			rt.Wait()
		}
		if tc.name != "map-forgetful" && !tc.t.Contains(g.Key(new(int32(p)))) {
			t.Fatalf("%s: P was not stored: the test would prove nothing", tc.name)
		}
		res = z.Solve(context.Background(), g, x, Options{Table: tc.t})
		if res.Verdict != Winnable {
			t.Fatalf("%s: from X after a search from A: %v (a stale entry was trusted)", tc.name, res.Verdict)
		}
	}
}

// TestSolveWonAtStart: a won start is winnable with an empty line.
func TestSolveWonAtStart(t *testing.T) {
	g := graphGame{adj: [][]int32{{0}}, win: []bool{true}}
	res := Solve[int32, int32](context.Background(), g, 0, Options{})
	if res.Verdict != Winnable || len(res.Line) != 0 || res.Stats.Nodes != 1 {
		t.Fatalf("won start: %+v", res)
	}
}

// TestSolveMaxNodesExact: a search that ends within MaxNodes keeps its
// verdict; one node fewer gives Unknown max-nodes with exactly that many
// nodes. Tables without forgetting make node counts deterministic.
func TestSolveMaxNodesExact(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var z Searcher[int32, int32, graphGame]
	for i := range 500 {
		n := 1 + r.IntN(30)
		g := randomGraph(r, n, 3, 0.05)
		start := int32(r.IntN(n))
		want := g.reachable(start)
		tab := newMapTable(0, 0, 0)
		full := z.Solve(context.Background(), g, start, Options{Table: tab})
		checkResult(t, "unlimited graph "+itoa(i), g, start, full, want)
		at := z.Solve(context.Background(), g, start, Options{Table: tab, MaxNodes: full.Stats.Nodes})
		checkResult(t, "at the limit graph "+itoa(i), g, start, at, want)
		if full.Stats.Nodes == 1 {
			continue
		}
		under := z.Solve(context.Background(), g, start, Options{Table: tab, MaxNodes: full.Stats.Nodes - 1})
		if under.Verdict != Unknown || under.Reason != ReasonMaxNodes || under.Stats.Nodes != full.Stats.Nodes-1 || under.Line != nil {
			t.Fatalf("graph %d: one node under the limit: %v %q nodes %d (full %d)",
				i, under.Verdict, under.Reason, under.Stats.Nodes, full.Stats.Nodes)
		}
	}
}

// TestSolveLimits: every limit on an endless game gives Unknown with its
// reason, never Unwinnable.
func TestSolveLimits(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	past, cancel2 := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel2()
	for _, tc := range testTables(t) {
		cases := []struct {
			name   string
			ctx    context.Context
			opt    Options
			reason string
		}{
			{"max-nodes", context.Background(), Options{MaxNodes: 10_000}, ReasonMaxNodes},
			{"timeout", context.Background(), Options{Timeout: time.Nanosecond}, ReasonTimeout},
			{"cancelled", cancelled, Options{}, ReasonStopped},
			{"deadline", past, Options{}, ReasonTimeout},
			{"max-depth", context.Background(), Options{MaxDepth: 12}, ReasonMaxDepth},
		}
		for _, c := range cases {
			c.opt.Table = tc.t
			res := Solve[uint64, uint8](c.ctx, lineGame{}, 0, c.opt)
			if res.Verdict != Unknown || res.Reason != c.reason || res.Line != nil {
				t.Errorf("%s/%s: %v %q, want unknown %q", tc.name, c.name, res.Verdict, res.Reason, c.reason)
			}
			if c.name == "max-nodes" && res.Stats.Nodes != 10_000 {
				t.Errorf("%s/max-nodes: %d nodes", tc.name, res.Stats.Nodes)
			}
			if c.name == "max-depth" && (res.Stats.MaxDepth != 11 || res.Stats.Cut == 0) {
				t.Errorf("%s/max-depth: depth %d, %d cut", tc.name, res.Stats.MaxDepth, res.Stats.Cut)
			}
		}
	}
}

// TestSolveStoppedMidSearch cancels the context from the progress callback:
// the search stops with reason stopped and the counts so far.
func TestSolveStoppedMidSearch(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	calls := 0
	var last Stats
	opt := Options{ProgressEvery: 1, Table: NewFlat(1 << 20), Progress: func(s Stats) {
		calls++
		last = s
		if calls == 3 {
			cancel()
		}
	}}
	res := Solve[uint64, uint8](ctx, lineGame{}, 0, opt)
	if res.Verdict != Unknown || res.Reason != ReasonStopped {
		t.Fatalf("got %v %q", res.Verdict, res.Reason)
	}
	if calls != 3 || last.Nodes != 3*checkEvery || res.Stats.Nodes != 4*checkEvery {
		t.Fatalf("%d progress calls, last at %d nodes, stopped at %d", calls, last.Nodes, res.Stats.Nodes)
	}
}

// TestSearcherReuseAfterStop: a Searcher stopped deep in a search (path set
// and stack full) solves the next deal correctly.
func TestSearcherReuseAfterStop(t *testing.T) {
	var z Searcher[int32, int32, graphGame]
	// A long cycle 0→1→…→999→0 with a dead branch, then a win behind it.
	n := 1002
	g := graphGame{adj: make([][]int32, n), win: make([]bool, n)}
	for i := range 1000 {
		g.adj[i] = []int32{int32((i + 1) % 1000)}
	}
	g.adj[999] = append(g.adj[999], 1000)
	g.adj[1000] = []int32{1001}
	g.win[1001] = true
	res := z.Solve(context.Background(), g, 0, Options{MaxNodes: 900})
	if res.Verdict != Unknown {
		t.Fatalf("first search: %v", res.Verdict)
	}
	for range 3 {
		res = z.Solve(context.Background(), g, 0, Options{})
		checkResult(t, "reused", g, 0, res, true)
		if len(res.Line) != 1001 {
			t.Fatalf("line of %d moves, want 1001", len(res.Line))
		}
	}
}

// TestVerdictString pins the JSON spellings.
func TestVerdictString(t *testing.T) {
	for v, want := range map[Verdict]string{Winnable: "winnable", Unwinnable: "unwinnable", Unknown: "unknown"} {
		if v.String() != want {
			t.Errorf("%d: %q", v, v.String())
		}
	}
}

// TestSearchAllocations: with a reused Searcher and table, a whole search
// allocates nothing once the buffers have grown, and a win allocates only
// its line.
func TestSearchAllocations(t *testing.T) {
	g := gridGame{w: 32, h: 32}
	tab := NewFlat(1 << 20)
	var z Searcher[gridPos, uint8, gridGame]
	opt := Options{Table: tab}
	z.Solve(context.Background(), g, gridPos{}, opt)
	if n := testing.AllocsPerRun(5, func() {
		if res := z.Solve(context.Background(), g, gridPos{}, opt); res.Verdict != Unwinnable {
			t.Fatalf("grid: %v", res.Verdict)
		}
	}); n != 0 {
		t.Fatalf("%v allocations per unwinnable search", n)
	}

	// A ring of 200 with chords: node 199 is won, reached after searching
	// the nodes the chords lead to first.
	gg := graphGame{adj: make([][]int32, 200), win: make([]bool, 200)}
	for i := range 200 {
		gg.adj[i] = []int32{int32((i + 7) % 200), int32((i + 1) % 200)}
	}
	gg.win[199] = true
	var zg Searcher[int32, int32, graphGame]
	gopt := Options{Table: NewFlat(1 << 20)}
	if first := zg.Solve(context.Background(), gg, 0, gopt); first.Verdict != Winnable || len(first.Line) < 28 {
		t.Fatalf("ring: %v in %d moves", first.Verdict, len(first.Line))
	}
	if n := testing.AllocsPerRun(5, func() { zg.Solve(context.Background(), gg, 0, gopt) }); n != 1 {
		t.Fatalf("%v allocations per winning search, want 1 (the line)", n)
	}
}

// TestSolveDepthCutBacktracks: a branch cut at the depth bound makes the
// search incomplete, not over. Node 0's first move leads down a dead chain
// 1..20 deeper than the bound, its second to 21 and the won node 22: the
// search backtracks from the cut and wins. On random graphs with small
// bounds a cut search never answers unwinnable while BFS reaches a win, and
// every line it finds is legal.
func TestSolveDepthCutBacktracks(t *testing.T) {
	g := graphGame{adj: make([][]int32, 23), win: make([]bool, 23)}
	g.adj[0] = []int32{1, 21}
	for i := int32(1); i < 20; i++ {
		g.adj[i] = []int32{i + 1}
	}
	g.adj[21] = []int32{22}
	g.win[22] = true
	for _, tc := range testTables(t) {
		res := Solve[int32, int32](context.Background(), g, 0, Options{MaxDepth: 5, Table: tc.t})
		if res.Verdict != Winnable || len(res.Line) != 2 || res.Stats.Cut != 1 {
			t.Errorf("%s: %v %q line %v, %d cut; want winnable 0-21-22 after 1 cut", tc.name, res.Verdict, res.Reason, res.Line, res.Stats.Cut)
		}
	}
	r := rand.New(rand.NewPCG(7, 11))
	cuts := 0
	for i := range 400 {
		rg := randomGraph(r, 60, 3, 0.02)
		want := rg.reachable(0)
		for _, tc := range testTables(t) {
			res := Solve[int32, int32](context.Background(), rg, 0, Options{MaxDepth: 1 + i%6, Table: tc.t})
			if res.Stats.Cut > 0 {
				cuts++
			}
			switch {
			case res.Verdict == Unwinnable && want:
				t.Fatalf("graph %d/%s: unwinnable with a reachable win (%d cut)", i, tc.name, res.Stats.Cut)
			case res.Verdict == Unwinnable && res.Stats.Cut > 0:
				t.Fatalf("graph %d/%s: unwinnable after %d cuts", i, tc.name, res.Stats.Cut)
			case res.Verdict == Winnable:
				if msg := rg.replay(0, res.Line); msg != "" {
					t.Fatalf("graph %d/%s: %s", i, tc.name, msg)
				}
			case res.Verdict == Unknown && res.Reason != ReasonMaxDepth:
				t.Fatalf("graph %d/%s: unknown %q", i, tc.name, res.Reason)
			}
		}
	}
	if cuts < 100 {
		t.Errorf("only %d searches cut a branch: the test does not exercise the bound", cuts)
	}
}

// TestLuby pins the sequence's first terms.
func TestLuby(t *testing.T) {
	want := []int64{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1, 1, 2}
	for i, w := range want {
		if got := Luby(uint64(i + 1)); got != w {
			t.Errorf("Luby(%d) = %d, want %d", i+1, got, w)
		}
	}
}

// TestResumeSlices: a search given its budget in slices (Solve, then
// Resume until it ends) makes exactly the nodes of one uninterrupted
// search and reaches the same verdict and line, with and without a table;
// Resume after the end refuses. (Only the verdict with the tables that
// forget at random or write late: ristretto, map-forgetful.)
func TestResumeSlices(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for i := range 200 {
		g := randomGraph(r, 40, 3, 0.01) // small: without a table the search is exponential
		for _, tc := range testTables(t) {
			full := Solve[int32, int32](context.Background(), g, 0, Options{Table: tc.t})
			var z Searcher[int32, int32, graphGame]
			slice := int64(1 + i%7)
			res := z.Solve(context.Background(), g, 0, Options{Table: tc.t, MaxNodes: slice})
			nodes := res.Stats.Nodes
			for res.Verdict == Unknown && res.Reason == ReasonMaxNodes {
				res = z.Resume(context.Background(), g, Options{Table: tc.t, MaxNodes: slice})
				nodes += res.Stats.Nodes
			}
			exact := tc.name == "none" || strings.HasPrefix(tc.name, "flat")
			if res.Verdict != full.Verdict || exact && (nodes != full.Stats.Nodes || len(res.Line) != len(full.Line)) {
				t.Fatalf("graph %d/%s: slices of %d: %v in %d nodes (line %d), whole: %v in %d (line %d)",
					i, tc.name, slice, res.Verdict, nodes, len(res.Line), full.Verdict, full.Stats.Nodes, len(full.Line))
			}
			if again := z.Resume(context.Background(), g, Options{Table: tc.t}); again.Verdict != Unknown || again.Stats.Nodes != 0 {
				t.Fatalf("graph %d/%s: resume after the end: %v, %d nodes", i, tc.name, again.Verdict, again.Stats.Nodes)
			}
		}
	}
}

// TestProveDropsProvedSubtrees: with a Prove that answers by the graph's
// own reachability (exact), all nodes one group, searches on random
// graphs end with the verdict of plain reachability, drop subtrees, and
// stay within the search's own nodes; a Prove that can never prove
// (Winnable) changes nothing.
func TestProveDropsProvedSubtrees(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 50))
	var proved int64
	for i := range 300 {
		g := randomGraph(r, 200+r.IntN(400), 3, 0.003)
		want := g.reachable(0)
		var calls int
		one := func(*int32) Key { return Key{Lo: 1} }
		z := Searcher[int32, int32, graphGame]{ProveFirst: 1, Group: one, Prove: func(s *int32, budget int64) (Verdict, int64) {
			calls++
			if g.reachable(*s) {
				return Winnable, 1
			}
			return Unwinnable, 1
		}}
		res := z.Solve(context.Background(), g, 0, Options{Table: NewFlat(1 << 20)})
		if got := res.Verdict == Winnable; got != want || res.Verdict == Unknown {
			t.Fatalf("graph %d: verdict %v with proofs, reachable %v", i, res.Verdict, want)
		}
		if res.Verdict == Winnable {
			if msg := g.replay(0, res.Line); msg != "" {
				t.Fatalf("graph %d: %s", i, msg)
			}
		}
		if res.Stats.ProveNodes > res.Stats.Nodes-res.Stats.ProveNodes {
			t.Fatalf("graph %d: proofs spent %d nodes, the search %d", i, res.Stats.ProveNodes, res.Stats.Nodes-res.Stats.ProveNodes)
		}
		proved += res.Stats.Proved
		var never Searcher[int32, int32, graphGame]
		never.ProveFirst, never.Group = 1, one
		never.Prove = func(*int32, int64) (Verdict, int64) { return Winnable, 1 }
		plain := Solve[int32, int32](context.Background(), g, 0, Options{Table: NewFlat(1 << 20)})
		got := never.Solve(context.Background(), g, 0, Options{Table: NewFlat(1 << 20)})
		if got.Verdict != plain.Verdict || got.Stats.Nodes-got.Stats.ProveNodes != plain.Stats.Nodes {
			t.Fatalf("graph %d: a Prove that never proves changed the search: %v %d nodes, plain %v %d", i, got.Verdict, got.Stats.Nodes, plain.Verdict, plain.Stats.Nodes)
		}
	}
	if proved == 0 {
		t.Fatal("no subtree was ever dropped")
	}
}

// ownList is graphGame with Moves answering a list of its own, not one
// appended to the buffer it was given.
type ownList struct{ graphGame }

func (g ownList) Moves(s *int32, _ []int32) []int32 { return append([]int32(nil), g.adj[*s]...) }

// TestMoveArena: the move arena holds every frame's moves on paths far
// longer than its first 1024 moves (it grows while frames below keep
// theirs), and a game whose Moves answers its own list searches as one
// that appends to the arena. A chain 0 → 1 → … → n-1 with five edges a
// node (back to the start, to itself, twice ahead, forward: tried in that
// order) is won only at its end; the search must walk it to the end, the
// line must replay, and both games must make the same nodes and line.
func TestMoveArena(t *testing.T) {
	const n = 5000
	g := graphGame{adj: make([][]int32, n), win: make([]bool, n)}
	for i := range n - 1 {
		g.adj[i] = []int32{0, int32(i), int32(min(i+2, n-1)), int32(i + 1)}
		if i > 0 {
			g.adj[i] = append(g.adj[i], int32(i-1))
		}
	}
	g.win[n-1] = true
	var z Searcher[int32, int32, graphGame]
	res := z.Solve(context.Background(), g, 0, Options{Table: NewFlat(1 << 20)})
	if res.Verdict != Winnable || len(res.Line) < n/2 {
		t.Fatalf("chain: %v after %d nodes, line of %d moves", res.Verdict, res.Stats.Nodes, len(res.Line))
	}
	if msg := g.replay(0, res.Line); msg != "" {
		t.Fatalf("chain: %s", msg)
	}
	if len(z.moves) < 4*n/2 {
		t.Fatalf("chain: the arena holds %d moves for a %d-deep path", len(z.moves), len(res.Line))
	}
	var zo Searcher[int32, int32, ownList]
	own := zo.Solve(context.Background(), ownList{g}, 0, Options{Table: NewFlat(1 << 20)})
	if own.Verdict != res.Verdict || own.Stats.Nodes != res.Stats.Nodes || own.Stats.CacheHits != res.Stats.CacheHits ||
		own.Stats.PathHits != res.Stats.PathHits || !slices.Equal(own.Line, res.Line) {
		t.Fatalf("own lists: %v after %d nodes, line of %d; appended: %v after %d, %d", own.Verdict, own.Stats.Nodes, len(own.Line), res.Verdict, res.Stats.Nodes, len(res.Line))
	}
}
