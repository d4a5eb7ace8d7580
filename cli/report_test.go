package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReportCommand: an analyze --jsonl file becomes a page; no file, a
// missing file or an unwritable --out is one line, exit 2, nothing written.
func TestReportCommand(t *testing.T) {
	dir := t.TempDir()
	jsonl := filepath.Join(dir, "r.jsonl")
	if code, _, errOut := runOut("analyze", "--game", "reloj", "--seeds", "1..30", "--jsonl", jsonl, "--quiet"); code != ExitOK {
		t.Fatalf("analyze: %d %s", code, errOut)
	}
	page := filepath.Join(dir, "r.html")
	if code, out, errOut := runOut("report", jsonl, "--out", page); code != ExitOK || out != "" || errOut != "" {
		t.Fatalf("report: exit %d %q %q", code, out, errOut)
	}
	if b, err := os.ReadFile(page); err != nil || !strings.Contains(string(b), "reloj: 30 deals analyzed") || !strings.Contains(string(b), `data-chart="narrowing"`) {
		t.Fatalf("the page: %v", err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"report"}, "report: no files: give the JSONL files written by 'analyze --jsonl'"},
		{[]string{"report", filepath.Join(dir, "none.jsonl")}, "none.jsonl"},
		{[]string{"report", jsonl, "--out", dir}, "solitario: report: --out " + dir + ": is a directory, not a file"},
	} {
		code, out, errOut := runOut(c.args...)
		if code != ExitError || out != "" || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %d bytes, stderr %q; want exit 2 and %q", c.args, code, len(out), errOut, c.want)
		}
	}
	// One shard of two: the page of its deals, a note, and exit 6 as
	// merge's.
	shard := filepath.Join(dir, "s0.jsonl")
	if code, _, errOut := runOut("analyze", "--game", "reloj", "--seeds", "1..10", "--shard", "1/2", "--jsonl", shard, "--quiet"); code != ExitOK {
		t.Fatalf("analyze --shard: %d %s", code, errOut)
	}
	half := filepath.Join(dir, "s0.html")
	if code, out, errOut := runOut("report", shard, "--out", half); code != ExitIncomplete || out != "" ||
		!strings.HasPrefix(errOut, "solitario: report: note: ") || !strings.Contains(errOut, "no file for 1 of the 2 shards") ||
		!strings.HasSuffix(errOut, "solitario: report: incomplete: the files miss deals of the analysis (notes above); the page covers the deals there\n") {
		t.Errorf("one shard of two: exit %d, stdout %q, stderr %q; want exit %d", code, out, errOut, ExitIncomplete)
	}
	if b, err := os.ReadFile(half); err != nil || !strings.Contains(string(b), "reloj: 5 deals analyzed") {
		t.Errorf("one shard's page: %v", err)
	}
	noDir := filepath.Join(dir, "no", "x.html")
	if code, out, errOut := runOut("report", jsonl, "--out", noDir); code != ExitOutput || out != "" ||
		errOut != "solitario: report: --out "+noDir+": the directory "+filepath.Dir(noDir)+" does not exist: create it first, or give another file name\n" {
		t.Errorf("--out in no folder: exit %d, stdout %d bytes, stderr %q; want exit %d", code, len(out), errOut, ExitOutput)
	}
}
