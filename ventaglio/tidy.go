package ventaglio

import vg "github.com/solitario/solitario/state/ventaglio"

// Lines is the one owner of "a shorter line" for a deal: how a winning line
// is tidied without search (Polish: ShortenLine's drops), how long it is as
// written (Length), and the last tidying of the line a solve answers
// (Replan). The plan's shortening searches (package ventaglio/solve) keep a
// line only when its Polish is shorter than the best. It is plan.Lines.
type Lines struct {
	G     vg.Game
	Start vg.State
	// GoodLine is the length (moves as written) at which Replan stops: a
	// line a person can follow.
	GoodLine int
}

// The bounds of Replan's shortest paths (ReplanShuffles), in positions
// generated: a block's, the line's, and its rounds.
const (
	replanBlock  = 200_000
	replanLine   = 2_000_000
	replanRounds = 3
)

// Polish drops the shuffles between provisional bases the line can do
// without (ShortenLine): a legal winning line no longer than line.
func (l Lines) Polish(line []vg.Move) []vg.Move { return ShortenLine(l.G, l.Start, line) }

// Length is the line's length as written: a draw whose card is placed at
// once is one move (stock -> place).
func (l Lines) Length(line []vg.Move) int {
	n := len(line)
	for i := 0; i+1 < len(line); i++ {
		if line[i] == vg.Draw && line[i+1].From() == vg.Waste && line[i+1] != vg.Redeal {
			n--
		}
	}
	return n
}

// Replan is the last polish of the line a solve answers, when shortening
// left it longer than GoodLine: its blocks of shuffles replaced by shortest
// paths between the same arrangements (ReplanShuffles, about a second on a
// line of a thousand moves), then Polish again. Not a step of shortening:
// on the default rules' lines it would end the shortening searches sooner,
// at a longer line (seeds 1..1000: median 425 moves instead of 407).
func (l Lines) Replan(line []vg.Move) []vg.Move {
	for range replanRounds {
		if l.Length(line) <= l.GoodLine {
			break
		}
		r := ReplanShuffles(l.G, l.Start, line, replanBlock, replanLine)
		if len(r) >= len(line) {
			break
		}
		line = l.Polish(r)
	}
	return line
}
