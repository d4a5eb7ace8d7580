package cli

import (
	"fmt"
	"time"

	"github.com/dustin/go-humanize"
	"github.com/schollz/progressbar/v3"

	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solver"
)

// progressDelay is how long a search runs before its progress is shown:
// short solves print nothing on stderr.
const progressDelay = time.Second

// solveProgress shows a running search on stderr as a spinner line: nodes,
// nodes/s, and the transposition table's fill. It is drawn only when stderr
// is a terminal, from the search's first progress call after progressDelay,
// and erased by finish. A nil *solveProgress does nothing.
type solveProgress struct {
	io    *IO
	label string
	table solver.Table
	delay time.Duration
	bar   *progressbar.ProgressBar
	last  int // the table's entries at the last update
	run   int // searches that cleared the table so far (a plan runs several)
	// plan: the game's solve is a plan whose searches keep tables of
	// their own (Il Ventaglio's; plannedTables), the table serving an
	// exact step alone: its fill is shown once it holds an entry.
	plan bool
	// since, for a review (several solves), is the time since it began:
	// the delay counts from then, and the line says it beside the solve's.
	since func() time.Duration
}

// newSolveProgress returns the progress display of one solve of g, or nil
// when stderr is not a terminal.
func newSolveProgress(io *IO, g games.Entry, table solver.Table) *solveProgress {
	if !io.ErrIsTTY {
		return nil
	}
	return &solveProgress{io: io, label: "solving " + g.Name, table: table, delay: progressDelay, plan: plannedTables(g)}
}

// newReviewProgress is the progress display of a review of game (or nil
// when stderr is not a terminal): solve's line for the solve running, after
// the time the review has taken, which the delay counts ("reviewing reloj:
// 25.1s in all; this solve: 1.2s, 1,234,567 nodes, …").
func newReviewProgress(io *IO, g games.Entry, table solver.Table) *solveProgress {
	if !io.ErrIsTTY {
		return nil
	}
	start := time.Now()
	return &solveProgress{io: io, label: "reviewing " + g.Name, table: table, delay: progressDelay, plan: plannedTables(g),
		since: func() time.Duration { return time.Since(start) }}
}

// plannedTables says whether g's solve is a plan of parts (Il Ventaglio's:
// games.Entry.Ablations) whose searches keep tables of their own: the
// solve's table serves only an exact step, which the default plan lacks,
// so an empty one is no news (not "table 0% full", "0 entries stored").
func plannedTables(g games.Entry) bool { return len(g.Ablations) > 0 }

// shownTable is table as the solve's statistics show it: nil (no line)
// for an empty table of a plan whose searches keep their own
// (plannedTables), else table.
func shownTable(plan bool, table solver.Table) solver.Table {
	if plan && table != nil && table.Len() == 0 {
		return nil
	}
	return table
}

// progress is the Options.Progress callback: nil when there is nothing to
// draw, so the search skips the calls.
func (p *solveProgress) progress() func(solver.Stats) {
	if p == nil {
		return nil
	}
	return p.update
}

// update redraws the line with the search's statistics so far. It runs on
// the search goroutine; the bar's own goroutine only turns the spinner.
func (p *solveProgress) update(s solver.Stats) {
	elapsed := s.Elapsed
	if p != nil && p.since != nil {
		elapsed = p.since()
	}
	if p == nil || elapsed < p.delay {
		return
	}
	if p.bar == nil {
		p.bar = progressbar.NewOptions64(-1,
			progressbar.OptionSetWriter(p.io.Err),
			progressbar.OptionSpinnerType(14),
			progressbar.OptionSetElapsedTime(false), // the search's own time is in the text
			progressbar.OptionSetPredictTime(false),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
	}
	if p.since != nil { // a review: each solve clears the table
		p.bar.Describe(progressText(fmt.Sprintf("%s: %s in all; this solve", p.label, elapsed.Round(100*time.Millisecond)), s, shownTable(p.plan, p.table), 0))
		return
	}
	if p.table != nil {
		n := p.table.Len()
		if n < p.last {
			p.run++ // the table was cleared: a new search of the plan began
		}
		p.last = n
	}
	p.bar.Describe(progressText(p.label, s, shownTable(p.plan, p.table), p.run))
}

// progressText is the line's text: "solving reloj: 3.2s, 12,345,678 nodes,
// 4.1M nodes/s, table 37% full"; after the table was cleared for a new
// search (run > 0), "table 0.64% full in search 2", so that a fill that
// falls says why. A nil table (none, or one not shown: shownTable) is
// left out.
func progressText(label string, s solver.Stats, table solver.Table, run int) string {
	text := fmt.Sprintf("%s: %s, %s nodes, %s nodes/s", label, s.Elapsed.Round(100*time.Millisecond),
		humanize.Comma(s.Nodes), rateText(s.Nodes, s.Elapsed))
	if table != nil {
		text += ", table " + percentText(table.Len(), table.Cap()) + " full"
		if run > 0 {
			text += fmt.Sprintf(" in search %d (the table is cleared for each)", run+1)
		}
	}
	return text
}

// finish erases the line (if it was ever drawn) and stops the spinner.
func (p *solveProgress) finish() {
	if p == nil || p.bar == nil {
		return
	}
	// With OptionClearOnFinish, Finish erases the line under the bar's lock
	// (Clear would race with the spinner's goroutine).
	_ = p.bar.Finish()
}
