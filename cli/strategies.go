package cli

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solver"
)

// newStrategiesCmd lists the named search strategies of solver.Strategies,
// then, under a header of their own, the ablations of games.Ablations, one
// line each: name, transposition table, move ordering, pruning, doc.
func newStrategiesCmd(io *IO) *cobra.Command {
	return &cobra.Command{
		Use:   "strategies",
		Short: "List the search strategies for --strategy and --strategies",
		Long: `strategies lists the named search strategies: the transposition table each uses
(none, flat or ristretto), whether it orders moves and whether it prunes (safe moves,
dominance, dead ends). Pick one with 'solve --strategy NAME'; compare several with
'bench --strategies a,b,c'. The default is the one bench/RESULTS.md measured best. The
ablations come last, under a header of their own: Il Ventaglio's default plan without one
of its parts (plan-no-PART), for bench's tables (bench --strategies all leaves them out;
other games refuse them: bad input, exit 2).

Exit codes:
  0    the list was printed
  2    error: a bad flag or argument
  5    the output could not be written (a full disk)
  141  standard output was a pipe whose reader went away (| head -1): no message`,
		Example: `  solitario strategies
  solitario bench --game reloj --seeds 1..100 --strategies dfs-flat,flat-order,default`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error {
			return runStrategies(io)
		},
	}
}

// runStrategies prints one table in two parts, the strategies and then,
// after a blank line and a header of their own, the ablations, so that a
// reader sees where the ablations start; the blank line keeps its empty
// cells so that both parts share the columns, and its padding is trimmed.
func runStrategies(io *IO) error {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 8, 2, ' ', 0)
	row := func(s solver.Strategy) {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", s.Name, s.Table, strategyYesNo(s.Order), strategyYesNo(s.Prune), s.Doc)
	}
	fmt.Fprintln(tw, "STRATEGY\tTABLE\tORDER\tPRUNE\tDESCRIPTION")
	for _, s := range solver.Strategies() {
		row(s)
	}
	fmt.Fprintln(tw, "\t\t\t\t")
	fmt.Fprintln(tw, "ABLATION\tTABLE\tORDER\tPRUNE\tDESCRIPTION (for bench, named one by one: --strategies all leaves them out)")
	for _, s := range games.Ablations() {
		row(s)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	_, err := fmt.Fprint(io.Out, strings.Join(lines, "\n"))
	return err
}

func strategyYesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
