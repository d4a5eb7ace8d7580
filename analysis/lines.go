package analysis

import (
	"bytes"
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

// readLines reads all of file name, refusing a line longer than maxLine
// bytes: what it holds is then the file up to that line, and maxLine plus
// one read more.
func readLines(name string, maxLine int) ([]byte, error) {
	fh, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	var data []byte
	buf := make([]byte, 64<<10)
	lineStart, lineNo := 0, 1
	for {
		n, err := fh.Read(buf)
		scanned := len(data)
		data = append(data, buf[:n]...)
		for {
			end := len(data)
			i := bytes.IndexByte(data[scanned:], '\n')
			if i >= 0 {
				end = scanned + i
			}
			if end-lineStart > maxLine {
				return nil, fmt.Errorf("%s: line %d is longer than %s", name, lineNo, sizeWords(maxLine))
			}
			if i < 0 {
				break
			}
			scanned, lineStart = end+1, end+1
			lineNo++
		}
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// blankEnd is the length of data without the blank lines after its last
// line: white space only after the newline that ends it (an editor's
// trailing "\n"). Every reader of analyze's and gen's files takes them as
// the end of the file; a blank line before another line is an error.
func blankEnd(data []byte) int {
	last := len(bytes.TrimRight(data, jsonSpace))
	if last == 0 {
		return 0
	}
	if nl := bytes.IndexByte(data[last:], '\n'); nl >= 0 {
		return last + nl + 1
	}
	return len(data)
}

// jsonSpace is the white space JSON allows between values.
const jsonSpace = " \t\r\n"

// sizeWords is n bytes as the limit's wording says it: "64 MiB".
func sizeWords(n int) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
