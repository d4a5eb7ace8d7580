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
	file *os.File // to look past the line (final)
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
	br := bufio.NewReaderSize(fh, lineBuffer)
	held := 0 // the number of the first blank line not yet passed, 0 if none
	for no := 1; ; no++ {
		start := size
		text, nl, err := nextLine(fh, br, start, maxLine)
		switch {
		case errors.Is(err, errLongLine):
			return 0, 0, fmt.Errorf("%s: line %d is longer than %s", name, no, sizeWords(maxLine))
		case err != nil:
			return 0, 0, err
		case len(text) == 0 && !nl: // the end of the file
			return size, blank, nil
		}
		l := jsonLine{no: no, end: start + int64(len(text)), text: text, last: !nl, file: fh}
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

// errLongLine is nextLine's error for a line longer than its bound.
var errLongLine = errors.New("line too long")

// nextLine reads the line that starts at offset off of fh from br: its text
// and whether a '\n' ended it (text empty and nl false: the end of the
// file). A line longer than br's buffer is read again from fh into a
// buffer of its exact length once its end is found.
func nextLine(fh *os.File, br *bufio.Reader, off int64, maxLine int) (text []byte, nl bool, err error) {
	b, err := br.ReadSlice('\n')
	n, whole := int64(len(b)), true
	for errors.Is(err, bufio.ErrBufferFull) && n <= int64(maxLine) {
		b, err = br.ReadSlice('\n')
		n, whole = n+int64(len(b)), false
	}
	if nl = err == nil; nl {
		n--
	}
	switch {
	case n > int64(maxLine):
		return nil, false, errLongLine
	case err != nil && err != io.EOF:
		return nil, false, err
	case whole:
		return b[:n], nl, nil
	}
	text = make([]byte, n)
	if _, err := fh.ReadAt(text, off); err != nil {
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
