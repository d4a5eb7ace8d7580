package deck

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"iter"
	"slices"
	"strings"
	"unicode"

	"github.com/solitario/solitario/internal/words"
)

// DealError is a deal file's first problem: where it is and what is wrong.
// Line and Token are zero/empty when the problem is the file as a whole
// (missing cards, wrong count).
type DealError struct {
	File  string // the name given to ParseDeal ("stdin" when the CLI reads standard input)
	Line  int    // 1-based line of the token, 0 for whole-file problems
	Token string // the offending token as written (Error quotes at most 24 characters of it)
	Msg   string // what is wrong; it quotes no more of Token than an unknown rank or suit
	// Unit names what Line counts: "" or "line" for a file's lines,
	// "deal token" for DealTokens's index in a list.
	Unit string
	// Index is the token's number in its line of a file (1-based), 0 when
	// Line counts the tokens themselves or the problem has no token.
	Index int
}

func (e *DealError) Error() string {
	switch {
	case e.Unit != "" && e.Unit != "line" && e.Line > 0:
		return fmt.Sprintf("%s: %s %d %s: %s", e.File, e.Unit, e.Line, showToken(e.Token), e.Msg)
	case e.Line > 0 && e.Token != "" && e.Index > 0:
		return fmt.Sprintf("%s:%d: token %d %s: %s", e.File, e.Line, e.Index, showToken(e.Token), e.Msg)
	case e.Line > 0 && e.Token != "":
		return fmt.Sprintf("%s:%d: token %s: %s", e.File, e.Line, showToken(e.Token), e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// MaxDealBytes bounds what ParseDeal reads: a real deal file is under 1 KiB.
const MaxDealBytes = 1 << 20

// ParseDeal reads a deal file (RULES.md, "deal file"): tokens in dealing order
// separated by white space or commas, '#' comments to the end of a line, any
// line ending (LF, CRLF or a lone CR: ScanDealLines). A leading UTF-8 byte-order mark is skipped
// (Windows Notepad writes one); a UTF-16 one is refused. It must hold exactly
// copies decks of kind k, each card copies times. The error is a *DealError naming the file, line and
// token: an unknown card, a card of another deck (wrong deck for the game), a
// card more times than the deal has it (duplicate), a card after the deal is
// complete (too many), or, for the file as a whole, missing cards.
func ParseDeal(r io.Reader, name string, k Kind, copies int) ([]Card, error) {
	b := newDealBuilder(name, "line", k, copies)
	sc := bufio.NewScanner(io.LimitReader(r, MaxDealBytes+1))
	sc.Buffer(make([]byte, 0, 4096), MaxDealBytes+1)
	// read counts the bytes of the lines scanned, their ends as they are
	// (LF, CRLF, CR or none at the end of the file): Text drops them.
	line, read := 0, 0
	sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		n, tok, err := ScanDealLines(data, atEOF)
		read += n
		return n, tok, err
	})
	for sc.Scan() {
		line++
		text := sc.Text()
		if read > MaxDealBytes {
			return nil, &DealError{File: name, Line: line, Msg: "file too large for a deal (over 1 MiB)"}
		}
		if line == 1 {
			if msg := words.UTF16(text); msg != "" {
				return nil, &DealError{File: name, Line: 1, Msg: msg}
			}
			text = strings.TrimPrefix(text, words.BOM)
		}
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		for i, tok := range dealTokens(text) {
			if len(b.deal) == 0 && strings.HasPrefix(tok, "{") {
				if _, err := k.parse(tok); err != nil {
					return nil, &DealError{File: name, Line: line, Msg: "this is JSON, not a deal file (the output of deal --json?): " +
						`write its tokens out, e.g. jq -r '.deal | join(" ")'`}
				}
			}
			if err := b.add(tok, pos{line, i + 1}); err != nil {
				return nil, err
			}
		}
	}
	if err := sc.Err(); err != nil {
		if err == bufio.ErrTooLong {
			return nil, &DealError{File: name, Line: line + 1, Msg: "line too long: over 1 MiB, the most a deal file holds"}
		}
		return nil, &DealError{File: name, Msg: "read error: " + err.Error()}
	}
	return b.finish()
}

// ScanDealLines is the bufio.SplitFunc of a deal file's lines: a line ends
// at LF, CRLF or a lone CR (old Mac files), or at the end of the file; the
// token lacks its end. It is the one place a deal file's lines are told
// apart, so every line number said of one (ParseDeal, the corpus's header
// lines) counts alike.
func ScanDealLines(data []byte, atEOF bool) (int, []byte, error) {
	i := bytes.IndexAny(data, "\r\n")
	switch {
	case i >= 0 && data[i] == '\n':
		return i + 1, data[:i], nil
	case i >= 0 && i+1 < len(data):
		if data[i+1] == '\n' {
			return i + 2, data[:i], nil
		}
		return i + 1, data[:i], nil
	case i >= 0 && atEOF: // a CR that ends the file
		return i + 1, data[:i], nil
	case i < 0 && atEOF && len(data) > 0:
		return len(data), data, nil
	}
	return 0, nil, nil // more data: a CR may be half of a CRLF
}

// DealLines is the lines of a deal file's content (ScanDealLines), each
// with its number from 1, without a leading UTF-8 byte-order mark (which
// ParseDeal skips too): a "# rules:" line after one is still a header.
func DealLines(data []byte) iter.Seq2[int, string] {
	data = bytes.TrimPrefix(data, []byte(words.BOM))
	return func(yield func(int, string) bool) {
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, len(data)+1) // a line is at most the whole content
		sc.Split(ScanDealLines)
		for no := 1; sc.Scan(); no++ {
			if !yield(no, sc.Text()) {
				return
			}
		}
	}
}

