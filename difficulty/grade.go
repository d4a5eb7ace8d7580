package difficulty

import (
	"fmt"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solution"
)

// Grade is a winnable deal's difficulty grade.
type Grade uint8

// The grades, from the cut points of each game and rules (Cuts).
const (
	Easy Grade = iota
	Medium
	Hard
)

// String is the grade's name: easy, medium or hard.
func (g Grade) String() string {
	switch g {
	case Easy:
		return "easy"
	case Medium:
		return "medium"
	}
	return "hard"
}

// ParseGrade reads a --difficulty value; the error names the accepted ones.
func ParseGrade(s string) (Grade, error) {
	for _, g := range []Grade{Easy, Medium, Hard} {
		if s == g.String() {
			return g, nil
		}
	}
	return 0, fmt.Errorf("unknown difficulty %q (want easy, medium or hard)", s)
}

// Scale is what a game's grade is read from (Score).
type Scale uint8

const (
	// ScaleWins: the play-outs won, in percent (Del reloj, De los sietes).
	ScaleWins Scale = iota
	// ScaleHome: the cards home at a play-out's end, on average (Il
	// Ventaglio, where the plain player almost never wins).
	ScaleHome
)

// String is the scale's JSON name: "wins" or "home".
func (s Scale) String() string {
	if s == ScaleHome {
		return "home"
	}
	return "wins"
}

// ScaleOf is the scale game is graded on.
func ScaleOf(game string) Scale {
	if game == "ventaglio" {
		return ScaleHome
	}
	return ScaleWins
}

// Score is f on scale: the percent of play-outs won, or the cards home per
// play-out. Higher is easier.
func (f Figure) Score(s Scale) float64 {
	if f.Playouts == 0 {
		return 0
	}
	if s == ScaleHome {
		return float64(f.Home) / float64(f.Playouts)
	}
	return 100 * float64(f.Wins) / float64(f.Playouts)
}

// Cut is the cut points of one game under one set of rules: a score at
// most Hard is hard, above Easy easy, between them medium. Hard and Easy
// are the scores of the deals at ranks ⌈n/3⌉ and ⌈2n/3⌉ (1-based) of the n
// winnable deals of Seeds sorted by score (the terciles), as Command
// printed them (docs/difficulty.md).
type Cut struct {
	Game    string
	Rules   string // games.Rules.String()
	Hard    float64
	Easy    float64
	Deals   int    // winnable deals the terciles are from
	Seeds   string // their seeds
	Command string // what computed them
}

// Of is the grade of score under c.
func (c Cut) Of(score float64) Grade {
	switch {
	case score <= c.Hard:
		return Hard
	case score > c.Easy:
		return Easy
	}
	return Medium
}

// CutOf is the cut points of game under r; ok is false when none were
// made for those rules.
func CutOf(game string, r games.Rules) (Cut, bool) {
	rules := r.String()
	for _, c := range cutTable() {
		if c.Game == game && c.Rules == rules {
			return c, true
		}
	}
	return Cut{}, false
}

// Assess measures deal (a winnable deal of g under r) with the Default
// policy and grades it when r has cut points.
func (gr *Grader) Assess(g games.Entry, deal []deck.Card, r games.Rules) (solution.Difficulty, error) {
	f, err := gr.Measure(g, deal, r, Default(g.Name))
	if err != nil {
		return solution.Difficulty{}, err
	}
	scale := ScaleOf(g.Name)
	rep := solution.Difficulty{Score: f.Score(scale), Scale: scale.String(), Wins: f.Wins, Home: f.Home, Playouts: f.Playouts}
	if c, ok := CutOf(g.Name, r); ok {
		rep.Grade = c.Of(rep.Score).String()
	}
	return rep, nil
}

// Graded reports whether a deal of g under r can be graded: g has choices
// and r has cut points. The error says which is missing, in one line.
func Graded(g games.Entry, r games.Rules) error {
	if g.Defaults.Choices == games.NoChoices {
		return fmt.Errorf("%s %w", g.Name, ErrNoChoices)
	}
	if _, ok := CutOf(g.Name, r); !ok {
		return fmt.Errorf("%s has difficulty cut points for its default rules only (%s), not for %s", g.Name, g.Defaults, r)
	}
	return nil
}
