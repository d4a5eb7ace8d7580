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
		return newRistrettoTable(mem)
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
// command compares them. Games read Order, Prune and Prove to wrap their
// rules with the heuristics, Plan and Without to choose their plan.
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
	// the plain reference.
	Plan string
	// Without names a part of the game's plan left out (plan.Plan.Without):
	// an ablation, which only a game whose plan has that part takes; "" for
	// the plan as it is.
	Without string
	// Prove: the exact search proves positions lost on the game's
	// relaxation where it lingers (Searcher.Prove), in a game that has one.
	Prove bool
}

// Ablation says whether the strategy is an ablation: its plan with a part
// left out.
func (s Strategy) Ablation() bool { return s.Without != "" }

// Plan names (Strategy.Plan).
const (
	PlanGame      = ""
	PlanExact     = "exact"
	PlanReference = "dfs-restarts"
)

// DefaultStrategy is the name of the strategy used when none is given.
const DefaultStrategy = "default"

// Strategies lists the named strategies, plain first, default last. The
// ablations are the games' (package games): each game's plan names its
// own parts.
func Strategies() []Strategy {
	return []Strategy{
		{Name: "dfs", Doc: "plain depth-first search: path cycle check only, no table, no heuristics", Table: TableNone, Plan: PlanExact, OwnTable: true},
		{Name: "dfs-ristretto", Doc: "DFS with the ristretto transposition cache", Table: TableRistretto, Plan: PlanExact, OwnTable: true},
		{Name: "dfs-flat", Doc: "DFS with the flat open-addressing transposition table", Table: TableFlat, Plan: PlanExact, OwnTable: true},
		{Name: "ristretto-order", Doc: "ristretto cache plus move ordering", Table: TableRistretto, Order: true, Plan: PlanExact, OwnTable: true},
		{Name: "flat-order", Doc: "flat table plus move ordering", Table: TableFlat, Order: true, Plan: PlanExact, OwnTable: true},
		{Name: "ristretto-prune", Doc: "ristretto cache, move ordering, safe-move pruning and dead-end detection", Table: TableRistretto, Order: true, Prune: true, Plan: PlanExact, OwnTable: true},
		{Name: "flat-prune", Doc: "flat table, move ordering, safe-move pruning and dead-end detection", Table: TableFlat, Order: true, Prune: true, Plan: PlanExact, OwnTable: true},
		{Name: "exact-prove", Doc: "the exact search alone, proving positions lost on the game's relaxation where it lingers (a game without one: flat-prune)", Table: TableFlat, Order: true, Prune: true, Plan: PlanExact, Prove: true},
		{Name: PlanReference, Doc: "the plain reference: DFS on the bare rules with a flat table for a tenth of the node budget, then restarts of 5,000 nodes with the moves in a seeded random order, foundation moves first", Table: TableFlat, Plan: PlanReference},
		{Name: DefaultStrategy, Doc: "flat table, ordering, pruning, and the game's plan ('solitario games'; docs/design.md): one exact search, or a game's own plan of restarts and line finders in fair turns, then shortening", Table: TableFlat, Order: true, Prune: true, Plan: PlanGame},
	}
}

// LookupStrategy finds a strategy by name among Strategies; the error lists
// the names.
func LookupStrategy(name string) (Strategy, error) {
	var names []string
	for _, s := range Strategies() {
		if s.Name == name {
			return s, nil
		}
		names = append(names, s.Name)
	}
	return Strategy{}, fmt.Errorf("unknown strategy %q (strategies: %v)", name, names)
}
