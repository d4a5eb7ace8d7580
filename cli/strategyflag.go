package cli

import (
	"fmt"
	"strings"

	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solver"
)

// ablationGame is the game whose solve the ablations (solver.Ablations)
// take parts out of: Il Ventaglio's.
const ablationGame = "ventaglio"

// lookupStrategy is solver.LookupStrategy for game g, with the error
// listing the names as the unknown-game error does: "unknown strategy "x"
// (strategies: a, b, or an ablation ...)"; the ablations, many, are left to
// 'solitario strategies'. An ablation on another game is refused: the
// solver would run that game's plan unchanged and report its verdict as the
// ablation's (an "unwinnable" from portfolio-no-exact, which proves nothing
// lost). Every command resolves its strategies here.
func lookupStrategy(name string, g games.Entry) (solver.Strategy, error) {
	st, err := solver.LookupStrategy(name)
	if err != nil {
		var names []string
		for _, s := range solver.Strategies() {
			names = append(names, s.Name)
		}
		return st, fmt.Errorf("unknown strategy %q (strategies: %s, or an ablation: 'solitario strategies' lists them)", name, strings.Join(names, ", "))
	}
	if st.Ablation() && g.Name != ablationGame {
		return st, fmt.Errorf("%s is an ablation of Il Ventaglio's solve (--game %s only), not a strategy for %s", name, ablationGame, g.Name)
	}
	return st, nil
}

// strategyNames is every name --strategy takes: the strategies, then the
// ablations.
func strategyNames() []string {
	var names []string
	for _, s := range append(solver.Strategies(), solver.Ablations()...) {
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
