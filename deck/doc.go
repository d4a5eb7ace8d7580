// Package deck names the cards of the three decks the games use (French 52,
// Spanish 40, Italian 40), parses and prints their tokens, builds the
// canonical order, deals a deck from a seed, and reads deal files.
//
// Layout: a Card is one byte, suit<<4 | rank, with rank 0 the lowest card of
// the suit (A or 1) and suit the index in the deck's suit order (RULES.md,
// "Decks, card names, canonical order"). A card's dense index inside its deck
// is suit*Ranks()+rank; states use it to address bitsets.
//
// Everything here is stable forever: the shuffle (RULES.md, "Deals from a
// seed") must give the same deal for the same seed in every version.
package deck
