package ventaglio

import (
	"context"
	"testing"

	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// TestFollowShortens: Follow on the wandering lines of near-end positions
// (the plain exact search's, with ShortenLine's polish) finds lines that
// are legal wins (every move one of the rules' Moves, or a base card's move
// up early) and shorter than the line followed, and never one that is not
// shorter than its bound.
func TestFollowShortens(t *testing.T) {
	gs, starts, lines := wanderingLines(t, 12)
	tt := solver.NewFlat(4 << 20)
	var before, after, won int
	for n, line := range lines {
		g := gs[n]
		line = ShortenLine(g, starts[n], line)
		b := NewBeam(New(g, solver.Strategy{Prune: true}))
		r := b.Follow(context.Background(), starts[n], line, len(line), 64, 1, solver.Options{MaxNodes: 1_000_000, Table: tt})
		if r.Verdict != solver.Winnable {
			continue
		}
		won++
		before += len(line)
		after += len(r.Line)
		if len(r.Line) >= len(line) {
			t.Errorf("line %d: %d moves, not shorter than %d", n, len(r.Line), len(line))
		}
		s := starts[n]
		var buf []vg.Move
		for i, m := range r.Line {
			buf = g.Moves(&s, buf)
			if !legal(buf, m) {
				t.Fatalf("line %d: move %d (%v) is not legal", n, i, m)
			}
			g.Apply(&s, m)
		}
		if !g.Won(&s) {
			t.Fatalf("line %d: the line does not win", n)
		}
		// A bound below the line found: nothing at or above it.
		if r2 := b.Follow(context.Background(), starts[n], line, len(r.Line)-len(r.Line)/2, 64, 1, solver.Options{MaxNodes: 1_000_000, Table: tt}); r2.Verdict == solver.Winnable && len(r2.Line) >= len(r.Line)-len(r.Line)/2 {
			t.Errorf("line %d: %d moves at bound %d", n, len(r2.Line), len(r.Line)-len(r.Line)/2)
		}
	}
	t.Logf("%d of %d lines shortened: %d moves to %d", won, len(lines), before, after)
	if won < len(lines)/2 {
		t.Errorf("only %d of %d lines shortened", won, len(lines))
	}
}
