package cli

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/solitario/solitario/analysis"
	"github.com/solitario/solitario/corpus"
	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/words"
	"github.com/solitario/solitario/position"
)

// dealFlags select a game and one deal: --game with --seed or --deal.
type dealFlags struct {
	game     string
	seed     uint64
	seedSet  bool // --seed was given (0 is a seed)
	dealFile string
	// rulesLine and rulesAt are the deal file's "# rules:" line, if it has
	// one, and where it is ("my.deal:3"); load sets them.
	rulesLine, rulesAt string
	// rulesFrom says where they come from for solve's header: "the rules
	// line my.deal:3", or "the \"rules\" of my.deal" for a JSON object.
	rulesFrom string
	// fileSeed is the seed a --deal file in JSON names (what deal --json
	// prints), nil for none; load sets it.
	fileSeed *uint64
}

func (f *dealFlags) add(c *cobra.Command) {
	addGameFlag(c, &f.game, games.Names(), "game: "+strings.Join(games.Names(), ", ")+" (required)")
	c.Flags().VarP((*seedValue)(&f.seed), "seed", "s", "deal number: a decimal seed from 0 to 18446744073709551615 (docs/notation.md)")
	pathFlag(c, &f.dealFile, "deal", "d", "deal file (tokens in dealing order), - for standard input")
}

// given records which of the flags the user set.
func (f *dealFlags) given(c *cobra.Command) { f.seedSet = c.Flags().Changed("seed") }

// load resolves the game in lookup (the games table; tests pass one that
// knows fake games) and the deal. seed is nil for a deal file.
func (f *dealFlags) load(io *IO, lookup func(string) (games.Entry, error)) (games.Entry, []deck.Card, *uint64, error) {
	g, err := gameFlag(lookup, f.game)
	if err != nil {
		return g, nil, nil, err
	}
	seedSet := f.seedSet
	switch {
	case seedSet && f.dealFile != "":
		return g, nil, nil, fmt.Errorf("give --seed or --deal, not both")
	case f.dealFile != "":
		d, err := f.readDealFile(g, io)
		return g, d, f.fileSeed, err
	case seedSet:
		s := f.seed
		return g, g.SeedDeal(s), &s, nil
	}
	return g, nil, nil, fmt.Errorf("give a deal: --seed N or --deal FILE")
}

// readDealFile reads the --deal file (or standard input), its cards and its
// "# rules:" line; or, for a JSON object (what deal --json prints, or a
// game in progress with no moves played), its deal, its seed and its
// "rules" (held as a "# rules:" line would be: a flag given overrides them).
func (f *dealFlags) readDealFile(g games.Entry, io *IO) ([]deck.Card, error) {
	name := f.dealFile
	if name == "-" {
		name = "stdin"
	}
	// ParseDeal refuses a file over its bound; read one byte more so that
	// it sees one.
	data, err := readInput(io, "--deal", f.dealFile, upTo(deck.MaxDealBytes+2))
	if err != nil {
		return nil, err
	}
	if t := bytes.TrimLeft(bytes.TrimPrefix(data, []byte(words.BOM)), " \t\r\n"); len(t) > 0 && t[0] == '{' {
		return f.readDealJSON(g, data, name)
	}
	cards, err := deck.ParseDeal(bytes.NewReader(data), name, g.Deck, g.Copies)
	if err != nil {
		return nil, err
	}
	val, line, ok, err := corpus.RulesLine(data, name)
	if err != nil {
		return nil, err
	}
	if ok {
		f.rulesLine, f.rulesAt = val, fmt.Sprintf("%s:%d", name, line)
		f.rulesFrom = "the rules line " + f.rulesAt
	}
	return cards, nil
}

// readDealJSON is readDealFile of a JSON object in data, read from name.
func (f *dealFlags) readDealJSON(g games.Entry, data []byte, name string) ([]deck.Card, error) {
	pg, err := position.ReadDeal(data, position.Known{Game: g.Name}, lookupWith(g))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, strings.Replace(err.Error(), "the line is of", "the deal is of", 1))
	}
	if len(pg.Moves) > 0 {
		return nil, fmt.Errorf("%s: a game with %s played, not a deal: give it to solve --after, or to hint, review or show --solution", name, words.Count(len(pg.Moves), "move"))
	}
	f.fileSeed = pg.Seed
	if r := pg.Rules.JSON(); !r.NoChoices() {
		f.rulesLine, f.rulesAt, f.rulesFrom = r.Flags(), name+` "rules"`, `the "rules" of `+name
	}
	return pg.Deal, nil
}

// gameFlag is the one check of --game: given, and a game of lookup (the
// games table; tests pass one that knows fake games).
func gameFlag(lookup func(string) (games.Entry, error), name string) (games.Entry, error) {
	if name == "" {
		return games.Entry{}, fmt.Errorf("--game is required (games: %s)", strings.Join(games.Names(), ", "))
	}
	return lookup(name)
}

// gameValue is a --game flag: given, it must name a game. pflag's string
// would take --game "" as the flag not given: "--game is required", or for
// verify no check of the object's game (a script's --game "$G" with G
// unset). names are the games the command takes, listed in the refusal as
// the unknown-game error lists them.
type gameValue struct {
	stringFlag
	names []string
}

func (v gameValue) Set(s string) error {
	if s == "" {
		return refusal{fmt.Errorf("empty game name (games: %s)", strings.Join(v.names, ", "))}
	}
	*v.p = s
	return nil
}

// addGameFlag adds --game (-g) to c, one of names (gameValue).
func addGameFlag(c *cobra.Command, p *string, names []string, usage string) {
	c.Flags().VarP(gameValue{stringFlag: stringFlag{p}, names: names}, "game", "g", usage)
	completeValues(c, "game", names...)
}

// seedValue is a --seed flag, read as each end of a --seeds range is
// (analysis.ParseSeed: decimal only; pflag's Uint64 would read 010 as octal
// 8 and 0x10 as 16).
type seedValue uint64

func (v *seedValue) String() string { return strconv.FormatUint(uint64(*v), 10) }

// Type names the value in --help.
func (v *seedValue) Type() string { return "N" }

// Set parses a decimal seed; the error says what a seed is.
func (v *seedValue) Set(s string) error {
	n, err := analysis.ParseSeed(s)
	if err != nil {
		return refusal{err}
	}
	*v = seedValue(n)
	return nil
}
