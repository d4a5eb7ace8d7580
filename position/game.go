package position

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/words"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/verify"
)

// Game is a game in progress as a player knows it: the game, the deal (its
// seed when it has one), the rules in force and the moves played so far, in
// RULES.md's JSON notation. It is read, not yet replayed: the referee judges
// the moves (Position.Check, Solve, ReviewLine).
type Game struct {
	Entry games.Entry
	Seed  *uint64
	Deal  []deck.Card
	Rules games.Rules
	Moves []solution.Move
	// Lines[i] is the line of the text Moves[i] was read from, for a move
	// list in the CLI's notation; nil for JSON.
	Lines []int
	// Result is the verdict the text claims ("" for none): a player's
	// question, never read as input.
	Result string
}

// Known is what a caller knows of a game besides its text: a command
// line's --game, --seed or --deal and rule flags. The zero value knows
// nothing. What the text says as well must agree with it.
type Known struct {
	Game  string       // "" when not given
	Seed  *uint64      // the seed of Deal, when it has one
	Deal  []deck.Card  // nil when not given
	Rules *games.Rules // nil when not given: the text's, else the game's defaults
}

// ReadGame reads a game in progress from data, in any of the forms a person
// may give it:
//
//   - a JSON object with "game", "seed" or "deal" (or both: the seed must
//     deal the deal), "moves", and optionally "rules" (left out, or any of
//     its keys, the game's defaults): a request of the board, or a whole
//     solution object (solve --json). "result", "reason" and "stats" may be
//     there and are not read as input;
//   - a JSON list of moves;
//   - a move list in the CLI's notation, one move a line, numbered or not,
//     as solve prints it (solution.ReadMoveText): its header lines are
//     skipped.
//
// A list names no game or deal: they come from known (a text that is no
// list, known lacking them, is refused as verify refuses it: noMoves). Places may be named
// as deal shows them as well as by their JSON names (solution.Place: "arc
// a7", "pile 7"), and cards with any spelling of docs/notation.md. lookup
// finds a game by name (games.Lookup; tests pass fakes).
//
// The error says what is wrong and where (a field, a line of the text) in
// one line, without the file's name, which the caller adds.
func ReadGame(data []byte, known Known, lookup func(string) (games.Entry, error)) (Game, error) {
	t := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\ufeff")), " \t\r\n")
	if len(t) > 0 && (t[0] == '{' || t[0] != '[' && json.Valid(t)) {
		// Another JSON value than a list is refused as no object.
		return readObject(data, known, lookup)
	}
	g, err := knownGame(known, lookup)
	if err != nil {
		// A file that is no text (a binary, a picture) is no move list
		// lacking its game: said so, at its first byte that is no text.
		if msg := noText(data); msg != "" {
			return Game{}, &solution.ShapeError{Msg: msg}
		}
		// Nor is a text that is no list of moves (a page, prose).
		if why := noMoves(data, known, lookup); why != nil {
			return Game{}, why
		}
		return Game{}, err
	}
	if len(t) > 0 && t[0] == '[' {
		moves, _, err := solution.ReadMoves(bytes.NewReader(data))
		if err != nil {
			return Game{}, err
		}
		for i, m := range moves {
			moves[i] = m.Canonical(g.Entry.Deck)
		}
		g.Moves = moves
		return g, nil
	}
	l, err := solution.ReadMoveText(data, g.Entry.Deck, moveHeader(g.Entry.Name))
	if err != nil {
		if deck.LooksLikeDeal(data) {
			return Game{}, &solution.ShapeError{Msg: "not JSON: this looks like a deal file (solve and deal take one with --deal)"}
		}
		return Game{}, err
	}
	g.Moves, g.Lines = l.Moves, l.Lines
	return g, nil
}

// moveHeader says whether a line is one solve prints above its move list,
// for a game of one of names: its verdict, difficulty, nodes and table
// lines (solution.ReadMoveText skips them).
func moveHeader(names ...string) func(line string) bool {
	prefixes := []string{"difficulty ", "nodes ", "table ", "why: "}
	for _, n := range names {
		prefixes = append(prefixes, n+" ")
	}
	return func(line string) bool {
		for _, p := range prefixes {
			if strings.HasPrefix(line, p) {
				return true
			}
		}
		return false
	}
}

