package cli

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// flagError rewrites pflag's parse errors without Go internals, saying what
// the flag takes:
// `invalid argument "x" for "--max-nodes" flag: strconv.ParseInt: parsing "x": invalid syntax`
// becomes `invalid argument "x" for "--max-nodes" flag: want a whole number`;
// a bool flag wants true or false, a duration flag a duration with its unit.
// An unknown flag and a flag without its value put the flag first, as every
// message puts what is wrong first: "--bogus: unknown flag (see 'solitario
// solve --help')", "--game: needs a value".
func flagError(c *cobra.Command, err error) error {
	if e := refusalError(err); e != nil {
		return e
	}
	e := pflagError(c, err)
	if m := invalidArgument.FindStringSubmatch(e.Error()); m != nil {
		// pflag's `invalid argument "5" for "-j, --workers" flag: why` in
		// the project's words, as a refusal is: `--workers "5": why`.
		return fmt.Errorf("--%s %q: %s", m[2], m[1], m[3])
	}
	return e
}

// invalidArgument is pflag's wording of a value a flag refuses: the
// value, the flag's long name and why.
var invalidArgument = regexp.MustCompile(`^invalid argument "((?:[^"\\]|\\.)*)" for "(?:-\w, )?--([\w-]+)" flag: (.*)$`)

// pflagError is flagError's rewording of pflag's own text.
func pflagError(c *cobra.Command, err error) error {
	msg := err.Error()
	help := "'" + c.CommandPath() + " --help'" // "solitario completion zsh", not "solitario zsh"
	if f, ok := strings.CutPrefix(msg, "unknown flag: "); ok {
		if near := nearFlag(c, strings.TrimPrefix(f, "--")); near != "" {
			return fmt.Errorf("%s: unknown flag, did you mean --%s? (see %s)", f, near, help)
		}
		return fmt.Errorf("%s: unknown flag (see %s)", f, help)
	}
	if s, ok := strings.CutPrefix(msg, "unknown shorthand flag: "); ok { // "'v' in -v"
		return fmt.Errorf("-%s: unknown flag (see %s)", strings.Trim(s[:strings.Index(s+" ", " ")], "'"), help)
	}
	if f, ok := strings.CutPrefix(msg, "flag needs an argument: "); ok {
		if strings.HasPrefix(f, "'") { // "'g' in -g"
			f = "-" + strings.Trim(f[:strings.Index(f+" ", " ")], "'")
		}
		return fmt.Errorf("%s: needs a value", f)
	}
	if i := strings.Index(msg, "strconv."); i >= 0 {
		why := msg[strings.LastIndex(msg, ": ")+2:]
		switch {
		case strings.HasPrefix(msg[i:], "strconv.ParseBool"):
			why = "want true or false"
		case why == "invalid syntax" && strings.HasPrefix(msg[i:], "strconv.ParseUint"):
			why = "want a whole number, 0 or more"
		case why == "invalid syntax":
			why = "want a whole number"
		case why == "value out of range":
			why = "out of range" + rangeText(err)
		}
		return errors.New(msg[:i] + why)
	}
	if i := strings.Index(msg, "time: "); i >= 0 {
		if strings.Contains(msg[i:], "time: invalid duration") && durationShape.MatchString(msg[i:]) {
			// Well formed, so too long: time.Duration holds about 292 years.
			return errors.New(msg[:i] + "out of range: at most 2562047h")
		}
		return errors.New(msg[:i] + "want a duration with its unit, e.g. 30s, 5m, 1h30m")
	}
	return err
}

// refusalError is pflag's error for a refusal, worded `--seed "abc": why`
// or "--after: empty file name"; nil for other errors.
func refusalError(err error) error {
	var ie *pflag.InvalidValueError
	var r refusal
	if !errors.As(err, &ie) || !errors.As(err, &r) {
		return nil
	}
	if v := ie.GetValue(); v != "" && v != "-" {
		return fmt.Errorf("--%s %q: %v", ie.GetFlag().Name, v, r.error)
	}
	return fmt.Errorf("--%s: %v", ie.GetFlag().Name, r.error)
}

