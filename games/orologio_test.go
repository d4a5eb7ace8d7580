package games_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
)

// TestClockSolveVerify solves seeds of both clock games through the table
// row: every winnable line verifies, a lost deal has its play-out in the
// human lines and a reason, and the four-of-a-kind deals are lost at once.
func TestClockSolveVerify(t *testing.T) {
	for _, name := range []string{"orologio", "orologio52"} {
		g := mustLookup(t, name)
		won, fours := 0, 0
		for seed := range uint64(1500) {
			deal := g.SeedDeal(seed)
			out, err := g.Solve(context.Background(), deal, games.Config{Rules: g.Defaults, Search: solver.Options{}})
			if err != nil {
				t.Fatal(err)
			}
			switch out.Verdict {
			case solver.Winnable:
				won++
				if err := g.Verify(deal, g.Defaults.JSON(), out.Moves); err != nil {
					t.Fatalf("%s seed %d: %v", name, seed, err)
				}
				if len(out.Human) != len(out.Moves) || out.Stats.Nodes != int64(len(out.Moves))+1 {
					t.Fatalf("%s seed %d: %d human lines, %d moves, %d nodes", name, seed, len(out.Human), len(out.Moves), out.Stats.Nodes)
				}
			case solver.Unwinnable:
				if strings.Contains(out.Reason, "four of a kind") {
					fours++
					if len(out.Human) != 0 {
						t.Fatalf("%s seed %d: four of a kind, yet a play-out of %d lines", name, seed, len(out.Human))
					}
					continue
				}
				if len(out.Human) == 0 || out.Reason == "" {
					t.Fatalf("%s seed %d: lost with %d human lines, reason %q", name, seed, len(out.Human), out.Reason)
				}
				if name == "orologio52" {
					checkClock52Loss(t, seed, out)
				}
			default:
				t.Fatalf("%s seed %d: %v", name, seed, out.Verdict)
			}
		}
		t.Logf("%s: %d of 1500 won, %d four of a kind", name, won, fours)
		if won == 0 || (name == "orologio" && fours == 0) {
			t.Errorf("%s: %d won, %d fours: nothing tested", name, won, fours)
		}
	}
}

// checkClock52Loss checks a lost classic Clock's reason against its
// play-out: the last line puts the fourth king on the centre, and the reason
// names that king, the pile it was turned from and the cards never turned
// (one card is turned per line).
func checkClock52Loss(t *testing.T, seed uint64, out games.Outcome) {
	t.Helper()
	last := out.Human[len(out.Human)-1] // e.g. "hour 10 KH -> centre (king 4 of 4)"
	from, rest, _ := strings.Cut(last, " -> ")
	i := strings.LastIndex(from, " ")
	if rest != "centre (king 4 of 4)" || i < 0 {
		t.Fatalf("orologio52 seed %d: last line %q", seed, last)
	}
	down := fmt.Sprintf("%d cards", 52-len(out.Human))
	if len(out.Human) == 51 {
		down = "1 card"
	}
	want := fmt.Sprintf("the fourth king, %s (turned from %s), came up with %s still face down, on hour",
		from[i+1:], from[:i], down)
	if !strings.HasPrefix(out.Reason, want) {
		t.Fatalf("orologio52 seed %d: reason %q, want it to start %q", seed, out.Reason, want)
	}
}

// TestClockLossReasons pins the reason of a lost deal of each clock game.
func TestClockLossReasons(t *testing.T) {
	for _, c := range []struct {
		game   string
		seed   uint64
		reason string
	}{
		{"orologio", 0, "the stock ran out with hours 1, 3, 4 and 5 uncovered"},
		{"orologio", 36, "four of a kind in the clock: all four Fs (hours 1, 8, 11 and 12) are on the clock, so no stock card can cover them: lost at once"},
		{"orologio52", 0, "the fourth king, KH (turned from hour 10), came up with 4 cards still face down, on hours 3, 6, 9 and 11"},
		{"orologio52", 2, "the fourth king, KC (turned from hour 6), came up with 10 cards still face down, on hours 2, 3, 4, 5, 7, 10, 11 and 12"},
		{"orologio52", 11, "the fourth king, KS (turned from hour 2), came up with 1 card still face down, on hour 8"},
	} {
		g := mustLookup(t, c.game)
		out, err := g.Solve(context.Background(), g.SeedDeal(c.seed), games.Config{Rules: g.Defaults})
		if err != nil {
			t.Fatal(err)
		}
		if out.Verdict != solver.Unwinnable || out.Reason != c.reason {
			t.Errorf("%s seed %d: %v, reason %q, want %q", c.game, c.seed, out.Verdict, out.Reason, c.reason)
		}
	}
}

