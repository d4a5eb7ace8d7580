package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/dustin/go-humanize"
	"github.com/spf13/cobra"

	"github.com/solitario/solitario/api"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/words"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
)

// solveOptions are the solve command's flags.
type solveOptions struct {
	deal       dealFlags
	rules      ruleFlags
	limits     limitFlags
	json       bool
	workers    int                               // --workers: Il Ventaglio's plan split among goroutines (0: one)
	workersSet bool                              // --workers was given (then 0 is refused)
	after      afterOptions                      // --after, --moves: a game in progress (solve_after.go)
	html       string                            // --html: the page of the line found
	force      bool                              // --force: replace an --html file that holds something
	lookup     func(string) (games.Entry, error) // the games table; tests pass fakes
}

// newSolveCmd decides one deal: verdict, statistics and the winning line.
// The flags fill a solveOptions, which runF (nil: runSolve) gets: tests
// pass their own to change the options or to see them.
func newSolveCmd(io *IO, runF func(context.Context, *solveOptions) error) *cobra.Command {
	o := solveOptions{lookup: games.Lookup}
	c := &cobra.Command{
		Use:   "solve --game G (--seed N | --deal FILE)",
		Short: "Decide whether a deal can be won, and print the winning line",
		Long: `solve searches every line of play of one deal and says whether it can be won under
perfect play (docs/solve.md says how, and what each answer holds):

  winnable    the winning line is printed, one numbered move a line
  unwinnable  every reachable position was searched, or a dead-end test proved the
              deal lost (the text says which, and for the clocks what lost it)
  unknown     a limit stopped the search first (--max-nodes, --timeout, Ctrl-C)

The deal is a seed or a deal file (docs/notation.md); the rules are the game's defaults,
then a deal file's "# rules:" line, then the rule flags given. --json prints the solution
object, which 'solitario verify' replays. --after FILE solves from a game in progress
(its forms: 'solitario hint --help') and prints the rest of the line; with --json, after
K >= 1 moves, nothing when the position is lost or unknown (a line on stderr). After
--moves 0 the position is the deal, and its solution object is printed whatever the
verdict. Progress shows on stderr after a second when it is a terminal.

Exit codes:
  0    winnable
  2    error: bad flag, game, seed, deal file or rules, an illegal move in --after, an
       --html file that holds something (without --force) or is an input; nothing was solved
  3    unwinnable
  4    unknown: a limit or Ctrl-C stopped the search
  5    the output could not be written (a full disk)
  7    internal error: the winning line found fails the referee (a bug; not printed)
  130  interrupted (Ctrl-C) while waiting for --deal or --after (- or a FIFO that nothing
       writes), or for a reader of --html (a FIFO); nothing done
  141  standard output was a pipe whose reader went away (| head -1), or the --html file
       was one: no message`,
		Example: `  solitario solve --game reloj --seed 1
  solitario solve --game reloj --seed 7 --play free --passes 1 --max-nodes 0 --timeout 1m
  solitario solve --game reloj --deal mydeal.txt --json > mydeal.json
  solitario solve --game reloj --seed 1 --json | solitario verify --solution -
  solitario solve --game reloj --seed 3 --tt ristretto --tt-mem 1GiB`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.deal.given(c)
			o.rules.given(c)
			o.after.movesSet = c.Flags().Changed("moves")
			o.workersSet = c.Flags().Changed("workers")
			if runF != nil {
				return runF(c.Context(), &o)
			}
			return runSolve(c.Context(), io, &o)
		},
	}
	o.deal.add(c)
	o.rules.add(c)
	o.limits.add(c, false)
	solveWorkersFlag(c, &o.workers)
	c.Flags().BoolVar(&o.json, "json", false, "print the solution object (docs/spec/RULES.md \"Solutions (JSON)\") instead of text")
	pathFlag(c, &o.after.file, "after", "", "solve from the position these moves reach: a game in progress (a JSON object, a JSON list of moves, or the numbered move list solve prints), - for standard input")
	decimalVar(c.Flags(), &o.after.moves, "moves", "", 0, "with --after: play only the first K moves (default: all)")
	outFlag(c, &o.html, "html", "", "also write the winning line as a page that plays it (as 'solitario show'), to a file that must not hold anything unless --force", false)
	forceFlag(c, &o.force, "--html")
	return c
}

