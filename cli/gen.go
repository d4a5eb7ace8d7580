package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	goio "io"
	"io/fs"
	"math"
	"os"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/solitario/solitario/analysis"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/words"
)

// genOptions are gen's flags.
type genOptions struct {
	game     string
	count    int
	countSet bool // --count was given
	from     uint64
	minMoves int
	giveUp   uint64 // seeds in a row without a deal kept before gen stops; 0: never
	rules    ruleFlags
	limits   limitFlags
	out      string
	resume   bool
	workers  int
	quiet    bool
	// difficulty: keep only deals of this grade (package difficulty); ""
	// keeps every winnable deal.
	difficulty string
	lookup     func(string) (games.Entry, error) // the games table; tests pass fakes
}

// newGenCmd writes winnable deals. The flags fill a genOptions, which runF
// (nil: runGen) gets: tests pass their own.
func newGenCmd(io *IO, runF func(context.Context, *genOptions) error) *cobra.Command {
	o := genOptions{lookup: games.Lookup}
	c := &cobra.Command{
		Use:   "gen",
		Short: "Write deals that are certain to be winnable, with their solutions",
		Long: `gen tries seeds from --from upward, solves each, and keeps the winnable deals whose
winning line has at least --min-moves moves, until it has --count of them (a --min-moves
above the longest winning line the rules allow is refused: every game but ventaglio has one;
ventaglio's lines are shortened to at most 500 moves whenever the shortening succeeds, so a
--min-moves above 500 keeps almost no deal, and at the default --give-up runs about half an
hour for nothing). Every line is replayed by the game's referee before it is written; a line
that fails is a bug and stops gen with exit status 7. After --give-up seeds in a row without
a deal kept (a --min-moves few deals reach: the bound is not reached by every rule set) gen
stops and says so.

Output (--out, default standard output) is JSON Lines, one deal a line in increasing seed
order: game, rules, seed, deal (tokens in dealing order), result and moves, the same object
as 'solve --json' without its stats (with "min_moves", the --min-moves it was kept under,
when one was given, and with --difficulty the deal's difficulty), so
'solitario verify --solution' reads a line as it is, and the whole file line by line. Which
deals are written depends on the seeds, the rules and the limits, not on --workers, except
that each worker's table gets a share of --tt-mem and the table's size steers the search:
for Il Ventaglio the line found may differ with --workers, and a deal that needs nearly
--max-nodes may be found or skipped. Deals that a limit leaves unknown are skipped (they are
not known to be winnable): raise --max-nodes if many are.

--out never overwrites a file that holds something: --resume continues it, after its last
whole line (each line already there is replayed by the referee first, as gen checks the
lines it writes, and one that fails is refused with its file:line; a line cut short by a
crash or a full disk is cut off first), with the same flags; the file's lines must be of the
same game and rules, from --from on, or --from is above the last line's seed and gen goes on
from --from (as the give-up advice says: the seeds between were tried). A line kept under
other filters is refused, naming the flag ("made with --min-moves 60, not without --min-moves
as this command asks"; --difficulty likewise, by its grade); a line without "min_moves" (none
given, or written by a gen before lines recorded it) is resumed as before: its moves must be
at least --min-moves. One run writes an
--out file at a time, as analyze's --jsonl: a second gen of a file that a run is writing,
with --resume or not, stops at once (exit status 2, "... is in use by another run").

Ctrl-C stops cleanly (exit status 130): the lines written are complete, and stderr says
how to continue the list (--resume, or which --from).

Exit codes:
  0    --count deals written
  2    error: bad input; nothing was tried
  4    --count not reached: --give-up seeds in a row had no deal to keep, or the seeds ran
       out at 18446744073709551615 (the deals found are written; stderr says how many and
       where to go on)
  5    the output could not be written (a full disk: the lines before are whole, --resume
       finishes)
  7    internal error: a winning line found fails the referee (a bug; not written)
  130  interrupted
  141  standard output was a pipe whose reader went away (| head -1), or the --out file
       was one: no message`,
		Example: `  solitario gen --game reloj --count 100 > reloj-winnable.jsonl
  solitario gen --game reloj --count 20 --from 1000 --min-moves 60 --out long.jsonl
  solitario gen --game reloj --count 20 --from 1000 --min-moves 60 --out long.jsonl --resume   # after Ctrl-C
  solitario gen --game ventaglio --count 5 --play forced --max-nodes 20000000 --workers 2
  head -1 reloj-winnable.jsonl | solitario verify --game reloj --solution -`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.countSet = c.Flags().Changed("count")
			o.rules.given(c)
			if runF != nil {
				return runF(c.Context(), &o)
			}
			return runGen(c.Context(), io, &o)
		},
	}
	f := c.Flags()
	addGameFlag(c, &o.game, games.Names(), "game: "+strings.Join(games.Names(), ", ")+" (required)")
	decimalVar(f, &o.count, "count", "n", 0, "how many winnable deals to write (required)")
	o.from = 1
	f.Var((*seedValue)(&o.from), "from", "first seed to try, decimal like --seed")
	decimalVar(f, &o.minMoves, "min-moves", "", 0, "keep only deals whose winning line has at least this many moves")
	decimalVar(f, &o.giveUp, "give-up", "", defaultGiveUp, "stop after this many seeds in a row without a deal kept (0: never)")
	o.rules.add(c)
	o.limits.add(c, true)
	outFlag(c, &o.out, "out", "o", "write the JSON lines to this file, which must not exist or be empty (default, or -: standard output)", true)
	f.BoolVar(&o.resume, "resume", false, "continue the --out file of an interrupted gen with the same flags")
	f.Var(nonEmptyValue{stringFlag{&o.difficulty}, "empty (want easy, medium or hard)"}, "difficulty", "keep only deals of this difficulty grade: easy, medium or hard (docs/difficulty.md; the default rules of ventaglio, reloj and sietes)")
	addRunFlags(c, &o.workers, &o.quiet)
	return c
}

