package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/verify"
)

func seedReq(game string, seed uint64) Request { return Request{Game: game, Seed: &seed} }

// TestBadRequests: each bad request is one line saying what and where, in
// the CLI's words, and no answer.
func TestBadRequests(t *testing.T) {
	for _, c := range []struct{ entry, request, want string }{
		{"solve", `[1]`, "invalid request: a request is a JSON object"},
		{"solve", `{"game":"reloj","seed":1`, "invalid request JSON: the object ends early, after 24 bytes (a text cut short?)"},
		{"solve", `{"game":"reloj","seed":1} x`, "invalid request JSON: more after the first object at byte offset 26 (give one request and nothing after it)"},
		{"solve", `{"game":"reloj","seed":1,"frm":2}`, `unknown field "frm"`},
		{"solve", `{"game":"reloj","seed":1,"max_nodes":"many"}`, `"max_nodes" must be`},
		{"solve", `{"game":"reloj","seed":1,"max_nodes":-1}`, `"max_nodes" -1: must be 0 (no limit) or more`},
		{"solve", `{"game":"reloj","seed":1,"timeout_ms":-5}`, `"timeout_ms" -5: must be 0 (none) or more`},
		{"solve", `{"game":"reloj","seed":"x1"}`, `"seed" "x1": not a seed`},
		{"solve", `{"game":"reloj","seed":-1}`, `"seed" -1: not a seed`},
		{"solve", `{"game":"reloj","seed":1,"moves":[null]}`, `moves[0] (move 1) is null`},
		{"solve", `{"seed":1}`, `give a game: "game"`},
		{"solve", `{"game":"chess","seed":1}`, `unknown game "chess"`},
		{"solve", `{"game":"reloj"}`, `no "seed" or "deal"`},
		{"solve", `{"game":"reloj","deal":["1O","1O"]}`, `duplicate`},
		{"solve", `{"game":"reloj","seed":1,"rules":{"play":"sometimes"}}`, `"rules.play"`},
		{"solve", `{"game":"reloj","seed":1,"moves":[{"from":"waste","to":"pile:3","card":"3O"}]}`, "move 1 (waste -> pile:3 3O)"},
		{"position", `{"game":"reloj","seed":1,"moves":[{"from":"stock","to":"waste","card":"CE"},{"from":"stock","to":"waste","card":"CE"}]}`, "move 2 "},
		{"verify", `{"game":"reloj","seed":1,"moves":[{"from":"nowhere","to":"waste","card":"CE"}]}`, "move 1 "},
		{"nothing", `{}`, `unknown entry point "nothing"`},
	} {
		answer, err := Call(context.Background(), c.entry, []byte(c.request), Options{})
		if err == nil || answer != nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s %s: %s, %v; want one line with %q", c.entry, c.request, answer, err, c.want)
		}
	}
}

// TestSeedBeyondFloat: a seed past 2^53 given as a decimal string (or as a
// number: read from the text, not as a float) deals its own deal.
func TestSeedBeyondFloat(t *testing.T) {
	for _, req := range []string{`{"game":"reloj","seed":"18446744073709551615"}`, `{"game":"reloj","seed":18446744073709551615}`} {
		answer, err := Call(context.Background(), "deal", []byte(req), Options{})
		if err != nil || !strings.Contains(string(answer), `"seed":18446744073709551615`) {
			t.Errorf("%s: %s, %v", req, answer, err)
		}
	}
}

// TestSeedString: a request's seed may be a decimal string (documented:
// JavaScript's numbers are exact to 2^53 only, and solitario.js writes a
// BigInt so), the same deal as the number; any other string is refused in
// one line naming "seed", in the words of the CLI's --seed.
func TestSeedString(t *testing.T) {
	for _, c := range []struct{ str, num string }{{`"1"`, `1`}, {`"007"`, `7`}} {
		a, err := Call(context.Background(), "deal", []byte(`{"game":"reloj","seed":`+c.str+`}`), Options{})
		b, _ := Call(context.Background(), "deal", []byte(`{"game":"reloj","seed":`+c.num+`}`), Options{})
		if err != nil || string(a) != string(b) {
			t.Errorf("seed %s: %s, %v; want seed %s's deal %s", c.str, a, err, c.num, b)
		}
	}
	for _, seed := range []string{`"abc"`, `"1.5"`, `"-1"`, `""`, `" 1"`, `"1e3"`, `"18446744073709551616"`} {
		want := `"seed" ` + seed + `: not a seed: want a decimal number from 0 to 18446744073709551615`
		a, err := Call(context.Background(), "solve", []byte(`{"game":"reloj","seed":`+seed+`}`), Options{})
		if err == nil || err.Error() != want {
			t.Errorf("seed %s: %s, %v; want %q", seed, a, err, want)
		}
	}
}

