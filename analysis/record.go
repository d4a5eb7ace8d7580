package analysis

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/solitario/solitario/difficulty"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/solitario/solitario/internal/strictjson"
	"github.com/solitario/solitario/internal/words"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
)

// Record is one deal's line in the JSONL file. Results use the RULES.md
// spelling: "winnable", "unwinnable" or "unknown".
type Record struct {
	Seed   uint64 `json:"seed"`
	Result string `json:"result"`
	// Reason says which limit stopped an unknown deal: "max-nodes",
	// "timeout" or "max-depth". A deal stopped by Ctrl-C is never recorded.
	Reason string `json:"reason,omitempty"`
	// Nodes is the search's node count (solver.Stats.Nodes).
	Nodes int64 `json:"nodes"`
	// MS is the wall time of the solve in milliseconds, to the microsecond.
	MS float64 `json:"ms"`
	// Moves is the length of the winning line; absent unless winnable.
	Moves int `json:"moves,omitempty"`
	// Step names the plan's step that decided the deal (e.g.
	// "beam-along", games.Outcome.Step) and StepNodes the nodes it had
	// used then; absent for an unknown deal, one lost at the start and a
	// solve without a plan (and in files written before them).
	Step      string `json:"step,omitempty"`
	StepNodes int64  `json:"step_nodes,omitempty"`
	// Difficulty is a winnable deal's difficulty (analyze --difficulty,
	// package difficulty) and DifficultyMS the wall time of its play-outs
	// in milliseconds, apart from MS; absent otherwise.
	Difficulty   *solution.Difficulty `json:"difficulty,omitempty"`
	DifficultyMS float64              `json:"difficulty_ms,omitempty"`
	// DifficultyCheck is the check play-outs (analyze --difficulty-check:
	// difficulty.Policy.First = the default's count), independent of those
	// that graded the deal.
	DifficultyCheck *difficulty.Figure `json:"difficulty_check,omitempty"`
}

// Results as written in records.
const (
	Winnable   = "winnable"
	Unwinnable = "unwinnable"
	Unknown    = "unknown"
)

func (r Record) check() error {
	switch r.Result {
	case Winnable, Unwinnable:
		if r.Reason != "" {
			return fmt.Errorf("seed %d: a %s deal has a reason", r.Seed, r.Result)
		}
	case Unknown:
		if r.Reason == "" {
			return fmt.Errorf("seed %d: an unknown deal has no reason", r.Seed)
		}
		if r.Step != "" {
			return fmt.Errorf("seed %d: an unknown deal has a step", r.Seed)
		}
	default:
		return fmt.Errorf("seed %d: result %q (want winnable, unwinnable or unknown)", r.Seed, r.Result)
	}
	if (r.Difficulty != nil || r.DifficultyCheck != nil) && r.Result != Winnable {
		return fmt.Errorf("seed %d: a %s deal has a difficulty", r.Seed, r.Result)
	}
	switch {
	case r.Nodes < 0:
		return fmt.Errorf(`seed %d: "nodes" must be 0 or more, not %d`, r.Seed, r.Nodes)
	case r.MS < 0:
		return fmt.Errorf(`seed %d: "ms" must be 0 or more, not %g`, r.Seed, r.MS)
	case r.Moves < 0:
		return fmt.Errorf(`seed %d: "moves" must be 0 or more, not %d`, r.Seed, r.Moves)
	case r.StepNodes < 0 || r.StepNodes > r.Nodes:
		return fmt.Errorf(`seed %d: "step_nodes" must be 0 to "nodes" (%d), not %d`, r.Seed, r.Nodes, r.StepNodes)
	case r.StepNodes > 0 && r.Step == "":
		return fmt.Errorf(`seed %d: "step_nodes" without a "step"`, r.Seed)
	}
	return nil
}

// Header kinds: the first line of a file is a "run"; each resume appends a
// "resume" line recording who continued it.
const (
	KindRun    = "run"
	KindResume = "resume"
)

// FormatVersion is the JSONL layout version written in every header.
const FormatVersion = 1

