package position_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/wins"
	"github.com/solitario/solitario/position"
	"github.com/solitario/solitario/replay"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
	"github.com/solitario/solitario/verify"
)

func config(t *testing.T, r games.Rules) games.Config {
	t.Helper()
	st, err := solver.LookupStrategy(solver.DefaultStrategy)
	if err != nil {
		t.Fatal(err)
	}
	return games.Config{Rules: r, Strategy: st, Search: solver.Options{Table: solver.NewFlat(32 << 20), MaxNodes: 20_000_000}}
}

// freePlay is g's default rules in free play (reloj: 2 passes, sietes: 1).
func freePlay(g games.Entry) games.Rules {
	r := g.Defaults
	r.Play = state.Free
	return r
}

// TestSolveFromTheMiddle: from the middle of a real winning line of every
// game the position is winnable, and the rest of the line it gives, after
// the moves played, wins under the referee.
func TestSolveFromTheMiddle(t *testing.T) {
	for _, w := range wins.All(t) {
		t.Run(w.Game.Name, func(t *testing.T) {
			k := len(w.Moves) / 2
			p := position.Position{Game: w.Game, Deal: w.Deal, Rules: w.Rules, Moves: w.Moves[:k]}
			out, err := position.Solve(context.Background(), p, config(t, w.Rules))
			if err != nil {
				t.Fatal(err)
			}
			if out.Verdict != solver.Winnable || len(out.Moves) == 0 || len(out.Human) != len(out.Moves) {
				t.Fatalf("after %d moves: %v %s, %d moves", k, out.Verdict, out.Reason, len(out.Moves))
			}
			line := append(append([]solution.Move(nil), w.Moves[:k]...), out.Moves...)
			if err := w.Game.Verify(w.Deal, w.Rules.JSON(), line); err != nil {
				t.Fatalf("prefix and hint: %v", err)
			}
		})
	}
}

// TestSolveIllegalPrefix: an illegal move is the referee's error, by number;
// nothing is searched.
func TestSolveIllegalPrefix(t *testing.T) {
	g, _ := games.Lookup("sietes")
	w := wins.Solve(t, g)
	moves := append([]solution.Move(nil), w.Moves[:6]...)
	moves[5] = solution.Move{From: "frame:1", To: "found:O", Card: "RB"}
	_, err := position.Solve(context.Background(), position.Position{Game: g, Deal: w.Deal, Rules: w.Rules, Moves: moves}, config(t, w.Rules))
	var me *verify.MoveError
	if !errors.As(err, &me) || me.N != 6 {
		t.Fatalf("got %v, want the referee's error at move 6", err)
	}
}

// drawsOnly is Del reloj in free play with every card drawn to the waste,
// twice (two passes): legal, and lost at some move.
func drawsOnly(t *testing.T, w wins.Line) []solution.Move {
	var moves []solution.Move
	for pass := range 2 {
		for _, c := range w.Deal[1:] {
			moves = append(moves, solution.Move{From: "stock", To: "waste", Card: w.Game.Deck.Token(c)})
		}
		if pass == 0 {
			moves = append(moves, solution.Move{From: "waste", To: "stock"})
		}
	}
	return moves
}

