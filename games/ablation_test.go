package games

import (
	"slices"
	"strings"
	"testing"

	"github.com/solitario/solitario/plan"
	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
	"github.com/solitario/solitario/ventaglio/solve"
)

// ventaglioStart is seed's deal under r as the packed game and its start.
func ventaglioStart(t testing.TB, seed uint64, r Rules) (vg.Game, vg.State) {
	t.Helper()
	l, err := vg.FromDeal(ventaglioGame(t).SeedDeal(seed))
	if err != nil {
		t.Fatal(err)
	}
	d, err := vg.NewDeal(l)
	if err != nil {
		t.Fatal(err)
	}
	return vg.New(d, VentaglioRules(r)), d.Start()
}

// ablation is the named ablation, or the test fails.
func ablation(t *testing.T, name string) solver.Strategy {
	t.Helper()
	st, err := LookupStrategy(name)
	if err != nil || !st.Ablation() {
		t.Fatalf("%s: %+v, %v; want an ablation", name, st, err)
	}
	return st
}

// TestAblationsNamed: every ablation is found by name and leaves out one
// part of Il Ventaglio's plan, each part once, every part of the plan
// (never's rollouts and the shortening included); the strategies of
// --strategies all leave out nothing; every other game refuses the
// ablations, saying whose they are.
func TestAblationsNamed(t *testing.T) {
	def, _ := solver.LookupStrategy(solver.DefaultStrategy)
	var parts []string
	for _, st := range Ablations() {
		got := ablation(t, st.Name)
		if got != st || st.Doc == "" || st.Plan != solver.PlanGame || st.Name != "plan-no-"+st.Without || slices.Contains(parts, st.Without) {
			t.Errorf("%+v: want a documented plan-no-PART, each part once", st)
		}
		parts = append(parts, st.Without)
	}
	want := []string{"restarts", "luby", "beams", "streamlined", "rollout", plan.PartShorten}
	if !slices.Equal(parts, want) || !slices.Equal(solve.Plan(def, true).Parts(), want) {
		t.Errorf("ablations of parts %v, want %v", parts, want)
	}
	for _, st := range solver.Strategies() {
		if st.Ablation() {
			t.Errorf("%s leaves out %s", st.Name, st.Without)
		}
	}
	for _, g := range All() {
		for _, st := range Ablations() {
			_, err := g.Strategy(st.Name)
			if (err == nil) != (g.Name == "ventaglio") || err != nil && !strings.Contains(err.Error(), "ablation of Il Ventaglio's solve (--game ventaglio only)") {
				t.Errorf("%s on %s: %v", st.Name, g.Name, err)
			}
		}
	}
}
