package testkit

import (
	"os"
	"path/filepath"
	"testing"
)

// WriteFile writes text to a file called name in a folder of the test's
// own (removed after it) and returns its path; an error fails tb.
func WriteFile(tb testing.TB, name, text string) string {
	tb.Helper()
	p := filepath.Join(tb.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		tb.Fatal(err)
	}
	return p
}
