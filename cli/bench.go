package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/solitario/solitario/analysis"
	"github.com/solitario/solitario/bench"
	"github.com/solitario/solitario/corpus"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/words"
	"github.com/solitario/solitario/solver"
)

// maxBenchDeals bounds --seeds: every deal is searched once per strategy, one
// at a time, so a longer range is a mistake rather than a benchmark.
const maxBenchDeals = 1_000_000

// benchOptions are bench's flags.
type benchOptions struct {
	game       string
	seeds      string
	corpusDir  string
	strategies string
	rules      ruleFlags
	maxNodes   int64
	timeout    time.Duration
	ttMem      string
	json, csv  bool
	quiet      bool                              // --quiet: no progress on stderr
	wide       bool                              // --wide: every column of the table, and the legend
	lookup     func(string) (games.Entry, error) // the games table; tests pass fakes
}

// newBenchCmd compares strategies. The flags fill a benchOptions, which
// runF (nil: runBench) gets: tests pass their own.
func newBenchCmd(io *IO, runF func(context.Context, *benchOptions) error) *cobra.Command {
	o := benchOptions{lookup: games.Lookup}
	c := &cobra.Command{
		Use:   "bench",
		Short: "Compare search strategies on the same deals",
		Long: `bench runs every strategy given on the same deals of one game, one search at a time
(each from a fresh start with a fresh transposition table of --tt-mem bytes) and prints
one table: per strategy the share of deals decided within the limits, nodes per deal,
time per deal (p50, p95, total), nodes per second, peak heap and the cache hit rate
(--wide adds the table, order and prune of each strategy, the median nodes, the slowest
deal's time, CPU time and the hardest deal). The record of the run (commit, machine,
cores, Go version, limits) comes first.

The deals are seeds (--seeds A..B) under the rule flags, or the deal files of a corpus
directory (--corpus corpus/reloj), each under its own "# rules:" line and checked against
its "# expect:" line (a directory named after another game, like corpus/sietes for
--game reloj, is an input error). Strategies that decide a deal must agree, and every
winning line is replayed by the game's referee: any disagreement is printed with its
seed or file. Ctrl-C stops the run: the table of the deals finished is printed and
stderr says how many. Progress shows on stderr when it is a terminal (not with --quiet):
one line, redrawn after each deal.

The default, --strategies all, searches every deal once per named strategy of 'solitario
strategies' (not the ablations listed after them, which are named one by one), each up to
--max-nodes: on easy deals (reloj, sietes at their defaults, the clocks) that is seconds,
but on a hard variant (reloj --play free --passes 1, Il Ventaglio) it can be hours. Give a
few strategies, fewer seeds or a --timeout there. bench/RESULTS.md holds the current tables
of every game (docs/design.md why the defaults are so).

The columns:
` + indentLegend(bench.Legend) + `

Exit codes:
  0    the table was printed
  1    verdicts disagree: between strategies, with the referee or with a deal file's
       "# expect:" line (the DISAGREEMENT lines)
  2    error: bad input (a flag, game, seed range, corpus or strategy); nothing was searched
  5    the output could not be written (a full disk)
  130  interrupted (the table of the deals finished is printed)
  141  standard output was a pipe whose reader went away (| head -1): no message`,
		Example: `  solitario bench --game reloj --seeds 1..200
  solitario bench --game reloj --play free --passes 1 --seeds 1..50 --strategies dfs-flat,flat-order,default
  solitario bench --game sietes --corpus corpus/sietes --csv > sietes.csv`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.rules.given(c)
			if runF != nil {
				return runF(c.Context(), &o)
			}
			return runBench(c.Context(), io, &o)
		},
	}
	f := c.Flags()
	addGameFlag(c, &o.game, games.Names(), "game: "+strings.Join(games.Names(), ", ")+" (required)")
	f.Var(nonEmptyValue{stringFlag{&o.seeds}, "empty (want A..B, an inclusive seed range, or one seed)"}, "seeds", "deals: an inclusive seed range A..B (or one seed)")
	pathFlag(c, &o.corpusDir, "corpus", "", "deals: every deal file of a corpus directory, e.g. corpus/reloj")
	f.StringVar(&o.strategies, "strategies", "all", "comma-separated strategies to compare, or all (see 'solitario strategies')")
	_ = c.RegisterFlagCompletionFunc("strategies", completeStrategyList)
	o.rules.add(c)
	decimalVar(f, &o.maxNodes, "max-nodes", "", defaultMaxNodes, "stop each search after this many nodes (0 = no limit); the deal counts as undecided")
	f.DurationVar(&o.timeout, "timeout", defaultTimeout, "stop each search after this wall time, e.g. 30s (0 = none)")
	f.StringVar(&o.ttMem, "tt-mem", defaultTTMem, "memory of the fresh transposition table each search gets, e.g. 64MiB ("+ttMemRange+"); while it grows the process holds up to twice the table, and Il Ventaglio up to 350 MiB more (README, \"Memory\")")
	f.BoolVar(&o.json, "json", false, "print the report as JSON (record, strategies, disagreements, every deal)")
	f.BoolVar(&o.csv, "csv", false, "print the strategy table as CSV, one row per strategy")
	f.BoolVarP(&o.quiet, "quiet", "q", false, "no progress on stderr")
	f.BoolVar(&o.wide, "wide", false, "print every column of the table (order, prune, median, max, cpu, hardest), and the legend")
	return c
}

