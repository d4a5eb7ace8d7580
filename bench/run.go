package bench

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"time"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solver"
)

// Deal is one deal of a run; every strategy plays the same deals.
type Deal struct {
	Name   string         // how reports name it: "seed 17", or the deal file's path
	Seed   *uint64        // the seed it was dealt from; nil for a deal file
	File   string         // the deal file; "" for a seed
	Cards  []deck.Card    // in dealing order (RULES.md)
	Rules  games.Rules    // the rules it is played under
	Expect solver.Verdict // a corpus file's expected verdict; solver.Unknown when none
}

// Config is one run: a game, the strategies to compare, the deals and the
// limits of each search.
type Config struct {
	// Game supplies Solve and Verify. Tests pass a fake row here (the seam).
	Game games.Entry
	// Source names where the deals came from, for the record:
	// "seeds 1..500" or "corpus corpus/reloj".
	Source string
	// Rules are the rules the run was asked for (each Deal carries the rules
	// it is actually played under; corpus files may set their own).
	Rules games.Rules
	// Command is the command line of the run, program first, for the record.
	Command []string
	// Strategies are run in this order on every deal.
	Strategies []solver.Strategy
	// Deals are run in this order, one at a time.
	Deals []Deal
	// TTMem is the byte budget of the fresh transposition table built for each
	// (deal, strategy) search. Unit: bytes. Size it as for solve --tt-mem.
	TTMem int64
	// MaxNodes and Timeout bound each search; 0 means no limit. A search
	// stopped by one is counted undecided, never as a verdict.
	MaxNodes int64
	Timeout  time.Duration
	// NewTable builds a table; nil means solver.NewTable.
	NewTable func(kind string, mem int64) (solver.Table, error)
	// Progress, when set, is called after each deal with the deals done so far.
	Progress func(done, total int)
}

// Result is the outcome of one strategy on one deal.
type Result struct {
	Strategy  string
	Verdict   solver.Verdict
	Reason    string        // for Unknown: the limit that stopped it
	Nodes     int64         // positions generated (solver.Stats.Nodes)
	CacheHits int64         // children skipped by the table
	Probes    int64         // table lookups: children neither won nor on the path
	Elapsed   time.Duration // wall time of building the table and the game's Solve call
	CPU       time.Duration // process CPU time (all threads) over the same span; 0 if unknown
	PeakHeap  uint64        // bytes above the base, see heapMetric
	Moves     int           // for Winnable: the line's length as written
	VerifyErr error         // for Winnable: the referee's objection to the line, if any
}

// DealResult is one deal with every strategy's run, in Config.Strategies order.
type DealResult struct {
	Deal    Deal
	Runs    []Result
	Verdict solver.Verdict // what the strategies that decided it agree on; Unknown if none did or they disagree
}

// Disagreement is a deal whose answers cannot all be right: strategies that
// decided it gave different verdicts, a verdict contradicts the corpus
// file's expectation, or a winning line failed the referee.
type Disagreement struct {
	Deal   string  `json:"deal"`
	Seed   *uint64 `json:"seed,omitempty"`
	File   string  `json:"file,omitempty"`
	Detail string  `json:"detail"`
}

// Report is a whole run: its record, the per-deal results, the per-strategy
// summary rows and the disagreements found.
type Report struct {
	Record        Record
	Deals         []DealResult
	Rows          []Row
	Disagreements []Disagreement
	// Interrupted is set when the context was cancelled: Deals holds the
	// deals finished before.
	Interrupted bool
}

// heapMetric is the measure of "peak heap": bytes in heap objects, live or
// not yet swept, as the runtime counts them (runtime/metrics). The runner
// collects garbage before each search and reads the metric then (the base:
// the runner's own results, the deals); a search's peak heap is its largest
// reading minus the base: its table, stack, the game's buffers and garbage.
const heapMetric = "/memory/classes/heap/objects:bytes"

// heapEvery is how often, in nodes, the heap is sampled during a search.
const heapEvery = 1 << 16

