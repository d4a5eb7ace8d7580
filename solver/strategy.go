package solver

import "fmt"

// Table kinds accepted by NewTable and --tt.
const (
	TableNone      = "none"      // path check only
	TableFlat      = "flat"      // Flat, sized from the memory budget
	TableRistretto = "ristretto" // the ristretto-backed cache
)

// NewTable builds a transposition table of the named kind within mem bytes.
// TableNone gives a nil Table. An unknown kind is an error naming the kinds.
func NewTable(kind string, mem int64) (Table, error) {
	switch kind {
	case TableNone:
		return nil, nil
	case TableFlat:
		return NewFlat(mem), nil
	case TableRistretto:
		return NewRistretto(mem)
	}
	return nil, fmt.Errorf("unknown transposition table %q (want %s, %s or %s)", kind, TableFlat, TableRistretto, TableNone)
}

// Strategy is a named combination of table and heuristics (issue: search
// strategies are compared by the bench command). Games read Order and Prune
// to wrap their rules with the heuristics package.
type Strategy struct {
	Name  string
	Doc   string
	Table string // TableNone, TableFlat or TableRistretto
	Order bool   // move ordering
	Prune bool   // safe-move pruning, dominance and dead-end detection
}
