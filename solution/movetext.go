package solution

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/internal/words"
)

// This file reads moves written as people write them: the CLI's own move
// notation (docs/notation.md, "Place names in solutions": the text solve
// prints, "12. stock 5O -> pile 5 (on 4O)"), and the names of places as
// deal shows them (Il Ventaglio's arc slot "a7"). Both come down to the
// JSON names of RULES.md, which the referee checks: nothing here knows a
// game's rules.

// Place is a place name as written by a person, in the JSON name RULES.md
// gives it: "pile 7" and "Pile:7" are "pile:7" (the first word lower case,
// a label after it upper case), Il Ventaglio's arc with its slot as deal
// and solve show it ("arc a7", "a7") is "arc" (the arc is taken left to
// right, so the slot follows from the position). A name the game lacks
// stays as it is, for the referee to refuse by its own list. Only ASCII
// letters change case (a byte that is no UTF-8 stays, for a message to
// show it as written, not as U+FFFD), and a label longer than any game's
// (two characters: "12", "K") is left as written.
func Place(s string) string {
	f := strings.Fields(strings.Replace(s, ":", " ", 1))
	switch len(f) {
	case 1:
		p := asciiLower(f[0])
		if arcSlot(p) {
			return "arc"
		}
		return p
	case 2:
		kind := asciiLower(f[0])
		if kind == "arc" && arcSlot(asciiLower(f[1])) {
			return "arc"
		}
		if len(f[1]) > 2 {
			return kind + ":" + f[1]
		}
		return kind + ":" + asciiUpper(f[1])
	}
	return s
}

// asciiLower is s with its ASCII letters lower case and every other byte
// as it is (strings.ToLower turns a byte that is no UTF-8 into U+FFFD).
func asciiLower(s string) string { return asciiCase(s, 'A', 'a') }

// asciiUpper is s with its ASCII letters upper case, as asciiLower.
func asciiUpper(s string) string { return asciiCase(s, 'a', 'A') }

// asciiCase is s with every ASCII letter from from..from+25 moved to to.
func asciiCase(s string, from, to byte) string {
	b := []byte(s)
	for i, c := range b {
		if from <= c && c <= from+25 {
			b[i] = c - from + to
		}
	}
	return string(b)
}

// arcSlot is whether s is a slot of Il Ventaglio's arc as deal labels it,
// "a1".."a12".
func arcSlot(s string) bool {
	n, err := strconv.Atoi(strings.TrimPrefix(s, "a"))
	return strings.HasPrefix(s, "a") && err == nil && n >= 1 && n <= 12
}

// Canonical is m with its places in their JSON names (Place) and its card
// in its canonical token when it is a card of k: what a move typed by a
// person means.
func (m Move) Canonical(k deck.Kind) Move {
	out := Move{From: Place(m.From), To: Place(m.To), Card: strings.TrimSpace(m.Card)}
	if c, err := k.Parse(out.Card); err == nil && out.Card != "" {
		out.Card = k.Token(c)
	}
	return out
}