// noMoves is why data, given without its game or deal, is no list of
// moves; nil when it is one, whose game and deal must be given. It is read
// as a list of known's game, or of every game when known names none:
//
//   - a JSON list (data starts with "[") is refused as solution.ReadMoves
//     refuses it;
//   - a move list read to a line that is no move is refused at that line
//     (of the game that reads it furthest);
//   - a text whose first line is no move is refused as verify refuses it
//     (solution.DecodeGame: UTF-16, not JSON, a deal file), unless it
//     holds no move at all (only comments and solve's header lines).
func noMoves(data []byte, known Known, lookup func(string) (games.Entry, error)) error {
	if msg := words.UTF16(data); msg != "" {
		return errors.New(msg)
	}
	if t := bytes.TrimLeft(bytes.TrimPrefix(data, []byte(words.BOM)), " \t\r\n"); len(t) > 0 && t[0] == '[' {
		_, _, err := solution.ReadMoves(bytes.NewReader(data))
		return err
	}
	entries := games.All()
	if known.Game != "" {
		e, err := lookup(known.Game)
		if err != nil {
			return nil // the caller's to say
		}
		entries = []games.Entry{e}
	}
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name
	}
	var furthest error
	read := 0
	for _, e := range entries {
		l, err := solution.ReadMoveText(data, e.Deck, moveHeader(names...))
		if err == nil {
			return nil
		}
		if furthest == nil || len(l.Moves) > read {
			furthest, read = err, len(l.Moves)
		}
	}
	var se *solution.ShapeError
	if read > 0 || errors.As(furthest, &se) {
		return furthest
	}
	if _, _, err := solution.DecodeGame(data); err != nil {
		return err
	}
	return furthest
}

// noText says where data is no text, "" when it is: its first byte that is
// no UTF-8, or a control character other than white space (a NUL, the 0x7F
// an ELF file starts with), named by its offset and value. A UTF-16 text
// is text (its reader says what it is).
func noText(data []byte) string {
	if words.UTF16(data) != "" {
		return ""
	}
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		why := ""
		switch {
		case r == utf8.RuneError && n == 1:
			why = "not UTF-8"
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r' && r != '\f', r == 0x7f:
			why = "a control character"
		}
		if why != "" {
			return fmt.Sprintf("not a solution: byte %d is 0x%02X, %s: the file is no text (neither a JSON solution object nor a move list)", i+1, data[i], why)
		}
		i += n
	}
	return ""
}

// knownGame is the game of known alone, for a list of moves.
func knownGame(known Known, lookup func(string) (games.Entry, error)) (Game, error) {
	if known.Game != "" && known.Deal == nil {
		return Game{}, errors.New("a list of moves names no deal: give its seed or deal (--seed or --deal), or write the game as a JSON object {\"game\", \"seed\" or \"deal\", \"moves\"}")
	}
	if known.Game == "" || known.Deal == nil {
		return Game{}, errors.New("a list of moves names no game or deal: give the game and its seed or deal (--game, and --seed or --deal), or write the game as a JSON object {\"game\", \"seed\" or \"deal\", \"moves\"}")
	}
	e, err := lookup(known.Game)
	if err != nil {
		return Game{}, err
	}
	r := e.Defaults
	if known.Rules != nil {
		r = *known.Rules
	}
	return Game{Entry: e, Seed: known.Seed, Deal: known.Deal, Rules: r}, nil
}

// IllegalMove is the number (from 1) of the first illegal move of g's
// moves, 0 when every one is legal (or g's game has no referee). A JSON
// line is read no further than a block that holds its first illegal move
// (IllegalPrefix), so its Moves then end past that move, and their count is
// not the file's.
func (g Game) IllegalMove() int {
	if g.Entry.Verify == nil {
		return 0
	}
	var me *verify.MoveError
	if errors.As(g.Entry.Verify(g.Deal, g.Rules.JSON(), g.Moves), &me) {
		return me.N
	}
	return 0
}

// ReadDeal is ReadGame of a deal file's JSON object (what deal --json
// prints, a game in progress with no moves or with some, which the caller
// refuses): its errors call the text a deal, not a solution
// (solution.DecodeDeal).
func ReadDeal(data []byte, known Known, lookup func(string) (games.Entry, error)) (Game, error) {
	sol, raw, err := solution.DecodeDeal(data)
	if err != nil {
		return Game{}, err
	}
	return GameOf(sol, raw, known, lookup)
}

// readObject is ReadGame of a JSON object.
func readObject(data []byte, known Known, lookup func(string) (games.Entry, error)) (Game, error) {
	sol, raw, err := solution.DecodeGameStopping(data, IllegalPrefix(known, lookup))
	if err != nil {
		return Game{}, err
	}
	return GameOf(sol, raw, known, lookup)
}

