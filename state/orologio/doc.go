// Package orologio is the two clock games without choices (RULES.md,
// "Solitario dell'orologio" and "Orologio, French variant"): their
// positions, their one move per position, apply, won and an exact key. They
// implement solver.Game so that solve, verify and the analyzer treat them
// like the other games: the search finds the single line (or the dead end)
// in one pass, one node per move. PlayOut runs a game to its end and
// reports every move, won or not, for the human play-out.
//
// # Solitario dell'orologio (Italian, type Italian)
//
// Italian 40. Deal indexes 0–11 are the clock, hour i+1 holding index i;
// indexes 12–39 the stock, used two at a time: the first (even index) goes
// face down to the well, the second (odd index 13, 15, …, 39) is turned
// face up and covers every clock card of its rank. Won when all twelve clock
// cards are covered. A clock holding all four cards of one rank can never
// be won (no stock card of that rank is left): such a deal has no move at
// all, and FourOfAKind names the rank.
//
// Moves (Move40, one byte: the hour covered, 0 for none), one per position,
// in the JSON move line:
//   - {"from":"stock","to":"well","card":C}: the stock card C goes to the
//     well: every face-down card, and a face-up card that covers nothing
//     (its rank is not in the clock, or all its hours are covered already).
//   - {"from":"stock","to":"hour:H","card":C}: the face-up card C covers
//     the clock card at hour H. A face-up card that covers several hours
//     has one such move per hour, lowest hour first; its turn ends with its
//     last cover, with no move to the well.
//
// State40 (4 bytes): next, the deal index of the next stock card (12..40),
// and covered, a 12-bit set of covered hours. The key is the state: exact.
//
// # Orologio, French variant (classic Clock, type French)
//
// French 52. Deal index i < 48 goes face down to hour pile (i mod 12)+1, so
// pile h holds indexes h-1, h+11, h+23, h+35, the last on top; indexes 48–51
// are the centre pile, 51 on top. Hours: A=1 … J=11, Q=12; kings belong to
// the centre. The player takes the centre's top card; then repeatedly a
// king goes face up to the centre and the next face-down centre card is
// taken, any other card goes face up under the pile of its hour and that
// pile's top face-down card is taken. The game ends when the fourth king is
// placed (the centre has no face-down card left); an hour pile always has
// one when it is visited, since it is visited once per card of its rank and
// holds four. Won when all 52 cards are face up.
//
// Moves (Move52, one byte: the destination pile, 0..11 for hours 1..12, 12
// for the centre), one per position: {"from":P,"to":D,"card":C}, P the pile
// C was taken from and D where it goes face up, both "hour:1".."hour:12" or
// "centre". The line lists the cards in the order they were turned.
//
// State52 (16 bytes): down, the face-down count of each pile (13 bytes,
// centre last); hand, the deal index of the card in hand (0xFF: none, the
// game is over); from, the pile it was taken from; up, the face-up count.
// The key packs all of it exactly.
package orologio
