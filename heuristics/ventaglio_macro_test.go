package heuristics

import (
	"context"
	"fmt"
	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/internal/testkit"
	"github.com/solitario/solitario/state"
	vg "github.com/solitario/solitario/state/ventaglio"
	"slices"
	"testing"

	"github.com/solitario/solitario/solver"
)

// neverAlive is the 80 deals of --empty-provisional never seeds 1..300
// the reserve order does not kill at the root (docs/design.md).
var neverAlive = []uint64{1, 2, 9, 13, 27, 28, 29, 32, 35, 41, 49, 51, 52, 53, 55, 57, 59, 61,
	64, 65, 69, 71, 72, 84, 85, 87, 88, 95, 100, 107, 109, 117, 118, 122, 124, 130, 134, 137, 141, 146, 147, 152, 157, 159, 168,
	180, 189, 191, 194, 205, 207, 216, 219, 224, 228, 231, 232, 235, 239, 241, 242, 244, 251, 252, 255, 256, 257, 263, 266, 269,
	270, 272, 275, 276, 277, 281, 283, 292, 293, 296}

// TestMeasureNeverMacro runs VentaglioMacro alone on --empty-provisional
// never deals: VENTAGLIO_MACRO_SEEDS=all (the 80 deals of neverAlive) or
// a comma list, VENTAGLIO_MACRO_NODES per deal (default 20M),
// VENTAGLIO_MACRO_WORK the positions a macro expansion (default 2000),
// VENTAGLIO_MACRO_UNIT the Luby unit (default 100000);
// VENTAGLIO_MACRO_SHUFFLED=1, VENTAGLIO_MACRO_ALONG=1 switch on Shuffled and
// Along, VENTAGLIO_MACRO_STREAM=1 searches the streamlined rules. It logs per deal
// the verdict, nodes, most cards up and restarts, and the wins in all;
// every win is replayed through the referee. For example:
//
//	VENTAGLIO_MACRO_SEEDS=all VENTAGLIO_MACRO_WORK=50 VENTAGLIO_MACRO_UNIT=20000 \
//	  VENTAGLIO_MACRO_SHUFFLED=1 VENTAGLIO_MACRO_ALONG=1 \
//	  nice go test -p 1 -count=1 -run TestMeasureNeverMacro -v -timeout 0 ./heuristics/
func TestMeasureNeverMacro(t *testing.T) {
	env := measureEnv{t}
	spec := env.need("VENTAGLIO_MACRO_SEEDS", "all or a list")
	seeds := neverAlive
	if spec != "all" {
		seeds = env.seedList("VENTAGLIO_MACRO_SEEDS", spec)
	}
	nodes, work, unit := env.int("VENTAGLIO_MACRO_NODES", 20_000_000), env.int("VENTAGLIO_MACRO_WORK", 2000), env.int("VENTAGLIO_MACRO_UNIT", 100_000)
	stream, shuffled, along := env.on("VENTAGLIO_MACRO_STREAM"), env.on("VENTAGLIO_MACRO_SHUFFLED"), env.on("VENTAGLIO_MACRO_ALONG")
	var won []uint64
	tt := solver.NewFlat(64 << 20)
	for _, seed := range seeds {
		d, g := neverDeal(t, seed)
		h := NewVentaglio(g, solver.Strategy{Order: true, Prune: true})
		start := d.Start()
		if stream {
			h = h.Streamlined()
		}
		f := NewVentaglioMacro(h, start, work, unit, 1)
		f.Shuffled, f.Along = shuffled, along
		f.Table = tt
		line := f.Run(context.Background(), nodes)
		verdict := "unknown"
		if line != nil {
			s := start
			for i, m := range line {
				if !slices.Contains(g.Moves(&s, nil), m) {
					t.Fatalf("seed %d: move %d %v is not legal", seed, i+1, m)
				}
				g.Apply(&s, m)
			}
			if !g.Won(&s) {
				t.Fatalf("seed %d: the line does not win", seed)
			}
			verdict = "won"
			won = append(won, seed)
		}
		t.Logf("seed %d: %s after %d nodes, %d up at most, %d restarts, line %d moves", seed, verdict, f.Nodes(), f.BestUp(), f.Restarts(), len(line))
	}
	t.Logf("%d won of %d: %v", len(won), len(seeds), won)
}