// heapSampler keeps the largest heap figure seen since its base was taken;
// sample allocates nothing.
type heapSampler struct {
	s    []metrics.Sample
	base uint64
	max  uint64
}

func newHeapSampler() *heapSampler {
	return &heapSampler{s: []metrics.Sample{{Name: heapMetric}}}
}

func (h *heapSampler) read() uint64 {
	metrics.Read(h.s)
	if h.s[0].Value.Kind() == metrics.KindUint64 {
		return h.s[0].Value.Uint64()
	}
	return 0
}

// reset takes the base: call it right after collecting garbage.
func (h *heapSampler) reset() { h.base = h.read(); h.max = h.base }

func (h *heapSampler) sample() { h.max = max(h.max, h.read()) }

// peak is the largest reading above the base, in bytes.
func (h *heapSampler) peak() uint64 { return h.max - h.base }

// Run plays every strategy on every deal, deal by deal and one search at a
// time so that timings are comparable, each search with a fresh table of
// TTMem bytes. Winning lines are replayed through Entry.Verify. The error is
// for a run that cannot be made (no game, strategy or deal; a table or a
// deal's rules the game rejects); disagreements are in the report. A
// cancelled ctx ends the run early with Report.Interrupted set.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if len(cfg.Strategies) == 0 {
		return nil, errors.New("no strategies to run")
	}
	if len(cfg.Deals) == 0 {
		return nil, errors.New("no deals to run")
	}
	newTable := cfg.NewTable
	if newTable == nil {
		newTable = solver.NewTable
	}
	rep := &Report{Record: newRecord(cfg)}
	began := time.Now()
	heap := newHeapSampler()
	for i, d := range cfg.Deals {
		n := len(cfg.Strategies)
		dr := DealResult{Deal: d, Runs: make([]Result, n)}
		for k := range n {
			// Deal i starts with strategy i mod n: no strategy always runs
			// first, or right after the same other one (warm caches,
			// the allocator's state), so order effects average out.
			j := (i + k) % n
			st := cfg.Strategies[j]
			if ctx.Err() != nil {
				break
			}
			run, err := runOne(ctx, cfg, newTable, heap, d, st)
			if err != nil {
				return nil, fmt.Errorf("%s, strategy %s: %w", d.Name, st.Name, err)
			}
			dr.Runs[j] = run
		}
		if ctx.Err() != nil {
			rep.Interrupted = true
			break
		}
		dr.Verdict, rep.Disagreements = judge(dr, rep.Disagreements)
		rep.Deals = append(rep.Deals, dr)
		if cfg.Progress != nil {
			cfg.Progress(i+1, len(cfg.Deals))
		}
	}
	rep.Record.Elapsed = time.Since(began)
	rep.Record.ElapsedMS = rep.Record.Elapsed.Milliseconds()
	rep.Record.DealsRun = len(rep.Deals)
	rep.Rows = summarize(cfg.Strategies, rep.Deals)
	return rep, nil
}