// nearFlag is the one flag of c whose name shares with name a prefix of at
// least 4 letters and all but the last 2 of either (--strategy for
// --strategies, --seed for --seeds); else the one nearest by edits, at
// most 2 and fewer than half of name's letters (--seed for --sed, --game
// for --gmae); "" if none or several are as near.
func nearFlag(c *cobra.Command, name string) string {
	var near []string
	best, nearest := 3, []string(nil)
	c.Flags().VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		n := 0
		for n < len(name) && n < len(f.Name) && name[n] == f.Name[n] {
			n++
		}
		if n >= 4 && n >= min(len(name), len(f.Name))-2 {
			near = append(near, f.Name)
		}
		switch d := edits(name, f.Name); {
		case 2*d >= len(name) || d > best:
		case d < best:
			best, nearest = d, []string{f.Name}
		default:
			nearest = append(nearest, f.Name)
		}
	})
	if len(near) == 0 && len(nearest) == 1 {
		return nearest[0]
	}
	if len(near) != 1 {
		return ""
	}
	return near[0]
}

// edits is the Levenshtein distance between a and b, a letter swapped
// counting as one (gmae, game).
func edits(a, b string) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// durationShape is a duration as time.ParseDuration reads it, quoted in its
// error: one that fails anyway is out of range.
var durationShape = regexp.MustCompile(`"[-+]?([0-9]*(\.[0-9]*)?(ns|us|µs|ms|s|m|h))+"`)

// rangeText is the range of the whole-number flag err names, as
// " (at most 9223372036854775807)" or its own span " (1 to 8)", or "" when
// err names none.
func rangeText(err error) string {
	var ie *pflag.InvalidValueError
	if !errors.As(err, &ie) {
		return ""
	}
	if d, ok := ie.GetFlag().Value.(interface{ spanText() string }); ok && d.spanText() != "" {
		return " (" + d.spanText() + ")"
	}
	switch ie.GetFlag().Value.Type() {
	case "int":
		return fmt.Sprintf(" (at most %d)", math.MaxInt)
	case "int64":
		return fmt.Sprintf(" (at most %d)", int64(math.MaxInt64))
	case "int32":
		return fmt.Sprintf(" (at most %d)", math.MaxInt32)
	case "uint64":
		return fmt.Sprintf(" (at most %d)", uint64(math.MaxUint64))
	}
	return ""
}

// repeatedFlag refuses a flag given twice on the command line (--seed 1
// --seed 2, -s 1 --seed=2): pflag would keep the last value silently.
// Flags that collect values (slices, counts) may repeat. It reads args as
// pflag will, with the flags of the command they name; anything it does not
// know (an unknown flag, a bad command) it leaves to cobra's own errors.
func repeatedFlag(root *cobra.Command, args []string) error {
	c, _, err := root.Find(args)
	if err != nil || c == nil {
		return nil
	}
	fs := c.Flags()
	seen := map[string]bool{}
	once := func(f *pflag.Flag) error {
		t := f.Value.Type()
		if t == "count" || strings.HasSuffix(t, "Slice") || strings.HasSuffix(t, "Array") || strings.HasPrefix(t, "stringTo") {
			return nil
		}
		if seen[f.Name] {
			return withCode(ExitError, fmt.Errorf("%s: --%s given twice", c.Name(), f.Name))
		}
		seen[f.Name] = true
		return nil
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return nil
		case strings.HasPrefix(a, "--"):
			name, _, hasValue := strings.Cut(a[2:], "=")
			f := fs.Lookup(name)
			if f == nil {
				continue
			}
			if err := once(f); err != nil {
				return err
			}
			if !hasValue && f.NoOptDefVal == "" {
				i++ // the value
			}
		case strings.HasPrefix(a, "-") && len(a) > 1:
			for j := 1; j < len(a); j++ {
				f := fs.ShorthandLookup(a[j : j+1])
				if f == nil {
					break
				}
				if err := once(f); err != nil {
					return err
				}
				if f.NoOptDefVal == "" {
					if j == len(a)-1 {
						i++ // the value is the next argument
					}
					break // the rest of a is the value
				}
			}
		}
	}
	return nil
}