// TestMacroChildIsShufflePath: on a hand-made position (base A; every
// card up but K♥ Q♥ and Q♠ K♠, the foundations wanting Q♥ and Q♠; p1 K♥ Q♥
// K♠, p2 Q♠) the one macro child of the start is K♠ onto p2's Q♠, then Q♥
// up: the start's own moves send Q♠ up (emptying p2), and the only
// reversible shuffle is p1's K♠ onto Q♠. The finder then wins, with a line
// the referee accepts.
func TestMacroChildIsShufflePath(t *testing.T) {
	cs := testkit.Cards(t, deck.French, "KH QH KS QS")
	kh, qh, ks, qs := cs[0], cs[1], cs[2], cs[3]
	l := vg.Layout{Base: 0, Pass: 1, Prov: [vg.Provisional][]deck.Card{{kh, qh, ks}, {qs}}}
	for su := range 4 {
		l.Foundations[2*su] = vg.FoundationState{Suit: su, Count: 13}
		l.Foundations[2*su+1] = vg.FoundationState{Suit: su, Count: 13}
	}
	l.Foundations[2*qh.Suit()+1].Count = 11
	l.Foundations[2*qs.Suit()+1].Count = 11
	d, err := vg.NewDeal(l)
	if err != nil {
		t.Fatal(err)
	}
	rules := vg.Rules{Play: state.Free, Passes: 3, KeepEmpty: true}
	g := vg.New(d, rules)
	h := NewVentaglio(g, solver.Strategy{Order: true, Prune: true})
	start := d.Start()
	f := NewVentaglioMacro(h, start, 100, 1000, 1)
	f.Table = solver.NewFlat(1 << 20)
	f.begin()
	var macros []string
	for _, c := range f.kids[f.frames[0].lo:f.frames[0].hi] {
		if c.n > 0 {
			macros = append(macros, fmt.Sprint(f.paths[c.at:c.at+c.n], c.move))
		}
	}
	want := fmt.Sprint([]vg.Move{vg.NewMove(vg.P1, vg.P1+1)}, vg.NewMove(vg.P1, vg.F1+vg.Place(2*qh.Suit()+1)))
	if len(macros) != 1 || macros[0] != want {
		t.Fatalf("macro children %v, want [%s]", macros, want)
	}
	line := f.Run(context.Background(), 10_000)
	if line == nil {
		t.Fatal("no win")
	}
	if err := refTable(l, rules).Replay(jsonLine(g, start, line)); err != nil {
		t.Fatalf("the referee refuses the line %v: %v", line, err)
	}
}

// TestMacroWinsNever: the macro finder wins --empty-provisional never
// seed 53 (100 positions a macro, Luby unit 20,000) and, with Shuffled and
// Along as the plan's step has them (50 positions a macro), seed 134, each
// within 2M nodes, with a line the referee accepts.
func TestMacroWinsNever(t *testing.T) {
	for _, c := range []struct {
		seed            uint64
		work            int64
		shuffled, along bool
	}{{53, 100, false, false}, {134, 50, true, true}} {
		d, g := neverDeal(t, c.seed)
		l, err := vg.FromDeal(deck.Deal(deck.French, 2, c.seed))
		if err != nil {
			t.Fatal(err)
		}
		h := NewVentaglio(g, solver.Strategy{Order: true, Prune: true})
		start := d.Start()
		f := NewVentaglioMacro(h, start, c.work, 20_000, 1)
		f.Shuffled, f.Along = c.shuffled, c.along
		f.Table = solver.NewFlat(64 << 20)
		line := f.Run(context.Background(), 2_000_000)
		if line == nil {
			t.Fatalf("seed %d: no win after %d nodes (%d up at most)", c.seed, f.Nodes(), f.BestUp())
		}
		t.Logf("seed %d: won after %d nodes, %d restarts, %d moves", c.seed, f.Nodes(), f.Restarts(), len(line))
		if err := refTable(l, vg.Rules{Play: state.Free, Passes: 3, KeepEmpty: true}).Replay(jsonLine(g, start, line)); err != nil {
			t.Fatalf("seed %d: the referee refuses the line: %v", c.seed, err)
		}
	}
}
