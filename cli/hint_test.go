package cli

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/solitario/solitario/api"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/wins"
	"github.com/solitario/solitario/solution"
)

// TestHintEveryGame: from the middle of a real line of every game, hint
// answers winnable with the next move, and its line appended to the moves
// played passes verify.
func TestHintEveryGame(t *testing.T) {
	for _, g := range games.All() {
		t.Run(g.Name, func(t *testing.T) {
			code, sol, errOut := runOut("solve", "--game", g.Name, "--seed", fmt.Sprint(wins.Seeds[g.Name]), "--json")
			if code != ExitOK {
				t.Fatalf("solve: %d %s", code, errOut)
			}
			var s solution.Solution
			if err := json.Unmarshal([]byte(sol), &s); err != nil {
				t.Fatal(err)
			}
			k := len(s.Moves) / 2
			code, out, errOut := runIn(sol, "hint", "--solution", "-", "--moves", fmt.Sprint(k), "--json")
			if code != ExitOK || errOut != "" {
				t.Fatalf("hint: exit %d %s", code, errOut)
			}
			var h api.HintAnswer
			if err := json.Unmarshal([]byte(out), &h); err != nil {
				t.Fatal(err)
			}
			if h.Result != "winnable" || h.After != k || h.Next == nil || *h.Next != h.Moves[0] || h.Text == "" {
				t.Fatalf("hint: %+v", h)
			}
			s.Moves = append(s.Moves[:k:k], h.Moves...)
			if code, out, errOut := runIn(mustJSON(t, s), "verify", "--solution", "-"); code != ExitOK {
				t.Fatalf("verify of the prefix and the hint's line: exit %d %s %s", code, out, errOut)
			}
			code, text, _ := runIn(sol, "hint", "--solution", "-", "--moves", fmt.Sprint(k))
			want := fmt.Sprintf("next: %d. %s\n", k+1, h.Text)
			if code != ExitOK || !strings.HasSuffix(text, want) {
				t.Errorf("hint text: %q, want it to end %q", text, want)
			}
		})
	}
}

// drawsOnlyReloj is reloj seed 1 in free play with every card drawn to the
// waste, both passes: a legal line that loses.
func drawsOnlyReloj(t *testing.T) solution.Solution {
	t.Helper()
	g, _ := games.Lookup("reloj")
	seed := uint64(1)
	deal := g.SeedDeal(seed)
	s := solution.Solution{Game: "reloj", Rules: solution.Rules{Play: "free", Passes: 2}, Seed: &seed, Deal: g.Deck.TokenList(deal), Result: "unknown"}
	for pass := range 2 {
		for _, c := range deal[1:] {
			s.Moves = append(s.Moves, solution.Move{From: "stock", To: "waste", Card: g.Deck.Token(c)})
		}
		if pass == 0 {
			s.Moves = append(s.Moves, solution.Move{From: "waste", To: "stock"})
		}
	}
	return s
}

