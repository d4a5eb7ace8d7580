package heuristics

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// TestMeasureNeverBeams measures the beams under --empty-provisional never
// with a dead-position filter (VentaglioBeam.Lost; docs/design.md, "How near
// the line finders come"). VENTAGLIO_NEVER_BEAM=A..B runs, on each deal of
// the range the reserve order does not kill, one beam of each weighting E,
// A, D (tie-break seed 1) at each width of VENTAGLIO_NEVER_WIDTHS (default
// 256), 3,000 nodes a unit of width as in the plan, and logs per deal and
// weighting the most cards up and the positions dropped, and in all the
// wins, nodes, cards up summed and, for the positions the filter asked the
// relaxation about, how many were proved lost by pass and live bases.
// VENTAGLIO_NEVER_LOST picks the filter:
//
//	none       no filter (the plan's beams)
//	dead       the wrapper's dead-end tests (Ventaglio.Dead: reserve order,
//	           last-pass waste, chain test)
//	last:N     dead, then in the last pass the suit-blind relaxation, N nodes
//	redeal:N   dead, then the relaxation on the redeals into the last pass
//
// VENTAGLIO_NEVER_FREE=1 leaves the relaxation's nodes out of the beam's
// budget (they are logged apart). VENTAGLIO_NEVER_RETURN=N follows each
// beam that does not win along the line to its last layer and says where
// the relaxation (N nodes, after each redeal and every 20 moves) last fails
// to prove it lost (noReturn). For example:
//
//	VENTAGLIO_NEVER_BEAM=1..60 VENTAGLIO_NEVER_LOST=dead VENTAGLIO_NEVER_WIDTHS=256,1024 \
//	  go test -count=1 -run TestMeasureNeverBeams -v ./heuristics/
func TestMeasureNeverBeams(t *testing.T) {
	env := measureEnv{t}
	spec := env.need("VENTAGLIO_NEVER_BEAM", "A..B")
	lo, hi, ok := env.span("VENTAGLIO_NEVER_BEAM", spec)
	if !ok {
		t.Fatalf("VENTAGLIO_NEVER_BEAM: %q is not A..B", spec)
	}
	widths := env.ints("VENTAGLIO_NEVER_WIDTHS", 256)
	mode, arg, _ := strings.Cut(os.Getenv("VENTAGLIO_NEVER_LOST"), ":")
	var budget int64
	switch mode {
	case "", "none", "dead":
	case "last", "redeal":
		budget = env.num("VENTAGLIO_NEVER_LOST", arg)
	default:
		t.Fatalf("VENTAGLIO_NEVER_LOST: %q", mode)
	}
	free := env.on("VENTAGLIO_NEVER_FREE")
	back := env.int("VENTAGLIO_NEVER_RETURN", 0)
	tt := solver.NewFlat(64 << 20)
	type total struct {
		wins, up          int
		nodes, relaxNodes int64
		dropped           int64
	}
	sum := map[int64]*total{}
	var asked [vg.MaxPasses + 1][vg.Provisional + 1][2]int64 // by pass and live bases: proved, not
	for seed := lo; seed <= hi; seed++ {
		d, g := neverDeal(t, uint64(seed))
		h := NewVentaglio(g, solver.Strategy{Order: true, Prune: true})
		start := d.Start()
		if h.Dead(&start) {
			continue
		}
		prover := newRelaxedProver(g)
		var relax int64
		lost := func(s *vg.State, m vg.Move) (bool, int64) {
			if h.Dead(s) {
				return true, 0
			}
			if mode != "last" && mode != "redeal" || !g.LastPass(s) || mode == "redeal" && m != vg.Redeal {
				return false, 0
			}
			v, n := prover.prove(s, budget)
			_, live := lastBase(s)
			asked[s.Pass()][live][b2i(v != solver.Unwinnable)]++
			relax += n
			if free {
				n = 0
			}
			return v == solver.Unwinnable, n
		}
		b := NewVentaglioBeam(h)
		for _, w := range widths {
			if sum[w] == nil {
				sum[w] = &total{}
			}
			s := sum[w]
			line := ""
			for _, v := range []int{2, 0, 3} {
				cfg := BeamVariant(v, int(w), 1)
				b.Lost = nil
				if mode != "" && mode != "none" {
					b.Lost = lost
				}
				relax = 0
				r := b.Search(context.Background(), start, cfg, solver.Options{MaxNodes: w * 3000, Table: tt})
				s.nodes += r.Stats.Nodes
				s.relaxNodes += relax
				s.dropped += r.Stats.Proved
				s.up += bestUp(b)
				won := ""
				if r.Verdict == solver.Winnable {
					s.wins++
					won = " won"
				}
				line += fmt.Sprintf(" %d%s (%d dropped, %d layers);", bestUp(b), won, r.Stats.Proved, r.Stats.MaxDepth)
				if back > 0 && r.Verdict != solver.Winnable {
					line += " " + noReturn(g, start, b, back) + ";"
				}
			}
			t.Logf("seed %d width %d, cards up E A D:%s", seed, w, line)
		}
	}
	for _, w := range widths {
		s := sum[w]
		t.Logf("width %d: %d wins, %d nodes, cards up summed %d, %d dropped, %d relaxed nodes", w, s.wins, s.nodes, s.up, s.dropped, s.relaxNodes)
	}
	for p := range asked {
		for live := range asked[p] {
			if n := asked[p][live]; n[0]+n[1] > 0 {
				t.Logf("pass %d, %d live bases: %d asked, %d proved lost", p, live, n[0]+n[1], n[0])
			}
		}
	}
}

