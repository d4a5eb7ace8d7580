package analysis

import (
	"context"
	"fmt"

	"github.com/solitario/solitario/games"
)

// Job is one analyze run: the deals of Header.Seeds in Header.Shard, solved
// by Solve, recorded to JSONL (when set) and summarized.
type Job struct {
	// Header describes the run (NewHeader); it is the JSONL's first line.
	Header Header
	// JSONL is the record file; "" keeps the records in memory only.
	JSONL string
	// Resume continues JSONL (see Resume) instead of creating it.
	Resume bool
	// Lookup is the games table Resume checks the file's header against
	// (needed with Resume).
	Lookup func(string) (games.Entry, error)
	Solve  SolveFunc
	// OnStart, when set, is called once before solving with the number of
	// deals left to solve and the number already recorded in the file.
	OnStart func(remaining uint64, resumed int)
	// OnRecord, when set, is called after each new record is written, one
	// call at a time.
	OnRecord func(Record)
}

// Report is what a run found: the summary covers the records resumed from
// the file and the new ones. The records themselves are the JSONL file's
// (or Job.OnRecord's): a run keeps only what the summary needs (Tally).
type Report struct {
	Header  Header
	Summary Summary
	Outcome Outcome
	Resumed int // records that were already in the file
}

// Analyze runs a Job. On cancellation of ctx it returns the report so far
// (Outcome.Interrupted) and no error, leaving a valid JSONL that Resume
// continues. The error is for a file that cannot be created, read or
// resumed (an *fs.PathError when the system refused it), and for Solve's
// errors.
func Analyze(ctx context.Context, job Job) (*Report, error) {
	h := job.Header
	var w *Writer
	var old []Record
	var err error
	switch {
	case job.JSONL == "" && job.Resume:
		return nil, fmt.Errorf("--resume needs the --jsonl file of the run to continue")
	case job.JSONL == "":
	case job.Resume:
		w, old, err = Resume(job.JSONL, h, job.Lookup)
	default:
		h.Kind = KindRun
		w, err = Create(job.JSONL, h)
	}
	if err != nil {
		return nil, err
	}
	defer func() {
		if w != nil {
			w.Close()
		}
	}()
	remaining := CountSeeds(h.Seeds, h.Shard) - min(uint64(len(old)), CountSeeds(h.Seeds, h.Shard))
	// The summary's room is made once (up to maxRecordsAhead).
	var tally Tally
	tally.Grow(len(old) + int(min(remaining, maxRecordsAhead)))
	for _, r := range old {
		tally.Add(r)
	}
	rep := &Report{Header: h, Resumed: len(old)}
	rep.Header.Kind = KindRun
	if job.OnStart != nil {
		job.OnStart(remaining, len(old))
	}
	rep.Outcome, err = Run(ctx, Config{
		Workers: h.Workers,
		Seeds:   Remaining(h.Seeds, h.Shard, old),
		Solve:   job.Solve,
		Emit: func(r Record) error {
			if w != nil {
				if err := w.Write(r); err != nil {
					return err // an *fs.PathError naming the file
				}
			}
			tally.Add(r)
			if job.OnRecord != nil {
				job.OnRecord(r)
			}
			return nil
		},
	})
	rep.Summary = tally.Summary()
	if err != nil {
		return rep, err
	}
	if w != nil {
		if err := w.Close(); err != nil {
			return rep, err
		}
		w = nil
	}
	return rep, nil
}

// maxRecordsAhead bounds the deals Analyze makes the summary room for before
// the run: 2^20 deals, 16 MiB; past it, append grows the figures. The room is
// written when made (2^24 deals took 270 MB and a second and a half before a
// huge range's first deal).
const maxRecordsAhead = 1 << 20
