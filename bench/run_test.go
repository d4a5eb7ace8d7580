package bench

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
)

// fakeGame is a games.Entry row whose Solve needs no search: a deal whose
// first card has an even canonical index is winnable (line: one move naming
// that card), an odd one unwinnable. A table strategy "generates" 10*(i+1)
// nodes on deal i, the plain one 100*(i+1). Strategies named "liar" flip the
// verdict of deal 7, "badline" return a line the referee rejects, "stuck"
// stop at the node limit, "broken" fail with an error.
func fakeGame() games.Entry {
	k := deck.Spanish
	return games.Entry{
		Name: "fake", Deck: k, Copies: 1,
		Defaults: games.Rules{Play: state.Forced, Passes: 2},
		Solve: func(ctx context.Context, deal []deck.Card, cfg games.Config) (games.Outcome, error) {
			i := k.Index(deal[0])
			var out games.Outcome
			if cfg.Strategy.Name == "broken" {
				return out, errors.New("rules rejected")
			}
			if cfg.Search.Progress != nil {
				cfg.Search.Progress(solver.Stats{}) // exercise the heap sampler
			}
			if tb := cfg.Search.Table; tb != nil {
				// Use the table as a search does (ristretto's reads go
				// through pooled buffers, see TestPeakHeapPerSearch).
				for j := range uint64(64) {
					tb.Add(solver.Key{Hi: j + 1, Lo: uint64(i)})
					tb.Contains(solver.Key{Hi: j + 1, Lo: uint64(i)})
				}
			}
			out.Stats.Nodes = int64(100 * (i + 1))
			if cfg.Search.Table != nil {
				out.Stats.Nodes = int64(10 * (i + 1))
				out.Stats.CacheHits = out.Stats.Nodes / 4
			}
			out.Stats.PathHits = 1
			if cfg.Strategy.Name == "stuck" {
				out.Verdict, out.Reason, out.Stats.Nodes = solver.Unknown, solver.ReasonMaxNodes, cfg.Search.MaxNodes
				return out, nil
			}
			win := i%2 == 0
			if cfg.Strategy.Name == "liar" && i == 7 {
				win = !win
			}
			if !win {
				out.Verdict = solver.Unwinnable
				return out, nil
			}
			out.Verdict = solver.Winnable
			card := k.Token(deal[0])
			if cfg.Strategy.Name == "badline" {
				card = k.Token(deal[1])
			}
			out.Moves = []solution.Move{{From: "stock", To: "waste", Card: card}}
			return out, nil
		},
		Verify: func(deal []deck.Card, r solution.Rules, moves []solution.Move) error {
			if len(moves) != 1 || moves[0].Card != k.Token(deal[0]) {
				return fmt.Errorf("move 1: %v is not legal", moves)
			}
			return nil
		},
	}
}

// fakeDeals are n deals; deal i starts with the card of canonical index i
// and is named "seed i".
func fakeDeals(n int) []Deal {
	k := deck.Spanish
	var out []Deal
	for i := range n {
		cards := k.Canonical(1)
		cards = append(cards[i:], cards[:i]...)
		seed := uint64(i)
		out = append(out, Deal{Name: fmt.Sprintf("seed %d", i), Seed: &seed, Cards: cards,
			Rules: games.Rules{Play: state.Forced, Passes: 2}})
	}
	return out
}

func strat(name, table string) solver.Strategy {
	return solver.Strategy{Name: name, Table: table}
}

func fakeConfig(n int, strategies ...solver.Strategy) Config {
	return Config{
		Game: fakeGame(), Source: fmt.Sprintf("seeds 0..%d", n-1),
		Rules: games.Rules{Play: state.Forced, Passes: 2}, Strategies: strategies,
		Deals: fakeDeals(n), TTMem: 1 << 20, MaxNodes: 5000,
	}
}

