package solve

import (
	"context"
	"time"

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
//
// tables, when not nil, is the workspace kept from an earlier solve
// (Workspace); the first part of a solve on several workers takes it, the
// others make their own.
func Solve(ctx context.Context, g vg.Game, start vg.State, st solver.Strategy, opt solver.Options, workers int, tables *Workspace) plan.Solved[vg.Move] {
	began := time.Now()
	p := Plan(st, g.KeepEmpty())
	// A deal the dead-end tests kill at the start (three quarters of the
	// default rules' deals) is decided by the first slice of the plan's
	// first step when that is an exact search: its root, one node, dead.
	// Answered so here, without the steps' searches, tables and beams made
	// for it (which were most of such a deal's time: NewBeam, the stacks,
	// the tables' first arrays).
	if len(p.Find) > 0 && provesAtRoot(p.Find[0]) && ventaglio.New(g, st).Dead(&start) {
		return plan.Solved[vg.Move]{Result: plan.Result[vg.Move]{Result: solver.Result[vg.Move]{
			Verdict: solver.Unwinnable, Stats: solver.Stats{Nodes: 1, Elapsed: time.Since(began)}}}}
	}
	r := plan.Solve(ctx, p, workers, opt, func(table solver.Table) plan.Arms[vg.Move] {
		t := tables
		tables = nil // one part a table (the parts run at once)
		return newArms(g, start, st, opt, table, t)
	})
	if r.Verdict == solver.Winnable {
		r.Line = ventaglio.Lines{G: g, Start: start, GoodLine: GoodLine}.Replan(r.Line)
	}
	return r
}

// provesAtRoot reports whether step s, the plan's first, is an exact search
// on the pruned rules that takes the first turn (no Share before the turns
// runs first): its first slice sees the dead-end tests at the root and
// answers unwinnable in one node.
func provesAtRoot(s plan.Step) bool {
	return !s.Bare && !s.Streamline && s.Share == 0 && (s.Kind == plan.Exact || s.Kind == plan.Restarts || s.Kind == plan.Luby)
}
