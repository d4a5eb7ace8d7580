package heuristics

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// collecting is Ventaglio that shows every position it expands to f.
type collecting struct {
	Ventaglio
	f func(s *vg.State)
}

func (c collecting) Moves(s *vg.State, buf []vg.Move) []vg.Move {
	c.f(s)
	return c.Ventaglio.Moves(s, buf)
}

// TestMeasureEndgames (VENTAGLIO_ENDGAME_MEASURE=1, a measurement, 15 s):
// what the fixed restarts' stock-empty last-pass positions are, on --passes
// 1 seeds 1 and 72 (100 restarts of 5,000 nodes, one position in 211 kept,
// 150 a seed): how many the exact search exhausts within 200k nodes, how
// many the suit-blind relaxation proves lost within 20k, and the most
// waste cards that must sit alone on a base at once (parkedAlone). It
// fails if the relaxation proves lost a position the exact search wins.
// Figures: docs/design.md ("Il Ventaglio: proving losses").
func TestMeasureEndgames(t *testing.T) {
	if os.Getenv("VENTAGLIO_ENDGAME_MEASURE") == "" {
		t.Skip("measurement")
	}
	for _, seed := range []uint64{1, 72} {
		l, err := vg.FromDeal(deck.Deal(deck.French, 2, seed))
		if err != nil {
			t.Fatal(err)
		}
		d, _ := vg.NewDeal(l)
		g := vg.New(d, vg.Rules{Play: state.Free, Passes: 1})
		h := NewVentaglio(g, solver.Strategy{Order: true, Prune: true})
		var all, empty int
		var sample []vg.State
		col := collecting{Ventaglio: h, f: func(s *vg.State) {
			all++
			if g.LastPass(s) && s.StockTop() < 0 {
				empty++
				if empty%211 == 0 && len(sample) < 150 {
					sample = append(sample, *s)
				}
			}
		}}
		var rs solver.Restarter[vg.State, vg.Move, collecting]
		rs.Solve(context.Background(), col, d.Start(), solver.Schedule{Unit: 5000}, 1, solver.Options{MaxNodes: 500_000, Table: solver.NewFlat(4 << 20), MaxDepth: 1 << 18})
		t.Logf("seed %d: %d positions, %d stock-empty last pass (%.1f%%), %d sampled", seed, all, empty, 100*float64(empty)/float64(all), len(sample))
		var won, lost, unk, rLost, rWon, rUnk int
		var lostNodes, rNodes int64
		shown := 0
		var hist, histUnk [64]int
		tt := solver.NewFlat(16 << 20)
		for _, s := range sample {
			r := solver.Solve[vg.State, vg.Move](context.Background(), h, s, solver.Options{Table: tt, MaxNodes: 200_000, MaxDepth: 1 << 18})
			switch r.Verdict {
			case solver.Winnable:
				won++
			case solver.Unwinnable:
				lost++
				lostNodes += r.Stats.Nodes
			default:
				unk++
			}
			p := newRelaxedProver(g)
			v, n := p.prove(&s, 20_000)
			rNodes += n
			switch v {
			case solver.Unwinnable:
				if r.Verdict == solver.Winnable {
					t.Fatalf("seed %d: the relaxation proves lost a position the exact search wins\n%+v", seed, g.Layout(&s))
				}
				rLost++
			case solver.Winnable:
				rWon++
			default:
				rUnk++
			}
			if r.Verdict == solver.Unknown && s.Up() > 40 && shown < 4 {
				shown++
				ly := g.Layout(&s)
				tok := func(cs []deck.Card) string { return strings.Join(deck.French.TokenList(cs), " ") }
				t.Logf("base %d\n waste(bottom..top) %s\n arc %s\n reserve %s\n p %s | %s | %s | %s\n found %+v", ly.Base, tok(ly.Stock[:ly.Draw]), tok(ly.Arc), tok(ly.Reserve), tok(ly.Prov[0]), tok(ly.Prov[1]), tok(ly.Prov[2]), tok(ly.Prov[3]), ly.Foundations)
			}
			most, iso := parkedAlone(g, &s)
			hist[most]++
			if r.Verdict == solver.Unknown {
				histUnk[most]++
			}
			t.Logf("alone %d isolated %d", most, iso)
			t.Logf("up %d waste %d arc %d res %d bases %d %d %d %d: exact %v %d, relaxed %v %d", s.Up(), s.WasteCount(), d.ArcLen()-s.ArcIndex(), d.ReserveLen()-s.ReserveIndex(), s.Height(0), s.Height(1), s.Height(2), s.Height(3), r.Verdict, r.Stats.Nodes, v, n)
		}
		t.Logf("seed %d: exact at 200k: %d won, %d lost (%d nodes), %d unknown; relaxed at 20k: %d lost, %d won, %d unknown (%d nodes); parked alone at once (all, unknown ones): %v %v", seed, won, lost, lostNodes, unk, rLost, rWon, rUnk, rNodes, hist[:8], histUnk[:8])
	}
}

// parkedAlone is a candidate dead-end count, measured only: in the last
// pass, the most waste cards that must sit alone on a base at once. An
// isolated card (no card of a neighbouring rank is in the arc, the stock
// or waste, or on a base: the rest are up or in the reserve, for good)
// goes onto a base only when one is empty, and nothing goes onto it after;
// if its foundation needs first a card whose every remaining copy lies
// beneath it in the waste (wasteDead's test), it sits alone on a base from
// when it leaves the waste until the waste is down to that copy. More than
// four at once would prove the position lost; on the measured positions it
// is at most 2.
func parkedAlone(g vg.Game, s *vg.State) (most, isolated int) {
	d := g.Deal()
	var movable uint16
	for i := range vg.Provisional {
		for j := range s.Height(i) {
			movable |= 1 << s.ProvCard(i, j).Rank()
		}
	}
	for i := s.ArcIndex(); i < d.ArcLen(); i++ {
		movable |= 1 << d.ArcCard(i).Rank()
	}
	var waste []int // stock positions, top first
	for p := d.StockLen() - 1; p >= 0; p-- {
		if s.InStock(p) {
			movable |= 1 << d.StockCard(p).Rank()
			if p <= s.WasteTop() {
				waste = append(waste, p)
			}
		}
	}
	near := g.NeighbourRanks
	lo, hi := s.SuitCounts()
	var delta [64]int
	for j, p := range waste {
		y := d.StockCard(p)
		if near(1<<y.Rank())&movable != 0 {
			continue
		}
		isolated++
		k := d.Offset(y)
		l, h := int(lo[y.Suit()]), int(hi[y.Suit()])
		from := h
		if h > k {
			from = l
		}
		release := -1
		for o := from; o < k; o++ {
			remaining := 2 - b2i(o < l) - b2i(o < h)
			var at []int
			for jj := j + 1; jj < len(waste); jj++ {
				c := d.StockCard(waste[jj])
				if c.Suit() == y.Suit() && d.Offset(c) == o {
					at = append(at, jj)
				}
			}
			if remaining > 0 && len(at) >= remaining {
				release = max(release, at[0])
			}
		}
		if release > j {
			delta[j+1]++
			delta[release+1]--
		}
	}
	run := 0
	for t := range delta {
		run += delta[t]
		most = max(most, run)
	}
	return most, isolated
}
