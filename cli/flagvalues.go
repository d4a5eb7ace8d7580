package cli

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// refusal is the error of one of our flag values: flagError words it as
// run's own checks word a bad value, the flag and the value first
// (`--seed "abc": not a seed: ...`, as `--tt-mem "abc": not a size`), not as
// pflag does (`invalid argument "abc" for "-s, --seed" flag: ...`). An empty
// value and "-" are not quoted: the refusal names them ("empty file name").
type refusal struct{ error }

// decimal is an integer flag read in base 10 alone: pflag's IntVar reads
// Go literals (010 is 8, 0x3 is 3, 1_0 is 10, and 08 is refused), where
// every number on the command line is decimal, as --seed is. Type is
// pflag's name for T ("int", "int64", "uint64"), which the help and
// rangeText show. Span, when set, is the flag's own range ("1 to 8"),
// which rangeText names for a number beyond the type's too.
type decimal[T int | int64 | uint64] struct {
	p    *T
	span string
}

func (d decimal[T]) String() string {
	if u, ok := any(*d.p).(uint64); ok {
		return strconv.FormatUint(u, 10)
	}
	return strconv.FormatInt(int64(*d.p), 10)
}

func (d decimal[T]) Set(s string) error {
	var v T
	switch any(v).(type) {
	case uint64:
		u, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return err
		}
		v = T(u)
	case int:
		i, err := strconv.ParseInt(s, 10, strconv.IntSize)
		if err != nil {
			return err
		}
		v = T(i)
	default:
		i, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return err
		}
		v = T(i)
	}
	*d.p = v
	return nil
}

// spanText is the flag's own range, "" for the type's (rangeText).
func (d decimal[T]) spanText() string { return d.span }

func (d decimal[T]) Type() string {
	switch any(*d.p).(type) {
	case int:
		return "int"
	case uint64:
		return "uint64"
	}
	return "int64"
}

// decimalVar defines the decimal flag name (shorthand short, "" for none)
// on fs with default value, as pflag's IntVarP does.
func decimalVar[T int | int64 | uint64](fs *pflag.FlagSet, p *T, name, short string, value T, usage string) {
	*p = value
	fs.VarP(decimal[T]{p: p}, name, short, usage)
}

// spanVar is decimalVar for a flag whose values run lo to hi (checked by
// its command, which says why): a number too large for the type is then
// "out of range (lo to hi)", not the type's bound.
func spanVar(fs *pflag.FlagSet, p *int, name, short string, value, lo, hi int, usage string) {
	*p = value
	fs.VarP(decimal[int]{p: p, span: fmt.Sprintf("%d to %d", lo, hi)}, name, short, usage)
}

// stringFlag is what the string flags share: their text, and pflag's type
// "string", as --help showed it before they refused anything.
type stringFlag struct{ p *string }

func (v stringFlag) String() string {
	if v.p == nil {
		return ""
	}
	return *v.p
}

func (v stringFlag) Type() string { return "string" }

// nonEmptyValue is a string flag that refuses "" with why: pflag's string
// would take --tt "" as the flag not given (a script's --tt "$T" with T
// unset would run the strategy's table unseen).
type nonEmptyValue struct {
	stringFlag
	why string
}

func (v nonEmptyValue) Set(s string) error {
	if s == "" {
		return refusal{errors.New(v.why)}
	}
	*v.p = s
	return nil
}

// pathValue is a flag naming a file: given, it must name one. pflag's string
// would take --after "" as the flag not given (solve from the start, a page
// to standard output).
type pathValue string

func (v *pathValue) String() string { return string(*v) }

// Type is "string", as --help showed it before.
func (v *pathValue) Type() string { return "string" }

// errEmptyPath is pathValue's refusal.
var errEmptyPath = refusal{errors.New("empty file name")}

// Set refuses an empty name.
func (v *pathValue) Set(s string) error {
	if s == "" {
		return errEmptyPath
	}
	*v = pathValue(s)
	return nil
}

// pathFlag adds a file flag to c: a string flag, but for the empty name
// (pathValue).
func pathFlag(c *cobra.Command, p *string, name, shorthand, usage string) {
	c.Flags().VarP((*pathValue)(p), name, shorthand, usage)
}

// completeValues makes the shell completion of a flag offer its accepted
// values, no file names.
func completeValues(c *cobra.Command, flag string, values ...string) {
	// The error says only that the flag is missing or has a function already.
	_ = c.RegisterFlagCompletionFunc(flag, cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp))
}
