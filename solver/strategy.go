package solver

import "fmt"

// Table kinds accepted by NewTable and --tt.
const (
	TableNone      = "none"      // path check only
	TableFlat      = "flat"      // Flat, sized from the memory budget
	TableRistretto = "ristretto" // the ristretto-backed cache
)

// CheckTable is the one check of a table kind (--tt, a strategy's, a
// run's limits): an unknown kind is an error naming the kinds.
func CheckTable(kind string) error {
	switch kind {
	case TableNone, TableFlat, TableRistretto:
		return nil
	}
	return fmt.Errorf("unknown transposition table %q (want %s, %s or %s)", kind, TableFlat, TableRistretto, TableNone)
}

// NewTable builds a transposition table of the named kind within mem bytes
// (--tt-mem). TableNone gives a nil Table. An unknown kind is CheckTable's
// error. Release the table with CloseTable when done.
func NewTable(kind string, mem int64) (Table, error) {
	if err := CheckTable(kind); err != nil {
		return nil, err
	}
	switch kind {
	case TableNone:
		return nil, nil
	case TableRistretto:
		r, err := NewRistretto(mem)
		if err != nil {
			return nil, err
		}
		return r, nil
	}
	return NewFlat(mem), nil
}

// CloseTable stops a table's background work (ristretto's goroutines); the
// table must not be used after. Other tables and nil are left alone.
func CloseTable(t Table) {
	if c, ok := t.(interface{ Close() }); ok {
		c.Close()
	}
}

// Strategy is a named combination of table and heuristics; the bench
// command compares them. Games read Order and Prune
// to wrap their rules with the heuristics package.
type Strategy struct {
	Name  string
	Doc   string
	Table string // TableNone, TableFlat or TableRistretto
	// OwnTable: the strategy is the search with this table (its name says
	// so: dfs-flat, ristretto-prune; dfs has none), so --tt may not change it.
	OwnTable bool
	Order    bool // move ordering
	Prune    bool // safe-move pruning, dominance and dead-end detection
	// Plan names the solve's plan (package plan): PlanGame for the game's
	// own default, PlanExact for one exhaustive search, PlanReference for
	// the plain reference, PlanPortfolio for Il Ventaglio's previous one.
	Plan string
	// Off names the parts of the plan switched off, On the parts the
	// game's plan leaves out switched on (ablations, for the bench's
	// tables: what a part is worth either way); 0 for the plan as it is.
	Off, On Parts
	// Prove: the exact search proves positions lost on the game's
	// relaxation where it lingers (Searcher.Prove; Il Ventaglio).
	Prove bool
}

// Ablation says whether the strategy is an ablation: its plan with a part
// switched off or on.
func (s Strategy) Ablation() bool { return s.Off|s.On != 0 }

// Parts is a set of parts of a solve, named by the Off constants. Each
// names a part of Il Ventaglio's previous portfolio or of its plan (other
// games have neither and ignore it).
type Parts uint32

// The parts an ablation switches off (Strategy.Off) or on (Strategy.On).
const (
	// The portfolio (PlanPortfolio).
	OffExactRounds  Parts = 1 << iota // the exact rounds: only probes and beams run
	OffDepthCap                       // the 30,000-move depth cap: the solver's own bound
	OffProbes                         // the rounds' probes (the polish keeps its own)
	OffProbeAuto                      // probes: the lone foundation move never played alone
	OffProbeChain12                   // probes: chains of 24 only, never 12
	OffProbeDraw2                     // probes: the draw first in one node of four, never two
	OffProbeNeed                      // probes: no need-ordering
	OffBeamB                          // the rounds' beam of weighting B
	OffBeamA                          // the rounds' beam of weighting A
	OffBeamD                          // the rounds' beam of weighting D
	OffPolish                         // the polish of a long line
	// The plan (PlanGame): a step kind off in Find and in Shorten.
	OffExact       // the exact search (left out of the default: On)
	OffRestarts    // the fixed restarts (not the streamlined ones)
	OffLuby        // the Luby restarts
	OffBeams       // the beams
	OffShorten     // the shortening step
	OffStreamlined // the streamlined restarts
	// The streamlined restarts weighted to a tenth of the Find nodes
	// (Solvitaire's share for its streamliner; left out of the default: On).
	OffStreamlinedTenth
	// Under --empty-provisional never (the default plan's own steps there).
	OffMacro   // the macro-move restarts in the Luby restarts' place (left out of the default: On)
	OffRollout // the nested rollouts
)

// Has says whether p holds every part of q.
func (p Parts) Has(q Parts) bool { return p&q == q }

// Plan names (Strategy.Plan).
const (
	PlanGame      = ""
	PlanExact     = "exact"
	PlanReference = "dfs-restarts"
	PlanPortfolio = "portfolio"
)

// DefaultStrategy is the name of the strategy used when none is given.
const DefaultStrategy = "default"

