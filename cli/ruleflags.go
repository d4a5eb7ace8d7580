package cli

import (
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/solitario/solitario/corpus"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solution"
)

// ruleFlags are the rule options of RULES.md; unset flags take the game's
// defaults.
type ruleFlags struct {
	play             string
	passes           int
	provisionalWrap  bool
	emptyProvisional string
	flags            games.RuleFlags // the flags given, pointing at the values above
	set              []string        // their names, in the order of add
}

func (f *ruleFlags) add(c *cobra.Command) {
	c.Flags().StringVar(&f.play, "play", "", "play mode: free or forced (default: the game's)")
	c.Flags().Var((*passesValue)(&f.passes), "passes", "passes through the stock, 0 = unlimited (default: the game's)")
	c.Flags().BoolVar(&f.provisionalWrap, "provisional-wrap", false, "ventaglio: K and A are neighbours on provisional bases")
	c.Flags().StringVar(&f.emptyProvisional, "empty-provisional", "", "ventaglio: fill (default) or never")
	completeValues(c, "play", "free", "forced")
	completeValues(c, "empty-provisional", "fill", "never")
}

// given records the flags the user set: the others take the game's
// defaults (games.Entry.WithFlags).
func (f *ruleFlags) given(c *cobra.Command) {
	f.set, f.flags = nil, games.RuleFlags{}
	changed := func(name string) bool {
		if !c.Flags().Changed(name) {
			return false
		}
		f.set = append(f.set, name)
		return true
	}
	if changed("play") {
		f.flags.Play = &f.play
	}
	if changed("passes") {
		f.flags.Passes = &f.passes
	}
	if changed("provisional-wrap") {
		f.flags.ProvisionalWrap = &f.provisionalWrap
	}
	if changed("empty-provisional") {
		f.flags.EmptyProvisional = &f.emptyProvisional
	}
}

// rules are g's rules with the flags given (games.Entry.WithFlags checks them).
func (f *ruleFlags) rules(g games.Entry) (games.Rules, error) {
	if err := f.noChoices(g); err != nil {
		return games.Rules{}, err
	}
	return g.WithFlags(f.flags)
}

// noChoices refuses --play and --passes on a game without choices whatever
// their value: WithFlags, like a solution file's rules, accepts the one rule
// set ("none", 1), but on the command line --passes 1 is a choice the game
// lacks as much as --passes 2.
func (f *ruleFlags) noChoices(g games.Entry) error {
	if g.Defaults.Choices != games.NoChoices {
		return nil
	}
	switch {
	case f.flags.Play != nil:
		return fmt.Errorf("%s: the game has no choices; --play does not apply", g.Name)
	case f.flags.Passes != nil:
		return fmt.Errorf("%s: the game has no choices; --passes does not apply", g.Name)
	}
	return nil
}

// rulesWithLine is rules with a deal file's "# rules:" line (at says where)
// under the flags: the file's rules hold unless a flag given on the command
// line sets the same option.
func (f *ruleFlags) rulesWithLine(g games.Entry, line, at string) (games.Rules, error) {
	if line == "" {
		return f.rules(g)
	}
	if err := f.noChoices(g); err != nil {
		return games.Rules{}, err
	}
	own, err := corpus.LineFlags(g, line, at)
	if err != nil {
		return games.Rules{}, err
	}
	given := f.flags // a copy: the file fills what the flags leave unset
	if given.Play == nil {
		given.Play = own.Play
	}
	if given.Passes == nil {
		given.Passes = own.Passes
	}
	if given.ProvisionalWrap == nil {
		given.ProvisionalWrap = own.ProvisionalWrap
	}
	if given.EmptyProvisional == nil {
		given.EmptyProvisional = own.EmptyProvisional
	}
	r, err := g.WithFlags(given)
	if err != nil {
		return r, fmt.Errorf("%v (the rules of %s's \"# rules: %s\" under the flags given)", err, at, line)
	}
	return r, nil
}

// passesValue is a --passes flag, read as a deal file's "# rules:
// passes=N" is (solution.ParsePasses: decimal, no sign; pflag's Int would
// read 010 as octal 8) and refused with the range a solution's "rules.passes" is (a value
// past int, a fraction, 1e+30, a negative: solution.PassesRange).
type passesValue int

func (v *passesValue) String() string { return strconv.Itoa(int(*v)) }

// Type names the value in --help, as pflag's Int does.
func (v *passesValue) Type() string { return "int" }

// Set parses a pass count, 0 or more.
func (v *passesValue) Set(s string) error {
	n, err := solution.ParsePasses(s)
	if err != nil {
		return refusal{fmt.Errorf("must be %v", err)}
	}
	*v = passesValue(n)
	return nil
}
