package cli

import (
	"errors"
	"fmt"
	goio "io"
	"io/fs"
	"os"
)

// readInput reads the file of flag ("-": standard input) with read (upTo,
// or solution.ReadText for a solution). Ctrl-C while it waits (standard input or a FIFO that
// nothing writes) ends the command at once, exit 130: main catches the
// signal to cancel the context, which a blocked read never looks at. The
// read goes on in its goroutine, which the process leaves as it exits.
func readInput(sio *IO, flag, file string, read func(goio.Reader) ([]byte, error)) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		r := sio.In
		if file != "-" {
			fh, err := openInput(flag, file)
			if err != nil {
				done <- result{err: err}
				return
			}
			defer fh.Close()
			r = fh
		}
		data, err := read(r)
		if err != nil {
			err = fileError(flag, file, err)
		}
		done <- result{data, err}
	}()
	select {
	case res := <-done:
		return res.data, res.err
	case <-sio.Done:
		return nil, interruptedInput(flag, file, "nothing was done")
	}
}

// upTo is a read for readInput: the whole input, up to limit bytes.
func upTo(limit int64) func(goio.Reader) ([]byte, error) {
	return func(r goio.Reader) ([]byte, error) { return goio.ReadAll(goio.LimitReader(r, limit)) }
}

// streamInput opens the file of flag ("-": standard input) to be read as it
// comes, where readInput reads it whole. Ctrl-C while the open waits (a
// FIFO that nothing writes) ends the command, exit 130, as readInput does;
// a read that waits when it comes returns errInputInterrupted, which the
// caller words (interruptedInput), knowing what it did before. The open
// or read goes on in its goroutine, which the process leaves as it exits.
// The error is openInput's; close closes the file.
func streamInput(sio *IO, flag, file string) (r *doneReader, close func(), err error) {
	if file == "-" {
		return &doneReader{r: sio.In, done: sio.Done}, func() {}, nil
	}
	type result struct {
		fh  *os.File
		err error
	}
	opened := make(chan result, 1)
	go func() {
		fh, err := openInput(flag, file)
		opened <- result{fh, err}
	}()
	select {
	case res := <-opened:
		if res.err != nil {
			return nil, nil, res.err
		}
		return &doneReader{r: res.fh, done: sio.Done}, func() { res.fh.Close() }, nil
	case <-sio.Done:
		return nil, nil, interruptedInput(flag, file, "nothing was done")
	}
}

// doneReader is r, each read of which gives up when done is closed (Ctrl-C)
// before it returns: errInputInterrupted, then on every read after. The
// read goes on in its goroutine, into a buffer of doneReader's own.
type doneReader struct {
	r    goio.Reader
	done <-chan struct{}
	buf  []byte
	err  error // errInputInterrupted once given
}

// interrupted reports whether a read gave up for Ctrl-C.
func (d *doneReader) interrupted() bool { return d.err != nil }

func (d *doneReader) Read(p []byte) (int, error) {
	if d.err != nil {
		return 0, d.err
	}
	if d.done == nil {
		return d.r.Read(p)
	}
	if len(d.buf) < len(p) {
		d.buf = make([]byte, len(p))
	}
	buf := d.buf[:len(p)]
	type result struct {
		n   int
		err error
	}
	read := make(chan result, 1)
	go func() {
		n, err := d.r.Read(buf)
		read <- result{n, err}
	}()
	select {
	case res := <-read:
		return copy(p, buf[:res.n]), res.err
	case <-d.done:
		d.err, d.buf = errInputInterrupted, nil // the abandoned read keeps its buffer
		return 0, d.err
	}
}

// errInputInterrupted is what a read of streamInput's reader returns once
// Ctrl-C came while it waited.
var errInputInterrupted = errors.New("interrupted while waiting for the input")

// interruptedInput is exit 130 for Ctrl-C while a command waited for the
// file of flag ("-": standard input); done says what was done ("nothing was
// done").
func interruptedInput(flag, file, done string) error {
	what := "the file"
	if file == "-" {
		what = "standard input"
	}
	return withCode(ExitInterrupted, fmt.Errorf("%s %s: interrupted while waiting for %s; %s", flag, file, what, done))
}

// openInput opens the file of flag for reading; the error is fileError's,
// and a directory is refused as one.
func openInput(flag, name string) (*os.File, error) {
	if st, err := os.Stat(name); err == nil && st.IsDir() {
		return nil, fmt.Errorf("%s %s: is a directory, not a file", flag, name)
	}
	fh, err := os.Open(name)
	if err != nil {
		return nil, fileError(flag, name, err)
	}
	return fh, nil
}

// fileError words a system error on the file of flag as "--deal FILE: why":
// Go's own names the system call, not the flag ("open FILE: no such file or
// directory"), and, reading a directory, the path twice.
func fileError(flag, name string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("%s %s: %v", flag, name, err)
}