// runSolve parses, builds the table, solves with progress, and prints.
func runSolve(ctx context.Context, io *IO, o *solveOptions) error {
	if o.after.file == "-" && o.deal.dealFile == "-" {
		return withCode(ExitError, fmt.Errorf("--deal - and --after - both read standard input: give one of them as a file"))
	}
	if o.force && o.html == "" {
		return withCode(ExitError, errors.New("--force needs --html FILE: it lets the page replace a file that holds something"))
	}
	if err := checkNotInput(io, "--html", o.html, input{"--deal", o.deal.dealFile}, input{"--after", o.after.file}); err != nil {
		return err
	}
	if err := checkNotStdout(io, "--html", o.html, "solve prints the verdict and the line"); err != nil {
		return err
	}
	// Before the work, as show's --out: a FIFO's reader is waited for (and
	// Ctrl-C then ends it, exit 130) before anything is solved.
	release, err := claimOutput(io, "--html", o.html, o.force)
	if err != nil {
		return err
	}
	defer release()
	g, deal, seed, err := o.deal.load(io, o.lookup)
	if err != nil {
		return withCode(ExitError, err)
	}
	rules, err := o.rules.rulesWithLine(g, o.deal.rulesLine, o.deal.rulesAt)
	if err != nil {
		return withCode(ExitError, err)
	}
	lim, err := o.limits.parse(g)
	if err != nil {
		return withCode(ExitError, err)
	}
	if lim.workers, err = solveWorkers(o.workers, o.workersSet); err != nil {
		return withCode(ExitError, err)
	}
	if o.after.file != "" {
		return runSolveAfter(ctx, io, o.after, o.json, page{o.html, o.force}, g, deal, seed, rules, lim)
	}
	if o.after.movesSet {
		return withCode(ExitError, fmt.Errorf("--moves needs --after FILE: the moves played so far, of which it takes the first K"))
	}
	table, err := solver.NewTable(lim.strategy.Table, lim.ttMem)
	if err != nil {
		return withCode(ExitError, err)
	}
	defer solver.CloseTable(table)

	// The table is most of the heap, and a ventaglio solve's beams and
	// stacks (g.SearchHeap) the rest: bound the collector's headroom above
	// both (without it the heap grew to twice what was live).
	defer boundMemory(io, lim.ttMem+int64(lim.workers)*g.SearchHeap, 1)()

	search := lim.opts
	search.Table = table
	bar := newSolveProgress(io, g, table)
	search.Progress = bar.progress()
	// Every line replays through the plain referee before it is shown.
	out, err := api.SolveDeal(ctx, g, deal, games.Config{Rules: rules, Strategy: lim.strategy, Search: search, Workers: lim.workers})
	bar.finish()
	var ue *api.UnverifiedLineError
	switch {
	case errors.As(err, &ue):
		return withCode(ExitInternal, err)
	case err != nil:
		return withCode(ExitError, err)
	}

	sol := api.SolutionOf(g, rules, seed, deal, out)
	if out.Verdict == solver.Winnable {
		if sol.Difficulty, err = api.DifficultyOf(g, deal, rules); err != nil {
			return withCode(ExitError, err)
		}
	}
	if err := writeSolvePage(io, page{o.html, o.force}, g, deal, rules, sol); err != nil {
		return err
	}
	if o.json {
		if err := writeSolutionJSON(io.Out, sol); err != nil {
			return withCode(ExitError, err)
		}
	} else {
		from := ""
		if o.deal.rulesLine != "" {
			from = "; " + o.deal.rulesFrom
			if len(o.rules.set) > 0 {
				from += " under --" + strings.Join(o.rules.set, ", --")
			}
		}
		writeSolveText(io.Out, g, sol, out, lim.strategy, table, from)
	}
	switch out.Verdict {
	case solver.Winnable:
		return nil
	case solver.Unwinnable:
		return withCode(ExitUnwinnable, nil)
	}
	return withCode(ExitUnknown, nil)
}

