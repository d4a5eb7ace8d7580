package api

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/solitario/solitario/analysis"
	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/strictjson"
	"github.com/solitario/solitario/internal/words"
	"github.com/solitario/solitario/position"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
)

// Request is one question to the engine: a deal (Seed or Deal), the rules,
// the moves played and the limits of any search. See the package doc for
// its JSON form.
type Request struct {
	Game  string
	Seed  *uint64         // the deal of a seed (RULES.md, "Deals from a seed")
	Deal  []string        // or the deal's tokens in dealing order
	Rules *solution.Rules // nil: the game's defaults
	Moves []solution.Move // the moves played so far
	// MaxNodes is the node limit of a search: nil for the CLI's default
	// (solver.DefaultMaxNodes), 0 for none.
	MaxNodes *int64
	// Timeout is the wall time limit of a search (0: none).
	Timeout time.Duration
	// DealFile is a deal file's text (docs/notation.md, "Deal files"), for
	// the dealFile entry point alone.
	DealFile string
	// DealFile is given as "deal_file", its text, or "deal_file_base64",
	// its bytes as they are in the file (a file that is no UTF-8 text,
	// which a JSON string cannot hold, is refused in the CLI's words).
	//
	// DealFileName is what DealFile's messages call the file, as the CLI
	// names the path it read: the file's name in a page's file chooser
	// ("" for "deal file", text pasted).
	DealFileName string
	// MoveText is a move list in the CLI's notation, for the moveText
	// entry point alone.
	MoveText string

	rawRules json.RawMessage // "rules" as a JSON request gave it: keys left out are the defaults
}

// wire is Request as JSON holds it; seed is a number or a decimal string,
// read again from the text (an interface{} field: strictjson's checks pass
// it by, and a float64 would round seeds past 2^53).
type wire struct {
	Game         string          `json:"game"`
	Seed         any             `json:"seed"`
	Deal         []string        `json:"deal"`
	Rules        *solution.Rules `json:"rules"`
	Moves        []solution.Move `json:"moves"`
	MaxNodes     *int64          `json:"max_nodes"`
	TimeoutMS    *int64          `json:"timeout_ms"`
	DealFile     string          `json:"deal_file"`
	DealFileName string          `json:"deal_file_name"`
	DealFileB64  *string         `json:"deal_file_base64"`
	MoveText     string          `json:"move_text"`
	// A solution object's keys, read but not used: a whole solution
	// (solve --json) is a request too.
	Result     any `json:"result"`
	Reason     any `json:"reason"`
	Stats      any `json:"stats"`
	Difficulty any `json:"difficulty"`
}

// ParseRequest reads a request object. The error is one line: the JSON
// problem with its byte offset and key (internal/strictjson's wording, as
// the CLI words a solution file's), a key the request has no use for, a
// seed that is no decimal number from 0 to 2^64-1, a rules object missing
// play or passes, a negative limit, a move given as null.
func ParseRequest(data []byte) (Request, error) {
	if r, ok := parsePlain(data); ok {
		return r, nil
	}
	return parseJSON(data)
}

// ParseText reads a request given as a file's text, not as a request
// object: it is read as the CLI reads a solution file (hint, review and
// verify --solution; package position's ReadGame): a solution object or a
// game in progress ({"game", "seed" or "deal", "rules", "moves"}), its
// seed a JSON number as RULES.md's solution format writes it (a seed
// written as a string is refused, as the CLI refuses it), no key a
// solution lacks (a request's limits are not a file's), every error in
// the CLI's words. The module (solitario.js) reads a text request so: a
// solution file's bytes given to verify are judged as verify judges the
// file.
func ParseText(data []byte) (Request, error) {
	if err := solution.CheckSize(data); err != nil {
		return Request{}, err
	}
	sol, raw, err := solution.DecodeGame(data)
	if err != nil {
		return Request{}, err
	}
	r := Request{Game: sol.Game, Seed: sol.Seed, Deal: sol.Deal, Moves: sol.Moves}
	if raw != nil {
		r.Rules, r.rawRules = &sol.Rules, raw
	}
	return r, nil
}

