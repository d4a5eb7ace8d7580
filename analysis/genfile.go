package analysis

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/solitario/solitario/internal/strictjson"
	"github.com/solitario/solitario/internal/words"
	"github.com/solitario/solitario/solution"
)

// GenFile is gen's output file: JSON Lines of Generated, one winnable deal a
// line in increasing seed order, with no header. CreateGen never overwrites
// one; ResumeGen continues one, repairing a last line torn by a crash or a
// full disk.
type GenFile struct {
	Found int    // whole lines
	Next  uint64 // the seed after the last line's: where to go on
}

// ErrSeedsOut is ResumeGen's answer for a file whose last line is seed
// 2^64-1, the last seed: there is none to go on from (the file is left as
// it is).
var ErrSeedsOut = errors.New("its last line is seed 18446744073709551615, the last seed: no seed is left to go on from")

// GenRun is what a gen run's lines must agree with to be continued: the
// lines record game, rules and seed, not the limits (the caller keeps those
// the same, as analyze's header does).
type GenRun struct {
	Game     string
	Rules    solution.Rules
	From     uint64
	MinMoves int
	// Difficulty, when set (gen --difficulty), is the grade every line
	// has.
	Difficulty string
	// Replay replays a line with the game's referee (GameSolver.ReplayLine):
	// a line already in the file is checked as one gen writes, before
	// anything is appended. Nil checks the fields only.
	Replay func(*Generated) error
}

// CreateGen creates gen's output file and takes its lock (openLocked), as
// Create does analyze's. An existing non-empty file is left alone: the error
// says to resume it or remove it.
func CreateGen(name string) (*os.File, error) { return createLocked(name, genExistsError) }

func genExistsError(name string) error {
	return fmt.Errorf("--out %s: the file exists: add --resume to continue that list, or remove the file", name)
}

// ResumeGen opens gen's output file to append to it under run. A missing or
// empty file starts afresh. Otherwise every line must be a Generated of
// run's game and rules, no rules key left out (solution.CheckRulesGiven), seeds increasing from run.From, each line at least
// run.MinMoves moves, replaying through run.Replay (a run.From above the last line's seed goes on from
// run.From instead of the seed after it); a last line cut short (a crash, a full disk) is cut
// off, and so are blank lines after the last line; a whole last line
// without its newline gets one. The error names
// the file and line. The file is read after its lock is taken (openLocked),
// so a run still writing it is refused, not raced.
func ResumeGen(name string, run GenRun) (*os.File, GenFile, error) {
	return resumeGen(name, run, MaxLine)
}

// resumeGen is ResumeGen with a line at most maxLine bytes.
func resumeGen(name string, run GenRun, maxLine int) (*os.File, GenFile, error) {
	f, err := openLocked(name)
	if err != nil {
		return nil, GenFile{}, err
	}
	out, err := resumeLocked(f, name, run, maxLine)
	if err != nil {
		f.Close()
		return nil, out, err
	}
	return f, out, nil
}

// resumeLocked is resumeGen once f, name opened for appending, holds its lock.
func resumeLocked(f *os.File, name string, run GenRun, maxLine int) (GenFile, error) {
	out := GenFile{}
	first := uint64(0) // the first line's seed
	valid, newline := int64(0), true
	size, _, err := eachLine(name, maxLine, func(l jsonLine) error {
		lineNo, end, last := l.no, l.end, l.last
		if len(bytes.TrimSpace(l.text)) == 0 {
			return fmt.Errorf("%s:%d: cannot resume: %s", name, lineNo, blankLine("deal"))
		}
		var g Generated
		err := strictUnmarshal(l.text, &g, "gen line")
		if err != nil && lineNo == 1 && !(torn(err) && run.tornFirst(l.text) && l.final()) {
			// Not gen's: the user's own text (or another command's
			// JSON, a solve --json) is no line cut short.
			msg := fmt.Sprintf("%s: cannot resume: not a file gen writes (gen --out): line 1 is not a gen line of %s", name, run.Game)
			switch {
			case isKind(err, strictjson.Unknown) && hasKind(l.text):
				// analyze --jsonl's: name it, as merge names gen's.
				msg = fmt.Sprintf("%s: cannot resume: not a file gen writes (gen --out): line 1 is a run header of analyze --jsonl, which merge and report read", name)
			case !isKind(err, strictjson.NotJSON):
				msg += ": " + err.Error()
			}
			return errors.New(msg)
		}
		if err != nil && torn(err) && l.final() {
			return nil // torn: every proper prefix of a line ends inside it
		}
		if err == nil {
			err = lineRules(l.text)
		}
		if err == nil {
			err = run.check(&g, out)
		}
		if err == nil && run.Replay != nil {
			err = run.Replay(&g)
		}
		if err != nil {
			return fmt.Errorf("%s:%d: cannot resume: %v", name, lineNo, err)
		}
		if out.Found == 0 {
			first = g.Seed
		}
		out.Found++
		out.Next = g.Seed + 1
		valid, newline = end+1, !last
		if last {
			valid = end
		}
		return nil
	})
	if err != nil {
		return out, err
	}
	if out.Found > 0 && out.Next == 0 { // Next wrapped: the last line is the last seed
		return out, fmt.Errorf("%s: %w", name, ErrSeedsOut)
	}
	switch {
	case out.Found == 0:
		out.Next = run.From
	case first >= run.From:
	case run.From >= out.Next:
		// A --from past the last line goes on from there (gen's give-up
		// advice: the seeds between were tried).
		out.Next = run.From
	default:
		return out, fmt.Errorf("%s:1: cannot resume: seed %d is below --from %d (give the --from of the run that wrote the file, or one above its last seed, %d, to go on from there)", name, first, run.From, out.Next-1)
	}
	// What follows the last whole line (a torn one, blank lines) is cut off.
	if valid < size {
		if err := f.Truncate(valid); err != nil {
			return out, err
		}
	}
	if !newline {
		if _, err := f.Write([]byte{'\n'}); err != nil {
			return out, err
		}
	}
	return out, nil
}

