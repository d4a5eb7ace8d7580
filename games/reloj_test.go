package games_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/solitario/solitario/corpus"
	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/heuristics"
	"github.com/solitario/solitario/internal/testkit"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
	relojst "github.com/solitario/solitario/state/reloj"
)

// bfReloj is a plain brute-force search for Del reloj, written from RULES.md
// for the tests only: slices of cards, a recursive depth-first search with
// no transposition table and no heuristics; the only memory is a plain map
// of positions already searched without a win (so each is searched once).
// It shares no code with state/reloj or heuristics.
type bfReloj struct {
	rules solution.Rules
	// buildOnly forbids starting a pile with a card that could be built on a
	// pile; startOnly forbids building with a card that could start a pile.
	// Both are off for the real game; the corpus uses them to show that a
	// deal needs one kind of choice.
	buildOnly, startOnly bool
	seen                 map[string]bool
	nodes, limit         int
}

type bfPos struct {
	stock, waste []deck.Card // stock[0] drawn next; waste top last
	heights      [10]int     // per base rank
	bases        []int       // base ranks left to right
	pass         int         // passes begun
	placed       bool        // a card reached the circle this pass
}

func (p *bfPos) key() string {
	var b strings.Builder
	b.Write(cardBytes(p.stock))
	b.WriteByte('|')
	b.Write(cardBytes(p.waste))
	fmt.Fprintf(&b, "|%v|%d|%v", p.heights, p.pass, p.placed)
	if len(p.bases) < 10 {
		fmt.Fprintf(&b, "|%d", p.bases[0])
	}
	return b.String()
}

func cardBytes(cs []deck.Card) []byte {
	out := make([]byte, len(cs))
	for i, c := range cs {
		out[i] = byte(c)
	}
	return out
}

// targets are the piles (base ranks) a card of rank r may go to: a pile with
// fewer than 4 cards whose top is r−1, or a new pile r at either end of the
// run.
func (bf *bfReloj) targets(p *bfPos, r int) []int {
	var build, start []int
	for _, b := range p.bases {
		h := p.heights[b]
		if h < 4 && (b+h)%10 == r {
			build = append(build, b)
		}
	}
	if len(p.bases) < 10 && (r == (p.bases[len(p.bases)-1]+1)%10 || r == (p.bases[0]+9)%10) {
		start = append(start, r)
	}
	switch {
	case bf.buildOnly && len(build) > 0:
		return build
	case bf.startOnly && len(start) > 0:
		return start
	}
	return append(build, start...)
}

func (bf *bfReloj) place(p *bfPos, b int, c deck.Card) bfPos {
	q := *p
	if q.heights[b] == 0 {
		if b == (p.bases[len(p.bases)-1]+1)%10 {
			q.bases = append(append([]int(nil), p.bases...), b)
		} else {
			q.bases = append([]int{b}, p.bases...)
		}
	}
	q.heights[b]++
	q.placed = true
	return q
}

func bfName(b int) string { return "pile:" + deck.Spanish.RankToken(b) }

// bfChild is one legal move from a position and the position it leads to;
// move is the same move in state/reloj's form, for tests that drive both.
type bfChild struct {
	m    solution.Move
	move relojst.Move
	q    bfPos
}

// children lists the legal moves of p in the order solve tries them: the
// waste top's placements, the drawn card's, the draw (in forced play only
// when the drawn card fits nowhere), the redeal.
func (bf *bfReloj) children(p *bfPos) []bfChild {
	var out []bfChild
	if n := len(p.waste); n > 0 {
		c := p.waste[n-1]
		for _, b := range bf.targets(p, c.Rank()) {
			q := bf.place(p, b, c)
			q.waste = p.waste[: n-1 : n-1]
			out = append(out, bfChild{solution.Move{From: "waste", To: bfName(b), Card: deck.Spanish.Token(c)}, relojst.WasteTo(b), q})
		}
	}
	if len(p.stock) > 0 {
		c := p.stock[0]
		ts := bf.targets(p, c.Rank())
		for _, b := range ts {
			q := bf.place(p, b, c)
			q.stock = p.stock[1:]
			out = append(out, bfChild{solution.Move{From: "stock", To: bfName(b), Card: deck.Spanish.Token(c)}, relojst.StockTo(b), q})
		}
		if bf.rules.Play == "free" || len(ts) == 0 {
			q := *p
			q.stock = p.stock[1:]
			q.waste = append(p.waste[:len(p.waste):len(p.waste)], c)
			out = append(out, bfChild{solution.Move{From: "stock", To: "waste", Card: deck.Spanish.Token(c)}, relojst.DrawMove, q})
		}
	} else if len(p.waste) > 0 && (bf.rules.Passes == 0 && p.placed || bf.rules.Passes > 0 && p.pass < bf.rules.Passes) {
		q := *p
		q.stock, q.waste = p.waste, nil
		q.pass++
		q.placed = false
		out = append(out, bfChild{solution.Move{From: "waste", To: "stock"}, relojst.RedealMove, q})
	}
	return out
}

