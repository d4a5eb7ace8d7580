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
	File  string // the name given to ParseDeal, "-" for standard input
	Line  int    // 1-based line of the token, 0 for whole-file problems
	Token string // the offending token as written
	Msg   string
}

func (e *DealError) Error() string {
	switch {
	case e.Line > 0 && e.Token != "":
		return fmt.Sprintf("%s:%d: token %q: %s", e.File, e.Line, e.Token, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// maxDealBytes bounds what ParseDeal reads: a real deal file is under 1 KiB.
const maxDealBytes = 1 << 20

// ParseDeal reads a deal file (RULES.md, "deal file"): tokens in dealing order
// separated by white space or commas, '#' comments to the end of a line. It
// must hold exactly copies decks of kind k, each card copies times. The error
// is a *DealError naming the file, line and token: unknown card, a card more
// times than the deck has it, too many cards, or missing cards.
func ParseDeal(r io.Reader, name string, k Kind, copies int) ([]Card, error) {
	want := copies * k.Size()
	count := make([]int, k.Size())
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
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		for _, tok := range strings.FieldsFunc(text, func(r rune) bool {
			return r == ',' || unicode.IsSpace(r)
		}) {
			c, err := k.Parse(tok)
			if err != nil {
				return nil, &DealError{File: name, Line: line, Token: tok, Msg: "unknown card: " + err.Error()}
			}
			i := k.Index(c)
			count[i]++
			if count[i] > copies {
				what := "duplicate card"
				if copies > 1 {
					what = fmt.Sprintf("card %s more than %d times", k.Token(c), copies)
				}
				return nil, &DealError{File: name, Line: line, Token: tok, Msg: fmt.Sprintf("%s (the %s deal has %s %d time(s))", what, k, k.Token(c), copies)}
			}
			if len(deal) == want {
				return nil, &DealError{File: name, Line: line, Token: tok, Msg: fmt.Sprintf("wrong count: more than %d cards", want)}
			}
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
		var missing []string
		for i, n := range count {
			for ; n < copies; n++ {
				missing = append(missing, k.Token(k.FromIndex(i)))
			}
		}
		shown := missing
		if len(shown) > 8 {
			shown = append(shown[:8:8], "...")
		}
		return nil, &DealError{File: name, Msg: fmt.Sprintf("wrong count: %d cards, the deal needs %d; missing cards: %s", len(deal), want, strings.Join(shown, " "))}
	}
	return deal, nil
}
