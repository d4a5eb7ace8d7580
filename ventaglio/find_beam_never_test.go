package ventaglio

import (
	"context"
	"slices"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/internal/ventagliotest"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// TestBeamLostWinsNever: a beam that drops the positions the dead-end
// tests prove lost still wins --empty-provisional never seed 57 (weighting
// D, 256 wide), with a legal line that the
// plain referee accepts, and drops some positions on the way.
func TestBeamLostWinsNever(t *testing.T) {
	rules := vg.Rules{Play: state.Free, Passes: 3, KeepEmpty: true}
	g, start := ventagliotest.Dealt(t, 57, rules)
	h := New(g, solver.Strategy{Order: true, Prune: true})
	cfg := Plain.Config(256, 1)
	b := NewBeam(h)
	b.Lost = func(s *vg.State, _ vg.Move) (bool, int64) { return h.Dead(s), 0 }
	r := b.Search(context.Background(), start, cfg, solver.Options{MaxNodes: 256 * 3000, Table: solver.NewFlat(64 << 20)})
	if r.Verdict != solver.Winnable {
		t.Fatalf("%v %s after %d nodes, want a win", r.Verdict, r.Reason, r.Stats.Nodes)
	}
	if r.Stats.Proved == 0 {
		t.Fatal("no position dropped")
	}
	s := start
	for i, m := range r.Line {
		if !slices.Contains(g.Moves(&s, nil), m) {
			t.Fatalf("move %d %v is not legal", i+1, m)
		}
		g.Apply(&s, m)
	}
	if !g.Won(&s) {
		t.Fatal("the line does not win")
	}
	l, err := vg.FromDeal(deck.Deal(deck.French, 2, 57))
	if err != nil {
		t.Fatal(err)
	}
	if err := refTable(l, rules).Replay(jsonLine(g, start, r.Line)); err != nil {
		t.Fatalf("the referee refuses the line: %v", err)
	}
}

// neverDeal is the deal of seed under --empty-provisional never (free
// play, three passes).
func neverDeal(t *testing.T, seed uint64) (*vg.Deal, vg.Game) {
	t.Helper()
	g, _ := ventagliotest.Dealt(t, seed, vg.Rules{Play: state.Free, Passes: 3, KeepEmpty: true})
	return g.Deal(), g
}
