package api

import (
	"sync"

	"github.com/solitario/solitario/difficulty"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solver"
)

// Engine answers requests and keeps, from one to the next, what each would
// otherwise build afresh: the games table (every game's entry, Il
// Ventaglio's plan ablations included), the default strategy, and the
// workspaces of its searches (a transposition table and the search
// buffers, Il Ventaglio's steps' tables among them: games.Scratch; the
// difficulty play-outs' buffers). A
// workspace is reset after each request (solver.Flat.Reset takes a table
// back to its first size, holding nothing), so an answer never depends on
// the requests answered before it: it is the same, node for node, as a
// fresh Engine's. Between requests it holds the arrays its tables grew
// into (solver.Flat.KeepArrays), at most 1.5 times a table's budget. The
// board's WebAssembly build and any Go program that asks many questions
// keep one; the package's functions (Call, Solve, …) make one per
// request. It is safe for concurrent use: a search that starts while
// another runs gets a workspace of its own.
type Engine struct {
	games    []games.Entry
	strategy solver.Strategy

	mu   sync.Mutex
	free []*workspace // workspaces not in use, reset
}

// workspace is what one search request uses and the next reuses.
type workspace struct {
	table   solver.Table
	scratch games.Scratch
	grader  *difficulty.Grader // the difficulty play-outs' buffers
}

// NewEngine builds the games table and looks up the default strategy.
func NewEngine() *Engine {
	st, err := solver.LookupStrategy(solver.DefaultStrategy)
	if err != nil {
		panic(err) // the default strategy is always among the strategies
	}
	return &Engine{games: games.All(), strategy: st}
}

// lookup is the game named; an unknown name is games.Lookup's error.
func (e *Engine) lookup(name string) (games.Entry, error) {
	for _, g := range e.games {
		if g.Name == name {
			return g, nil
		}
	}
	return games.Lookup(name)
}

// workspace takes a free workspace, or makes one.
func (e *Engine) workspace() (*workspace, error) {
	e.mu.Lock()
	w := &workspace{}
	if n := len(e.free); n > 0 {
		w = e.free[n-1]
		e.free = e.free[:n-1]
	}
	e.mu.Unlock()
	if w.grader == nil {
		w.grader = difficulty.NewGrader()
	}
	if w.table == nil {
		t, err := solver.NewTable(e.strategy.Table, DefaultTableBytes)
		if err != nil {
			return nil, err
		}
		if f, ok := t.(*solver.Flat); ok {
			// Reset takes it back to its first size; it grows into the
			// arrays it grew into before (at most the largest two), as
			// Il Ventaglio's steps' tables do in w.scratch: no fresh
			// memory, zeroing and collection per request. A WebAssembly
			// memory never shrinks anyway.
			f.KeepArrays()
		}
		w.table = t
	}
	return w, nil
}

// release resets w and keeps it for the next request: a flat table goes
// back to its first size, as a fresh one; a table of another kind is
// closed, and the next request makes a fresh one.
func (e *Engine) release(w *workspace) {
	if f, ok := w.table.(*solver.Flat); ok {
		f.Reset()
	} else {
		solver.CloseTable(w.table)
		w.table = nil
	}
	e.mu.Lock()
	e.free = append(e.free, w)
	e.mu.Unlock()
}
