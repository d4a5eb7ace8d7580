package cli

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/solitario/solitario/analysis"
	"github.com/solitario/solitario/games"
)

// noArgs is the Args check of every command that takes flags only. It
// replaces cobra.NoArgs, whose `unknown command "42" for "solitario solve"`
// reads as if 42 were a misspelt command: the error names the stray
// arguments and, where one looks like a flag's value, the flag it was
// probably meant for, e.g.
//
//	solve: unexpected argument "42" (did you mean --seed 42?)
//
// Exit status ExitError.
func noArgs(c *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	quoted := make([]string, len(args))
	var hints []string
	for i, a := range args {
		quoted[i] = strconv.Quote(a)
		if h := argHint(c, a); h != "" {
			hints = append(hints, h)
		}
	}
	what := "argument"
	if len(args) > 1 {
		what = "arguments"
	}
	msg := fmt.Sprintf("%s: unexpected %s %s", c.Name(), what, strings.Join(quoted, " "))
	if len(hints) > 0 {
		msg += " (did you mean " + strings.Join(hints, " ") + "?)"
	} else {
		msg += fmt.Sprintf(": %s takes no arguments, only flags (see '%s --help')", c.Name(), c.CommandPath())
	}
	return withCode(ExitError, fmt.Errorf("%s", msg))
}

// fileArgs is the Args check of the commands that read JSONL files given
// as arguments (merge, report): at least one, none of them an empty name
// (which the system would report as a missing file called "") or "-". example
// is how to call c. Exit status ExitError.
func fileArgs(c *cobra.Command, files []string, example string) error {
	if len(files) == 0 { // cobra's own says "requires at least 1 arg(s)"
		return withCode(ExitError, fmt.Errorf("%s: no files: give the JSONL files written by 'analyze --jsonl', e.g. %s", c.Name(), example))
	}
	for i, f := range files {
		switch f {
		case "":
			return withCode(ExitError, fmt.Errorf("%s: argument %d: empty file name", c.Name(), i+1))
		case "-":
			return withCode(ExitError, fmt.Errorf("%s: argument %d: - (standard input) is not read here: give the files", c.Name(), i+1))
		}
	}
	return nil
}

// argHint is the flag and value a stray argument a most likely meant, among
// the flags c has: a game name is --game, a strategy --strategy, a decimal
// number --seed (or --seeds), a range A..B --seeds, an existing directory
// --corpus, and a file or "-" --deal (verify: --solution). "" when nothing
// fits.
func argHint(c *cobra.Command, a string) string {
	has := func(flag string) bool { return c.Flags().Lookup(flag) != nil }
	flag := ""
	switch {
	case has("game") && isGame(a):
		flag = "game"
	case has("strategy") && isStrategy(a):
		flag = "strategy"
	case isDecimal(a) && has("seed"):
		flag = "seed"
	case (isDecimal(a) || isRange(a)) && has("seeds"):
		flag = "seeds"
	case has("corpus") && isDir(a):
		flag = "corpus"
	case has("solution") && (a == "-" || isFile(a)):
		flag = "solution"
	case has("deal") && (a == "-" || isFile(a)):
		flag = "deal"
	}
	if flag == "" {
		return ""
	}
	return "--" + flag + " " + a
}

func isGame(a string) bool {
	_, err := games.Lookup(a)
	return err == nil
}

func isStrategy(a string) bool {
	_, err := games.LookupStrategy(a)
	return err == nil
}

func isDecimal(a string) bool {
	_, err := analysis.ParseSeed(a)
	return err == nil
}

// isRange is A..B with decimal ends, the form of --seeds.
func isRange(a string) bool {
	lo, hi, ok := strings.Cut(a, "..")
	return ok && isDecimal(lo) && isDecimal(hi)
}

func isDir(a string) bool {
	fi, err := os.Stat(a)
	return err == nil && fi.IsDir()
}

func isFile(a string) bool {
	fi, err := os.Stat(a)
	return err == nil && !fi.IsDir()
}
