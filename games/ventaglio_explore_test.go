package games

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/solitario/solitario/solver"
)

// TestVentaglioExplore is a development probe: VENTAGLIO_SEEDS=from-to
// solves those seeds through the table row and prints one line each.
func TestVentaglioExplore(t *testing.T) {
	spec := os.Getenv("VENTAGLIO_SEEDS")
	if spec == "" {
		t.Skip("set VENTAGLIO_SEEDS=from-to or a comma-separated list")
	}
	var seeds []uint64
	if !strings.Contains(spec, "-") {
		for _, f := range strings.Split(spec, ",") {
			n, _ := strconv.ParseUint(f, 10, 64)
			seeds = append(seeds, n)
		}
	} else {
		var from, to uint64
		fmt.Sscanf(spec, "%d-%d", &from, &to)
		for s := from; s <= to; s++ {
			seeds = append(seeds, s)
		}
	}
	nodes, _ := strconv.ParseInt(os.Getenv("VENTAGLIO_NODES"), 10, 64)
	if nodes == 0 {
		nodes = 50_000_000
	}
	g, _ := Lookup("ventaglio")
	tt := solver.NewFlat(256 << 20)
	var lens []int
	count := map[solver.Verdict]int{}
	for _, seed := range seeds {
		deal := g.SeedDeal(seed)
		t0 := time.Now()
		out, err := g.Solve(context.Background(), deal, Config{Rules: g.Defaults, Strategy: solver.Strategy{Order: true, Prune: true},
			Search: solver.Options{MaxNodes: nodes, Table: tt}})
		if err != nil {
			t.Fatal(err)
		}
		count[out.Verdict]++
		v := ""
		if out.Verdict == solver.Winnable {
			lens = append(lens, len(out.Moves))
			if err := g.Verify(deal, g.Defaults.JSON(), out.Moves); err != nil {
				v = " VERIFY: " + err.Error()
			}
		}
		fmt.Printf("seed %d: %s %s nodes %d moves %d ms %d%s\n", seed, out.Verdict, out.Reason, out.Stats.Nodes, len(out.Moves), time.Since(t0).Milliseconds(), v)
	}
	slices.Sort(lens)
	if len(lens) > 0 {
		fmt.Printf("verdicts %v; line lengths min %d median %d max %d\n", count, lens[0], lens[len(lens)/2], lens[len(lens)-1])
	}
	if b, err := os.ReadFile("/proc/self/status"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "VmHWM") || strings.HasPrefix(l, "VmRSS") {
				fmt.Println(l)
			}
		}
	}
}
