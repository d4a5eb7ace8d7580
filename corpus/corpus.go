package corpus

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/words"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
)

// Ext is the extension of a corpus deal file.
const Ext = ".deal"

// File is one corpus deal file, parsed.
type File struct {
	Path   string         // as given to Load, joined with the directory by LoadDir
	Cards  []deck.Card    // in dealing order
	Expect solver.Verdict // the "# expect:" line: Winnable or Unwinnable
	Rules  games.Rules    // the game's defaults with the "# rules:" line applied
	Slow   bool           // a "# slow" line: skipped by the corpus test in -short mode
}

// maxFileBytes bounds what Load reads: a deal file is well under 1 KiB.
const maxFileBytes = 1 << 20

// Load reads one deal file of game g: the cards (deck.ParseDeal), the
// "# expect:" line (required), the "# rules:" line (optional) and "# slow".
// The error names the file and line.
func Load(path string, g games.Entry) (*File, error) {
	data, err := os.ReadFile(path)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return nil, fmt.Errorf("%s: %v", path, pe.Err) // not "open path: …"
	}
	if err != nil {
		return nil, err
	}
	if len(data) > maxFileBytes {
		return nil, fmt.Errorf("%s: file too large for a deal (over 1 MiB)", path)
	}
	return Parse(data, path, g)
}

// Parse is Load on the file's content; name is used in messages.
func Parse(data []byte, name string, g games.Entry) (*File, error) {
	if msg := words.UTF16(data); msg != "" {
		return nil, fmt.Errorf("%s:1: %s", name, msg) // as deck.ParseDeal says it
	}
	f := &File{Path: name}
	rules := g.Defaults.JSON()
	seen := map[string]int{}
	for no, line := range deck.DealLines(data) {
		key, val, ok := header(line)
		if !ok {
			continue
		}
		at := fmt.Sprintf("%s:%d", name, no)
		if prev, dup := seen[key]; dup {
			return nil, fmt.Errorf("%s: a second %q line (the first is line %d)", at, key, prev)
		}
		seen[key] = no
		switch key {
		case "expect":
			switch val {
			case "winnable":
				f.Expect = solver.Winnable
			case "unwinnable":
				f.Expect = solver.Unwinnable
			default:
				return nil, fmt.Errorf("%s: expect %q: want winnable or unwinnable", at, val)
			}
		case "rules":
			r, err := ApplyRules(rules, val, g)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", at, err)
			}
			rules = r
		case "slow":
			if val != "" {
				return nil, fmt.Errorf("%s: slow takes no value, got %q", at, val)
			}
			f.Slow = true
		}
	}
	if f.Expect == solver.Unknown {
		return nil, fmt.Errorf("%s: no \"# expect: winnable|unwinnable\" line", name)
	}
	r, err := g.Resolve(rules)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	f.Rules = r
	cards, err := deck.ParseDeal(bytes.NewReader(data), name, g.Deck, g.Copies)
	if err != nil {
		return nil, err
	}
	f.Cards = cards
	return f, nil
}

// RulesLine is the value of the "# rules:" line of a deal file's content
// (ok false when it has none), for a command that reads a deal file but not
// a corpus entry (solve --deal): the error names the file and line of a
// second one.
func RulesLine(data []byte, name string) (val string, line int, ok bool, err error) {
	for no, l := range deck.DealLines(data) {
		key, v, isHeader := header(l)
		if !isHeader || key != "rules" {
			continue
		}
		if ok {
			return "", 0, false, fmt.Errorf("%s:%d: a second \"rules\" line (the first is line %d)", name, no, line)
		}
		val, line, ok = v, no, true
	}
	return val, line, ok, nil
}

// header recognises "# expect: X", "# rules: ..." and "# slow" lines (key
// in any case, "# RULES:" too, spaces free: a key a user capitalised is no
// silent note); other comment lines are notes.
func header(line string) (key, val string, ok bool) {
	s := strings.TrimSpace(line)
	if !strings.HasPrefix(s, "#") {
		return "", "", false
	}
	s = strings.TrimSpace(s[1:])
	if strings.EqualFold(s, "slow") {
		return "slow", "", true
	}
	k, v, found := strings.Cut(s, ":")
	if !found {
		return "", "", false
	}
	k = strings.ToLower(strings.TrimSpace(k))
	switch k {
	case "expect", "rules", "slow":
		return k, strings.TrimSpace(v), true
	}
	return "", "", false
}