// ParseMoveText reads one move of the CLI's notation, as solve and hint
// print it: "FROM [CARD] -> TO", its number before it or not ("12. "), a
// note after the place it goes to left out ("(on 4O)", "(7), new pile").
// The places are read by Place ("pile 7", "pile:7", "arc a7"), the card by
// k's spellings (docs/notation.md, "Card tokens"). "→" is read as "->".
// n, when the move is numbered, is its number, else 0. The error says what
// in the text is not a move.
func ParseMoveText(s string, k deck.Kind) (m Move, n int, err error) {
	s = strings.TrimSpace(strings.ReplaceAll(s, "→", "->"))
	if num, rest, ok := strings.Cut(s, "."); ok && num != "" && strings.TrimFunc(num, unicode.IsDigit) == "" {
		if n, err = strconv.Atoi(num); err != nil || n < 1 {
			return Move{}, 0, fmt.Errorf("move number %s is no number from 1 up", quoteShort(num))
		}
		s = strings.TrimSpace(rest)
	}
	from, to, ok := strings.Cut(s, "->")
	if !ok {
		return Move{}, n, fmt.Errorf("%s is no move: want FROM CARD -> TO, as solve prints (\"stock 5O -> pile 5\")", quoteShort(s))
	}
	if i := strings.IndexAny(to, "(,"); i >= 0 {
		to = to[:i] // the note solve adds: "(on 4O)", "(7), new pile"
	}
	src, dst := strings.Fields(from), strings.Fields(to)
	switch {
	case len(src) == 0:
		return Move{}, n, fmt.Errorf("%s: no place before \"->\"", quoteShort(s))
	case len(dst) == 0:
		return Move{}, n, fmt.Errorf("%s: no place after \"->\"", quoteShort(s))
	case len(dst) > 2:
		return Move{}, n, fmt.Errorf("%s: %s after \"->\" is no place (a place is one or two words: stock, pile 5)", quoteShort(s), quoteShort(strings.Join(dst, " ")))
	case len(dst) == 2 && oneWord(dst[0]):
		// Said in the user's words: Place would make "waste please"
		// "waste:PLEASE", a place nobody wrote.
		return Move{}, n, fmt.Errorf("%s: %s after \"->\" is no place (%s is one word, with nothing after it)", quoteShort(s), quoteShort(strings.Join(dst, " ")), dst[0])
	}
	m.To = Place(strings.Join(dst, " "))
	switch len(src) {
	case 1: // a move without a card: the redeal, waste -> stock
		m.From = Place(src[0])
	case 2: // "stock 5O", or a place of two words without a card
		c, err := k.Parse(src[1])
		switch {
		case err == nil:
			m.From, m.Card = Place(src[0]), k.Token(c)
		case oneWord(src[0]): // then the second word is meant as the card
			return Move{}, n, fmt.Errorf("%s: %v", quoteShort(s), err)
		default:
			m.From = Place(src[0] + " " + src[1])
		}
	case 3: // "pile 7 5O", "arc a7 QH"
		c, err := k.Parse(src[2])
		if err != nil {
			return Move{}, n, fmt.Errorf("%s: %v", quoteShort(s), err)
		}
		m.From, m.Card = Place(src[0]+" "+src[1]), k.Token(c)
	default:
		return Move{}, n, fmt.Errorf("%s: %s before \"->\" is no place and card (want FROM CARD, as \"stock 5O\" or \"arc a7 QH\")", quoteShort(s), quoteShort(strings.Join(src, " ")))
	}
	return m, n, nil
}

// oneWord is whether p names a place of one word in every game that has
// it (RULES.md): stock, waste, well, reserve, centre, Il Ventaglio's p1..p4
// and f1..f8.
func oneWord(p string) bool {
	switch p = strings.ToLower(p); p {
	case "stock", "waste", "well", "reserve", "centre":
		return true
	}
	n, err := strconv.Atoi(p[min(1, len(p)):])
	return err == nil && n >= 1 && (p[0] == 'p' && n <= 4 || p[0] == 'f' && n <= 8)
}

// quoteShort quotes s, its first 60 characters when it is longer
// (words.Quote: bytes that are no UTF-8 escaped, as a deal file's token).
func quoteShort(s string) string { return words.Quote(s, 60) }

// MoveList is a list of moves read from text, with the line each was on.
type MoveList struct {
	Moves []Move
	Lines []int // Lines[i] is the 1-based line of Moves[i]
}

// ReadMoveText reads a move list in the CLI's notation: one move a line
// (ParseMoveText), numbered or not; blank lines and "#" comments are
// skipped, and so are, before the first move, the lines solve prints above
// its list when header says so (its verdict, nodes and table lines). A
// numbered move must have its place in the list as its number: a list that
// starts at 31 (what solve --after prints) lacks the first 30 moves. The
// error names the line ("line 5: ..."), the list then holding the moves
// read before it; a text in UTF-16 is refused as every reader of text files
// refuses it (words.UTF16).
func ReadMoveText(data []byte, k deck.Kind, header func(line string) bool) (MoveList, error) {
	if msg := words.UTF16(data); msg != "" {
		return MoveList{}, errors.New(msg) // as a deal file or JSON says it
	}
	var l MoveList
	text := string(bytes.TrimPrefix(data, []byte(words.BOM)))
	for i, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		line, _, _ = strings.Cut(line, "#")
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if len(l.Moves) == 0 && !strings.Contains(line, "->") && !strings.Contains(line, "→") && header != nil && header(line) {
			continue
		}
		m, n, err := ParseMoveText(line, k)
		if err != nil {
			return l, fmt.Errorf("line %d: %v", i+1, err)
		}
		if n != 0 && n != len(l.Moves)+1 {
			if len(l.Moves) == 0 {
				return l, fmt.Errorf("line %d: move %d is the list's first move: the moves before it are missing (give the whole game from move 1)", i+1, n)
			}
			return l, fmt.Errorf("line %d: move %d follows move %d: give every move, in order", i+1, n, len(l.Moves))
		}
		l.Moves = append(l.Moves, m)
		l.Lines = append(l.Lines, i+1)
	}
	if len(l.Moves) == 0 {
		// Blank lines and comments alone: empty, for a caller that says
		// what a file holds after it (solve --after) not to say it twice.
		return MoveList{}, &ShapeError{Msg: "no moves: a move list holds one move a line, as solve prints them (\"1. stock CE -> waste\")", Empty: true}
	}
	return l, nil
}
