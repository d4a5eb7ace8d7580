package analysis

import (
	"context"
	"strings"
	"testing"

	"github.com/solitario/solitario/difficulty"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
)

// The summary's terciles are the scores at ranks ⌈n/3⌉ and ⌈2n/3⌉, the
// check's lost play-outs are summed per grade, and records without a
// difficulty give none.
func TestSummarizeDifficulty(t *testing.T) {
	var recs []Record
	for i, score := range []float64{10, 0, 50, 90, 30, 70, 100} { // sorted: 0 10 30 50 70 90 100
		grade := "medium"
		if score <= 10 {
			grade = "hard"
		} else if score > 70 {
			grade = "easy"
		}
		recs = append(recs, Record{Seed: uint64(i), Result: Winnable, MS: 2,
			Difficulty:   &solution.Difficulty{Grade: grade, Score: score, Scale: "wins", Wins: int(score), Playouts: 100},
			DifficultyMS: 1, DifficultyCheck: &difficulty.Figure{Wins: int(score), Playouts: 100}})
	}
	recs = append(recs, Record{Seed: 9, Result: Unwinnable})
	d := Summarize(recs).Difficulty
	if d == nil || d.Graded != 7 || d.Min != 0 || d.Hard != 30 || d.Easy != 70 || d.MS != 7 || d.WinnableMS != 14 {
		t.Fatalf("summary %+v", d)
	}
	if h := d.Check["hard"]; h.Deals != 2 || h.Playouts != 200 || h.Lost != 190 {
		t.Errorf("hard check %+v, want 2 deals, 190 of 200 lost", h)
	}
	if d.Grades["easy"] != 2 || d.Grades["medium"] != 3 || d.Histogram[9] != 2 {
		t.Errorf("grades %v, histogram %v", d.Grades, d.Histogram)
	}
	if !strings.Contains(d.Text(), "terciles: hard at most 30, easy above 70; graded easy 2, medium 3, hard 2") {
		t.Errorf("text:\n%s", d.Text())
	}
	if Summarize(recs[7:]).Difficulty != nil {
		t.Error("a summary without difficulty has one")
	}
	bad := Record{Seed: 1, Result: Unwinnable, Difficulty: &solution.Difficulty{}}
	if err := bad.check(); err == nil {
		t.Error("a lost deal with a difficulty passes the check")
	}
}

// GameSolver.Grade measures the winnable deals only, and the records'
// figures are the difficulty package's.
func TestGameSolverGrades(t *testing.T) {
	g, _ := games.Lookup("reloj")
	st, _ := solver.LookupStrategy(solver.DefaultStrategy)
	s, err := NewGameSolver(g, g.Defaults, st, Limits{MaxNodes: 1e6, TTMem: 8 << 20}, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Grade(true); err != nil {
		t.Fatal(err)
	}
	r, err := s.Solve(context.Background(), 0, 1)
	if err != nil || r.Difficulty == nil || r.Difficulty.Grade != "hard" || r.Difficulty.Wins != 14 || r.DifficultyCheck == nil || r.DifficultyCheck.Playouts != 40 {
		t.Errorf("seed 1: %+v %+v, %v", r.Difficulty, r.DifficultyCheck, err)
	}
	o, _ := games.Lookup("orologio")
	so, _ := NewGameSolver(o, o.Defaults, st, Limits{MaxNodes: 1e6, TTMem: 8 << 20}, 1)
	defer so.Close()
	if err := so.Grade(false); err == nil || !strings.Contains(err.Error(), "orologio has no choices") {
		t.Errorf("orologio: %v", err)
	}
}

// A run resumed with other difficulty flags than it was made with is
// refused: its records would measure two things.
func TestSameRunDifficulty(t *testing.T) {
	a := Header{Game: "reloj", Difficulty: DifficultyGrade}
	b := a
	if err := SameRun(a, b); err != nil {
		t.Fatal(err)
	}
	b.Difficulty = ""
	if err := SameRun(a, b); err == nil || err.Error() != "made without --difficulty, not with --difficulty" {
		t.Errorf("SameRun: %v", err)
	}
}
