package api

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/solitario/solitario/solution"
)

// TestSolutionJSON: appendSolution writes what encoding/json writes, byte
// for byte, for answers of every game (won, lost, unknown, after moves)
// and for made-up objects with every optional field and strings that need
// escapes.
func TestSolutionJSON(t *testing.T) {
	var sols []solution.Solution
	e := NewEngine()
	for _, g := range []string{"reloj", "sietes", "ventaglio", "orologio", "orologio52"} {
		for seed := uint64(1); seed <= 4; seed++ {
			s := seed
			sol, err := e.Solve(context.Background(), Request{Game: g, Seed: &s, MaxNodes: ptr(int64(20000))}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			sols = append(sols, sol)
		}
	}
	wrap, big := true, uint64(1<<64-1)
	odd := `"quoted" \back\ tab	nl
ctl` + "\x01 \u2028 \xff é <&>"
	sols = append(sols,
		solution.Solution{Game: odd, Rules: solution.Rules{Play: "free", Passes: 3, ProvisionalWrap: &wrap, EmptyProvisional: "never"}, Seed: &big,
			Deal: []string{odd, "AS"}, Result: "winnable", Reason: odd, Moves: []solution.Move{{From: odd, To: "b"}, {From: "a", To: odd, Card: odd}},
			Stats:      solution.Stats{Nodes: 1, CacheHits: -2, ElapsedMS: 3, MaxDepth: 4, Step: odd, StepNodes: 5},
			Difficulty: &solution.Difficulty{Grade: "hard", Score: 1e-7, Scale: "wins", Wins: 1, Home: 2, Playouts: 3}},
		solution.Solution{Moves: []solution.Move{}, Difficulty: &solution.Difficulty{Score: 12.5}},
		solution.Solution{Rules: solution.Rules{Play: "none"}, Deal: []string{}},
		solution.Solution{Rules: solution.Rules{Play: "forced", Passes: 0}, Difficulty: &solution.Difficulty{Score: -3e21}},
		solution.Solution{Rules: solution.Rules{Passes: 2}, Difficulty: &solution.Difficulty{Score: 0.000123}},
		solution.Solution{Rules: solution.Rules{Passes: 1}, Difficulty: &solution.Difficulty{Score: 1.0 / 3}},
	)
	for _, s := range sols {
		got, err := appendSolution(nil, s)
		want, werr := appendJSON(nil, s)
		if err != nil || werr != nil || string(got) != string(want) {
			t.Errorf("appendSolution:\n %s (%v)\nencoding/json:\n %s (%v)", got, err, want, werr)
		}
	}
}

// TestSolutionFields: the solution object's fields are those
// appendSolution writes; a field added to these types must be written
// there too.
func TestSolutionFields(t *testing.T) {
	for _, c := range []struct {
		v    any
		tags string
	}{
		{solution.Solution{}, "game rules seed,omitempty deal result reason,omitempty moves,omitempty stats difficulty,omitempty"},
		{solution.Move{}, "from to card,omitempty"},
		{solution.Stats{}, "nodes cache_hits elapsed_ms max_depth,omitempty step,omitempty step_nodes,omitempty"},
		{solution.Rules{}, "play passes provisional_wrap,omitempty empty_provisional,omitempty"},
		{solution.Difficulty{}, "grade,omitempty score scale wins home playouts"},
	} {
		var tags []string
		ty := reflect.TypeOf(c.v)
		for i := 0; i < ty.NumField(); i++ {
			tags = append(tags, ty.Field(i).Tag.Get("json"))
		}
		if got := strings.Join(tags, " "); got != c.tags {
			t.Errorf("%s's fields are %q, appendSolution writes %q: write the new ones there", ty, got, c.tags)
		}
	}
}

func ptr[T any](v T) *T { return &v }

// FuzzSolutionJSON: appendSolution writes what encoding/json writes for any
// strings and numbers in the fields (go test -fuzz FuzzSolutionJSON ./api).
func FuzzSolutionJSON(f *testing.F) {
	f.Add("reloj", "stock", "1O", "no move left", 1.0/3, int64(5), uint64(7))
	f.Add("\"\\\x01\u2028\xff<&>", "", "é", "", -3e21, int64(-1), uint64(1<<64-1))
	f.Fuzz(func(t *testing.T, game, place, card, reason string, score float64, nodes int64, seed uint64) {
		s := solution.Solution{Game: game, Seed: &seed, Deal: []string{card}, Result: reason, Reason: reason,
			Moves:      []solution.Move{{From: place, To: game, Card: card}},
			Stats:      solution.Stats{Nodes: nodes, Step: reason},
			Difficulty: &solution.Difficulty{Grade: place, Score: score, Scale: card}}
		got, err := appendSolution(nil, s)
		want, werr := appendJSON(nil, s)
		if (err == nil) != (werr == nil) || err == nil && string(got) != string(want) {
			t.Errorf("appendSolution:\n %s (%v)\nencoding/json:\n %s (%v)", got, err, want, werr)
		}
	})
}
