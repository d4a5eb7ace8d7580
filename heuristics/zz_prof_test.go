package heuristics

import (
	"context"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
	vg "github.com/solitario/solitario/state/ventaglio"
)

func TestZZProf(t *testing.T) {
	l, _ := vg.FromDeal(deck.Deal(deck.French, 2, 1))
	d, _ := vg.NewDeal(l)
	g := vg.New(d, vg.Rules{Play: state.Free, Passes: 3, KeepEmpty: true})
	h := NewVentaglio(g, solver.Strategy{Order: true, Prune: true})
	solver.Solve[vg.State, vg.Move](context.Background(), h, d.Start(), solver.Options{MaxNodes: 1_000_000, MaxDepth: 1 << 18, Table: solver.NewFlat(64 << 20)})
}
