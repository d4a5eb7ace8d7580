package api

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/testkit"
	"github.com/solitario/solitario/position"
	"github.com/solitario/solitario/solution"
)

// engineRequests are requests of every entry point and game, a large
// search first (its table grows far past the first size), then small
// ones, a bad request and the large one again.
func engineRequests(t *testing.T) [][2]string {
	var reqs [][2]string
	add := func(entry, req string) { reqs = append(reqs, [2]string{entry, req}) }
	add("solve", `{"game":"ventaglio","seed":1}`)
	for _, g := range []string{"reloj", "sietes", "ventaglio", "orologio", "orologio52"} {
		for seed := 2; seed <= 6; seed++ {
			add("solve", fmt.Sprintf(`{"game":%q,"seed":%d,"max_nodes":300000}`, g, seed))
		}
		add("deal", fmt.Sprintf(`{"game":%q,"seed":7}`, g))
		add("hint", fmt.Sprintf(`{"game":%q,"seed":8,"max_nodes":300000}`, g))
		add("position", fmt.Sprintf(`{"game":%q,"seed":9}`, g))
	}
	sol, err := Call(context.Background(), "solve", []byte(`{"game":"reloj","seed":1}`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	add("review", string(sol))
	add("hint", `{"game":"reloj","seed":1,"moves":[{"from":"stock","to":"waste","card":"CE"}]}`)
	add("solve", `{"game":"nope","seed":1}`)
	add("cards", `{"game":"sietes"}`)
	add("games", ``)
	add("solve", `{"game":"ventaglio","seed":1}`)
	return reqs
}

// TestEngineAnswersAsFresh: requests in a row on one Engine answer exactly
// as each on a fresh one (package Call): the table reused from request to
// request holds nothing of the last, so node counts do not change.
func TestEngineAnswersAsFresh(t *testing.T) {
	reqs := engineRequests(t)
	e := NewEngine()
	for _, r := range reqs {
		want, werr := Call(context.Background(), r[0], []byte(r[1]), Options{})
		got, gerr := e.Call(context.Background(), r[0], []byte(r[1]), Options{})
		if fmt.Sprint(werr) != fmt.Sprint(gerr) {
			t.Fatalf("%s %s: engine error %v, fresh %v", r[0], r[1], gerr, werr)
		}
		if werr == nil && !testkit.SameJSON(t, string(got), string(want)) {
			t.Errorf("%s %.100s:\n engine %.400s\n fresh  %.400s", r[0], r[1], got, want)
		}
	}
}

// TestEngineConcurrent: two callers at once on one Engine each get the
// fresh answers (each search has a workspace of its own).
func TestEngineConcurrent(t *testing.T) {
	reqs := engineRequests(t)
	want := make([][]byte, len(reqs))
	for i, r := range reqs {
		want[i], _ = Call(context.Background(), r[0], []byte(r[1]), Options{})
	}
	e := NewEngine()
	var wg sync.WaitGroup
	for k := 0; k < 2; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range reqs {
				i = (i + k*len(reqs)/2) % len(reqs) // the two start apart
				got, err := e.Call(context.Background(), reqs[i][0], []byte(reqs[i][1]), Options{})
				if (err == nil) != (want[i] != nil) || err == nil && !testkit.SameJSON(t, string(got), string(want[i])) {
					t.Errorf("%s %.100s: engine %.300s (%v), fresh %.300s", reqs[i][0], reqs[i][1], got, err, want[i])
				}
			}
		}()
	}
	wg.Wait()
}

// TestLoadAsReadGame: load, on a request decoded once, reads the game as
// position.ReadGame reads the request's object (what load did before):
// the same game, deal, rules and moves, or the same error.
func TestLoadAsReadGame(t *testing.T) {
	long := strings.Repeat(`{"from":"stock","to":"waste","card":"CE"},`, 99) + `{"from":"stock","to":"waste","card":"CE"}`
	e := NewEngine()
	for _, req := range []string{
		`{"game":"reloj","seed":1}`,
		`{"game":"reloj","seed":1,"moves":[]}`,
		`{"game":"reloj","seed":1,"moves":[{"from":"stock","to":"waste","card":"ce"}]}`,
		`{"game":"reloj","seed":1,"moves":[` + long + `]}`,
		`{"game":"reloj","seed":"18446744073709551615","rules":{"passes":2}}`,
		`{"game":"reloj","seed":1,"rules":{"play":"sideways"}}`,
		`{"game":"sietes","rules":{"play":"forced"},"deal":["1O"]}`,
		`{"game":"sietes","seed":2,"deal":["1O"]}`,
		`{"game":"ventaglio","seed":3,"rules":{"provisional_wrap":true}}`,
		`{"game":"orologio","seed":4,"rules":{}}`,
		`{"game":"nope","seed":4}`,
		`{"game":"reloj"}`,
	} {
		r, err := ParseRequest([]byte(req))
		if err != nil {
			t.Fatalf("%.80s: %v", req, err)
		}
		got, gerr := e.load(r)
		want, werr := loadByText(r)
		if fmt.Sprint(gerr) != fmt.Sprint(werr) || !sameTarget(got, want) {
			t.Errorf("%.80s:\n load %s, %v\n text %s, %v", req, targetText(got), gerr, targetText(want), werr)
		}
	}
	r := Request{Game: "reloj", Seed: new(uint64), Rules: &solution.Rules{Play: "free", Passes: 3}}
	got, gerr := e.load(r)
	want, werr := loadByText(r)
	if gerr != nil || werr != nil || !sameTarget(got, want) || got.rules.Passes != 3 {
		t.Errorf("rules from Go: load %s, %v; text %s, %v", targetText(got), gerr, targetText(want), werr)
	}
}

