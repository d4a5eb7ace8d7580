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
	// Emit receives every finished record, in completion order, one call
	// at a time (so it may write a file and draw progress without a lock
	// of its own). An error stops the run.
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
//
// A worker takes its next seed from the iterator and emits its record
// itself, each under a lock: a clock deal costs a few microseconds, and
// handing every seed and record to another goroutine through a channel
// cost a sixth of that.
func Run(ctx context.Context, c Config) (Outcome, error) {
	began := time.Now()
	workers := max(c.Workers, 1)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	next, stop := iter.Pull(c.Seeds)
	defer stop()
	var (
		seedMu    sync.Mutex // next, exhausted
		exhausted bool       // every seed was handed out
		emitMu    sync.Mutex // c.Emit, out, firstErr, dropped
		out       Outcome
		firstErr  error
		dropped   int
	)
	// take is the next seed to solve; false once the seeds are all handed
	// out or the run is cancelled (checked first: a cancelled run hands
	// out no seed).
	take := func() (uint64, bool) {
		seedMu.Lock()
		defer seedMu.Unlock()
		if exhausted || ctx.Err() != nil {
			return 0, false
		}
		s, ok := next()
		exhausted = !ok
		return s, ok
	}
	emit := func(rec Record, err error) {
		emitMu.Lock()
		defer emitMu.Unlock()
		switch {
		case firstErr != nil:
		case err != nil:
			firstErr = err
			cancel()
		case rec.Result == Unknown && rec.Reason == solver.ReasonStopped:
			dropped++
		default:
			if err := c.Emit(rec); err != nil {
				firstErr = err
				cancel()
				return
			}
			out.Done++
		}
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for {
				s, ok := take()
				if !ok {
					return
				}
				emit(c.Solve(ctx, w, s))
			}
		})
	}
	wg.Wait()
	if !exhausted {
		_, more := next() // cancelled: were the seeds all handed out?
		exhausted = !more
	}
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
