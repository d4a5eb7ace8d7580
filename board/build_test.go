package board

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGoCmdErrorBrief: a failed go command says which one and what for in
// a few words, go's own message after it, on one line; go list's template
// is not in it.
func TestGoCmdErrorBrief(t *testing.T) {
	dir := t.TempDir() // a module that has no engine package
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/other\n\ngo 1.21\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := SourceKey(context.Background(), dir)
	if err == nil {
		t.Fatal("SourceKey of a module without the engine: no error")
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "go list (the engine's source files): exit status 1: ") || strings.Contains(msg, "{{") || strings.Contains(msg, "\n") {
		t.Errorf("error %q; want \"go list (the engine's source files): exit status 1: ...\", one line, no template", msg)
	}
}
