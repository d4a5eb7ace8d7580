package cli

import (
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solver"
)

// lookupStrategy is g.Strategy: the error for an unknown name lists the
// strategies, the ablations left to 'solitario strategies', and an
// ablation of another game's plan is refused (g would run its own plan
// unchanged and report its verdict as the ablation's). Every command
// resolves its strategies here.
func lookupStrategy(name string, g games.Entry) (solver.Strategy, error) {
	return g.Strategy(name)
}

// strategyNames is every name --strategy takes: the strategies, then the
// ablations.
func strategyNames() []string {
	var names []string
	for _, s := range append(solver.Strategies(), games.Ablations()...) {
		names = append(names, s.Name)
	}
	return names
}

// tableWords is a table kind as a noun: "the flat table", "no table".
func tableWords(kind string) string {
	if kind == solver.TableNone {
		return "no table"
	}
	return "the " + kind + " table"
}
