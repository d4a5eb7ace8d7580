package deck

import (
	"fmt"
	"strings"
	"unicode/utf8"
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
}

var kinds = [...]kindInfo{
	French: {"french", "A23456789TJQK", "SHDC",
		[]string{"spades", "hearts", "diamonds", "clubs"},
		[]string{"♠", "♥", "♦", "♣"}, map[string]int{"10": 9}},
	Spanish: {"spanish", "1234567SCR", "OCEB",
		[]string{"oros", "copas", "espadas", "bastos"},
		[]string{"O", "C", "E", "B"}, map[string]int{"10": 7, "11": 8, "12": 9}},
	Italian: {"italian", "1234567FCR", "DCSB",
		[]string{"denari", "coppe", "spade", "bastoni"},
		[]string{"D", "C", "S", "B"}, map[string]int{"8": 7, "9": 8, "10": 9}},
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
	return string([]byte{in.ranks[c.Rank()], in.suits[c.Suit()]})
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
// is wrong with the token: empty, unknown suit or unknown rank for this deck.
func (k Kind) Parse(tok string) (Card, error) {
	in := &kinds[k]
	t := upperASCII(strings.TrimSpace(tok))
	if t == "" {
		return 0, fmt.Errorf("empty card token")
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
			return 0, fmt.Errorf("unknown suit %q in %q for the %s deck (suits %s)", t[len(t)-size:], tok, in.name, in.suits)
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
		return 0, fmt.Errorf("unknown rank %q in %q for the %s deck (ranks %s)", rankPart, tok, in.name, in.ranks)
	}
	return NewCard(suit, rank), nil
}

// upperASCII upper-cases ASCII letters only: strings.ToUpper would also turn
// look-alikes such as 'ſ' (long s) into 'S' and accept tokens RULES.md does
// not list.
func upperASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}
