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

// sizeWords is n bytes as the limit's wording says it: "64 MiB".
func sizeWords(n int) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