// benchConfig turns the flags into a runner configuration; every error is
// bad input (ExitError).
func benchConfig(io *IO, o *benchOptions) (bench.Config, error) {
	var cfg bench.Config
	g, err := gameFlag(o.lookup, o.game)
	if err != nil {
		return cfg, err
	}
	if o.json && o.csv {
		return cfg, fmt.Errorf("give --json or --csv, not both")
	}
	rules, err := o.rules.rules(g)
	if err != nil {
		return cfg, err
	}
	strategies, err := parseStrategies(o.strategies, g)
	if err != nil {
		return cfg, err
	}
	mem, err := parseTTMem(o.ttMem, physicalMemory())
	if err != nil {
		return cfg, err
	}
	if err := checkLimits(o.maxNodes, o.timeout); err != nil {
		return cfg, err
	}
	cfg = bench.Config{Command: io.Command, Game: g, Rules: rules, Strategies: strategies, TTMem: mem, MaxNodes: o.maxNodes, Timeout: o.timeout}
	switch {
	case o.seeds != "" && o.corpusDir != "":
		return cfg, fmt.Errorf("give --seeds or --corpus, not both")
	case o.seeds != "":
		r, err := analysis.ParseRange(o.seeds)
		if err != nil {
			return cfg, fmt.Errorf("--seeds %q: %v", o.seeds, err)
		}
		if r.To-r.From >= maxBenchDeals {
			return cfg, fmt.Errorf("--seeds %s: %d deals or fewer, please: each is searched once per strategy", r, maxBenchDeals)
		}
		cfg.Source = "seeds " + r.String()
		for seed := r.From; ; seed++ {
			s := seed
			cfg.Deals = append(cfg.Deals, bench.Deal{Name: fmt.Sprintf("seed %d", s), Seed: &s, Cards: g.SeedDeal(s), Rules: rules})
			if seed == r.To {
				break
			}
		}
	case o.corpusDir != "":
		// A corpus directory is named after its game (corpus/<game>/, see
		// corpus/README.md); the files do not name it, and games that share
		// a deck parse each other's deals, so the name is what tells.
		dirGame := ""
		if dg, err := o.lookup(filepath.Base(filepath.Clean(o.corpusDir))); err == nil && dg.Name != g.Name {
			dirGame = dg.Name
		}
		files, err := corpus.LoadDir(o.corpusDir, g)
		var pe *fs.PathError
		if errors.As(err, &pe) && pe.Path == o.corpusDir {
			return cfg, fileError("--corpus", o.corpusDir, err) // the directory itself
		}
		if err != nil && dirGame != "" {
			return cfg, fmt.Errorf("--corpus %s holds %s deals, not %s deals: %v", o.corpusDir, dirGame, g.Name, err)
		}
		if err != nil {
			return cfg, err
		}
		if len(files) == 0 {
			// The project's corpus/ holds one folder per game: given the
			// parent, name the folder of this game when it is there.
			sub := filepath.Join(o.corpusDir, g.Name)
			if st, err := os.Stat(sub); err == nil && st.IsDir() {
				return cfg, fmt.Errorf("--corpus %s: no deal files there (%s files, not read in subfolders); give the folder of %s deals, --corpus %s", o.corpusDir, corpus.Ext, g.Name, sub)
			}
			return cfg, fmt.Errorf("--corpus %s: no deal files there (%s files, not read in subfolders)", o.corpusDir, corpus.Ext)
		}
		if dirGame != "" {
			return cfg, fmt.Errorf("%s: a %s deal (its directory is named after its game), not a %s deal: give --game %s or a %s corpus",
				files[0].Path, dirGame, g.Name, dirGame, g.Name)
		}
		if len(o.rules.set) > 0 {
			return cfg, fmt.Errorf("--%s does not apply to --corpus: each deal file carries its rules", o.rules.set[0])
		}
		cfg.Source = "corpus " + o.corpusDir + " (rules per file)"
		for _, f := range files {
			cfg.Deals = append(cfg.Deals, bench.Deal{Name: f.Path, File: f.Path, Cards: f.Cards, Rules: f.Rules, Expect: f.Expect})
		}
	default:
		return cfg, fmt.Errorf("give the deals: --seeds A..B or --corpus DIR")
	}
	return cfg, nil
}

