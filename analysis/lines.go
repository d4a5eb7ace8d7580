package analysis

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/solitario/solitario/solution"
)

// MaxLine bounds a line of the JSONL files analyze and gen write, as
// solution.MaxBytes bounds a --solution file: a record or a deal's line is a
// few hundred KiB at most, and an endless line (/dev/zero) must end in an
// error, not in the OOM killer.
const MaxLine = solution.MaxBytes

// jsonLine is one line of a JSON Lines file: its 1-based number, its text
// without the '\n' (valid during the call it is passed to only), the offset
// where it ends (its '\n', or the end of the file) and whether it is the
// last, with no '\n' after it.
type jsonLine struct {
	no   int
	end  int64
	text []byte
	last bool
	file io.ReaderAt // to look past the line (final); nil for a stream (EachLine)
}

// final reports whether nothing but white space follows l: a record cut
// short is the file's last whether or not a "\n" and blank lines follow it
// (RULES.md's readers take trailing blank lines as the end). It reads ahead
// with ReadAt, leaving eachLine's reader where it is, and only when asked:
// for a line that does not parse.
func (l jsonLine) final() bool {
	if l.last {
		return true
	}
	buf := make([]byte, 4096)
	for off := l.end + 1; ; {
		n, err := l.file.ReadAt(buf, off)
		if len(bytes.TrimLeft(buf[:n], jsonSpace)) > 0 {
			return false
		}
		if err != nil {
			return errors.Is(err, io.EOF)
		}
		off += int64(n)
	}
}

// lineBuffer is what eachLine reads a file through. A line longer than it
// is measured first and then read whole into a buffer of its length.
const lineBuffer = 64 << 10

// eachLine calls each with the lines of file name in order, stopping at the
// first error, and refuses a line longer than maxLine bytes (the error names
// the file and the line; nothing after it is read). Blank lines (white space
// only) after the last line are not passed (an editor's trailing "\n"; every
// reader takes them as the end of the file); one before another line is.
// size is the bytes read, blank the bytes of those blank lines at the end.
//
// It holds a 64 KiB buffer and one line at a time: a line longer than the
// buffer is read twice, once to find its length and once into a buffer of
// that length, so a line near maxLine costs maxLine, not the multiples of
// it that growing a buffer as it is read would.
func eachLine(name string, maxLine int, each func(jsonLine) error) (size, blank int64, err error) {
	fh, err := os.Open(name)
	if err != nil {
		return 0, 0, err
	}
	defer fh.Close()
	return linesOf(fh, fh, name, maxLine, each)
}

// EachLine calls each with the lines of r, a file of JSON lines that
// messages call name ("stdin" for standard input), in order, with their
// numbers from 1, and stops at the first error (each's, or a read error,
// as it came). It keeps the rule of the files analyze and gen write
// (eachLine), which merge and resume read: a line over maxLine bytes is an
// error naming name and the line; blank lines (white space only) after the
// last line are the end of the file, and one before another line is an
// error, "name:N: blank line (a <what> a line; blank lines may only end
// the file)". text is valid during the call only. r is read as it comes
// (standard input, a pipe), one line held at a time: a long line costs
// up to about twice its length, which eachLine's files, read again where
// a line starts, do not.
func EachLine(r io.Reader, name, what string, maxLine int, each func(no int, text []byte) error) error {
	_, _, err := linesOf(r, nil, name, maxLine, func(l jsonLine) error {
		if Blank(l.text) {
			return BlankLine(name, l.no, what)
		}
		return each(l.no, l.text)
	})
	return err
}

// Blank reports whether line is blank: white space only, as JSON has it.
func Blank(line []byte) bool { return len(bytes.TrimLeft(line, jsonSpace)) == 0 }

// BlankLine is the error for line no of name, blank before another line
// of a file of JSON lines that holds a what ("solution") a line.
func BlankLine(name string, no int, what string) error {
	return fmt.Errorf("%s:%d: %s", name, no, blankLine(what))
}

// blankLine is the error for a blank line before another line of a file of
// JSON lines that holds a what ("record", "deal", "solution") a line.
func blankLine(what string) string {
	return "blank line (a " + what + " a line; blank lines may only end the file)"
}

