package analysis

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/solitario/solitario/solution"
)

func fakeCandidate(ctx context.Context, worker int, seed uint64) (Candidate, error) {
	r, _ := fakeSolve(ctx, worker, seed)
	c := Candidate{Record: r}
	if r.Result == Winnable {
		c.Solution = &Generated{Game: "fake", Seed: seed, Result: Winnable, Moves: make([]solution.Move, r.Moves)}
	}
	return c, nil
}

// wantGen is Generate's answer computed serially.
func wantGen(from uint64, count, minMoves int) []uint64 {
	var out []uint64
	for seed := from; len(out) < count; seed++ {
		if r := fakeRecord(seed); r.Result == Winnable && r.Moves >= minMoves {
			out = append(out, seed)
		}
	}
	return out
}

func TestGenerateSameForAnyWorkers(t *testing.T) {
	for _, c := range []struct {
		from            uint64
		count, minMoves int
	}{{1, 50, 0}, {1000, 20, 40}, {7, 1, 1}} {
		want := wantGen(c.from, c.count, c.minMoves)
		for _, workers := range []int{1, 3, 8} {
			var got []uint64
			scans := 0
			out, err := Generate(context.Background(), GenConfig{Workers: workers, From: c.from, Count: c.count, MinMoves: c.minMoves,
				Solve: fakeCandidate,
				Emit: func(s *Generated) error {
					if len(s.Moves) < c.minMoves {
						t.Fatalf("seed %d: %d moves < %d", s.Seed, len(s.Moves), c.minMoves)
					}
					got = append(got, s.Seed)
					return nil
				},
				Progress: func(uint64, int) { scans++ }})
			if err != nil || out.Interrupted || out.Found != c.count {
				t.Fatalf("%+v workers %d: %+v, %v", c, workers, out, err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%+v workers %d: seeds %v, want %v", c, workers, got, want)
			}
			last := want[len(want)-1]
			if out.Next != last+1 || out.Scanned != last+1-c.from || scans != int(out.Scanned) {
				t.Fatalf("%+v workers %d: next %d scanned %d (%d progress calls), want next %d", c, workers, out.Next, out.Scanned, scans, last+1)
			}
			unknown := 0
			for s := c.from; s <= last; s++ {
				if fakeRecord(s).Result == Unknown {
					unknown++
				}
			}
			if out.Unknown != unknown {
				t.Fatalf("%+v: %d unknown, want %d", c, out.Unknown, unknown)
			}
		}
	}
}

// TestGenerateInterrupted cancels after a few solutions: what was emitted is
// a prefix of the full answer, and Next continues it exactly.
func TestGenerateInterrupted(t *testing.T) {
	want := wantGen(1, 60, 10)
	ctx, cancel := context.WithCancel(context.Background())
	var got []uint64
	out, err := Generate(ctx, GenConfig{Workers: 4, From: 1, Count: 60, MinMoves: 10, Solve: fakeCandidate,
		Emit: func(s *Generated) error {
			got = append(got, s.Seed)
			if len(got) == 7 {
				cancel()
			}
			return nil
		}})
	cancel()
	if err != nil || !out.Interrupted || out.Found != len(got) || len(got) < 7 || len(got) >= 60 {
		t.Fatalf("interrupted: %+v (%d emitted), %v", out, len(got), err)
	}
	if !reflect.DeepEqual(got, want[:len(got)]) {
		t.Fatalf("emitted %v, want a prefix of %v", got, want)
	}
	rest, err := Generate(context.Background(), GenConfig{Workers: 2, From: out.Next, Count: 60 - len(got), MinMoves: 10, Solve: fakeCandidate,
		Emit: func(s *Generated) error { got = append(got, s.Seed); return nil }})
	if err != nil || rest.Interrupted || !reflect.DeepEqual(got, want) {
		t.Fatalf("continued from %d: %v, %v; want %v", out.Next, got, err, want)
	}
}

func TestGenerateError(t *testing.T) {
	bad := &VerifyError{Game: "fake", Seed: 30, Err: errors.New("move 3: illegal")}
	var got []uint64
	_, err := Generate(context.Background(), GenConfig{Workers: 3, From: 1, Count: 1000, Solve: func(ctx context.Context, w int, seed uint64) (Candidate, error) {
		if seed == 30 {
			return Candidate{}, bad
		}
		return fakeCandidate(ctx, w, seed)
	}, Emit: func(s *Generated) error { got = append(got, s.Seed); return nil }})
	var ve *VerifyError
	if !errors.As(err, &ve) || ve.Seed != 30 {
		t.Fatalf("got %v, want the verify error", err)
	}
	for _, s := range got {
		if s >= 30 {
			t.Fatalf("seed %d emitted after the failing seed 30", s)
		}
	}
	if len(got) != len(wantGen(1, 9, 0)) || got[len(got)-1] != 27 {
		t.Fatalf("emitted %v before the error, want the winnable seeds below 30", got)
	}
}

// TestGenerateGivesUp: GiveUp seeds in a row without a solution kept end the
// run, with what was emitted before and Next after the last seed tried; a
// solution kept starts the count again.
func TestGenerateGivesUp(t *testing.T) {
	for _, c := range []struct {
		minMoves int
		giveUp   uint64
	}{{51, 100}, {50, 260}} {
		// The answer serially: the fake game's lines have at most 50 moves,
		// lines of 50 are 150 seeds apart but where the search is unknown.
		var want []uint64
		next, misses := uint64(1), uint64(0)
		for ; misses < c.giveUp; next++ {
			misses++
			if r := fakeRecord(next); r.Result == Winnable && r.Moves >= c.minMoves {
				want, misses = append(want, next), 0
			}
		}
		if c.minMoves == 50 && len(want) < 5 {
			t.Fatalf("only %v found before giving up", want)
		}
		for _, workers := range []int{1, 4} {
			var got []uint64
			out, err := Generate(context.Background(), GenConfig{Workers: workers, From: 1, Count: 1000, MinMoves: c.minMoves, GiveUp: c.giveUp,
				Solve: fakeCandidate, Emit: func(s *Generated) error { got = append(got, s.Seed); return nil }})
			if err != nil || out.Interrupted || !out.GaveUp || !reflect.DeepEqual(got, want) || out.Next != next || out.Found != len(want) {
				t.Fatalf("%+v workers %d: %+v, %v, seeds %v; want %v, next %d", c, workers, out, err, got, want, next)
			}
		}
	}
}
