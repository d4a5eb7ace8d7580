// Package ventagliotest holds the tests' way to Il Ventaglio's deal of a
// seed (RULES.md, "Deals from a seed"), shared by the packages that search
// it (ventaglio, ventaglio/solve). state/ventaglio's own tests cannot use
// it: it imports that package.
package ventagliotest

import (
	"testing"

	"github.com/solitario/solitario/deck"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// Dealt is Il Ventaglio dealt from seed under r, as the packed game, and
// its start; the test fails on an error.
func Dealt(tb testing.TB, seed uint64, r vg.Rules) (vg.Game, vg.State) {
	tb.Helper()
	l, err := vg.FromDeal(deck.Deal(deck.French, 2, seed))
	if err != nil {
		tb.Fatal(err)
	}
	d, err := vg.NewDeal(l)
	if err != nil {
		tb.Fatal(err)
	}
	return vg.New(d, r), d.Start()
}
