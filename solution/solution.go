package solution

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/internal/strictjson"
	"github.com/solitario/solitario/internal/words"
)

// Rules are the options in force for a deal (RULES.md, each game's "Defaults
// and variants"). Play is "free" or "forced"; Passes is the number of passes
// through the stock, 0 meaning unlimited. ProvisionalWrap and EmptyProvisional
// are Il Ventaglio's only and are omitted from other games' JSON.
type Rules struct {
	Play             string `json:"play"`
	Passes           int    `json:"passes"`
	ProvisionalWrap  *bool  `json:"provisional_wrap,omitempty"`
	EmptyProvisional string `json:"empty_provisional,omitempty"`
}

// NoChoices is whether r is the rules of a game without choices (the
// clocks): the empty object {} that RULES.md's "every option in force" makes
// of them, or play "none" (one pass), which files written before hold, or
// their one pass alone ("passes": 1), which the games read too
// (games.Entry.Resolve).
func (r Rules) NoChoices() bool { return r.Play == "none" || r == Rules{} || r == Rules{Passes: 1} }

// MarshalJSON writes the rules of a game without choices as {} (NoChoices),
// any other as its fields.
func (r Rules) MarshalJSON() ([]byte, error) {
	if r.NoChoices() {
		return []byte("{}"), nil
	}
	type fields Rules // without this method
	return json.Marshal(fields(r))
}

// Wrap is ProvisionalWrap with nil read as false.
func (r Rules) Wrap() bool { return r.ProvisionalWrap != nil && *r.ProvisionalWrap }

// Flags is r as the command's flags, for headers and messages:
// "play=forced passes=2", then Il Ventaglio's options when set
// ("provisional-wrap=false empty-provisional=fill"); "no choices" for the
// clocks, which have no rule flags.
func (r Rules) Flags() string {
	if r.NoChoices() {
		return "no choices"
	}
	s := fmt.Sprintf("play=%s passes=%d", r.Play, r.Passes)
	if r.ProvisionalWrap != nil {
		s += fmt.Sprintf(" provisional-wrap=%t", *r.ProvisionalWrap)
	}
	if r.EmptyProvisional != "" {
		s += " empty-provisional=" + r.EmptyProvisional
	}
	return s
}

// String is r for people: "play forced, passes 2" ("passes unlimited" for
// 0), then Il Ventaglio's options when set ("provisional-wrap false,
// empty-provisional fill"). The games without choices (NoChoices, the
// clocks) are "no choices": they have no play or passes option to name.
// Every command and layout writes rules so.
func (r Rules) String() string {
	if r.NoChoices() {
		return "no choices"
	}
	s := "play " + r.Play + ", passes " + PassesText(r.Passes)
	if r.ProvisionalWrap != nil {
		s += fmt.Sprintf(", provisional-wrap %t", *r.ProvisionalWrap)
	}
	if r.EmptyProvisional != "" {
		s += ", empty-provisional " + r.EmptyProvisional
	}
	return s
}

// PassesRange is what a pass count may be, for the messages that refuse
// one: "a whole number from 0 (unlimited) to 9223372036854775807".
func PassesRange() string {
	return fmt.Sprintf("a whole number from 0 (unlimited) to %d", math.MaxInt)
}

// ParsePasses reads a pass count as a deal file's "passes=N" and --passes
// give it: decimal digits (strconv.Atoi, so 010 is ten), no sign, as a
// JSON "rules.passes" has none; the error is PassesRange.
func ParsePasses(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || strings.HasPrefix(s, "+") {
		return 0, errors.New(PassesRange())
	}
	return n, nil
}

// PassesText is a passes option for people: the number, "unlimited" for 0.
func PassesText(n int) string {
	if n == 0 {
		return "unlimited"
	}
	return fmt.Sprint(n)
}

// Move is one move of a line: place names per game in RULES.md. Card is
// empty for a redeal (waste -> stock).
type Move struct {
	From string `json:"from"`
	To   string `json:"to"`
	Card string `json:"card,omitempty"`
}