// noReturn walks the line to the first position of the last layer b kept
// and asks the relaxation (budget nodes) about the position after each
// redeal and every 20 moves, and says where the line is last not proved
// lost: the move, the pass, the cards up and the live bases there, and
// where the first proof falls after it.
func noReturn(g vg.Game, start vg.State, b *VentaglioBeam, budget int64) string {
	l := len(b.layer) - 1
	for l >= 0 && b.layer[l] == len(b.links) || l >= 0 && l+1 < len(b.layer) && b.layer[l] == b.layer[l+1] {
		l--
	}
	if l < 0 {
		return "no line"
	}
	line := make([]vg.Move, l+1)
	p := int32(0)
	for k := l; k >= 0; k-- {
		lk := b.links[b.layer[k]+int(p)]
		line[k] = lk.move
		p = lk.parent
	}
	prover := newRelaxedProver(g)
	s := start
	alive, first := "the start", ""
	for i, m := range line {
		g.Apply(&s, m)
		if m != vg.Redeal && (i+1)%20 != 0 && i != len(line)-1 {
			continue
		}
		_, live := lastBase(&s)
		at := fmt.Sprintf("move %d (pass %d, %d up, %d live)", i+1, s.Pass(), s.Up(), live)
		v, _ := prover.prove(&s, budget)
		if v == solver.Unwinnable {
			if first == "" {
				first = at
			}
			continue
		}
		alive, first = at+" "+v.String(), ""
	}
	if first == "" {
		first = "none"
	}
	return "last not proved lost at " + alive + ", proved from " + first
}

// TestBeamLostWinsNever: a beam that drops the positions the dead-end
// tests prove lost still wins --empty-provisional never seed 57 (weighting
// D, 256 wide, as in TestMeasureNeverBeams), with a legal line that the
// plain referee accepts, and drops some positions on the way.
func TestBeamLostWinsNever(t *testing.T) {
	l, err := vg.FromDeal(deck.Deal(deck.French, 2, 57))
	if err != nil {
		t.Fatal(err)
	}
	d, err := vg.NewDeal(l)
	if err != nil {
		t.Fatal(err)
	}
	rules := vg.Rules{Play: state.Free, Passes: 3, KeepEmpty: true}
	g := vg.New(d, rules)
	h := NewVentaglio(g, solver.Strategy{Order: true, Prune: true})
	cfg := BeamVariant(3, 256, 1)
	b := NewVentaglioBeam(h)
	b.Lost = func(s *vg.State, _ vg.Move) (bool, int64) { return h.Dead(s), 0 }
	start := d.Start()
	r := b.Search(context.Background(), start, cfg, solver.Options{MaxNodes: 256 * 3000, Table: solver.NewFlat(64 << 20)})
	if r.Verdict != solver.Winnable {
		t.Fatalf("%v %s after %d nodes, want a win", r.Verdict, r.Reason, r.Stats.Nodes)
	}
	if r.Stats.Proved == 0 {
		t.Fatal("no position dropped")
	}
	s := start
	for i, m := range r.Line {
		if !slices.Contains(g.Moves(&s, nil), m) {
			t.Fatalf("move %d %v is not legal", i+1, m)
		}
		g.Apply(&s, m)
	}
	if !g.Won(&s) {
		t.Fatal("the line does not win")
	}
	if err := refTable(l, rules).Replay(jsonLine(g, start, r.Line)); err != nil {
		t.Fatalf("the referee refuses the line: %v", err)
	}
}

// bestUp is the most cards up in b's last search.
func bestUp(b *VentaglioBeam) int {
	up, _ := b.Best()
	return up
}
