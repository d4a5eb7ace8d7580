package analysis

import (
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/difficulty"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
)

// VerifyError is a winning line that the game's referee rejects: a bug in
// the solver or the referee, never in the input. Analyze and gen stop on it.
type VerifyError struct {
	Game string
	Seed uint64
	Err  error
}

// Error names the game, the seed and the referee's complaint.
func (e *VerifyError) Error() string {
	return fmt.Sprintf("%s seed %d: the solver's winning line does not verify (a bug, please report it): %v", e.Game, e.Seed, e.Err)
}

// Unwrap is the referee's error.
func (e *VerifyError) Unwrap() error { return e.Err }

// GameSolver solves seeded deals of one game for Run and Generate, with one
// transposition table and one set of search buffers (games.Scratch) per
// worker, reused deal after deal (solver.Flat.Reset).
type GameSolver struct {
	game     games.Entry
	rules    games.Rules
	strategy solver.Strategy
	limits   Limits
	tables   []solver.Table
	scratch  []games.Scratch // each worker's search buffers
	deals    [][]deck.Card   // each worker's deal, dealt anew for each seed
	// graders, when set (Grade), measure each winnable deal's difficulty:
	// one per worker; check adds the check play-outs.
	graders []*difficulty.Grader
	check   bool
}

// Grade makes s measure each winnable deal's difficulty (package
// difficulty) into its record, and with check the check play-outs too
// (as many again, independent of those). The error is for a game without
// choices.
func (s *GameSolver) Grade(check bool) error {
	s.check = check
	if s.game.Defaults.Choices == games.NoChoices {
		return fmt.Errorf("%s %w", s.game.Name, difficulty.ErrNoChoices)
	}
	s.graders = make([]*difficulty.Grader, len(s.tables))
	for i := range s.graders {
		s.graders[i] = difficulty.NewGrader()
	}
	return nil
}

// NewGameSolver checks the rules and the table kind and prepares workers
// tables within limits.TTMem in all (TableShare each). limits.Table, when
// set, replaces the strategy's table kind; a game without choices has none
// unless limits.Table names one or the strategy is named by its table. Every winnable line is replayed
// through g.Verify before it is answered, and a rejected line is a
// *VerifyError (nothing writes a line the referee has not replayed).
func NewGameSolver(g games.Entry, rules games.Rules, strategy solver.Strategy, limits Limits, workers int) (*GameSolver, error) {
	if rules.Choices != g.Defaults.Choices {
		return nil, fmt.Errorf("%s: rules of another game (%s)", g.Name, rules)
	}
	switch {
	case limits.Table == "" && g.Defaults.Choices == games.NoChoices && !strategy.OwnTable:
		// A game without choices plays its one line, on which no
		// position comes twice: a table finds nothing and cost the
		// clocks an eighth of their time (same nodes, same verdicts).
		limits.Table = solver.TableNone
	case limits.Table == "":
		limits.Table = strategy.Table
	}
	if err := solver.CheckTable(limits.Table); err != nil {
		return nil, err
	}
	strategy.Table = limits.Table
	workers = max(workers, 1)
	if limits.Table != solver.TableNone && TableShare(limits.Table, limits.TTMem, workers) < 1<<20 {
		need := minTTMem(limits.Table, workers)
		// Each size in its own largest exact unit: --tt-mem as it was
		// given ("1 MiB" for 1MiB, not "1024 KiB"), the need exact beside it.
		given, _ := sameUnit(max(limits.TTMem, 0), max(limits.TTMem, 0))
		needs, _ := sameUnit(need, need)
		why := "a table of 1 MiB each"
		if limits.Table == solver.TableFlat {
			why += ", a flat table being ⅔ of its share"
		}
		who := "workers need"
		if workers == 1 {
			who = "worker needs"
		}
		return nil, fmt.Errorf("--tt-mem %s is less than the %s that %d %s (%s): raise --tt-mem or lower --workers",
			given, needs, workers, who, why)
	}
	return &GameSolver{game: g, rules: rules, strategy: strategy, limits: limits,
		tables: make([]solver.Table, workers), scratch: make([]games.Scratch, workers), deals: make([][]deck.Card, workers)}, nil
}

// Limits are the limits in force, with the table kind resolved.
func (s *GameSolver) Limits() Limits { return s.limits }

// Close releases the tables.
func (s *GameSolver) Close() {
	for i, t := range s.tables {
		solver.CloseTable(t)
		s.tables[i] = nil
	}
}

