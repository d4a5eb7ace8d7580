package heuristics

import (
	"context"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/internal/testkit"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state/sietes"
)

// BenchmarkSietesSolve solves seed 1256 (lost; among seeds 1..100000 one of
// the few the buried-card dead end leaves a search of thousands of nodes:
// 15,912 at the default rules) with the default heuristics and a reused
// flat table: whole-search speed, ns/node.
func BenchmarkSietesSolve(b *testing.B) {
	for _, r := range []sietes.Rules{{Play: sietes.Forced, Passes: 1}, {Play: sietes.Free, Passes: 1}} {
		b.Run(r.Play.String(), func(b *testing.B) {
			g, start, _, _ := sietes.NewGame(r, deck.Deal(deck.Spanish, 1, 1256))
			h := Sietes{G: g, Order: true, Prune: true}
			table := solver.NewFlat(1 << 20) // Solve clears it: keep it near the search's size
			var s solver.Searcher[sietes.State, sietes.Move, Sietes]
			b.ReportAllocs()
			var nodes int64
			for b.Loop() {
				res := s.Solve(context.Background(), h, start, solver.Options{Table: table})
				nodes += res.Stats.Nodes
			}
			testkit.ReportNodes(b, nodes)
		})
	}
}

// BenchmarkSietesMoves is the wrapper's Moves (rules, pruning, ordering) on
// positions of random forced play.
func BenchmarkSietesMoves(b *testing.B) {
	g, start, _, _ := sietes.NewGame(sietes.Rules{Play: sietes.Forced, Passes: 1}, deck.Deal(deck.Spanish, 1, 160))
	h := Sietes{G: g, Order: true, Prune: true}
	var states []sietes.State
	for s := start; len(states) < 64; {
		ms := g.Moves(&s, nil)
		if len(ms) == 0 {
			s = start
			continue
		}
		states = append(states, s)
		g.Apply(&s, ms[len(states)%len(ms)])
	}
	buf := make([]sietes.Move, 0, 16)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		buf = h.Moves(&states[i%len(states)], buf)
	}
}
