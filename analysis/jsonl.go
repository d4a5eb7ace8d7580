package analysis

import (
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"os"

	"github.com/solitario/solitario/games"
)

// Writer appends records to a JSONL file, each line with one write call, so
// that a crash can tear at most the last line and a clean stop tears none.
type Writer struct {
	f *os.File
}

// Write appends one record line.
func (w *Writer) Write(r Record) error {
	_, err := w.f.Write(marshalLine(r))
	return err
}

// Close closes the file.
func (w *Writer) Close() error { return w.f.Close() }

// createLocked creates the file name for a run and takes its lock
// (openLocked); a file that holds something, before the lock or once it is
// taken (another run wrote it in between), is left alone with exists's error.
func createLocked(name string, exists func(string) error) (*os.File, error) {
	if st, err := os.Stat(name); err == nil && st.Size() > 0 {
		return nil, exists(name)
	}
	f, err := openLocked(name)
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err != nil || st.Size() > 0 {
		f.Close()
		if err == nil {
			err = exists(name)
		}
		return nil, err
	}
	return f, nil
}

// Create starts a new JSONL file with header h as its first line. An
// existing non-empty file is not overwritten: the error says to resume it or
// remove it.
func Create(name string, h Header) (*Writer, error) {
	f, err := createLocked(name, existsError)
	if err != nil {
		return nil, err
	}
	if _, err := f.Write(marshalLine(h)); err != nil {
		f.Close()
		return nil, err
	}
	return &Writer{f: f}, nil
}

func existsError(name string) error {
	return fmt.Errorf("--jsonl %s: the file exists: add --resume to continue that run, or remove the file", name)
}

// openLocked opens name for appending, creating it if missing, and takes its
// lock (lockFile): one run writes a file at a time, since two would append
// the same seeds and leave a file that Resume and Merge refuse. The lock is
// held until the file is closed, by the process's exit if nothing else.
func openLocked(name string) (*os.File, error) {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := lockFile(f); err != nil {
		f.Close()
		if errors.Is(err, errLocked) {
			return nil, fmt.Errorf("%s is in use by another run (the run writing it holds its lock): let it finish or stop it, then resume", name)
		}
		return nil, fmt.Errorf("%s: lock: %v", name, err)
	}
	return f, nil
}

// Resume opens the JSONL file of an earlier run to continue it under h.
//
// A missing or empty file starts afresh (so a job that is retried may always
// pass --resume). Otherwise the file's header must name a run of the games
// table lookup, as Merge checks it (checkRun: a clock's play "none" without
// its one pass would match h's rules), and match h (SameRun: game,
// rules, strategy, limits, seeds and shard), every record must be a seed of
// that range and shard, recorded once. An unfinished last line (a write cut
// by a crash) is cut off, and so are blank lines after the last one; a line
// that lacks only its newline gets one. A
// "resume" line recording h's commit, machine and workers is appended, unless
// every deal is recorded already (then the file is left as it is). The
// records already there are returned in file order. The file is read after
// its lock is taken, so a run still writing it is refused, not raced.
func Resume(name string, h Header, lookup func(string) (games.Entry, error)) (*Writer, []Record, error) {
	fh, err := openLocked(name)
	if err != nil {
		return nil, nil, err
	}
	w, recs, err := resume(fh, name, h, lookup)
	if err != nil {
		fh.Close()
		return nil, nil, err
	}
	return w, recs, nil
}

func resume(fh *os.File, name string, h Header, lookup func(string) (games.Entry, error)) (*Writer, []Record, error) {
	f, err := ReadFile(name)
	if err != nil {
		return nil, nil, err
	}
	if f.Header.Kind == "" {
		// Empty, or only a run header cut short: start afresh. An empty
		// file is not truncated: /dev/null, which a non-resume run writes
		// to, cannot be (EINVAL).
		if st, err := fh.Stat(); err != nil {
			return nil, nil, err
		} else if st.Size() > 0 {
			if err := fh.Truncate(0); err != nil {
				return nil, nil, err
			}
		}
		h.Kind = KindRun
		if _, err := fh.Write(marshalLine(h)); err != nil {
			return nil, nil, err
		}
		return &Writer{f: fh}, nil, nil
	}
	if err := checkRun(name, f.Header, lookup); err != nil {
		return nil, nil, err
	}
	// SameRun(a, b) describes b against a: here the file against the command.
	if err := SameRun(h, f.Header); err != nil {
		return nil, nil, fmt.Errorf("%s: cannot resume: the file holds a different run: %v as this command asks", name, err)
	}
	if f.Torn > 0 {
		if err := fh.Truncate(f.Valid); err != nil {
			return nil, nil, err
		}
	}
	if uint64(len(f.Records)) == CountSeeds(h.Seeds, h.Shard) {
		// Nothing left to solve: no resume line, the file stays as it was.
		return &Writer{f: fh}, f.Records, nil
	}
	if f.Blank > 0 { // the next line goes after the last, not after blank ones
		if err := fh.Truncate(f.Valid); err != nil {
			return nil, nil, err
		}
	}
	h.Kind = KindResume
	line := marshalLine(h)
	if f.NoNewline {
		line = append([]byte{'\n'}, line...)
	}
	if _, err := fh.Write(line); err != nil {
		return nil, nil, err
	}
	return &Writer{f: fh}, f.Records, nil
}

// pathError words an error of the file name as "name: why": Go's own names
// the system call ("open name: no such file or directory") and, reading a
// directory, the path twice. Other errors name the file already.
func pathError(name string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %v", name, pe.Err)
	}
	return err
}

// Remaining is the seeds of r in shard s not among done, in order.
func Remaining(r Range, s Shard, done []Record) iter.Seq[uint64] {
	skip := make(map[uint64]struct{}, len(done))
	for _, d := range done {
		skip[d.Seed] = struct{}{}
	}
	return func(yield func(uint64) bool) {
		for seed := range Seeds(r, s) {
			if _, ok := skip[seed]; ok {
				continue
			}
			if !yield(seed) {
				return
			}
		}
	}
}
