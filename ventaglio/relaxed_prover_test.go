package ventaglio

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// TestRelaxedAgreesWithBruteForce: on random positions near the end of play
// under every variant of nearEnd, the relaxed search never calls a position
// lost that the brute force wins, and it proves lost a share of the lost
// positions the reserve order does not.
func TestRelaxedAgreesWithBruteForce(t *testing.T) {
	n := 90
	if testing.Short() {
		n = 40
	}
	rng := rand.New(rand.NewPCG(41, 14))
	tt := solver.NewFlat(16 << 20)
	var won, lost, proved, beyond int
	skipped := eachNearEnd(t, rng, n, func(i int, l vg.Layout, r vg.Rules, d *vg.Deal, g vg.Game, want bool) {
		h := NewRelaxed(g)
		start := d.Start()
		res := solver.Solve[vg.RelaxedState, vg.RelaxedMove](context.Background(), h, h.Relax(&start), solver.Options{Table: tt, MaxNodes: 1_000_000})
		if res.Verdict == solver.Unwinnable && want {
			t.Fatalf("position %d (%+v): the relaxed search says lost, the brute force wins\n%+v", i, r, l)
		}
		if want {
			won++
			return
		}
		lost++
		if res.Verdict == solver.Unwinnable {
			proved++
			if !newReserveOrder(d).dead(&start) {
				beyond++
			}
		}
	})
	t.Logf("%d positions: %d won, %d lost (%d proved by the relaxation, %d of them not by the reserve order), %d skipped",
		n, won, lost, proved, beyond, skipped)
	if won < n/10 || lost < n/10 || beyond < (lost-proved+beyond)/4 {
		t.Fatalf("unbalanced sample or a relaxation that proves little: %d won, %d lost, %d proved (%d beyond the reserve order), %d skipped", won, lost, proved, beyond, skipped)
	}
}

// TestProverAgreesWithBruteForce: the exact search with the relaxation's
// proofs asked at the first position of each outer state and each doubling (ProveFirst 1) decides the near-end
// positions as the brute force does, and its proofs fire.
func TestProverAgreesWithBruteForce(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 30
	}
	rng := rand.New(rand.NewPCG(42, 24))
	tt := solver.NewFlat(16 << 20)
	var decided, proofs int
	skipped := eachNearEnd(t, rng, n, func(i int, l vg.Layout, r vg.Rules, d *vg.Deal, g vg.Game, want bool) {
		h := New(g, solver.Strategy{Order: true, Prune: true, Prove: true})
		z := solver.Searcher[vg.State, vg.Move, Game]{Prove: h.Prove, Group: h.Group, ProveFirst: 1}
		res := z.Solve(context.Background(), h, d.Start(), solver.Options{Table: tt, MaxNodes: 1_000_000})
		if res.Verdict == solver.Unknown {
			return
		}
		decided++
		proofs += int(res.Stats.Proved)
		if got := res.Verdict == solver.Winnable; got != want {
			t.Fatalf("position %d (%+v): the search with proofs says %v, the brute force won=%v\n%+v", i, r, res.Verdict, want, l)
		}
	})
	t.Logf("%d positions: %d decided, %d proofs, %d skipped", n, decided, proofs, skipped)
	if decided < n/2 || proofs < n/4 {
		t.Fatalf("too few decided (%d) or proofs (%d)", decided, proofs)
	}
}