// dealTokens is the tokens of a line of a deal file whose comment is cut off.
func dealTokens(line string) []string {
	return strings.FieldsFunc(line, func(r rune) bool {
		return r == ',' || unicode.IsSpace(r)
	})
}

// LooksLikeDeal reports whether text reads as a deal file: its first
// tokens (at most 4), comments skipped, are cards of one deck. Readers of
// other files use it to say "give it with --deal".
func LooksLikeDeal(text []byte) bool {
	var toks []string
	for _, line := range DealLines(bytes.TrimPrefix(text[:min(len(text), 4096)], []byte(words.BOM))) {
		line, _, _ = strings.Cut(line, "#")
		toks = append(toks, dealTokens(line)...)
		if len(toks) >= 4 {
			break
		}
	}
	toks = toks[:min(len(toks), 4)]
	for k := range Kind(len(kinds)) {
		ok := len(toks) > 0
		for _, tok := range toks {
			if _, err := k.Parse(tok); err != nil {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// DealTokens reads a deal given as a list of tokens (a solution's "deal"),
// with the checks and wording of ParseDeal; the position in a *DealError is
// the 1-based token index, named by unit (e.g. "deal token": the message
// reads `name: deal token 5 "6E": duplicate card: 6E is already deal token 1`).
func DealTokens(tokens []string, name, unit string, k Kind, copies int) ([]Card, error) {
	b := newDealBuilder(name, unit, k, copies)
	for i, tok := range tokens {
		if err := b.add(tok, pos{i + 1, 0}); err != nil {
			return nil, err
		}
	}
	return b.finish()
}

// DealList checks a list of tokens one at a time, as DealTokens checks them
// all at once, for a deal being entered: a token Add refuses is left out
// of the checks of the tokens after it, but keeps its place in the count
// (the messages name each token by its index in the whole list).
type DealList struct {
	b *dealBuilder
	n int // tokens given so far, refused ones too
}

// NewDealList is an empty DealList; name and unit are DealTokens's.
func NewDealList(name, unit string, k Kind, copies int) *DealList {
	return &DealList{b: newDealBuilder(name, unit, k, copies)}
}

// Add checks the next token; its error is a *DealError at its 1-based
// index.
func (l *DealList) Add(tok string) error {
	l.n++
	return l.b.add(tok, pos{l.n, 0})
}

// Finish is the deal of the tokens Add took, or the whole deal's problem
// (missing cards, no cards): DealTokens's.
func (l *DealList) Finish() ([]Card, error) { return l.b.finish() }

// dealBuilder collects a deal's cards one token at a time, keeping where
// each card was read (a line of a file and the token's number in it, a
// token's index in a list).
type dealBuilder struct {
	name, unit string
	k          Kind
	copies     int
	seen       [][]pos // positions where each card was read
	deal       []Card
}

// pos is where a token was read: at, the line of a file (or the index in a
// list), and index, its number in that line (0 in a list).
type pos struct{ at, index int }

// text is p for a message: "token 3 on line 2", or a list's "deal token 5"
// (unit names what at counts).
func (p pos) text(unit string) string {
	if p.index == 0 {
		return fmt.Sprintf("%s %d", unit, p.at)
	}
	return fmt.Sprintf("token %d on %s %d", p.index, unit, p.at)
}

func newDealBuilder(name, unit string, k Kind, copies int) *dealBuilder {
	return &dealBuilder{name: name, unit: unit, k: k, copies: copies,
		seen: make([][]pos, k.Size()), deal: make([]Card, 0, copies*k.Size())}
}

func (b *dealBuilder) err(at pos, tok, msg string) *DealError {
	return &DealError{File: b.name, Line: at.at, Index: at.index, Token: tok, Msg: msg, Unit: b.unit}
}

// add reads tok, found at position at.
func (b *dealBuilder) add(tok string, at pos) error {
	k, copies := b.k, b.copies
	want := copies * k.Size()
	c, err := k.parse(tok)
	if err != nil {
		msg := "unknown card: " + err.reason()
		if others := decksOf(tok, k); others != "" {
			msg = fmt.Sprintf("wrong deck: a card of the %s deck, the game uses the %s deck", others, k)
		}
		return b.err(at, tok, msg)
	}
	if len(b.deal) == want {
		return b.err(at, tok, fmt.Sprintf("wrong count: too many cards, the deal has %d (%s)", want, deckWords(k, copies)))
	}
	i := k.Index(c)
	if len(b.seen[i]) >= copies {
		return b.err(at, tok, duplicateMsg(k, c, copies, b.unit, b.seen[i]))
	}
	b.seen[i] = append(b.seen[i], at)
	b.deal = append(b.deal, c)
	return nil
}

// finish is the deal, or the whole deal's problem: missing cards.
func (b *dealBuilder) finish() ([]Card, error) {
	k, copies := b.k, b.copies
	want := copies * k.Size()
	if len(b.deal) == want {
		return b.deal, nil
	}
	if len(b.deal) == 0 {
		return nil, b.err(pos{}, "", fmt.Sprintf("wrong count: no cards, the deal needs %d (%s)", want, deckWords(k, copies)))
	}
	var missing []string
	for i, at := range b.seen {
		for n := len(at); n < copies; n++ {
			missing = append(missing, k.Token(k.FromIndex(i)))
		}
	}
	shown := missing
	if len(shown) > 8 {
		shown = append(shown[:8:8], "...")
	}
	return nil, b.err(pos{}, "", fmt.Sprintf("wrong count: %s, the deal needs %d (%s); missing %s: %s",
		words.Count(len(b.deal), "card"), want, deckWords(k, copies), words.Noun(len(missing), "card"), strings.Join(shown, " ")))
}

// deckWords names a deal's decks: "the french deck", "two french decks".
func deckWords(k Kind, copies int) string {
	if copies == 1 {
		return "the " + k.String() + " deck"
	}
	if copies == 2 {
		return "two " + k.String() + " decks"
	}
	return fmt.Sprintf("%d %s decks", copies, k)
}

// duplicateMsg says that c is read once more than the deal holds it, and
// where it was read before: "token 3 on line 1", "deal token 5".
func duplicateMsg(k Kind, c Card, copies int, unit string, seen []pos) string {
	tok := k.Token(c)
	if copies == 1 {
		return fmt.Sprintf("duplicate card: %s is already %s", tok, seen[0].text(unit))
	}
	at := make([]string, len(seen))
	for i, p := range seen {
		at[i] = p.text(unit)
	}
	times := fmt.Sprintf("%d times", len(seen))
	if len(seen) == 2 {
		times = "twice"
	}
	where := strings.Join(at, ", ")
	switch {
	case seen[0].index == 0: // a list: "deal tokens 1, 6"
		idx := make([]string, len(seen))
		for i, p := range seen {
			idx[i] = fmt.Sprint(p.at)
		}
		where = fmt.Sprintf("%ss %s", unit, strings.Join(idx, ", "))
	case !slices.ContainsFunc(seen, func(p pos) bool { return p.at != seen[0].at }):
		// One line: "tokens 1, 6 on line 1".
		idx := make([]string, len(seen))
		for i, p := range seen {
			idx[i] = fmt.Sprint(p.index)
		}
		where = fmt.Sprintf("tokens %s on %s %d", strings.Join(idx, ", "), unit, seen[0].at)
	}
	return fmt.Sprintf("duplicate card: %s is already there %s (%s), as many as %s hold",
		tok, times, where, deckWords(k, copies))
}

// decksOf names the other decks in which tok is a card ("spanish",
// "spanish or italian"), or "" when it is a card of none.
func decksOf(tok string, k Kind) string {
	var names []string
	for o := range Kind(len(kinds)) {
		if o == k {
			continue
		}
		if _, err := o.Parse(tok); err == nil {
			names = append(names, o.String())
		}
	}
	return strings.Join(names, " or ")
}
