// Package corpus reads the curated deal files of corpus/<game>/ and checks
// their expected verdicts: easy deals, the hardest found (most nodes),
// unwinnable ones and edge cases of each game's rules, kept so that every
// change to a game, a heuristic or the search is tested against known
// answers, and so that `solitario bench --corpus` has fixed deals to time.
//
// Layout: a corpus file is a deal file (RULES.md, "deal file": the deck's
// tokens in dealing order, '#' comments) whose comment lines may also carry
// headers, one per line, each at most once (corpus/README.md):
//
//	# expect: winnable        required: winnable or unwinnable
//	# rules: play=free passes=1   optional: rule flags over the game's defaults
//	# slow                    optional: skipped by the corpus test in -short mode
//
// Every other comment line is a note (where the deal came from, why it is
// there). Files end in .deal and live in corpus/<game name>/. The corpus test
// (corpus_test.go) solves every file with the default strategy, compares the
// verdict and replays every winning line through the game's referee.
package corpus