// sameTarget: the same game, deal, seed, rules and moves (an entry's
// functions compare only by name).
func sameTarget(a, b target) bool {
	return targetText(a) == targetText(b) && reflect.DeepEqual(a.deal, b.deal) && reflect.DeepEqual(a.moves, b.moves)
}

func targetText(t target) string {
	seed := "none"
	if t.seed != nil {
		seed = fmt.Sprint(*t.seed)
	}
	return fmt.Sprintf("%s seed %s rules %+v, %d cards, %d moves (nil %v)", t.game.Name, seed, t.rules, len(t.deal), len(t.moves), t.moves == nil)
}

// loadByText is load through the request's object as text, read by
// position.ReadGame.
func loadByText(r Request) (target, error) {
	obj := struct {
		Game  string          `json:"game"`
		Seed  *uint64         `json:"seed,omitempty"`
		Deal  []string        `json:"deal,omitempty"`
		Rules json.RawMessage `json:"rules,omitempty"`
		Moves []solution.Move `json:"moves"`
	}{Game: r.Game, Seed: r.Seed, Deal: r.Deal, Rules: r.rawRules, Moves: r.Moves}
	if obj.Rules == nil && r.Rules != nil {
		obj.Rules, _ = json.Marshal(r.Rules)
	}
	if obj.Moves == nil {
		obj.Moves = []solution.Move{}
	}
	data, _ := json.Marshal(obj)
	g, err := position.ReadGame(data, position.Known{}, games.Lookup)
	if err != nil {
		return target{}, err
	}
	t := target{game: g.Entry, deal: g.Deal, seed: g.Seed, rules: g.Rules, moves: g.Moves}
	if r.Moves == nil {
		t.moves = nil
	}
	return t, nil
}