// solve reports whether p can be won, with a winning line; ok is false when
// the node limit stopped it.
func (bf *bfReloj) solve(p bfPos) (won bool, line []solution.Move, ok bool) {
	if len(p.stock)+len(p.waste) == 0 {
		return true, nil, true
	}
	k := p.key()
	if bf.seen[k] {
		return false, nil, true
	}
	bf.nodes++
	if bf.limit > 0 && bf.nodes > bf.limit {
		return false, nil, false
	}
	for _, c := range bf.children(&p) {
		w, l, ok := bf.solve(c.q)
		if w {
			return true, append([]solution.Move{c.m}, l...), true
		}
		if !ok {
			return false, nil, false
		}
	}
	bf.seen[k] = true
	return false, nil, true
}

// bruteForce decides deal under r; ok is false past limit nodes.
func bruteForce(deal []deck.Card, r solution.Rules, limit int) (won bool, line []solution.Move, ok bool) {
	bf := &bfReloj{rules: r, seen: map[string]bool{}, limit: limit}
	return bf.solve(bfStart(deal))
}

func bfStart(deal []deck.Card) bfPos {
	p := bfPos{stock: deal[1:], bases: []int{deal[0].Rank()}, pass: 1}
	p.heights[deal[0].Rank()] = 1
	return p
}

