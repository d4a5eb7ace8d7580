package solve

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/solitario/solitario/internal/ventagliotest"
	"github.com/solitario/solitario/plan"
	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
	"github.com/solitario/solitario/ventaglio"
)

// TestAlongPoints: the beams along a line start half-way, then at a
// quarter and three quarters, then the eighths between, each round of
// beams twice as wide as the one before.
func TestAlongPoints(t *testing.T) {
	a := &alongArm{beamArm: &beamArm{width: beamWidth}, line: make([]vg.Move, 80)}
	wantAt := []int{40, 20, 60, 10, 50, 30, 70, 5}
	wantWidth := []int{16, 32, 32, 64, 64, 64, 64, 128}
	for k := range wantAt {
		a.k = k
		if _, at := a.point(); at != wantAt[k] || a.width() != wantWidth[k] {
			t.Errorf("beam %d: after %d moves, %d wide; want %d, %d", k, at, a.width(), wantAt[k], wantWidth[k])
		}
	}
}

// TestBeamSchedule: the Find beams with Along alternate between the start
// and the best line once there is one; the beams from the start are the
// beams without Along, in order, and the beams along go through the same
// widths, weightings and tie-break seeds in their own count.
func TestBeamSchedule(t *testing.T) {
	b := &beamArm{width: beamWidth, best: &plan.Best[vg.Move]{}}
	plain := &beamArm{width: beamWidth}
	var made []ventaglio.BeamConfig // the beams without Along, in order
	for range 8 {
		bc, _ := plain.next()
		if plain.alongNext() {
			t.Fatal("a beam along without Along")
		}
		made = append(made, bc)
		plain.n++
	}
	if b.alongNext() {
		t.Fatal("no best line yet: a beam along")
	}
	b.n++ // a first beam from the start, then a best line
	b.best.Offer(1, nil, []vg.Move{vg.Draw})
	for k := 1; k < 15; k++ {
		along := b.alongNext()
		bc, nodes := b.next()
		want := made[b.n]
		if along {
			want = made[b.na]
		}
		if along != (k%2 == 1) || bc != want || nodes != int64(want.Width)*beamNodes {
			t.Errorf("beam %d: along %v, %+v, %d nodes; want %v, %+v", k, along, bc, nodes, k%2 == 1, want)
		}
		if along {
			b.na++
		} else {
			b.n++
		}
	}
	if b.n != 8 || b.na != 7 || made[3].Width != 2*beamWidth || made[3] != ventaglio.WasteHeavy.Config(32, 4) {
		t.Errorf("%d from the start, %d along, beam 3 %+v; want 8, 7 and E 32 wide, seed 4", b.n, b.na, made[3])
	}
}

// TestFollowWidths: the beams that follow a line are each twice as wide as
// the one before, up to beamMaxWidth (however many were made), and take
// that many times beamNodes nodes.
func TestFollowWidths(t *testing.T) {
	f := &followArm{beamArm: &beamArm{width: beamWidth}}
	want := map[int]int{0: 16, 1: 32, 2: 64, 3: 128, 8: 4096, 9: 8000, 10: 8000, 100: 8000}
	for n, w := range want {
		f.n = n
		if f.width() != w || f.Chunk() != int64(w)*beamNodes {
			t.Errorf("beam %d: %d wide, chunk %d; want %d, %d", n, f.width(), f.Chunk(), w, int64(w)*beamNodes)
		}
	}
}

