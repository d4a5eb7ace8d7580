package cli

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
)

// TestGenMinMovesAboveBound: a --min-moves no winning line can reach is
// refused at once with one line and exit 2 (it used to try seeds forever;
// here --from starts near the last seed so that the old behaviour ends,
// with another message). At the bound itself gen runs (to the last seed:
// exit 4).
func TestGenMinMovesAboveBound(t *testing.T) {
	const last = "18446744073709551612"
	for _, c := range []struct {
		args []string
		max  int
	}{
		{[]string{"--game", "reloj"}, 118},
		{[]string{"--game", "reloj", "--passes", "1"}, 78},
		{[]string{"--game", "reloj", "--passes", "0"}, 857},
		{[]string{"--game", "sietes"}, 84},
		{[]string{"--game", "sietes", "--passes", "0"}, 1679},
		{[]string{"--game", "orologio"}, 36},
		{[]string{"--game", "orologio52"}, 52},
	} {
		for _, over := range []bool{true, false} {
			n := c.max
			if over {
				n++
			}
			args := append([]string{"gen", "--count", "1000", "--from", last, "--quiet", "--max-nodes", "10000", "--min-moves", strconv.Itoa(n)}, c.args...)
			code, errOut := runPlain(args...)
			refused := strings.Contains(errOut, "no "+c.args[1]+" winning line under these rules is longer than "+strconv.Itoa(c.max)+" moves")
			want := ExitUnknown
			if over {
				want = ExitError
			}
			if code != want || refused != over || strings.Count(errOut, "\n") != 1 {
				t.Errorf("%v: exit %d, stderr %q; want exit %d and refused=%v", args, code, errOut, want, over)
			}
		}
	}
	// ventaglio's lines have no bound from the rules: nothing is refused.
	if code, errOut := runPlain("gen", "--game", "ventaglio", "--count", "1", "--from", "18446744073709551615", "--quiet", "--max-nodes", "1000", "--min-moves", "100000"); code != ExitUnknown || strings.Contains(errOut, "longer than") {
		t.Errorf("ventaglio: exit %d, stderr %q", code, errOut)
	}
}

// TestMaxLineHoldsForSolvedLines: every winning line the solver finds on
// seeds 1..150 under several rules is no longer than the entry's MaxLine.
func TestMaxLineHoldsForSolvedLines(t *testing.T) {
	st, err := solver.LookupStrategy(solver.DefaultStrategy)
	if err != nil {
		t.Fatal(err)
	}
	tab := solver.NewFlat(8 << 20)
	for _, c := range []struct {
		game  string
		rules func(r games.Rules) games.Rules
	}{
		{"reloj", func(r games.Rules) games.Rules { return r }},
		{"reloj", func(r games.Rules) games.Rules { r.Play, r.Passes = state.Free, 0; return r }},
		{"reloj", func(r games.Rules) games.Rules { r.Play, r.Passes = state.Free, 3; return r }},
		{"sietes", func(r games.Rules) games.Rules { return r }},
		{"sietes", func(r games.Rules) games.Rules { r.Play, r.Passes = state.Free, 0; return r }},
		{"orologio", func(r games.Rules) games.Rules { return r }},
		{"orologio52", func(r games.Rules) games.Rules { return r }},
	} {
		g, err := games.Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		r := c.rules(g.Defaults)
		if g.MaxLine == nil {
			t.Fatalf("%s: no bound", c.game)
		}
		bound := g.MaxLine(r)
		won, longest := 0, 0
		for seed := uint64(1); seed <= 150; seed++ {
			out, err := g.Solve(context.Background(), g.SeedDeal(seed), games.Config{Rules: r, Strategy: st,
				Search: solver.Options{MaxNodes: 200_000, Table: tab}})
			if err != nil {
				t.Fatal(err)
			}
			if out.Verdict != solver.Winnable {
				continue
			}
			won++
			longest = max(longest, len(out.Moves))
			if len(out.Moves) > bound {
				t.Errorf("%s %+v seed %d: a winning line of %d moves, bound %d", c.game, r, seed, len(out.Moves), bound)
			}
			if c.game == "orologio52" && len(out.Moves) != 52 {
				t.Errorf("orologio52 seed %d: a win in %d moves, not 52", seed, len(out.Moves))
			}
		}
		if won == 0 {
			t.Errorf("%s %+v: no seed won, nothing checked", c.game, r)
		}
		t.Logf("%s %+v: %d won, longest %d, bound %d", c.game, r, won, longest, bound)
	}
}

