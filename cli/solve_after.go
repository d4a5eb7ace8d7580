package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/dustin/go-humanize"

	"github.com/solitario/solitario/api"
	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/words"
	"github.com/solitario/solitario/position"
	"github.com/solitario/solitario/replay"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
)

// afterOptions are solve's flags for a game in progress.
type afterOptions struct {
	file     string // --after: a solution object or a JSON list of moves, "-" for standard input
	moves    int    // --moves K: the first K moves only
	movesSet bool   // --moves was given (else all the moves)
}

// readMoves reads --after's file, a game in progress (position.ReadGame):
// a JSON list of moves, a move list in the CLI's notation, or an object
// whose game, deal and rules, where it names them, must be the ones solve
// was given, and whose seed, if it names one, must deal its deal (as
// verify, show, hint and review check).
func readMoves(file string, sio *IO, g games.Entry, deal []deck.Card, seed *uint64, rules games.Rules) (position.Game, error) {
	data, err := readInput(sio, "--after", file, solution.ReadGameText)
	if err != nil {
		return position.Game{}, err // names the flag and the file
	}
	if err = solution.CheckSize(data); err == nil {
		var pg position.Game
		pg, err = position.ReadGame(data, position.Known{Game: g.Name, Seed: seed, Deal: deal, Rules: &rules}, lookupWith(g))
		if err == nil {
			return pg, nil
		}
	}
	var se *solution.ShapeError
	var re *position.RulesError
	switch {
	case errors.As(err, &se) && se.Empty:
		return position.Game{}, fmt.Errorf("--after %s: empty (want a solution object, a JSON list of moves or a move list as solve prints it)", file)
	case errors.As(err, &se): // only then is what the file should hold news
		return position.Game{}, fmt.Errorf("--after %s: %v (want a solution object, a JSON list of moves or a move list as solve prints it)", file, err)
	case errors.As(err, &re):
		return position.Game{}, fmt.Errorf("--after %s: the line was played under %s, not under solve's %s: give its rules (%s)", file, re.Line, re.Given, ruleFlagsText(re.Line.JSON()))
	}
	return position.Game{}, fmt.Errorf("--after %s: %v", file, err)
}

// ruleFlagsText is r as the rule flags that select it: "--play free
// --passes 1", then Il Ventaglio's "--provisional-wrap=false
// --empty-provisional fill".
func ruleFlagsText(r solution.Rules) string {
	var out []string
	for _, kv := range strings.Fields(r.Flags()) {
		k, v, _ := strings.Cut(kv, "=")
		if k == "provisional-wrap" { // a bool flag takes its value after =
			out = append(out, "--"+kv)
			continue
		}
		out = append(out, "--"+k, v)
	}
	return strings.Join(out, " ")
}

// runSolveAfter replays the moves played, decides the position they reach
// and prints the rest of the line, numbered on from K+1 (the text), or the
// solution object of the whole line (--json), which verify replays.
func runSolveAfter(ctx context.Context, sio *IO, a afterOptions, jsonOut bool, html page, g games.Entry, deal []deck.Card, seed *uint64, rules games.Rules, lim searchLimits) error {
	if a.movesSet && a.moves < 0 {
		return withCode(ExitError, fmt.Errorf("--moves %d: must be 0 or more", a.moves))
	}
	pg, err := readMoves(a.file, sio, g, deal, seed, rules)
	if err != nil {
		return withCode(ExitError, err)
	}
	moves := pg.Moves
	var rest []solution.Move // the file's own moves after K, which may win sooner
	if a.movesSet {
		switch {
		case a.moves <= len(moves):
			moves, rest = moves[:a.moves], moves[a.moves:]
		case pg.IllegalMove() == 0:
			return withCode(ExitError, fmt.Errorf("--moves %d: --after %s has %s", a.moves, a.file, words.Count(len(moves), "move")))
		}
		// Past the moves of a line with an illegal move: the replay names it.
	}
	cfg, done, err := searchConfig(sio, lim, g, rules)
	if err != nil {
		return withCode(ExitError, err)
	}
	p := position.Position{Game: g, Deal: deal, Rules: rules, Moves: moves, Rest: rest}
	// As solve: progress on a terminal after a second.
	bar := newSolveProgress(sio, g, cfg.Search.Table)
	cfg.Search.Progress = bar.progress()
	out, err := position.Solve(ctx, p, cfg)
	bar.finish()
	done()
	if err != nil {
		return positionError("--after "+a.file, pg.OnLine(err))
	}
	sol := api.AfterSolution(g, rules, seed, deal, moves, out)
	if err := writeSolvePage(sio, html, g, deal, rules, sol); err != nil {
		return err
	}
	if jsonOut && out.Verdict != solver.Winnable && len(moves) > 0 {
		return afterNoObject(out, len(moves), cfg.Strategy.Prune)
	}
	if jsonOut {
		err = writeSolutionJSON(sio.Out, sol)
	} else {
		err = writeAfterText(sio.Out, g, sol, len(moves), out, cfg.Strategy.Prune)
	}
	if err != nil {
		return writeStdout(err)
	}
	return verdictCode(out.Verdict)
}

