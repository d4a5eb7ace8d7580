package games

import (
	"context"
	"fmt"
	"hash/fnv"
	"os"
	"testing"

	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
)

// TestSearchSignature pins, for fixed deals of every game at fixed small
// limits, the verdict, the node count and a hash of the line the default
// strategy gives (Stockfish's bench signature): any change in search
// behaviour shows here, and the review of that change says why the new
// figures are right. SIGNATURE_PRINT=1 prints the table to paste.
func TestSearchSignature(t *testing.T) {
	type sig struct {
		game    string
		seed    uint64
		variant string
		nodes   int64 // the node limit
		verdict solver.Verdict
		got     int64  // nodes searched
		line    uint64 // FNV-1a of the moves as written
	}
	want := []sig{
		// ventaglio seeds 1 and 2 (base rank 2): the streamlined restarts try
		// an ace's move onto a base last (ventaglio.Game.locks); they were
		// 108941 and 54035 nodes, lines 0xbb20e8ab1e744c4b and 0xe3b0ab0e12e071f6.
		{"ventaglio", 1, "", 2000000, solver.Winnable, 179699, 0x35c2ae7ec1f7287a},
		{"ventaglio", 9, "", 2000000, solver.Winnable, 80877, 0xd3eba844d6a70c7e},
		{"ventaglio", 2, "", 300000, solver.Winnable, 69587, 0xf0a9d1da1b0a9d43},
		{"ventaglio", 3, "", 300000, solver.Unwinnable, 1, 0xcbf29ce484222325},
		{"ventaglio", 64, "passes-1", 300000, solver.Unknown, 300000, 0xcbf29ce484222325},
		{"ventaglio", 57, "never", 300000, solver.Unknown, 300000, 0xcbf29ce484222325},
		{"ventaglio", 51, "never", 300000, solver.Winnable, 300000, 0xc38312d7fcd13c26},
		{"reloj", 1, "", 1000000, solver.Winnable, 63, 0x2c36f986ef2cd4a4},
		{"reloj", 4850, "free-1", 1000000, solver.Winnable, 61031, 0x8dcfc6e8d32f06ae},
		{"reloj", 14433, "free-2", 1000000, solver.Unwinnable, 1, 0xcbf29ce484222325},
		{"reloj", 9008, "free-2", 1000000, solver.Unwinnable, 13390, 0xcbf29ce484222325},
		// sietes: the buried-card dead end sees the stock (heuristics/sietes.go,
		// "Buried cards"): seeds 1 and 2 were 766 and 1492 nodes, 804 (the same
		// line) 9013, 1256 57052.
		{"sietes", 1, "", 1000000, solver.Unwinnable, 4, 0xcbf29ce484222325},
		{"sietes", 2, "", 1000000, solver.Unwinnable, 3, 0xcbf29ce484222325},
		{"sietes", 804, "", 1000000, solver.Winnable, 244, 0x25df15241ddf57c1},
		{"sietes", 1256, "", 1000000, solver.Unwinnable, 15912, 0xcbf29ce484222325},
		{"orologio", 42, "", 1000, solver.Unwinnable, 32, 0xcbf29ce484222325},
		{"orologio52", 1, "", 1000, solver.Unwinnable, 36, 0xcbf29ce484222325},
	}
	rulesOf := func(e Entry, variant string) Rules {
		r := e.Defaults
		switch variant {
		case "free-1":
			r.Play, r.Passes = state.Free, 1
		case "free-2":
			r.Play = state.Free
		case "never":
			r.KeepEmpty = true
		case "passes-1":
			r.Passes = 1
		}
		return r
	}
	cases := []sig{
		{game: "ventaglio", seed: 1, nodes: 2_000_000}, {game: "ventaglio", seed: 9, nodes: 2_000_000},
		{game: "ventaglio", seed: 2, nodes: 300_000}, {game: "ventaglio", seed: 3, nodes: 300_000}, {game: "ventaglio", seed: 64, variant: "passes-1", nodes: 300_000},
		{game: "ventaglio", seed: 57, variant: "never", nodes: 300_000}, {game: "ventaglio", seed: 51, variant: "never", nodes: 300_000},
		{game: "reloj", seed: 1, nodes: 1_000_000}, {game: "reloj", seed: 4850, variant: "free-1", nodes: 1_000_000},
		{game: "reloj", seed: 14433, variant: "free-2", nodes: 1_000_000}, {game: "reloj", seed: 9008, variant: "free-2", nodes: 1_000_000},
		{game: "sietes", seed: 1, nodes: 1_000_000}, {game: "sietes", seed: 2, nodes: 1_000_000},
		{game: "sietes", seed: 804, nodes: 1_000_000}, {game: "sietes", seed: 1256, nodes: 1_000_000},
		{game: "orologio", seed: 42, nodes: 1_000}, {game: "orologio52", seed: 1, nodes: 1_000},
	}
	def, _ := solver.LookupStrategy(solver.DefaultStrategy)
	var got []sig
	for _, c := range cases {
		e, err := Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		rules := rulesOf(e, c.variant)
		out, err := e.Solve(context.Background(), e.SeedDeal(c.seed), Config{Rules: rules, Strategy: def,
			Search: solver.Options{MaxNodes: c.nodes, Table: solver.NewFlat(64 << 20)}})
		if err != nil {
			t.Fatal(err)
		}
		// Every pinned win is a line the plain referee replays to a win
		// (the restarts along splice a prefix to a restart's line).
		if out.Verdict == solver.Winnable {
			if err := e.Verify(e.SeedDeal(c.seed), rules.JSON(), out.Moves); err != nil {
				t.Errorf("%s seed %d %s: the line fails the referee: %v", c.game, c.seed, c.variant, err)
			}
		}
		h := fnv.New64a()
		for _, m := range out.Moves {
			fmt.Fprintf(h, "%s>%s:%s;", m.From, m.To, m.Card)
		}
		c.verdict, c.got, c.line = out.Verdict, out.Stats.Nodes, h.Sum64()
		got = append(got, c)
	}
	if os.Getenv("SIGNATURE_PRINT") != "" {
		for _, c := range got {
			name := map[solver.Verdict]string{solver.Winnable: "Winnable", solver.Unwinnable: "Unwinnable", solver.Unknown: "Unknown"}[c.verdict]
			fmt.Printf("\t\t{%q, %d, %q, %d, solver.%s, %d, %#x},\n", c.game, c.seed, c.variant, c.nodes, name, c.got, c.line)
		}
	}
	if len(want) != len(got) {
		t.Fatalf("%d signatures pinned, %d measured (SIGNATURE_PRINT=1 prints them)", len(want), len(got))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("%s seed %d %s: %v in %d nodes, line %#x; pinned %v in %d nodes, line %#x",
				got[i].game, got[i].seed, got[i].variant, got[i].verdict, got[i].got, got[i].line, want[i].verdict, want[i].got, want[i].line)
		}
	}
}
