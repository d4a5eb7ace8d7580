package analysis

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
)

// fakeLine is the fake game's winning line for deal, or nil when the deal is
// lost: a deal is won when its first card's rank is below 5, by drawing the
// next rank+2 cards.
func fakeLine(k deck.Kind, deal []deck.Card) []solution.Move {
	if deal[0].Rank() >= 5 {
		return nil
	}
	var line []solution.Move
	for _, c := range deal[1 : deal[0].Rank()+3] {
		line = append(line, solution.Move{From: "stock", To: "waste", Card: k.Token(c)})
	}
	return line
}

// fakeGame is a games.Entry with made-up rules (see fakeLine); a first card
// of rank 9 is unknown (max-nodes). tables, when set, records the tables it
// was given; each must then be empty and at its first size (as fresh), and
// the fake fills it with a deal's worth of keys, growing it, for the next
// deal to find.
func fakeGame(tables *sync.Map) games.Entry {
	g := games.Entry{Name: "fake", Deck: deck.Spanish, Copies: 1,
		Defaults: games.Rules{Play: state.Forced, Passes: 2},
		Options:  []games.Option{{Flag: "play", Values: []string{"forced", "free"}}, {Flag: "passes"}}}
	g.Solve = func(ctx context.Context, deal []deck.Card, cfg games.Config) (games.Outcome, error) {
		if cfg.Rules.Passes == 7 {
			return games.Outcome{}, errors.New("seven passes are not allowed")
		}
		if tables != nil {
			tables.Store(cfg.Search.Table, true)
			if f, ok := cfg.Search.Table.(*solver.Flat); ok {
				if f.Len() != 0 || f.Bytes() != solver.NewFlat(f.MaxBytes()).Bytes() {
					return games.Outcome{}, fmt.Errorf("a table of %d keys, %d bytes, not as fresh", f.Len(), f.Bytes())
				}
				for i := range 1000 * int(deal[1]%8) {
					f.Add(solver.Key{Hi: uint64(deal[1]), Lo: uint64(i) + 1})
				}
			}
		}
		out := games.Outcome{Stats: solver.Stats{Nodes: int64(deal[1]) + 1}}
		switch {
		case ctx.Err() != nil:
			out.Reason = solver.ReasonStopped
		case deal[0].Rank() == 9:
			out.Reason = solver.ReasonMaxNodes
		case deal[0].Rank() < 5:
			out.Verdict, out.Moves = solver.Winnable, fakeLine(g.Deck, deal)
		default:
			out.Verdict = solver.Unwinnable
		}
		return out, nil
	}
	g.Verify = func(deal []deck.Card, r solution.Rules, moves []solution.Move) error {
		if !slices.Equal(moves, fakeLine(g.Deck, deal)) {
			return fmt.Errorf("move 1: not the line")
		}
		return nil
	}
	return g
}