// afterNoObject is --json's answer for a position after k > 0 moves that is
// lost or unknown: one line on stderr, nothing on stdout, the text mode's
// exit code. A solution object's result is the deal's verdict (RULES.md,
// "Solutions (JSON)"), and only the position after move k was searched: the
// deal may be won by other moves, and a lost or unknown object would carry
// none of the moves played.
func afterNoObject(out games.Outcome, k int, prune bool) error {
	found := "lost: " + searchedText(prune, out.Stats.Nodes)
	if out.Reason != "" && out.Verdict == solver.Unwinnable {
		found = "lost: " + out.Reason
	}
	if out.Verdict != solver.Unwinnable {
		found = "unknown (" + reasonText(out.Reason) + ")"
	}
	code := ExitUnknown
	if out.Verdict == solver.Unwinnable {
		code = ExitUnwinnable
	}
	return withCode(code, fmt.Errorf("--json: the position after move %d is %s; no solution object is printed: its result would be the deal's verdict, and only this position was searched (drop --json for the text)", k, found))
}

// writeAfterText prints
//
//	reloj seed 1 after 30 moves (play forced, passes 2): winnable in 32 more moves
//	nodes 33, time 41µs
//	31. stock 3C -> pile 2 (2 3)
func writeAfterText(w io.Writer, g games.Entry, sol solution.Solution, k int, out games.Outcome, prune bool) error {
	verdict := sol.Result
	switch out.Verdict {
	case solver.Winnable:
		verdict += " in " + words.Count(len(out.Moves), "more move")
		if out.OwnLine {
			verdict += " (" + ownLineText(out) + ")"
		}
		if len(out.Moves) == 0 {
			verdict = "won already" // as hint says: no move is left to print
		}
	case solver.Unwinnable:
		verdict += ": " + searchedText(prune, out.Stats.Nodes)
		if out.Reason != "" {
			verdict = "unwinnable: " + out.Reason
		}
	default:
		verdict += " (" + reasonText(out.Reason) + ")"
	}
	if _, err := fmt.Fprintf(w, "%s after %s (%s): %s\nnodes %s, time %s\n", dealName(g, sol.Seed), words.Count(k, "move"), sol.Rules, verdict,
		humanize.Comma(out.Stats.Nodes), roundDuration(out.Stats.Elapsed)); err != nil {
		return err
	}
	if out.Verdict != solver.Winnable {
		return nil
	}
	width := len(fmt.Sprint(k + len(out.Moves)))
	for i, h := range out.Human {
		if _, err := fmt.Fprintf(w, "%*d. %s\n", width, k+i+1, h); err != nil {
			return err
		}
	}
	return nil
}

// page is solve's --html file ("" for none) and whether --force lets it
// replace a file that holds something.
type page struct {
	file  string
	force bool
}

// writeSolvePage writes the page of sol's winning line to p's file (--html);
// nothing for "" or a line that does not win (a note says so on stderr).
// The line is replayed by the referee first: one it refuses is ExitInternal
// (a bug), and no page is written.
func writeSolvePage(sio *IO, p page, g games.Entry, deal []deck.Card, r games.Rules, sol solution.Solution) error {
	file := p.file
	if file == "" {
		return nil
	}
	if sol.Result != solver.Winnable.String() {
		fmt.Fprintf(sio.Err, "solitario: solve: note: --html %s: no winning line, no page written\n", file)
		return nil
	}
	rp, err := replay.Line(g, deal, r, sol.Seed, sol.Moves)
	if err == nil && !rp.Won {
		err = errors.New("the line does not win")
	}
	if err != nil {
		return withCode(ExitInternal, fmt.Errorf("internal error: --html %s: the winning line found fails the referee, so no page is written: %v", file, err))
	}
	return writePage(sio.Out, "--html", file, p.force, rp) // a FIFO's reader is there (runSolve's claimOutput)
}
