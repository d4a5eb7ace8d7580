package analysis

import (
	"context"
	"math"
	"time"

	"github.com/solitario/solitario/solver"
)

// CandidateFunc solves one seed for Generate on worker (see SolveFunc): a
// winnable candidate carries its verified solution.
type CandidateFunc func(ctx context.Context, worker int, seed uint64) (Candidate, error)

// GenConfig is one run of Generate.
type GenConfig struct {
	Workers  int    // deals solved at once; below 1 means 1
	From     uint64 // first seed to try
	Count    int    // solutions wanted
	MinMoves int    // keep only lines of at least this many moves
	// GiveUp stops the run after this many seeds in a row settled without
	// a solution kept (a --min-moves few deals reach, or none); 0: never.
	GiveUp uint64
	Solve  CandidateFunc
	// Emit receives the kept solutions in increasing seed order, from one
	// goroutine. An error stops the run.
	Emit func(*Generated) error
	// Progress, when set, is called from the emitting goroutine after each
	// seed is settled in order, with the seeds settled and solutions kept.
	Progress func(scanned uint64, found int)
}

// GenOutcome is how Generate ended.
type GenOutcome struct {
	Found       int    // solutions emitted
	Scanned     uint64 // seeds settled, in order from From
	Unknown     int    // seeds skipped because a limit stopped their search
	Next        uint64 // first seed not settled: pass it as From to go on
	Interrupted bool   // ctx was cancelled before Count solutions were found
	GaveUp      bool   // GiveUp seeds in a row, up to Next, had no solution to keep
	Elapsed     time.Duration
}

// genWindowPerWorker bounds how far past the first unsettled seed the
// workers may run, so that one slow deal does not pile up results.
const genWindowPerWorker = 64

// Generate tries seeds From, From+1, ... on c.Workers goroutines and emits, in
// seed order, the solutions of the winnable deals whose line has at least
// MinMoves moves, until Count are emitted, the seeds run out at 2^64-1, or
// GiveUp seeds in a row have none to keep. The output depends only on the
// seeds' verdicts and lines, not on the worker count or timing. Deals a limit
// leaves unknown are skipped (they are not known to be winnable). When ctx is
// cancelled it returns what was emitted, with Interrupted set and Next the
// seed to start from to continue.
func Generate(ctx context.Context, c GenConfig) (GenOutcome, error) {
	began := time.Now()
	workers := max(c.Workers, 1)
	out := GenOutcome{Next: c.From}
	if c.Count <= 0 {
		return out, nil
	}
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	type result struct {
		seed uint64
		cand Candidate
		err  error
	}
	window := workers * genWindowPerWorker
	tokens := make(chan struct{}, window)
	for range window {
		tokens <- struct{}{}
	}
	seeds := make(chan uint64)
	go func() {
		defer close(seeds)
		for seed := c.From; ; seed++ {
			select {
			case <-tokens:
			case <-ctx.Done():
				return
			}
			select {
			case seeds <- seed:
			case <-ctx.Done():
				return
			}
			if seed == math.MaxUint64 {
				return
			}
		}
	}()
	results := solveAll(workers, seeds, func(w int, s uint64) result {
		cand, err := c.Solve(ctx, w, s)
		return result{s, cand, err}
	})

	pending := map[uint64]result{}
	misses := uint64(0) // seeds settled since the last solution kept
	var firstErr error
	stopped, done := false, false
	for r := range results {
		if firstErr != nil || stopped || done {
			continue
		}
		pending[r.seed] = r
		for !stopped && !done && firstErr == nil {
			if parent.Err() != nil {
				// The caller stopped us: emit nothing more, even what is
				// solved already (Next says where to continue).
				stopped = true
				break
			}
			p, ok := pending[out.Next]
			if !ok {
				break
			}
			delete(pending, out.Next)
			misses++
			switch {
			case p.err != nil:
				firstErr = p.err
				cancel()
				continue
			case p.cand.Record.Result == Unknown && p.cand.Record.Reason == solver.ReasonStopped:
				// Cancelled midway: later seeds cannot be emitted in order.
				stopped = true
				continue
			case p.cand.Record.Result == Unknown:
				out.Unknown++
			case p.cand.Solution != nil && len(p.cand.Solution.Moves) >= c.MinMoves:
				p.cand.Solution.MinMoves = c.MinMoves // the line says what it was kept under
				if err := c.Emit(p.cand.Solution); err != nil {
					firstErr = err
					cancel()
					continue
				}
				out.Found++
				misses = 0
			}
			out.Scanned++
			out.Next++
			tokens <- struct{}{}
			if c.Progress != nil {
				c.Progress(out.Scanned, out.Found)
			}
			out.GaveUp = c.GiveUp > 0 && misses >= c.GiveUp
			if out.Found == c.Count || out.Next == 0 || out.GaveUp { // Next 0: wrapped past 2^64-1
				done = true
				cancel()
			}
		}
	}
	out.Elapsed = time.Since(began)
	out.Interrupted = firstErr == nil && !done
	return out, firstErr
}