// TestSolveAfterLostNoObject: solve with moves into a lost position is no
// solution object (as solve --after --json), but hint answers it.
func TestSolveAfterLostNoObject(t *testing.T) {
	// orologio seed 1's play-out: the clock has no choices; a lost deal
	// stays lost after its first move.
	r := seedReq("orologio", 2)
	sol, err := Solve(context.Background(), r, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if sol.Result == "winnable" {
		t.Skip("orologio seed 2 is won; the test wants a lost deal")
	}
	p, err := Position(r)
	if err != nil || len(p.Legal) != 1 {
		t.Fatalf("position: %+v, %v; want the one move of the play-out", p.Legal, err)
	}
	r.Moves = []solution.Move{p.Legal[0].Move}
	_, err = Solve(context.Background(), r, Options{})
	var no *NoObjectError
	if !errors.As(err, &no) || no.After != 1 {
		t.Errorf("solve after 1 move of a lost clock: %v; want a NoObjectError", err)
	}
	h, err := Hint(context.Background(), r, Options{})
	if err != nil || h.Result != "unwinnable" || h.After != 1 {
		t.Errorf("hint: %+v, %v; want unwinnable after 1", h, err)
	}
}

// TestLegalMovesAreTheReferees: along a winning line of every game, the
// line's next move is among the position's legal moves, every legal move
// replays through the referee, and the won end has none.
func TestLegalMovesAreTheReferees(t *testing.T) {
	for _, g := range games.All() {
		for seed := uint64(1); seed <= 8; seed++ {
			r := seedReq(g.Name, seed)
			sol, err := Solve(context.Background(), r, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if sol.Result != "winnable" {
				continue
			}
			step := max(1, len(sol.Moves)/12)
			for k := 0; k <= len(sol.Moves); k += step {
				r.Moves = sol.Moves[:k]
				p, err := Position(r)
				if err != nil {
					t.Fatalf("%s seed %d after %d: %v", g.Name, seed, k, err)
				}
				if k == len(sol.Moves) {
					if !p.Won || len(p.Legal) != 0 {
						t.Errorf("%s seed %d: the end: won %v, legal %v", g.Name, seed, p.Won, p.Legal)
					}
					continue
				}
				found := false
				for i, l := range p.Legal {
					for _, o := range p.Legal[:i] {
						if o.Move == l.Move {
							t.Errorf("%s seed %d after %d: %v listed twice", g.Name, seed, k, l.Move)
						}
					}
					found = found || l.Move == sol.Moves[k]
					err := g.Verify(g.SeedDeal(seed), g.Defaults.JSON(), append(sol.Moves[:k:k], l.Move))
					var nw *verify.NotWonError
					if err != nil && !errors.As(err, &nw) || l.Text == "" {
						t.Errorf("%s seed %d after %d: legal %v (%q): %v", g.Name, seed, k, l.Move, l.Text, err)
					}
				}
				if !found {
					t.Errorf("%s seed %d after %d: the line's move %v is not among %v", g.Name, seed, k, sol.Moves[k], p.Legal)
				}
			}
			break // one won seed a game
		}
	}
}

// TestVerifyAndReview: verify judges a whole line won, a half line short,
// a line with a wrong card illegal at its number; review of the whole line
// stays winnable.
func TestVerifyAndReview(t *testing.T) {
	r := seedReq("reloj", 1)
	sol, _ := Solve(context.Background(), r, Options{})
	r.Moves = sol.Moves
	v, err := Verify(r)
	if err != nil || !v.Won || v.Moves != len(sol.Moves) {
		t.Errorf("whole line: %+v, %v", v, err)
	}
	rv, err := Review(context.Background(), r, Options{})
	if err != nil || rv.Kind != "stayed-winnable" || rv.Moves != len(sol.Moves) {
		t.Errorf("review: %+v, %v", rv, err)
	}
	r.Moves = sol.Moves[:10]
	if v, err := Verify(r); err != nil || v.Won || v.Illegal != nil || v.End == "" {
		t.Errorf("half line: %+v, %v", v, err)
	}
	bad := append([]solution.Move(nil), sol.Moves[:5]...)
	bad[4].Card = "1O"
	r.Moves = bad
	if v, err := Verify(r); err != nil || v.Illegal == nil || v.Illegal.N != 5 {
		t.Errorf("wrong card at move 5: %+v, %v", v, err)
	}
}

// TestCheckDeal: the deal-file checks token by token, then the whole.
func TestCheckDeal(t *testing.T) {
	c, err := CheckDeal(Request{Game: "reloj", Deal: []string{"1O", "ZZ", "1O", "2O"}})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(c.Problems)
	if len(c.Problems) != 3 || c.Problems[0].Index != 2 || c.Problems[1].Index != 3 || c.Problems[2].Index != 0 || c.Complete ||
		!strings.Contains(c.Problems[1].Message, "duplicate") || !strings.Contains(c.Problems[2].Message, "missing") {
		t.Errorf("problems %s; want the unknown token 2, the duplicate 3, then the missing cards", got)
	}
	// A refused token keeps its place: the duplicate names token 2, the
	// first 1O, not its place among the tokens taken.
	c, err = CheckDeal(Request{Game: "reloj", Deal: []string{"ZZ", "1O", "1O"}})
	if err != nil || len(c.Problems) != 3 || c.Problems[1].Index != 3 || c.Problems[1].Message != "token 3: duplicate card: 1O is already token 2" {
		t.Errorf("ZZ 1O 1O: %+v, %v; want token 3 a duplicate of token 2", c.Problems, err)
	}
	// The tokens as the engine reads them: a number form is its canonical
	// card (11C is CC), a duplicate too; a token that is no card is "".
	c, err = CheckDeal(Request{Game: "reloj", Deal: []string{"11c", "CC", "10O", "ZZ", "ks", "12b"}})
	if want := []string{"CC", "CC", "SO", "", "", "RB"}; err != nil || !reflect.DeepEqual(c.Cards, want) ||
		len(c.Problems) != 4 || c.Problems[0].Index != 2 || !strings.Contains(c.Problems[0].Message, "duplicate card: CC is already token 1") {
		t.Errorf("11c CC 10O ZZ ks 12b: cards %q, problems %+v, %v; want cards %q, token 2 a duplicate of token 1", c.Cards, c.Problems, err, want)
	}
	g, _ := games.Lookup("reloj")
	c, err = CheckDeal(Request{Game: "reloj", Deal: g.Deck.TokenList(g.SeedDeal(1))})
	if err != nil || !c.Complete || len(c.Problems) != 0 || c.Count != 40 || c.Size != 40 {
		t.Errorf("a whole deal: %+v, %v", c, err)
	}
	cards, err := Cards(Request{Game: "ventaglio"})
	if err != nil || len(cards.Cards) != 52 || cards.Copies != 2 || cards.Size != 104 || cards.Cards[0] != "AS" {
		t.Errorf("ventaglio's cards: %+v, %v", cards, err)
	}
}

// TestProgressAndCancel: a long search reports progress, and a cancelled
// context ends it with the reason "stopped".
func TestProgressAndCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	o := Options{ProgressEvery: 1 << 12, Progress: func(nodes int64, _ time.Duration) {
		if calls++; calls == 3 {
			cancel()
		}
	}}
	r := seedReq("ventaglio", 1)
	r.Rules = &solution.Rules{Play: "forced", Passes: 1}
	sol, err := Solve(ctx, r, o)
	if err != nil || sol.Result != "unknown" || sol.Reason != "stopped" || calls < 3 {
		t.Errorf("%s %s after %d progress calls, %v; want unknown (stopped)", sol.Result, sol.Reason, calls, err)
	}
}

// TestSolveAnswerIsARequest: the object solve answers (a solution, with its
// difficulty where the game grades one) is a request that verify, hint,
// review and solve take back, as the CLI's --solution takes solve --json's
// file: the board and a web game hand it on as it came.
func TestSolveAnswerIsARequest(t *testing.T) {
	ctx := context.Background()
	for _, game := range []string{"reloj", "sietes", "ventaglio", "orologio", "orologio52"} {
		var answer []byte
		for seed := 1; seed <= 60 && answer == nil; seed++ {
			a, err := Call(ctx, "solve", []byte(fmt.Sprintf(`{"game":%q,"seed":%d}`, game, seed)), Options{})
			if err != nil {
				t.Fatalf("%s seed %d: %v", game, seed, err)
			}
			if strings.Contains(string(a), `"result":"winnable"`) {
				answer = a
			}
		}
		if answer == nil {
			t.Fatalf("%s: no winnable deal in seeds 1..60", game)
		}
		graded := strings.Contains(string(answer), `"difficulty":`)
		if want := game != "orologio" && game != "orologio52"; graded != want {
			t.Errorf("%s: difficulty in the answer %v, want %v", game, graded, want)
		}
		for _, entry := range []string{"verify", "hint", "review", "solve"} {
			if _, err := Call(ctx, entry, answer, Options{}); err != nil {
				t.Errorf("%s: %s of solve's answer: %v", game, entry, err)
			}
		}
	}
}
