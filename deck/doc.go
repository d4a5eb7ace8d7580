// Package deck names the cards of the three decks the games use (French 52,
// Spanish 40, Italian 40), parses and prints their tokens, builds the
// canonical order, deals a deck from a seed, and reads deal files.
//
// Layout: a Card is one byte, suit<<4 | rank, with rank 0 the lowest card of
// the suit (A or 1) and suit the index in the deck's suit order (RULES.md,
// "Decks, card names, canonical order"). A card's dense index inside its deck
// is suit*Ranks()+rank; states use it to address bitsets. A Card means
// nothing without its Kind: 0x29 is TD, RE or RS.
//
// Files:
//   - card.go: Kind, Card, tokens (Parse accepts every spelling of RULES.md,
//     Token prints the canonical one), canonical order.
//   - shuffle.go: SplitMix64, Lemire's bounded integers, Fisher–Yates, Deal
//     (RULES.md, "Deals from a seed").
//   - dealfile.go: ParseDeal and DealError (RULES.md, "deal file").
//   - display.go: cards as shown on a terminal (suit glyphs, ANSI colour).
//
// Everything here is stable forever: the shuffle must give the same deal for
// the same seed in every version. testdata/deals.golden pins full deals of
// every game at four seeds; never regenerate it.
package deck
