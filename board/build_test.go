package board

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
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

// TestDropOldBuilds: the cache keeps the builds used last (several source
// trees share it), not the new one's alone; the new one is never dropped.
func TestDropOldBuilds(t *testing.T) {
	folder := t.TempDir()
	now := time.Now()
	for i := range 6 {
		p := filepath.Join(folder, fmt.Sprintf("board-%d", i))
		os.Mkdir(p, 0o755)
		at := now.Add(-time.Duration(i) * time.Hour) // board-0 used last
		os.Chtimes(p, at, at)
	}
	dir := filepath.Join(folder, "board-5") // the oldest, just built
	dropOldBuilds(folder, dir)
	left, _ := filepath.Glob(filepath.Join(folder, "board-*"))
	want := []string{"board-0", "board-1", "board-2", "board-5"}
	var got []string
	for _, l := range left {
		got = append(got, filepath.Base(l))
	}
	if !slices.Equal(got, want) {
		t.Errorf("left %v; want %v (the new build and the 3 used last)", got, want)
	}
}
