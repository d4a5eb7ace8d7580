package ventaglio

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/internal/ventagliotest"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
	vg "github.com/solitario/solitario/state/ventaglio"
	"github.com/solitario/solitario/verify"
)

// refTable is layout l under r as the referee's plain table.
func refTable(l vg.Layout, r vg.Rules) *verify.VentaglioTable {
	t := &verify.VentaglioTable{
		Base: l.Base, Arc: slices.Clone(l.Arc), Reserve: slices.Clone(l.Reserve),
		Waste: slices.Clone(l.Stock[:l.Draw]), Stock: slices.Clone(l.Stock[l.Draw:]),
		Pass: l.Pass, Placed: l.Placed,
		Forced: r.Play == state.Forced, Passes: r.Passes, Wrap: r.Wrap, KeepEmpty: r.KeepEmpty,
	}
	for i, f := range l.Foundations {
		for k := range f.Count {
			t.Found[i] = append(t.Found[i], deck.NewCard(f.Suit, (l.Base+k)%vg.SuitLength))
		}
	}
	for i, p := range l.Prov {
		t.Prov[i] = slices.Clone(p)
	}
	return t
}

// places are the referee's place names.
var places = []string{"arc", "reserve", "stock", "waste", "p1", "p2", "p3", "p4", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8"}

// freeCard is the token of place p's free card in t, "" if none.
func freeCard(t *verify.VentaglioTable, p string) string {
	if c, ok := t.FreeCard(p); ok {
		return deck.French.Token(c)
	}
	return ""
}

// brute is the test's independent judge: a plain recursive depth-first
// search on the referee's table, its moves found by asking the referee
// about every (from, to) pair, with an exact visited set of whole
// positions (no symmetry, no hashing, no heuristics, no pruning). It gives
// up (ok false) past limit positions.
type brute struct {
	seen  map[string]struct{}
	limit int
}

func (b *brute) win(t *verify.VentaglioTable) (won, ok bool) {
	if t.Won() {
		return true, true
	}
	k := canonical(t)
	if _, dup := b.seen[k]; dup {
		return false, true
	}
	if len(b.seen) >= b.limit {
		return false, false
	}
	b.seen[k] = struct{}{}
	for _, from := range places[:8] {
		card := freeCard(t, from)
		for _, to := range places {
			m := solution.Move{From: from, To: to, Card: card}
			if from == "waste" && to == "stock" {
				m.Card = ""
			} else if card == "" {
				continue
			}
			if t.Check(m) != "" {
				continue
			}
			c := t.Clone()
			c.Play(m)
			w, ok := b.win(c)
			if !ok || w {
				return w, ok
			}
		}
	}
	return false, true
}

// canonical writes t with its provisional bases in sorted order and its
// foundations in sorted order: the brute force's own (string) reading of
// the two symmetries, so it visits each position once up to them.
func canonical(t *verify.VentaglioTable) string {
	bytesOf := func(cs []deck.Card) string {
		b := make([]byte, len(cs))
		for i, c := range cs {
			b[i] = byte(c) + 1
		}
		return string(b)
	}
	var provs, founds [8]string
	for i, p := range t.Prov {
		provs[i] = bytesOf(p)
	}
	for i, f := range t.Found {
		founds[i] = bytesOf(f)
	}
	slices.Sort(provs[:4])
	slices.Sort(founds[:])
	var b []byte
	for _, part := range []string{bytesOf(t.Arc), bytesOf(t.Reserve), bytesOf(t.Stock), bytesOf(t.Waste),
		provs[0], provs[1], provs[2], provs[3], founds[0], founds[1], founds[2], founds[3], founds[4], founds[5], founds[6], founds[7]} {
		b = append(b, part...)
		b = append(b, 0)
	}
	b = append(b, byte(t.Pass))
	if t.Placed {
		b = append(b, 1)
	}
	return string(b)
}

// jsonLine writes a packed line in RULES.md notation.
func jsonLine(g vg.Game, start vg.State, line []vg.Move) []solution.Move {
	s := start
	var out []solution.Move
	for _, m := range line {
		jm := solution.Move{From: m.From().String(), To: m.To().String()}
		if c, ok := g.Card(&s, m); ok {
			jm.Card = deck.French.Token(c)
		}
		out = append(out, jm)
		g.Apply(&s, m)
	}
	return out
}

// nearEndRules are the variants the agreement test sweeps with loose
// positions (provisional bases as dealt by RandomLayout).
var nearEndRules = []vg.Rules{
	{Play: state.Free, Passes: 3},
	{Play: state.Free, Passes: 1},
	{Play: state.Free, Passes: 0},
	{Play: state.Forced, Passes: 3},
	{Play: state.Free, Passes: 2, Wrap: true},
	{Play: state.Free, Passes: 3, KeepEmpty: true},
}

// nearEnd is the i-th position of the agreement test: a random layout with
// 20 to 30 cards in play. Even positions are loose (bases as dealt, the
// variants of nearEndRules); odd ones tight (at most one card on p1 and p2,
// the rest in the stock, bases kept empty, one or two passes, free or
// forced), where lost positions are small enough for the brute force.
func nearEnd(rng *rand.Rand, i int) (vg.Layout, vg.Rules) {
	for {
		l := vg.RandomLayout(rng, 20+rng.IntN(11))
		if i%2 == 0 {
			return l, nearEndRules[(i/2)%len(nearEndRules)]
		}
		r := vg.Rules{Play: state.Free, Passes: 1 + rng.IntN(2), KeepEmpty: true}
		if rng.IntN(2) == 0 {
			r.Play = state.Forced
		}
		for p := range l.Prov {
			if len(l.Prov[p]) > 1 || p >= 2 {
				l.Stock = append(l.Stock, l.Prov[p]...)
				l.Prov[p] = nil
			}
		}
		if len(l.Stock) <= vg.StockSize {
			return l, r
		}
	}
}

// nearEndGame is nearEnd's i-th position dealt and packed under its rules;
// a refused deal fails t.
func nearEndGame(t *testing.T, rng *rand.Rand, i int) (vg.Layout, vg.Rules, *vg.Deal, vg.Game) {
	t.Helper()
	l, r := nearEnd(rng, i)
	d, err := vg.NewDeal(l)
	if err != nil {
		t.Fatalf("position %d: %v", i, err)
	}
	return l, r, d, vg.New(d, r)
}

// eachNearEnd calls f with each of the first n positions of nearEnd (drawn
// from rng) whose whole space the brute force searches within its limit,
// with the brute force's verdict; it returns how many it skipped.
func eachNearEnd(t *testing.T, rng *rand.Rand, n int, f func(i int, l vg.Layout, r vg.Rules, d *vg.Deal, g vg.Game, want bool)) (skipped int) {
	t.Helper()
	for i := range n {
		l, r, d, g := nearEndGame(t, rng, i)
		b := brute{seen: map[string]struct{}{}, limit: 30_000}
		want, ok := b.win(refTable(l, r))
		if !ok {
			skipped++
			continue
		}
		f(i, l, r, d, g, want)
	}
	return skipped
}

// TestVentaglioNearEndAgreement: on random positions near the end of play
// (20 to 30 cards in play), under every variant, the exact search with and
// without pruning, the probes and the brute force agree, and every winning
// line (and its shortened form) replays to a win through the referee.
// It checks 120 positions (40 in -short mode); positions whose whole space
// is too large for the brute force are skipped and counted.
func TestVentaglioNearEndAgreement(t *testing.T) {
	n := 120
	if testing.Short() {
		n = 40
	}
	rng := rand.New(rand.NewPCG(20, 30))
	tt := solver.NewFlat(16 << 20)
	var wins, losses, deadRoot int
	capped := map[string]int{}
	skipped := eachNearEnd(t, rng, n, func(i int, l vg.Layout, r vg.Rules, d *vg.Deal, g vg.Game, want bool) {
		ctx := context.Background()
		pruned := New(g, solver.Strategy{Order: true, Prune: true})
		plain := New(g, solver.Strategy{})
		if pruned.Dead(ptrTo(d.Start())) {
			deadRoot++
		}
		for _, c := range []struct {
			name string
			g    Game
		}{{"pruned", pruned}, {"plain", plain}} {
			res := solver.Solve[vg.State, vg.Move](ctx, c.g, d.Start(), solver.Options{Table: tt, MaxNodes: 1_000_000})
			if res.Verdict == solver.Unknown {
				capped[c.name]++
				continue
			}
			if got := res.Verdict == solver.Winnable; got != want {
				t.Fatalf("position %d (%+v) %s search: %v, brute force says won=%v\n%+v", i, r, c.name, res.Verdict, want, l)
			}
			if want {
				line := jsonLine(g, d.Start(), res.Line)
				if err := refTable(l, r).Replay(line); err != nil {
					t.Fatalf("position %d %s line does not verify: %v", i, c.name, err)
				}
				short := ShortenLine(g, d.Start(), res.Line)
				if err := refTable(l, r).Replay(jsonLine(g, d.Start(), short)); err != nil || len(short) > len(res.Line) {
					t.Fatalf("position %d %s shortened line (%d of %d moves): %v", i, c.name, len(short), len(res.Line), err)
				}
			}
		}
		if want {
			wins++
		} else {
			losses++
		}
	})
	t.Logf("%d positions: %d won, %d lost (%d at the root by the reserve order), %d skipped (brute force over its limit); searches stopped at 1M nodes: %v",
		n, wins, losses, deadRoot, skipped, capped)
	if wins < n/10 || losses < n/10 || skipped > n/3 || capped["pruned"] > (wins+losses)/20 {
		t.Fatalf("unbalanced sample: %d won, %d lost, %d skipped of %d", wins, losses, skipped, n)
	}
}

func ptrTo(s vg.State) *vg.State { return &s }

// seedGame is Il Ventaglio dealt from seed under the default rules (three
// passes, free play), with its start.
func seedGame(tb testing.TB, seed uint64) (vg.Game, vg.State) {
	tb.Helper()
	return ventagliotest.Dealt(tb, seed, vg.DefaultRules())
}
