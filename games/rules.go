package games

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/state"
)

// Choices says which rule options a game has (RULES.md, each game's
// "Defaults and variants").
type Choices uint8

const (
	// PlayPasses: --play and --passes (Del reloj, De los sietes).
	PlayPasses Choices = iota
	// VentaglioChoices: --play, --passes, --provisional-wrap and
	// --empty-provisional.
	VentaglioChoices
	// NoChoices: the deal decides the game (the clocks): no option is in
	// force, and the rules object is empty, {} (read too: the earlier
	// play "none", one pass).
	NoChoices
)

// Rules are the rules a deal is played under, resolved and checked by
// Entry.Resolve or Entry.WithFlags: the one typed form the solvers read.
// JSON writes them back as RULES.md does, every option in force. The zero
// value is forced play with unlimited passes, no game's default: start from
// an Entry's Defaults.
type Rules struct {
	Choices   Choices
	Play      state.Play // how a drawn card is played (no meaning without choices)
	Passes    int        // passes through the stock, 0 = unlimited
	Wrap      bool       // Il Ventaglio: K and A are neighbours on the provisional bases
	KeepEmpty bool       // Il Ventaglio: an emptied provisional base stays empty
}

// clockRules are the rules of the games without choices.
func clockRules() Rules { return Rules{Choices: NoChoices, Passes: 1} }

// JSON is r as the RULES.md rules object, every option of the game in force.
func (r Rules) JSON() solution.Rules {
	switch r.Choices {
	case NoChoices:
		return solution.Rules{} // "rules": {}, RULES.md: every option in force, none
	case VentaglioChoices:
		wrap := r.Wrap
		empty := "fill"
		if r.KeepEmpty {
			empty = "never"
		}
		return solution.Rules{Play: r.Play.String(), Passes: r.Passes, ProvisionalWrap: &wrap, EmptyProvisional: empty}
	}
	return solution.Rules{Play: r.Play.String(), Passes: r.Passes}
}

// String is r for people: "play forced, passes 2" (solution.Rules.String).
func (r Rules) String() string { return r.JSON().String() }

// passesLine is a bound on a line's moves of perPass·N + rest for N passes,
// unlimited for N = 0 (Entry.MaxLine), without overflow.
func passesLine(r Rules, unlimited, perPass, rest int) int {
	switch {
	case r.Passes == 0:
		return unlimited
	case int64(r.Passes) > 1<<40: // int64: 1<<40 overflows a 32-bit int
		return math.MaxInt // no line is that long
	}
	return perPass*r.Passes + rest
}

// RuleFlags are the rule flags of a command line; nil is a flag not given.
type RuleFlags struct {
	Play             *string
	Passes           *int
	ProvisionalWrap  *bool
	EmptyProvisional *string
}

// WithFlags is g's defaults with the flags given applied, checked as
// Resolve checks a rules object.
func (g Entry) WithFlags(f RuleFlags) (Rules, error) {
	j := g.Defaults.JSON()
	if f.Play != nil {
		j.Play = *f.Play
	}
	if f.Passes != nil {
		j.Passes = *f.Passes
	}
	if f.ProvisionalWrap != nil {
		j.ProvisionalWrap = f.ProvisionalWrap
	}
	if f.EmptyProvisional != nil {
		j.EmptyProvisional = *f.EmptyProvisional
	}
	if f.Play != nil && *f.Play == "" && g.Defaults.Choices != NoChoices {
		// Resolve reads "" as rules left out ("must be given"); given, it is a value.
		_, err := g.parsePlay("")
		return Rules{}, err
	}
	if f.EmptyProvisional != nil && *f.EmptyProvisional == "" {
		// Resolve reads "" as left out; given, it is a value.
		if g.Defaults.Choices == VentaglioChoices {
			return Rules{}, fmt.Errorf("%s: unknown --empty-provisional \"\" (want fill or never)", g.Name)
		}
		return Rules{}, fmt.Errorf("%s: --empty-provisional is an option of ventaglio only", g.Name)
	}
	return g.Resolve(j)
}