// TestClockLines pins the notation of a won and a lost deal of each game.
func TestClockLines(t *testing.T) {
	g := mustLookup(t, "orologio")
	for seed := uint64(0); ; seed++ {
		out, _ := g.Solve(context.Background(), g.SeedDeal(seed), games.Config{Rules: g.Defaults})
		if out.Verdict != solver.Winnable {
			continue
		}
		covers := 0
		for i, m := range out.Moves {
			switch {
			case m.From != "stock":
				t.Fatalf("seed %d move %d: from %q", seed, i+1, m.From)
			case m.To == "well":
				if !strings.Contains(out.Human[i], "-> well (face") {
					t.Fatalf("seed %d: human %q", seed, out.Human[i])
				}
			case strings.HasPrefix(m.To, "hour:"):
				covers++
				if !strings.Contains(out.Human[i], "(covers ") {
					t.Fatalf("seed %d: human %q", seed, out.Human[i])
				}
			default:
				t.Fatalf("seed %d move %d: to %q", seed, i+1, m.To)
			}
		}
		if covers != 12 {
			t.Fatalf("seed %d: %d covers in a won line", seed, covers)
		}
		break
	}
	f := mustLookup(t, "orologio52")
	out, _ := f.Solve(context.Background(), f.SeedDeal(1), games.Config{Rules: f.Defaults})
	if len(out.Human) == 0 || !strings.HasPrefix(out.Human[0], "centre ") {
		t.Fatalf("orologio52 seed 1: first line %q", out.Human)
	}
	kings := 0
	for _, h := range out.Human {
		if strings.Contains(h, "-> centre (king ") {
			kings++
		}
	}
	if kings != 4 {
		t.Fatalf("orologio52 seed 1: %d kings in the play-out", kings)
	}
}

// TestClockRulesRejected: the clock games take no --play or --passes.
func TestClockRulesRejected(t *testing.T) {
	for _, name := range []string{"orologio", "orologio52"} {
		g := mustLookup(t, name)
		if r, err := g.Resolve(g.Defaults.JSON()); err != nil || r != g.Defaults {
			t.Errorf("%s: defaults resolve to %+v, %v", name, r, err)
		}
		for _, r := range []solution.Rules{{Play: "free", Passes: 1}, {Play: "none", Passes: 2}, {Play: "none"}} {
			_, err := g.Resolve(r)
			if err == nil || !strings.Contains(err.Error(), "no choices") {
				t.Errorf("%s %+v: %v", name, r, err)
			}
		}
		// The old form, and its one pass alone, are the clock's rules.
		for _, r := range []solution.Rules{{Play: "none", Passes: 1}, {Passes: 1}} {
			if got, err := g.Resolve(r); err != nil || got != g.Defaults {
				t.Errorf("%s %+v: %+v, %v", name, r, got, err)
			}
		}
		if _, err := g.ResolveJSON(solution.Rules{Play: "none"}); err == nil || err.Error() != name+`: the game has no choices; "rules.play" "none", the old form of its rules, goes with "rules.passes" 1, not 0 (unlimited passes; left out, "rules.passes" reads as 0)` {
			t.Errorf("%s play none alone: %v", name, err)
		}
		// Rules of a game with choices: Solve refuses them.
		for _, r := range []games.Rules{{Play: state.Free, Passes: 1}, {Passes: 2}} {
			if _, err := g.Solve(context.Background(), g.SeedDeal(1), games.Config{Rules: r}); err == nil {
				t.Errorf("%s %+v: Solve accepted", name, r)
			}
		}
		if _, err := g.Solve(context.Background(), g.SeedDeal(1)[:30], games.Config{Rules: g.Defaults}); err == nil {
			t.Errorf("%s: a 30-card deal accepted", name)
		}
	}
}

// TestClockLayouts draws both clocks.
func TestClockLayouts(t *testing.T) {
	g := mustLookup(t, "orologio")
	deal := g.SeedDeal(42) // 2S 1S RB 1D 6C 4D CD 5S RD 7B 4B 3S ...
	got := g.Layout(deal, g.Defaults, games.Style{})
	for _, want := range []string{"12:3S", "1:2S", "6:4D", "9:RD", "stock in pairs"} {
		if !strings.Contains(got, want) {
			t.Errorf("orologio layout lacks %q:\n%s", want, got)
		}
	}
	f := mustLookup(t, "orologio52")
	got = f.Layout(f.SeedDeal(1), f.Defaults, games.Style{})
	if strings.Count(got, "\n") != 14 || !strings.Contains(got, "hour 12 (Q)") || !strings.Contains(got, "centre  (K)") {
		t.Errorf("orologio52 layout:\n%s", got)
	}
	if col := f.Layout(f.SeedDeal(1), f.Defaults, games.Style{Color: true}); !strings.Contains(col, "♥") {
		t.Errorf("colour layout has no suit glyphs:\n%s", col)
	}
}
