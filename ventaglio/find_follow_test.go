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

// digWalk is dig as a walk: the commitments from the next on, each base
// from its top for each card taken (the code dig replaced, kept as its
// reference).
func digWalk(b *Beam, s *vg.State, cms []commitment) int64 {
	var sum int64
	w := int64(followLook)
	room := false
	for i := 0; i < len(cms) && w > 0; i++ {
		cm := &cms[i]
		if cm.move != 0 {
			continue
		}
		if cm.from != vg.P1 {
			if cm.to == vg.P1 && !room {
				room = true
				takes := false
				for p := range vg.Provisional {
					takes = takes || b.h.g.ProvTakes(s, p, cm.card)
				}
				if !takes {
					sum += w
				}
			}
			continue
		}
		depth := -1
		for p := range vg.Provisional {
			h := s.Height(p)
			for j := h - 1; j >= 0; j-- {
				if s.ProvCard(p, j) == cm.card {
					if depth < 0 || h-1-j < depth {
						depth = h - 1 - j
					}
					break
				}
			}
		}
		sum += int64(max(depth, 0)) * w
		w--
	}
	return sum
}

// TestDigIndexed: dig, with its index of the commitments and its one pass
// over the bases, weighs every position along the wandering lines, and
// every child of those, from every commitment on, as the walk does.
func TestDigIndexed(t *testing.T) {
	gs, starts, lines := wanderingLines(t, 12)
	checked, nonzero := 0, 0
	for n, line := range lines {
		g := gs[n]
		cms := commitments(g, starts[n], line)
		b := NewBeam(New(g, solver.Strategy{Prune: true}))
		b.digIndex(cms)
		s := starts[n]
		var buf []vg.Move
		for _, m := range line {
			buf = g.Moves(&s, buf)
			for _, cm := range append([]vg.Move{m}, buf...) {
				c := s
				g.Apply(&c, cm)
				for k := range len(cms) + 1 {
					want := digWalk(b, &c, cms[k:])
					if got := b.dig(&c, cms, k); got != want {
						t.Fatalf("line %d, commitment %d: dig %d, the walk %d", n, k, got, want)
					}
					checked++
					if want != 0 {
						nonzero++
					}
				}
			}
			g.Apply(&s, m)
		}
	}
	if nonzero == 0 || nonzero == checked {
		t.Fatalf("%d of %d weighings nonzero: the positions do not tell the weighings apart", nonzero, checked)
	}
	t.Logf("%d weighings, %d nonzero", checked, nonzero)
}