func runGen(ctx context.Context, io *IO, o *genOptions) error {
	if !o.countSet {
		return withCode(ExitError, fmt.Errorf("--count is required: how many winnable deals to write"))
	}
	if o.count < 1 {
		return withCode(ExitError, fmt.Errorf("--count %d: give how many deals to write, 1 or more", o.count))
	}
	if o.minMoves < 0 {
		return withCode(ExitError, fmt.Errorf("--min-moves %d: must be 0 or more", o.minMoves))
	}
	s, err := setupSolver(o.lookup, o.game, &o.rules, &o.limits, o.workers)
	if err != nil {
		return withCode(ExitError, err)
	}
	defer s.solver.Close()
	solve, err := genGrade(o.difficulty, s)
	if err != nil {
		return withCode(ExitError, err)
	}
	if s.game.MaxLine != nil {
		if max := s.game.MaxLine(s.rules); o.minMoves > max {
			return withCode(ExitError, fmt.Errorf("--min-moves %d: no %s winning line under these rules is longer than %d moves", o.minMoves, s.game.Name, max))
		}
	}
	if o.resume && o.out == "" {
		return withCode(ExitError, fmt.Errorf("--resume needs --out FILE: the list to continue (a file, not standard output)"))
	}
	var out goio.Writer = io.Out
	var file *os.File
	from, count, had := o.from, o.count, 0
	if o.out != "" {
		if st, err := os.Stat(o.out); err == nil && st.IsDir() {
			return outputDir("--out", o.out, s.game.Name+".jsonl")
		}
		release, err := waitForReader(io, "--out", o.out)
		if err != nil {
			return err
		}
		defer release()
		var gf analysis.GenFile
		if o.resume {
			file, gf, err = analysis.ResumeGen(o.out, analysis.GenRun{Game: s.game.Name, Rules: s.rules.JSON(), From: o.from, MinMoves: o.minMoves, Difficulty: o.difficulty, Replay: s.solver.ReplayLine})
			from, count, had = gf.Next, o.count-gf.Found, gf.Found
		} else {
			file, err = analysis.CreateGen(o.out)
		}
		var pe *fs.PathError
		switch {
		case errors.Is(err, analysis.ErrSeedsOut):
			return withCode(ExitUnknown, fmt.Errorf("--count %d not reached: %v (it holds %s; start lower with --from and another --out)", o.count, err, words.Count(gf.Found, "deal")))
		case errors.As(err, &pe):
			return withCode(ExitOutput, outputError("--out", o.out, err))
		case err != nil:
			return withCode(ExitError, err)
		}
		defer file.Close()
		out = file
		if count <= 0 {
			// The status line a run ends with (below), not an error's
			// "what: why": nothing went wrong.
			if !o.quiet {
				fmt.Fprintf(io.Err, "solitario: gen: kept no new deal, the %d already in %s reach --count %d\n", had, o.out, o.count)
			}
			return nil
		}
	}
	defer boundMemory(io, s.limits.TTMem+int64(o.workers)*s.game.SearchHeap, 0)()
	w := bufio.NewWriter(out)
	bar := newBar(io, o.quiet, int64(count), "gen "+s.game.Name, "deals", false)
	began := time.Now()
	res, err := analysis.Generate(ctx, analysis.GenConfig{
		Workers: o.workers, From: from, Count: count, MinMoves: o.minMoves, GiveUp: o.giveUp, Solve: solve,
		Emit: func(g *analysis.Generated) error {
			b, err := json.Marshal(g)
			if err != nil {
				return err
			}
			w.Write(append(b, '\n'))
			// Flush each line so an interrupted run leaves whole lines.
			if err := w.Flush(); err != nil {
				return &writeError{err}
			}
			if bar != nil {
				bar.Add(1)
			}
			return nil
		},
		Progress: func(scanned uint64, found int) {
			if bar != nil && scanned%64 == 0 {
				bar.Describe(genProgressText(s.game.Name, scanned, found, count, time.Since(began)))
			}
		},
	})
	if bar != nil {
		bar.Exit()
		fmt.Fprint(io.Err, "\r\033[K")
	}
	if file != nil {
		if cerr := file.Close(); cerr != nil && err == nil {
			err = &writeError{cerr}
		}
	}
	if err != nil {
		var ve *analysis.VerifyError
		var we *writeError
		switch {
		case errors.As(err, &ve):
			return withCode(ExitInternal, err)
		case errors.As(err, &we) && errors.Is(we.err, syscall.EPIPE):
			return withCode(ExitClosedPipe, nil) // --out is a pipe whose reader went away, as on standard output
		case errors.As(err, &we) && file != nil:
			return withCode(ExitOutput, fmt.Errorf("%v%s", fileError("--out", o.out, we.err), resumeAdvice(o.out, "lines before it")))
		case errors.As(err, &we):
			return withCode(ExitOutput, fmt.Errorf("writing standard output: %v", we.err))
		}
		return withCode(ExitError, err)
	}
	// "kept 643 winnable sietes deals from seeds 1..1300 in 1.9s"; resumed,
	// "kept 643 more winnable sietes deals (seeds 2440..4862) in 1.957s;
	// g.jsonl now has 1305 deals".
	kind := "winnable " + s.game.Name + " deal"
	if o.difficulty != "" {
		kind = o.difficulty + " " + kind
	}
	if had > 0 {
		kind = "more " + kind
	}
	kept := words.Count(res.Found, kind)
	if o.minMoves > 0 {
		kept += fmt.Sprintf(" of at least %s", words.Count(o.minMoves, "move"))
	}
	var notes []string
	msg := "solitario: gen: kept " + kept
	switch {
	case res.Scanned == 0:
		msg = fmt.Sprintf("solitario: gen: no seed settled from %d", from)
	case had == 0:
		msg += fmt.Sprintf(" from seeds %d..%d", from, res.Next-1)
	default:
		notes = append(notes, fmt.Sprintf("seeds %d..%d", from, res.Next-1))
	}
	if res.Unknown > 0 {
		notes = append(notes, fmt.Sprintf("%d unknown at the limits, skipped", res.Unknown))
	}
	if len(notes) > 0 {
		msg += " (" + strings.Join(notes, "; ") + ")"
	}
	msg += fmt.Sprintf(" in %s", res.Elapsed.Round(1e6))
	if had > 0 {
		msg += fmt.Sprintf("; %s now has %s", o.out, words.Count(had+res.Found, "deal"))
	}
	if !o.quiet || res.Interrupted {
		fmt.Fprintln(io.Err, msg)
	}
	written := words.Count(had+res.Found, "winnable deal")
	switch {
	case res.GaveUp:
		goOn := fmt.Sprintf("--from %d --count %d", res.Next, count-res.Found)
		if file != nil {
			goOn = fmt.Sprintf("the same command with --resume --from %d", res.Next)
		}
		return withCode(ExitUnknown, fmt.Errorf("--count %d not reached: gave up after --give-up %s in a row (up to seed %d) without a deal to keep, with %s written; %s",
			o.count, words.Count(o.giveUp, "seed"), res.Next-1, written, giveUpAdvice(o, res.Unknown, goOn)))
	case !res.Interrupted && res.Found < count:
		return withCode(ExitUnknown, fmt.Errorf("--count %d not reached: the seeds ran out at %d, the last seed, with %s written; start lower with --from",
			o.count, uint64(math.MaxUint64), written))
	}
	if res.Interrupted {
		next := fmt.Sprintf("continue with --from %d --count %d", res.Next, count-res.Found)
		if file != nil {
			next = "finish with the same command plus --resume"
		}
		return withCode(ExitInterrupted, fmt.Errorf("interrupted after %d of %s; %s", had+res.Found, words.Count(o.count, "deal"), next))
	}
	return nil
}