func TestRunSummary(t *testing.T) {
	cfg := fakeConfig(10, strat("plain", solver.TableNone), strat("flat", solver.TableFlat), strat("stuck", solver.TableFlat))
	tables := 0
	cfg.NewTable = func(kind string, mem int64) (solver.Table, error) {
		tables++
		if mem != 1<<20 {
			t.Errorf("table built with %d bytes, want %d", mem, 1<<20)
		}
		return solver.NewTable(kind, mem)
	}
	var progress []int
	cfg.Progress = func(done, total int) {
		if total != 10 {
			t.Errorf("progress total %d, want 10", total)
		}
		progress = append(progress, done)
	}
	rep, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if tables != 30 {
		t.Errorf("%d tables built, want one per search: 30", tables)
	}
	if len(progress) != 10 || progress[9] != 10 {
		t.Errorf("progress calls %v", progress)
	}
	if len(rep.Disagreements) != 0 {
		t.Fatalf("disagreements on an honest game: %+v", rep.Disagreements)
	}
	if len(rep.Rows) != 3 {
		t.Fatalf("%d rows, want 3", len(rep.Rows))
	}
	plain, flat, stuck := rep.Rows[0], rep.Rows[1], rep.Rows[2]
	// Deals 0..9: even first-card index wins: 5 winnable, 5 unwinnable.
	if plain.Deals != 10 || plain.Decided != 10 || plain.Winnable != 5 || plain.Unwinnable != 5 || plain.Unknown != 0 {
		t.Errorf("plain counts %+v", plain)
	}
	// plain nodes 100..1000: mean = median = 550, max 1000 on seed 9.
	if plain.NodesMean != 550 || plain.NodesMedian != 550 || plain.NodesMax != 1000 || plain.NodesTotal != 5500 || plain.Hardest != "seed 9" {
		t.Errorf("plain nodes mean %v median %v max %v total %v hardest %q", plain.NodesMean, plain.NodesMedian, plain.NodesMax, plain.NodesTotal, plain.Hardest)
	}
	if plain.CacheHitRate != nil {
		t.Errorf("plain DFS has a cache hit rate %v", *plain.CacheHitRate)
	}
	if flat.NodesMean != 55 || flat.NodesMedian != 55 || flat.NodesTotal != 550 {
		t.Errorf("flat nodes mean %v median %v total %v", flat.NodesMean, flat.NodesMedian, flat.NodesTotal)
	}
	// Hits: sum of floor(10(i+1)/4) = 2+5+7+10+12+15+17+20+22+25 = 135.
	// Probes: nodes - root - path hit, minus the winning child on the 5
	// winnable deals: 550 - 10 - 10 - 5 = 525.
	if flat.CacheHitRate == nil || *flat.CacheHitRate != 135.0/525.0 {
		t.Errorf("flat cache hit rate %v, want %v", flat.CacheHitRate, 135.0/525.0)
	}
	if stuck.Decided != 0 || stuck.Unknown != 10 || stuck.NodesMedian != 5000 || stuck.DecidedShare() != 0 {
		t.Errorf("stuck row %+v", stuck)
	}
	if plain.DecidedShare() != 1 {
		t.Errorf("plain decided share %v", plain.DecidedShare())
	}
	// Small objects reach the heap metric when their span is handed over,
	// not one by one: the table's slot array (large) counts, the rest may lag.
	if tb := solver.NewFlat(1 << 20).Bytes(); int64(flat.PeakHeap) < tb*9/10 || plain.PeakHeap >= flat.PeakHeap {
		t.Errorf("peak heap plain %d, flat %d: the flat table alone is %d bytes", plain.PeakHeap, flat.PeakHeap, tb)
	}
	if plain.TimeMax < plain.TimeP95 || plain.TimeP95 < plain.TimeP50 || plain.TimeTotal < plain.TimeMax {
		t.Errorf("times out of order: p50 %v p95 %v max %v total %v", plain.TimeP50, plain.TimeP95, plain.TimeMax, plain.TimeTotal)
	}
	for i, dr := range rep.Deals {
		want := solver.Winnable
		if i%2 == 1 {
			want = solver.Unwinnable
		}
		if dr.Verdict != want {
			t.Errorf("deal %d agreed verdict %v, want %v", i, dr.Verdict, want)
		}
		// The fake's line is one move; no line, no moves.
		if moves := map[solver.Verdict]int{solver.Winnable: 1}[want]; dr.Runs[0].Moves != moves || dr.Runs[2].Moves != 0 {
			t.Errorf("deal %d: lines of %d and %d moves, want %d and 0", i, dr.Runs[0].Moves, dr.Runs[2].Moves, moves)
		}
	}
	if rep.Record.Game != "fake" || rep.Record.Deals != 10 || rep.Record.DealsRun != 10 || rep.Record.MaxNodes != 5000 ||
		rep.Record.TTMemBytes != 1<<20 || rep.Record.Cores < 1 || rep.Record.GoVersion == "" || rep.Record.Commit == "" {
		t.Errorf("record %+v", rep.Record)
	}
	if strings.Join(rep.Record.Strategies, ",") != "plain,flat,stuck" {
		t.Errorf("record strategies %v", rep.Record.Strategies)
	}
}

