package heuristics

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// moveKind names a move's kind for the width measurement.
func moveKind(m vg.Move) string {
	switch {
	case m == vg.Draw:
		return "draw"
	case m == vg.Redeal:
		return "redeal"
	}
	from, to := "prov", "prov"
	if !m.From().IsProv() {
		from = m.From().String()
	}
	if m.To().IsFound() {
		to = "found"
	}
	return from + ">" + to
}

// widthCount counts, per pass, the positions a search expands and the
// children it makes by move kind.
type widthCount struct {
	expand [4]int64
	kind   [4]map[string]int64
}

func (w *widthCount) add(pass int, m vg.Move) {
	p := min(pass, 3)
	if w.kind[p] == nil {
		w.kind[p] = map[string]int64{}
	}
	w.kind[p][moveKind(m)]++
}

func (w *widthCount) String() string {
	var b strings.Builder
	for p := 1; p <= 3; p++ {
		var ks []string
		var all int64
		for k, n := range w.kind[p] {
			ks = append(ks, k)
			all += n
		}
		sort.Slice(ks, func(i, j int) bool { return w.kind[p][ks[i]] > w.kind[p][ks[j]] })
		fmt.Fprintf(&b, "  pass %d: %d expanded, %d children:", p, w.expand[p], all)
		for _, k := range ks {
			fmt.Fprintf(&b, " %s %d", k, w.kind[p][k])
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// counting is Ventaglio counting what its search does.
type counting struct {
	Ventaglio
	w *widthCount
}

func (c counting) Moves(s *vg.State, buf []vg.Move) []vg.Move {
	c.w.expand[min(s.Pass(), 3)]++
	return c.Ventaglio.Moves(s, buf)
}

func (c counting) Apply(s *vg.State, m vg.Move) {
	c.w.add(s.Pass(), m)
	c.Ventaglio.Apply(s, m)
}

// relaxedCounting is VentaglioRelaxed counting what its search does.
type relaxedCounting struct {
	VentaglioRelaxed
	w *widthCount
}

func (c relaxedCounting) Moves(s *vg.RelaxedState, buf []vg.RelaxedMove) []vg.RelaxedMove {
	c.w.expand[min(s.S.Pass(), 3)]++
	return c.VentaglioRelaxed.Moves(s, buf)
}

func (c relaxedCounting) Apply(s *vg.RelaxedState, m vg.RelaxedMove) {
	c.w.add(s.S.Pass(), m.Move())
	c.VentaglioRelaxed.Apply(s, m)
}

// widthSeeds is the measurements' seeds (VENTAGLIO_WIDTH_SEEDS, a comma
// list; the test is skipped without it) and node budget
// (VENTAGLIO_WIDTH_NODES, default 3 M).
func widthSeeds(t *testing.T) (seeds []uint64, nodes int64) {
	t.Helper()
	env := measureEnv{t}
	return env.seeds("VENTAGLIO_WIDTH_SEEDS"), env.int("VENTAGLIO_WIDTH_NODES", 3_000_000)
}

// neverDeal is the deal of seed under --empty-provisional never (free
// play, three passes).
func neverDeal(t *testing.T, seed uint64) (*vg.Deal, vg.Game) {
	t.Helper()
	l, err := vg.FromDeal(deck.Deal(deck.French, 2, seed))
	if err != nil {
		t.Fatal(err)
	}
	d, err := vg.NewDeal(l)
	if err != nil {
		t.Fatal(err)
	}
	return d, vg.New(d, vg.Rules{Play: state.Free, Passes: 3, KeepEmpty: true})
}

// TestMeasureNeverWidth (VENTAGLIO_WIDTH_SEEDS=1,2,9 and
// VENTAGLIO_WIDTH_NODES, a measurement; VENTAGLIO_WIDTH_RELAXED_ONLY=1
// skips the exact search): where the exact search with the relaxation's
// proofs (strategy exact-prove) and the relaxed search from the start spend
// their nodes on --empty-provisional never deals: positions expanded per
// pass and children made per pass and move kind. Figures: docs/design.md
// ("Il Ventaglio: proving losses").
func TestMeasureNeverWidth(t *testing.T) {
	seeds, nodes := widthSeeds(t)
	for _, seed := range seeds {
		d, g := neverDeal(t, seed)
		if os.Getenv("VENTAGLIO_WIDTH_RELAXED_ONLY") == "" {
			h := NewVentaglio(g, solver.Strategy{Order: true, Prune: true, Prove: true})
			w := &widthCount{}
			c := counting{Ventaglio: h, w: w}
			z := solver.Searcher[vg.State, vg.Move, counting]{Prove: h.Prove, Group: h.Group}
			r := z.Solve(context.Background(), c, d.Start(), solver.Options{MaxNodes: nodes, MaxDepth: 1 << 18, Table: solver.NewFlat(256 << 20)})
			t.Logf("seed %d exact-prove: %v %s, %d nodes (%d relaxed, %d proofs), %d hits, %d path hits, depth %d\n%s",
				seed, r.Verdict, r.Reason, r.Stats.Nodes, r.Stats.ProveNodes, r.Stats.Proved, r.Stats.CacheHits, r.Stats.PathHits, r.Stats.MaxDepth, w)
		}
		rh := NewVentaglioRelaxed(g)
		rw := &widthCount{}
		rc := relaxedCounting{VentaglioRelaxed: rh, w: rw}
		st := d.Start()
		rr := solver.Solve[vg.RelaxedState, vg.RelaxedMove](context.Background(), rc, rh.Relax(&st), solver.Options{MaxNodes: nodes, MaxDepth: 1 << 18, Table: solver.NewFlat(256 << 20)})
		t.Logf("seed %d relaxed from the start: %v %s, %d nodes, %d hits, %d path hits, depth %d\n%s",
			seed, rr.Verdict, rr.Reason, rr.Stats.Nodes, rr.Stats.CacheHits, rr.Stats.PathHits, rr.Stats.MaxDepth, rw)
	}
}

// firstOf is VentaglioRelaxed keeping the first position of each pass
// its search expands.
type firstOf struct {
	VentaglioRelaxed
	first *[4]*vg.RelaxedState
}

func (c firstOf) Moves(s *vg.RelaxedState, buf []vg.RelaxedMove) []vg.RelaxedMove {
	if p := min(s.S.Pass(), 3); c.first[p] == nil {
		cp := *s
		c.first[p] = &cp
	}
	return c.VentaglioRelaxed.Moves(s, buf)
}

// TestMeasureNeverPassSubtrees (VENTAGLIO_WIDTH_SEEDS, VENTAGLIO_WIDTH_NODES;
// a measurement): the relaxed search from the first position of pass 2 and
// of pass 3 that the relaxed search from the start reaches: how many nodes
// a pass's subtree takes.
func TestMeasureNeverPassSubtrees(t *testing.T) {
	seeds, nodes := widthSeeds(t)
	for _, seed := range seeds {
		d, g := neverDeal(t, seed)
		rh := NewVentaglioRelaxed(g)
		var first [4]*vg.RelaxedState
		st := d.Start()
		solver.Solve[vg.RelaxedState, vg.RelaxedMove](context.Background(), firstOf{rh, &first}, rh.Relax(&st), solver.Options{MaxNodes: 100_000, MaxDepth: 1 << 18, Table: solver.NewFlat(16 << 20)})
		for p := 2; p <= 3; p++ {
			if first[p] == nil {
				continue
			}
			w := &widthCount{}
			r := solver.Solve[vg.RelaxedState, vg.RelaxedMove](context.Background(), relaxedCounting{rh, w}, *first[p], solver.Options{MaxNodes: nodes, MaxDepth: 1 << 18, Table: solver.NewFlat(256 << 20)})
			t.Logf("seed %d, relaxed from the first position of pass %d (%d up, %d stock): %v %s, %d nodes, %d hits\n%s",
				seed, p, first[p].S.Up(), first[p].S.StockCount(), r.Verdict, r.Reason, r.Stats.Nodes, r.Stats.CacheHits, w)
		}
	}
}

// passEnds is VentaglioRelaxed that stops at the first position of pass
// stop, counting those positions (the ways the passes before it end).
type passEnds struct {
	VentaglioRelaxed
	stop int
	ends *int64
}

func (c passEnds) Moves(s *vg.RelaxedState, buf []vg.RelaxedMove) []vg.RelaxedMove {
	if s.S.Pass() >= c.stop {
		*c.ends++
		return buf[:0]
	}
	return c.VentaglioRelaxed.Moves(s, buf)
}

// TestMeasureNeverPassEnds (VENTAGLIO_WIDTH_SEEDS, VENTAGLIO_WIDTH_NODES;
// a measurement): how many ways the relaxed game's first pass can end (the
// relaxed search from the start, stopped at each position of pass 2, none
// of them searched on), and its dead ends.
func TestMeasureNeverPassEnds(t *testing.T) {
	seeds, nodes := widthSeeds(t)
	for _, seed := range seeds {
		d, g := neverDeal(t, seed)
		rh := NewVentaglioRelaxed(g)
		var ends int64
		st := d.Start()
		r := solver.Solve[vg.RelaxedState, vg.RelaxedMove](context.Background(), passEnds{rh, 2, &ends}, rh.Relax(&st), solver.Options{MaxNodes: nodes, MaxDepth: 1 << 18, Table: solver.NewFlat(256 << 20)})
		t.Logf("seed %d: the first pass searched to its ends: %v %s, %d nodes, %d ends (positions of pass 2)", seed, r.Verdict, r.Reason, r.Stats.Nodes, ends)
	}
}