// TestReviewCommand: a lost line names its first losing move (the move
// after which hint says unwinnable, and before which winnable); a winning
// line stays winnable; an unknown solve is exit 4, not a verdict.
func TestReviewCommand(t *testing.T) {
	s := drawsOnlyReloj(t)
	in := mustJSON(t, s)
	code, out, errOut := runIn(in, "review", "--solution", "-", "--json")
	if code != ExitOK {
		t.Fatalf("review: exit %d %s", code, errOut)
	}
	var rv api.ReviewAnswer
	if err := json.Unmarshal([]byte(out), &rv); err != nil {
		t.Fatal(err)
	}
	if rv.Kind != "lost-at" || rv.Moves != 79 || rv.Losing == nil || *rv.Losing != s.Moves[rv.Move-1] {
		t.Fatalf("review: %s", out)
	}
	if code, _, _ := runIn(in, "hint", "--solution", "-", "--moves", fmt.Sprint(rv.Move-1)); code != ExitOK {
		t.Errorf("hint after %d moves: exit %d, want winnable", rv.Move-1, code)
	}
	if code, _, _ := runIn(in, "hint", "--solution", "-", "--moves", fmt.Sprint(rv.Move)); code != ExitUnwinnable {
		t.Errorf("hint after %d moves: exit %d, want unwinnable", rv.Move, code)
	}
	code, text, _ := runIn(in, "review", "--solution", "-")
	m := s.Moves[rv.Move-1]
	want := fmt.Sprintf("reloj seed 1 (play free, passes 2), 79 moves: lost at move %d, stock %s -> waste (winnable after %d moves, not after %d)\nsolves: after 79 moves unwinnable; after 0 moves winnable; ", rv.Move, m.Card, rv.Move-1, rv.Move)
	if code != ExitOK || !strings.HasPrefix(text, want) {
		t.Errorf("review text %q, want %q…", text, want)
	}
	if code, text, _ := runIn(in, "review", "--solution", "-", "--max-nodes", "2"); code != ExitUnknown || !strings.Contains(text, "unknown") {
		t.Errorf("review under 2 nodes: exit %d %q", code, text)
	}
	if code, text, _ := runIn(relojSeed1(t), "review", "--solution", "-"); code != ExitOK || !strings.Contains(text, "62 moves: winnable to the end: the line wins\nsolves: none needed\n") {
		t.Errorf("review of a win: exit %d %q", code, text)
	}
}

// TestReviewUnknownStart: when the start is undecided the answer does not
// claim a losing move exists (the deal may never have been winnable): it
// says so, with the bound that a later probe decided, exit 4; --json has no
// from, and to is that bound.
func TestReviewUnknownStart(t *testing.T) {
	in := mustJSON(t, drawsOnlyReloj(t))
	code, text, _ := runIn(in, "review", "--solution", "-", "--max-nodes", "50")
	want := "reloj seed 1 (play free, passes 2), 79 moves: unknown: whether the deal could be won at all is undecided (after 0 moves), so whether any move lost it is unknown; not winnable after 39 moves, so if the deal ever was, the first losing move is one of moves 1..39 (a solve was stopped by a limit)\nsolves: after 79 moves unwinnable; after 0 moves unknown (max-nodes); after 39 moves unwinnable; "
	if code != ExitUnknown || !strings.HasPrefix(text, want) {
		t.Errorf("review under 50 nodes: exit %d\n%s\nwant %d\n%s…", code, text, ExitUnknown, want)
	}
	code, out, _ := runIn(in, "review", "--solution", "-", "--max-nodes", "50", "--json")
	var keys map[string]any
	if err := json.Unmarshal([]byte(out), &keys); err != nil || code != ExitUnknown {
		t.Fatalf("review --json: exit %d, %v", code, err)
	}
	if _, ok := keys["from"]; ok || keys["to"] != 39.0 || keys["result"] != "unknown" {
		t.Errorf("review --json: from %v, to %v, result %v; want no from, to 39, unknown", keys["from"], keys["to"], keys["result"])
	}
}