func TestRunLiarDisagrees(t *testing.T) {
	rep, err := Run(context.Background(), fakeConfig(10, strat("flat", solver.TableFlat), strat("liar", solver.TableFlat), strat("stuck", solver.TableNone)))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Disagreements) != 1 {
		t.Fatalf("disagreements %+v, want one on seed 7", rep.Disagreements)
	}
	d := rep.Disagreements[0]
	if d.Deal != "seed 7" || d.Seed == nil || *d.Seed != 7 ||
		d.Detail != "verdicts differ: winnable by liar; unwinnable by flat" {
		t.Errorf("disagreement %+v", d)
	}
	if rep.Deals[7].Verdict != solver.Unknown {
		t.Errorf("a disputed deal has agreed verdict %v", rep.Deals[7].Verdict)
	}
}

func TestRunBadLineDisagrees(t *testing.T) {
	rep, err := Run(context.Background(), fakeConfig(3, strat("flat", solver.TableFlat), strat("badline", solver.TableFlat)))
	if err != nil {
		t.Fatal(err)
	}
	// Deals 0 and 2 are winnable: both lines of badline are rejected.
	if len(rep.Disagreements) != 2 {
		t.Fatalf("disagreements %+v, want 2", rep.Disagreements)
	}
	for i, want := range []string{"seed 0", "seed 2"} {
		d := rep.Disagreements[i]
		if d.Deal != want || !strings.HasPrefix(d.Detail, "badline: winning line rejected by the referee: move 1:") {
			t.Errorf("disagreement %d: %+v", i, d)
		}
	}
}

// TestRunExpectation: a deal file's expected verdict that a strategy
// contradicts is one disagreement per deal, naming every such strategy, and
// the deal is disputed (its agreed verdict unknown).
func TestRunExpectation(t *testing.T) {
	cfg := fakeConfig(4, strat("flat", solver.TableFlat), strat("stuck", solver.TableFlat), strat("plain", solver.TableNone))
	cfg.Deals[0].Expect = solver.Winnable   // right
	cfg.Deals[1].Expect = solver.Winnable   // wrong: deal 1 is unwinnable
	cfg.Deals[2].Expect = solver.Unwinnable // wrong: deal 2 is winnable
	cfg.Deals[2].Seed, cfg.Deals[2].File, cfg.Deals[2].Name = nil, "corpus/fake/two.deal", "corpus/fake/two.deal"
	rep, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Disagreements) != 2 {
		t.Fatalf("disagreements %+v, want 2", rep.Disagreements)
	}
	if d := rep.Disagreements[0]; d.Deal != "seed 1" || d.Detail != "expected winnable (deal file), unwinnable by flat, plain" {
		t.Errorf("first disagreement %+v", d)
	}
	if d := rep.Disagreements[1]; d.File != "corpus/fake/two.deal" || d.Seed != nil || d.Detail != "expected unwinnable (deal file), winnable by flat, plain" {
		t.Errorf("second disagreement %+v", d)
	}
	if n := rep.DisputedDeals(); n != 2 {
		t.Errorf("%d disputed deals, want 2", n)
	}
	for i, want := range []solver.Verdict{solver.Winnable, solver.Unknown, solver.Unknown, solver.Unwinnable} {
		if v := rep.Deals[i].Verdict; v != want {
			t.Errorf("deal %d: agreed verdict %v, want %v", i, v, want)
		}
	}
}

func TestRunErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := Run(ctx, fakeConfig(2)); err == nil || err.Error() != "no strategies to run" {
		t.Errorf("no strategies: %v", err)
	}
	cfg := fakeConfig(0, strat("flat", solver.TableFlat))
	if _, err := Run(ctx, cfg); err == nil || err.Error() != "no deals to run" {
		t.Errorf("no deals: %v", err)
	}
	cfg = fakeConfig(2, strat("flat", solver.TableFlat), strat("broken", solver.TableFlat))
	if _, err := Run(ctx, cfg); err == nil || err.Error() != "seed 0, strategy broken: rules rejected" {
		t.Errorf("solve error: %v", err)
	}
	cfg = fakeConfig(2, strat("odd", "btree"))
	if _, err := Run(ctx, cfg); err == nil || !strings.Contains(err.Error(), `unknown transposition table "btree"`) {
		t.Errorf("bad table: %v", err)
	}
}

func TestRunInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := fakeConfig(10, strat("flat", solver.TableFlat))
	cfg.Progress = func(done, total int) {
		if done == 3 {
			cancel()
		}
	}
	rep, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Interrupted || len(rep.Deals) != 3 || rep.Record.DealsRun != 3 || rep.Rows[0].Deals != 3 {
		t.Errorf("interrupted %v, deals %d, run %d, row deals %d", rep.Interrupted, len(rep.Deals), rep.Record.DealsRun, rep.Rows[0].Deals)
	}
}

// TestPeakHeapPerSearch checks that a search's peak heap is its own: a flat
// search right after a ristretto search must not count the ristretto cache
// (megabytes of counters at this budget), which stays reachable through a
// sync.Pool for one garbage collection.
func TestPeakHeapPerSearch(t *testing.T) {
	cfg := fakeConfig(3, strat("ristretto", solver.TableRistretto), strat("flat", solver.TableFlat))
	cfg.TTMem = 64 << 20
	rep, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	flatNow := solver.NewFlat(cfg.TTMem).Bytes() // a fresh flat table starts small and grows
	ris, flat := rep.Rows[0].PeakHeap, rep.Rows[1].PeakHeap
	if int64(flat) > flatNow+1<<20 || flat >= ris {
		t.Errorf("peak heap: flat %d bytes (its table %d), ristretto %d: the flat search counts the ristretto cache", flat, flatNow, ris)
	}
}

// TestRunRotatesStrategies checks the order of the searches: deal i starts
// with strategy i mod n, and each result still lands in its strategy's column.
func TestRunRotatesStrategies(t *testing.T) {
	cfg := fakeConfig(4, strat("a", solver.TableNone), strat("b", solver.TableFlat), strat("c", solver.TableNone))
	var order []string
	solve := cfg.Game.Solve
	cfg.Game.Solve = func(ctx context.Context, deal []deck.Card, gc games.Config) (games.Outcome, error) {
		order = append(order, gc.Strategy.Name)
		return solve(ctx, deal, gc)
	}
	rep, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(order, ""), "abc"+"bca"+"cab"+"abc"; got != want {
		t.Errorf("search order %s, want %s", got, want)
	}
	for i, dr := range rep.Deals {
		for j, r := range dr.Runs {
			if r.Strategy != cfg.Strategies[j].Name {
				t.Errorf("deal %d column %d holds %s", i, j, r.Strategy)
			}
		}
	}
}
