package deck

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode"
)

// DealError is a deal file's first problem: where it is and what is wrong.
// Line and Token are zero/empty when the problem is the file as a whole
// (missing cards, wrong count).
type DealError struct {
	File  string // the name given to ParseDeal ("stdin" when the CLI reads standard input)
	Line  int    // 1-based line of the token, 0 for whole-file problems
	Token string // the offending token as written (Error quotes at most 24 characters of it)
	Msg   string // what is wrong; it quotes no more of Token than an unknown rank or suit
}

func (e *DealError) Error() string {
	switch {
	case e.Line > 0 && e.Token != "":
		return fmt.Sprintf("%s:%d: token %s: %s", e.File, e.Line, showToken(e.Token), e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// bom is the UTF-8 byte-order mark, U+FEFF.
const bom = "\ufeff"

// maxDealBytes bounds what ParseDeal reads: a real deal file is under 1 KiB.
const maxDealBytes = 1 << 20

// ParseDeal reads a deal file (RULES.md, "deal file"): tokens in dealing order
// separated by white space or commas, '#' comments to the end of a line, any
// line ending (LF or CRLF). A leading UTF-8 byte-order mark is skipped
// (Windows Notepad writes one); a UTF-16 one is refused. It must hold exactly
// copies decks of kind k, each card copies times. The error is a *DealError naming the file, line and
// token: an unknown card, a card of another deck (wrong deck for the game), a
// card more times than the deal has it (duplicate), a card after the deal is
// complete (too many), or, for the file as a whole, missing cards.
func ParseDeal(r io.Reader, name string, k Kind, copies int) ([]Card, error) {
	want := copies * k.Size()
	seen := make([][]int, k.Size()) // lines where each card was read
	deal := make([]Card, 0, want)
	sc := bufio.NewScanner(io.LimitReader(r, maxDealBytes+1))
	sc.Buffer(make([]byte, 0, 4096), maxDealBytes+1)
	line, read := 0, 0
	for sc.Scan() {
		line++
		text := sc.Text()
		read += len(text) + 1
		if read > maxDealBytes {
			return nil, &DealError{File: name, Line: line, Msg: "file too large for a deal (over 1 MiB)"}
		}
		if line == 1 {
			if strings.HasPrefix(text, "\xff\xfe") || strings.HasPrefix(text, "\xfe\xff") {
				return nil, &DealError{File: name, Line: 1, Msg: "the file is UTF-16 text (it starts with a UTF-16 byte-order mark): save it as UTF-8"}
			}
			text = strings.TrimPrefix(text, bom)
		}
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		for _, tok := range strings.FieldsFunc(text, func(r rune) bool {
			return r == ',' || unicode.IsSpace(r)
		}) {
			c, err := k.parse(tok)
			if err != nil && len(deal) == 0 && strings.HasPrefix(tok, "{") {
				return nil, &DealError{File: name, Line: line, Msg: "this is JSON, not a deal file (the output of deal --json?): " +
					`write its tokens out, e.g. jq -r '.deal | join(" ")'`}
			}
			if err != nil {
				msg := "unknown card: " + err.reason()
				if others := decksOf(tok, k); others != "" {
					msg = fmt.Sprintf("wrong deck: a card of the %s deck, the game uses the %s deck", others, k)
				}
				return nil, &DealError{File: name, Line: line, Token: tok, Msg: msg}
			}
			if len(deal) == want {
				return nil, &DealError{File: name, Line: line, Token: tok, Msg: fmt.Sprintf("wrong count: too many cards, the deal has %d (%s)", want, deckWords(k, copies))}
			}
			i := k.Index(c)
			if len(seen[i]) >= copies {
				return nil, &DealError{File: name, Line: line, Token: tok, Msg: duplicateMsg(k, c, copies, seen[i])}
			}
			seen[i] = append(seen[i], line)
			deal = append(deal, c)
		}
	}
	if err := sc.Err(); err != nil {
		if err == bufio.ErrTooLong {
			return nil, &DealError{File: name, Line: line + 1, Msg: "line too long"}
		}
		return nil, &DealError{File: name, Msg: "read error: " + err.Error()}
	}
	if len(deal) < want {
		if len(deal) == 0 {
			return nil, &DealError{File: name, Msg: fmt.Sprintf("wrong count: no cards, the deal needs %d (%s)", want, deckWords(k, copies))}
		}
		var missing []string
		for i, lines := range seen {
			for n := len(lines); n < copies; n++ {
				missing = append(missing, k.Token(k.FromIndex(i)))
			}
		}
		shown := missing
		if len(shown) > 8 {
			shown = append(shown[:8:8], "...")
		}
		return nil, &DealError{File: name, Msg: fmt.Sprintf("wrong count: %d cards, the deal needs %d (%s); missing cards: %s", len(deal), want, deckWords(k, copies), strings.Join(shown, " "))}
	}
	return deal, nil
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

// duplicateMsg says that c is read once more than the deal holds it, and on
// which lines it was read before.
func duplicateMsg(k Kind, c Card, copies int, lines []int) string {
	tok := k.Token(c)
	if copies == 1 {
		return fmt.Sprintf("duplicate card: %s is already on line %d", tok, lines[0])
	}
	at := make([]string, len(lines))
	for i, l := range lines {
		at[i] = fmt.Sprint(l)
	}
	times := fmt.Sprintf("%d times", len(lines))
	if len(lines) == 2 {
		times = "twice"
	}
	return fmt.Sprintf("duplicate card: %s is already there %s (lines %s), as many as %s hold",
		tok, times, strings.Join(at, ", "), deckWords(k, copies))
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
