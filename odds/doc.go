// Package odds computes, exactly, the probability that a uniformly random
// deal of a game without choices is won: the Solitario dell'orologio
// (RULES.md, "Solitario dell'orologio") and the classic Clock (RULES.md,
// "Orologio, French variant"). Every number is a math/big rational; nothing
// is sampled. docs/odds.md gives the derivations; each game has two
// independent computations, and the tests check them against each other and
// against brute-force enumeration of scaled-down decks.
//
// # Solitario dell'orologio (Orologio, OrologioByRank)
//
// Params describes the deck and the layout: Ranks ranks of Suits cards each,
// the first Clock cards dealt are the clock, then Pairs pairs of stock
// cards, the first of each face down to the well, the second face up. A deal
// is won when every rank present in the clock shows among the face-up
// cards. Italian: {Ranks: 10, Suits: 4, Clock: 12, Pairs: 14}.
//
// Orologio sums over the clock's rank profile (how many ranks appear 0, 1,
// …, Suits times in the clock) and, for each, counts by inclusion–exclusion
// over the ranks in the clock the ways the face-up half misses none of them.
// OrologioByRank counts the same deals rank by rank with a two-variable
// generating function (clock count, face-up count), so the two share no
// formula.
//
// # Classic Clock (Clock, ClockByTree)
//
// Ranks ranks (the last one, the king, belongs to the centre; the others are
// hours 1..Ranks-1), Suits cards each, hour piles and the centre of Suits
// cards. Clock is a dynamic programme over the game itself: whichever pile
// a card is taken from, it is a uniformly random one of the cards not yet
// seen, so the game is a Markov chain on the number of unseen cards of each
// rank, and the program follows it to the end (the last king). ClockByTree
// evaluates the classic criterion instead: the deal is won exactly when the
// bottom cards of the hour piles point (hour → the hour of its rank, king →
// centre) along a tree into the centre; it counts those trees by their
// degree sequences. Both give 1/Ranks: 1/13 for the 52-card deck.
package odds