// ResolveJSON is Resolve of the rules a file records (a solution object, a
// JSONL run header): its errors name the JSON fields ("rules.play"), not
// the command-line flags, which the file has none of.
func (g Entry) ResolveJSON(j solution.Rules) (Rules, error) {
	r, err := g.Resolve(j)
	if err != nil {
		return r, errors.New(strings.NewReplacer(
			"--play", `"rules.play"`, "--passes", `"rules.passes"`,
			"--provisional-wrap", `"rules.provisional_wrap"`, "--empty-provisional", `"rules.empty_provisional"`,
		).Replace(err.Error()))
	}
	return r, nil
}

// Resolve checks a rules object (a solution's, a corpus file's, the flags
// over the defaults) against g's options and returns it typed. Il
// Ventaglio's options left out take their defaults; an unknown play mode or
// empty-provisional value, negative passes, Il Ventaglio's options on
// another game, or --play or --passes on a game without choices are errors
// naming the game and the flag.
func (g Entry) Resolve(j solution.Rules) (Rules, error) {
	d := g.Defaults
	r := Rules{Choices: d.Choices}
	if d.Choices != VentaglioChoices {
		if j.ProvisionalWrap != nil {
			return r, fmt.Errorf("%s: --provisional-wrap is an option of ventaglio only", g.Name)
		}
		if j.EmptyProvisional != "" {
			return r, fmt.Errorf("%s: --empty-provisional is an option of ventaglio only", g.Name)
		}
	}
	if d.Choices == NoChoices {
		// {} as written now; play "none" and one pass as written before
		// (files made then are read, runs resumed). The one pass alone, the
		// one value, passes too (a solution, a run header, a deal file's
		// "# rules: passes=1"); play "none" alone does not: its passes,
		// left out, read as 0, unlimited. "passes": 0 alone is {} here: a
		// solution's and a run header's decoder (solution.CheckRulesGiven)
		// and a deal file's line, which see the key, refuse it.
		switch {
		case j.Play != "" && j.Play != "none":
			return r, fmt.Errorf("%s: the game has no choices; --play does not apply", g.Name)
		case j.Play == "none" && j.Passes == 0:
			return r, fmt.Errorf("%s: the game has no choices; --play \"none\", the old form of its rules, goes with --passes 1, not 0 (unlimited passes; left out, --passes reads as 0)", g.Name)
		case j.Passes != 1 && j != (solution.Rules{}):
			return r, fmt.Errorf("%s: the game has no choices; --passes does not apply", g.Name)
		}
		return d, nil
	}
	if j.Play == "" { // "rules": {}, which only a game without choices has
		return r, fmt.Errorf("%s: the game has choices: --play and --passes must be given", g.Name)
	}
	var err error
	if r.Play, err = g.parsePlay(j.Play); err != nil {
		return r, err
	}
	if j.Passes < 0 {
		// The range a number past int gets from the decoder and the flag.
		return r, fmt.Errorf("%s: --passes must be %s, not %d", g.Name, solution.PassesRange(), j.Passes)
	}
	r.Passes = j.Passes
	if d.Choices == VentaglioChoices {
		r.Wrap = d.Wrap
		if j.ProvisionalWrap != nil {
			r.Wrap = *j.ProvisionalWrap
		}
		switch j.EmptyProvisional {
		case "":
			r.KeepEmpty = d.KeepEmpty
		case "fill", "never":
			r.KeepEmpty = j.EmptyProvisional == "never"
		default:
			return r, fmt.Errorf("%s: unknown --empty-provisional %q (want fill or never)", g.Name, j.EmptyProvisional)
		}
	}
	return r, nil
}

// parsePlay reads a play mode; the error lists the modes, the game's
// default first.
func (g Entry) parsePlay(s string) (state.Play, error) {
	p, err := state.ParsePlay(s)
	if err != nil {
		modes := []string{"forced", "free"}
		if g.Defaults.Play == state.Free {
			modes = []string{"free", "forced"}
		}
		return p, fmt.Errorf("%s: unknown --play %q (want %s)", g.Name, s, strings.Join(modes, " or "))
	}
	return p, nil
}
