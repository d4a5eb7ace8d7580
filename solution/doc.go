// Package solution is the JSON form of a solve (RULES.md, "Solutions (JSON)
// and the move line"): the rules in force, the deal, the verdict, the move
// line and the statistics. solve --json writes it; verify reads it.
package solution
