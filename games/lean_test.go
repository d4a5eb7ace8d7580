package games

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solver"
	orost "github.com/solitario/solitario/state/orologio"
	relojst "github.com/solitario/solitario/state/reloj"
)

// TestLean: a lean solve (Config.Lean, as analyze and gen make, on one
// Scratch from deal to deal: Il Ventaglio's steps' tables kept and reset)
// of every game gives the verdict, the node count, the step and the moves
// of the full solve (on fresh buffers and tables), without readable lines
// or a lost deal's reason; the full solve has a readable line per move,
// and a reason for some lost deal.
func TestLean(t *testing.T) {
	st, err := solver.LookupStrategy(solver.DefaultStrategy)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"reloj", "sietes", "orologio", "orologio52", "ventaglio"} {
		g, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		won, whyLost := 0, 0
		var scratch Scratch
		for seed := uint64(1); seed <= 60; seed++ {
			deal := g.SeedDeal(seed)
			solve := func(lean bool) Outcome {
				cfg := Config{Rules: g.Defaults, Strategy: st, Lean: lean,
					Search: solver.Options{MaxNodes: 2_000_000, Table: solver.NewFlat(8 << 20)}}
				if lean {
					cfg.Scratch = &scratch
				}
				out, err := g.Solve(context.Background(), deal, cfg)
				if err != nil {
					t.Fatalf("%s seed %d: %v", name, seed, err)
				}
				return out
			}
			full, lean := solve(false), solve(true)
			if lean.Verdict != full.Verdict || lean.Stats.Nodes != full.Stats.Nodes || lean.Step != full.Step || !reflect.DeepEqual(lean.Moves, full.Moves) {
				t.Fatalf("%s seed %d: lean %v in %d nodes, %d moves; full %v in %d nodes, %d moves",
					name, seed, lean.Verdict, lean.Stats.Nodes, len(lean.Moves), full.Verdict, full.Stats.Nodes, len(full.Moves))
			}
			if lean.Human != nil || lean.Verdict == solver.Unwinnable && lean.Reason != "" {
				t.Fatalf("%s seed %d: lean solve with %d readable lines, reason %q", name, seed, len(lean.Human), lean.Reason)
			}
			if full.Verdict == solver.Winnable {
				won++
				if len(full.Human) != len(full.Moves) {
					t.Fatalf("%s seed %d: %d readable lines for %d moves", name, seed, len(full.Human), len(full.Moves))
				}
			}
			if full.Verdict == solver.Unwinnable && full.Reason != "" {
				whyLost++
			}
		}
		if won == 0 || whyLost == 0 && name != "reloj" && name != "sietes" {
			t.Errorf("%s: %d won, %d lost with a reason in seeds 1..60: the comparison says little", name, won, whyLost)
		}
	}
}

// TestPlaceTables: the clocks' and Del reloj's place names, taken from
// tables, are the names RULES.md gives ("hour:H", "centre", "pile:<rank>").
func TestPlaceTables(t *testing.T) {
	for p := range orost.Centre {
		if want := fmt.Sprintf("hour:%d", p+1); clockPileName(p) != want {
			t.Errorf("pile %d: %q, want %q", p, clockPileName(p), want)
		}
	}
	if clockPileName(orost.Centre) != "centre" {
		t.Errorf("centre: %q", clockPileName(orost.Centre))
	}
	for b := range relojst.Ranks {
		if want := "pile:" + deck.Spanish.RankToken(b); relojPiles[b] != want {
			t.Errorf("reloj pile %d: %q, want %q", b, relojPiles[b], want)
		}
	}
}
