package ventaglio

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// wanderingLines are winning lines of random near-end positions found by
// the plain exact search (no ordering: its lines shuttle runs between the
// provisional bases), with their games and starts.
func wanderingLines(t *testing.T, n int) (gs []vg.Game, starts []vg.State, lines [][]vg.Move) {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 11))
	tt := solver.NewFlat(4 << 20)
	for i := 0; len(lines) < n && i < 40*n; i++ {
		_, _, d, g := nearEndGame(t, rng, 2*i)
		res := solver.Solve[vg.State, vg.Move](context.Background(), New(g, solver.Strategy{}), d.Start(),
			solver.Options{Table: tt, MaxNodes: 200_000})
		if res.Verdict == solver.Winnable {
			gs, starts, lines = append(gs, g), append(starts, d.Start()), append(lines, res.Line)
		}
	}
	return gs, starts, lines
}

// TestShortenKeepsPositions: after shortening, the position kept before
// each move is the one the line reaches there from the start (a kept try
// rebuilds them by replaying its tail), and the line still wins.
func TestShortenKeepsPositions(t *testing.T) {
	gs, starts, lines := wanderingLines(t, 12)
	if len(lines) < 6 {
		t.Fatalf("only %d won positions", len(lines))
	}
	shortened := 0
	for n, line := range lines {
		g := gs[n]
		sh := shortener{g: g}
		if !sh.load(starts[n], line) {
			t.Fatalf("line %d does not load", n)
		}
		sh.shorten()
		if len(sh.line) < len(line) {
			shortened++
		}
		if len(sh.states) != len(sh.line)+1 || len(sh.cards) != len(sh.line) {
			t.Fatalf("line %d: %d moves, %d positions, %d cards", n, len(sh.line), len(sh.states), len(sh.cards))
		}
		s := starts[n]
		for i, m := range sh.line {
			if sh.states[i] != s {
				t.Fatalf("line %d: position %d of %d differs from the replay", n, i, len(sh.line))
			}
			g.Apply(&s, m)
		}
		if sh.states[len(sh.line)] != s || !g.Won(&s) {
			t.Fatalf("line %d: the shortened line does not end won", n)
		}
	}
	if shortened == 0 {
		t.Fatal("no line got shorter: the sample does not exercise a kept try")
	}
}

// TestShortenAllocations: ShortenLine allocates its copies of the line once
// (line, cards, positions, the try buffers) and a move list, not per try:
// a try used to copy every position of the line's tail (200 bytes each),
// 98% of the bytes a hard deal's solve allocated.
func TestShortenAllocations(t *testing.T) {
	gs, starts, lines := wanderingLines(t, 4)
	for n, line := range lines {
		allocs := testing.AllocsPerRun(3, func() { ShortenLine(gs[n], starts[n], line) })
		// 5 copies, and the move list grown up to 3 times.
		if allocs > 8 {
			t.Errorf("line %d (%d moves): %.0f allocations", n, len(line), allocs)
		}
	}
}
