package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/solitario/solitario/analysis"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/words"
)

// ExitInterrupted is the exit code of analyze, gen and bench stopped by Ctrl-C
// (128 + SIGINT, as shells report it): the summary so far was printed and
// the files written are valid; analyze --resume finishes the run. It is
// also any command's stopped while it waited for its input (readInput).
const ExitInterrupted = 130

// analyzeOptions are analyze's flags.
type analyzeOptions struct {
	game    string
	seeds   string
	rules   ruleFlags
	limits  limitFlags
	workers int
	jsonl   string
	resume  bool
	shard   string
	json    bool
	quiet   bool
	// difficulty measures each winnable deal's difficulty into its record
	// (package difficulty); difficultyCheck adds the check play-outs.
	difficulty, difficultyCheck bool
	lookup                      func(string) (games.Entry, error) // the games table; tests pass fakes
}

// newAnalyzeCmd solves a seed range. The flags fill an analyzeOptions,
// which runF (nil: runAnalyze) gets: tests pass their own.
func newAnalyzeCmd(io *IO, runF func(context.Context, *analyzeOptions) error) *cobra.Command {
	o := analyzeOptions{lookup: games.Lookup}
	c := &cobra.Command{
		Use:   "analyze",
		Short: "Solve a range of seeds and report how often the game is won",
		Long: `analyze solves every deal of a seed range on all cores and prints how many are
winnable, unwinnable and unknown (stopped by --max-nodes or --timeout), the winnable rate
with a 95% Wilson interval (unknown deals counted as lost for the lower bound and as won for
the upper, so the interval holds whatever they are), and the nodes and time per deal at
p50/p90/p99/max. Every winning line is replayed by the game's referee before it is counted
or written.

Each worker has its own transposition table; --tt-mem is the budget of the whole
process, split evenly between the workers.

--jsonl FILE writes one JSON line per deal as it finishes (seed, result, reason, nodes,
ms, moves), after a header line recording the commit, machine, game, rules, strategy,
limits, seeds and shard. Ctrl-C stops cleanly: the deals being searched are dropped, the
summary so far is printed and the file stays valid (exit status 130). --resume continues
the file: it checks that the run is the same, skips the seeds already recorded, cuts off
a line torn by a crash, and appends; a missing file is started afresh.

--shard K/N solves every N-th seed of the range: those whose index in the range
(seed - A) is K mod N, K in 0..N-1. --shard auto/N takes K from JOB_COMPLETION_INDEX, which
a Kubernetes Indexed Job sets. Give each shard its own --jsonl file and combine them
with 'solitario merge' (docs/scale.md).

Exit codes:
  0    done
  2    error: bad input; nothing was solved
  5    the output or the --jsonl file could not be written (a full disk: the file keeps its
       whole records, --resume finishes it)
  7    internal error: a winning line found fails the referee (a bug; not counted or written)
  130  interrupted
  141  standard output was a pipe whose reader went away (| head -1), or the --jsonl file
       was one: no message`,
		Example: `  solitario analyze --game reloj --seeds 1..100000
  solitario analyze --game reloj --play free --passes 1 --seeds 1..1000 --max-nodes 5000000 --jsonl free1.jsonl
  solitario analyze --game reloj --play free --passes 1 --seeds 1..1000 --max-nodes 5000000 --jsonl free1.jsonl --resume   # after Ctrl-C
  solitario analyze --game reloj --seeds 1..1000000 --shard 3/8 --jsonl reloj-3.jsonl --quiet
  solitario analyze --game sietes --seeds 1..10000 --workers 1 --tt-mem 64MiB --json`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.rules.given(c)
			if runF != nil {
				return runF(c.Context(), &o)
			}
			return runAnalyze(c.Context(), io, &o)
		},
	}
	f := c.Flags()
	addGameFlag(c, &o.game, games.Names(), "game: "+strings.Join(games.Names(), ", ")+" (required)")
	f.Var(nonEmptyValue{stringFlag{&o.seeds}, "empty (want A..B, an inclusive seed range, or one seed)"}, "seeds", "deals: an inclusive seed range A..B, e.g. 1..100000, or one seed (required)")
	o.rules.add(c)
	o.limits.add(c, true)
	addRunFlags(c, &o.workers, &o.quiet)
	outFlag(c, &o.jsonl, "jsonl", "", "write one JSON line per deal to this file (a header line first)", false)
	f.BoolVar(&o.resume, "resume", false, "continue the --jsonl file of an interrupted run of the same analysis")
	f.Var(nonEmptyValue{stringFlag{&o.shard}, "empty (want K/N, shard K of N from 0, or auto/N)"}, "shard", "solve shard K of N: the seeds whose index in the range is K mod N (K/N, or auto/N for K from "+analysis.JobIndexEnv+")")
	f.BoolVar(&o.json, "json", false, "print the run record and the summary as JSON")
	f.BoolVar(&o.difficulty, "difficulty", false, "measure each winnable deal's difficulty (docs/difficulty.md) into its record and the summary; the clocks have none")
	f.BoolVar(&o.difficultyCheck, "difficulty-check", false, "with --difficulty, also play as many check play-outs, independent of those that grade (how often each grade is lost)")
	return c
}