// Header describes a run: written as the first JSONL line and at the top of
// analyze --json. Game, Rules, Strategy and Limits decide the verdicts, so
// resume and merge require them equal; Seeds and Shard say which deals the
// file is meant to hold.
type Header struct {
	Kind     string         `json:"kind"`
	Format   int            `json:"format"`
	Commit   string         `json:"commit"` // vcs.revision of the binary, "-dirty" if modified, or "unknown"
	Machine  Machine        `json:"machine"`
	Workers  int            `json:"workers"`
	Started  string         `json:"started"` // RFC 3339, UTC
	Game     string         `json:"game"`
	Rules    solution.Rules `json:"rules"`
	Strategy string         `json:"strategy"`
	Limits   Limits         `json:"limits"`
	Seeds    Range          `json:"seeds"`
	Shard    Shard          `json:"shard"`
	Command  []string       `json:"command,omitempty"` // the command line that made the run, program first
	// Difficulty is what the run measures of each winnable deal's
	// difficulty (analyze --difficulty): "" nothing, DifficultyGrade, or
	// DifficultyCheck with the check play-outs. A resumed run must
	// measure the same.
	Difficulty string `json:"difficulty,omitempty"`
}

// Header.Difficulty's values.
const (
	DifficultyGrade = "grade"
	DifficultyCheck = "grade+check"
)

// Machine is where a run ran.
type Machine struct {
	Hostname string `json:"hostname"`
	GOOS     string `json:"goos"`
	GOARCH   string `json:"goarch"`
	Cores    int    `json:"cores"` // runtime.NumCPU
	Go       string `json:"go"`    // runtime.Version
}

// Limits bound each deal's search. TTMem is the whole process's table budget
// in bytes, split evenly between the workers.
type Limits struct {
	MaxNodes  int64  `json:"max_nodes"`  // 0 = none
	TimeoutMS int64  `json:"timeout_ms"` // 0 = none
	TTMem     int64  `json:"tt_mem"`
	Table     string `json:"tt"` // flat, ristretto or none
}

// Text is the limits as every summary of a run says them (analyze,
// merge, the report page): "tt flat, tt-mem 256MiB, max-nodes 50000000,
// timeout none".
func (l Limits) Text() string {
	return fmt.Sprintf("tt %s, tt-mem %s, max-nodes %d, timeout %s", l.Table, SizeText(l.TTMem), l.MaxNodes, timeoutText(l.TimeoutMS))
}

func timeoutText(ms int64) string {
	if ms == 0 {
		return "none"
	}
	return (time.Duration(ms) * time.Millisecond).String()
}

// SizeText is b bytes as people read a size, in binary units: a whole
// number of the largest unit it is one of, as --tt-mem is written
// ("256MiB", "1GiB", "512B"), else three significant digits ("3.50KiB",
// "95.3MiB"). It is the one size formatter of the summaries and bench's
// tables; error messages that must be exact say sizes with sameUnit.
func SizeText[N ~int64 | ~uint64](b N) string {
	if b < 0 {
		b = 0
	}
	units := []string{"B", "KiB", "MiB", "GiB", "TiB"}
	n, u := uint64(b), 0
	for n >= 1024 && n%1024 == 0 && u < len(units)-1 {
		n /= 1024
		u++
	}
	if n < 1024 || u == len(units)-1 {
		return fmt.Sprintf("%d%s", n, units[u])
	}
	x := float64(n)
	for x >= 1024 && u < len(units)-1 {
		x /= 1024
		u++
	}
	digits := 0
	switch {
	case x < 10:
		digits = 2
	case x < 100:
		digits = 1
	}
	return strconv.FormatFloat(x, 'f', digits, 64) + units[u]
}

// ThisMachine describes the running process's machine.
func ThisMachine() Machine {
	h, err := os.Hostname()
	if err != nil {
		h = "unknown"
	}
	return Machine{Hostname: h, GOOS: runtime.GOOS, GOARCH: runtime.GOARCH, Cores: runtime.NumCPU(), Go: runtime.Version()}
}

