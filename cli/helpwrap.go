package cli

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/spf13/cobra"
)

// helpWidth is the columns help is wrapped to: the terminal's, 80 when
// standard output is none (piped, a file).
func helpWidth(io *IO) int {
	if io.Width >= 40 {
		return io.Width
	}
	return 80
}

// wrapHelp makes root's help (every command's) wrapped to helpWidth:
// cobra prints the flags' lines as long as their usage and the texts as
// written.
func wrapHelp(root *cobra.Command, io *IO) {
	def := root.HelpFunc()
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		out := c.OutOrStdout()
		var b bytes.Buffer
		c.SetOut(&b)
		def(c, args)
		c.SetOut(out)
		out.Write([]byte(wrapText(b.String(), helpWidth(io))))
	})
}

// column is where a line's text goes on when it is wrapped: past its
// indentation and a first column set off by two spaces or more (a flag
// and its value, an exit code, a verdict), or past its indentation alone.
var column = regexp.MustCompile(`^(\s*)(?:(?:-\w, )?(?:--)?\S+(?: \S+)?\s{2,})?`)

// head is a section head of cobra's help ("Flags:", "Exit codes:").
var head = regexp.MustCompile(`^[A-Z][A-Za-z ]{0,24}:$`)

// wrapText wraps text to width columns. A paragraph of lines that start
// at the margin (the commands' prose) is filled again as one; a longer
// indented line (a flag, an exit code, an example) is broken between
// words, its continuation under its own text (column). Section heads
// ("Flags:"), blank lines and lines that fit are kept.
func wrapText(text string, width int) string {
	lines := strings.Split(text, "\n")
	prose := func(l string) bool {
		return l != "" && l[0] != ' ' && !head.MatchString(l)
	}
	var out []string
	for i := 0; i < len(lines); {
		if prose(lines[i]) {
			var words []string
			long := false
			j := i
			for ; j < len(lines) && prose(lines[j]); j++ {
				words = append(words, strings.Fields(lines[j])...)
				long = long || len([]rune(lines[j])) > width
			}
			if long {
				out = append(out, fill(words, width, "", "")...)
			} else {
				out = append(out, lines[i:j]...)
			}
			i = j
			continue
		}
		l := lines[i]
		i++
		m := column.FindStringSubmatch(l)
		hang := len([]rune(m[0]))
		first := m[0]               // the first column as written, its spaces kept
		if len(m[0]) == len(m[1]) { // no first column: under the text, two in
			hang = len(m[1]) + 2
		}
		if hang > width/2 {
			hang, first = len(m[1])+4, m[1]
		}
		// An item and the lines that go on under its text are one
		// paragraph ("  2    error: ... an" then "       illegal move").
		block := []string{l}
		long := len([]rune(l)) > width
		for len(m[0]) > 0 && i < len(lines) && lines[i] != "" && len(lines[i])-len(strings.TrimLeft(lines[i], " ")) == hang {
			long = long || len([]rune(lines[i])) > width
			block = append(block, lines[i])
			i++
		}
		if !long {
			out = append(out, block...)
			continue
		}
		words := strings.Fields(l[len(first):])
		for _, b := range block[1:] {
			words = append(words, strings.Fields(b)...)
		}
		out = append(out, fill(words, width, first, strings.Repeat(" ", hang))...)
	}
	return strings.Join(out, "\n")
}

// fill lays words out in lines of at most width columns (a word longer
// than that alone on its line), the first after first, the rest after
// rest.
func fill(words []string, width int, first, rest string) []string {
	var lines []string
	line := first
	n := len([]rune(first))
	start := true
	for _, w := range words {
		wn := len([]rune(w))
		if !start && n+1+wn > width {
			lines = append(lines, line)
			line, n, start = rest, len([]rune(rest)), true
		}
		if !start {
			line += " "
			n++
		}
		line += w
		n += wn
		start = false
	}
	return append(lines, line)
}
