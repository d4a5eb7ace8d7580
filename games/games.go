package games

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/plan"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/ventaglio/solve"
	"github.com/solitario/solitario/verify"
)

// Style is how a layout is drawn: Color adds ANSI colours and suit glyphs.
type Style struct{ Color bool }

// Config is one solve: the rules, the strategy's heuristics, and the search
// options (limits, the transposition table already built, progress).
type Config struct {
	Rules    Rules
	Strategy solver.Strategy
	Search   solver.Options
	// Workers is the goroutines one solve may use (0 or 1: one): Il
	// Ventaglio's plan splits its steps among them (plan.Split); the
	// other games make one search.
	Workers int
	// Lean: the caller reads the verdict, the statistics and Moves alone
	// (analyze and gen, deal after deal), so Del reloj, De los sietes and
	// the clocks leave out what only a person reads: the readable lines
	// (Outcome.Human stays nil) and the reason a deal is lost. Writing
	// them cost more than a small deal's search. With Scratch, a lean
	// solve's Moves are in the Scratch's buffer, good until its next solve
	// (a caller that keeps them copies them).
	Lean bool
	// NoHuman: the caller reads no readable lines either (Outcome.Human
	// stays nil, as with Lean) but reads the rest, the reason a deal is
	// lost among it (package api's solve: the solution object has no
	// readable lines; writing them was a fifth of a Del reloj request).
	NoHuman bool
	// Scratch, when set, holds the search's buffers from one solve to the
	// next (Del reloj, De los sietes, the clocks; Il Ventaglio's steps'
	// tables); nil: a solve makes its own.
	Scratch *Scratch
}

// human reports whether the readable lines are written (Lean, NoHuman).
func (c Config) human() bool { return !c.Lean && !c.NoHuman }

// Scratch is one goroutine's search buffers (the stack, the move arena,
// the path set: solver.Searcher; Il Ventaglio's steps' tables,
// solve.Workspace), kept from solve to solve by a caller that solves deal
// after deal (analyze's workers), so that a solve of a few dozen nodes
// does not allocate and clear them afresh. It serves one solve at a time.
// The zero value is ready.
type Scratch struct {
	searcher any
	tables   solve.Workspace
	moves    []solution.Move // a lean solve's Moves (Config.Lean)
}

// ventaglioWorkspace is sc's Il Ventaglio workspace (nil when sc is nil: a
// solve makes its own).
func (sc *Scratch) ventaglioWorkspace() *solve.Workspace {
	if sc == nil {
		return nil
	}
	return &sc.tables
}

// searcher is sc's Searcher for the game's types, made on first use; a
// fresh one when sc is nil.
func searcher[S any, M any, G solver.Game[S, M]](sc *Scratch) *solver.Searcher[S, M, G] {
	if sc == nil {
		return new(solver.Searcher[S, M, G])
	}
	z, ok := sc.searcher.(*solver.Searcher[S, M, G])
	if !ok {
		z = new(solver.Searcher[S, M, G])
		sc.searcher = z
	}
	return z
}

// solveOn is Solve on cfg's options and Scratch.
func solveOn[S any, M any, G solver.Game[S, M]](ctx context.Context, g G, start S, cfg Config,
	describe func(s *S, m M) (solution.Move, string)) Outcome {
	res := searcher[S, M, G](cfg.Scratch).Solve(ctx, g, start, cfg.Search)
	if cfg.Lean && cfg.Scratch != nil {
		out := outcomeInto[S, M, G](cfg.Scratch.moves[:0], g, start, res, describe)
		if cap(out.Moves) > cap(cfg.Scratch.moves) {
			cfg.Scratch.moves = out.Moves
		}
		return out
	}
	return outcomeOf[S, M, G](g, start, res, describe)
}