// TestOrologioLongestLine: the orologio bound is reached: a clock of three
// cards of each of four ranks, whose fourth cards are the last four face-up
// stock cards, is won in exactly 36 moves.
func TestOrologioLongestLine(t *testing.T) {
	g, err := games.Lookup("orologio")
	if err != nil {
		t.Fatal(err)
	}
	k := g.Deck
	var clock, fourth, rest []deck.Card
	for rank := range k.Ranks() {
		for suit := range 4 {
			switch {
			case rank >= 4:
				rest = append(rest, deck.NewCard(suit, rank))
			case suit < 3:
				clock = append(clock, deck.NewCard(suit, rank))
			default:
				fourth = append(fourth, deck.NewCard(suit, rank))
			}
		}
	}
	deal := append([]deck.Card(nil), clock...)
	for i := 12; i < 40; i++ { // indexes 33, 35, 37, 39 take the fourth cards
		if i >= 33 && i%2 == 1 {
			deal = append(deal, fourth[0])
			fourth = fourth[1:]
			continue
		}
		deal = append(deal, rest[0])
		rest = rest[1:]
	}
	out, err := g.Solve(context.Background(), deal, games.Config{Rules: g.Defaults})
	if err != nil {
		t.Fatal(err)
	}
	bound := g.MaxLine(g.Defaults)
	if out.Verdict != solver.Winnable || len(out.Moves) != bound || bound != 36 {
		t.Fatalf("verdict %v in %d moves; want winnable in %d = 36", out.Verdict, len(out.Moves), bound)
	}
}

// TestGenGivesUpAdvice: the advice of a give-up names what held the deals
// back: a limit that left them unknown (raise --max-nodes), not a
// --min-moves that was never given; with neither, only --give-up.
func TestGenGivesUpAdvice(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--game", "reloj", "--count", "2", "--max-nodes", "1", "--give-up", "20"},
			"with 0 winnable deals written; raise --max-nodes, or raise --give-up and go on with --from 21 --count 2\n"},
		{[]string{"--game", "reloj", "--count", "2", "--max-nodes", "1", "--timeout", "1s", "--give-up", "20"},
			"with 0 winnable deals written; raise --max-nodes or --timeout, or raise --give-up and go on with --from 21 --count 2\n"},
		{[]string{"--game", "reloj", "--count", "2", "--max-nodes", "1", "--min-moves", "60", "--give-up", "20"},
			"with 0 winnable deals written; lower --min-moves, raise --max-nodes, or raise --give-up and go on with --from 21 --count 2\n"},
		// Free play with one pass: seeds 7 and 9 are lost, 8 won; from 7, one seed in a row.
		{[]string{"--game", "reloj", "--play", "free", "--passes", "1", "--count", "2", "--from", "7", "--give-up", "1"},
			"gave up after --give-up 1 seed in a row (up to seed 7) without a deal to keep, with 0 winnable deals written; raise --give-up and go on with --from 8 --count 2\n"},
	}
	for _, c := range cases {
		code, errOut := runPlain(append([]string{"gen", "--workers", "1", "--quiet"}, c.args...)...)
		if code != ExitUnknown || !strings.HasSuffix(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit 4 and a line ending %q", c.args, code, errOut, c.want)
		}
	}
}

// TestGenGivesUp: a --min-moves no seed reaches (here orologio's bound
// itself, which none of the first 2000 seeds' lines reaches) stops after
// --give-up seeds in a row, with one line saying so and where to go on,
// and exit 4: it does not scan for ever.
func TestGenGivesUp(t *testing.T) {
	code, errOut := runPlain("gen", "--game", "orologio", "--count", "3", "--min-moves", "36", "--give-up", "500", "--quiet")
	want := "solitario: gen: --count 3 not reached: gave up after --give-up 500 seeds in a row (up to seed 500) without a deal to keep, with 0 winnable deals written; lower --min-moves, or raise --give-up and go on with --from 501 --count 3\n"
	if code != ExitUnknown || errOut != want {
		t.Errorf("exit %d, stderr %q; want exit 4 and %q", code, errOut, want)
	}
	code, errOut = runPlain("gen", "--game", "orologio", "--count", "3", "--give-up", "-1")
	if want := "solitario: gen: --give-up \"-1\": want a whole number, 0 or more\n"; code != ExitError || errOut != want {
		t.Errorf("--give-up -1: exit %d, stderr %q; want exit 2 and %q", code, errOut, want)
	}
}

// TestGenGiveUpAdviceWithOut: with --out, the give-up advice is a command
// that works: the same flags with --resume --from N go on from N after the
// lines written, redoing none of the seeds tried.
func TestGenGiveUpAdviceWithOut(t *testing.T) {
	out := filepath.Join(t.TempDir(), "o.jsonl")
	base := []string{"gen", "--game", "orologio", "--count", "5", "--min-moves", "34", "--out", out, "--quiet"}
	code, errOut := runPlain(append(base, "--give-up", "300")...)
	advice := "go on with the same command with --resume --from 342\n"
	if code != ExitUnknown || !strings.HasSuffix(errOut, advice) {
		t.Fatalf("exit %d, stderr %q; want exit 4 and the advice %q", code, errOut, advice)
	}
	code, errOut = runPlain(append(base, "--give-up", "1000", "--resume", "--from", "342")...)
	if code != ExitUnknown || !strings.Contains(errOut, "(up to seed 1623)") || !strings.HasSuffix(errOut, "--resume --from 1624\n") {
		t.Fatalf("following the advice: exit %d, stderr %q", code, errOut)
	}
	b, _ := os.ReadFile(out)
	if seeds := regexp.MustCompile(`"seed":\d+`).FindAllString(string(b), -1); !slices.Equal(seeds, []string{`"seed":41`, `"seed":623`}) {
		t.Errorf("the file's seeds %v; want 41 then 623", seeds)
	}
}
