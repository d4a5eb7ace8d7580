// Package games is the table of the games solitario plays: for each, its deck,
// its default rules and variants (RULES.md), and the functions that solve a
// deal, verify a solution and draw the starting layout. The CLI and the
// analyzer see the games only through this table; the rules themselves live
// in state/<game> (packed, for the search) and verify/ (plain, for replay).
package games