// Outcome is a solve's answer in RULES.md notation.
type Outcome struct {
	Verdict solver.Verdict
	Reason  string          // for Unknown
	Moves   []solution.Move // for Winnable: the line in JSON notation
	Human   []string        // the same line in readable notation, one per move
	Stats   solver.Stats
	// Step names the plan's step that decided the deal (plan.Step.String,
	// e.g. "beam-along"), StepNodes the nodes it had used then; "" for an
	// unknown deal, one lost at the start (the dead-end tests decided it)
	// and a solve without a plan.
	Step      string
	StepNodes int64
	// Workers is the goroutines the solve searched on (Config.Workers when
	// the game's plan was split among them; 0 or 1: one).
	Workers int
	// OwnLine: Moves are the rest of the line the position was taken from
	// (package position, Position.Rest), which wins in fewer moves than the
	// search's line, or where the search found none.
	OwnLine bool
	// SearchEnded, with OwnLine: why the search found no line of its own
	// (its Reason, a limit: solver.ReasonMaxNodes, …); "" when it found a
	// longer one.
	SearchEnded string
}

// Option is one rule flag a game accepts, as `games` lists it (Resolve
// checks the values).
type Option struct {
	Flag    string   // CLI flag name, e.g. "play"
	Default string   // default value as typed on the command line
	Values  []string // accepted values; empty means a number (passes) or a switch
	Doc     string   // one line, with the RULES.md reason
}

// Entry is one row of the games table: a game, its rules and its functions.
type Entry struct {
	Name     string // CLI and JSON name
	Title    string // the source's name
	Source   string // where the rules come from
	Deck     deck.Kind
	Copies   int   // decks in the deal: 2 for Il Ventaglio
	Defaults Rules // its Choices are the game's
	Options  []Option
	// Solve decides deal under cfg. The error is for rules the game rejects.
	Solve func(ctx context.Context, deal []deck.Card, cfg Config) (Outcome, error)
	// After decides the position that moves (RULES.md notation, already
	// replayed legal by Watch's referee) reach from deal under cfg: the
	// Outcome's line goes on from there.
	After func(ctx context.Context, deal []deck.Card, moves []solution.Move, cfg Config) (Outcome, error)
	// Verify replays moves from deal under r (Rules.JSON) with the plain
	// referee in package verify: nil only for a legal, complete win.
	Verify func(deal []deck.Card, r solution.Rules, moves []solution.Move) error
	// Watch is Verify telling w the table after the deal and after each
	// legal move (package replay shows a line with it).
	Watch func(deal []deck.Card, r solution.Rules, moves []solution.Move, w verify.Watch) error
	// Layout draws the starting position as the table looks.
	Layout func(deal []deck.Card, r Rules, st Style) string
	// MaxLine is the most moves a winning line can have under r, counted
	// from the rules (the argument is beside each game's); gen refuses a
	// --min-moves above it, which no seed could meet. nil where the rules
	// set no bound: Il Ventaglio moves cards between tableau places.
	MaxLine func(r Rules) int
	// SearchHeap is the memory, in bytes, a solve may hold beside its
	// transposition table at once (stacks, beams): what a caller adds to
	// the table's budget when it bounds the heap. 0: negligible.
	SearchHeap int64
	// Ablations are the game's plan without one of its parts in turn
	// (solver.Strategy.Without), for the bench's tables; a game without a
	// plan of parts has none and refuses every ablation.
	Ablations []solver.Strategy
}

// Ablations lists every game's ablations, in the table's order.
func Ablations() []solver.Strategy {
	var out []solver.Strategy
	for _, g := range All() {
		out = append(out, g.Ablations...)
	}
	return out
}

// LookupStrategy finds a strategy by name among solver.Strategies and the
// games' ablations; the error lists the strategies, the ablations left to
// 'solitario strategies'.
func LookupStrategy(name string) (solver.Strategy, error) {
	if st, err := solver.LookupStrategy(name); err == nil {
		return st, nil
	}
	for _, st := range Ablations() {
		if st.Name == name {
			return st, nil
		}
	}
	var names []string
	for _, s := range solver.Strategies() {
		names = append(names, s.Name)
	}
	return solver.Strategy{}, fmt.Errorf("unknown strategy %q (strategies: %s, or an ablation: 'solitario strategies' lists them)", name, strings.Join(names, ", "))
}

// Strategy is LookupStrategy for a solve of g: an ablation of another
// game's plan is refused, since g would run its own plan unchanged and
// report its verdict as the ablation's.
func (g Entry) Strategy(name string) (solver.Strategy, error) {
	st, err := LookupStrategy(name)
	if err != nil || !st.Ablation() || slices.Contains(g.Ablations, st) {
		return st, err
	}
	for _, o := range All() {
		if slices.Contains(o.Ablations, st) {
			return st, fmt.Errorf("%s is an ablation of %s's solve (--game %s only), not a strategy for %s", name, o.Title, o.Name, g.Name)
		}
	}
	return st, fmt.Errorf("%s is an ablation of no game's solve", name)
}

