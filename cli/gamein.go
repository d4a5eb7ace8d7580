package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/position"
	"github.com/solitario/solitario/solution"
)

// gameInProgressHelp is the paragraph of hint's and review's help on the
// forms of a game in progress they read.
const gameInProgressHelp = `A game in progress is what a player knows of it, in any of these forms (docs/notation.md):
a JSON object {"game", "seed" or "deal", "moves"} ("rules" left out are the game's, a
"result" is not read; what 'solve --json' prints is one); a JSON list of moves; or the
move list solve prints, one move a line, numbered or not, with the places as solve or deal
names them ("stock 5O -> pile 5", "a7 QH -> p2"). A list names no game or deal: give
--game and --seed or --deal (and rule flags when they are not the game's defaults). A
move that cannot be read, or is illegal, is named by its line.`

// gameFlags give hint, review and show what a list of moves lacks: the
// game, the deal (--seed or --deal) and the rules (the rule flags, default
// the game's). A JSON object names its own; given as well, they must agree
// with it (position.ReadGame).
type gameFlags struct {
	deal  dealFlags
	rules ruleFlags
}

func (f *gameFlags) add(c *cobra.Command) {
	addGameFlag(c, &f.deal.game, games.Names(), "the game, for a list of moves: "+strings.Join(games.Names(), ", "))
	c.Flags().VarP((*seedValue)(&f.deal.seed), "seed", "s", "the deal's seed, for a list of moves")
	pathFlag(c, &f.deal.dealFile, "deal", "d", "the deal file, for a list of moves")
	f.rules.add(c)
}

// given records the flags the user set.
func (f *gameFlags) given(c *cobra.Command) {
	f.deal.given(c)
	f.rules.given(c)
}

// known is what the flags say of the game (position.Known); nothing without
// --game, which the others need.
func (f *gameFlags) known(sio *IO, solutionFile string, lookup func(string) (games.Entry, error)) (position.Known, error) {
	var k position.Known
	if f.deal.game == "" {
		if f.deal.seedSet || f.deal.dealFile != "" || len(f.rules.set) > 0 {
			return k, errors.New("--seed, --deal and the rule flags go with --game")
		}
		return k, nil
	}
	if f.deal.dealFile == "-" && solutionFile == "-" {
		return k, errors.New("--deal - and --solution - both read standard input: give one of them as a file")
	}
	g, err := gameFlag(lookup, f.deal.game)
	if err != nil {
		return k, err
	}
	k.Game = g.Name
	if f.deal.seedSet || f.deal.dealFile != "" {
		if _, k.Deal, k.Seed, err = f.deal.load(sio, lookup); err != nil {
			return k, err
		}
	}
	if len(f.rules.set) > 0 || f.deal.rulesLine != "" {
		r, err := f.rules.rulesWithLine(g, f.deal.rulesLine, f.deal.rulesAt)
		if err != nil {
			return k, err
		}
		k.Rules = &r
	}
	return k, nil
}

// lookupWith is games.Lookup that finds g by its name first: the game a
// command resolved already, a test's fake game too.
func lookupWith(g games.Entry) func(string) (games.Entry, error) {
	return func(name string) (games.Entry, error) {
		if name == g.Name {
			return g, nil
		}
		return games.Lookup(name)
	}
}

// readGame reads the game in progress in file (--solution; "-": standard
// input) with what known says of it (position.ReadGame). Errors name the
// file, and the line for a move list.
func readGame(sio *IO, file string, known position.Known, lookup func(string) (games.Entry, error)) (line, error) {
	name := file
	if name == "-" {
		name = "stdin" // as for a deal file
	}
	data, err := readInput(sio, "--solution", file, solution.ReadGameText)
	if err != nil {
		return line{}, err // names the flag and the file
	}
	if err := solution.CheckSize(data); err != nil {
		var se *solution.ShapeError
		if errors.As(err, &se) && se.Empty && known.Game != "" {
			// The game was given: what is missing is its moves.
			return line{}, fmt.Errorf("%s: empty: no moves (a move list as solve prints it, a JSON list of moves or a solution object)", name)
		}
		return line{}, fmt.Errorf("%s: %v", name, err)
	}
	g, err := position.ReadGame(data, known, lookup)
	if err != nil {
		return line{}, fmt.Errorf("%s: %v", name, err)
	}
	return gameLine(name, g), nil
}

// gameLine is g, a game in progress read from name, as a line.
func gameLine(name string, g position.Game) line {
	sol := &solution.Solution{Game: g.Entry.Name, Rules: g.Rules.JSON(), Seed: g.Seed, Deal: g.Entry.Deck.TokenList(g.Deal), Result: g.Result, Moves: g.Moves}
	return line{name: name, game: g.Entry, deal: g.Deal, rules: g.Rules, sol: sol, read: g}
}
