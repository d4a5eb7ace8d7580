// Command beams measures Il Ventaglio's beam search alone (ventaglio.Beam),
// in nodes: on each deal of a seed range (or list) that the dead-end tests
// do not kill at the start, optionally only those of one base rank, one
// beam of a weighting at each width, tie-break seed 1, a fresh table each,
// up to a node budget; it prints each search's verdict, nodes and the most
// cards up a kept position reached, then per width the wins and the nodes
// in all. The figures docs/experiments.md gives for the weightings and for
// the unknown deals of the reference run came from it (the former then a
// test behind environment variables, TestBeamAlone). Run it from the
// repository's root, e.g.
//
//	go run ./bench/cmd/beams -seeds 1..600 -weighting E -widths 100,300 -nodes 3000000
//	go run ./bench/cmd/beams -seeds 71604,77195 -widths 8192,16384 -nodes 60000000
//	go run ./bench/cmd/beams -seeds 1..20000 -base 2 -widths 300
//
// It is no test: a range of hundreds of deals takes minutes.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/solitario/solitario/analysis"
	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
	"github.com/solitario/solitario/ventaglio"
)

func main() {
	seeds := flag.String("seeds", "1..100", "seed range A..B, or a comma-separated list of seeds, of the deals (default rules unless -never)")
	base := flag.Int("base", 0, "only the deals of this base rank (1 for A, ..., 13 for K; 0: every deal)")
	weighting := flag.String("weighting", "E", "the beam's weighting: E (WasteHeavy), A (ArcLeft) or D (Plain)")
	widths := flag.String("widths", "1000,3000", "comma-separated beam widths")
	nodes := flag.Int64("nodes", 50_000_000, "node budget of each beam")
	never := flag.Bool("never", false, "play under --empty-provisional never")
	flag.Parse()
	if err := run(*seeds, *weighting, *widths, *nodes, *never, *base); err != nil {
		fmt.Fprintln(os.Stderr, "beams:", err)
		os.Exit(2)
	}
}

func run(seeds, weighting, widthList string, nodes int64, never bool, base int) error {
	list, err := seedList(seeds)
	if err != nil {
		return fmt.Errorf("-seeds: %v", err)
	}
	if base < 0 || base > 13 {
		return fmt.Errorf("-base %d: want a rank from 1 (A) to 13 (K), or 0", base)
	}
	i := slices.IndexFunc(ventaglio.Turn[:], func(w ventaglio.Weighting) bool { return w.String() == weighting })
	if i < 0 {
		return fmt.Errorf("-weighting %q: want E, A or D", weighting)
	}
	w := ventaglio.Turn[i]
	var widths []int
	for _, f := range strings.Split(widthList, ",") {
		n, err := strconv.Atoi(f)
		if err != nil || n <= 0 {
			return fmt.Errorf("-widths: %q is not a positive width", f)
		}
		widths = append(widths, n)
	}
	rules := vg.DefaultRules()
	rules.KeepEmpty = never
	wins, total := make([]int, len(widths)), make([]int64, len(widths))
	deals := 0
	for _, seed := range list {
		l, err := vg.FromDeal(deck.Deal(deck.French, 2, seed))
		if err != nil {
			return err
		}
		d, err := vg.NewDeal(l)
		if err != nil {
			return err
		}
		if base != 0 && d.Base()+1 != base {
			continue
		}
		g := vg.New(d, rules)
		h := ventaglio.New(g, solver.Strategy{Order: true, Prune: true})
		start := d.Start()
		if !h.Dead(&start) {
			deals++
			b := ventaglio.NewBeam(h)
			for i, width := range widths {
				res := b.Search(context.Background(), start, w.Config(width, 1), solver.Options{MaxNodes: nodes, Table: solver.NewFlat(64 << 20)})
				total[i] += res.Stats.Nodes
				if res.Verdict == solver.Winnable {
					wins[i]++
				}
				why := res.Reason
				if res.Verdict == solver.Unknown && why == "" {
					why = "ran dry or stalled"
				}
				up, _ := b.Best()
				fmt.Printf("seed %d width %d: %v %s, %d nodes, %d layers, %d cards up at most\n", seed, width, res.Verdict, why, res.Stats.Nodes, res.Stats.MaxDepth, up)
			}
		}
	}
	fmt.Printf("%d deals not lost at the start\n", deals)
	for i, width := range widths {
		fmt.Printf("weighting %v width %d: %d wins, %d nodes in all\n", w, width, wins[i], total[i])
	}
	return nil
}

// seedList is the seeds of a range A..B (analysis.ParseRange) or of a
// comma-separated list, in order.
func seedList(s string) ([]uint64, error) {
	if strings.Contains(s, ",") {
		var out []uint64
		for _, f := range strings.Split(s, ",") {
			seed, err := analysis.ParseSeed(strings.TrimSpace(f))
			if err != nil {
				return nil, err
			}
			out = append(out, seed)
		}
		return out, nil
	}
	r, err := analysis.ParseRange(s)
	if err != nil {
		return nil, err
	}
	var out []uint64
	for seed := r.From; ; seed++ {
		out = append(out, seed)
		if seed == r.To {
			return out, nil
		}
	}
}