// TestReviewLostLine: the binary search names the move that a solve of
// every prefix, one by one, finds first unwinnable, in at most
// log2(moves)+2 solves.
func TestReviewLostLine(t *testing.T) {
	g, _ := games.Lookup("reloj")
	w := wins.Solve(t, g)
	r := freePlay(g)
	moves := drawsOnly(t, w)
	cfg := config(t, r)
	first := 0
	for k := 0; k <= len(moves); k++ {
		out, err := position.Solve(context.Background(), position.Position{Game: g, Deal: w.Deal, Rules: r, Moves: moves[:k]}, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if out.Verdict == solver.Unknown {
			t.Fatalf("prefix %d unknown", k)
		}
		if out.Verdict == solver.Unwinnable {
			first = k
			break
		}
	}
	if first < 2 {
		t.Fatalf("the draws-only line is lost after %d moves: the test needs a line that was winnable first", first)
	}
	rv, err := position.ReviewLine(context.Background(), position.Position{Game: g, Deal: w.Deal, Rules: r, Moves: moves}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if rv.Kind != position.LostAt || rv.Move != first {
		t.Fatalf("review: %+v, want lost at move %d", rv, first)
	}
	if len(rv.Probes) > 9 { // log2(79) + 2
		t.Errorf("%d probes for %d moves", len(rv.Probes), len(moves))
	}
	for _, pr := range rv.Probes {
		if want := pr.Moves < first; (pr.Verdict == "winnable") != want {
			t.Errorf("probe %+v: winnable should be %v", pr, want)
		}
	}
}

// TestReviewNeverAndStayed: a lost deal was never winnable; a winning line
// stays winnable to its end, with no solve needed.
func TestReviewNeverAndStayed(t *testing.T) {
	g, _ := games.Lookup("sietes")
	lost := g.SeedDeal(1) // unwinnable under the defaults
	p := position.Position{Game: g, Deal: lost, Rules: g.Defaults, Moves: []solution.Move{}}
	rv, err := position.ReviewLine(context.Background(), p, config(t, g.Defaults))
	if err != nil || rv.Kind != position.Never || len(rv.Probes) != 1 || rv.Probes[0].Verdict != "unwinnable" {
		t.Errorf("sietes seed 1: %+v %v", rv, err)
	}
	w := wins.Solve(t, g)
	rv, err = position.ReviewLine(context.Background(), position.Position{Game: g, Deal: w.Deal, Rules: w.Rules, Moves: w.Moves}, config(t, g.Defaults))
	if err != nil || rv.Kind != position.Stayed || len(rv.Probes) != 0 {
		t.Errorf("a winning line: %+v %v", rv, err)
	}
}

// TestReviewUnknown: with a node limit too small to decide, the answer is
// unknown with the bounds, not a verdict.
func TestReviewUnknown(t *testing.T) {
	g, _ := games.Lookup("reloj")
	w := wins.Solve(t, g)
	r := freePlay(g)
	cfg := config(t, r)
	cfg.Search.MaxNodes = 2
	rv, err := position.ReviewLine(context.Background(), position.Position{Game: g, Deal: w.Deal, Rules: r, Moves: drawsOnly(t, w)}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if rv.Kind != position.Undecided || rv.Move != 0 {
		t.Fatalf("review under 2 nodes: %+v", rv)
	}
	for _, pr := range rv.Probes {
		if pr.Verdict == "unknown" && pr.Reason != solver.ReasonMaxNodes {
			t.Errorf("probe %+v", pr)
		}
	}
}

// TestReviewInterrupted: after Ctrl-C (the context cancelled) no further
// prefix is solved: the review answers with what it has, unknown. It went
// on through every probe of the binary search, each ended or decided as
// the cancelled context allowed.
func TestReviewInterrupted(t *testing.T) {
	g, _ := games.Lookup("reloj")
	w := wins.Solve(t, g)
	r := freePlay(g)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rv, err := position.ReviewLine(ctx, position.Position{Game: g, Deal: w.Deal, Rules: r, Moves: drawsOnly(t, w)}, config(t, r))
	if err != nil {
		t.Fatal(err)
	}
	if rv.Kind != position.Undecided || len(rv.Probes) != 1 || rv.Probes[0].Moves != 79 {
		t.Fatalf("review after Ctrl-C: %+v, want unknown after the one probe of the line's end", rv)
	}
}

// TestSolveSietesAnySlot: a number card put into a frame slot other than
// the lowest empty one (legal: any empty slot takes it) is where the rest of
// the line finds it: hint's line after such a move passes the referee. The
// first seed (free play) whose line has such a move is used.
func TestSolveSietesAnySlot(t *testing.T) {
	g, _ := games.Lookup("sietes")
	r := freePlay(g)
	cfg := config(t, r)
	for seed := uint64(1); seed <= 200; seed++ {
		deal := g.SeedDeal(seed)
		out, err := g.Solve(context.Background(), deal, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if out.Verdict != solver.Winnable {
			continue
		}
		rp, err := replay.Line(g, deal, r, nil, out.Moves)
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range out.Moves {
			if !strings.HasPrefix(m.To, "frame:") || !strings.ContainsAny(m.Card[:1], "1234567") {
				continue // a figure never leaves the frame: only a number card shows the slot is followed
			}
			other := ""
			for _, pl := range rp.Steps[i].Position.Places {
				if strings.HasPrefix(pl.Name, "frame:") && len(pl.Cards) == 0 && pl.Name != m.To {
					other = pl.Name
				}
			}
			if other == "" {
				continue
			}
			moves := append([]solution.Move(nil), out.Moves[:i+1]...)
			moves[i].To = other
			p := position.Position{Game: g, Deal: deal, Rules: r, Moves: moves}
			rest, err := position.Solve(context.Background(), p, cfg)
			if err != nil || rest.Verdict != solver.Winnable {
				t.Fatalf("seed %d, %s to %s instead of %s: %v %v", seed, m.Card, other, m.To, rest.Verdict, err)
			}
			if !slices.ContainsFunc(rest.Moves, func(x solution.Move) bool { return x.From == other && x.Card == m.Card }) {
				t.Fatalf("seed %d: the rest of the line never takes %s from %s", seed, m.Card, other)
			}
			if err := g.Verify(deal, r.JSON(), append(moves, rest.Moves...)); err != nil {
				t.Fatal(err)
			}
			return
		}
	}
	t.Fatal("no line of seeds 1..200 puts a number card in a slot with another one empty")
}

// TestReviewUnknownGoesOn: a probe a limit leaves unknown does not end the
// review while other prefixes can narrow the bounds. Under each limit the
// bounds hold the true answer (lost at the move a full review names), the
// search stops only with no untried prefix between them or its unknown
// probes spent, and an undecided start leaves From 0 (the deal may never
// have been winnable), not 1. Under 50 nodes the start is undecided but the
// solve after 39 moves (43 nodes) is not: the line is known lost by then.
func TestReviewUnknownGoesOn(t *testing.T) {
	g, _ := games.Lookup("reloj")
	w := wins.Solve(t, g)
	r := freePlay(g)
	p := position.Position{Game: g, Deal: w.Deal, Rules: r, Moves: drawsOnly(t, w)}
	full, err := position.ReviewLine(context.Background(), p, config(t, r))
	if err != nil || full.Kind != position.LostAt {
		t.Fatalf("full review: %+v %v", full, err)
	}
	for _, nodes := range []int64{2, 20, 50, 200} {
		cfg := config(t, r)
		cfg.Search.MaxNodes = nodes
		rv, err := position.ReviewLine(context.Background(), p, cfg)
		if err != nil || rv.Kind != position.Undecided {
			t.Fatalf("%d nodes: %+v %v", nodes, rv, err)
		}
		tried, unknown := map[int]string{}, 0
		for _, pr := range rv.Probes {
			tried[pr.Moves] = pr.Verdict
			if pr.By != nil {
				tried[pr.Moves] = "unknown" // its own solve did not decide it
			}
			if tried[pr.Moves] == "unknown" {
				unknown++
			}
		}
		if want := tried[0] == "unknown"; (rv.From == 0) != want {
			t.Errorf("%d nodes: from %d, start %s", nodes, rv.From, tried[0])
		}
		if rv.To == 0 || full.Move < rv.From || full.Move > rv.To {
			t.Errorf("%d nodes: bounds %d..%d miss move %d", nodes, rv.From, rv.To, full.Move)
		}
		if unknown < 8 { // log2(79)+1: the budget not spent, so nothing is left to try
			for k := max(rv.From, 0); k < rv.To; k++ {
				if tried[k] == "" {
					t.Errorf("%d nodes: %d..%d, %d unknown probes, but after %d moves untried", nodes, rv.From, rv.To, unknown, k)
				}
			}
		}
		if nodes == 50 && (rv.From != 0 || rv.To != 39) {
			t.Errorf("50 nodes: %d..%d, want 0..39", rv.From, rv.To)
		}
	}
}

// TestSolveRestOfTheLine: when the rest of the line a position was taken
// from wins in fewer moves than the search's line, or the search finds
// none before a limit, Solve gives the rest (OwnLine); a rest that does not
// win is no answer. Il Ventaglio seed 1 after 200 moves: the search's line
// is longer than the line's own rest.
func TestSolveRestOfTheLine(t *testing.T) {
	g, _ := games.Lookup("ventaglio")
	w := wins.Solve(t, g)
	const k = 200
	p := position.Position{Game: g, Deal: w.Deal, Rules: w.Rules, Moves: w.Moves[:k]}
	search, err := position.Solve(context.Background(), p, config(t, w.Rules))
	if err != nil || search.Verdict != solver.Winnable || search.OwnLine {
		t.Fatalf("the search alone: %v %v own %v", err, search.Verdict, search.OwnLine)
	}
	rest := w.Moves[k:]
	if len(search.Moves) <= len(rest) {
		t.Fatalf("the search's line has %d moves, the rest %d: no longer a case of a shorter rest", len(search.Moves), len(rest))
	}
	p.Rest = rest
	out, err := position.Solve(context.Background(), p, config(t, w.Rules))
	if err != nil || out.Verdict != solver.Winnable || !out.OwnLine || !slices.Equal(out.Moves, rest) || len(out.Human) != len(rest) || out.Stats.Nodes != search.Stats.Nodes {
		t.Fatalf("with the rest: %v %v own %v, %d moves (rest %d), %d texts, nodes %d (search %d)", err, out.Verdict, out.OwnLine, len(out.Moves), len(rest), len(out.Human), out.Stats.Nodes, search.Stats.Nodes)
	}
	if !strings.HasPrefix(out.Human[0], rest[0].From+" "+rest[0].Card+" -> ") {
		t.Errorf("first text %q, want the move %v read", out.Human[0], rest[0])
	}
	// Stopped by a limit, the search found nothing: the rest wins.
	cfg := config(t, w.Rules)
	cfg.Search.MaxNodes = 1
	if out, err := position.Solve(context.Background(), p, cfg); err != nil || out.Verdict != solver.Winnable || !out.OwnLine || out.Reason != "" {
		t.Errorf("under 1 node with the rest: %v %v %q own %v", err, out.Verdict, out.Reason, out.OwnLine)
	}
	// A rest cut short does not win: the search's line is the answer.
	p.Rest = rest[:len(rest)-1]
	if out, err := position.Solve(context.Background(), p, config(t, w.Rules)); err != nil || out.OwnLine || len(out.Moves) != len(search.Moves) {
		t.Errorf("with a rest that does not win: %v own %v, %d moves", err, out.OwnLine, len(out.Moves))
	}
}
