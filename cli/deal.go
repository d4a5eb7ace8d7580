package cli

import (
	"encoding/json"

	"github.com/spf13/cobra"

	"github.com/solitario/solitario/api"
	"github.com/solitario/solitario/games"
)

// dealOptions are the flags of `solitario deal`.
type dealOptions struct {
	deal  dealFlags
	rules ruleFlags
	json  bool
}

func newDealCmd(io *IO) *cobra.Command {
	var o dealOptions
	c := &cobra.Command{
		Use:   "deal --game G (--seed N | --deal FILE) [--json]",
		Short: "Show a deal's starting layout, or its cards in dealing order",
		Long: `deal shows the table at the start of a deal, as a player would lay it out: the arc,
first base, provisional bases, reserve and stock of Il Ventaglio; the first base and the
stock of Del reloj; the frame and foundations of De los sietes after the deal phase; the
hours of the clocks.

The deal comes from a seed (an unsigned 64-bit number: the same seed gives the same deal on
every machine and in every version) or from a deal file (the deck's tokens in dealing order,
'#' comments; see docs/notation.md). Suits are drawn with symbols and colour on a terminal,
as plain tokens when the output is piped, NO_COLOR is set or TERM is dumb.

The rule flags (--play, --passes, ...) set the rules the layout is shown under, as solve
takes them: over a deal file's "# rules:" line, over the game's defaults.

--json prints {"game","rules","seed","deal"}, the first fields of a solution object: the
rules in force (every option, as solve --json writes them), the seed (none for a deal
file) and the deal in dealing order as tokens, index 0 the first card dealt. solve, deal,
hint, review and show take it as a --deal file, its rules kept unless a rule flag is given.

Exit codes:
  0    the deal was shown
  2    error: bad flag, game, seed or deal file; nothing was shown
  5    the output could not be written (a full disk)
  130  interrupted (Ctrl-C) while waiting for --deal (- or a FIFO that nothing writes)
  141  standard output was a pipe whose reader went away (| head -1): no message`,
		Example: `  solitario deal --game ventaglio --seed 1
  solitario deal --game reloj --seed 42 --json
  solitario deal --game reloj --seed 7 --play free --json > my.deal
  solitario solve --game reloj --deal my.deal
  NO_COLOR=1 solitario deal --game orologio --seed 3`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.deal.given(c)
			o.rules.given(c)
			return runDeal(io, &o)
		},
	}
	o.deal.add(c)
	o.rules.add(c)
	c.Flags().BoolVar(&o.json, "json", false, `print {"game","rules","seed","deal"} instead of the layout`)
	return c
}

// runDeal loads the deal and prints it. Every input problem is an ExitError
// with one line naming what is wrong.
func runDeal(io *IO, o *dealOptions) error {
	g, d, seed, err := o.deal.load(io, games.Lookup)
	if err != nil {
		return withCode(ExitError, err)
	}
	// The rules as solve takes them: the flags over a deal file's "# rules:"
	// line over the game's defaults.
	rules, err := o.rules.rulesWithLine(g, o.deal.rulesLine, o.deal.rulesAt)
	if err != nil {
		return withCode(ExitError, err)
	}
	if o.json {
		enc := json.NewEncoder(io.Out)
		return enc.Encode(api.DealOf(g, rules, seed, d))
	}
	st := games.Style{Color: useColor(io)}
	_, err = io.Out.Write([]byte(g.Layout(d, rules, st)))
	return err
}

// useColor: colour and suit symbols only on a terminal, and never when
// NO_COLOR is set to anything (https://no-color.org) or TERM is dumb (a
// terminal that shows escape codes as text: Emacs shell, some CI logs).
func useColor(io *IO) bool {
	if !io.OutIsTTY {
		return false
	}
	return io.Getenv == nil || io.Getenv("NO_COLOR") == "" && io.Getenv("TERM") != "dumb"
}