// GameOf is ReadGame's game of an object already decoded (package api
// decodes its requests once): sol's game, seed, deal and moves, and its
// "rules" object as raw, nil when it has none. It checks and words them
// as ReadGame does.
func GameOf(sol *solution.Solution, raw json.RawMessage, known Known, lookup func(string) (games.Entry, error)) (Game, error) {
	if known.Game != "" && known.Game != sol.Game {
		return Game{}, fmt.Errorf("the line is of %s, not %s", sol.Game, known.Game)
	}
	e, err := lookup(sol.Game)
	if err != nil {
		return Game{}, err
	}
	g := Game{Entry: e, Seed: sol.Seed, Result: sol.Result}
	switch {
	case len(sol.Deal) > 0:
		if g.Deal, err = deck.DealTokens(sol.Deal, "\"deal\"", "token", e.Deck, e.Copies); err != nil {
			return Game{}, err
		}
		if sol.Seed != nil && !slices.Equal(g.Deal, e.SeedDeal(*sol.Seed)) {
			return Game{}, fmt.Errorf("the deal is not the deal of seed %d (drop \"seed\" for a deal from a file)", *sol.Seed)
		}
	case sol.Seed != nil:
		g.Deal = e.SeedDeal(*sol.Seed)
	case known.Deal != nil:
		g.Deal, g.Seed = known.Deal, known.Seed
	default:
		return Game{}, errors.New("no \"seed\" or \"deal\": give the deal's seed, or its cards in dealing order (\"deal\": [\"6E\", \"CE\", …])")
	}
	if known.Deal != nil && !slices.Equal(g.Deal, known.Deal) {
		if g.Seed != nil {
			return Game{}, fmt.Errorf("the line's deal is seed %d's, not the deal given (give --seed %d)", *g.Seed, *g.Seed)
		}
		return Game{}, errors.New("the line's deal is not the deal given")
	}
	if g.Rules, err = gameRules(e, raw); err != nil {
		return Game{}, err
	}
	if known.Rules != nil {
		if raw == nil {
			g.Rules = *known.Rules
		} else if g.Rules != *known.Rules {
			return Game{}, &RulesError{Line: g.Rules, Given: *known.Rules}
		}
	}
	g.Moves = make([]solution.Move, len(sol.Moves))
	for i, m := range sol.Moves {
		g.Moves[i] = m.Canonical(e.Deck)
	}
	return g, nil
}

// IllegalPrefix is a solution.Stop: it stops reading a line at a prefix
// of it with an illegal move, as ReadGame with known reads the game of
// the object's fields before "moves" (the same deal and rules: a move is
// judged under the rules the whole line will be). A prefix whose game
// cannot be read yet, or with every move legal, reads on.
func IllegalPrefix(known Known, lookup func(string) (games.Entry, error)) solution.Stop {
	return func(head *solution.Solution, moves []solution.Move) bool {
		text, err := json.Marshal(head)
		if err != nil {
			return false
		}
		g, err := readObject(text, known, lookup) // head has no moves: no Stop is asked
		if err != nil || g.Entry.Verify == nil {
			return false
		}
		prefix := make([]solution.Move, len(moves))
		for i, m := range moves {
			prefix[i] = m.Canonical(g.Entry.Deck)
		}
		var me *verify.MoveError
		return errors.As(g.Entry.Verify(g.Deal, g.Rules.JSON(), prefix), &me)
	}
}

// RulesError is a line whose "rules" are not the rules the caller was
// given (a command's rule flags).
type RulesError struct{ Line, Given games.Rules }

func (e *RulesError) Error() string {
	return fmt.Sprintf("the line was played under %s, not under %s", e.Line, e.Given)
}

// gameRules are the rules of a "rules" object raw (nil: none), keys left
// out taking e's defaults.
func gameRules(e games.Entry, raw json.RawMessage) (games.Rules, error) {
	if raw == nil {
		return e.Defaults, nil
	}
	j := e.Defaults.JSON()
	if j.NoChoices() {
		j = solution.Rules{}
	}
	if n, ok := solution.PlainRules(raw, &j); ok && n == len(raw) {
		return e.ResolveJSON(j) // the board's rules, read without reflection
	}
	if err := json.Unmarshal(raw, &j); err != nil {
		return games.Rules{}, fmt.Errorf("\"rules\": %v", err) // the strict decoding passed: not reached
	}
	return e.ResolveJSON(j)
}

// LineError is an illegal move of a move list read as text, with the line
// it was on.
type LineError struct {
	Line int
	*verify.MoveError
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.MoveError) }

func (e *LineError) Unwrap() error { return e.MoveError }

// OnLine is err, an error of the referee replaying g's moves, with the line
// of the move it names when g was read as text (a *LineError); any other
// error as it is.
func (g Game) OnLine(err error) error {
	var me *verify.MoveError
	if g.Lines == nil || !errors.As(err, &me) || me.N < 1 || me.N > len(g.Lines) {
		return err
	}
	return &LineError{Line: g.Lines[me.N-1], MoveError: me}
}