// tornFirst reports whether line, the file's only line, which does not
// parse, is the start of a line of run's game cut short: how gen begins
// every line (Game is Generated's first field), or a prefix of that.
func (run GenRun) tornFirst(line []byte) bool {
	start := marshalLine(struct {
		Game string `json:"game"`
	}{run.Game})
	start = bytes.TrimSuffix(start, []byte("}\n"))
	return bytes.HasPrefix(line, start) || bytes.HasPrefix(start, line)
}

// check says why line g cannot be in run's file after the lines read so far.
func (run GenRun) check(g *Generated, so GenFile) error {
	switch {
	case g.Game != run.Game:
		return fmt.Errorf("the line is game %s, not %s", g.Game, run.Game)
	case !sameRules(g.Rules, run.Rules):
		return fmt.Errorf("the line's rules are %s, not %s", RulesString(g.Rules), RulesString(run.Rules))
	case so.Found > 0 && g.Seed < so.Next:
		return fmt.Errorf("seed %d is not above the line before's", g.Seed)
	case g.Result != Winnable || len(g.Moves) == 0:
		return fmt.Errorf("seed %d: not a winnable deal with its line", g.Seed)
	case g.MinMoves != 0 && g.MinMoves != run.MinMoves:
		return fmt.Errorf("the file holds a different run: made %s, not %s as this command asks", flagText("--min-moves", g.MinMoves), flagText("--min-moves", run.MinMoves))
	case len(g.Moves) < run.MinMoves:
		// A line that does not say (gen before lines said it, or none).
		return fmt.Errorf("seed %d: %s, fewer than --min-moves %d", g.Seed, words.Count(len(g.Moves), "move"), run.MinMoves)
	case lineGrade(g) != run.Difficulty:
		return fmt.Errorf("the file holds a different run: made %s, not %s as this command asks", flagText("--difficulty", lineGrade(g)), flagText("--difficulty", run.Difficulty))
	}
	return nil
}

// lineGrade is the --difficulty line g was kept under: its grade, which
// gen writes with --difficulty alone; "" for none.
func lineGrade(g *Generated) string {
	if g.Difficulty == nil {
		return ""
	}
	return g.Difficulty.Grade
}

// flagText is a gen filter as its flag: "with --min-moves 60", "without
// --min-moves" for its zero value.
func flagText[T comparable](flag string, v T) string {
	var zero T
	if v == zero {
		return "without " + flag
	}
	return fmt.Sprintf("with %s %v", flag, v)
}

// lineRules refuses a line whose "rules" leave out a key, as verify
// refuses it (solution.CheckRulesGiven): {"passes":0} would match a
// clock's {}. line is valid JSON.
func lineRules(line []byte) error {
	var given struct {
		Rules json.RawMessage `json:"rules"`
	}
	json.Unmarshal(bytes.TrimPrefix(line, []byte(words.BOM)), &given)
	if err := solution.CheckRulesGiven(given.Rules); err != nil {
		return fmt.Errorf("the line has %v", err)
	}
	return nil
}

// hasKind says whether line is a JSON object with a "kind" key, as a run
// header of analyze --jsonl is and no gen line.
func hasKind(line []byte) bool {
	var keys map[string]json.RawMessage
	if json.Unmarshal(line, &keys) != nil {
		return false
	}
	_, ok := keys["kind"]
	return ok
}
