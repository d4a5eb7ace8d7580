package games

import (
	"context"
	"testing"

	"github.com/solitario/solitario/solver"
)

// TestNeverPlanRollout: under --empty-provisional never the default plan
// has the nested rollouts as a step with a tenth of the turns, and deal 29,
// which the other steps leave unknown at 20M nodes, is won by it within 5M
// (its own 351k nodes), the line passing the referee. (The other
// variants' plans are unchanged: TestSearchSignature.)
func TestNeverPlanRollout(t *testing.T) {
	e, err := Lookup("ventaglio")
	if err != nil {
		t.Fatal(err)
	}
	def, _ := solver.LookupStrategy(solver.DefaultStrategy)
	rules := e.Defaults
	rules.KeepEmpty = true
	out, err := e.Solve(context.Background(), e.SeedDeal(29), Config{Rules: rules, Strategy: def,
		Search: solver.Options{MaxNodes: 5_000_000, Table: solver.NewFlat(64 << 20)}})
	if err != nil {
		t.Fatal(err)
	}
	if out.Verdict != solver.Winnable || out.Step != "rollout" {
		t.Fatalf("never deal 29: %v by %q in %d nodes", out.Verdict, out.Step, out.Stats.Nodes)
	}
	if err := e.Verify(e.SeedDeal(29), rules.JSON(), out.Moves); err != nil {
		t.Fatalf("the line fails the referee: %v", err)
	}
	if out.StepNodes != 350_992 {
		t.Errorf("the rollouts won in %d of their nodes, want 350,992", out.StepNodes)
	}
}