// parseJSON is ParseRequest by encoding/json, for any text.
func parseJSON(data []byte) (Request, error) {
	var w wire
	if err := strictjson.Decode(data, &w); err != nil {
		var e *strictjson.Error
		if errors.As(err, &e) {
			switch e.Kind {
			case strictjson.NotJSON, strictjson.Top:
				return Request{}, fmt.Errorf("invalid request: a request is a JSON object {\"game\", \"seed\" or \"deal\", \"rules\", \"moves\", \"max_nodes\", \"timeout_ms\"}")
			case strictjson.Truncated:
				return Request{}, fmt.Errorf("invalid request JSON: the object ends early, after %s (a text cut short?)", words.Count(e.Offset, "byte"))
			case strictjson.Extra: // Msg is empty for it
				return Request{}, fmt.Errorf("invalid request JSON: more after the first object%s (give one request and nothing after it)", e.At())
			}
			return Request{}, fmt.Errorf("invalid request JSON%s: %s", e.At(), e.Msg)
		}
		return Request{}, fmt.Errorf("invalid request JSON: %v", err)
	}
	var raw struct {
		Seed  json.RawMessage   `json:"seed"`
		Rules json.RawMessage   `json:"rules"`
		Moves []json.RawMessage `json:"moves"`
	}
	if err := json.Unmarshal(data, &raw); err != nil { // valid JSON here: cannot fail
		return Request{}, fmt.Errorf("invalid request JSON: %v", err)
	}
	r := Request{Game: w.Game, Deal: w.Deal, Rules: w.Rules, Moves: w.Moves, MaxNodes: w.MaxNodes, DealFile: w.DealFile, DealFileName: w.DealFileName, MoveText: w.MoveText}
	if w.DealFileB64 != nil {
		if w.DealFile != "" {
			return Request{}, errors.New(`give "deal_file" (the text) or "deal_file_base64" (the bytes), not both`)
		}
		b, err := base64.StdEncoding.DecodeString(*w.DealFileB64)
		if err != nil {
			return Request{}, fmt.Errorf(`"deal_file_base64": not base64 (a file's bytes, as btoa writes them): %v`, err)
		}
		r.DealFile = string(b)
	}
	if s := string(bytes.TrimSpace(raw.Seed)); s != "" && s != "null" {
		s = strings.Trim(s, `"`)
		n, err := analysis.ParseSeed(s)
		if err != nil {
			return Request{}, fmt.Errorf("\"seed\" %s: %v", raw.Seed, err)
		}
		r.Seed = &n
	}
	if r.Rules != nil {
		r.rawRules = raw.Rules
	}
	for i, m := range raw.Moves {
		if string(bytes.TrimSpace(m)) == "null" {
			return Request{}, fmt.Errorf("moves[%d] (move %d) is null: a move is an object {\"from\", \"to\", \"card\"}", i, i+1)
		}
	}
	if r.MaxNodes != nil && *r.MaxNodes < 0 {
		return Request{}, fmt.Errorf("\"max_nodes\" %d: must be 0 (no limit) or more", *r.MaxNodes)
	}
	if w.TimeoutMS != nil {
		if *w.TimeoutMS < 0 || *w.TimeoutMS > int64(time.Duration(1<<62)/time.Millisecond) {
			return Request{}, fmt.Errorf("\"timeout_ms\" %d: must be 0 (none) or more, in milliseconds", *w.TimeoutMS)
		}
		r.Timeout = time.Duration(*w.TimeoutMS) * time.Millisecond
	}
	return r, nil
}

