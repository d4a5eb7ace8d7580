// Package words holds the one plural rule every message uses, so that no
// command prints "1 cards" or "card(s)". It keeps no data.
package words

import "fmt"

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