func relojGame(t testing.TB) games.Entry {
	t.Helper()
	g, err := games.Lookup("reloj")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func relojSolve(t testing.TB, g games.Entry, deal []deck.Card, r solution.Rules, tab solver.Table) games.Outcome {
	t.Helper()
	st, err := solver.LookupStrategy(solver.DefaultStrategy)
	if err != nil {
		t.Fatal(err)
	}
	out, err := g.Solve(context.Background(), deal, games.Config{Rules: mustResolve(t, g, r), Strategy: st,
		Search: solver.Options{MaxNodes: 50_000_000, Table: tab}})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestRelojAgainstBruteForce: the solver (default strategy) and the plain
// brute force agree on 2,000 seeds (300 with -short) for forced play with 1,
// 2, 3 and unlimited passes and free play with 3 and unlimited passes (free
// play with 1 and 2 passes is too big for the brute force from the deal:
// TestRelojMidGameAgainstBruteForce); every winning line of either replays
// through the referee.
func TestRelojAgainstBruteForce(t *testing.T) {
	g := relojGame(t)
	seeds := uint64(2000)
	if testing.Short() {
		seeds = 300
	}
	tab := solver.NewFlat(4 << 20)
	for _, r := range []solution.Rules{{Play: "forced", Passes: 2}, {Play: "forced", Passes: 1},
		{Play: "forced", Passes: 3}, {Play: "forced", Passes: 0}, {Play: "free", Passes: 3}, {Play: "free", Passes: 0}} {
		won := 0
		for seed := uint64(1); seed <= seeds; seed++ {
			deal := g.SeedDeal(seed)
			bw, bline, ok := bruteForce(deal, r, 5_000_000)
			if !ok {
				t.Fatalf("%+v seed %d: the brute force did not finish", r, seed)
			}
			out := relojSolve(t, g, deal, r, tab)
			want := solver.Unwinnable
			if bw {
				want = solver.Winnable
				won++
				if err := g.Verify(deal, r, bline); err != nil {
					t.Fatalf("%+v seed %d: the brute force's line does not verify: %v", r, seed, err)
				}
			}
			if out.Verdict != want {
				t.Fatalf("%+v seed %d: solver %v, brute force %v", r, seed, out.Verdict, want)
			}
			if out.Verdict == solver.Winnable {
				if err := g.Verify(deal, r, out.Moves); err != nil {
					t.Fatalf("%+v seed %d: the solver's line does not verify: %v", r, seed, err)
				}
				if len(out.Human) != len(out.Moves) {
					t.Fatalf("seed %d: %d human lines for %d moves", seed, len(out.Human), len(out.Moves))
				}
			}
		}
		t.Logf("%+v: %d of %d seeds winnable", r, won, seeds)
		if won == 0 || won == int(seeds) && r.Passes > 0 && r.Passes < 3 {
			t.Fatalf("%+v: %d of %d winnable: the comparison says nothing", r, won, seeds)
		}
	}
}

// relojMidGame walks a random game of deal under r in the brute force's
// model, placing a card whenever it may with probability 2/3, until the
// stock top is at index until or later on pass pass (1-based) or the game
// ends; it returns the position and the moves there, in both forms.
func relojMidGame(bf *bfReloj, deal []deck.Card, rng *rand.Rand, pass, until int) (bfPos, []solution.Move, []relojst.Move) {
	p := bfStart(deal)
	var line []solution.Move
	var moves []relojst.Move
	for p.pass < pass || len(p.stock) > 0 && relojst.StockSize-len(p.stock) < until {
		cs := bf.children(&p)
		if len(cs) == 0 {
			break
		}
		c := cs[rng.IntN(len(cs))]
		if k := c.move.Kind(); (k == relojst.Draw || k == relojst.Redeal) && len(cs) > 1 && rng.IntN(3) > 0 {
			c = cs[0]
		}
		line, moves, p = append(line, c.m), append(moves, c.move), c.q
	}
	return p, line, moves
}

// TestRelojMidGameAgainstBruteForce: from random positions of every
// combination of play and passes (part way through the pass before the last
// and through the last, where the dead-end tests and the safe placement
// work), the solver's search (default strategy) and the plain brute force
// agree on 200 seeds each (60 with -short); the brute force's winning lines,
// after the moves that led to the position, replay through the referee. Most
// searches must finish, and losses must be among the verdicts where the rules
// have them.
func TestRelojMidGameAgainstBruteForce(t *testing.T) {
	g := relojGame(t)
	seeds := uint64(200)
	if testing.Short() {
		seeds = 60
	}
	st, err := solver.LookupStrategy(solver.DefaultStrategy)
	if err != nil {
		t.Fatal(err)
	}
	tab := solver.NewFlat(16 << 20)
	for _, c := range []struct {
		r           solution.Rules
		pass, until int
		lost        bool
	}{
		{solution.Rules{Play: "free", Passes: 1}, 1, 25, true},
		{solution.Rules{Play: "free", Passes: 2}, 1, 33, false},
		{solution.Rules{Play: "free", Passes: 2}, 2, 10, true},
		{solution.Rules{Play: "free", Passes: 3}, 2, 30, false},
		{solution.Rules{Play: "free", Passes: 0}, 1, 20, false},
		{solution.Rules{Play: "forced", Passes: 1}, 1, 10, true},
		{solution.Rules{Play: "forced", Passes: 2}, 2, 5, true},
		{solution.Rules{Play: "forced", Passes: 3}, 2, 10, false},
		{solution.Rules{Play: "forced", Passes: 0}, 1, 20, false},
	} {
		rng := rand.New(rand.NewPCG(uint64(c.pass), uint64(c.until)))
		count := map[solver.Verdict]int{}
		skipped := 0
		for seed := uint64(1); seed <= seeds; seed++ {
			deal := g.SeedDeal(seed)
			bf := &bfReloj{rules: c.r, seen: map[string]bool{}, limit: 200_000}
			p, prefix, moves := relojMidGame(bf, deal, rng, c.pass, c.until)
			bw, bline, ok := bf.solve(p)
			if !ok {
				skipped++
				continue
			}
			rg, s, err := relojst.NewGame(relojst.Rules{Play: playOf(c.r), Passes: c.r.Passes}, deal)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range moves {
				rg.Apply(&s, m)
			}
			res := solver.Solve(context.Background(), heuristics.NewReloj(rg, st), s, solver.Options{MaxNodes: 50_000_000, Table: tab})
			want := solver.Unwinnable
			if bw {
				want = solver.Winnable
				if err := g.Verify(deal, c.r, append(prefix[:len(prefix):len(prefix)], bline...)); err != nil {
					t.Fatalf("%+v seed %d: the brute force's line does not verify: %v", c.r, seed, err)
				}
			}
			count[want]++
			if res.Verdict != want {
				t.Fatalf("%+v seed %d, after %d moves (%s): solver %v, brute force %v", c.r, seed, len(moves), rg.Format(&s), res.Verdict, want)
			}
		}
		t.Logf("%+v from pass %d index %d: verdicts %v, %d over the brute force's limit", c.r, c.pass, c.until, count, skipped)
		if skipped > int(seeds)/10 || count[solver.Winnable] < int(seeds)/20 || c.lost && count[solver.Unwinnable] < int(seeds)/50 {
			t.Errorf("%+v: a weak comparison: %v, %d over the limit", c.r, count, skipped)
		}
	}
}

// playOf is the play mode of r.
func playOf(r solution.Rules) relojst.Play {
	if r.Play == "free" {
		return relojst.Free
	}
	return relojst.Forced
}

// TestRelojUnlimitedPasses: with unlimited passes every deal is winnable, in
// forced and free play (RULES.md gives the argument); the lines verify.
func TestRelojUnlimitedPasses(t *testing.T) {
	g := relojGame(t)
	tab := solver.NewFlat(4 << 20)
	for _, play := range []string{"forced", "free"} {
		r := solution.Rules{Play: play, Passes: 0}
		for seed := uint64(1); seed <= 300; seed++ {
			deal := g.SeedDeal(seed)
			out := relojSolve(t, g, deal, r, tab)
			if out.Verdict != solver.Winnable {
				t.Fatalf("%s, unlimited passes, seed %d: %v", play, seed, out.Verdict)
			}
			if err := g.Verify(deal, r, out.Moves); err != nil {
				t.Fatalf("%s, unlimited passes, seed %d: %v", play, seed, err)
			}
		}
	}
}

// TestRelojFreeOnePassLines: the hard variant's winning lines verify, and
// its verdicts on a few seeds are pinned (each was also reached by the
// strategies without pruning at larger limits during development).
func TestRelojFreeOnePassLines(t *testing.T) {
	g := relojGame(t)
	tab := solver.NewFlat(16 << 20)
	r := solution.Rules{Play: "free", Passes: 1}
	won := 0
	n := uint64(300)
	if testing.Short() {
		n = 100
	}
	for seed := uint64(1); seed <= n; seed++ {
		deal := g.SeedDeal(seed)
		out := relojSolve(t, g, deal, r, tab)
		switch out.Verdict {
		case solver.Winnable:
			won++
			if err := g.Verify(deal, r, out.Moves); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		case solver.Unknown:
			t.Fatalf("seed %d: undecided (%s)", seed, out.Reason)
		}
	}
	t.Logf("free, one pass: %d of %d winnable", won, n)
}

// TestRelojCorpus checks every corpus/reloj deal file's expected verdict
// with the solver and, independently, with the brute force where it
// finishes; the lines verify.
func TestRelojCorpus(t *testing.T) {
	g := relojGame(t)
	files, err := corpus.LoadDir(filepath.Join("..", "corpus", "reloj"), g)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 5 {
		t.Fatalf("%d corpus files for reloj, want at least 5", len(files))
	}
	tab := solver.NewFlat(64 << 20)
	for _, f := range files {
		if f.Slow && testing.Short() {
			continue
		}
		out := relojSolve(t, g, f.Cards, f.Rules.JSON(), tab)
		if out.Verdict != f.Expect {
			t.Errorf("%s: solver %v, expected %v", f.Path, out.Verdict, f.Expect)
		}
		if out.Verdict == solver.Winnable {
			if err := g.Verify(f.Cards, f.Rules.JSON(), out.Moves); err != nil {
				t.Errorf("%s: %v", f.Path, err)
			}
		}
		if f.Rules.Play == state.Forced {
			bw, _, ok := bruteForce(f.Cards, f.Rules.JSON(), 20_000_000)
			if ok && bw != (f.Expect == solver.Winnable) {
				t.Errorf("%s: brute force says winnable=%v, expected %v", f.Path, bw, f.Expect)
			}
		}
	}
}

func TestRelojRowAndLayout(t *testing.T) {
	g := relojGame(t)
	if g.Title != "Del reloj" || g.Deck != deck.Spanish || g.Copies != 1 || g.Defaults.JSON() != (solution.Rules{Play: "forced", Passes: 2}) {
		t.Fatalf("row: %+v", g)
	}
	for _, r := range []solution.Rules{{Play: "sometimes", Passes: 2}, {Play: "free", Passes: -1}} {
		if _, err := g.Resolve(r); err == nil {
			t.Errorf("Resolve accepted %+v", r)
		}
	}
	// A negative pass count gets the range a number past int gets.
	if _, err := g.ResolveJSON(solution.Rules{Play: "free", Passes: -1}); err == nil || err.Error() != `reloj: "rules.passes" must be `+solution.PassesRange()+", not -1" {
		t.Errorf("passes -1: %v", err)
	}
	plain := g.Layout(g.SeedDeal(1), g.Defaults, games.Style{})
	if !strings.Contains(plain, "circle: 6E") || !strings.Contains(plain, "39 cards") || strings.Contains(plain, "\x1b[") {
		t.Fatalf("layout:\n%s", plain)
	}
	color := g.Layout(g.SeedDeal(1), g.Defaults, games.Style{Color: true})
	// 6E is espadas: blue; 7O oros: yellow.
	if !strings.Contains(color, "\x1b[34m6E\x1b[0m") || !strings.Contains(color, "\x1b[33m7O\x1b[0m") {
		t.Fatalf("colour layout:\n%q", color)
	}
}

// TestRelojHumanLines pins the readable move notation on seed 1.
func TestRelojHumanLines(t *testing.T) {
	g := relojGame(t)
	out := relojSolve(t, g, g.SeedDeal(1), g.Defaults.JSON(), solver.NewFlat(1<<20))
	if out.Verdict != solver.Winnable {
		t.Fatalf("seed 1: %v", out.Verdict)
	}
	var draws, places, redeals int
	for i, h := range out.Human {
		m := out.Moves[i]
		switch {
		case m.To == "waste":
			draws++
			if h != "stock "+m.Card+" -> waste" {
				t.Errorf("move %d: %q", i+1, h)
			}
		case m.To == "stock":
			redeals++
			if !strings.HasPrefix(h, "waste -> stock (redeal") {
				t.Errorf("move %d: %q", i+1, h)
			}
		default:
			places++
			want := m.From + " " + m.Card + " -> pile " + strings.TrimPrefix(m.To, "pile:") + " ("
			if !strings.HasPrefix(h, want) {
				t.Errorf("move %d: %q, want prefix %q", i+1, h, want)
			}
		}
	}
	if places != 39 {
		t.Errorf("%d placements in a win, want 39", places)
	}
	t.Logf("seed 1: %d moves (%d draws, %d redeals); first %q", len(out.Moves), draws, redeals, out.Human[0])
}

// TestRelojStartNotBuild: the corpus deal start-not-build-seed-1 is won, but
// not when a card that fits on a pile may never start a new one (plain brute
// force both times), so winning needs at least one new pile started instead
// of building.
func TestRelojStartNotBuild(t *testing.T) {
	g := relojGame(t)
	f, err := corpus.Load(filepath.Join("..", "corpus", "reloj", "start-not-build-seed-1.deal"), g)
	if err != nil {
		t.Fatal(err)
	}
	full := &bfReloj{rules: f.Rules.JSON(), seen: map[string]bool{}}
	if w, line, _ := full.solve(bfStart(f.Cards)); !w {
		t.Fatal("the deal is not won")
	} else if err := g.Verify(f.Cards, f.Rules.JSON(), line); err != nil {
		t.Fatal(err)
	}
	build := &bfReloj{rules: f.Rules.JSON(), seen: map[string]bool{}, buildOnly: true}
	if w, _, _ := build.solve(bfStart(f.Cards)); w {
		t.Fatal("the deal is won without starting a pile where a card could build")
	}
}

// benchRelojSolve solves the deals once per iteration with the default
// strategy and reports the search's speed: ns/node and nodes/s over all of
// them (table clearing, move conversion and the line included).
func benchRelojSolve(b *testing.B, r solution.Rules, seeds []uint64) {
	g := relojGame(b)
	tab := solver.NewFlat(256 << 20)
	deals := make([][]deck.Card, len(seeds))
	for i, s := range seeds {
		deals[i] = g.SeedDeal(s)
	}
	var nodes int64
	b.ReportAllocs()
	for b.Loop() {
		for _, d := range deals {
			out := relojSolve(b, g, d, r, tab)
			if out.Verdict == solver.Unknown {
				b.Fatal("undecided")
			}
			nodes += out.Stats.Nodes
		}
	}
	testkit.ReportNodes(b, nodes)
}

// BenchmarkRelojSolveDefault: seeds 1..100 under the default rules per op.
func BenchmarkRelojSolveDefault(b *testing.B) {
	seeds := make([]uint64, 100)
	for i := range seeds {
		seeds[i] = uint64(i + 1)
	}
	benchRelojSolve(b, solution.Rules{Play: "forced", Passes: 2}, seeds)
}

// BenchmarkRelojSolveFreeOnePass: the hard variant's hardest deal of seeds
// 1..2000 (corpus hardest-free-one-pass-seed-631) per op.
func BenchmarkRelojSolveFreeOnePass(b *testing.B) {
	benchRelojSolve(b, solution.Rules{Play: "free", Passes: 1}, []uint64{631})
}