// String is "from -> to card", for messages: each part as words.Escape
// shows it (a byte that is no UTF-8 or a control character escaped, a part
// of more than 60 characters cut), as read from a file.
func (m Move) String() string {
	from, to := words.Escape(m.From, 60), words.Escape(m.To, 60)
	if m.Card == "" {
		return from + " -> " + to
	}
	return fmt.Sprintf("%s -> %s %s", from, to, words.Escape(m.Card, 60))
}

// Stats are the search counters written with a solution (RULES.md: at
// least nodes and elapsed_ms). ElapsedMS is wall time in milliseconds.
// Step names the solve plan's step that decided the deal and StepNodes
// the nodes it had used (games.Outcome), absent where none did.
type Stats struct {
	Nodes     int64  `json:"nodes"`
	CacheHits int64  `json:"cache_hits"`
	ElapsedMS int64  `json:"elapsed_ms"`
	MaxDepth  int    `json:"max_depth,omitempty"`
	Step      string `json:"step,omitempty"`
	StepNodes int64  `json:"step_nodes,omitempty"`
}

// Solution is the object solve --json prints.
type Solution struct {
	Game   string   `json:"game"`
	Rules  Rules    `json:"rules"`
	Seed   *uint64  `json:"seed,omitempty"`
	Deal   []string `json:"deal"`
	Result string   `json:"result"`
	Reason string   `json:"reason,omitempty"`
	Moves  []Move   `json:"moves,omitempty"`
	Stats  Stats    `json:"stats"`
	// Difficulty is a winnable deal's difficulty (solve, package
	// difficulty); absent otherwise.
	Difficulty *Difficulty `json:"difficulty,omitempty"`
	// MinMoves is the --min-moves a line of gen --out was kept under
	// (gen --resume compares it with its own); 0, absent, for none. Read,
	// like Stats, but meaning nothing as input.
	MinMoves int `json:"min_moves,omitempty"`
}

// Difficulty is a winnable deal's difficulty as solve --json and analyze's
// records write it (package difficulty, docs/difficulty.md): the grade (""
// when the rules have no cut points), the score and its scale, and the
// plain player's play-outs.
type Difficulty struct {
	Grade    string  `json:"grade,omitempty"`
	Score    float64 `json:"score"`
	Scale    string  `json:"scale"` // "wins" (percent of play-outs won) or "home" (cards home per play-out)
	Wins     int     `json:"wins"`
	Home     int     `json:"home"` // cards home at the play-outs' ends, summed
	Playouts int     `json:"playouts"`
}

// MaxBytes bounds what Read accepts: the longest line a solver writes is a
// few hundred KiB.
const MaxBytes = 64 << 20

// Read decodes one Solution object. The error names the JSON problem with its
// byte offset and field (internal/strictjson), a field the format does not
// have (a misspelt "frm"), a text that is no JSON (a deal file, said so), or
// a file over MaxBytes; an object without "game", "deal", "rules.play",
// "rules.passes" or "result" is refused, but for the rules of a game
// without choices ({}, play "none", "passes": 1 alone), which the game
// checks (games.Entry.Resolve).
func Read(r io.Reader) (*Solution, error) {
	data, err := readBounded(r)
	if err != nil {
		return nil, err
	}
	return decodeSolution(data)
}

// ReadMoves decodes a JSON list of moves, or a Solution object (then sol is
// it and moves its moves), with Read's bound, checks and wording.
func ReadMoves(r io.Reader) (moves []Move, sol *Solution, err error) {
	data, err := readBounded(r)
	if err != nil {
		return nil, nil, err
	}
	if t := bytes.TrimLeft(bytes.TrimPrefix(data, []byte(words.BOM)), " \t\r\n"); len(t) > 0 && t[0] == '[' {
		if err := decodeOne(data, &moves, "list of moves", "list"); err != nil {
			return nil, nil, err
		}
		var probe []json.RawMessage
		if err := json.Unmarshal(bytes.TrimPrefix(data, []byte(words.BOM)), &probe); err == nil {
			if err := nullMove(probe, ""); err != nil {
				return nil, nil, err
			}
		}
		return moves, nil, nil
	}
	sol, err = decodeSolution(data)
	if err != nil {
		return nil, nil, err
	}
	return sol.Moves, sol, nil
}

