package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// input is a file a command reads: its flag ("--deal"; "" for an argument)
// and its name ("-" for standard input, after a flag).
type input struct{ flag, name string }

// checkNotInput refuses out, the output file of flag, when it is one of the
// command's inputs: writing it would destroy what the command read.
// os.SameFile sees one file through links and other spellings of its path;
// standard input is compared when it is a file or a pipe. A pipe the
// command reads (a FIFO given as both, /dev/fd/0 for standard input) is
// refused too: the command would open it for writing first, as any FIFO
// output, and wait for ever, for a reader that only it could be or for the
// end of an input whose write end it holds. A missing output, and a device
// (/dev/null), is no input destroyed.
func checkNotInput(sio *IO, flag, out string, ins ...input) error {
	if out == "" {
		return nil
	}
	ost, err := os.Stat(out)
	pipe := err == nil && ost.Mode()&os.ModeNamedPipe != 0
	if err != nil || !ost.Mode().IsRegular() && !pipe {
		return nil // writeFileAtomic says what is wrong with it
	}
	for _, in := range ins {
		var st os.FileInfo
		switch {
		case in.name == "":
			continue
		case in.name == "-" && in.flag != "":
			f, ok := sio.In.(*os.File)
			if !ok {
				continue
			}
			st, err = f.Stat()
		default:
			st, err = os.Stat(in.name)
		}
		if err != nil || !os.SameFile(ost, st) {
			continue
		}
		what := "the input file " + in.name
		switch {
		case in.name == "-" && in.flag != "":
			what = "standard input (" + in.flag + " -)"
		case in.flag != "":
			what = "the " + in.flag + " file " + in.name
		}
		if pipe {
			return withCode(ExitError, fmt.Errorf("%s %s: is %s, a pipe the command reads: give another file name", flag, out, what))
		}
		return withCode(ExitError, fmt.Errorf("%s %s: is %s: writing it would destroy it; give another file name", flag, out, what))
	}
	return nil
}

// checkNotStdout refuses out, the output file of flag, when it is the file
// or pipe standard output goes to (/dev/stdout, or the file the shell
// redirected it to), while the command prints there too (what): the file
// written apart from standard output would be overwritten by it, or replace
// it (a page renamed over a redirected file, the text printed lost), or the
// two would mix in the pipe.
func checkNotStdout(sio *IO, flag, out, what string) error {
	if out == "" {
		return nil
	}
	w := sio.Out
	if s, ok := w.(*stickyWriter); ok {
		w = s.w
	}
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	ost, err := os.Stat(out)
	if err != nil {
		return nil
	}
	st, err := f.Stat()
	if err != nil || !os.SameFile(ost, st) || !(st.Mode().IsRegular() || st.Mode()&os.ModeNamedPipe != 0) {
		return nil // a device (/dev/null, a terminal) keeps nothing to spoil
	}
	return withCode(ExitError, fmt.Errorf("%s %s: is standard output, where %s: give another file name", flag, out, what))
}

// claimOutput readies out, the page file of flag, before a command's work:
// it refuses a file that holds something unless force (checkOverwrite), and
// one whose directory is missing (exit 5, as the write would fail:
// outputError), then waits for a FIFO's reader (waitForReader; call
// release when done).
func claimOutput(sio *IO, flag, out string, force bool) (release func(), err error) {
	if err := checkOverwrite(flag, out, force); err != nil {
		return nil, err
	}
	if out != "" {
		target, err := linkTarget(out)
		if err != nil {
			target = out
		}
		if st, err := os.Stat(filepath.Dir(target)); err != nil || !st.IsDir() {
			if err == nil {
				err = syscall.ENOTDIR
			}
			return nil, withCode(ExitOutput, outputError(flag, out, err))
		}
	}
	return waitForReader(sio, flag, out)
}

// waitForReader waits, when out (the output file of flag) is a FIFO, until
// something opens it for reading, and holds it open for writing until
// release: the command's own open of it (writeFileAtomic, gen's and
// analyze's files) then does not block. Opening a FIFO that nothing reads
// blocks where the context is not looked at, so Ctrl-C (or SIGTERM) while
// it waits ends the command at once, exit 130, as readInput does for an
// input; the open goes on in its goroutine, which the process leaves as
// it exits. Commands call it before their work, so that they do nothing
// before the output can be written. Anything else is left to the
// command's own open.
func waitForReader(sio *IO, flag, out string) (release func(), err error) {
	if st, err := os.Stat(out); out == "" || err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		return func() {}, nil
	}
	type result struct {
		f   *os.File
		err error
	}
	opened := make(chan result) // unbuffered: a file no one takes is closed
	gone := make(chan struct{})
	go func() {
		f, err := os.OpenFile(out, os.O_WRONLY, 0)
		select {
		case opened <- result{f, err}:
		case <-gone: // the command gave up waiting
			if f != nil {
				f.Close()
			}
		}
	}()
	select {
	case r := <-opened:
		if r.err != nil {
			return func() {}, nil // the command's own open says what is wrong
		}
		return func() { r.f.Close() }, nil
	case <-sio.Done:
		close(gone)
		return nil, withCode(ExitInterrupted, fmt.Errorf("%s %s: interrupted while waiting for a reader of the FIFO; nothing was written to it", flag, out))
	}
}