// TestBeamAlongFind: in Find, a beam from the start offers the line to its
// most cards up as the solve's best line, and the next beam starts along
// the best line, where the cards up first reach half-way from the start's
// to the best's: its line is the best line's moves up to there followed by
// a beam's from that position, and it replays from the start to a win
// (games' tests replay the plan's lines through the referee).
func TestBeamAlongFind(t *testing.T) {
	g, start := ventagliotest.Dealt(t, 2, vg.DefaultRules())
	def, _ := solver.LookupStrategy(solver.DefaultStrategy)
	h := ventaglio.New(g, def)
	b := ventaglio.NewBeam(h)
	upAfter := func(line []vg.Move) int {
		s := start
		for _, m := range line {
			h.Apply(&s, m)
		}
		return s.Up()
	}
	best := &plan.Best[vg.Move]{}
	arm := &beamArm{b: b, table: solver.NewFlat(16 << 20), start: start, width: 2, best: best, g: h}
	// A beam 2 wide from the start does not win seed 2; it offers its
	// best line.
	if r := arm.Slice(context.Background(), solver.Options{MaxNodes: 1_000_000}); r.Verdict != solver.Unknown {
		t.Fatalf("a beam 2 wide from the start: %v, want unknown", r.Verdict)
	}
	if arm.n != 1 || arm.na != 0 || arm.StartedAlong() || len(best.Line) == 0 || upAfter(best.Line) != best.Score || best.Score <= start.Up() {
		t.Fatalf("after one beam: %d from the start, %d along, best line %d moves to %d up, score %d; want 1, 0 and a line to its score",
			arm.n, arm.na, len(best.Line), upAfter(best.Line), best.Score)
	}
	// A better line, short of a win by one move (a beam 64 wide wins).
	win := b.Search(context.Background(), start, ventaglio.WasteHeavy.Config(64, 1), solver.Options{MaxNodes: 5_000_000, Table: solver.NewFlat(16 << 20)})
	if win.Verdict != solver.Winnable {
		t.Fatalf("a beam 64 wide from the start: %v, want a win", win.Verdict)
	}
	line := win.Line[:len(win.Line)-1]
	if !best.Offer(upAfter(line), nil, line) {
		t.Fatalf("a line to %d cards up not taken over the best, %d", upAfter(line), best.Score)
	}
	// Where the next beam starts: the first position half-way up.
	target := start.Up() + (best.Score-start.Up())/2
	at, s := 0, start
	for ; s.Up() < target; at++ {
		h.Apply(&s, line[at])
	}
	arm.width = 16
	r := arm.Slice(context.Background(), solver.Options{MaxNodes: 5_000_000})
	if arm.n != 1 || arm.na != 1 || !arm.StartedAlong() || r.Verdict != solver.Winnable {
		t.Fatalf("the second beam: %d from the start, %d along (started along: %v), %v; want 1, 1, along and a win", arm.n, arm.na, arm.StartedAlong(), r.Verdict)
	}
	if len(r.Line) < at || !slices.Equal(r.Line[:at], line[:at]) {
		t.Fatalf("the win does not begin with the best line's first %d moves", at)
	}
	// The rest is a beam's from there (the first beam along: weighting E,
	// seed 1; the same table, which the beam clears: a flat table
	// that has grown keeps other keys than a new one).
	tail := b.Search(context.Background(), s, ventaglio.WasteHeavy.Config(16, 1), solver.Options{MaxNodes: 5_000_000, Table: arm.table})
	if !slices.Equal(tail.Line, r.Line[at:]) {
		t.Errorf("after the prefix: %d moves, a beam from there %d (%v); want the same line", len(r.Line)-at, len(tail.Line), tail.Verdict)
	}
	if err := wins(g, start, r.Line); err != nil {
		t.Errorf("the along beam's win: %v", err)
	}
}

// wins says why line is not a legal win of g from start (nil: it is).
func wins(g vg.Game, start vg.State, line []vg.Move) error {
	s := start
	for i, m := range line {
		if !slices.Contains(g.Moves(&s, nil), m) {
			return fmt.Errorf("move %d (%v) is not legal", i+1, m)
		}
		g.Apply(&s, m)
	}
	if !g.Won(&s) {
		return fmt.Errorf("the line of %d moves does not win", len(line))
	}
	return nil
}

// ablation is the named ablation of Ablations, or the test fails.
func ablation(t *testing.T, name string) solver.Strategy {
	t.Helper()
	for _, st := range Ablations() {
		if st.Name == name {
			return st
		}
	}
	t.Fatalf("no ablation %s", name)
	return solver.Strategy{}
}