// ShapeError is a text that holds no JSON value of the kind wanted: no JSON
// (a deal file, prose), another kind of value (a string, an array where an
// object is wanted), or nothing at all. A caller that takes more than one
// kind may say which it takes after it; the other errors are about a value
// of the right kind. Empty marks nothing at all, whose Msg already says what
// a file holds (a caller saying it again would say it twice).
type ShapeError struct {
	Msg   string
	Empty bool
}

func (e *ShapeError) Error() string { return e.Msg }

// skipBOMSpace is the offset of data's first byte after a byte-order mark
// and white space (len(data) - 1 when there is none: data is not empty).
func skipBOMSpace(data []byte) int {
	t := bytes.TrimLeft(bytes.TrimPrefix(data, []byte(words.BOM)), " \t\r\n")
	return min(len(data)-len(t), len(data)-1)
}

// ErrTooLarge is a text over MaxBytes.
var ErrTooLarge = fmt.Errorf("file too large for a solution (over %d MiB)", MaxBytes>>20)

// PeekBytes is what ReadText reads before it looks at the text's first
// byte: more than any deal file (LooksLikeDeal reads the whole of one).
const PeekBytes = 64 << 10

// ReadText reads what Read decodes: all of r up to MaxBytes+1 bytes (one
// more, so that a text over the bound shows as one), or only its first
// PeekBytes when they start no JSON value (StartsJSON): such a text is no
// solution whatever follows (strictjson says "not JSON" at that byte), so
// /dev/zero is refused at once, not after MaxBytes.
//
// A regular file (r has Stat) larger than MaxBytes is ErrTooLarge at once:
// reading it first would take hundreds of MiB for nothing.
func ReadText(r io.Reader) ([]byte, error) {
	var buf bytes.Buffer
	if f, ok := r.(interface{ Stat() (fs.FileInfo, error) }); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			if fi.Size() > MaxBytes {
				return nil, ErrTooLarge
			}
			// Room for the whole file at once: read in a growing buffer, a
			// large file would be held twice over while it is copied.
			buf.Grow(int(fi.Size()) + bytes.MinRead)
		}
	}
	_, err := buf.ReadFrom(io.LimitReader(r, PeekBytes))
	if err == nil && buf.Len() == PeekBytes && StartsJSON(buf.Bytes()) {
		_, err = buf.ReadFrom(io.LimitReader(r, MaxBytes+1-PeekBytes))
	}
	return buf.Bytes(), err
}

// readBounded reads r as ReadText does, refusing more than MaxBytes or
// nothing.
func readBounded(r io.Reader) ([]byte, error) {
	data, err := ReadText(r)
	switch {
	case errors.Is(err, ErrTooLarge):
		return nil, err
	case err != nil:
		return nil, fmt.Errorf("read error: %v", err)
	case len(data) > MaxBytes:
		return nil, ErrTooLarge
	}
	if len(bytes.TrimSpace(bytes.TrimPrefix(data, []byte(words.BOM)))) == 0 {
		return nil, &ShapeError{Msg: "empty: no solution object (the output of solve --json)"}
	}
	return data, nil
}

// StartsJSON reports whether data may begin a JSON value: its first byte
// after a byte-order mark and white space is one a value starts with, or
// there is none yet.
func StartsJSON(data []byte) bool {
	t := bytes.TrimLeft(bytes.TrimPrefix(data, []byte(words.BOM)), " \t\r\n")
	return len(t) == 0 || strings.IndexByte(`{["-0123456789tfn`, t[0]) >= 0
}

