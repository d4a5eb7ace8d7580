package games

import (
	"context"
	"fmt"
	"strings"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state"
)

// Style is how a layout is drawn: Color adds ANSI colours and suit glyphs.
type Style struct{ Color bool }

// Config is one solve: the rules, the strategy's heuristics, and the search
// options (limits, the transposition table already built, progress).
type Config struct {
	Rules    solution.Rules
	Strategy solver.Strategy
	Search   solver.Options
}

// Outcome is a solve's answer in RULES.md notation.
type Outcome struct {
	Verdict solver.Verdict
	Reason  string          // for Unknown
	Moves   []solution.Move // for Winnable: the line in JSON notation
	Human   []string        // the same line in readable notation, one per move
	Stats   solver.Stats
}

// Option is one rule flag a game accepts, for `games` and flag checking.
type Option struct {
	Flag    string   // CLI flag name, e.g. "play"
	Default string   // default value as typed on the command line
	Values  []string // accepted values; empty means a number (passes) or a switch
	Doc     string   // one line, with the RULES.md reason
}

// Game is one row of the table.
type Game struct {
	Name     string // CLI and JSON name
	Title    string // the source's name
	Source   string // where the rules come from
	Deck     deck.Kind
	Copies   int // decks in the deal: 2 for Il Ventaglio
	Defaults solution.Rules
	Options  []Option
	// Solve decides deal under cfg. The error is for rules the game rejects.
	Solve func(ctx context.Context, deal []deck.Card, cfg Config) (Outcome, error)
	// Verify replays moves from deal under r with the plain referee in
	// package verify: nil only for a legal, complete win.
	Verify func(deal []deck.Card, r solution.Rules, moves []solution.Move) error
	// Layout draws the starting position as the table looks.
	Layout func(deal []deck.Card, r solution.Rules, st Style) string
	// SearchHeap is the memory, in bytes, a solve may hold beside its
	// transposition table at once (stacks, beams): what a caller adds to
	// the table's budget when it bounds the heap. 0: negligible.
	SearchHeap int64
}

// All is the table, in the order `games` lists it.
func All() []Game {
	return []Game{ventaglio(), reloj(), sietes(), orologio(), orologio52()}
}

// Names lists the game names.
func Names() []string {
	var out []string
	for _, g := range All() {
		out = append(out, g.Name)
	}
	return out
}

// Lookup finds a game by name; the error lists the known games.
func Lookup(name string) (Game, error) {
	for _, g := range All() {
		if g.Name == name {
			return g, nil
		}
	}
	return Game{}, fmt.Errorf("unknown game %q (games: %s)", name, strings.Join(Names(), ", "))
}

// DealSize is the number of cards in a deal of g.
func (g Game) DealSize() int { return g.Copies * g.Deck.Size() }

// SeedDeal deals g from seed (RULES.md, "Deals from a seed").
func (g Game) SeedDeal(seed uint64) []deck.Card { return deck.Deal(g.Deck, g.Copies, seed) }

// CheckRules rejects rules g does not accept: an unknown play mode, negative
// passes, or Il Ventaglio's options on another game.
func (g Game) CheckRules(r solution.Rules) error {
	for _, o := range g.Options {
		if o.Flag == "play" && !contains(o.Values, r.Play) {
			return fmt.Errorf("%s: unknown --play %q (want %s)", g.Name, r.Play, strings.Join(o.Values, " or "))
		}
		if o.Flag == "empty-provisional" && !contains(o.Values, r.EmptyProvisional) {
			return fmt.Errorf("%s: unknown --empty-provisional %q (want %s)", g.Name, r.EmptyProvisional, strings.Join(o.Values, " or "))
		}
	}
	if r.Passes < 0 {
		return fmt.Errorf("%s: --passes %d: must be 0 (unlimited) or more", g.Name, r.Passes)
	}
	if !g.hasOption("provisional-wrap") && r.ProvisionalWrap != nil {
		return fmt.Errorf("%s: --provisional-wrap is an option of ventaglio only", g.Name)
	}
	if !g.hasOption("empty-provisional") && r.EmptyProvisional != "" {
		return fmt.Errorf("%s: --empty-provisional is an option of ventaglio only", g.Name)
	}
	if !g.hasOption("play") && r.Play != g.Defaults.Play {
		return fmt.Errorf("%s: the game has no choices; --play does not apply", g.Name)
	}
	if !g.hasOption("passes") && r.Passes != g.Defaults.Passes {
		return fmt.Errorf("%s: the game has no choices; --passes does not apply", g.Name)
	}
	return nil
}

func (g Game) hasOption(flag string) bool {
	for _, o := range g.Options {
		if o.Flag == flag {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// Solve runs the generic search on one game's packed rules and turns the
// winning line into RULES.md notation by replaying it from start: describe
// names a move in the position before it (JSON move and readable line).
func Solve[S any, M any, G solver.Game[S, M]](ctx context.Context, g G, start S, opt solver.Options,
	describe func(s *S, m M) (solution.Move, string)) Outcome {
	res := solver.Solve[S, M, G](ctx, g, start, opt)
	out := Outcome{Verdict: res.Verdict, Reason: res.Reason, Stats: res.Stats}
	s := start
	for _, m := range res.Line {
		jm, human := describe(&s, m)
		out.Moves = append(out.Moves, jm)
		out.Human = append(out.Human, human)
		g.Apply(&s, m)
	}
	return out
}

// playPasses reads the two rules every game with a stock has (RULES.md,
// "Play modes"; passes 0 = unlimited) for the game named name.
func playPasses(name string, r solution.Rules) (state.Play, int, error) {
	p, err := state.ParsePlay(r.Play)
	if err != nil {
		return p, 0, fmt.Errorf("%s: %v", name, err)
	}
	if r.Passes < 0 {
		return p, 0, fmt.Errorf("%s: --passes %d: must be 0 (unlimited) or more", name, r.Passes)
	}
	return p, r.Passes, nil
}