// ApplyRules sets the rules of a "# rules:" line over r: space-separated
// key=value pairs with the rule flags' names (RULES.md "Defaults and
// variants"): play=free|forced, passes=N (0 = unlimited),
// provisional-wrap=true|false, empty-provisional=fill|never. A key no game
// has is refused naming g's own rules; one of another game's is left to g's
// check (Entry.WithFlags), which says whose it is.
//
// A key given twice is refused: the line would say two rules at once, and
// which one held (the last) is nowhere visible. A comma is refused: the
// pairs are separated by spaces.
func ApplyRules(r solution.Rules, line string, g games.Entry) (solution.Rules, error) {
	seen := map[string]string{} // a key, as the switch names it, to its pair
	for _, kv := range strings.Fields(line) {
		if strings.Contains(kv, ",") {
			// "play=free, passes=1" would be refused as play "free,", or
			// as a play given twice naming "play=free,,".
			return r, fmt.Errorf("rules: %q: separate the pairs with spaces, not commas", kv)
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok || v == "" {
			return r, fmt.Errorf("rules: %q is not key=value", kv)
		}
		key := strings.ReplaceAll(k, "_", "-")
		if first, twice := seen[key]; twice {
			return r, fmt.Errorf("rules: %s is given twice (%s, then %s): give it once", key, first, kv)
		}
		seen[key] = kv
		switch key {
		case "play":
			r.Play = v
		case "passes":
			n, err := solution.ParsePasses(v)
			if err != nil {
				return r, fmt.Errorf("rules: passes=%s: want %v", v, err)
			}
			if g.Defaults.Choices == games.NoChoices && n != 1 {
				// Refused here, by the line: passes=0 alone would reach
				// g's check as {}, the clock's rules.
				return r, fmt.Errorf("rules: passes=%d: %s: the game has no choices; passes does not apply", n, g.Name)
			}
			r.Passes = n
		case "provisional-wrap":
			b, err := strconv.ParseBool(v)
			if err != nil {
				return r, fmt.Errorf("rules: provisional-wrap=%s: want true or false", v)
			}
			r.ProvisionalWrap = &b
		case "empty-provisional":
			r.EmptyProvisional = v
		default:
			return r, fmt.Errorf("rules: unknown rule %q (%s)", k, ownRules(g))
		}
	}
	return r, nil
}

// notFile names a type of file that is not a regular one, for an error.
func notFile(mode fs.FileMode) string {
	switch {
	case mode.IsDir():
		return "a directory"
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	}
	return "not a regular file"
}

// ownRules is the rules g's "# rules:" line may set, for an error message.
func ownRules(g games.Entry) string {
	if len(g.Options) == 0 {
		return g.Name + " has no rules to set: the deal decides the game"
	}
	var names []string
	for _, o := range g.Options {
		names = append(names, o.Flag)
	}
	return g.Name + "'s rules are " + strings.Join(names, ", ")
}

// LoadDir loads every *.deal file of dir (not recursing), sorted by name.
// A link counts as what it points to: a link to a file is a deal file, and
// one to nothing is an error, as a *.deal that is no file is (a directory,
// a FIFO, a device): a deal left out silently would shrink the corpus
// unseen, and a FIFO would be waited on.
func LoadDir(dir string, g games.Entry) ([]File, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), Ext) {
			continue
		}
		mode := e.Type()
		if mode&fs.ModeSymlink != 0 {
			st, err := os.Stat(filepath.Join(dir, e.Name()))
			var pe *fs.PathError
			if errors.As(err, &pe) {
				return nil, fmt.Errorf("%s: a link to a file that cannot be read: %v", filepath.Join(dir, e.Name()), pe.Err)
			}
			if err != nil {
				return nil, err
			}
			mode = st.Mode().Type()
		}
		if !mode.IsRegular() {
			return nil, fmt.Errorf("%s: %s, not a deal file (a corpus is the %s files of one directory, subfolders not read)", filepath.Join(dir, e.Name()), notFile(mode), Ext)
		}
		names = append(names, e.Name())
	}
	slices.Sort(names)
	var out []File
	for _, n := range names {
		f, err := Load(filepath.Join(dir, n), g)
		if err != nil {
			return nil, err
		}
		out = append(out, *f)
	}
	return out, nil
}

// LineFlags are the rules a deal file's "# rules:" line sets, as rule
// flags (nil where the line is silent), checked alone by g (Entry.WithFlags)
// so that an error names the line's words, not flags nobody gave; at says
// where the line is (FILE:LINE).
func LineFlags(g games.Entry, line, at string) (games.RuleFlags, error) {
	const unset = -1
	fr, err := ApplyRules(solution.Rules{Passes: unset}, line, g)
	if err != nil {
		return games.RuleFlags{}, fmt.Errorf("%s: %v", at, err)
	}
	var own games.RuleFlags
	if fr.Play != "" {
		own.Play = &fr.Play
	}
	if fr.Passes != unset {
		own.Passes = &fr.Passes
	}
	own.ProvisionalWrap = fr.ProvisionalWrap
	if fr.EmptyProvisional != "" {
		own.EmptyProvisional = &fr.EmptyProvisional
	}
	if _, err := g.WithFlags(own); err != nil {
		return games.RuleFlags{}, fmt.Errorf("%s: rules: %s", at, lineRules(err))
	}
	return own, nil
}

// lineRules words a rules error of games (which names flags) in the words
// of a "# rules:" line: --play "x" as play=x.
func lineRules(err error) string {
	return strings.NewReplacer(`--play "`, `play="`, `--passes "`, `passes="`, "--play", "play", "--passes", "passes",
		"--provisional-wrap", "provisional-wrap", "--empty-provisional", "empty-provisional").Replace(err.Error())
}

// ReadDealFile reads a deal file's content (docs/notation.md, "Deal
// files") as solve --deal reads it without rule flags: its cards in dealing
// order and the rules of its "# rules:" line over g's defaults. name names
// the file in errors, with the line and token at fault.
func ReadDealFile(data []byte, name string, g games.Entry) ([]deck.Card, games.Rules, error) {
	cards, err := deck.ParseDeal(bytes.NewReader(data), name, g.Deck, g.Copies)
	if err != nil {
		return nil, games.Rules{}, err
	}
	val, line, ok, err := RulesLine(data, name)
	if err != nil {
		return nil, games.Rules{}, err
	}
	var own games.RuleFlags
	if ok {
		if own, err = LineFlags(g, val, fmt.Sprintf("%s:%d", name, line)); err != nil {
			return nil, games.Rules{}, err
		}
	}
	r, err := g.WithFlags(own)
	return cards, r, err
}