// decodeOne decodes data, one JSON value and nothing after it, into v (a
// what, "solution" or "list of moves", written as a JSON noun, "object" or
// "list"), refusing fields the format lacks. A UTF-8 byte-order mark is
// skipped. A text of the wrong shape is a *ShapeError.
func decodeOne(data []byte, v any, what, noun string) error {
	err := strictjson.Decode(data, v)
	e, ok := err.(*strictjson.Error)
	if !ok {
		return err
	}
	if what == "solution" && (e.Kind == strictjson.Extra || e.Kind == strictjson.Unknown) && RunHeader(data) {
		return &ShapeError{Msg: "this is a file of analyze --jsonl (its first line a run header), not a solution object: merge and report read it"}
	}
	switch e.Kind {
	case strictjson.UTF16:
		return e
	case strictjson.NotJSON:
		if deck.LooksLikeDeal(data) {
			return &ShapeError{Msg: "not JSON: this looks like a deal file (solve and deal take one with --deal)"}
		}
		return &ShapeError{Msg: "not JSON: a solution is the JSON object solve --json prints"}
	case strictjson.Top:
		if what == "solution" && data[skipBOMSpace(data)] == '[' {
			// Likely a list of moves, which only solve --after reads: it
			// has no deal of its own.
			return &ShapeError{Msg: fmt.Sprintf("not a solution object: the file holds %s (a list of moves alone is read by solve --game G (--seed N | --deal FILE) --after FILE)", e.Msg)}
		}
		return &ShapeError{Msg: fmt.Sprintf("not a %s %s: the file holds %s", what, noun, e.Msg)}
	case strictjson.Truncated:
		return fmt.Errorf("invalid %s JSON: the %s ends early, after %s (a file cut short?)", what, noun, words.Count(e.Offset, "byte"))
	case strictjson.Extra:
		// A second object is likely several solutions in one text (verify
		// reads them one a line); anything else is text after the one.
		advice := fmt.Sprintf("give one %s and nothing after it", what)
		if rest := bytes.TrimLeft(data[min(max(e.Offset, 0), int64(len(data))):], " \t\r\n"); what == "solution" && len(rest) > 0 && rest[0] == '{' {
			advice = fmt.Sprintf("give one %s; several go in a JSONL file, one on each line, which verify reads", what)
		}
		return fmt.Errorf("invalid %s JSON: more after the first %s%s (%s)", what, noun, e.At(), advice)
	case strictjson.Unknown:
		// The keys of hint --json's object a solution lacks: a hint given
		// where a line is wanted.
		if what == "solution" && e.Path == "" && slices.Contains([]string{"after", "next", "next_text"}, e.Key) {
			return &ShapeError{Msg: "this is a hint object (hint --json), not a solution object: solve --after FILE --moves K --json writes the whole line, which verify replays"}
		}
		return fmt.Errorf("invalid %s JSON%s: %s (docs/spec/RULES.md, \"Solutions (JSON)\", lists the fields)", what, e.At(), e.Msg)
	case strictjson.Type:
		if e.Path == "rules.passes" && e.Number != "" {
			// The field's own range, not int's: a pass count is 0 or more.
			return fmt.Errorf("invalid %s JSON%s: \"rules.passes\" must be %s, not %s", what, e.At(), PassesRange(), e.Number)
		}
	}
	return fmt.Errorf("invalid %s JSON%s: %s", what, e.At(), e.Msg)
}

// RunHeader says whether data's first line is an object with analyze
// --jsonl's "kind" key: a run header, which no solution object has.
func RunHeader(data []byte) bool {
	first, _, _ := bytes.Cut(bytes.TrimPrefix(data, []byte(words.BOM)), []byte("\n"))
	if !bytes.Contains(first, []byte(`"kind"`)) && !bytes.Contains(first, []byte(`\u`)) {
		return false // no key "kind" (spelt plainly or escaped): not decoded, a large line would be copied
	}
	var keys map[string]json.RawMessage
	if json.Unmarshal(first, &keys) != nil {
		return false
	}
	_, ok := keys["kind"]
	return ok
}

// decodeSolution is Read of data.
func decodeSolution(data []byte) (*Solution, error) {
	var s Solution
	if err := decodeOne(data, &s, "solution", "object"); err != nil {
		return nil, err
	}
	if s.Game == "" {
		return nil, fmt.Errorf("solution has no \"game\"")
	}
	if len(s.Deal) == 0 {
		return nil, fmt.Errorf("solution has no \"deal\"")
	}
	switch s.Result {
	case "":
		return nil, fmt.Errorf("solution has no \"result\"")
	case "winnable", "unwinnable", "unknown":
	default:
		return nil, fmt.Errorf("solution's \"result\" is %q: want winnable, unwinnable or unknown", s.Result)
	}
	// The text is valid JSON here, so this second look cannot fail.
	var probe struct {
		Rules json.RawMessage   `json:"rules"`
		Moves []json.RawMessage `json:"moves"`
	}
	if err := json.Unmarshal(bytes.TrimPrefix(data, []byte(words.BOM)), &probe); err == nil {
		if err := CheckRulesGiven(probe.Rules); err != nil {
			return nil, fmt.Errorf("solution has %v", err)
		}
		if err := nullMove(probe.Moves, "moves"); err != nil {
			return nil, err
		}
	}
	return &s, nil
}