// solve deals seed and solves it on worker's table, lean (games.Config.Lean:
// the record and the referee read the verdict, the stats and the moves).
// The deal is the worker's buffer, good until its next deal.
func (s *GameSolver) solve(ctx context.Context, worker int, seed uint64) ([]deck.Card, games.Outcome, float64, error) {
	table, err := s.table(worker)
	if err != nil {
		return nil, games.Outcome{}, 0, err
	}
	deal := s.game.SeedDealInto(s.deals[worker], seed)
	s.deals[worker] = deal
	cfg := games.Config{Rules: s.rules, Strategy: s.strategy, Lean: true, Scratch: &s.scratch[worker], Search: solver.Options{
		MaxNodes: s.limits.MaxNodes,
		Timeout:  time.Duration(s.limits.TimeoutMS) * time.Millisecond,
		Table:    table,
	}}
	began := time.Now()
	out, err := s.game.Solve(ctx, deal, cfg)
	ms := math.Round(float64(time.Since(began).Nanoseconds())/1e3) / 1e3
	if err != nil {
		return nil, out, 0, fmt.Errorf("%s seed %d: %v", s.game.Name, seed, err)
	}
	if out.Verdict == solver.Winnable {
		if err := s.game.Verify(deal, s.rules.JSON(), out.Moves); err != nil {
			return nil, out, 0, &VerifyError{Game: s.game.Name, Seed: seed, Err: err}
		}
	}
	return deal, out, ms, nil
}

// table is worker's transposition table for the next deal. A flat table
// starts every deal at its first size (solver.Flat.Reset: 64 KiB, growing
// with the search), so a deal's node count does not depend on the deals
// the worker solved before (a grown table forgets less than a young one);
// it keeps its arrays from deal to deal, so that a deal of a few dozen
// nodes does not pay for 64 KiB of fresh memory and its collection. A
// ristretto cache is too costly to build per deal; it is reused, cleared by
// the search, and its asynchronous admission makes node counts vary anyway.
func (s *GameSolver) table(worker int) (solver.Table, error) {
	share := TableShare(s.limits.Table, s.limits.TTMem, len(s.tables))
	switch s.limits.Table {
	case solver.TableNone:
		return nil, nil
	case solver.TableFlat:
		if f, ok := s.tables[worker].(*solver.Flat); ok {
			f.Reset()
			return f, nil
		}
	}
	if s.tables[worker] == nil {
		t, err := solver.NewTable(s.limits.Table, share)
		if err != nil {
			return nil, err
		}
		s.tables[worker] = t
	}
	return s.tables[worker], nil
}

// TableShare is the budget of one worker's table, in bytes, when the tables
// of workers workers of kind may hold ttMem bytes in all. A flat table
// doubles as it fills and, while it rehashes, holds its old array too (half
// its new size), so it gets two thirds of an even split: its peak is then
// the split itself. A ristretto cache is sized once and gets the split.
func TableShare(kind string, ttMem int64, workers int) int64 {
	share := ttMem / int64(max(workers, 1))
	if kind == solver.TableFlat {
		share = share * 2 / 3
	}
	return share
}

// minTTMem is the least ttMem whose TableShare for workers is 1 MiB.
func minTTMem(kind string, workers int) int64 {
	per := int64(1 << 20)
	if kind == solver.TableFlat {
		per = per * 3 / 2
	}
	return per * int64(max(workers, 1))
}

// sameUnit writes sizes a and b in the largest unit of MiB, KiB and bytes
// that both are whole numbers of: "3072 KiB" beside "4608 KiB", never a
// rounded "3.0 MiB" beside a "1024 KiB" that hides a byte short.
func sameUnit(a, b int64) (string, string) {
	for _, u := range []struct {
		size int64
		name string
	}{{1 << 20, "MiB"}, {1 << 10, "KiB"}} {
		if a%u.size == 0 && b%u.size == 0 {
			return fmt.Sprintf("%d %s", a/u.size, u.name), fmt.Sprintf("%d %s", b/u.size, u.name)
		}
	}
	return fmt.Sprintf("%d bytes", a), fmt.Sprintf("%d bytes", b)
}

// Solve is a SolveFunc: the record of one seed.
func (s *GameSolver) Solve(ctx context.Context, worker int, seed uint64) (Record, error) {
	deal, out, ms, err := s.solve(ctx, worker, seed)
	if err != nil {
		return Record{}, err
	}
	r := RecordOf(seed, out.Verdict, out.Reason, out.Stats.Nodes, ms, len(out.Moves), out.Step, out.StepNodes)
	return r, s.grade(worker, deal, &r)
}

