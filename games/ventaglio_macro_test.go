package games

import (
	"context"
	"slices"
	"testing"

	"github.com/solitario/solitario/plan"
	"github.com/solitario/solitario/solver"
)

// TestMacroForLuby: macroForLuby (plan-with-macro under never) gives Find
// the macro step where the Luby restarts were, the other steps
// and Shorten as they are.
func TestMacroForLuby(t *testing.T) {
	def, _ := solver.LookupStrategy(solver.DefaultStrategy)
	full := ventaglioPlan(def)
	p := ventaglioPlan(def)
	macroForLuby(&p)
	names := func(steps []plan.Step) (out []string) {
		for _, s := range steps {
			out = append(out, s.String())
		}
		return out
	}
	want := names(full.Find)
	i := slices.Index(want, "luby")
	if i < 0 {
		t.Fatalf("no luby step in %v", want)
	}
	want[i] = "macro"
	if got := names(p.Find); !slices.Equal(got, want) {
		t.Fatalf("Find %v, want %v", got, want)
	}
	if got, w := names(p.Shorten), names(full.Shorten); !slices.Equal(got, w) {
		t.Fatalf("Shorten %v, want %v", got, w)
	}
}

// TestNeverPlanMacroWins: plan-with-macro under never wins seed 134 by its
// macro step (at 20M nodes it did so after 24,408 of the step's
// nodes, 93,447 in all; the plan without it took 342,392), with a line the
// solve replayed; the default rules' plan has no macro step.
func TestNeverPlanMacroWins(t *testing.T) {
	with, err := solver.LookupStrategy("plan-with-macro")
	if err != nil {
		t.Fatal(err)
	}
	e, err := Lookup("ventaglio")
	if err != nil {
		t.Fatal(err)
	}
	for _, keep := range []bool{true, false} {
		r := e.Defaults
		r.KeepEmpty = keep
		out, err := e.Solve(context.Background(), e.SeedDeal(134), Config{Rules: r, Strategy: with,
			Search: solver.Options{MaxNodes: 2_000_000, Table: solver.NewFlat(64 << 20)}})
		if err != nil {
			t.Fatal(err)
		}
		if keep && (out.Verdict != solver.Winnable || out.Step != "macro" || out.StepNodes != 24408) {
			t.Fatalf("never: %v by %q after %d step nodes, want winnable by macro after 24408", out.Verdict, out.Step, out.StepNodes)
		}
		if !keep && out.Step == "macro" {
			t.Fatal("fill: decided by a macro step")
		}
	}
}
