package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestMergeMissingShardsPerSplit: files of two seed ranges are each split
// checked on their own: one shard of three of 1..30 beside an unsharded
// 1000..1009 still misses two shards, a note and exit 6.
func TestMergeMissingShardsPerSplit(t *testing.T) {
	dir := t.TempDir()
	s0, other := filepath.Join(dir, "s0.jsonl"), filepath.Join(dir, "other.jsonl")
	for _, args := range [][]string{
		{"analyze", "--game", "reloj", "--seeds", "1..30", "--shard", "0/3", "--jsonl", s0, "--quiet"},
		{"analyze", "--game", "reloj", "--seeds", "1000..1009", "--jsonl", other, "--quiet"},
	} {
		if code, _, errOut := runOut(args...); code != ExitOK {
			t.Fatalf("%v: exit %d %s", args, code, errOut)
		}
	}
	for _, cmd := range []string{"merge", "report"} {
		args := []string{cmd, s0, other}
		if cmd == "report" {
			args = append(args, "--out", filepath.Join(dir, "r.html"))
		}
		code, _, errOut := runOut(args...)
		if code != ExitIncomplete || !strings.Contains(errOut, "note: seeds 1..30: no file for 2 of the 3 shards (1/3, 2/3)\n") {
			t.Errorf("%s: exit %d, stderr %q; want exit %d and a note of shards 1/3, 2/3", cmd, code, errOut, ExitIncomplete)
		}
	}
}
