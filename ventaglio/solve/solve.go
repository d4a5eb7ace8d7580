package solve

import (
	"context"

	"github.com/solitario/solitario/plan"
	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
	"github.com/solitario/solitario/ventaglio"
)

// Solve decides g from start under strategy st: its Plan run by plan.Solve
// with opt's limits, table and progress, split among workers goroutines
// (0 or 1: one). Only the restarts and the exact search (when the plan has
// one) answer unwinnable (the whole space searched, or the start proved
// dead by the dead-end tests); a win from any step is a legal line, which
// the caller replays through the referee, and its line comes tidied by
// ventaglio.Lines (Replan). The stats add up over the steps.
func Solve(ctx context.Context, g vg.Game, start vg.State, st solver.Strategy, opt solver.Options, workers int) plan.Solved[vg.Move] {
	p := Plan(st, g.KeepEmpty())
	// A deal the dead-end tests kill at the start is decided by the first
	// slice of any exact step: not worth a goroutine.
	if workers > 1 && len(p.Find) > 1 && ventaglio.New(g, st).Dead(&start) {
		workers = 1
	}
	r := plan.Solve(ctx, p, workers, opt, func(table solver.Table) plan.Arms[vg.Move] {
		return newArms(g, start, st, opt, table)
	})
	if r.Verdict == solver.Winnable {
		r.Line = ventaglio.Lines{G: g, Start: start, GoodLine: GoodLine}.Replan(r.Line)
	}
	return r
}
