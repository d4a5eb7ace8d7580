package cli

import (
	"os"
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
	// merge --json too: the object lists the notes, but a script that reads
	// only the exit status must still tell the summary is partial.
	for _, args := range [][]string{
		{"merge", s0, other},
		{"merge", s0, other, "--json"},
		{"report", s0, other, "--out", filepath.Join(dir, "r.html")},
	} {
		code, _, errOut := runOut(args...)
		if code != ExitIncomplete || !strings.Contains(errOut, "note: seeds 1..30: no file for 2 of the 3 shards (1/3, 2/3)\n") ||
			!strings.Contains(errOut, ": incomplete: the files miss deals of the analysis (notes above)") {
			t.Errorf("%v: exit %d, stderr %q; want exit %d, a note of shards 1/3, 2/3 and the incomplete line", args, code, errOut, ExitIncomplete)
		}
	}
}

// TestMergeMixedShardCounts: files of one seed range cut into different
// shard counts are refused up front, one line naming both and their counts,
// exit 2, for merge and report alike: whether their seeds overlap (0/3 and
// 1/2 of 1..30 share seed 4) or not (0/3 and 1/2 of 1..3, seeds 1 and 2: they
// were accepted, then each split was short of shards, exit 6).
func TestMergeMixedShardCounts(t *testing.T) {
	dir := t.TempDir()
	for _, seeds := range []string{"1..30", "1..3"} {
		a, b := filepath.Join(dir, seeds+"a.jsonl"), filepath.Join(dir, seeds+"b.jsonl")
		for _, args := range [][]string{
			{"analyze", "--game", "reloj", "--seeds", seeds, "--shard", "0/3", "--jsonl", a, "--quiet"},
			{"analyze", "--game", "reloj", "--seeds", seeds, "--shard", "1/2", "--jsonl", b, "--quiet"},
		} {
			if code, _, errOut := runOut(args...); code != ExitOK {
				t.Fatalf("%v: exit %d %s", args, code, errOut)
			}
		}
		for _, cmd := range []string{"merge", "report"} {
			args := []string{cmd, a, b}
			if cmd == "report" {
				args = append(args, "--out", filepath.Join(dir, "r.html"))
			}
			code, out, errOut := runOut(args...)
			want := "solitario: " + cmd + ": " + b + ": shard 1/2 of seeds " + seeds + ", but " + a + " is shard 0/3 of them: the shard counts differ (2 and 3); merge the files of one split\n"
			if code != ExitError || out != "" || errOut != want {
				t.Errorf("%s %s: exit %d, stderr %q; want exit %d, %q", cmd, seeds, code, errOut, ExitError, want)
			}
		}
	}
	// Two ranges that overlap are no "same shard twice".
	a, c := filepath.Join(dir, "1..30a.jsonl"), filepath.Join(dir, "c.jsonl")
	if code, _, errOut := runOut("analyze", "--game", "reloj", "--seeds", "1..10", "--workers", "1", "--jsonl", c, "--quiet"); code != ExitOK {
		t.Fatalf("analyze: exit %d %s", code, errOut)
	}
	want := "solitario: merge: seed 1 is in both " + a + " and " + c + " (seeds 1..30 shard 0/3 and seeds 1..10 shard 0/1 overlap)\n"
	if code, _, errOut := runOut("merge", a, c); code != ExitError || errOut != want {
		t.Errorf("merge of overlapping ranges: exit %d, %q; want %q", code, errOut, want)
	}
}

// TestMergeBadHeader: a run header that names no run (an unknown game,
// rules the game lacks, an unknown strategy or table, no seeds) is one
// line naming file:1, exit 2, for merge and report alike, whether the file
// is given alone or before another.
func TestMergeBadHeader(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.jsonl")
	b := runFile(t, good, "analyze", "--game", "reloj", "--seeds", "1..5", "--jsonl", good, "--quiet")
	for _, c := range []struct{ name, old, new, want string }{
		{"game", `"game":"reloj"`, `"game":"nope"`, `unknown game "nope" (games: ventaglio, reloj, sietes, orologio, orologio52)`},
		{"passes", `"passes":2`, `"passes":-4`, `"rules.passes"`},
		{"no passes", `"play":"forced","passes":2`, `"play":"forced"`, `:1: run header: no "rules.passes" (0 for unlimited passes)`},
		{"strategy", `"strategy":"default"`, `"strategy":"bogus"`, `unknown strategy "bogus"`},
		{"table", `"tt":"flat"`, `"tt":"wood"`, `"limits.tt": `},
		{"no seeds", `"seeds":{"from":1,"to":5},`, ``, `:1: run header: no "seeds" (the seed range of the run)`},
		{"backwards", `"seeds":{"from":1,"to":5}`, `"seeds":{"from":9,"to":5}`, `:1: run header: "seeds" 9..5 runs backwards`},
		{"shard outside", `"shard":{"index":0,"count":1}`, `"shard":{"index":3,"count":3}`, `:1: run header: "shard" 3/3: want K/N with 0 <= K < N`},
		{"no shards", `"shard":{"index":0,"count":1}`, `"shard":{"index":0,"count":0}`, `:1: run header: "shard" 0/0: want K/N with 0 <= K < N`},
	} {
		if !strings.Contains(b, c.old) {
			t.Fatalf("%s: the header holds no %s", c.name, c.old)
		}
		name := filepath.Join(dir, c.name+".jsonl")
		os.WriteFile(name, []byte(strings.Replace(b, c.old, c.new, 1)), 0o644)
		// Alone or first of several, the bad header is named, not compared.
		for _, cmd := range [][]string{{"merge", name}, {"report", name, "--out", filepath.Join(dir, "r.html")},
			{"merge", name, good}, {"report", name, good, "--out", filepath.Join(dir, "r.html")}} {
			code, out, errOut := runOut(cmd...)
			if code != ExitError || out != "" || !strings.HasPrefix(errOut, "solitario: "+cmd[0]+": "+name+":1: run header: ") ||
				!strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
				t.Errorf("%s: %s: exit %d, stderr %q; want exit 2 and %q", c.name, cmd[0], code, errOut, c.want)
			}
		}
	}
}
