package ventaglio

import (
	"math/rand/v2"
	"testing"

	"github.com/solitario/solitario/deck"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// assignable is the reserve-order test's specification, checked by brute
// force: can the remaining copies of suit su be shared between its two
// foundations (counts lo <= hi) so that each foundation's reserve cards
// (depth >= res), read by rank, have increasing depth? depth[k] lists the
// reserve depths of offset k's copies (-1: not in the reserve).
func assignable(depth [vg.SuitLength][2]int8, res, lo, hi int) bool {
	// choice bit k: for an offset with two copies left, copy 0 goes to the
	// lower foundation (0) or the higher one (1).
	for choice := 0; choice < 1<<vg.SuitLength; choice++ {
		last := [2]int{-1, -1}
		ok := true
		for k := lo; k < vg.SuitLength && ok; k++ {
			var deps []int
			for _, e := range depth[k] {
				if int(e) >= res {
					deps = append(deps, int(e))
				}
			}
			place := func(f, e int) {
				if e < 0 {
					return
				}
				if e <= last[f] {
					ok = false
				}
				last[f] = e
			}
			if k < hi {
				if len(deps) > 1 {
					return true // not a real position
				}
				if len(deps) == 1 {
					place(0, deps[0])
				}
				continue
			}
			// Two copies: the reserve ones (if any) and free ones (-1).
			c := [2]int{-1, -1}
			copy(c[:], deps)
			if choice>>k&1 == 0 {
				place(0, c[0])
				place(1, c[1])
			} else {
				place(0, c[1])
				place(1, c[0])
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// TestReserveOrderMatchesBruteForce compares the dynamic program with the
// brute-force assignment on random reserves (several cards of one suit,
// twins included), every reserve index and every pair of counts the
// reserve allows.
func TestReserveOrderMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	checked, dead := 0, 0
	trials := 40
	if testing.Short() {
		trials = 10
	}
	for trial := range trials {
		l, err := vg.FromDeal(deck.Deal(deck.French, 2, uint64(trial)+1))
		if err != nil {
			t.Fatal(err)
		}
		// Put several hearts into the reserve to make conflicts common.
		deal := append([]deck.Card(nil), deck.Deal(deck.French, 2, uint64(trial)+1)...)
		for i := 17; i < 29; i++ {
			if rng.IntN(3) == 0 {
				continue
			}
			for j := 29; j < 104; j++ {
				if deal[j].Suit() == 1 && rng.IntN(4) == 0 {
					deal[i], deal[j] = deal[j], deal[i]
					break
				}
			}
		}
		if l, err = vg.FromDeal(deal); err != nil {
			t.Fatal(err)
		}
		d, err := vg.NewDeal(l)
		if err != nil {
			t.Fatal(err)
		}
		r := newReserveOrder(d)
		for su := range 4 {
			for res := 0; res <= d.ReserveLen(); res++ {
				for hi := 0; hi <= vg.SuitLength; hi++ {
					for lo := 0; lo <= hi; lo++ {
						// Only counts that leave every reserve card of the suit
						// (from res on) off the foundations.
						real := true
						for k := range vg.SuitLength {
							in := 0
							for _, e := range r.depth[su][k] {
								if int(e) >= res {
									in++
								}
							}
							up := 0
							if k < lo {
								up++
							}
							if k < hi {
								up++
							}
							if in+up > 2 {
								real = false
							}
						}
						if !real {
							continue
						}
						want := assignable(r.depth[su], res, lo, hi)
						if got := r.feasible(su, res, lo, hi); got != want {
							t.Fatalf("trial %d suit %d res %d counts %d,%d: dynamic program %v, brute force %v (depths %v)",
								trial, su, res, lo, hi, got, want, r.depth[su])
						}
						checked++
						if !want {
							dead++
						}
					}
				}
			}
		}
	}
	if dead < checked/50 || dead == checked {
		t.Fatalf("%d of %d cases dead: the sample does not test both answers", dead, checked)
	}
	t.Logf("%d cases, %d dead", checked, dead)
}