// DecodeGame decodes a game in progress as a person gives it (package
// position's ReadGame): a solution object of which only "game" is needed
// here. "seed" or "deal", "rules" and "moves" may be left out for the
// caller to fill ("rules" left out, or keys of it, are the game's
// defaults); "result", "reason" and "stats" are read but mean nothing as
// input. rules is the "rules" object as the text holds it, nil when it has
// none. The errors are Read's.
func DecodeGame(data []byte) (s *Solution, rules json.RawMessage, err error) {
	return decodeGame(data, "solution")
}

// DecodeDeal is DecodeGame of a deal file's JSON object (what deal --json
// prints, or a game with no moves yet): its errors call it a deal
// ("invalid deal JSON: ..."), not a solution.
func DecodeDeal(data []byte) (s *Solution, rules json.RawMessage, err error) {
	return decodeGame(data, "deal")
}

// decodeGame is DecodeGame of data, a what ("solution", "deal") in errors.
func decodeGame(data []byte, what string) (s *Solution, rules json.RawMessage, err error) {
	s = new(Solution)
	if err := decodeOne(data, s, what, "object"); err != nil {
		return nil, nil, err
	}
	if s.Game == "" {
		return nil, nil, fmt.Errorf("%s has no \"game\"", what)
	}
	var probe struct {
		Rules json.RawMessage   `json:"rules"`
		Moves []json.RawMessage `json:"moves"`
	}
	if err := json.Unmarshal(bytes.TrimPrefix(data, []byte(words.BOM)), &probe); err == nil {
		if err := nullMove(probe.Moves, "moves"); err != nil {
			return nil, nil, err
		}
		if string(bytes.TrimSpace(probe.Rules)) != "null" {
			rules = probe.Rules
		}
	}
	return s, rules, nil
}

// ReadGameText reads what package position's ReadGame reads: as ReadText,
// but a text that starts no JSON value is read on to MaxBytes+1 bytes too
// (a move list in the CLI's notation may be longer than PeekBytes) unless
// its first PeekBytes hold a NUL byte, which no text does (/dev/zero is
// refused at once). A regular file is read whole (ReadText has refused one
// over MaxBytes): a message then says its first line's size, not
// PeekBytes.
func ReadGameText(r io.Reader) ([]byte, error) {
	data, err := ReadText(r)
	if err == nil && len(data) == PeekBytes && !StartsJSON(data) && (bytes.IndexByte(data, 0) < 0 || regularFile(r)) {
		buf := bytes.NewBuffer(data)
		_, err = buf.ReadFrom(io.LimitReader(r, MaxBytes+1-PeekBytes))
		data = buf.Bytes()
	}
	return data, err
}

// regularFile is whether r is a regular file (its size bounded).
func regularFile(r io.Reader) bool {
	f, ok := r.(interface{ Stat() (fs.FileInfo, error) })
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode().IsRegular()
}

// CheckSize refuses data, read by ReadText or ReadGameText, when it is over
// MaxBytes (ErrTooLarge) or holds nothing but white space.
func CheckSize(data []byte) error {
	if len(data) > MaxBytes {
		return ErrTooLarge
	}
	if len(bytes.TrimSpace(bytes.TrimPrefix(data, []byte(words.BOM)))) == 0 {
		return &ShapeError{Msg: "empty: no game (a JSON object {\"game\", \"seed\" or \"deal\", \"moves\"}, or a move list)", Empty: true}
	}
	return nil
}