func TestGameSolver(t *testing.T) {
	var tables sync.Map
	g := fakeGame(&tables)
	lim := Limits{MaxNodes: 100, TTMem: 8 << 20, Table: solver.TableFlat}
	st, _ := solver.LookupStrategy(solver.DefaultStrategy)
	s, err := NewGameSolver(g, g.Defaults, st, lim, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var records []Record
	rep, err := Analyze(context.Background(), Job{Header: testHeader(Range{1, 400}, Shard{}, 2), Solve: s.Solve,
		OnRecord: func(r Record) { records = append(records, r) }})
	if err != nil {
		t.Fatal(err)
	}
	sum := rep.Summary
	if sum.Deals != 400 || sum.Winnable == 0 || sum.Unwinnable == 0 || sum.Unknown == 0 || sum.UnknownBy[solver.ReasonMaxNodes] != sum.Unknown {
		t.Fatalf("summary %+v", sum)
	}
	if len(records) != 400 {
		t.Fatalf("%d records emitted, want 400", len(records))
	}
	for _, r := range records {
		deal := g.SeedDeal(r.Seed)
		want := Unwinnable
		switch {
		case deal[0].Rank() == 9:
			want = Unknown
		case deal[0].Rank() < 5:
			want = Winnable
		}
		if r.Result != want || r.Nodes != int64(deal[1])+1 || (want == Winnable && r.Moves != deal[0].Rank()+2) {
			t.Fatalf("seed %d: record %+v, want %s", r.Seed, r, want)
		}
	}
	// One flat table per worker, reset for each deal (the fake checks it),
	// each within its share of the budget.
	n := 0
	tables.Range(func(k, _ any) bool {
		n++
		tab, ok := k.(*solver.Flat)
		if !ok || tab.Bytes() > TableShare(solver.TableFlat, 8<<20, 2) || tab.Bytes() <= 0 {
			t.Errorf("table %T of %d bytes, want a flat table of at most a third of 8MiB", k, tab.Bytes())
		}
		return true
	})
	if n < 1 || n > 2 {
		t.Errorf("%d tables for 2 workers", n)
	}
	c, err := s.Candidate(context.Background(), 0, 3)
	if err != nil {
		t.Fatal(err)
	}
	deal := g.SeedDeal(3)
	if (c.Solution != nil) != (deal[0].Rank() < 5) {
		t.Fatalf("seed 3 candidate %+v", c)
	}
}

func TestGameSolverVerifies(t *testing.T) {
	g := fakeGame(nil)
	g.Verify = func(deal []deck.Card, r solution.Rules, moves []solution.Move) error {
		if deal[0].Rank() == 2 {
			return errors.New("move 2: the card is not free")
		}
		return nil
	}
	st, _ := solver.LookupStrategy(solver.DefaultStrategy)
	lim := Limits{TTMem: 4 << 20, Table: solver.TableNone}
	s, err := NewGameSolver(g, g.Defaults, st, lim, 1)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Analyze(context.Background(), Job{Header: testHeader(Range{1, 500}, Shard{}, 1), Solve: s.Solve})
	var ve *VerifyError
	if !errors.As(err, &ve) || g.SeedDeal(ve.Seed)[0].Rank() != 2 || !strings.Contains(err.Error(), "not free") {
		t.Fatalf("analyze: %v", err)
	}
	_, err = Generate(context.Background(), GenConfig{Workers: 1, From: 1, Count: 100, Solve: s.Candidate,
		Emit: func(*Generated) error { return nil }})
	if !errors.As(err, &ve) || g.SeedDeal(ve.Seed)[0].Rank() != 2 || !strings.Contains(err.Error(), "not free") {
		t.Fatalf("gen: %v", err)
	}
}

func TestGameSolverCandidate(t *testing.T) {
	g := fakeGame(nil)
	st, _ := solver.LookupStrategy(solver.DefaultStrategy)
	s, err := NewGameSolver(g, g.Defaults, st, Limits{TTMem: 4 << 20, Table: solver.TableRistretto}, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var got []*Generated
	_, err = Generate(context.Background(), GenConfig{Workers: 1, From: 10, Count: 5, MinMoves: 4, Solve: s.Candidate,
		Emit: func(sol *Generated) error { got = append(got, sol); return nil }})
	if err != nil || len(got) != 5 {
		t.Fatalf("%d solutions, %v", len(got), err)
	}
	for _, sol := range got {
		deal := g.SeedDeal(sol.Seed)
		if sol.Game != "fake" || sol.Result != Winnable || sol.Rules != g.Defaults.JSON() ||
			!slices.Equal(sol.Deal, g.Deck.TokenList(deal)) || len(sol.Moves) < 4 || g.Verify(deal, sol.Rules, sol.Moves) != nil {
			t.Fatalf("solution %+v", sol)
		}
	}
}

func TestNewGameSolverRejects(t *testing.T) {
	g := fakeGame(nil)
	st, _ := solver.LookupStrategy(solver.DefaultStrategy)
	cases := []struct {
		rules   games.Rules
		lim     Limits
		workers int
		msg     string
	}{
		{games.Rules{Choices: games.NoChoices, Passes: 1}, Limits{TTMem: 4 << 20}, 1, "rules of another game"},
		{g.Defaults, Limits{TTMem: 4 << 20, Table: "cuckoo"}, 1, "cuckoo"},
		{g.Defaults, Limits{TTMem: 4 << 20, Table: "flat"}, 8, "--tt-mem 4 MiB is less than the 12 MiB that 8 workers need (a table of 1 MiB each, a flat table being ⅔ of its share): raise --tt-mem or lower --workers"},
		{g.Defaults, Limits{TTMem: 3 << 20, Table: "flat"}, 3, "--tt-mem 3 MiB is less than the 4608 KiB that 3 workers need"},
		// A byte short: not "3.0 MiB" beside "1024 KiB each".
		{g.Defaults, Limits{TTMem: 3<<20 - 1, Table: "flat"}, 2, "--tt-mem 3145727 bytes is less than the 3 MiB that 2 workers need"},
		{g.Defaults, Limits{TTMem: 3<<20 - 1, Table: "ristretto"}, 3, "--tt-mem 3145727 bytes is less than the 3 MiB that 3 workers need (a table of 1 MiB each): raise"},
		{g.Defaults, Limits{TTMem: 1 << 20, Table: "flat"}, 1, "--tt-mem 1 MiB is less than the 1536 KiB that 1 worker needs (a table"},
	}
	for _, c := range cases {
		if _, err := NewGameSolver(g, c.rules, st, c.lim, c.workers); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%+v: %v, want an error naming %q", c, err, c.msg)
		}
	}
	s, err := NewGameSolver(g, games.Rules{Play: state.Forced, Passes: 7}, st, Limits{TTMem: 4 << 20}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Solve(context.Background(), 0, 1); err == nil || !strings.Contains(err.Error(), "seed 1") {
		t.Errorf("game error: %v", err)
	}
}

// TestNoChoicesNoTable: a game without choices is solved without a table
// unless one is named, and its records are those a flat table gives, deal
// for deal (its one line never meets a position twice).
func TestNoChoicesNoTable(t *testing.T) {
	for _, name := range []string{"orologio", "orologio52"} {
		solvers := map[string]*GameSolver{}
		for _, table := range []string{"", solver.TableFlat} {
			solvers[table] = defaultSolver(t, name, table)
		}
		if got := solvers[""].Limits().Table; got != solver.TableNone {
			t.Fatalf("%s: table %q by default, want none", name, got)
		}
		won := 0
		for seed := uint64(1); seed <= 300; seed++ {
			a, err := solvers[""].Solve(context.Background(), 0, seed)
			if err != nil {
				t.Fatal(err)
			}
			b, err := solvers[solver.TableFlat].Solve(context.Background(), 0, seed)
			if err != nil {
				t.Fatal(err)
			}
			a.MS, b.MS = 0, 0
			if a != b {
				t.Fatalf("%s seed %d: %+v without a table, %+v with one", name, seed, a, b)
			}
			if a.Result == Winnable {
				won++
			}
		}
		if won == 0 {
			t.Fatalf("%s: no deal of 300 won", name)
		}
	}
}

// TestCandidateKeepsItsLine: a worker's lean solves write their lines into
// one buffer (games.Config.Lean); the line gen keeps is its own, and still
// replays to a win after the worker's next deals.
func TestCandidateKeepsItsLine(t *testing.T) {
	for _, name := range []string{"reloj", "orologio52"} {
		s := defaultSolver(t, name, "")
		var kept []*Generated
		for seed := uint64(1); seed <= 40; seed++ {
			c, err := s.Candidate(context.Background(), 0, seed)
			if err != nil {
				t.Fatal(err)
			}
			if c.Solution != nil {
				kept = append(kept, c.Solution)
			}
		}
		if len(kept) < 2 {
			t.Fatalf("%s: %d won deals of 40", name, len(kept))
		}
		for _, l := range kept {
			if err := s.ReplayLine(l); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
	}
}

// defaultSolver is one worker solving game name at its default rules and
// strategy on table (limits.Table), closed when the test ends.
func defaultSolver(t *testing.T, name, table string) *GameSolver {
	t.Helper()
	st, err := solver.LookupStrategy(solver.DefaultStrategy)
	if err != nil {
		t.Fatal(err)
	}
	g, err := games.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewGameSolver(g, g.Defaults, st, Limits{MaxNodes: solver.DefaultMaxNodes, TTMem: 64 << 20, Table: table}, 1)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}
