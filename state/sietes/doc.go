// Package sietes is the packed position of De los sietes (RULES.md, "De los
// sietes"): the deterministic deal phase, then the legal moves of play, apply,
// won and an exact canonical key, for the exhaustive search (solver.Game).
//
// # The game in one paragraph
//
// Spanish 40; 0-based ranks 0..6 are the number cards 1..7, ranks 7, 8, 9 the
// figures S, C, R. Four foundations, one per suit, each started by its 7 and
// built down to the 1. Twelve frame slots (frame:1..frame:12) that in the end
// hold the twelve figures. The deal phase draws cards one at a time: a card
// that fits its foundation goes there, any other card into the lowest empty
// slot; after each card every frame card that fits moves to its foundation
// (lowest slot first); the phase ends when the twelve slots are full and no
// frame card fits, or the stock is empty. Then play: a frame card, the waste
// top or the drawn card may go to its foundation when it fits; the waste top
// or the drawn card may fill an empty slot; a drawn card that does neither
// goes to the waste. Figures never leave the frame. One pass by default. Won
// when the 28 number cards are on the foundations (the 12 figures are then
// in the frame: nowhere else is left).
//
// # Play modes (RULES.md: "--play forced" is this game's own order)
//
// forced: a drawn card goes to its foundation if it fits, else to an empty
// slot if there is one, else to the waste. The waste top and frame cards are
// never forced. free: the drawn card may also go to the waste, or to a slot
// when it fits. With unlimited passes (--passes 0) a redeal is allowed only
// after a pass that placed a card (put any card on a foundation or in a
// slot), so play ends.
//
// # Why the stock and waste are two bit sets
//
// After the deal phase the stock is a fixed sequence of at most 28 cards
// (Game.StockCard(i), i = 0 drawn first): the deal phase takes at least 12.
// Drawn cards go on the waste in stock order, and a redeal turns the waste
// over unshuffled, so the remaining cards always keep their stock order; a
// placed card just disappears from the sequence. So the stock is the set of
// sequence indexes still in the stock (its top the lowest) and the waste the
// set still in the waste (its top the highest).
//
// # Why the frame is a set of cards
//
// Frame slots are interchangeable for the future: any slot takes any card,
// and a frame card's only way out is to its foundation, which does not
// depend on its slot. The position keeps which cards are in the frame and
// how many (12 minus the count are empty), not where: the key is canonical
// by construction. Slot numbers exist only in the move line; Frame assigns
// them the way the table does (a card fills the lowest empty slot).
//
// # Bit layout (State, 16 bytes: two uint64 words)
//
//	lo: 63    60 59                  32 31    28 27                   0
//	    +-------+----------------------+-------+----------------------+
//	    | zero  | waste: bit i = card i| zero  | stock: bit i = card i|
//	    +-------+----------------------+-------+----------------------+
//	                28 bits (stock sequence index i)    28 bits
//
//	hi: 63  59  58  57    52 51  49 48  46 45  43 42  40 39            0
//	    +------+---+--------+------+------+------+------+---------------+
//	    | zero | P |  pass  | h[B] | h[E] | h[C] | h[O] | frame set     |
//	    +------+---+--------+------+------+------+------+---------------+
//	             1   6 bits  3 bits each: cards on the  40 bits: bit
//	                         foundation of suit s (0..7) suit*10+rank
//
// The fields:
//   - stock, waste: which cards of the stock sequence are in the stock and
//     in the waste; a card in neither was placed.
//   - frame set: the cards in the frame, by dense Spanish index
//     (deck.Spanish.Index). It follows from the rest (every card not on a
//     foundation, in the stock or in the waste is in the frame) and is kept
//     for fast move generation.
//   - h[s]: the height of suit s's foundation; it takes rank 6−h[s] next
//     (its 7 first), and is complete at 7.
//   - pass: passes begun minus one (0 on the first pass); at most 63 (the
//     game clamps larger --passes, see Rules).
//   - P: a card was placed during this pass (used with unlimited passes
//     only; 0 otherwise).
//
// The key is the state itself (solver.Key{Hi: hi, Lo: lo}): exact and
// canonical (every field is a function of the future; the frame set is
// determined by the others), never zero (40 cards are somewhere).
//
// # Moves
//
// Move is one byte, kind | suit<<3, in RULES.md notation:
//   - Draw: stock→waste.
//   - StockFound, StockFrame: the drawn card to its foundation (found:<suit>)
//     or to the lowest empty slot (frame:k).
//   - WasteFound, WasteFrame: the waste top likewise.
//   - FrameFound: the frame card that fits the foundation of the move's suit
//     (frame:k → found:<suit>); at most one card of the frame fits a suit.
//   - Redeal: waste→stock, when the stock is empty, the waste is not, and a
//     pass remains (with unlimited passes: when this pass placed a card).
package sietes