// parsePlain reads the plainest request, the ones the board asks: an
// object of "game" (printable ASCII without escapes), "seed", "max_nodes"
// and "timeout_ms" (decimal digits), "rules" (solution.PlainRules),
// "deal" (strings as "game") and "moves" (objects of "from", "to" and
// "card", strings as "game", without white space), each once, in any
// order. ok is false
// for any other text, which ParseRequest reads by encoding/json and words
// its problems: reflection costs 14 times its native time in WebAssembly,
// where reading a request took half the work of a deal lost at the start.
// TestParsePlain keeps the two readings equal.
func parsePlain(data []byte) (r Request, ok bool) {
	i := 0
	space := func() {
		for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n') {
			i++
		}
	}
	// token is the run from i of bytes that are not its end; "" when it
	// reaches the end of the text.
	token := func(end func(c byte) bool) string {
		from := i
		for i < len(data) && !end(data[i]) {
			i++
		}
		if i == len(data) {
			return ""
		}
		return string(data[from:i])
	}
	notDigit := func(c byte) bool { return c < '0' || c > '9' }
	space()
	if i == len(data) || data[i] != '{' {
		return Request{}, false
	}
	i++
	seen := map[string]bool{}
	for first := true; ; first = false {
		space()
		if i < len(data) && data[i] == '}' && first {
			i++
			break
		}
		if i == len(data) || data[i] != '"' {
			return Request{}, false
		}
		i++
		key := token(func(c byte) bool { return c == '"' || c == '\\' })
		if key == "" || seen[key] || data[i] != '"' {
			return Request{}, false
		}
		seen[key] = true
		i++
		space()
		if i == len(data) || data[i] != ':' {
			return Request{}, false
		}
		i++
		space()
		// str is a string at i of printable ASCII without escapes.
		str := func() (string, bool) {
			if i == len(data) || data[i] != '"' {
				return "", false
			}
			i++
			s := token(func(c byte) bool { return c < 0x20 || c >= 0x7f || c == '"' || c == '\\' })
			if i == len(data) || data[i] != '"' {
				return "", false
			}
			i++
			return s, true
		}
		// list reads an array at i, each item by item.
		list := func(item func() bool) bool {
			if i == len(data) || data[i] != '[' {
				return false
			}
			i++
			if i < len(data) && data[i] == ']' {
				i++
				return true
			}
			for {
				if !item() || i == len(data) {
					return false
				}
				i++
				switch data[i-1] {
				case ',':
					continue
				case ']':
					return true
				}
				return false
			}
		}
		switch key {
		case "game":
			if r.Game, ok = str(); !ok {
				return Request{}, false
			}
		case "rules":
			// The board's rules object (solution.PlainRules), kept as
			// given: keys left out are the game's defaults.
			rules := solution.Rules{}
			n, ok := solution.PlainRules(data[i:], &rules)
			if !ok {
				return Request{}, false
			}
			r.Rules, r.rawRules = &rules, json.RawMessage(data[i:i+n])
			i += n
		case "deal":
			r.Deal = []string{}
			if !list(func() bool {
				t, ok := str()
				r.Deal = append(r.Deal, t)
				return ok
			}) {
				return Request{}, false
			}
		case "moves":
			// Objects of "from" and "to", and "card" or not, each once,
			// without white space.
			r.Moves = []solution.Move{}
			if !list(func() bool {
				var m solution.Move
				var seen [3]bool
				if i == len(data) || data[i] != '{' {
					return false
				}
				i++
				for {
					k, ok := str()
					if !ok || i == len(data) || data[i] != ':' {
						return false
					}
					i++
					v, ok := str()
					f := slices.Index([]string{"from", "to", "card"}, k)
					if !ok || f < 0 || seen[f] {
						return false
					}
					seen[f] = true
					*[]*string{&m.From, &m.To, &m.Card}[f] = v
					if i == len(data) {
						return false
					}
					i++
					if data[i-1] == '}' {
						r.Moves = append(r.Moves, m)
						return seen[0] && seen[1]
					}
					if data[i-1] != ',' {
						return false
					}
				}
			}) {
				return Request{}, false
			}
		default:
			n := token(notDigit)
			if n == "" || len(n) > 1 && n[0] == '0' {
				return Request{}, false
			}
			v, err := strconv.ParseUint(n, 10, 64)
			switch {
			case err != nil:
				return Request{}, false
			case key == "seed":
				r.Seed = &v
			case key == "max_nodes" && v <= math.MaxInt64:
				m := int64(v)
				r.MaxNodes = &m
			case key == "timeout_ms" && v <= uint64(time.Duration(1<<62)/time.Millisecond):
				r.Timeout = time.Duration(v) * time.Millisecond
			default:
				return Request{}, false
			}
		}
		space()
		if i < len(data) && data[i] == ',' {
			i++
			continue
		}
		if i < len(data) && data[i] == '}' {
			i++
			break
		}
		return Request{}, false
	}
	space()
	return r, i == len(data)
}

