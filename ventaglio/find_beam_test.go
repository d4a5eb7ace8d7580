package ventaglio

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
)

func TestSelectTop(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 2000 {
		n := 1 + rng.IntN(300)
		spread := 1 + rng.IntN(20) // few distinct scores: many ties
		rs := make([]beamRank, n)
		for i := range rs {
			rs[i] = beamRank{score: int64(rng.IntN(spread)), i: int32(i)}
		}
		k := 1 + rng.IntN(n)
		want := slices.Clone(rs)
		slices.SortFunc(want, func(a, b beamRank) int { return cmp.Compare(b.score, a.score) })
		got := slices.Clone(rs)
		selectTop(got, k)
		if got[:k] == nil {
			t.Fatal("empty")
		}
		// The multiset of the first k scores must be the k highest.
		top := make([]int64, k)
		for i, r := range got[:k] {
			top[i] = r.score
		}
		slices.Sort(top)
		slices.Reverse(top)
		for i := range k {
			if top[i] != want[i].score {
				t.Fatalf("trial %d: n %d k %d: top scores %v, want %v", trial, n, k, top, want[:k])
			}
		}
		// Nothing lost or duplicated.
		seen := make([]bool, n)
		for _, r := range got {
			if seen[r.i] {
				t.Fatalf("trial %d: entry %d twice", trial, r.i)
			}
			seen[r.i] = true
		}
	}
}

// beamGame is seed's deal under the default rules (seedGame) and its
// pruning wrapper.
func beamGame(t testing.TB, seed uint64) (vg.Game, Game) {
	t.Helper()
	g, _ := seedGame(t, seed)
	return g, New(g, solver.Strategy{Order: true, Prune: true})
}

// TestBeamLines: the beam's wins are legal winning lines (each move one of
// the rules' moves where it is played), the same config gives the same
// line, and a budget stops it with max-nodes.
func TestBeamLines(t *testing.T) {
	tt := solver.NewFlat(64 << 20)
	wins := 0
	for seed := uint64(1); seed <= 40; seed++ {
		g, h := beamGame(t, seed)
		start := g.Deal().Start()
		if h.Dead(&start) {
			continue
		}
		b := NewBeam(h)
		cfg := Turn[seed%3].Config(1000, seed)
		cfg.Diverse = seed%4 < 2
		r := b.Search(context.Background(), start, cfg, solver.Options{MaxNodes: 3_000_000, Table: tt})
		if r.Verdict == solver.Unwinnable {
			t.Fatalf("seed %d: a beam answered unwinnable", seed)
		}
		t.Logf("seed %d: %v %s, %d nodes", seed, r.Verdict, r.Reason, r.Stats.Nodes)
		if r.Verdict != solver.Winnable {
			continue
		}
		wins++
		s := start
		var buf []vg.Move
		for i, m := range r.Line {
			buf = g.Moves(&s, buf[:0])
			if !slices.Contains(buf, m) {
				t.Fatalf("seed %d: move %d %v is not legal", seed, i+1, m)
			}
			g.Apply(&s, m)
		}
		if !g.Won(&s) {
			t.Fatalf("seed %d: the beam's line (%d moves) does not win", seed, len(r.Line))
		}
		// And through the plain referee, independent of state/ventaglio.
		l, err := vg.FromDeal(deck.Deal(deck.French, 2, seed))
		if err != nil {
			t.Fatal(err)
		}
		if err := refTable(l, vg.DefaultRules()).Replay(jsonLine(g, start, r.Line)); err != nil {
			t.Fatalf("seed %d: the referee refuses the beam's line: %v", seed, err)
		}
		again := b.Search(context.Background(), start, cfg, solver.Options{MaxNodes: 3_000_000, Table: tt})
		if !slices.Equal(again.Line, r.Line) || again.Stats.Nodes != r.Stats.Nodes {
			t.Fatalf("seed %d: a second search differs: %d moves %d nodes, then %d moves %d nodes",
				seed, len(r.Line), r.Stats.Nodes, len(again.Line), again.Stats.Nodes)
		}
		var shown []int64
		b.Search(context.Background(), start, cfg, solver.Options{MaxNodes: 1_000_000, Table: tt, ProgressEvery: 1 << 14,
			Progress: func(s solver.Stats) { shown = append(shown, s.Nodes) }})
		if len(shown) < int(r.Stats.Nodes>>16) || !slices.IsSorted(shown) || shown[len(shown)-1] > r.Stats.Nodes {
			t.Fatalf("seed %d: progress at %v for a search of %d nodes", seed, shown, r.Stats.Nodes)
		}
		cut := b.Search(context.Background(), start, cfg, solver.Options{MaxNodes: r.Stats.Nodes / 2, Table: tt})
		if cut.Verdict != solver.Unknown || cut.Reason != solver.ReasonMaxNodes || cut.Stats.Nodes != r.Stats.Nodes/2 {
			t.Fatalf("seed %d: half the budget gave %v %q after %d nodes", seed, cut.Verdict, cut.Reason, cut.Stats.Nodes)
		}
	}
	if wins < 5 {
		t.Fatalf("the beam won only %d of seeds 1..40 at width 1000", wins)
	}
}

