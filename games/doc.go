// Package games is the table of the games solitario plays: for each, its deck,
// its default rules and variants (RULES.md), and the functions that solve a
// deal, verify a solution and draw the starting layout. The CLI and the
// analyzer see the games only through this table; the rules themselves live
// in state/<game> (packed, for the search) and verify/ (plain, for replay).
//
// The rule options (RULES.md, each game's "Defaults and variants") have one
// owner here: Entry.Resolve turns a JSON rules object (solution.Rules: a
// solution's, a corpus file's) and Entry.WithFlags the command line's flags
// into a checked, typed Rules, which the solvers read as it is and whose
// JSON and String methods write it back (every option in force).
package games
