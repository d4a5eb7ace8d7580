package deck

// ANSI colours of the suits on a terminal. French: the red suits red, the
// black ones in the terminal's own colour. Spanish and Italian: the colours
// printed on the cards, coins yellow, cups red, swords blue, clubs green.
const (
	ansiReset  = "\x1b[0m"
	ansiRed    = "\x1b[31m"
	ansiYellow = "\x1b[33m"
	ansiBlue   = "\x1b[34m"
	ansiGreen  = "\x1b[32m"
)

// Display is c as shown to a person. Plain (color false) it is the canonical
// token, the same text a deal file holds. With color it is meant for a
// terminal: French cards get their suit glyph (T♥) and red suits are red;
// Spanish and Italian cards keep their letters, coloured by suit (oros and
// denari yellow, copas and coppe red, espadas and spade blue, bastos and
// bastoni green). Either way it takes two columns.
func (k Kind) Display(c Card, color bool) string {
	if !color {
		return k.Token(c)
	}
	if k == French {
		t := k.RankToken(c.Rank()) + k.SuitSymbol(c.Suit())
		if k.Red(c.Suit()) {
			return ansiRed + t + ansiReset
		}
		return t
	}
	return [4]string{ansiYellow, ansiRed, ansiBlue, ansiGreen}[c.Suit()] + k.Token(c) + ansiReset
}