// CheckRulesGiven refuses a "rules" object, raw as a file holds it (nil
// when the key is absent), whose keys left out would read as rules other
// than any writer meant: no "play", or no "passes" (or null), read as 0,
// unlimited passes. "rules": {}, play "none" and "passes": 1 alone are the
// rules of a game without choices (NoChoices), which the game checks
// (games.Entry.Resolve): it refuses play "none" without one pass, and all
// three on a game with choices. raw is valid JSON (its strict decoding has
// passed). The error says what is missing, "no \"rules.passes\" (...)",
// for the caller to name the file's object ("solution has ", "run header: ").
// Solution objects and analyze's run headers are checked by it.
func CheckRulesGiven(raw json.RawMessage) error {
	var keys map[string]json.RawMessage
	var r Rules
	if json.Unmarshal(raw, &keys) != nil || json.Unmarshal(raw, &r) != nil {
		keys = nil // absent or null: no rules object
	}
	clock := keys != nil && (len(keys) == 0 || r.Play == "none" || len(keys) == 1 && r == Rules{Passes: 1})
	switch {
	case keys == nil:
		return errors.New(`no "rules"`)
	case r.Play == "" && !clock:
		// {"passes": 2} may be meant for a clock as well: say what a
		// clock's rules are.
		return errors.New(`no "rules.play" (a game without choices has "rules": {})`)
	}
	if p := keys["passes"]; !clock && (p == nil || string(p) == "null") {
		return errors.New(`no "rules.passes" (0 for unlimited passes)`)
	}
	return nil
}

// nullMove refuses a move given as null, which decoding reads as a move
// with no places ("move 1 ( -> ): unknown place \"\""); path is where the
// list is ("moves", or "" for a list of moves alone).
func nullMove(moves []json.RawMessage, path string) error {
	for i, m := range moves {
		if string(bytes.TrimSpace(m)) == "null" {
			return fmt.Errorf("%s[%d] (move %d) is null: a move is an object {\"from\", \"to\", \"card\"}", path, i, i+1)
		}
	}
	return nil
}

// PlainRules reads the "rules" object at the start of data in its plainest
// form, the one the board sends: the keys "play" and "empty_provisional"
// (strings of printable ASCII without escapes), "passes" (decimal digits)
// and "provisional_wrap" (true or false), each at most once, no white
// space, into r over what it holds, as encoding/json does (a key left out
// keeps r's value). n is the object's length. ok is false, and r
// unchanged, for any other text, which the caller reads by encoding/json:
// reflection costs 14 times its native time in WebAssembly, and its code,
// made hot by the board's first requests, is compiled by V8 beside the
// first search.
func PlainRules(data []byte, r *Rules) (n int, ok bool) {
	out := *r
	i := 0
	plain := func() (string, bool) { // a string at i, without escapes
		if i == len(data) || data[i] != '"' {
			return "", false
		}
		from := i + 1
		for i = from; i < len(data) && data[i] != '"'; i++ {
			if c := data[i]; c < 0x20 || c >= 0x7f || c == '\\' {
				return "", false
			}
		}
		if i == len(data) {
			return "", false
		}
		i++
		return string(data[from : i-1]), true
	}
	if len(data) < 2 || data[0] != '{' {
		return 0, false
	}
	i = 1
	if data[i] == '}' {
		return 2, true
	}
	var seen [4]bool
	for {
		key, ok := plain()
		if !ok || i == len(data) || data[i] != ':' {
			return 0, false
		}
		i++
		k := slices.Index([]string{"play", "passes", "provisional_wrap", "empty_provisional"}, key)
		if k < 0 || seen[k] {
			return 0, false
		}
		seen[k] = true
		switch k {
		case 0, 3:
			s, ok := plain()
			if !ok {
				return 0, false
			}
			if k == 0 {
				out.Play = s
			} else {
				out.EmptyProvisional = s
			}
		case 1:
			from := i
			for i < len(data) && data[i] >= '0' && data[i] <= '9' {
				i++
			}
			p, err := strconv.Atoi(string(data[from:i]))
			if err != nil || i-from > 1 && data[from] == '0' {
				return 0, false
			}
			out.Passes = p
		case 2:
			var b bool
			switch {
			case bytes.HasPrefix(data[i:], []byte("true")):
				b, i = true, i+4
			case bytes.HasPrefix(data[i:], []byte("false")):
				i += 5
			default:
				return 0, false
			}
			out.ProvisionalWrap = &b
		}
		if i == len(data) {
			return 0, false
		}
		i++
		switch data[i-1] {
		case ',':
			continue
		case '}':
			*r = out
			return i, true
		}
		return 0, false
	}
}