// runOne is one search: collect garbage, build the table, solve, verify.
func runOne(ctx context.Context, cfg Config, newTable func(string, int64) (solver.Table, error),
	heap *heapSampler, d Deal, st solver.Strategy) (Result, error) {
	// Two collections (FreeOSMemory collects too): objects kept only by a
	// sync.Pool survive the first in the pool's victim cache (ristretto's
	// read buffers sit in a pool and reach the whole cache), so one GC
	// would leave the previous search's ristretto cache in this search's
	// peak heap. FreeOSMemory then returns the free heap to the system, so
	// every search starts alike, as a fresh solve does: it faults in the
	// pages it touches, and no search runs while the runtime scavenges the
	// previous one's memory (measured: a flat search right after a
	// ristretto one was 20-40% slower without it).
	runtime.GC()
	debug.FreeOSMemory()
	heap.reset()
	// The clock covers building the table and the search: the cost of
	// deciding one deal from scratch. (Ristretto does its allocation and
	// page faults when built, the flat table as the search touches it, so
	// timing the search alone would favour ristretto.)
	cpu0, cpuOK := processCPU()
	start := time.Now()
	table, err := newTable(st.Table, cfg.TTMem)
	if err != nil {
		return Result{}, err
	}
	defer solver.CloseTable(table)
	heap.sample()
	gc := games.Config{
		Rules:    d.Rules,
		Strategy: st,
		Search: solver.Options{
			MaxNodes:      cfg.MaxNodes,
			Timeout:       cfg.Timeout,
			Table:         table,
			Progress:      func(solver.Stats) { heap.sample() },
			ProgressEvery: heapEvery,
		},
	}
	out, err := cfg.Game.Solve(ctx, d.Cards, gc)
	elapsed := time.Since(start)
	cpu1, _ := processCPU()
	heap.sample()
	if err != nil {
		return Result{}, err
	}
	r := Result{
		Strategy:  st.Name,
		Verdict:   out.Verdict,
		Reason:    out.Reason,
		Nodes:     out.Stats.Nodes,
		CacheHits: out.Stats.CacheHits,
		Elapsed:   elapsed,
		PeakHeap:  heap.peak(),
		Moves:     len(out.Moves),
	}
	if cpuOK {
		r.CPU = cpu1 - cpu0
	}
	if table != nil {
		// Every child is probed unless it won or was on the path; the root
		// and a winning child are not probed.
		r.Probes = max(0, out.Stats.Nodes-1-out.Stats.PathHits)
		if out.Verdict == solver.Winnable {
			r.Probes = max(0, r.Probes-1)
		}
	}
	if out.Verdict == solver.Winnable {
		r.VerifyErr = cfg.Game.Verify(d.Cards, d.Rules.JSON(), out.Moves)
	}
	return r, nil
}

// judge finds the deal's agreed verdict and appends its disagreements.
func judge(dr DealResult, dis []Disagreement) (solver.Verdict, []Disagreement) {
	d := dr.Deal
	add := func(detail string) {
		dis = append(dis, Disagreement{Deal: d.Name, Seed: d.Seed, File: d.File, Detail: detail})
	}
	var won, lost []string
	for _, r := range dr.Runs {
		switch r.Verdict {
		case solver.Winnable:
			won = append(won, r.Strategy)
		case solver.Unwinnable:
			lost = append(lost, r.Strategy)
		}
		if r.VerifyErr != nil {
			add(fmt.Sprintf("%s: winning line rejected by the referee: %v", r.Strategy, r.VerifyErr))
		}
	}
	verdict := solver.Unknown
	switch {
	case len(won) > 0 && len(lost) > 0:
		add(fmt.Sprintf("verdicts differ: winnable by %s; unwinnable by %s", join(won), join(lost)))
	case len(won) > 0:
		verdict = solver.Winnable
	case len(lost) > 0:
		verdict = solver.Unwinnable
	}
	if d.Expect != solver.Unknown {
		var other []string
		for _, r := range dr.Runs {
			if r.Verdict != solver.Unknown && r.Verdict != d.Expect {
				other = append(other, r.Strategy)
			}
		}
		if len(other) > 0 {
			// Only the other verdict differs from the file's: the deal is
			// disputed, whatever the strategies agree on.
			said := solver.Winnable
			if d.Expect == solver.Winnable {
				said = solver.Unwinnable
			}
			add(fmt.Sprintf("expected %s (deal file), %s by %s", d.Expect, said, join(other)))
			verdict = solver.Unknown
		}
	}
	return verdict, dis
}

// DisputedDeals is the number of deals with a disagreement (a deal may have
// several: two strategies, the referee, the deal file).
func (rep *Report) DisputedDeals() int {
	seen := map[string]bool{}
	for _, d := range rep.Disagreements {
		seen[d.Deal] = true
	}
	return len(seen)
}

func join(names []string) string {
	s := ""
	for i, n := range names {
		if i > 0 {
			s += ", "
		}
		s += n
	}
	return s
}
