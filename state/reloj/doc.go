// Package reloj is the packed position of Del reloj (RULES.md, "Del reloj"),
// its legal moves, apply, won and canonical key, for the exhaustive search.
//
// # The game in one paragraph
//
// Spanish 40, ranks cyclic 1 2 3 4 5 6 7 S C R 1 … (0-based ranks 0..9 here).
// Deal index 0 is the first base of the circle; indexes 1..39 are the stock,
// index 1 drawn first. The circle holds at most 10 piles, named by their base
// rank; the bases always form one unbroken cyclic run L..R, a card of rank R+1
// starts a pile on the right and one of rank L−1 a pile on the left (with 9
// bases the missing rank is both). A pile takes the rank one above its top
// until it holds 4 cards. Free cards: the next stock card (the drawn card) and
// the waste top. Won when all 40 cards are in the circle.
//
// # Why the stock and waste are one fixed sequence
//
// Drawn cards go on the waste in the order they are drawn, which is the stock
// order; a redeal turns the waste over unshuffled, so the card that went to the
// waste first is drawn first again: the new stock is the same subsequence in
// the same order. Placing a card takes it off the stock top or the waste top
// and leaves every other card where it was. So at every moment, reading the
// waste from bottom to top and then the stock from top to bottom gives the 39
// stock cards of the deal in deal order with the placed cards deleted — a card
// placed from the middle of a pass simply disappears from the sequence, and the
// order of the rest never changes. The stock and waste are therefore fully
// described by which of the 39 cards are gone (in the circle) and where the
// waste ends and the stock begins (pos): the waste is the cards left with index
// < pos (its top the highest), the stock those with index ≥ pos (its top the
// lowest, which is the drawn card).
//
// # Why the circle is heights by base rank
//
// Suits never matter in the circle, and a pile of base b holds exactly the
// ranks b, b+1, …, b+h−1: its height h says everything about it. The circle is
// the height of the pile of each base rank (0 = no such pile). L (the left end
// of the run) and the pile count are stored as well for fast move generation;
// both follow from the heights (L is the base whose left neighbour has no
// pile), except that with all 10 piles L has no meaning and is stored as 0, so
// that equal futures have equal keys.
//
// # Bit layout (State, 16 bytes: two uint64 words)
//
//	lo: 63     52 51  50     45 44    39 38                                  0
//	    +--------+---+---------+--------+-------------------------------------+
//	    |  zero  | P |  pass   |  pos   | gone: bit i = stock card i placed   |
//	    +--------+---+---------+--------+-------------------------------------+
//	      12 bits  1    6 bits   6 bits   39 bits (stock card i = deal index i+1)
//
//	hi: 63       38 37    34 33    30 29  27 26  24      5   3 2   0
//	    +----------+--------+--------+------+------+ … +------+------+
//	    |   zero   | piles  |   L    | h[9] | h[8] |     | h[1] | h[0] |
//	    +----------+--------+--------+------+------+ … +------+------+
//	                 4 bits   4 bits   3 bits each: height of base rank r (0..4)
//
// The fields:
//   - pos: index (0..38) of the stock top, 39 when the stock is empty. It is kept
//     pointing at a card still there, so each position has one encoding.
//   - pass: passes begun minus one (0 on the first pass); always 0 with
//     unlimited passes, where it does not matter.
//   - P: with unlimited passes only (Rules.Passes == 0), a card has gone to the
//     circle during this pass, so a redeal is allowed; always 0 otherwise.
//   - piles: the number of piles in the circle, 1..10; L: the left end of the
//     run of bases, 0 when there are 10 piles.
//
// The key is the state itself (solver.Key{Hi: hi, Lo: lo}): exact, never zero
// (piles ≥ 1), and canonical because every field is a function of the future.
// RankKey is coarser and still sound: the same words for the position of the
// same circle, pass and placed bit whose waste and stock read the same ranks,
// with each card at the first index of its rank after the card before it.
//
// # Moves
//
// Move is one byte, kind | pile<<2, in RULES.md's notation:
//   - Draw: stock→waste (the drawn card goes to the waste). In forced play it
//     is legal only when the drawn card has no legal placement.
//   - Stock: stock→pile:X, the drawn card placed at once.
//   - Waste: waste→pile:X, the waste top placed (never forced).
//   - Redeal: waste→stock, when the stock is empty, the waste is not, and a
//     pass remains.
//
// The forced rule is checked when the drawn card is disposed of. Reading it at
// the moment of drawing allows nothing more: a waste card played "between"
// drawing and placing could as well have been played before the draw, since
// the waste top is free either way.
//
// The number of passes is clamped to 40 inside the search: a pass that places
// no card ends where it began (every card back in the stock in the same order,
// the circle unchanged), so it can be cut out of any winning line; with 39
// stock cards a winning line never needs more than 39 passes. Lines found
// under the clamp are legal under the larger number.
package reloj