// ShortCommit is commit c cut to 12 hex digits as people quote one, its
// "-dirty" kept; "unknown" and short texts as they are.
func ShortCommit(c string) string {
	if len(c) > 12 && !strings.HasPrefix(c, "unknown") {
		dirty := strings.HasSuffix(c, "-dirty")
		c = c[:12]
		if dirty {
			c += "-dirty"
		}
	}
	return c
}

// Commit is the VCS revision the binary was built from (with "-dirty" when
// the tree had changes), or "unknown" (e.g. under go test).
func Commit() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "unknown"
	}
	if dirty {
		rev += "-dirty"
	}
	return rev
}

// SameAnalysis reports why two headers cannot share records: a different
// game, rules, strategy or limits, described as b's value "not" a's (e.g.
// "game reloj, not sietes" when b is reloj). nil means their verdicts are
// comparable.
func SameAnalysis(a, b Header) error {
	switch {
	case a.Game != b.Game:
		return fmt.Errorf("game %s, not %s", b.Game, a.Game)
	case !sameRules(a.Rules, b.Rules):
		return fmt.Errorf("rules %s, not %s", RulesString(b.Rules), RulesString(a.Rules))
	case a.Strategy != b.Strategy:
		return fmt.Errorf("strategy %s, not %s", b.Strategy, a.Strategy)
	case a.Limits != b.Limits:
		return fmt.Errorf("limits %s, not %s", b.Limits, a.Limits)
	}
	return nil
}

// SameRun is SameAnalysis plus the same seed range and shard: what resume
// requires.
func SameRun(a, b Header) error {
	if err := SameAnalysis(a, b); err != nil {
		return err
	}
	if a.Seeds != b.Seeds {
		return fmt.Errorf("seeds %s, not %s", b.Seeds, a.Seeds)
	}
	if a.Shard != b.Shard {
		return fmt.Errorf("shard %s, not %s", b.Shard, a.Shard)
	}
	if a.Difficulty != b.Difficulty {
		return fmt.Errorf("made %s, not %s", difficultyText(b.Difficulty), difficultyText(a.Difficulty))
	}
	return nil
}

// difficultyText is Header.Difficulty as the flags that ask for it.
func difficultyText(d string) string {
	switch d {
	case DifficultyGrade:
		return "with --difficulty"
	case DifficultyCheck:
		return "with --difficulty --difficulty-check"
	}
	return "without --difficulty"
}

// sameRules is whether a and b are one rule set; the rules of a game
// without choices are one whichever form a file holds ({}, or the earlier
// play "none" with one pass).
func sameRules(a, b solution.Rules) bool {
	if a.NoChoices() || b.NoChoices() {
		return a.NoChoices() && b.NoChoices()
	}
	return a.Play == b.Play && a.Passes == b.Passes && a.Wrap() == b.Wrap() && a.EmptyProvisional == b.EmptyProvisional
}

// RulesString is the rules as flags: "play=forced passes=2" (r.Flags).
func RulesString(r solution.Rules) string { return r.Flags() }

// String is the limits as flags.
func (l Limits) String() string {
	return fmt.Sprintf("max-nodes=%d timeout=%dms tt=%s tt-mem=%d", l.MaxNodes, l.TimeoutMS, l.Table, l.TTMem)
}

// File is the content of a JSONL file: its header, any resume lines and its
// records in file order.
type File struct {
	Name    string
	Header  Header
	Resumes []Header
	Records []Record
	// Torn is the byte length of an unfinished last line (a write cut by a
	// crash) with its "\n" if it has one, 0 if none; Blank the byte length of the blank lines after the
	// last line (an editor's trailing "\n"), 0 if none; Valid is the length
	// of the file without them.
	Torn, Blank, Valid int64
	// NoNewline is set when the last line is complete but lacks its newline.
	NoNewline bool
}

// ReadFile reads a JSONL file written by analyze. An unfinished last line
// (followed by nothing, or by its "\n" and blank lines) is
// tolerated and reported in Torn, blank lines after the last line in Blank;
// any other bad line (a blank one before another line too), and a record whose seed
// is outside the header's seeds and shard or recorded twice, is an error
// naming the file and the line number; a first line that is no run header
// says the file is not one analyze writes. An empty file (or one holding only
// a torn run header) gives a File with an empty Header.Kind.
func ReadFile(name string) (*File, error) {
	return readFile(name, MaxLine)
}

