// Package words holds the one plural rule every message uses, so that no
// command prints "1 cards" or "card(s)", and the words every reader of text
// files shares (a file in UTF-16, a token quoted). It keeps no data.
package words

import (
	"fmt"
	"strconv"
	"strings"
)

// Count is n and word, with an s unless n is 1: "1 card", "0 cards",
// "52 cards".
func Count[N ~int | ~int64 | ~uint64](n N, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// Noun is word, with an s unless n is 1.
func Noun[N ~int | ~int64 | ~uint64](n N, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// List is the numbers in words, the last after conj: "5", "5 or 9",
// "1, 2, 3 and 4"; never Go's "[1 2 3 4]".
func List(ns []int, conj string) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = fmt.Sprint(n)
	}
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " " + conj + " " + s[len(s)-1]
}

// Quote quotes s for a one-line message, as Go's %q does (every byte that
// is no UTF-8, and every control character, escaped: "\xdd\x1f"): whole
// if it has at most max characters, else its first max characters (a byte
// of invalid UTF-8 counts as one) followed by "… (N bytes)". A token read
// from a junk file may be almost a MiB of binary, which whole would flood
// the terminal; cut by runes, its bytes would turn to U+FFFD.
func Quote(s string, max int) string {
	n := 0
	for i := range s {
		if n == max {
			return fmt.Sprintf("%q… (%d bytes)", s[:i], len(s))
		}
		n++
	}
	return fmt.Sprintf("%q", s)
}

// Escape is s as Quote shows it, without the quotes: for a token a message
// shows unquoted ("move 3 (stock -> wa\xc3ste CE)"), its bytes that are no
// UTF-8 and its control characters escaped, cut as Quote cuts it.
func Escape(s string, max int) string {
	n := 0
	for i := range s {
		if n == max {
			return fmt.Sprintf("%s… (%d bytes)", escape(s[:i]), len(s))
		}
		n++
	}
	return escape(s)
}

// escape is %q of s without its quotes.
func escape(s string) string {
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

// BOM is the UTF-8 byte-order mark, U+FEFF, which Windows Notepad and
// some other editors write first: every reader of text files skips it.
const BOM = "\ufeff"

// UTF16 is what every reader of text files says of one in UTF-16 (it
// starts with a UTF-16 byte-order mark); "" for any other text.
func UTF16[T ~string | ~[]byte](text T) string {
	if len(text) >= 2 && (text[0] == 0xff && text[1] == 0xfe || text[0] == 0xfe && text[1] == 0xff) {
		return "the file is UTF-16 text (it starts with a UTF-16 byte-order mark): save it as UTF-8"
	}
	return ""
}