// Strategies lists the named strategies, plain first, default last.
func Strategies() []Strategy {
	return []Strategy{
		{Name: "dfs", Doc: "plain depth-first search: path cycle check only, no table, no heuristics", Table: TableNone, Plan: PlanExact, OwnTable: true},
		{Name: "dfs-ristretto", Doc: "DFS with the ristretto transposition cache", Table: TableRistretto, Plan: PlanExact, OwnTable: true},
		{Name: "dfs-flat", Doc: "DFS with the flat open-addressing transposition table", Table: TableFlat, Plan: PlanExact, OwnTable: true},
		{Name: "ristretto-order", Doc: "ristretto cache plus move ordering", Table: TableRistretto, Order: true, Plan: PlanExact, OwnTable: true},
		{Name: "flat-order", Doc: "flat table plus move ordering", Table: TableFlat, Order: true, Plan: PlanExact, OwnTable: true},
		{Name: "ristretto-prune", Doc: "ristretto cache, move ordering, safe-move pruning and dead-end detection", Table: TableRistretto, Order: true, Prune: true, Plan: PlanExact, OwnTable: true},
		{Name: "flat-prune", Doc: "flat table, move ordering, safe-move pruning and dead-end detection", Table: TableFlat, Order: true, Prune: true, Plan: PlanExact, OwnTable: true},
		{Name: "exact-prove", Doc: "Il Ventaglio: the exact search alone, proving positions lost on the suit-blind relaxation where it lingers (other games: flat-prune)", Table: TableFlat, Order: true, Prune: true, Plan: PlanExact, Prove: true},
		{Name: PlanReference, Doc: "the plain reference: DFS on the bare rules with a flat table for a tenth of the node budget, then restarts of 5,000 nodes with the moves in a seeded random order, foundation moves first", Table: TableFlat, Plan: PlanReference},
		{Name: PlanPortfolio, Doc: "Il Ventaglio's previous default: exact rounds from scratch, randomized probes, beams, polish (other games: the default)", Table: TableFlat, Order: true, Prune: true, Plan: PlanPortfolio},
		{Name: DefaultStrategy, Doc: "flat table, ordering, pruning, and the game's plan: Il Ventaglio, fixed, Luby and streamlined restarts and beams in fair turns (under --empty-provisional never nested rollouts too), then shortening, and no exact search (docs/design.md); the other games, one exact search", Table: TableFlat, Order: true, Prune: true, Plan: PlanGame},
	}
}

// Ablations lists Il Ventaglio's ablations: the previous portfolio and the
// default plan, each with one part switched off (Strategy.Off), and the
// default plan with a part it leaves out switched on (Strategy.On: the
// exact search, the streamlined restarts' tenth), for the
// bench's tables (bench/RESULTS.md). They are not among Strategies (bench's
// --strategies all): on other games each is its plan unchanged, so the
// command line refuses them there.
func Ablations() []Strategy {
	portfolio := func(name string, off Parts, doc string) Strategy {
		return Strategy{Name: PlanPortfolio + "-" + name, Doc: "Il Ventaglio's previous portfolio without " + doc, Table: TableFlat, Order: true, Prune: true, Plan: PlanPortfolio, Off: off}
	}
	game := func(name string, off Parts, doc string) Strategy {
		return Strategy{Name: "plan-no-" + name, Doc: "Il Ventaglio's default plan without " + doc, Table: TableFlat, Order: true, Prune: true, Plan: PlanGame, Off: off}
	}
	with := func(name string, on Parts, doc string) Strategy {
		return Strategy{Name: "plan-with-" + name, Doc: "Il Ventaglio's default plan with " + doc, Table: TableFlat, Order: true, Prune: true, Plan: PlanGame, On: on}
	}
	return []Strategy{
		portfolio("no-exact", OffExactRounds, "its exact rounds (probes and beams only: no deal proved lost)"),
		portfolio("no-depth-cap", OffDepthCap, "its 30,000-move depth cap (the solver's own bound)"),
		portfolio("no-probes", OffProbes, "the probes of its rounds"),
		portfolio("probes-no-auto", OffProbeAuto, "the probes' lone foundation move (Auto off in every configuration)"),
		portfolio("probes-no-chain-12", OffProbeChain12, "the probes' chains of 12 (24 in every configuration)"),
		portfolio("probes-no-draw-2", OffProbeDraw2, "the probes' draw first in two nodes of four (one in every configuration)"),
		portfolio("probes-no-need", OffProbeNeed, "the probes' need-ordering (off in every configuration)"),
		portfolio("no-beam-b", OffBeamB, "the beam of weighting B in its rounds"),
		portfolio("no-beam-a", OffBeamA, "the beam of weighting A in its rounds"),
		portfolio("no-beam-d", OffBeamD, "the beam of weighting D in its rounds"),
		portfolio("no-polish", OffPolish, "the polish of a long line (probes, then two beams)"),
		with("exact", OffExact, "the exact search added back in finding (the default leaves it out: docs/design.md)"),
		{Name: "plan-streamlined-tenth", Doc: "Il Ventaglio's default plan with the streamlined restarts at weight 1/3 in the turns: a tenth of the finding nodes, as Solvitaire gives its streamliner (measured, not kept: docs/plan-steps.md)", Table: TableFlat, Order: true, Prune: true, Plan: PlanGame, On: OffStreamlinedTenth},
		with("macro", OffMacro, "the macro-move restarts in the Luby restarts' place under --empty-provisional never (measured, not kept: the Luby restarts prove deals lost beyond the start; docs/design.md)"),
		game("restarts", OffRestarts, "the fixed restarts (in finding and shortening)"),
		game("luby", OffLuby, "the Luby restarts (in finding and shortening)"),
		game("beams", OffBeams, "the beams (in finding and shortening)"),
		game("streamlined", OffStreamlined, "the streamlined restarts"),
		game("rollout", OffRollout, "the nested rollouts under --empty-provisional never"),
		game("shorten", OffShorten, "the shortening step (its searches: the line is still tidied without search)"),
	}
}

// LookupStrategy finds a strategy by name, among Strategies and Ablations;
// the error lists the names.
func LookupStrategy(name string) (Strategy, error) {
	var names []string
	for _, s := range append(Strategies(), Ablations()...) {
		if s.Name == name {
			return s, nil
		}
		names = append(names, s.Name)
	}
	return Strategy{}, fmt.Errorf("unknown strategy %q (strategies: %v)", name, names)
}
