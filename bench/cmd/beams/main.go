// Command beams measures Il Ventaglio's beam search alone (ventaglio.Beam),
// in nodes: on each deal of a seed range that the dead-end tests do not
// kill at the start, one beam of a weighting at each width, tie-break seed
// 1, a fresh table each, up to a node budget; it prints each search's
// verdict and nodes, then per width the wins and the nodes in all. The
// figures docs/experiments.md gives for the weightings came from it (then a
// test behind environment variables, TestBeamAlone). Run it from the
// repository's root, e.g.
//
//	go run ./bench/cmd/beams -seeds 1..600 -weighting E -widths 100,300 -nodes 3000000
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
	seeds := flag.String("seeds", "1..100", "seed range A..B of the deals (default rules unless -never)")
	weighting := flag.String("weighting", "E", "the beam's weighting: E (WasteHeavy), A (ArcLeft) or D (Plain)")
	widths := flag.String("widths", "1000,3000", "comma-separated beam widths")
	nodes := flag.Int64("nodes", 50_000_000, "node budget of each beam")
	never := flag.Bool("never", false, "play under --empty-provisional never")
	flag.Parse()
	if err := run(*seeds, *weighting, *widths, *nodes, *never); err != nil {
		fmt.Fprintln(os.Stderr, "beams:", err)
		os.Exit(2)
	}
}

func run(seeds, weighting, widthList string, nodes int64, never bool) error {
	r, err := analysis.ParseRange(seeds)
	if err != nil {
		return fmt.Errorf("-seeds: %v", err)
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
	for seed := r.From; ; seed++ {
		l, err := vg.FromDeal(deck.Deal(deck.French, 2, seed))
		if err != nil {
			return err
		}
		d, err := vg.NewDeal(l)
		if err != nil {
			return err
		}
		g := vg.New(d, rules)
		h := ventaglio.New(g, solver.Strategy{Order: true, Prune: true})
		start := d.Start()
		if !h.Dead(&start) {
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
				fmt.Printf("seed %d width %d: %v %s, %d nodes, %d layers\n", seed, width, res.Verdict, why, res.Stats.Nodes, res.Stats.MaxDepth)
			}
		}
		if seed == r.To {
			break
		}
	}
	for i, width := range widths {
		fmt.Printf("weighting %v width %d: %d wins, %d nodes in all\n", w, width, wins[i], total[i])
	}
	return nil
}
