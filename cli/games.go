package cli

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/solitario/solitario/api"
	"github.com/solitario/solitario/games"
)

// gamesOptions are the games command's flags.
type gamesOptions struct{ json bool }

func newGamesCmd(io *IO) *cobra.Command {
	var o gamesOptions
	c := &cobra.Command{
		Use:   "games [--json]",
		Short: "List the games: deck, default rules and variants",
		Long: `games lists every game solitario plays, from the same table the rule flags
(--play, --passes, --provisional-wrap, --empty-provisional) are checked against: its name
for --game, its title, its deck (and how many copies), and each rule option with its
default and accepted values. A game without options has no choices: its deal decides it.
The rules themselves are in docs/rules.md.

Exit codes:
  0    the table was printed
  2    error: a bad flag or argument
  5    the output could not be written (a full disk)
  141  standard output was a pipe whose reader went away (| head -1): no message`,
		Example: `  solitario games
  solitario games --json | jq '.[] | {name, deck, copies}'`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error { return runGames(io, &o) },
	}
	c.Flags().BoolVar(&o.json, "json", false, "print the table as a JSON array")
	return c
}

// runGames prints the games table, as text or JSON.
func runGames(io *IO, o *gamesOptions) error {
	if o.json {
		return writeGamesJSON(io)
	}
	return writeGames(io)
}

func writeGamesJSON(io *IO) error {
	enc := json.NewEncoder(io.Out)
	enc.SetIndent("", "  ")
	return enc.Encode(api.Games())
}

// writeGames prints one block per game:
//
//	reloj  Del reloj (J. Prat, Solitarios)
//	  deck: spanish, 40 cards
//	  --play forced (default) | free   forced: ...
func writeGames(io *IO) error {
	var b strings.Builder
	for i, g := range games.All() {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%s", g.Name)
		if g.Title != "" {
			fmt.Fprintf(&b, "  %s", g.Title)
		}
		if g.Source != "" {
			fmt.Fprintf(&b, " (%s)", g.Source)
		}
		b.WriteString("\n")
		decks := "one " + g.Deck.String() + " deck"
		if g.Copies == 2 {
			decks = "two " + g.Deck.String() + " decks"
		} else if g.Copies != 1 {
			decks = fmt.Sprintf("%d %s decks", g.Copies, g.Deck)
		}
		fmt.Fprintf(&b, "  deck: %s, %d cards\n", decks, g.DealSize())
		if len(g.Options) == 0 {
			b.WriteString("  no choices: the deal decides the game\n")
			continue
		}
		width := 0
		spec := make([]string, len(g.Options))
		for j, o := range g.Options {
			spec[j] = optionSpec(o)
			width = max(width, len(spec[j]))
		}
		for j, o := range g.Options {
			fmt.Fprintf(&b, "  %-*s  %s\n", width, spec[j], o.Doc)
		}
	}
	_, err := io.Out.Write([]byte(b.String()))
	return err
}

// optionSpec spells an option as typed: "--play forced (default) | free",
// "--passes 2 (default) | N", "--provisional-wrap (default off)".
func optionSpec(o games.Option) string {
	flag := "--" + o.Flag
	if len(o.Values) > 0 {
		vals := make([]string, len(o.Values))
		for i, v := range o.Values {
			vals[i] = v
			if v == o.Default {
				vals[i] += " (default)"
			}
		}
		return flag + " " + strings.Join(vals, " | ")
	}
	switch o.Default {
	case "false", "":
		return flag + " (default off)"
	case "true":
		return flag + " (default on)"
	}
	return fmt.Sprintf("%s %s (default) | N", flag, o.Default)
}