// benchProgress shows bench's progress on a terminal's stderr: one line,
// redrawn after each deal and erased by clear (also after Ctrl-C, before the
// report). The line says the deals done, the time so far and, once a deal
// is done, the time left at the rate so far: "solitario: bench: 3 of 50
// deals in 12s, about 3m8s left". A nil *benchProgress shows nothing (a
// stderr that is no terminal, --quiet).
type benchProgress struct {
	io    *IO
	now   func() time.Time
	began time.Time
	drawn bool // a terminal line is on screen
}

func newBenchProgress(io *IO, now func() time.Time) *benchProgress {
	return &benchProgress{io: io, now: now, began: now()}
}

func (p *benchProgress) deal(done, total int) {
	if p == nil {
		return
	}
	t := p.now()
	if done == total {
		p.clear() // the report follows at once
		return
	}
	elapsed := t.Sub(p.began)
	line := fmt.Sprintf("solitario: bench: %d of %s in %s", done, words.Count(total, "deal"), elapsed.Round(time.Second))
	if done > 0 {
		left := time.Duration(float64(elapsed) / float64(done) * float64(total-done))
		line += fmt.Sprintf(", about %s left", left.Round(time.Second))
	}
	fmt.Fprint(p.io.Err, "\r\033[K"+line)
	p.drawn = true
}

// clear erases the terminal line, if one is drawn.
func (p *benchProgress) clear() {
	if p != nil && p.drawn {
		fmt.Fprint(p.io.Err, "\r\033[K")
		p.drawn = false
	}
}

// indentLegend is bench.Legend for --help, two spaces in (help wraps each
// entry under its text).
func indentLegend(legend string) string {
	return "  " + strings.ReplaceAll(legend, "\n", "\n  ")
}

// parseStrategies reads "all" (solver.Strategies, without the ablations) or
// a comma-separated list of strategy names for game g;
// a name given twice is an error (its rows would be indistinguishable).
func parseStrategies(list string, g games.Entry) ([]solver.Strategy, error) {
	if strings.TrimSpace(list) == "all" {
		return solver.Strategies(), nil
	}
	var out []solver.Strategy
	seen := map[string]bool{}
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			return nil, fmt.Errorf("--strategies %q: an empty name", list)
		}
		if name == "all" {
			return nil, fmt.Errorf("--strategies %s: all names every strategy, so it stands alone", list)
		}
		st, err := lookupStrategy(name, g)
		if err != nil {
			return nil, fmt.Errorf("--strategies: %v", err)
		}
		if seen[name] {
			return nil, fmt.Errorf("--strategies: %s is given twice", name)
		}
		seen[name] = true
		out = append(out, st)
	}
	return out, nil
}

func runBench(ctx context.Context, io *IO, o *benchOptions) error {
	cfg, err := benchConfig(io, o)
	if err != nil {
		return withCode(ExitError, err)
	}
	progress := newBenchProgress(io, time.Now)
	if o.quiet || !io.ErrIsTTY {
		progress = nil // only a terminal shows it: a redirected stderr gets none
	}
	cfg.Progress = progress.deal
	rep, err := bench.Run(ctx, cfg)
	progress.clear() // after Ctrl-C too: the report starts on a clean line
	if err != nil {
		return withCode(ExitError, err)
	}
	switch {
	case o.json:
		err = bench.WriteJSON(io.Out, rep)
	case o.csv:
		err = bench.WriteCSV(io.Out, rep)
	default:
		// The text report would end with "interrupted after …", which
		// the error below says on stderr: once is enough.
		shown := *rep
		shown.Interrupted = false
		if o.wide {
			err = bench.WriteText(io.Out, &shown)
		} else {
			err = bench.WriteCompact(io.Out, &shown)
		}
	}
	if err != nil {
		return withCode(ExitError, err)
	}
	if n := rep.DisputedDeals(); n > 0 {
		if o.json || o.csv {
			for _, d := range rep.Disagreements {
				fmt.Fprintf(io.Err, "solitario: bench: DISAGREEMENT %s: %s\n", d.Deal, d.Detail)
			}
		}
		return withCode(ExitFailed, fmt.Errorf("bench: verdicts disagree on %s (strategies, the referee or the deal files; see DISAGREEMENT lines)", words.Count(n, "deal")))
	}
	if rep.Interrupted {
		return withCode(ExitInterrupted, fmt.Errorf("bench: interrupted after %d of %s", rep.Record.DealsRun, words.Count(rep.Record.Deals, "deal")))
	}
	return nil
}

// completeStrategyList completes the last name of a --strategies list: the
// names already given come first, and are not offered again.
func completeStrategyList(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	given := toComplete[:strings.LastIndex(toComplete, ",")+1] // "dfs,default," or ""
	seen := map[string]bool{}
	for _, n := range strings.Split(given, ",") {
		seen[n] = true
	}
	var out []cobra.Completion
	if given == "" {
		out = append(out, "all")
	}
	for _, n := range strategyNames() {
		if !seen[n] {
			out = append(out, given+n)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}