// LongLine is the error for line no of name, longer than maxLine bytes, as
// the readers of JSON lines say it.
func LongLine(name string, no, maxLine int) error {
	return fmt.Errorf("%s:%d: the line is longer than %s", name, no, sizeWords(maxLine))
}

// ReadLine reads the next line of br, at most maxLine bytes, as EachLine
// reads each: its text without the '\n' (valid until br is read again) and
// whether a '\n' ended it; text empty and nl false is the end. A line
// over maxLine bytes is ErrLongLine.
func ReadLine(br *bufio.Reader, maxLine int) (text []byte, nl bool, err error) {
	return nextLine(nil, br, 0, maxLine)
}

// ReadLineAt is ReadLine of a file that br reads from offset 0 (ra reads it
// again), the line starting at off: a line longer than br's buffer is read
// again whole into a slice of its size, not gathered in one that grows (a
// large line would be held about twice over while it is copied).
func ReadLineAt(ra io.ReaderAt, br *bufio.Reader, off int64, maxLine int) (text []byte, nl bool, err error) {
	return nextLine(ra, br, off, maxLine)
}

// linesOf is eachLine of r, read through a buffer of lineBuffer bytes; ra,
// when not nil, reads r again at an offset (a file: a long line is read
// again whole, and final may look past a line).
func linesOf(r io.Reader, ra io.ReaderAt, name string, maxLine int, each func(jsonLine) error) (size, blank int64, err error) {
	br := bufio.NewReaderSize(r, lineBuffer)
	held := 0 // the number of the first blank line not yet passed, 0 if none
	for no := 1; ; no++ {
		start := size
		text, nl, err := nextLine(ra, br, start, maxLine)
		switch {
		case errors.Is(err, ErrLongLine):
			return 0, 0, LongLine(name, no, maxLine)
		case err != nil:
			return 0, 0, err
		case len(text) == 0 && !nl: // the end of the file
			return size, blank, nil
		}
		l := jsonLine{no: no, end: start + int64(len(text)), text: text, last: !nl, file: ra}
		size = l.end
		if nl {
			size++
		}
		if len(bytes.TrimLeft(text, jsonSpace)) == 0 {
			if held == 0 {
				held = no
			}
			blank += size - start
			continue
		}
		if held > 0 { // blank lines before this one: the first is passed
			if err := each(jsonLine{no: held}); err != nil {
				return 0, 0, err
			}
			held, blank = 0, 0
		}
		if err := each(l); err != nil {
			return 0, 0, err
		}
	}
}

// ErrLongLine is ReadLine's error for a line longer than its bound.
var ErrLongLine = errors.New("line too long")

// nextLine reads the line that starts at offset off of ra from br: its text
// and whether a '\n' ended it (text empty and nl false: the end of the
// file). A line longer than br's buffer is read again from ra into a
// buffer of its exact length once its end is found; with ra nil (a
// stream), it is kept as it is read.
func nextLine(ra io.ReaderAt, br *bufio.Reader, off int64, maxLine int) (text []byte, nl bool, err error) {
	b, err := br.ReadSlice('\n')
	n, whole := int64(len(b)), true
	var kept []byte
	for errors.Is(err, bufio.ErrBufferFull) && n <= int64(maxLine) {
		if ra == nil {
			kept = append(kept, b...)
		}
		b, err = br.ReadSlice('\n')
		n, whole = n+int64(len(b)), false
	}
	if nl = err == nil; nl {
		n--
	}
	switch {
	case n > int64(maxLine):
		return nil, false, ErrLongLine
	case err != nil && err != io.EOF:
		return nil, false, err
	case whole:
		return b[:n], nl, nil
	case ra == nil:
		return append(kept, b...)[:n], nl, nil
	}
	text = make([]byte, n)
	if _, err := ra.ReadAt(text, off); err != nil {
		return nil, false, err
	}
	return text, nl, nil
}

// jsonSpace is the white space JSON allows between values.
const jsonSpace = " \t\r\n"

// sizeWords is n bytes as a limit is said exactly: "64 MiB", "512 bytes"
// (sameUnit).
func sizeWords(n int) string {
	s, _ := sameUnit(int64(n), int64(n))
	return s
}