// BenchmarkVentaglioBeam times one beam search of seed 9 at width 1,000 on
// a reused Beam and table: after the first, a search allocates
// only its winning line.
func BenchmarkVentaglioBeam(b *testing.B) {
	g, h := beamGame(b, 9)
	start := g.Deal().Start()
	beam := NewBeam(h)
	tt := solver.NewFlat(64 << 20)
	cfg := ArcLeft.Config(1000, 1)
	opt := solver.Options{MaxNodes: 3_000_000, Table: tt}
	r := beam.Search(context.Background(), start, cfg, opt)
	if r.Verdict != solver.Winnable {
		b.Fatalf("seed 9 not won by the beam: %v %s", r.Verdict, r.Reason)
	}
	b.ReportAllocs()
	b.ResetTimer()
	var nodes int64
	for range b.N {
		r = beam.Search(context.Background(), start, cfg, opt)
		nodes += r.Stats.Nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
}

// TestKeepLive: with a Lost filter a layer keeps what dropping the lost
// children, then one child per outer key (the best scored), then the
// width best would keep, asking about each child at most once, and counts
// the filter's nodes and drops in the stats. The children are positions of
// random walks from the start of --empty-provisional never seed 57 (so many
// share an outer key), their scores distinct.
func TestKeepLive(t *testing.T) {
	d, g := neverDeal(t, 57)
	h := New(g, solver.Strategy{Order: true, Prune: true})
	rng := rand.New(rand.NewPCG(3, 4))
	var buf []vg.Move
	for trial := range 300 {
		n := 1 + rng.IntN(250)
		width := 1 + rng.IntN(n+10)
		diverse := trial%2 == 0
		b := &Beam{h: h, next: make([]beamNode, n)}
		lost := make([]bool, n)
		for i := range n {
			s := d.Start()
			for range rng.IntN(12) {
				if buf = g.Moves(&s, buf[:0]); len(buf) > 0 {
					g.Apply(&s, buf[rng.IntN(len(buf))])
				}
			}
			b.next[i] = beamNode{s: s, move: vg.Move(i)} // the move names the child to the filter
			lost[i] = rng.IntN(3) == 0
		}
		for i, p := range rng.Perm(n) {
			b.order = append(b.order, beamRank{score: int64(p), i: int32(i)})
		}
		// The reference: drop, one per outer key, the width best.
		best := map[solver.Key]beamRank{}
		var live []beamRank
		for _, r := range b.order {
			if lost[r.i] {
				continue
			}
			if !diverse {
				live = append(live, r)
				continue
			}
			k := g.OuterKey(&b.next[r.i].s)
			if o, ok := best[k]; !ok || r.score > o.score {
				best[k] = r
			}
		}
		for _, r := range best {
			live = append(live, r)
		}
		slices.SortFunc(live, func(x, y beamRank) int { return cmp.Compare(y.score, x.score) })
		var want []int32
		for _, r := range live[:min(width, len(live))] {
			want = append(want, r.i)
		}
		asked := make([]int, n)
		var st solver.Stats
		b.keepLive(width, diverse, func(_ *vg.State, m vg.Move) (bool, int64) {
			asked[m]++
			return lost[m], 3
		}, &st)
		var got []int32
		for _, r := range b.order {
			got = append(got, r.i)
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: n %d width %d diverse %v: kept %v, want %v", trial, n, width, diverse, got, want)
		}
		calls, drops := 0, 0
		for i, a := range asked {
			if a > 1 {
				t.Fatalf("trial %d: child %d asked %d times", trial, i, a)
			}
			calls += a
			if a == 1 && lost[i] {
				drops++
			}
		}
		if st.Nodes != int64(3*calls) || st.ProveNodes != st.Nodes || st.Proved != int64(drops) {
			t.Fatalf("trial %d: stats %+v for %d calls, %d drops", trial, st, calls, drops)
		}
	}
}
