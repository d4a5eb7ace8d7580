// Package ventaglio is the packed position of Il Ventaglio (RULES.md, "Il
// Ventaglio"), its legal moves with every variant, apply, won and canonical
// key, for the exhaustive search.
//
// # The game in one paragraph
//
// Two French decks, 104 cards. Deal indexes 0–11 are the arc a1..a12, 12 the
// first base on f1 (its rank is the base rank B), 13–16 the provisional bases
// p1..p4, 17–28 the reserve (17 on top), 29–103 the stock (29 drawn first).
// Foundations f1..f8 start with a card of rank B and climb by suit, round
// the corner (K then A), 13 cards each. Free cards: the leftmost arc card,
// the reserve top, the waste top, each provisional top. Arc and waste cards go
// to a foundation or a provisional base; the reserve top to a foundation
// only; a provisional top to a foundation or another provisional base. A
// provisional base takes a card one rank above or below its top, suit
// ignored. Three passes through the stock. Won when all 104 cards are up.
//
// # Why the stock and waste are one fixed sequence
//
// A draw puts the stock top on the waste, so the waste, read bottom to top,
// holds the drawn cards in the stock's order. A redeal turns the waste over
// unshuffled: the card that went to the waste first is drawn first again, so
// the new stock is the same subsequence in the same order. Placing a card
// only ever takes the stock top or the waste top away and moves nothing
// else. So at every moment the waste (bottom to top) followed by the stock
// (top to bottom) is the deal's 75 stock cards in deal order with the placed
// ones deleted: the order never changes. Stock and waste are therefore a
// removal bitset over the 75 positions (present) plus the split point
// (draw): present positions below draw are the waste (top = the highest),
// those from draw on the stock (top = draw itself). draw always points at a
// present card (or is 127, stock empty), so a position has one encoding.
//
// # Provisional bases
//
// A provisional base can grow long in principle: a card of rank r takes any
// of the eight cards of rank r±1, so a zigzag 5 6 5 6 … may hold many cards.
// Its height is bounded only by the cards that can ever reach a provisional
// base: the four first ones, the 12 arc cards and the 75 stock cards (the
// reserve feeds only the foundations and nothing leaves a foundation), so at
// most 91 = PoolSize cards lie on the four bases together. The four stacks
// share one pool of 91 bytes, stored one after another (p1's cards bottom
// first, then p2's, …) with their heights; push and pop shift the stacks
// after the touched one by one slot, and a move from base to base (shift)
// the stacks between the two (a few bytes: the bases hold little in
// practice). Nothing is ever refused for lack of room.
//
// # State layout (200 bytes; copied whole to make a child)
//
//	offset  size  field
//	     0    16  present  [2]uint64  bit i: stock position i still in stock or waste (75 bits)
//	    16    32  fa       [4]uint64  hash lane A of each provisional stack, finalized (fmix)
//	    48    32  fb       [4]uint64  hash lane B of each provisional stack, finalized (fmix)
//	    80     8  found    [8]uint8   per foundation: count (bits 0-3, 0..13) | suit<<4
//	    88     4  height   [4]uint8   cards on p1..p4
//	    92     1  arc      arc cards taken; the free one is arc[arc] (a queue: index only)
//	    93     1  res      reserve cards taken; the top is res[res] (a stack read in order)
//	    94     1  draw     stock position of the stock top, 127 = stock empty
//	    95     1  pass     1-based pass number
//	    96     1  placed   a stock or waste card was placed in this pass (unlimited passes)
//	    97     1  up       cards on the foundations (won at 104)
//	    98     1  Aux      free for a heuristic search's bookkeeping (not in the key)
//	    99    91  pool     provisional stacks, p1 bottom first … p4 top last
//	   190     4  suits    [4]uint8   per suit: its foundations' counts sorted, lo | hi<<4 (kept by Apply)
//	   196     4  code     uint32     per suit the PairCode of suits, 7 bits each: the key's foundations (kept by Apply)
//
// The fixed part of a game (the arc, reserve and stock cards in their
// orders, B, and tables derived from B) is the Deal, shared by every State
// through the Game value. Moves computes once per position which cards the
// foundations take (a 64-bit mask over suit<<4|rank) and which ranks each
// provisional base takes (a 52-bit word, per rank a nibble of the bases
// that take it), then tests each free card against them.
//
// # Variants
//
// Rules.Play (--play), Rules.Passes (0 = unlimited: a redeal only
// after a pass that placed a stock or waste card — the placed flag), Wrap
// (--provisional-wrap) and KeepEmpty (--empty-provisional never) are read by
// Moves; Apply is the same for all. Passes above 75 are clamped (MaxPasses).
//
// # Positions other than deals
//
// NewDeal builds the game of any Layout that holds the two decks (cards on
// the foundations given by counts): tests lay out positions near the end of
// play (RandomLayout) and hand-built rule edges that way.
//
// # Key
//
// A position's future depends on: which arc, reserve and stock cards are
// left (arc, res, present), the waste/stock split (draw), the passes left
// (pass; with unlimited passes only the placed flag), the foundations and
// the provisional stacks. Two symmetries are merged:
//   - the two foundations of a suit: only the pair of their counts counts, so
//     each suit enters as the index (0..104) of its sorted pair lo <= hi of
//     counts (0 = not started) — 7 bits per suit. A foundation's suit is set
//     by its base card, so at most two foundations have a suit and the empty
//     ones are all alike.
//   - the order of the four provisional bases: each stack has a 128-bit
//     Zobrist hash (two lanes: XOR over its cards of a pseudo-random word
//     per (level, card)), kept finalized (fmix, a bijection) by push, pop
//     and shift, and the key sums the four stacks' finalized hashes, a sum
//     that does not see their order.
//
// The exact fields take 75 + 7 + 4 + 4 + 28 + 10 = 128 bits:
//
//	Lo: present[0] (positions 0..63)                              XOR sum fa[i]
//	Hi: bits 0-10 present[1] | 11-17 draw | 18-21 arc | 22-25 res |
//	    26-53 foundations (4 × 7) | 54-63 pass (limited) or placed   XOR sum fb[i]
//
// The provisional stacks do not fit besides them, so the key is the exact
// fields XORed with a 128-bit hash of the (unordered) stacks: two positions
// with the same stacks get equal keys only if equal, and two with different
// stacks collide with probability about 2^-128 (two independent 64-bit
// lanes). Over n stored positions the chance of any collision is about
// n²/2^129: 2^-49 for n = 2^40, far beyond any search we run. A collision
// could only make the search skip a position as already searched.
//
// Relaxed (relaxed.go) is the suit-blind relaxation of the game, whose
// searches can only prove positions lost: the bases hold rank-only cards
// (suit 0) and a count per (rank, suit) of the cards on them, hashed into
// its key the same way.
//
// The move line never sees the canonical form: a Move names the real places
// (p1..p4, f1..f8 as they stand), and only the key forgets their order.
//
// # Moves
//
// Move is one byte, from<<4 | to, both Places (arc, reserve, stock, waste,
// p1..p4, f1..f8). stock→waste draws, waste→stock redeals, stock→X places a
// drawn card at once (forced play; free play draws and plays the waste top,
// the same position). Moves lists every legal move (symmetric destinations
// included); package heuristics orders them and drops the redundant ones.
package ventaglio