// All is the table, in the order `games` lists it.
func All() []Entry {
	return []Entry{ventaglioEntry(), reloj(), sietes(), orologio(), orologio52()}
}

// Names lists the game names.
func Names() []string {
	var out []string
	for _, g := range All() {
		out = append(out, g.Name)
	}
	return out
}

// Lookup finds a game by name; the error lists the known games.
func Lookup(name string) (Entry, error) {
	for _, g := range All() {
		if g.Name == name {
			return g, nil
		}
	}
	return Entry{}, fmt.Errorf("unknown game %q (games: %s)", name, strings.Join(Names(), ", "))
}

// DealSize is the number of cards in a deal of g.
func (g Entry) DealSize() int { return g.Copies * g.Deck.Size() }

// SeedDeal deals g from seed (RULES.md, "Deals from a seed").
func (g Entry) SeedDeal(seed uint64) []deck.Card { return deck.Deal(g.Deck, g.Copies, seed) }

// SeedDealInto is SeedDeal into dst's array when it holds the deal.
func (g Entry) SeedDealInto(dst []deck.Card, seed uint64) []deck.Card {
	return deck.DealInto(dst, g.Deck, g.Copies, seed)
}

// Solve runs the generic search on one game's packed rules and turns the
// winning line into RULES.md notation by replaying it from start: describe
// names a move in the position before it (JSON move and readable line).
func Solve[S any, M any, G solver.Game[S, M]](ctx context.Context, g G, start S, opt solver.Options,
	describe func(s *S, m M) (solution.Move, string)) Outcome {
	return outcomeOf[S, M, G](g, start, solver.Solve[S, M, G](ctx, g, start, opt), describe)
}

// SolveRanked is Solve for a game whose moves a restart may reorder: the
// strategy's plan runs on g (with the strategy's heuristics) and bare (the
// rules alone). Every plan but the reference is one exact search.
func SolveRanked[S any, M any, G solver.Ranked[S, M]](ctx context.Context, g, bare G, start S, cfg Config,
	describe func(s *S, m M) (solution.Move, string)) Outcome {
	if cfg.Strategy.Plan != solver.PlanReference {
		return solveOn(ctx, g, start, cfg, describe)
	}
	arms := &plan.Searches[S, M, G]{Game: g, Bare: bare, Start: start, Table: cfg.Search.Table,
		Small: solver.NewFlat(plan.SmallTableBytes), Lines: plainLines[M]{}}
	r := plan.Run(ctx, plan.Reference(), arms, cfg.Search)
	out := outcomeOf[S, M, G](g, start, r.Result, describe)
	out.Step, out.StepNodes = r.StepName(), r.StepNodes
	return out
}

// plainLines is plan.Lines for a game whose lines need no polish.
type plainLines[M any] struct{}

func (plainLines[M]) Polish(line []M) []M { return line }
func (plainLines[M]) Length(line []M) int { return len(line) }

// outcomeOf writes a search's result in RULES.md notation, replaying its
// line from start. A describe that gives no readable lines (Config.Lean)
// leaves Human nil.
func outcomeOf[S any, M any, G solver.Game[S, M]](g G, start S, res solver.Result[M],
	describe func(s *S, m M) (solution.Move, string)) Outcome {
	return outcomeInto[S, M, G](nil, g, start, res, describe)
}

// outcomeInto is outcomeOf writing Moves into buf's array when it holds
// them.
func outcomeInto[S any, M any, G solver.Game[S, M]](buf []solution.Move, g G, start S, res solver.Result[M],
	describe func(s *S, m M) (solution.Move, string)) Outcome {
	out := Outcome{Verdict: res.Verdict, Reason: res.Reason, Stats: res.Stats}
	if len(res.Line) > 0 {
		out.Moves = slices.Grow(buf[:0], len(res.Line))
	}
	s := start
	for _, m := range res.Line {
		jm, human := describe(&s, m)
		out.Moves = append(out.Moves, jm)
		if human != "" {
			out.Human = append(out.Human, human)
		}
		g.Apply(&s, m)
	}
	return out
}