// writeSolutionJSON prints sol as one line of JSON.
func writeSolutionJSON(w io.Writer, sol solution.Solution) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(sol)
}

// writeSolveText prints the verdict, the statistics and the winning line:
//
//	reloj seed 1 (play forced, passes 2): winnable in 62 moves
//	difficulty hard: the plain player won 14 of 40 play-outs (hard at most 50, easy above 75; docs/difficulty.md)
//	nodes 63 (cache hits 0, path hits 0), time 36.4µs, 1.73M nodes/s, max depth 62, strategy default
//	table flat: 0 entries stored, room for 16,646,144 (0% full); memory 65 KiB, at most 256 MiB
//	 1. stock CE -> waste
//
// The table line is there for every search, "table none: ..." when it has
// none (tableText), but for Il Ventaglio's plan when its table is empty
// (its searches keep their own: shownTable); the difficulty line for a winnable deal of a game with
// choices (package difficulty).
func writeSolveText(w io.Writer, g games.Entry, sol solution.Solution, out games.Outcome, st solver.Strategy, table solver.Table, rulesFrom string) {
	what := g.Name
	if sol.Seed != nil {
		what += fmt.Sprintf(" seed %d", *sol.Seed)
	} else {
		what += " deal"
	}
	verdict := sol.Result
	switch out.Verdict {
	case solver.Winnable:
		verdict += " in " + words.Count(len(sol.Moves), "move")
	case solver.Unwinnable:
		verdict += ": " + lostText(g, out, st.Prune)
	default:
		verdict += " (" + reasonText(out.Reason) + ")"
	}
	fmt.Fprintf(w, "%s (%s%s): %s\n", what, sol.Rules, rulesFrom, verdict)
	if sol.Difficulty != nil {
		r, _ := g.ResolveJSON(sol.Rules) // the rules solve resolved: they resolve again
		fmt.Fprintln(w, difficultyText(g.Name, r, sol.Difficulty))
	}
	s := out.Stats
	step := ""
	if out.Step != "" {
		step = fmt.Sprintf(", step %s (%s nodes)", out.Step, humanize.Comma(out.StepNodes))
	}
	workers := ""
	if out.Workers > 1 {
		workers = fmt.Sprintf(", %d workers", out.Workers)
	}
	fmt.Fprintf(w, "nodes %s (cache hits %s, path hits %s), time %s, %s nodes/s, max depth %d, strategy %s%s%s\n",
		humanize.Comma(s.Nodes), humanize.Comma(s.CacheHits), humanize.Comma(s.PathHits),
		roundDuration(s.Elapsed), rateText(s.Nodes, s.Elapsed), s.MaxDepth, st.Name, workers, step)
	if t := shownTable(plannedTables(g), table); t != nil || table == nil {
		fmt.Fprintln(w, tableText(st.Table, t))
	}
	if out.Verdict != solver.Winnable {
		// A game without choices (the clocks) says why a deal is lost and
		// gives its play-out; ventaglio says why when the deal dies at the
		// start; the other games leave both empty.
		if out.Verdict == solver.Unwinnable && out.Reason != "" {
			fmt.Fprintf(w, "why: %s\n", out.Reason)
		}
		for i, h := range out.Human {
			fmt.Fprintf(w, "%*d. %s\n", len(fmt.Sprint(len(out.Human))), i+1, h)
		}
		return
	}
	width := len(fmt.Sprint(len(sol.Moves)))
	for i, m := range sol.Moves {
		line := m.String()
		if i < len(out.Human) && out.Human[i] != "" {
			line = out.Human[i]
		}
		fmt.Fprintf(w, "%*d. %s\n", width, i+1, line)
	}
}