// addRunFlags adds the flags that analyze and gen share.
func addRunFlags(c *cobra.Command, workers *int, quiet *bool) {
	spanVar(c.Flags(), workers, "workers", "j", runtime.NumCPU(), 1, maxWorkers, "deals solved at once, each worker with its own share of --tt-mem (1 to "+strconv.Itoa(maxWorkers)+")")
	c.Flags().BoolVarP(quiet, "quiet", "q", false, "no progress bar (it is drawn only when stderr is a terminal, not TERM=dumb)")
}

// solverSetup is what analyze and gen build from their flags.
type solverSetup struct {
	game     games.Entry
	rules    games.Rules
	strategy string
	limits   analysis.Limits
	solver   *analysis.GameSolver
}

// maxWorkers bounds --workers: a worker's table takes at least 1 MiB of
// --tt-mem (analysis.NewGameSolver), which is at most 1 TiB (parseBytes),
// so no more workers can ever run with a table (and with --tt none a
// million searches at once on one machine is no run either); a larger
// count is a typo, and its --tt-mem message overflowed (a negative KiB
// figure at MaxInt).
const maxWorkers = 1 << 20

func setupSolver(lookup func(string) (games.Entry, error), game string, rf *ruleFlags, lf *limitFlags, workers int) (solverSetup, error) {
	var s solverSetup
	g, err := gameFlag(lookup, game)
	if err != nil {
		return s, err
	}
	rules, err := rf.rules(g)
	if err != nil {
		return s, err
	}
	p, err := lf.parse(g)
	if err != nil {
		return s, err
	}
	if workers < 1 {
		return s, fmt.Errorf("--workers %d: must be 1 to %d", workers, maxWorkers)
	}
	if workers > maxWorkers {
		return s, fmt.Errorf("--workers %d: must be at most %d (each worker's table takes 1MiB of --tt-mem or more, and --tt-mem is 1TiB at most)", workers, maxWorkers)
	}
	if p.opts.Timeout%time.Millisecond != 0 {
		return s, fmt.Errorf("--timeout %s: give whole milliseconds", p.opts.Timeout)
	}
	// The table is the strategy's (--tt given: the one it names), or none
	// for a game without choices (analysis.NewGameSolver).
	lim := analysis.Limits{MaxNodes: p.opts.MaxNodes, TimeoutMS: p.opts.Timeout.Milliseconds(), TTMem: p.ttMem, Table: lf.tt}
	gs, err := analysis.NewGameSolver(g, rules, p.strategy, lim, workers)
	if err != nil {
		return s, err
	}
	return solverSetup{game: g, rules: rules, strategy: p.strategy.Name, limits: gs.Limits(), solver: gs}, nil
}

// Memory beside the transposition tables, for boundMemory: the runtime,
// stacks and buffers (a run of a few deals peaks near 15 MB), and the
// summary's figures (analysis.Tally: about 25 bytes a deal, and with
// --difficulty a graded deal's record, some 200 more; a margin over them).
const (
	memBase    = 32 << 20
	memPerDeal = 64
)

// boundMemory sets the Go runtime's soft memory limit for a run of deals
// deals whose tables may hold ttMem bytes, unless GOMEMLIMIT is set, and
// returns the function that restores the previous limit. A table that
// grows to its budget drops its old arrays (Il Ventaglio's searches make
// tables of their own too), so without a limit the collector's pacing
// (GOGC=100) lets that garbage grow as large as the live tables; with it,
// the heap stays near what is live: the tables (at most ttMem,
// analysis.TableShare), the records and memBase.
func boundMemory(io *IO, ttMem int64, deals uint64) func() {
	if io.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	prev := debug.SetMemoryLimit(max(ttMem, 0) + memBase + int64(min(deals, 1<<40))*memPerDeal)
	return func() { debug.SetMemoryLimit(prev) }
}