// TestHintJSONKeys: hint --json leaves out a key that does not apply, as
// README and --help say: won only for a won game, reason only with one
// (unknown, or a why for a position lost where it stands), next,
// next_text and moves only with a next move.
func TestHintJSONKeys(t *testing.T) {
	lost := mustJSON(t, drawsOnlyReloj(t))
	for _, c := range []struct {
		name string
		in   string
		args []string
		keys string
	}{
		{"won", relojSeed1(t), nil, "after game result seed stats won"},
		{"winnable", relojSeed1(t), []string{"--moves", "30"}, "after game moves next next_text result seed stats"},
		// Lost where it stands (no move left): its why is the reason.
		{"unwinnable where it stands", lost, nil, "after game reason result seed stats"},
		{"unwinnable", lost, []string{"--moves", "45"}, "after game result seed stats"},
		{"unknown", lost, []string{"--moves", "0", "--max-nodes", "2"}, "after game reason result seed stats"},
	} {
		_, out, errOut := runIn(c.in, append([]string{"hint", "--solution", "-", "--json"}, c.args...)...)
		var m map[string]any
		if err := json.Unmarshal([]byte(out), &m); err != nil {
			t.Fatalf("%s: %v %s", c.name, err, errOut)
		}
		if got := strings.Join(slices.Sorted(maps.Keys(m)), " "); got != c.keys {
			t.Errorf("%s: keys %s, want %s", c.name, got, c.keys)
		}
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, help, _ := runIn("", "hint", "--help")
	for _, doc := range []string{string(readme), help} {
		doc = strings.Join(strings.Fields(doc), " ")
		for _, want := range []string{"only when the game is won already", "only when there is one: the limit for", "only when there is a next move", "A key that does not apply is left out"} {
			if !strings.Contains(doc, want) {
				t.Errorf("hint's docs lack %q", want)
			}
		}
	}
}

// TestHintReviewBadInput: one line, exit 2, nothing printed.
func TestHintReviewBadInput(t *testing.T) {
	s := drawsOnlyReloj(t)
	s.Moves[4].Card = "RB"
	if s.Moves[4].Card == drawsOnlyReloj(t).Moves[4].Card {
		s.Moves[4].Card = "RO"
	}
	bad := mustJSON(t, s)
	good := mustJSON(t, drawsOnlyReloj(t))
	for _, c := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{"", []string{"hint"}, "give the game so far: --solution FILE, or - for standard input"},
		{"", []string{"review"}, "give the played game: --solution FILE, or - for standard input"},
		{good, []string{"hint", "--solution", "-", "--moves", "80"}, "--moves 80: the line has 79 moves"},
		{good, []string{"hint", "--solution", "-", "--moves", "-3"}, "--moves -3: must be 0 or more"},
		{bad, []string{"hint", "--solution", "-"}, "solitario: hint: stdin: move 5 (stock -> waste "},
		{bad, []string{"review", "--solution", "-"}, "solitario: review: stdin: move 5 (stock -> waste "},
		{good, []string{"hint", "--solution", "-", "--max-nodes", "-1"}, "--max-nodes -1"},
	} {
		code, out, errOut := runIn(c.stdin, c.args...)
		if code != ExitError || out != "" || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
}

// TestHintJSONDocumented: hint --help names every key of hint --json's
// object, and says it is no solution object and what to run for one: a
// user piping it to verify learns why verify refuses it.
func TestHintJSONDocumented(t *testing.T) {
	code, sol, _ := runOut("solve", "--game", "reloj", "--seed", "1", "--json")
	if code != ExitOK {
		t.Fatal("solve reloj 1")
	}
	code, out, errOut := runIn(sol, "hint", "--solution", "-", "--moves", "30", "--json")
	if code != ExitOK {
		t.Fatalf("hint: exit %d %s", code, errOut)
	}
	var h map[string]any
	if err := json.Unmarshal([]byte(out), &h); err != nil {
		t.Fatal(err)
	}
	_, help, _ := runOut("hint", "--help")
	help = strings.Join(strings.Fields(help), " ")
	for _, want := range []string{"It is no solution object: for the whole line, which verify replays, run 'solitario solve --game G --seed N --after FILE --moves K --json'"} {
		if !strings.Contains(help, want) {
			t.Errorf("hint --help lacks %q", want)
		}
	}
	for k := range h {
		if !regexp.MustCompile(`(^|[ (])` + k + `[ ,.)]`).MatchString(help) {
			t.Errorf("hint --help does not name the key %q", k)
		}
	}
	if code, _, errOut := runIn(out, "verify", "--solution", "-"); code != ExitError || !strings.Contains(errOut, "this is a hint object (hint --json)") {
		t.Errorf("verify of hint --json: exit %d, %s", code, errOut)
	}
}

// TestHintJSONWon: hint --json on a finished game says it is won, as the
// text does ("won already"), with no next move; hint --help names the key.
func TestHintJSONWon(t *testing.T) {
	_, sol, _ := runOut("solve", "--game", "reloj", "--seed", "1", "--json")
	code, out, errOut := runIn(sol, "hint", "--solution", "-", "--json")
	var h map[string]any
	if code != ExitOK || json.Unmarshal([]byte(out), &h) != nil || h["won"] != true || h["next"] != nil || h["result"] != "winnable" {
		t.Errorf("a won game: exit %d, %s %s", code, out, errOut)
	}
	code, out, _ = runIn(sol, "hint", "--solution", "-", "--moves", "30", "--json")
	if code != ExitOK || strings.Contains(out, `"won"`) {
		t.Errorf("a game in progress: exit %d, %s", code, out)
	}
	if code, help, _ := runOut("hint", "--help"); code != ExitOK || !strings.Contains(strings.Join(strings.Fields(help), " "), "won (only when the game is won already, true: there is no next move)") {
		t.Errorf("hint --help names no key won")
	}
}

// TestReviewJSONNoProbes: a won line needs no solve; review --json lists
// its solves as an empty list, not null.
func TestReviewJSONNoProbes(t *testing.T) {
	_, sol, _ := runOut("solve", "--game", "reloj", "--seed", "1", "--json")
	code, out, errOut := runIn(sol, "review", "--solution", "-", "--json")
	if code != ExitOK || !strings.Contains(out, `"probes":[]`) {
		t.Errorf("review --json of a won line: exit %d, %s %s", code, out, errOut)
	}
}

// TestHintLostVentaglioReason: a lost Il Ventaglio position (every card of
// the stock drawn in all three passes) is unwinnable with a reason about
// the position, not "the start", which read as the deal's.
func TestHintLostVentaglioReason(t *testing.T) {
	g, _ := games.Lookup("ventaglio")
	seed := uint64(1)
	deal := g.SeedDeal(seed)
	s := solution.Solution{Game: "ventaglio", Rules: solution.Rules{Play: "free", Passes: 3, ProvisionalWrap: new(bool), EmptyProvisional: "fill"}, Seed: &seed, Deal: g.Deck.TokenList(deal), Result: "unknown"}
	for pass := range 3 {
		for _, c := range deal[29:] { // the stock: after the arc, the first base, the provisional bases and the reserve
			s.Moves = append(s.Moves, solution.Move{From: "stock", To: "waste", Card: g.Deck.Token(c)})
		}
		if pass < 2 {
			s.Moves = append(s.Moves, solution.Move{From: "waste", To: "stock"})
		}
	}
	code, out, errOut := runIn(mustJSON(t, s), "hint", "--solution", "-")
	want := "ventaglio seed 1 after 227 of 227 moves (play free, passes 3, provisional-wrap false, empty-provisional fill): unwinnable: every reachable position was searched without a win\n"
	if code != ExitUnwinnable || out != want {
		t.Errorf("hint: exit %d, stdout %q, stderr %q; want exit %d, %q", code, out, errOut, ExitUnwinnable, want)
	}
}

// TestRelojLostWhereItStands: a Del reloj position lost where it stands
// says why, as the other games' start-position tests do: hint and solve
// --after give the reason in the verdict, solve a why: line (it said
// "proved lost where it stands" with no why).
func TestRelojLostWhereItStands(t *testing.T) {
	lost := mustJSON(t, drawsOnlyReloj(t))
	code, out, _ := runIn(lost, "hint", "--solution", "-")
	want := "reloj seed 1 after 79 of 79 moves (play free, passes 2): unwinnable: no move is left: the stock is empty and no redeal remains, and the waste top 3E goes on no pile\n"
	if code != ExitUnwinnable || out != want {
		t.Errorf("hint at the end of a draws-only line: exit %d, %q; want %q", code, out, want)
	}
	code, out, _ = runIn(lost, "solve", "--game", "reloj", "--seed", "1", "--play", "free", "--after", "-")
	if code != ExitUnwinnable || !strings.HasPrefix(out, "reloj seed 1 after 79 moves (play free, passes 2): unwinnable: no move is left: ") {
		t.Errorf("solve --after: exit %d, %q", code, out)
	}
	// The pass before the last: the next-pass test (seed 14433 of free
	// play with two passes is decided at its deal, docs/reloj.md).
	code, out, _ = runOut("solve", "--game", "reloj", "--seed", "14433", "--play", "free", "--passes", "2")
	if code != ExitUnwinnable || !strings.Contains(out, "\nwhy: a dead-end test of the pass before the last: the cards this pass cannot place would be stuck in the last pass's waste (docs/reloj.md, \"Next pass\")\n") {
		t.Errorf("reloj seed 14433, free, two passes: exit %d:\n%s", code, out)
	}
	// A position the search proved lost below it has no why of its own.
	code, out, _ = runIn(lost, "hint", "--solution", "-", "--moves", "45")
	if code != ExitUnwinnable || !strings.HasSuffix(out, "unwinnable: every reachable position was searched or proved lost by a dead-end test\n") {
		t.Errorf("hint after 45 moves: exit %d, %q", code, out)
	}
}

// TestReviewSeedDocumented: a line from a deal file has no seed, and review
// --json has no seed key then; README and review --help say so, as hint's do.
func TestReviewSeedDocumented(t *testing.T) {
	s := drawsOnlyReloj(t)
	s.Seed = nil
	code, out, errOut := runIn(mustJSON(t, s), "review", "--solution", "-", "--json")
	var m map[string]any
	if code != ExitOK || json.Unmarshal([]byte(out), &m) != nil {
		t.Fatalf("review --json without a seed: exit %d %s %s", code, out, errOut)
	}
	if _, ok := m["seed"]; ok {
		t.Errorf("review --json without a seed has a seed key: %s", out)
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, help, _ := runIn("", "review", "--help")
	for name, doc := range map[string]string{"README": string(readme), "review --help": help} {
		doc = strings.Join(strings.Fields(doc), " ")
		if !strings.Contains(doc, "one object: game, seed (when the file has one), moves") && !strings.Contains(doc, "one object: `game`, `seed` (when the file has one), `moves`") {
			t.Errorf("%s does not say review --json's seed is there only when the file has one", name)
		}
	}
}

// TestHintRestOfYourLine: when the search finds no line (a limit) or a
// longer one, hint and solve --after give the file's own rest, which wins,
// and say so; hint --json marks it own_line.
func TestHintRestOfYourLine(t *testing.T) {
	in := relojSeed1(t)
	code, out, errOut := runIn(in, "hint", "--solution", "-", "--moves", "10", "--max-nodes", "2")
	if want := "reloj seed 1 after 10 of 62 moves (play forced, passes 2): winnable, 52 moves to go (the rest of your line; the search found none of its own within --max-nodes)\n"; code != ExitOK || !strings.HasPrefix(out, want) {
		t.Errorf("hint: exit %d %q %s; want %q…", code, out, errOut, want)
	}
	_, out, _ = runIn(in, "hint", "--solution", "-", "--moves", "10", "--max-nodes", "2", "--json")
	var h api.HintAnswer
	if err := json.Unmarshal([]byte(out), &h); err != nil || !h.Own || len(h.Moves) != 52 || h.Result != "winnable" || h.Reason != "" {
		t.Errorf("hint --json: %v %s", err, out)
	}
	// Without a rest (all moves played, or a line that does not win) no key.
	if _, out, _ := runIn(in, "hint", "--solution", "-", "--moves", "10", "--json"); strings.Contains(out, "own_line") {
		t.Errorf("hint --json with the search's own line: %s", out)
	}
	code, out, errOut = runIn(in, "solve", "--game", "reloj", "--seed", "1", "--after", "-", "--moves", "10", "--max-nodes", "2")
	if want := "reloj seed 1 after 10 moves (play forced, passes 2): winnable in 52 more moves (the rest of your line; the search found none of its own within --max-nodes)\n"; code != ExitOK || !strings.HasPrefix(out, want) {
		t.Errorf("solve --after: exit %d %q %s; want %q…", code, out, errOut, want)
	}
	code, out, _ = runIn(in, "solve", "--game", "reloj", "--seed", "1", "--after", "-", "--moves", "10", "--max-nodes", "2", "--json")
	if code != ExitOK || !strings.Contains(out, `"result":"winnable"`) {
		t.Errorf("solve --after --json: exit %d %.200s", code, out)
	}
	if code, _, errOut := runIn(out, "verify", "--solution", "-"); code != ExitOK {
		t.Errorf("verify of solve --after --json: exit %d %s", code, errOut)
	}
}
