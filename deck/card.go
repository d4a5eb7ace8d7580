package deck

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/solitario/solitario/internal/words"
)

// Kind is one of the three decks.
type Kind uint8

// The decks, in RULES.md's table order.
const (
	French  Kind = iota // 52 cards: A..K in spades, hearts, diamonds, clubs
	Spanish             // 40 cards: 1..7, sota, caballo, rey in oros, copas, espadas, bastos
	Italian             // 40 cards: 1..7, fante, cavallo, re in denari, coppe, spade, bastoni
)

// Card is one card: suit<<4 | rank, rank 0 the lowest of the suit.
// Its meaning depends on the Kind it belongs to.
type Card uint8

// NewCard returns the card of the given suit (0..3) and rank (0-based).
func NewCard(suit, rank int) Card { return Card(suit<<4 | rank) }

// Rank is the 0-based rank: 0 is A (French) or 1 (Spanish, Italian).
func (c Card) Rank() int { return int(c & 15) }

// Suit is the suit index in the deck's order (0..3).
func (c Card) Suit() int { return int(c >> 4) }

type kindInfo struct {
	name      string
	ranks     string         // one letter per rank, canonical token spelling
	suits     string         // one letter per suit, canonical token spelling
	suitNames []string       // long names, for display
	symbols   []string       // suit symbols for display (French only has real glyphs)
	aliases   map[string]int // numeric spellings of the high ranks: "10" for T; 10/11/12 or 8/9/10 for the figures
	// tokens is every card's canonical token in canonical order (Index),
	// two bytes each: Token slices it, so that naming a card allocates
	// nothing (a winning line names a card a move, a million deals over).
	tokens string
}

var kinds = [...]kindInfo{
	French: {"french", "A23456789TJQK", "SHDC",
		[]string{"spades", "hearts", "diamonds", "clubs"},
		[]string{"♠", "♥", "♦", "♣"}, map[string]int{"10": 9},
		"AS2S3S4S5S6S7S8S9STSJSQSKSAH2H3H4H5H6H7H8H9HTHJHQHKHAD2D3D4D5D6D7D8D9DTDJDQDKDAC2C3C4C5C6C7C8C9CTCJCQCKC"},
	Spanish: {"spanish", "1234567SCR", "OCEB",
		[]string{"oros", "copas", "espadas", "bastos"},
		[]string{"O", "C", "E", "B"}, map[string]int{"10": 7, "11": 8, "12": 9},
		"1O2O3O4O5O6O7OSOCORO1C2C3C4C5C6C7CSCCCRC1E2E3E4E5E6E7ESECERE1B2B3B4B5B6B7BSBCBRB"},
	Italian: {"italian", "1234567FCR", "DCSB",
		[]string{"denari", "coppe", "spade", "bastoni"},
		[]string{"D", "C", "S", "B"}, map[string]int{"8": 7, "9": 8, "10": 9},
		"1D2D3D4D5D6D7DFDCDRD1C2C3C4C5C6C7CFCCCRC1S2S3S4S5S6S7SFSCSRS1B2B3B4B5B6B7BFBCBRB"},
}

// String is the deck's name: french, spanish or italian.
func (k Kind) String() string {
	if int(k) < len(kinds) {
		return kinds[k].name
	}
	return fmt.Sprintf("deck(%d)", uint8(k))
}

// Ranks is the number of ranks in a suit: 13 or 10.
func (k Kind) Ranks() int { return len(kinds[k].ranks) }

// Size is the number of cards in one deck: 52 or 40.
func (k Kind) Size() int { return 4 * k.Ranks() }

// Index is the card's dense position in the canonical order, 0..Size()-1.
func (k Kind) Index(c Card) int { return c.Suit()*k.Ranks() + c.Rank() }

// FromIndex is the inverse of Index.
func (k Kind) FromIndex(i int) Card { return NewCard(i/k.Ranks(), i%k.Ranks()) }

// Valid reports whether c is a card of this deck.
func (k Kind) Valid(c Card) bool { return c.Suit() < 4 && c.Rank() < k.Ranks() }

// Canonical returns copies decks in canonical order (RULES.md): suits in table
// order, each suit low to high; a second copy follows the first whole.
func (k Kind) Canonical(copies int) []Card {
	out := make([]Card, 0, copies*k.Size())
	for range copies {
		for s := range 4 {
			for r := range k.Ranks() {
				out = append(out, NewCard(s, r))
			}
		}
	}
	return out
}