// target is a request checked: the game, the deal, the rules in force.
type target struct {
	game  games.Entry
	deal  []deck.Card
	seed  *uint64
	rules games.Rules
	moves []solution.Move
}

// load checks r's game, deal and rules (not its moves: the referee judges
// them where they are played) as package position reads a game in
// progress (position.ReadGame, on r already decoded: position.GameOf):
// its checks and wording, rules keys left out taking the game's defaults,
// places and cards in any spelling of docs/notation.md.
func (e *Engine) load(r Request) (target, error) {
	if r.Game == "" {
		return target{}, fmt.Errorf("give a game: \"game\" (games: %s)", strings.Join(games.Names(), ", "))
	}
	raw := r.rawRules
	if raw == nil && r.Rules != nil {
		raw, _ = json.Marshal(r.Rules)
	}
	head := solution.Solution{Game: r.Game, Seed: r.Seed, Deal: r.Deal}
	if r.Rules != nil {
		head.Rules = *r.Rules
	}
	// ReadGame reads a line no further than the first prefix of 64, 128, …
	// moves with an illegal move (solution.Stop): so here.
	moves, stop := r.Moves, position.IllegalPrefix(position.Known{}, e.lookup)
	for n := 64; n <= len(moves); n *= 2 {
		if stop(&head, moves[:n]) {
			moves = moves[:n]
			break
		}
	}
	sol := head
	sol.Moves = moves
	g, err := position.GameOf(&sol, raw, position.Known{}, e.lookup)
	if err != nil {
		return target{}, err
	}
	t := target{game: g.Entry, deal: g.Deal, seed: g.Seed, rules: g.Rules, moves: g.Moves}
	if r.Moves == nil {
		t.moves = nil // no moves given: solve decides the deal itself
	}
	return t, nil
}

// position is t's position after its moves.
func (t target) position() position.Position {
	return position.Position{Game: t.game, Deal: t.deal, Rules: t.rules, Moves: t.moves}
}

// Options are what a Go caller adds to a request: progress during a
// search. The zero value is none.
type Options struct {
	// Progress, when set, is called from the search every ProgressEvery
	// nodes with the nodes so far and the time
	// taken; it must be quick.
	Progress func(nodes int64, elapsed time.Duration)
	// ProgressEvery is the progress period in nodes (0:
	// solver.DefaultProgressEvery): the WebAssembly build takes a shorter
	// one, its turn to hear an abort.
	ProgressEvery int64
	// Text says that Call's request is a file's text, read as the CLI
	// reads a solution file (ParseText), not a request object
	// (ParseRequest): the module's request given as a string.
	Text bool
}

// search checks r and runs f, a search of its target under its limits
// and o, on a workspace of e's (released after; f gets it for its other
// buffers, the difficulty grade's). The answer is f's, or A's zero value
// with the error.
func search[A any](e *Engine, r Request, o Options, f func(t target, cfg games.Config, w *workspace) (A, error)) (A, error) {
	var zero A
	t, err := e.load(r)
	if err != nil {
		return zero, err
	}
	w, err := e.workspace()
	if err != nil {
		return zero, err
	}
	defer e.release(w)
	a, err := f(t, e.config(r, t, o, w), w)
	if err != nil {
		return zero, err
	}
	return a, nil
}

// DefaultTableBytes is the transposition table's budget, the CLI's
// --tt-mem default: the table grows to it as it fills.
const DefaultTableBytes = 256 << 20

// config is the search for t under r's limits and o: the default strategy
// on w's table and search buffers.
func (e *Engine) config(r Request, t target, o Options, w *workspace) games.Config {
	opts := solver.Options{MaxNodes: solver.DefaultMaxNodes, Timeout: r.Timeout, Table: w.table}
	if r.MaxNodes != nil {
		opts.MaxNodes = *r.MaxNodes
	}
	if o.Progress != nil {
		opts.Progress = func(s solver.Stats) { o.Progress(s.Nodes, s.Elapsed) }
		opts.ProgressEvery = o.ProgressEvery
	}
	return games.Config{Rules: t.rules, Strategy: e.strategy, Search: opts, Workers: 1, Scratch: &w.scratch}
}