// BenchmarkCall times single requests, each on a fresh Engine (Call) and
// on one Engine kept across them: the per-request cost (deal) and small
// searches. Natively, or as WebAssembly under node:
//
//	PATH=$PATH:$(go env GOROOT)/lib/wasm GOOS=js GOARCH=wasm go test ./api -run X -bench Call
func BenchmarkCall(b *testing.B) {
	for _, c := range []struct {
		entry, game string
		seed        int
	}{
		{"deal", "reloj", 5}, {"solve", "sietes", 5}, {"solve", "reloj", 5}, {"solve", "ventaglio", 3}, {"solve", "ventaglio", 1},
	} {
		req := []byte(fmt.Sprintf(`{"game":%q,"seed":%d}`, c.game, c.seed))
		e := NewEngine()
		for _, kept := range []bool{false, true} {
			name := fmt.Sprintf("%s-%s-%d-fresh", c.entry, c.game, c.seed)
			call := Call
			if kept {
				name, call = name[:len(name)-len("fresh")]+"engine", e.Call
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if _, err := call(context.Background(), c.entry, req, Options{}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkSeeds solves seeds 1..n of each game in turn on one Engine, as
// the board's worker and wasmspeed's native side do: ns/op is a deal's
// mean.
func BenchmarkSeeds(b *testing.B) {
	for _, c := range []struct {
		game string
		n    int
	}{{"reloj", 200}, {"sietes", 200}, {"ventaglio", 30}} {
		e := NewEngine()
		b.Run(c.game, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				req := fmt.Sprintf(`{"game":%q,"seed":%d}`, c.game, 1+i%c.n)
				if _, err := e.Call(context.Background(), "solve", []byte(req), Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// plainCases are requests the plain reading takes and texts it must leave
// to encoding/json (its values, or its errors).
var plainCases = []string{
	`{"game":"reloj","seed":5}`, ` { "seed" : 18446744073709551615 ,	"game":"sietes" ,"max_nodes":0,"timeout_ms":250}` + "\n",
	`{}`, `{"game":""}`, `{"max_nodes":9223372036854775807}`, `{"timeout_ms":4611686018427}`,
	// Left to encoding/json: its values, or its errors.
	`{"max_nodes":9223372036854775808}`, `{"timeout_ms":4611686018428}`, `{"seed":18446744073709551616}`,
	`{"seed":05}`, `{"seed":-1}`, `{"seed":1.5}`, `{"seed":1e3}`, `{"seed":"7"}`, `{"seed":null}`,
	`{"game":"reloj","game":"sietes"}`, `{"Game":"reloj"}`, `{"game":"rel\u006fj"}`, `{"game":"é"}`, `{"game":5}`,
	`{"game":"reloj",}`, `{"game":"reloj"} x`, `{"game":"reloj"`, `{"game":"reloj","deal":["1O"]}`, `{"":1}`,
	"\ufeff{\"game\":\"reloj\"}", `[]`, ``, `{"game":"reloj","rules":{"passes":2}}`, `{"seed":1,"moves":[]}`,
	// The board's requests.
	`{"game":"ventaglio","rules":{"play":"free","passes":3,"provisional_wrap":false,"empty_provisional":"any"},"moves":[],"seed":1,"max_nodes":5000000,"timeout_ms":20000}`,
	`{"game":"reloj","rules":{},"moves":[{"from":"pile:K","to":"pile:5","card":"5O"},{"from":"stock","to":"waste"}],"deal":["1O","2O"]}`,
	`{"deal":[],"moves":[{"to":"b","from":"a","card":""}],"rules":{"provisional_wrap":true}}`,
	// Left to encoding/json.
	`{"rules":{"passes":01}}`, `{"rules":{"passes":-1}}`, `{"rules":{"passes":99999999999999999999}}`, `{"rules":{"play":"a","play":"b"}}`,
	`{"rules":{"provisional_wrap":null}}`, `{"rules":{"wrap":true}}`, `{"rules":{ "play":"free"}}`, `{"rules":{"play":"\u0066"}}`,
	`{"rules":{"play":"free",}}`, `{"rules":{"play":"free"}`, `{"rules":null}`, `{"rules":[]}`, `{"rules":{"play":"free"}x}`,
	`{"moves":[{"from":"a"}]}`, `{"moves":[{"from":"a","to":"b","to":"c"}]}`, `{"moves":[null]}`, `{"moves":[{"from":"a","to":"b","x":"c"}]}`,
	`{"moves":[{"from":"a","to":5}]}`, `{"moves":[{"from":"a","to":"b"},]}`, `{"moves":[{"from":"a","to":"b"}`, `{"moves":[ ]}`, `{"moves":{}}`,
	`{"deal":["1O",]}`, `{"deal":["1O" ]}`, `{"deal":[1]}`, `{"deal":["é"]}`, `{"deal":null}`, `{"deal":["1O"],"deal":[]}`,
}

// samePlainReading fails when ParseRequest's reading of req differs from
// encoding/json's (parseJSON): value or error text.
func samePlainReading(t *testing.T, req []byte) {
	got, gerr := ParseRequest(req)
	want, werr := parseJSON(req)
	if fmt.Sprint(gerr) != fmt.Sprint(werr) || !reflect.DeepEqual(got, want) {
		t.Errorf("%q: plain %+v, %v; encoding/json %+v, %v", req, got, gerr, want, werr)
	}
}

// TestParsePlain: ParseRequest's plain reading gives what encoding/json's
// gives, and leaves to it every text it cannot read the same way.
func TestParsePlain(t *testing.T) {
	for _, req := range plainCases {
		samePlainReading(t, []byte(req))
	}
	board := []string{`{"game":"reloj","seed":5,"max_nodes":100}`}
	for _, req := range plainCases {
		if strings.Contains(req, `"rules":{`) && strings.Contains(req, `"moves":[`) && strings.Contains(req, `"game"`) {
			board = append(board, req)
		}
	}
	for _, req := range board {
		if _, ok := parsePlain([]byte(req)); !ok {
			t.Errorf("%s, a request the board asks, is not read plainly", req)
		}
	}
}

// FuzzParseRequest: on any text, the plain reading and encoding/json's
// agree (go test -fuzz FuzzParseRequest ./api; the default run tries the
// cases above).
func FuzzParseRequest(f *testing.F) {
	for _, req := range plainCases {
		f.Add([]byte(req))
	}
	f.Fuzz(samePlainReading)
}