// lostText says how a lost deal was proved lost: by the one play-out of a
// game without choices, by a test of the start position (Il Ventaglio's
// reserve-order and last-pass tests: "why:" says which, no search ran), or
// by a search (searchedText; prune: the strategy's dead-end tests were on).
func lostText(g games.Entry, out games.Outcome, prune bool) string {
	switch {
	case out.Reason != "" && len(g.Options) == 0:
		return "the game has no choices and its one play-out loses (why and play-out below)"
	case out.Reason != "":
		return "proved at the start position by a dead-deal test, before any move is searched (why below)"
	}
	return searchedText(prune, out.Stats.Nodes)
}

// searchedText says how a search proved a position lost: it searched every
// position reachable from it, where the dead-end tests of a pruning
// strategy (prune) stand for the positions they prove lost; in one node the
// position itself was proved lost, by such a test or for want of a move.
// solve, solve --after and hint word it so.
func searchedText(prune bool, nodes int64) string {
	switch {
	case prune && nodes <= 1:
		return "proved lost where it stands, before any move is searched (a dead-end test, or no move left)"
	case prune:
		return "every reachable position was searched or proved lost by a dead-end test"
	}
	return "the whole reachable space was searched"
}

// tableText is the transposition table's line: keys stored against the
// room for them, apart from the memory it holds now and can grow to:
// "table flat: 3,000 entries stored, room for 16,646,144 (0.02% full);
// memory 65 KiB, at most 254 MiB". No table (--tt none, or a strategy
// without one, as dfs) is said too, as the search's other settings are:
// such a search meets a position again as if new.
func tableText(kind string, t solver.Table) string {
	if t == nil {
		return "table none: no transposition table, only the path check (a position reached again off the current line is searched again)"
	}
	entries := "entries"
	if t.Len() == 1 {
		entries = "entry"
	}
	s := fmt.Sprintf("table %s: %s %s stored, room for %s (%s full); memory %s", kind,
		humanize.Comma(int64(t.Len())), entries, humanize.Comma(int64(t.Cap())),
		percentText(t.Len(), t.Cap()), humanize.IBytes(uint64(t.Bytes())))
	if f, ok := t.(*solver.Flat); ok && f.MaxBytes() > t.Bytes() {
		s += ", at most " + humanize.IBytes(uint64(f.MaxBytes()))
	}
	return s
}

// reasonText explains an unknown result's reason.
func reasonText(reason string) string {
	switch reason {
	case solver.ReasonMaxNodes:
		return "max-nodes: the node limit was reached; raise --max-nodes (0 = no limit)"
	case solver.ReasonTimeout:
		return "timeout: the time limit was reached; raise --timeout (0 = none)"
	case solver.ReasonStopped:
		return "stopped: interrupted before a verdict"
	case solver.ReasonMaxDepth:
		return "max-depth: a line reached 1,048,576 moves, the search stack's bound"
	}
	return reason
}

// rateText is nodes per second, e.g. "1.03M".
func rateText(nodes int64, d time.Duration) string {
	if d <= 0 {
		return "-"
	}
	v, unit := humanize.ComputeSI(float64(nodes) / d.Seconds())
	return fmt.Sprintf("%.3g%s", v, unit)
}

// percentText is n/total as a percentage with two significant digits.
func percentText(n, total int) string {
	if total <= 0 {
		return "-"
	}
	p := 100 * float64(n) / float64(total)
	switch {
	case n > 0 && p < 0.01:
		return "<0.01%" // %g would write 6e-06%
	case p >= 10:
		return fmt.Sprintf("%.0f%%", p) // %g would write 1e+02%
	}
	return fmt.Sprintf("%.2g%%", p)
}

// roundDuration keeps three significant digits: 1.23ms, 4.56s.
func roundDuration(d time.Duration) time.Duration {
	for r := time.Duration(1); r < time.Hour; r *= 10 {
		if d < 1000*r {
			return d.Round(r)
		}
	}
	return d.Round(time.Second)
}
