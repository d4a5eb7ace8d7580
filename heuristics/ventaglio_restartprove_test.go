package heuristics

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// TestMeasureRestartProofs (a measurement; VENTAGLIO_RESTART_PROVE=first
// sets Restarter.ProveFirst and switches it on, VENTAGLIO_RESTART_FREE=1
// charges no node for a proof, VENTAGLIO_RESTART_END=1 ends
// each restart at its first proof, and VENTAGLIO_RESTART_LINGER=1 with it
// ends a restart at its first attempt, with no proof, VENTAGLIO_SEEDS=a..b, VENTAGLIO_NODES a
// deal's budget): fixed restarts alone with --passes 1, without and with
// the suit-blind relaxation's proofs where a restart lingers in one outer
// state (the stock-empty endgames the dives sit in). It fails if the
// proofs make a deal the plain restarts win lost. Figures: docs/design.md
// ("Il Ventaglio: proving losses").
func TestMeasureRestartProofs(t *testing.T) {
	first, err := strconv.ParseInt(os.Getenv("VENTAGLIO_RESTART_PROVE"), 10, 64)
	if err != nil {
		t.Skip("measurement")
	}
	free := os.Getenv("VENTAGLIO_RESTART_FREE") != ""
	end := os.Getenv("VENTAGLIO_RESTART_END") != ""
	linger := os.Getenv("VENTAGLIO_RESTART_LINGER") != ""
	from, to := 1, 150
	if a, b, ok := strings.Cut(os.Getenv("VENTAGLIO_SEEDS"), ".."); ok {
		from, _ = strconv.Atoi(a)
		to, _ = strconv.Atoi(b)
	}
	limit := int64(2_000_000)
	if v, err := strconv.ParseInt(os.Getenv("VENTAGLIO_NODES"), 10, 64); err == nil {
		limit = v
	}
	var nodes [2]int64
	var wins [2]int
	var faster, slower, same int
	for seed := from; seed <= to; seed++ {
		l, err := vg.FromDeal(deck.Deal(deck.French, 2, uint64(seed)))
		if err != nil {
			t.Fatal(err)
		}
		d, _ := vg.NewDeal(l)
		g := vg.New(d, vg.Rules{Play: state.Free, Passes: 1})
		if NewVentaglio(g, solver.Strategy{Prune: true}).Dead(ptrTo(d.Start())) {
			continue
		}
		var res [2]solver.Result[vg.Move]
		for i, prove := range []bool{false, true} {
			h := NewVentaglio(g, solver.Strategy{Order: true, Prune: true, Prove: prove})
			var rs solver.Restarter[vg.State, vg.Move, Ventaglio]
			if prove {
				rs.Prove, rs.Group, rs.ProveFirst = h.Prove, h.Group, first
				if free {
					rs.Prove = func(s *vg.State, b int64) (solver.Verdict, int64) {
						v, _ := h.Prove(s, b)
						return v, 0
					}
				}
			}
			tt := solver.NewFlat(4 << 20)
			if !prove || !end {
				res[i] = rs.Solve(context.Background(), h, d.Start(), solver.Schedule{Unit: 5000}, 1,
					solver.Options{MaxNodes: limit, Table: tt, MaxDepth: 1 << 18})
			} else {
				// End each restart at its first proof: after it, Prove calls
				// every position lost, so the restart drops its whole stack
				// and ends "lost" (not a verdict: the next restart starts).
				inner, poisoned := rs.Prove, false
				if linger {
					// No proof: a restart ends when it lingers.
					inner = func(*vg.State, int64) (solver.Verdict, int64) { return solver.Unwinnable, 0 }
				}
				rs.Prove = func(s *vg.State, b int64) (solver.Verdict, int64) {
					if poisoned {
						return solver.Unwinnable, 0
					}
					v, n := inner(s, b)
					poisoned = v == solver.Unwinnable
					return v, n
				}
				var total solver.Result[vg.Move]
				for total.Stats.Nodes < limit {
					poisoned = false
					r := rs.Solve(context.Background(), h, d.Start(), solver.Schedule{Unit: 5000}, 1,
						solver.Options{MaxNodes: limit - total.Stats.Nodes, Table: tt, MaxDepth: 1 << 18})
					total.Stats.Add(r.Stats)
					if r.Verdict == solver.Unwinnable && poisoned {
						continue
					}
					total.Verdict = r.Verdict
					break
				}
				res[i] = total
			}
			nodes[i] += res[i].Stats.Nodes
			if res[i].Verdict == solver.Winnable {
				wins[i]++
			}
		}
		if res[0].Verdict == solver.Winnable && res[1].Verdict == solver.Unwinnable {
			t.Fatalf("seed %d: the restarts win it, with the proofs they call it lost", seed)
		}
		if res[0].Verdict == solver.Winnable && res[1].Verdict == solver.Winnable {
			switch {
			case res[1].Stats.Nodes < res[0].Stats.Nodes:
				faster++
			case res[1].Stats.Nodes > res[0].Stats.Nodes:
				slower++
			default:
				same++
			}
		}
		t.Log(fmt.Sprintf("seed %d: %v %d nodes; with proofs %v %d nodes (%d proved, %d proving)", seed,
			res[0].Verdict, res[0].Stats.Nodes, res[1].Verdict, res[1].Stats.Nodes, res[1].Stats.Proved, res[1].Stats.ProveNodes))
	}
	t.Logf("without proofs %d won in %d nodes; with (first %d, free %v, end %v) %d won in %d nodes; of the deals both win, %d faster, %d slower, %d the same",
		wins[0], nodes[0], first, free, end, wins[1], nodes[1], faster, slower, same)
}