// Token is the canonical token of c: rank letter then suit letter ("TH", "SO", "FS").
func (k Kind) Token(c Card) string {
	in := &kinds[k]
	if c.Rank() < len(in.ranks) && c.Suit() < 4 {
		i := 2 * (c.Suit()*len(in.ranks) + c.Rank())
		return in.tokens[i : i+2]
	}
	return string([]byte{in.ranks[c.Rank()], in.suits[c.Suit()]}) // panics, as an index out of the deck does
}

// RankToken is the canonical letter of a 0-based rank ("T", "S", "F").
func (k Kind) RankToken(rank int) string { return kinds[k].ranks[rank : rank+1] }

// SuitToken is the canonical letter of a suit.
func (k Kind) SuitToken(suit int) string { return kinds[k].suits[suit : suit+1] }

// SuitName is the suit's long name ("hearts", "oros", "spade").
func (k Kind) SuitName(suit int) string { return kinds[k].suitNames[suit] }

// SuitSymbol is the glyph shown on a terminal: ♠♥♦♣ for French, the letter otherwise.
func (k Kind) SuitSymbol(suit int) string { return kinds[k].symbols[suit] }

// Red reports whether the suit is drawn in red (hearts, diamonds; copas, coppe).
func (k Kind) Red(suit int) bool {
	if k == French {
		return suit == 1 || suit == 2
	}
	return suit == 1
}

// TokenList formats cards as canonical tokens.
func (k Kind) TokenList(cs []Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = k.Token(c)
	}
	return out
}

// Parse reads one card token with every spelling RULES.md accepts: canonical
// letters in either case (ASCII only), 10 for T (French), 10/11/12 for S/C/R
// (Spanish), 8/9/10 for F/C/R (Italian), and the glyphs ♠♥♦♣ (also ♤♡♢♧)
// for French suits. Surrounding white space is ignored. The error says what
// is wrong with the token: empty, too short (one character: no rank and
// suit), a rank with no suit ("10"), too long (over 24 bytes), unknown suit or unknown rank for this
// deck; it quotes at most 24 characters of the token.
func (k Kind) Parse(tok string) (Card, error) {
	c, e := k.parse(tok)
	if e != nil {
		return 0, e
	}
	return c, nil
}

// maxShown bounds a token in messages: a token over maxShown bytes is "too
// long" (no spelling is near: the longest, "10♠", has 5 bytes), and at most
// maxShown characters of it are quoted. A junk file can hold a token of
// almost a MiB, or binary that %q would quadruple.
const maxShown = 24

// showToken quotes s for a one-line message: at most maxShown characters
// of it (words.Quote, as every message quotes what a person gave).
func showToken(s string) string { return words.Quote(s, maxShown) }

// tokenError is why a token is not a card of a deck. Error names the token;
// reason does not, for a DealError that names it already.
type tokenError struct {
	tok  string // the token as given
	what string // "suit", "rank", "nosuit" (a rank alone: "10"), "short" (one character), "long" (over maxShown bytes) or "empty"
	part string // the suit or rank read, upper-cased
	k    Kind
}

func (e *tokenError) Error() string { return e.describe(true) }

// reason is the message without the token.
func (e *tokenError) reason() string { return e.describe(false) }

// describe is the message, naming the token if named is set.
func (e *tokenError) describe(named bool) string {
	info := &kinds[e.k]
	in := ""
	if named {
		in = " in " + showToken(e.tok)
	}
	switch e.what {
	case "empty":
		return "empty card token"
	case "short":
		// One character is a rank or a suit alone, never both: say what a
		// card is, not that its rank "" is unknown.
		why := fmt.Sprintf("(a card is its rank then its suit, as %s)", e.k.Token(NewCard(0, 0)))
		if named {
			return "too short for a card: " + showToken(e.tok) + " " + why
		}
		return "too short for a card " + why
	case "nosuit":
		// "10" is a rank with its suit left out, not a rank "1" of an
		// unknown suit "0".
		why := fmt.Sprintf("(a card is its rank then its suit, as %s)", e.k.Token(NewCard(0, 0)))
		if named {
			return "a rank with no suit: " + showToken(e.tok) + " " + why
		}
		return "a rank with no suit " + why
	case "long":
		if named {
			return "too long for a card: " + showToken(e.tok)
		}
		return "too long for a card"
	case "suit":
		return fmt.Sprintf("unknown suit %s%s%s for the %s deck (suits %s)", showToken(e.part), codePoints(e.part), in, info.name, info.suits)
	}
	return fmt.Sprintf("unknown rank %s%s for the %s deck (ranks %s)", showToken(e.part), in, info.name, info.ranks)
}

