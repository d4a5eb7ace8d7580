package analysis

import (
	"context"
	"iter"
	"sync"
	"time"

	"github.com/solitario/solitario/solver"
)

// SolveFunc solves the deal of seed on worker (0..Workers-1) and returns its
// record. A worker solves one deal at a time, so state indexed by worker (its
// transposition table) needs no lock. A search stopped because ctx was
// cancelled must come back as Unknown with reason solver.ReasonStopped: such
// a record is dropped, so that a resumed run solves the deal again. An error
// stops the whole run.
type SolveFunc func(ctx context.Context, worker int, seed uint64) (Record, error)

// Config is one run of the worker pool.
type Config struct {
	// Workers is the number of deals solved at once; below 1 means 1.
	Workers int
	// Seeds are the deals to solve, each once (resume filters out the ones
	// already recorded).
	Seeds iter.Seq[uint64]
	// Solve solves one deal.
	Solve SolveFunc
	// Emit receives every finished record, in completion order, from a
	// single goroutine (so it may write a file and draw progress without a
	// lock). An error stops the run.
	Emit func(Record) error
}

// Outcome is how a run ended.
type Outcome struct {
	Done        int           // records emitted
	Complete    bool          // every seed was solved and emitted
	Interrupted bool          // ctx was cancelled before every seed was done
	Elapsed     time.Duration // wall time of the run
}

// Run solves the seeds on c.Workers goroutines and emits the records as they
// finish. When ctx is cancelled it stops handing out seeds, lets the workers'
// searches stop, drops the records of deals stopped midway, and returns with
// Interrupted set and no error: the records emitted so far are all valid. The
// first error from Solve or Emit cancels the rest and is returned.
func Run(ctx context.Context, c Config) (Outcome, error) {
	began := time.Now()
	workers := max(c.Workers, 1)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	type result struct {
		rec Record
		err error
	}
	seeds := make(chan uint64)
	exhausted := false // written by the feeder before it closes seeds
	go func() {
		defer close(seeds)
		for s := range c.Seeds {
			// A select with both cases ready picks one at random: without
			// this check a cancelled run could still hand out seeds.
			if ctx.Err() != nil {
				return
			}
			select {
			case seeds <- s:
			case <-ctx.Done():
				return
			}
		}
		exhausted = true
	}()
	results := solveAll(workers, seeds, func(w int, s uint64) result {
		rec, err := c.Solve(ctx, w, s)
		return result{rec, err}
	})

	var out Outcome
	var firstErr error
	dropped := 0
	for r := range results {
		switch {
		case firstErr != nil:
		case r.err != nil:
			firstErr = r.err
			cancel()
		case r.rec.Result == Unknown && r.rec.Reason == solver.ReasonStopped:
			dropped++
		default:
			if err := c.Emit(r.rec); err != nil {
				firstErr = err
				cancel()
				continue
			}
			out.Done++
		}
	}
	// results is closed only after the feeder closed seeds, so exhausted is
	// safe to read here.
	out.Elapsed = time.Since(began)
	out.Complete = firstErr == nil && exhausted && dropped == 0
	out.Interrupted = firstErr == nil && !out.Complete
	return out, firstErr
}

// solveAll runs workers goroutines; worker w calls solve(w, s) for each seed
// s it takes from seeds and sends what it returns on the channel solveAll
// returns, which is closed once seeds is closed and every worker is done.
func solveAll[R any](workers int, seeds <-chan uint64, solve func(w int, s uint64) R) <-chan R {
	results := make(chan R, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for s := range seeds {
				results <- solve(w, s)
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	return results
}