// grade measures the difficulty of r's deal into r when s grades and the
// deal is winnable.
func (s *GameSolver) grade(worker int, deal []deck.Card, r *Record) error {
	if s.graders == nil || r.Result != Winnable {
		return nil
	}
	began := time.Now()
	rep, err := s.graders[worker].Assess(s.game, deal, s.rules)
	if err != nil {
		return fmt.Errorf("%s seed %d: %v", s.game.Name, r.Seed, err)
	}
	r.Difficulty = &rep
	r.DifficultyMS = math.Round(float64(time.Since(began).Nanoseconds())/1e3) / 1e3
	if s.check {
		pol := difficulty.Default(s.game.Name)
		pol.First = uint64(pol.Playouts)
		f, err := s.graders[worker].Measure(s.game, deal, s.rules, pol)
		if err != nil {
			return fmt.Errorf("%s seed %d: %v", s.game.Name, r.Seed, err)
		}
		r.DifficultyCheck = &f
	}
	return nil
}

// Generated is one line of gen's output: the solve --json object of a
// winnable deal without its stats (which would vary run to run), so that
// `solitario verify --solution` reads it as it is.
type Generated struct {
	Game   string          `json:"game"`
	Rules  solution.Rules  `json:"rules"`
	Seed   uint64          `json:"seed"`
	Deal   []string        `json:"deal"`   // tokens in dealing order
	Result string          `json:"result"` // always "winnable"
	Moves  []solution.Move `json:"moves"`  // the verified winning line
	// Difficulty is the deal's difficulty, when gen grades (--difficulty).
	Difficulty *solution.Difficulty `json:"difficulty,omitempty"`
	// MinMoves is the --min-moves the line was kept under (Generate sets
	// it), absent for none: gen --resume refuses a file kept under
	// another.
	MinMoves int `json:"min_moves,omitempty"`
}

// Candidate is a seed's answer for Generate: its record, and for a winnable
// deal its verified solution.
type Candidate struct {
	Record   Record
	Solution *Generated
}

// Candidate solves seed for Generate; its line is verified as every line is.
func (s *GameSolver) Candidate(ctx context.Context, worker int, seed uint64) (Candidate, error) {
	deal, out, ms, err := s.solve(ctx, worker, seed)
	if err != nil {
		return Candidate{}, err
	}
	c := Candidate{Record: RecordOf(seed, out.Verdict, out.Reason, out.Stats.Nodes, ms, len(out.Moves), out.Step, out.StepNodes)}
	if err := s.grade(worker, deal, &c.Record); err != nil {
		return Candidate{}, err
	}
	if out.Verdict != solver.Winnable {
		return c, nil
	}
	c.Solution = &Generated{
		Game: s.game.Name, Rules: s.rules.JSON(), Seed: seed,
		Deal: s.game.Deck.TokenList(deal), Result: Winnable, Moves: slices.Clone(out.Moves), // out.Moves is the worker's buffer
		Difficulty: c.Record.Difficulty,
	}
	if c.Solution.Moves == nil {
		c.Solution.Moves = []solution.Move{} // a game without choices wins with no move
	}
	return c, nil
}

// ReplayLine is gen --resume's check of a line already in the file (GenRun's
// Replay): its rules must be rules of the game (as verify reads them), its
// deal its seed's deal, card for card, and its moves must win that deal
// under its rules with the game's referee (g.Verify).
func (s *GameSolver) ReplayLine(l *Generated) error {
	if _, err := s.game.ResolveJSON(l.Rules); err != nil {
		return err // rules the game has not: verify refuses them
	}
	deal := s.game.SeedDeal(l.Seed)
	want := s.game.Deck.TokenList(deal)
	for i, tok := range l.Deal {
		if i == len(want) {
			break
		}
		if _, err := s.game.Deck.Parse(tok); err != nil {
			return fmt.Errorf("seed %d: deal card %d: %v", l.Seed, i+1, err)
		}
		if tok != want[i] {
			return fmt.Errorf("seed %d: the deal is not the seed's deal: card %d is %s, not %s", l.Seed, i+1, tok, want[i])
		}
	}
	if len(l.Deal) != len(want) {
		return fmt.Errorf("seed %d: the deal has %d cards, the seed's deal %d", l.Seed, len(l.Deal), len(want))
	}
	if err := s.game.Verify(deal, l.Rules, l.Moves); err != nil {
		return fmt.Errorf("seed %d: the line does not replay to a win: %v", l.Seed, err)
	}
	return nil
}

// NewHeader describes a run starting now on this machine.
func NewHeader(kind string, game string, rules solution.Rules, strategy string, limits Limits, seeds Range, shard Shard, workers int) Header {
	return Header{
		Kind: kind, Format: FormatVersion, Commit: Commit(), Machine: ThisMachine(), Workers: workers,
		Started: time.Now().UTC().Format(time.RFC3339),
		Game:    game, Rules: rules, Strategy: strategy, Limits: limits,
		Seeds: seeds, Shard: shard.norm(),
	}
}