// defaultGiveUp is --give-up's default: 100,000 seeds take reloj about half
// a minute on one core, sietes about two (measured at 10,000 and 2,000), and
// a --min-moves no seed among so many in a row meets is worth no more.
const defaultGiveUp = 100_000

// writeError is a line of gen's output that could not be written.
type writeError struct{ err error }

func (e *writeError) Error() string { return e.err.Error() }

// genProgressText is gen's progress line: seeds tried, deals found and,
// once one is found, the time left at the rate so far (none before: an
// estimate from nothing would read 0s).
func genProgressText(game string, scanned uint64, found, count int, elapsed time.Duration) string {
	text := fmt.Sprintf("gen %s: %s tried, %d of %d found", game, words.Count(scanned, "seed"), found, count)
	if found == 0 {
		return text + ", no estimate yet"
	}
	left := time.Duration(float64(elapsed) / float64(found) * float64(count-found))
	return text + fmt.Sprintf(", about %s left", left.Round(time.Second))
}

// giveUpAdvice is what may bring deals after a give-up: a lower --min-moves
// when one was given, higher limits when some deals were left unknown, and
// always a higher --give-up from where gen stopped (goOn).
func giveUpAdvice(o *genOptions, unknown int, goOn string) string {
	var steps []string
	if o.minMoves > 0 {
		steps = append(steps, "lower --min-moves")
	}
	var limits []string
	if o.limits.maxNodes > 0 {
		limits = append(limits, "--max-nodes")
	}
	if o.limits.timeout > 0 {
		limits = append(limits, "--timeout")
	}
	if unknown > 0 && len(limits) > 0 {
		steps = append(steps, "raise "+strings.Join(limits, " or "))
	}
	steps = append(steps, "raise --give-up and go on with "+goOn)
	if len(steps) == 1 {
		return steps[0]
	}
	return strings.Join(steps[:len(steps)-1], ", ") + ", or " + steps[len(steps)-1]
}
