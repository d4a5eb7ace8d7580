package analysis

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
)

// TestEachLineStream: EachLine reads a stream (no file to read again) as
// eachLine reads a file: lines longer than the read buffer come whole, with
// their numbers; blank lines at the end are the end; a blank line before
// another is an error naming the line, and so is one over the bound.
func TestEachLineStream(t *testing.T) {
	long := strings.Repeat("y", 3*lineBuffer+5)
	read := func(text string, maxLine int) ([]string, error) {
		var got []string
		err := EachLine(iotest.HalfReader(strings.NewReader(text)), "s", "thing", maxLine, func(no int, text []byte) error {
			got = append(got, fmt.Sprintf("%d:%c%d", no, text[0], len(text)))
			return nil
		})
		return got, err
	}
	got, err := read("a\r\n"+long+"\nb\n"+long+"z\n \n\t\r\n", 4*lineBuffer)
	if want := []string{"1:a2", fmt.Sprintf("2:y%d", len(long)), "3:b1", fmt.Sprintf("4:y%d", len(long)+1)}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("%v, %v; want %v", got, err, want)
	}
	for _, c := range []struct {
		text string
		max  int
		want string
	}{
		{"a\n\nb\n", 64, "s:2: blank line (a thing a line; blank lines may only end the file)"},
		{"\na\n", 64, "s:1: blank line (a thing a line; blank lines may only end the file)"},
		{"a\n" + long + "\n", 2 * lineBuffer, fmt.Sprintf("s:2: the line is longer than %d KiB", 2*lineBuffer>>10)},
		{"a\n" + strings.Repeat("x", 65) + "\n", 64, "s:2: the line is longer than 64 bytes"},
	} {
		if _, err := read(c.text, c.max); err == nil || err.Error() != c.want {
			t.Errorf("%.20q: %v, want %q", c.text, err, c.want)
		}
	}
	if got, err := read(strings.Repeat("x", 64)+"\n", 64); err != nil || len(got) != 1 {
		t.Errorf("a line of the bound: %v, %v", got, err)
	}
}
