package cli

import (
	"context"
	"fmt"

	"github.com/solitario/solitario/analysis"

	"github.com/solitario/solitario/difficulty"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solution"
)

// difficultyText is solve's difficulty line: "difficulty medium: the plain
// player won 25 of 40 play-outs (hard at most 50, easy above 75;
// docs/difficulty.md)".
func difficultyText(game string, r games.Rules, d *solution.Difficulty) string {
	what := fmt.Sprintf("the plain player won %d of %d play-outs", d.Wins, d.Playouts)
	unit := ""
	if d.Scale == difficulty.ScaleHome.String() {
		what = fmt.Sprintf("the plain player put %.4g cards up per play-out and won %d of %d", d.Score, d.Wins, d.Playouts)
		unit = " cards"
	}
	c, ok := difficulty.CutOf(game, r)
	if !ok {
		return fmt.Sprintf("difficulty not graded (cut points exist for the default rules only): %s; docs/difficulty.md", what)
	}
	return fmt.Sprintf("difficulty %s: %s (hard at most %.4g%s, easy above %.4g%s; docs/difficulty.md)", d.Grade, what, c.Hard, unit, c.Easy, unit)
}

// genGrade is gen's CandidateFunc: every winnable deal without
// --difficulty (want ""), else only the deals graded want. The error is
// for a grade that is none, a game without choices or rules without cut
// points.
func genGrade(want string, s solverSetup) (analysis.CandidateFunc, error) {
	if want == "" {
		return s.solver.Candidate, nil
	}
	if _, err := difficulty.ParseGrade(want); err != nil {
		return nil, fmt.Errorf("--difficulty: %v", err)
	}
	if err := difficulty.Graded(s.game, s.rules); err != nil {
		return nil, fmt.Errorf("--difficulty %s: %v", want, err)
	}
	if err := s.solver.Grade(false); err != nil {
		return nil, fmt.Errorf("--difficulty %s: %v", want, err)
	}
	return func(ctx context.Context, worker int, seed uint64) (analysis.Candidate, error) {
		c, err := s.solver.Candidate(ctx, worker, seed)
		if c.Solution != nil && c.Solution.Difficulty.Grade != want {
			c.Solution = nil // winnable, but another grade: not kept
		}
		return c, err
	}, nil
}