// readFile is ReadFile with a line at most maxLine bytes.
func readFile(name string, maxLine int) (*File, error) {
	f := &File{Name: name}
	seen := map[uint64]bool{}
	size, blank, err := eachLine(name, maxLine, func(l jsonLine) error {
		lineNo, line, last := l.no, l.text, l.last
		if len(bytes.TrimSpace(line)) == 0 {
			return fmt.Errorf("%s:%d: %s", name, lineNo, blankLine("record"))
		}
		n := len(f.Records)
		err := f.addLine(line, lineNo)
		if err == nil && len(f.Records) > n {
			// A whole record: one outside the header's seeds and shard, or
			// recorded twice, is an error even on the last line (it is no
			// torn write).
			if err := f.checkSeed(f.Records[n].Seed, seen); err != nil {
				return fmt.Errorf("%s:%d: %v", name, lineNo, err)
			}
		}
		var fe formatError
		var he headerError
		if errors.As(err, &fe) || errors.As(err, &he) {
			return fmt.Errorf("%s:%d: %v", name, lineNo, err)
		}
		cut := (torn(err) || err == errNoHeader) && (lineNo > 1 || tornHeader(line)) && l.final()
		if err != nil && lineNo == 1 && !cut {
			msg := fmt.Sprintf("%s: not a solitario JSONL file (written by analyze --jsonl): line 1 is not a run header", name)
			switch {
			case err == errNoHeader && solutionLine(line):
				msg = fmt.Sprintf("%s: not a solitario JSONL file (written by analyze --jsonl): line 1 is a solution object (as gen --out and solve --json write), which verify reads", name)
			case err == errNoHeader && !json.Valid(line):
				switch l.pretty() {
				case prettySolution:
					msg = fmt.Sprintf("%s: not a solitario JSONL file (written by analyze --jsonl): it holds a solution object over several lines (pretty-printed JSON, as jq . writes), which verify reads", name)
				case prettySolutions:
					msg = fmt.Sprintf("%s: not a solitario JSONL file (written by analyze --jsonl): it holds solution objects over several lines each (pretty-printed JSON, as jq . writes), which verify reads one a line (jq -c .)", name)
				case prettyObject:
					msg = fmt.Sprintf("%s: not a solitario JSONL file (written by analyze --jsonl): it holds a JSON object over several lines (pretty-printed JSON, as jq . writes), where analyze --jsonl writes one object a line", name)
				}
			case err != errNoHeader:
				msg += ": " + err.Error()
			}
			return errors.New(msg)
		}
		if err != nil && cut {
			// A write cut short: every proper prefix of a line ends
			// inside its object. A whole line that is bad is no torn
			// write, and resume must not cut it off. It is the last.
			f.Torn = int64(len(line))
			if !last {
				f.Torn++ // its "\n"
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s:%d: %v", name, lineNo, err)
		}
		f.NoNewline = last
		return nil
	})
	if err != nil {
		return nil, err
	}
	f.Blank = blank
	f.Valid = size - blank - f.Torn
	return f, nil
}

// checkSeed rejects a record's seed outside the header's seeds and shard, or
// recorded before in the file.
func (f *File) checkSeed(seed uint64, seen map[uint64]bool) error {
	if !InShard(f.Header.Seeds, f.Header.Shard, seed) {
		return fmt.Errorf("seed %d is not in the header's seeds %s shard %s", seed, f.Header.Seeds, f.Header.Shard)
	}
	if seen[seed] {
		return fmt.Errorf("seed %d is recorded twice", seed)
	}
	seen[seed] = true
	return nil
}

// solutionLine says whether line is an object with a solution object's
// "game" and "deal" keys (a line of gen --out), for the error that names it.
func solutionLine(line []byte) bool {
	var keys map[string]json.RawMessage
	if json.Unmarshal(bytes.TrimPrefix(line, []byte(words.BOM)), &keys) != nil {
		return false
	}
	_, game := keys["game"]
	_, deal := keys["deal"]
	return game && deal
}

// The JSON a file whose line 1 is no JSON value may begin with (jsonLine.pretty).
const (
	prettyNone      = iota // no JSON object
	prettyObject           // a JSON object over several lines
	prettySolution         // a solution object (solutionLine) over several lines
	prettySolutions        // more JSON after such a solution object
)

// pretty is what the file of l, a line 1 that is no JSON value, begins
// with, read again from its start with ReadAt (as final reads ahead): a
// solution object written over several lines (jq . of solve --json's
// object, or of gen --out's lines) is named as one, as a solution line is.
func (l jsonLine) pretty() int {
	var keys map[string]json.RawMessage
	dec := json.NewDecoder(io.NewSectionReader(l.file, 0, solution.MaxBytes))
	if dec.Decode(&keys) != nil {
		return prettyNone
	}
	_, game := keys["game"]
	_, deal := keys["deal"]
	switch {
	case game && deal && dec.More():
		return prettySolutions
	case game && deal:
		return prettySolution
	}
	return prettyObject
}

var kindField = []byte(`"kind"`)

// errNoHeader is addLine's error for a first line with no "kind".
var errNoHeader = errors.New("the first line is not a run header")

// formatError is a header's "format" other than FormatVersion: a file a
// newer solitario wrote, or one edited by hand.
type formatError int

func (f formatError) Error() string {
	if f == 0 {
		return fmt.Sprintf(`the header has no "format" (this solitario reads JSONL format %d)`, FormatVersion)
	}
	return fmt.Sprintf("JSONL format %d, but this solitario reads format %d only (a newer solitario wrote the file?)", int(f), FormatVersion)
}

// headerError is a whole run header that names no run solitario makes:
// seeds missing or reversed, a shard outside its count, a rules key left
// out (checkHeader); an unknown game, strategy or table, rules the game
// does not have (checkRun).
type headerError string

func (e headerError) Error() string { return "run header: " + string(e) }

// checkHeader says what in h, read from line, names no seeds, or leaves
// out a rules key that would read as other rules (solution.CheckRulesGiven,
// as for a solution object: no "passes" is not unlimited passes): merge,
// report and resume would otherwise take it as if it did ("seeds 0..0").
// Its game, rules, strategy and table are checkRun's (it needs the games
// table).
func checkHeader(h Header, line []byte) error {
	var given struct {
		Seeds *Range          `json:"seeds"`
		Rules json.RawMessage `json:"rules"`
	}
	switch {
	case json.Unmarshal(bytes.TrimPrefix(line, []byte(words.BOM)), &given) != nil || given.Seeds == nil:
		return headerError(`no "seeds" (the seed range of the run)`)
	case h.Seeds.From > h.Seeds.To:
		return headerError(fmt.Sprintf(`"seeds" %d..%d runs backwards`, h.Seeds.From, h.Seeds.To))
	case h.Shard.Count < 1 || h.Shard.Index < 0 || h.Shard.Index >= h.Shard.Count:
		// NewHeader writes the zero Shard as 0/1: a count of 0 on disk was
		// written by hand, and names no shards.
		return headerError(fmt.Sprintf(`"shard" %d/%d: want K/N with 0 <= K < N`, h.Shard.Index, h.Shard.Count))
	}
	if err := solution.CheckRulesGiven(given.Rules); err != nil {
		return headerError(err.Error())
	}
	return nil
}

// runStart is how every run header line begins (Kind is Header's first field).
var runStart = []byte(`{"kind":"run"`)

// tornHeader reports whether line may be a run header cut short by a crash:
// a prefix of runStart, or runStart and more.
func tornHeader(line []byte) bool {
	return bytes.HasPrefix(line, runStart) || bytes.HasPrefix(runStart, line)
}

func (f *File) addLine(line []byte, lineNo int) error {
	if bytes.Contains(line, kindField) {
		var h Header
		if err := strictUnmarshal(line, &h, "run header"); err != nil {
			return err
		}
		if h.Format != FormatVersion {
			return formatError(h.Format)
		}
		switch {
		case h.Kind == KindRun && lineNo == 1:
			if err := checkHeader(h, line); err != nil {
				return err
			}
			f.Header = h
		case h.Kind == KindResume && lineNo > 1:
			if err := SameRun(f.Header, h); err != nil {
				return fmt.Errorf("resume line disagrees with the header: %v", err)
			}
			f.Resumes = append(f.Resumes, h)
		case h.Kind == KindRun:
			return fmt.Errorf("a second run header")
		default:
			return fmt.Errorf("unexpected header kind %q", h.Kind)
		}
		return nil
	}
	if lineNo == 1 {
		return errNoHeader
	}
	var r Record
	if err := strictUnmarshal(line, &r, "record"); err != nil {
		return err
	}
	if err := r.check(); err != nil {
		return err
	}
	f.Records = append(f.Records, r)
	return nil
}

// strictUnmarshal decodes line, one JSON object, into v, a what ("record",
// "run header", "gen line"), refusing fields v lacks. The error, a
// *lineError, says what is wrong with the line (its caller names the file
// and line): "not a JSON record", `"seed" must be a whole number, 0 or more,
// not a string`.
func strictUnmarshal(line []byte, v any, what string) error {
	err := strictjson.Decode(line, v)
	e, ok := err.(*strictjson.Error)
	if !ok {
		return err
	}
	le := &lineError{kind: e.Kind}
	if e.Kind == strictjson.UTF16 {
		le.kind = strictjson.NotJSON // no other words for a JSONL line
	}
	switch e.Kind {
	case strictjson.UTF16, strictjson.NotJSON:
		le.msg = "not a JSON " + what
	case strictjson.Top:
		le.msg = fmt.Sprintf("not a JSON %s: the line holds %s", what, e.Msg)
	case strictjson.Syntax:
		le.msg = fmt.Sprintf("not a JSON %s: %s at byte offset %d of the line", what, e.Msg, e.Offset)
	case strictjson.Truncated:
		le.msg = fmt.Sprintf("not a JSON %s: the line ends early, after %s (cut short?)", what, words.Count(e.Offset, "byte"))
	case strictjson.Extra:
		le.msg = fmt.Sprintf("more after the %s on the line, at byte offset %d", what, e.Offset)
	case strictjson.Duplicate:
		le.msg = fmt.Sprintf("%s at byte offset %d of the line", e.Msg, e.Offset)
	case strictjson.Unknown:
		le.msg = e.Msg
		if e.Path == "" {
			le.msg += fmt.Sprintf(" (a %s's fields are %s)", what, strings.Join(e.Fields, ", "))
		}
	default:
		le.msg = e.Msg
	}
	return le
}

// lineError is strictUnmarshal's error: its words, and the kind of problem.
type lineError struct {
	kind strictjson.Kind
	msg  string
}

func (e *lineError) Error() string { return e.msg }

// isKind reports whether err is strictUnmarshal's of kind k.
func isKind(err error, k strictjson.Kind) bool {
	var le *lineError
	return errors.As(err, &le) && le.kind == k
}

// torn reports whether err, addLine's, is of a line that ends inside its
// object: what a write cut by a crash leaves, as no other bad line is.
func torn(err error) bool { return isKind(err, strictjson.Truncated) }

// marshalLine is v as one JSON line ending in '\n'.
func marshalLine(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // Record and Header hold only plain fields
	}
	return append(b, '\n')
}

// RecordOf turns a solve's verdict, stats and deciding step into a record.
func RecordOf(seed uint64, v solver.Verdict, reason string, nodes int64, ms float64, moves int, step string, stepNodes int64) Record {
	r := Record{Seed: seed, Result: v.String(), Nodes: nodes, MS: ms}
	switch v {
	case solver.Winnable:
		r.Moves = moves
	case solver.Unknown:
		r.Reason = reason
		return r
	}
	r.Step, r.StepNodes = step, stepNodes
	return r
}
