package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/verify"
)

// verifyOptions are the verify command's flags.
type verifyOptions struct {
	game   string
	file   string
	lookup func(string) (games.Entry, error) // the games table; tests pass fakes
}

// newVerifyCmd replays a solution object with the game's plain referee.
// The flags fill a verifyOptions, which runF (nil: runVerify) gets: tests
// pass their own.
func newVerifyCmd(io *IO, runF func(*verifyOptions) error) *cobra.Command {
	o := verifyOptions{lookup: games.Lookup}
	c := &cobra.Command{
		Use:   "verify --solution FILE|- [--game G]",
		Short: "Replay a solution (solve --json) and check that it wins",
		Long: `verify reads a solution object (docs/spec/RULES.md, "Solutions (JSON)"; what 'solve --json'
prints), deals its deal under its rules, and replays its moves with the game's plain
referee, written from docs/spec/RULES.md apart from the solver. It prints "ok: N moves, won" for a
legal winning line; otherwise it names the first illegal move, its number and why, or says
that the line ends short of a win. --game, when given, must match the object's game.
A result other than winnable in the file is reported, and its moves are replayed anyway.

Exit codes:
  0  every move is legal and the line wins
  1  a move is illegal, or the line does not win
  2  error: unreadable file or JSON, unknown game, bad deal token, rules the game rejects`,
		Example: `  solitario solve --game reloj --seed 1 --json > s1.json
  solitario verify --solution s1.json
  solitario solve --game reloj --seed 1 --json | solitario verify --game reloj --solution -`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error {
			if runF != nil {
				return runF(&o)
			}
			return runVerify(io, &o)
		},
	}
	c.Flags().StringVarP(&o.game, "game", "g", "", "game the solution must be for (default: the object's \"game\")")
	c.Flags().StringVar(&o.file, "solution", "", "solution file (JSON), - for standard input (required)")
	return c
}

// runVerify reads, checks and replays one solution.
func runVerify(io *IO, o *verifyOptions) error {
	if o.file == "" {
		return withCode(ExitError, fmt.Errorf("give the solution: --solution FILE, or - for standard input"))
	}
	if o.game != "" {
		if _, err := o.lookup(o.game); err != nil {
			return withCode(ExitError, fmt.Errorf("--game: %v", err))
		}
	}
	sol, err := readSolution(o.file, io)
	if err != nil {
		return withCode(ExitError, err)
	}
	name := sol.Game
	if o.game != "" && o.game != sol.Game {
		return withCode(ExitError, fmt.Errorf("--game %s, but the solution is for %q", o.game, sol.Game))
	}
	g, err := o.lookup(name)
	if err != nil {
		return withCode(ExitError, fmt.Errorf("%s: %v", o.file, err))
	}
	deal, err := parseDealTokens(g, sol.Deal)
	if err != nil {
		return withCode(ExitError, fmt.Errorf("%s: %v", o.file, err))
	}
	if sol.Seed != nil && !slices.Equal(deal, g.SeedDeal(*sol.Seed)) {
		return withCode(ExitError, fmt.Errorf("%s: the deal is not the deal of seed %d (drop \"seed\" for a deal from a file)", o.file, *sol.Seed))
	}
	rules, err := g.Resolve(sol.Rules)
	if err != nil {
		return withCode(ExitError, fmt.Errorf("%s: rules: %v", o.file, err))
	}
	claim := ""
	if sol.Result != "winnable" {
		claim = fmt.Sprintf(" (the file claims %q)", sol.Result)
		fmt.Fprintf(io.Out, "note: the file claims %q; replaying its %d moves anyway\n", sol.Result, len(sol.Moves))
	}
	err = g.Verify(deal, rules.JSON(), sol.Moves)
	var me *verify.MoveError
	var nw *verify.NotWonError
	switch {
	case err == nil:
		fmt.Fprintf(io.Out, "ok: %d moves, won%s\n", len(sol.Moves), claim)
		return nil
	case errors.As(err, &me), errors.As(err, &nw):
		return withCode(ExitFailed, fmt.Errorf("%s%s", err, claim))
	}
	return withCode(ExitError, fmt.Errorf("%s: %v", o.file, err))
}

// readSolution reads one solution object from a file or, for "-", from
// standard input. Errors name the file.
func readSolution(name string, sio *IO) (*solution.Solution, error) {
	var r io.Reader = sio.In
	if name != "-" {
		fh, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer fh.Close()
		r = fh
	}
	sol, err := solution.Read(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return sol, nil
}

// parseDealTokens turns a solution's deal into cards of g's deck: exactly
// g's deal size, each card as many times as the game has decks. The error
// names the token's 1-based index in "deal".
func parseDealTokens(g games.Entry, tokens []string) ([]deck.Card, error) {
	if len(tokens) != g.DealSize() {
		return nil, fmt.Errorf("deal has %d cards, %s deals %d", len(tokens), g.Name, g.DealSize())
	}
	count := make([]int, g.Deck.Size())
	deal := make([]deck.Card, len(tokens))
	for i, tok := range tokens {
		c, err := g.Deck.Parse(tok)
		if err != nil {
			return nil, fmt.Errorf("deal token %d %q: %v", i+1, tok, err)
		}
		count[g.Deck.Index(c)]++
		if count[g.Deck.Index(c)] > g.Copies {
			return nil, fmt.Errorf("deal token %d %q: card %s more than %d time(s) in the %s deal",
				i+1, tok, g.Deck.Token(c), g.Copies, strings.ToLower(g.Deck.String()))
		}
		deal[i] = c
	}
	return deal, nil
}
