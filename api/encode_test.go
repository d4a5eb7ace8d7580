package api

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/solitario/solitario/replay"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/verify"
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

// TestSolutionFields: the fields of the solution object and of the other
// answers are those encode.go writes; a field added to these types must
// be written there too.
func TestSolutionFields(t *testing.T) {
	for _, c := range []struct {
		v    any
		tags string
	}{
		{solution.Solution{}, "game rules seed,omitempty deal result reason,omitempty moves,omitempty stats difficulty,omitempty min_moves,omitempty"},
		{solution.Move{}, "from to card,omitempty"},
		{solution.Stats{}, "nodes cache_hits elapsed_ms max_depth,omitempty step,omitempty step_nodes,omitempty"},
		{solution.Rules{}, "play passes provisional_wrap,omitempty empty_provisional,omitempty"},
		{solution.Difficulty{}, "grade,omitempty score scale wins home playouts"},
		{DealAnswer{}, "game rules seed,omitempty deal"},
		{GameInfo{}, "name title source,omitempty deck copies cards defaults options"},
		{OptionInfo{}, "flag default values,omitempty doc"},
		{PositionAnswer{}, " legal"},
		{replay.Replay{}, "game title deck rules seed,omitempty steps won end"},
		{replay.Step{}, "n move,omitempty text,omitempty position"},
		{verify.Position{}, "places"},
		{verify.Place{}, "name cards under,omitempty"},
		{Legal{}, "move text"},
		{HintAnswer{}, "game seed,omitempty after result won,omitempty reason,omitempty next,omitempty next_text,omitempty moves,omitempty own_line,omitempty stats"},
	} {
		var tags []string
		ty := reflect.TypeOf(c.v)
		for i := 0; i < ty.NumField(); i++ {
			tags = append(tags, ty.Field(i).Tag.Get("json"))
		}
		if got := strings.Join(tags, " "); got != c.tags {
			t.Errorf("%s's fields are %q, encode.go writes %q: write the new ones there", ty, got, c.tags)
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

// encodings are the hand writers Encode uses beside encoding/json's, for
// the tests: each value written both ways.
func encodings(v any) (hand, want []byte, err error) {
	if hand, err = Encode(v); err != nil {
		return nil, nil, err
	}
	want, err = appendJSON(nil, v)
	return hand, want, err
}

// TestAnswersJSON: the deal, games, position and hint answers written by
// hand are what encoding/json writes, byte for byte: the real answers of
// every game (at the start and after moves; won, lost, unknown) and made-up
// ones with every optional field and strings that need escapes.
func TestAnswersJSON(t *testing.T) {
	e := NewEngine()
	ctx := context.Background()
	answers := []any{e.Games()}
	for _, g := range []string{"reloj", "sietes", "ventaglio", "orologio", "orologio52"} {
		for seed := uint64(1); seed <= 3; seed++ {
			s := seed
			r := Request{Game: g, Seed: &s, MaxNodes: ptr(int64(20000))}
			d, err := e.Deal(r)
			if err != nil {
				t.Fatal(err)
			}
			h, err := e.Hint(ctx, r, Options{})
			if err != nil {
				t.Fatal(err)
			}
			answers = append(answers, d, h)
			// The position at the start and after three moves of the line
			// (or none, for a lost deal).
			for _, n := range []int{0, 3} {
				if n > len(h.Moves) {
					continue
				}
				r.Moves = h.Moves[:n]
				p, err := e.Position(r)
				if err != nil {
					t.Fatal(err)
				}
				answers = append(answers, p)
				if n > 0 {
					hn, err := e.Hint(ctx, r, Options{})
					if err != nil {
						t.Fatal(err)
					}
					answers = append(answers, hn)
				}
			}
		}
	}
	wrap, big := false, uint64(1<<64-1)
	odd := `"quoted" \back\ tab	nl
ctl` + "\x01\x7f\b\f \u2028\u2029 \xff é <&> \U0001F0A1"
	rules := solution.Rules{Play: odd, Passes: -1, ProvisionalWrap: &wrap, EmptyProvisional: odd}
	mv := solution.Move{From: odd, To: odd, Card: odd}
	answers = append(answers,
		DealAnswer{Game: odd, Rules: rules, Seed: &big, Deal: []string{odd, ""}},
		DealAnswer{},
		[]GameInfo{{Name: odd, Title: odd, Source: odd, Deck: odd, Copies: -1, Cards: 3, Defaults: rules,
			Options: []OptionInfo{{Flag: odd, Default: odd, Values: []string{odd}, Doc: odd}, {}}}, {}},
		[]GameInfo(nil), []GameInfo{},
		PositionAnswer{Replay: &replay.Replay{Game: odd, Title: odd, Deck: odd, Rules: rules, Seed: &big, Won: true, End: odd,
			Steps: []replay.Step{{N: 1, Move: &mv, Text: odd, Position: verify.Position{Places: []verify.Place{{Name: odd, Cards: []string{odd}, Under: -2}, {}}}}, {}}},
			Legal: []Legal{{Move: mv, Text: odd}, {}}},
		PositionAnswer{Replay: &replay.Replay{}},
		HintAnswer{Game: odd, Seed: &big, After: -1, Result: odd, Won: true, Reason: odd, Next: &mv, Text: odd,
			Moves: []solution.Move{mv, {}}, Own: true, Stats: solution.Stats{Nodes: -1, CacheHits: 2, ElapsedMS: 3, MaxDepth: 4, Step: odd, StepNodes: 5}},
		HintAnswer{Moves: []solution.Move{}},
	)
	for _, a := range answers {
		got, want, err := encodings(a)
		if err != nil || string(got) != string(want) {
			t.Errorf("%T by hand:\n %s (%v)\nencoding/json:\n %s", a, got, err, want)
		}
	}
}

// FuzzAnswerJSON: the hand-written answers are what encoding/json writes
// for any strings and numbers in their fields (go test -fuzz
// FuzzAnswerJSON ./api).
func FuzzAnswerJSON(f *testing.F) {
	f.Add("ventaglio", "arc", "7H", "free", 3, uint64(1))
	f.Add("\"\\\x01\b\u2028\xff<&>\x7f", "", "é", "<", -1, uint64(1<<64-1))
	f.Fuzz(func(t *testing.T, game, place, card, play string, n int, seed uint64) {
		rules := solution.Rules{Play: play, Passes: n, EmptyProvisional: card}
		mv := solution.Move{From: place, To: game, Card: card}
		for _, a := range []any{
			DealAnswer{Game: game, Rules: rules, Seed: &seed, Deal: []string{card, place}},
			[]GameInfo{{Name: game, Title: place, Source: card, Deck: play, Copies: n, Defaults: rules,
				Options: []OptionInfo{{Flag: place, Default: card, Values: []string{play}, Doc: game}}}},
			PositionAnswer{Replay: &replay.Replay{Game: game, Title: place, Deck: card, Rules: rules, Seed: &seed, End: play,
				Steps: []replay.Step{{N: n, Move: &mv, Text: play, Position: verify.Position{Places: []verify.Place{{Name: place, Cards: []string{card}, Under: n}}}}}},
				Legal: []Legal{{Move: mv, Text: play}}},
			HintAnswer{Game: game, Seed: &seed, After: n, Result: play, Reason: card, Next: &mv, Text: place,
				Moves: []solution.Move{mv}, Stats: solution.Stats{Nodes: int64(n), Step: card}},
		} {
			got, want, err := encodings(a)
			if err != nil || string(got) != string(want) {
				t.Errorf("%T by hand:\n %s (%v)\nencoding/json:\n %s", a, got, err, want)
			}
		}
	})
}