// codePoints names the code points of a suit that is not ASCII, " (U+2663
// U+FE0F)", so that an invisible one (a variation selector, a zero-width
// space) shows in the message; "" for ASCII. A byte that is not UTF-8 is
// named as a byte, "0xFF, not UTF-8" (ranging over it yields U+FFFD, a code
// point the text does not hold).
func codePoints(part string) string {
	var cps []string
	ascii := true
	for i, r := range part {
		ascii = ascii && r < utf8.RuneSelf
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(part[i:]); n <= 1 {
				cps = append(cps, fmt.Sprintf("0x%02X, not UTF-8", part[i]))
				continue
			}
		}
		cps = append(cps, fmt.Sprintf("U+%04X", r))
	}
	if ascii {
		return ""
	}
	return " (" + strings.Join(cps, " ") + ")"
}

// parse is Parse with the error's type known.
func (k Kind) parse(tok string) (Card, *tokenError) {
	in := &kinds[k]
	// The canonical spelling, which every line the solver writes uses,
	// read at once: the steps below leave it as it is.
	if len(tok) == 2 {
		rank, suit := strings.IndexByte(in.ranks, tok[0]), strings.IndexByte(in.suits, tok[1])
		if rank >= 0 && suit >= 0 {
			return NewCard(suit, rank), nil
		}
	}
	t := strings.TrimSpace(tok)
	switch {
	case t == "":
		return 0, &tokenError{tok: tok, what: "empty", k: k}
	case len(t) > maxShown:
		return 0, &tokenError{tok: tok, what: "long", k: k}
	}
	t = upperASCII(t)
	// An emoji keyboard writes a suit as its glyph and U+FE0F (variation
	// selector 16, "show as emoji"); U+FE0E asks for text. Neither changes
	// the card.
	t = strings.TrimSuffix(strings.TrimSuffix(t, "\ufe0f"), "\ufe0e")
	if utf8.RuneCountInString(t) < 2 {
		return 0, &tokenError{tok: tok, what: "short", k: k}
	}
	suit := -1
	var rankPart string
	if k == French {
		for s, gl := range [][]string{{"♠", "♤"}, {"♥", "♡"}, {"♦", "♢"}, {"♣", "♧"}} {
			for _, g := range gl {
				if strings.HasSuffix(t, g) {
					suit, rankPart = s, strings.TrimSuffix(t, g)
				}
			}
		}
	}
	if suit < 0 {
		// The suit is the last character; decode it as a rune so that a
		// stray glyph is named whole in the error, not as a broken byte.
		r, size := utf8.DecodeLastRuneInString(t)
		if r < utf8.RuneSelf {
			suit = strings.IndexByte(in.suits, byte(r))
		}
		if suit < 0 {
			if _, ok := in.aliases[t]; ok {
				return 0, &tokenError{tok: tok, what: "nosuit", k: k}
			}
			return 0, &tokenError{tok: tok, what: "suit", part: t[len(t)-size:], k: k}
		}
		rankPart = t[:len(t)-size]
	}
	rank := -1
	if len(rankPart) == 1 {
		rank = strings.IndexByte(in.ranks, rankPart[0])
	}
	if r, ok := in.aliases[rankPart]; ok && rank < 0 {
		rank = r // numeric spelling, one digit ("8" fante) or two ("10")
	}
	if rank < 0 {
		return 0, &tokenError{tok: tok, what: "rank", part: rankPart, k: k}
	}
	return NewCard(suit, rank), nil
}

// upperASCII upper-cases ASCII letters only: strings.ToUpper would also turn
// look-alikes such as 'ſ' (long s) into 'S' and accept tokens RULES.md does
// not list.
func upperASCII(s string) string {
	i := 0
	for i < len(s) && !('a' <= s[i] && s[i] <= 'z') {
		i++
	}
	if i == len(s) {
		return s // nothing to change: no copy
	}
	b := []byte(s)
	for ; i < len(b); i++ {
		if c := b[i]; 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}
