package difficulty

import (
	"errors"
	"fmt"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solution"
	relojst "github.com/solitario/solitario/state/reloj"
	sietesst "github.com/solitario/solitario/state/sietes"
	vg "github.com/solitario/solitario/state/ventaglio"
	"github.com/solitario/solitario/verify"
)

func entry(t *testing.T, name string) games.Entry {
	t.Helper()
	g, err := games.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// firstWin plays the play-outs of deal from index 0 and returns the first
// won one's line and index, or ok false after n.
func firstWin[S any, M any, P player[S, M]](p P, start S, key uint64, n int) (line []M, index int, ok bool) {
	var s S
	for i := range n {
		rng := deck.NewSplitMix64(key + uint64(i))
		line = line[:0]
		if won, _ := playout[S, M, P](p, &s, start, &rng, nil, &line); won {
			return line, i, true
		}
	}
	return nil, 0, false
}

// The plain player's wins are real wins: a won play-out, written in RULES.md
// notation, replays to a win through the plain referee (package verify),
// and Measure counts it.
func TestPlainWinReplaysReloj(t *testing.T) {
	g := entry(t, "reloj")
	deal := g.SeedDeal(1)
	game, start, err := relojst.NewGame(relojst.Rules{Play: g.Defaults.Play, Passes: g.Defaults.Passes}, deal)
	if err != nil {
		t.Fatal(err)
	}
	line, i, ok := firstWin[relojst.State, relojst.Move](relojPlayer{game}, start, Key(deal), 100)
	if !ok {
		t.Fatal("no play-out of reloj seed 1 won in 100")
	}
	var moves []solution.Move
	s := start
	for _, m := range line {
		c, _ := game.Card(&s, m)
		tok := deck.Spanish.Token(c)
		switch m.Kind() {
		case relojst.Draw:
			moves = append(moves, solution.Move{From: "stock", To: "waste", Card: tok})
		case relojst.Redeal:
			moves = append(moves, solution.Move{From: "waste", To: "stock"})
		case relojst.Stock, relojst.Waste:
			from := map[relojst.Kind]string{relojst.Stock: "stock", relojst.Waste: "waste"}[m.Kind()]
			moves = append(moves, solution.Move{From: from, To: "pile:" + deck.Spanish.RankToken(m.Pile()), Card: tok})
		}
		game.Apply(&s, m)
	}
	if err := verify.Reloj(deal, g.Defaults.JSON(), moves); err != nil {
		t.Fatalf("play-out %d's win does not replay: %v", i, err)
	}
	f, err := NewGrader().Measure(g, deal, g.Defaults, Policy{Playouts: 1, First: uint64(i)})
	if err != nil || f.Wins != 1 || f.Home != 40 {
		t.Errorf("Measure of the won play-out alone: %+v, %v (want 1 win, 40 cards home)", f, err)
	}
}

func TestPlainWinReplaysSietes(t *testing.T) {
	g := entry(t, "sietes")
	for seed := uint64(1); seed <= 50; seed++ {
		deal := g.SeedDeal(seed)
		game, start, table, err := sietesst.NewGame(sietesst.Rules{Play: g.Defaults.Play, Passes: g.Defaults.Passes}, deal)
		if err != nil {
			t.Fatal(err)
		}
		line, _, ok := firstWin[sietesst.State, sietesst.Move](sietesPlayer{game}, start, Key(deal), 100)
		if !ok {
			continue
		}
		frame := table.Frame
		var moves []solution.Move
		s := start
		for _, m := range line {
			c := game.Card(&s, m)
			tok := deck.Spanish.Token(c)
			var from, to string
			switch m.Kind() {
			case sietesst.Draw, sietesst.StockFound, sietesst.StockFrame:
				from = "stock"
			case sietesst.WasteFound, sietesst.WasteFrame:
				from = "waste"
			case sietesst.FrameFound:
				from = fmt.Sprintf("frame:%d", frame.Take(c))
			case sietesst.Redeal:
				from, to, tok = "waste", "stock", ""
			}
			switch m.Kind() {
			case sietesst.Draw:
				to = "waste"
			case sietesst.StockFrame, sietesst.WasteFrame:
				to = fmt.Sprintf("frame:%d", frame.Fill(c))
			case sietesst.StockFound, sietesst.WasteFound, sietesst.FrameFound:
				to = "found:" + deck.Spanish.SuitToken(c.Suit())
			}
			moves = append(moves, solution.Move{From: from, To: to, Card: tok})
			game.Apply(&s, m)
		}
		if err := verify.Sietes(deal, g.Defaults.JSON(), moves); err != nil {
			t.Fatalf("seed %d: the plain player's win does not replay: %v", seed, err)
		}
		return
	}
	t.Fatal("no play-out of sietes seeds 1..50 won")
}

// The plain player rarely wins Il Ventaglio: seed 118's play-out 47 is the
// first win of seeds 1..118 (play-outs 0..99 each), found by scanning.
func TestPlainWinReplaysVentaglio(t *testing.T) {
	g := entry(t, "ventaglio")
	gr := NewGrader()
	for seed := uint64(118); seed <= 118; seed++ {
		deal := g.SeedDeal(seed)
		p, start, err := gr.ventaglio(deal, g.Defaults)
		if err != nil {
			t.Fatal(err)
		}
		line, i, ok := firstWin[vg.State, vmove](p, start, Key(deal), 100)
		if !ok {
			continue
		}
		if f, err := gr.Measure(g, deal, g.Defaults, Policy{Playouts: 1, First: uint64(i)}); err != nil || f.Wins != 1 || f.Home != 104 {
			t.Errorf("Measure of the won play-out alone: %+v, %v (want 1 win, 104 cards home)", f, err)
		}
		var moves []solution.Move
		s := start
		one := func(m vg.Move) {
			c, _ := p.g.Card(&s, m)
			mv := solution.Move{From: m.From().String(), To: m.To().String()}
			if m != vg.Redeal {
				mv.Card = deck.French.Token(c)
			}
			moves = append(moves, mv)
			p.g.Apply(&s, m)
		}
		for _, m := range line {
			one(vg.Move(m))
			if up := vg.Move(m >> 8); up != 0 {
				one(up)
			}
		}
		if err := verify.Ventaglio(deal, g.Defaults.JSON(), moves); err != nil {
			t.Fatalf("seed %d play-out %d: the plain player's win does not replay: %v", seed, i, err)
		}
		return
	}
	t.Fatal("no play-out of seed 118 won")
}

func TestClocksHaveNoChoices(t *testing.T) {
	for _, name := range []string{"orologio", "orologio52"} {
		g := entry(t, name)
		_, err := NewGrader().Measure(g, g.SeedDeal(1), g.Defaults, Default(name))
		if !errors.Is(err, ErrNoChoices) {
			t.Errorf("%s: Measure's error %v, want ErrNoChoices", name, err)
		}
		if err := Graded(g, g.Defaults); !errors.Is(err, ErrNoChoices) {
			t.Errorf("%s: Graded's error %v, want ErrNoChoices", name, err)
		}
	}
}

// The hot loop allocates nothing: a deal's allocations (its game, a
// scratch position) do not grow with the play-outs.
func TestMeasureAllocatesPerDealOnly(t *testing.T) {
	gr := NewGrader()
	for _, name := range []string{"reloj", "sietes", "ventaglio"} {
		g := entry(t, name)
		deal := g.SeedDeal(7)
		allocs := func(n int) float64 {
			return testing.AllocsPerRun(3, func() {
				if _, err := gr.Measure(g, deal, g.Defaults, Policy{Playouts: n}); err != nil {
					t.Fatal(err)
				}
			})
		}
		if one, many := allocs(1), allocs(50); many != one {
			t.Errorf("%s: %v allocations for 1 play-out, %v for 50", name, one, many)
		}
	}
}

// A figure depends on the deal and the policy alone, and play-outs from
// another First are other play-outs.
func TestMeasureReproducible(t *testing.T) {
	g := entry(t, "reloj")
	deal := g.SeedDeal(3)
	a, _ := NewGrader().Measure(g, deal, g.Defaults, Policy{Playouts: 100})
	b, _ := NewGrader().Measure(g, deal, g.Defaults, Policy{Playouts: 100})
	if a != b || a.Playouts != 100 || a.Home < a.Wins*40 || a.Home > 4000 {
		t.Fatalf("two measures %+v and %+v", a, b)
	}
	// The first 50 and the next 50 add up to the 100.
	lo, _ := NewGrader().Measure(g, deal, g.Defaults, Policy{Playouts: 50})
	hi, _ := NewGrader().Measure(g, deal, g.Defaults, Policy{Playouts: 50, First: 50})
	if lo.Wins+hi.Wins != a.Wins || lo.Home+hi.Home != a.Home {
		t.Errorf("play-outs 0..49 %+v and 50..99 %+v do not add up to 0..99 %+v", lo, hi, a)
	}
	if Key(deal) == Key(g.SeedDeal(4)) {
		t.Error("two deals have one key")
	}
}

// The play-out loops written out for Del reloj and De los sietes
// (relojFigure, sietesFigure) give the generic figure's figures, under the
// default rules and other modes and passes, from index 0 and from another
// First.
func TestConcreteFigures(t *testing.T) {
	seeds := uint64(600)
	if testing.Short() {
		seeds = 100
	}
	for _, r := range []games.Rules{{Play: 0, Passes: 2}, {Play: 0, Passes: 1}, {Play: 1, Passes: 0}, {Play: 1, Passes: 3}} {
		for _, pol := range []Policy{{Playouts: 40}, {Playouts: 30, First: 1000}} {
			for seed := uint64(1); seed <= seeds; seed++ {
				deal := entry(t, "reloj").SeedDeal(seed)
				rg, rs, err := relojst.NewGame(relojst.Rules{Play: r.Play, Passes: r.Passes}, deal)
				if err != nil {
					t.Fatal(err)
				}
				if got, want := relojFigure(rg, rs, Key(deal), pol, nil), figure[relojst.State, relojst.Move](relojPlayer{rg}, rs, Key(deal), pol, nil); got != want {
					t.Errorf("reloj %s seed %d %+v: %+v, generic %+v", r, seed, pol, got, want)
				}
				deal = entry(t, "sietes").SeedDeal(seed)
				sg, ss, _, err := sietesst.NewGame(sietesst.Rules{Play: r.Play, Passes: r.Passes}, deal)
				if err != nil {
					t.Fatal(err)
				}
				if got, want := sietesFigure(sg, ss, Key(deal), pol, nil), figure[sietesst.State, sietesst.Move](sietesPlayer{sg}, ss, Key(deal), pol, nil); got != want {
					t.Errorf("sietes %s seed %d %+v: %+v, generic %+v", r, seed, pol, got, want)
				}
			}
		}
	}
}

// Play ends under every variant (the termination arguments beside the
// players): unlimited passes, free and forced play, wrap, never.
func TestPlayoutsEndUnderVariants(t *testing.T) {
	gr := NewGrader()
	for _, name := range []string{"reloj", "sietes", "ventaglio"} {
		g := entry(t, name)
		for _, r := range []games.Rules{
			{Choices: g.Defaults.Choices, Play: 0, Passes: 0},
			{Choices: g.Defaults.Choices, Play: 1, Passes: 0, Wrap: true},
			{Choices: g.Defaults.Choices, Play: 1, Passes: 5, KeepEmpty: true},
		} {
			for seed := uint64(1); seed <= 5; seed++ {
				f, err := gr.Measure(g, g.SeedDeal(seed), r, Policy{Playouts: 20})
				if err != nil || f.Playouts != 20 || f.Home <= 0 {
					t.Errorf("%s %s seed %d: %+v, %v", name, r, seed, f, err)
				}
			}
		}
	}
}

func TestGradesAndCuts(t *testing.T) {
	for _, s := range []string{"easy", "medium", "hard"} {
		if g, err := ParseGrade(s); err != nil || g.String() != s {
			t.Errorf("ParseGrade(%q) = %v, %v", s, g, err)
		}
	}
	if _, err := ParseGrade("impossible"); err == nil || err.Error() != `unknown difficulty "impossible" (want easy, medium or hard)` {
		t.Errorf("ParseGrade(impossible): %v", err)
	}
	c := Cut{Hard: 40, Easy: 70}
	for score, want := range map[float64]Grade{0: Hard, 40: Hard, 41: Medium, 70: Medium, 71: Easy, 100: Easy} {
		if got := c.Of(score); got != want {
			t.Errorf("score %v: %v, want %v", score, got, want)
		}
	}
	for _, name := range []string{"reloj", "sietes", "ventaglio"} {
		g := entry(t, name)
		cut, ok := CutOf(name, g.Defaults)
		if !ok || cut.Hard > cut.Easy || cut.Deals < 9500 || cut.Command == "" {
			t.Errorf("%s: cut points %+v, %v", name, cut, ok)
		}
		if err := Graded(g, g.Defaults); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		other := g.Defaults
		other.Passes = 7
		if err := Graded(g, other); err == nil {
			t.Errorf("%s: rules without cut points graded", name)
		}
	}
}