// newBar is the progress bar of analyze and gen on stderr, or nil when stderr
// is not a terminal or --quiet is set.
func newBar(io *IO, quiet bool, max int64, what, unit string, predict bool) *progressbar.ProgressBar {
	if !io.ErrIsTTY || quiet {
		return nil
	}
	return progressbar.NewOptions64(max,
		progressbar.OptionSetWriter(io.Err),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString(unit),
		progressbar.OptionSetPredictTime(predict),
		progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionSetWidth(30),
		progressbar.OptionClearOnFinish(),
	)
}

// analyzeJSON is analyze --json's object: the run record first.
type analyzeJSON struct {
	Run         analysis.Header  `json:"run"`
	Summary     analysis.Summary `json:"summary"`
	Expected    json.Number      `json:"expected"` // deals in the seeds and shard (2^64 for all seeds: beyond uint64)
	Complete    bool             `json:"complete"`
	Interrupted bool             `json:"interrupted"`
	Resumed     int              `json:"resumed"` // records already in the file
	Solved      int              `json:"solved"`  // deals solved by this run
	ElapsedMS   int64            `json:"elapsed_ms"`
	JSONL       string           `json:"jsonl,omitempty"`
}

func runAnalyze(ctx context.Context, io *IO, o *analyzeOptions) error {
	s, err := setupSolver(o.lookup, o.game, &o.rules, &o.limits, o.workers)
	if err != nil {
		return withCode(ExitError, err)
	}
	defer s.solver.Close()
	if o.difficultyCheck && !o.difficulty {
		return withCode(ExitError, fmt.Errorf("--difficulty-check needs --difficulty"))
	}
	if o.difficulty {
		if err := s.solver.Grade(o.difficultyCheck); err != nil {
			return withCode(ExitError, fmt.Errorf("--difficulty: %v", err))
		}
	}
	if o.seeds == "" {
		return withCode(ExitError, fmt.Errorf("--seeds A..B is required"))
	}
	seeds, err := analysis.ParseRange(o.seeds)
	if err != nil {
		return withCode(ExitError, fmt.Errorf("--seeds %q: %v", o.seeds, err))
	}
	var shard analysis.Shard
	if o.shard != "" {
		if shard, err = analysis.ParseShard(o.shard, io.Getenv); err != nil {
			return withCode(ExitError, fmt.Errorf("--shard: %v", err))
		}
	}
	if st, err := os.Stat(o.jsonl); o.jsonl != "" && err == nil && st.IsDir() {
		return outputDir("--jsonl", o.jsonl, s.game.Name+".jsonl")
	}
	if err := checkNotStdout(io, "--jsonl", o.jsonl, "analyze prints the summary"); err != nil {
		return err
	}
	release, err := waitForReader(io, "--jsonl", o.jsonl)
	if err != nil {
		return err
	}
	defer release()
	deals := analysis.CountSeeds(seeds, shard)
	if analysis.AllSeeds(seeds, shard) {
		deals = math.MaxUint64 // CountSeeds wraps to 0
	}
	// Each worker's searches may hold the game's SearchHeap beside its
	// table (Il Ventaglio's beams): below that the collector would run
	// without end (seed 338: 26.2 s against 23.5 s).
	defer boundMemory(io, s.limits.TTMem+int64(o.workers)*s.game.SearchHeap, deals)()
	h := analysis.NewHeader(analysis.KindRun, s.game.Name, s.rules.JSON(), s.strategy, s.limits, seeds, shard, o.workers)
	switch {
	case o.difficultyCheck:
		h.Difficulty = analysis.DifficultyCheck
	case o.difficulty:
		h.Difficulty = analysis.DifficultyGrade
	}
	h.Command = io.Command
	var bar *progressbar.ProgressBar
	job := analysis.Job{Header: h, JSONL: o.jsonl, Resume: o.resume, Lookup: o.lookup, Solve: s.solver.Solve,
		OnStart: func(remaining uint64, resumed int) {
			max := int64(-1) // a spinner when the count does not fit
			if remaining <= math.MaxInt64 && !analysis.AllSeeds(seeds, shard) {
				max = int64(remaining)
			}
			bar = newBar(io, o.quiet, max, "analyze "+s.game.Name, "deals", true)
		},
		OnRecord: func(analysis.Record) {
			if bar != nil {
				bar.Add(1)
			}
		},
	}
	rep, err := analysis.Analyze(ctx, job)
	if bar != nil {
		bar.Exit()
		fmt.Fprint(io.Err, "\r\033[K")
	}
	if err != nil {
		var ve *analysis.VerifyError
		var pe *fs.PathError
		switch {
		case errors.As(err, &ve):
			return withCode(ExitInternal, err)
		case errors.Is(err, syscall.EPIPE):
			return withCode(ExitClosedPipe, nil) // --jsonl is a pipe whose reader went away, as on standard output
		case errors.As(err, &pe) && pe.Op != "open" && pe.Op != "read":
			return withCode(ExitOutput, fmt.Errorf("%v%s", fileError("--jsonl", o.jsonl, err), resumeAdvice(o.jsonl, "records before")))
		case errors.As(err, &pe):
			return withCode(ExitOutput, outputError("--jsonl", o.jsonl, err))
		}
		return withCode(ExitError, err)
	}
	expected := analysis.CountSeedsText(seeds, shard)
	if o.json {
		enc := json.NewEncoder(io.Out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(analyzeJSON{Run: rep.Header, Summary: rep.Summary, Expected: json.Number(expected),
			Complete: rep.Outcome.Complete, Interrupted: rep.Outcome.Interrupted, Resumed: rep.Resumed,
			Solved: rep.Outcome.Done, ElapsedMS: rep.Outcome.Elapsed.Milliseconds(), JSONL: o.jsonl}); err != nil {
			return withCode(ExitError, err)
		}
	} else {
		fmt.Fprint(io.Out, runText(rep.Header))
		fmt.Fprint(io.Out, rep.Summary.Text())
		if d := rep.Summary.Difficulty; d != nil {
			fmt.Fprint(io.Out, d.Text())
		}
		fmt.Fprintf(io.Out, "elapsed     %s for %s on %s, %s",
			rep.Outcome.Elapsed.Round(time.Millisecond), words.Count(rep.Outcome.Done, "deal"), words.Count(o.workers, "worker"), dealRate(rep.Outcome.Done, rep.Outcome.Elapsed))
		if rep.Resumed > 0 {
			fmt.Fprintf(io.Out, "; %d more resumed from %s", rep.Resumed, o.jsonl)
		}
		fmt.Fprintln(io.Out)
	}
	if rep.Outcome.Interrupted {
		// Without --jsonl the deals done are in the summary only.
		msg := fmt.Sprintf("interrupted: %d of %s deals done (summed up above); without --jsonl nothing is kept to resume", rep.Summary.Deals, expected)
		if o.jsonl != "" {
			msg = fmt.Sprintf("interrupted: %d of %s deals recorded; finish with the same command plus --resume (file %s)", rep.Summary.Deals, expected, o.jsonl)
		}
		return withCode(ExitInterrupted, errors.New(msg))
	}
	return nil
}

// runText is the run record for people: what was analyzed, where, how.
func runText(h analysis.Header) string {
	var b strings.Builder
	fmt.Fprintf(&b, "game        %s  (%s)\n", h.Game, analysis.RulesString(h.Rules))
	fmt.Fprintf(&b, "seeds       %s", h.Seeds)
	if h.Shard.Count > 1 {
		fmt.Fprintf(&b, "  shard %s", h.Shard)
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "search      strategy %s, %s\n", h.Strategy, h.Limits.Text())
	fmt.Fprintf(&b, "run         commit %s, %s %s/%s, %s, %s, %s\n",
		analysis.ShortCommit(h.Commit), h.Machine.Hostname, h.Machine.GOOS, h.Machine.GOARCH,
		words.Count(h.Machine.Cores, "core"), words.Count(h.Workers, "worker"), h.Machine.Go)
	return b.String()
}

// dealRate is deals per second with three significant digits ("0.135
// deals/s": %.0f wrote 0 for one deal in 7.4 s), or "-" for no time.
func dealRate(deals int, d time.Duration) string {
	if deals == 0 || d <= 0 {
		return "- deals/s"
	}
	r := float64(deals) / d.Seconds()
	if r >= 100 {
		return fmt.Sprintf("%.0f deals/s", r)
	}
	return strconv.FormatFloat(r, 'g', 3, 64) + " deals/s"
}
