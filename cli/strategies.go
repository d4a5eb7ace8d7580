package cli

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/solitario/solitario/solver"
)

// newStrategiesCmd lists the named search strategies of solver.Strategies,
// then the ablations of solver.Ablations, one line each: name,
// transposition table, move ordering, pruning, doc.
func newStrategiesCmd(io *IO) *cobra.Command {
	return &cobra.Command{
		Use:   "strategies",
		Short: "List the search strategies for --strategy and --strategies",
		Long: `strategies lists the named search strategies: the transposition table each uses
(none, flat or ristretto), whether it orders moves and whether it prunes (safe moves,
dominance, dead ends). Pick one with 'solve --strategy NAME'; compare several with
'bench --strategies a,b,c'. The default is the one bench/RESULTS.md measured best.
The ablations come last: Il Ventaglio's previous portfolio (portfolio-...) and its
default plan (plan-no-... one part switched off, plan-with-exact the exact search it
leaves out added back, plan-streamlined-tenth the streamlined restarts at a tenth of the
nodes), for bench's tables (bench --strategies all leaves them out; other
games refuse them: bad input, exit 2).

Exit codes:
  0  the list was printed
  2  error: a bad flag or argument
  5  the output could not be written (a full disk, a closed pipe)`,
		Example: `  solitario strategies
  solitario bench --game reloj --seeds 1..100 --strategies dfs-flat,flat-order,default`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error {
			return runStrategies(io)
		},
	}
}

func runStrategies(io *IO) error {
	tw := tabwriter.NewWriter(io.Out, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "STRATEGY\tTABLE\tORDER\tPRUNE\tDESCRIPTION")
	for _, s := range append(solver.Strategies(), solver.Ablations()...) {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", s.Name, s.Table, strategyYesNo(s.Order), strategyYesNo(s.Prune), s.Doc)
	}
	return tw.Flush()
}

func strategyYesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
