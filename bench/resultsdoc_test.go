package bench

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestResultsDocCurrent: the committed RESULTS.md is what the committed
// result files make, so the document cannot drift from them.
func TestResultsDocCurrent(t *testing.T) {
	want, err := ResultsDoc("results")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("RESULTS.md")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("bench/RESULTS.md differs from what bench/results makes: run go run ./bench/cmd/resultsdoc")
	}
	// 300 lines, and beside them the browser's section (issue 32), the
	// difficulty tables (issue 36) and the per-deal speed notes (issue 35).
	if n := bytes.Count(got, []byte("\n")); n > 340 {
		t.Errorf("bench/RESULTS.md has %d lines, want at most 340", n)
	}
	// Every result file's name and command are in the document, but the
	// reference table's (docs/winrates.md: TestResultsTablePageCurrent).
	files, _ := filepath.Glob("results/*.cmd")
	for _, f := range files {
		cmd, _ := os.ReadFile(f)
		name := strings.TrimSuffix(filepath.Base(f), ".cmd")
		if strings.Contains(name, "-table-") {
			continue
		}
		if !bytes.Contains(got, []byte(name)) || !bytes.Contains(got, bytes.TrimSpace(cmd)) {
			t.Errorf("%s: its name or command is not in RESULTS.md", f)
		}
	}
}

// A result without its command, or named after another game, is refused.
func TestResultsDocErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("reloj-x.json", `{"run":{"game":"reloj"},"summary":{}}`)
	if _, err := ResultsDoc(dir); err == nil || !strings.Contains(err.Error(), "no command file") {
		t.Errorf("no .cmd: %v", err)
	}
	write("reloj-x.cmd", "solitario analyze --game reloj --seeds 1..2 --json\n")
	if _, err := ResultsDoc(dir); err != nil {
		t.Errorf("a minimal result: %v", err)
	}
	write("reloj-x.json", `{"run":{"game":"reloj","command":["solitario","analyze","--seeds","1..3"]},"summary":{}}`)
	if _, err := ResultsDoc(dir); err == nil || !strings.Contains(err.Error(), "but the JSON was made by") {
		t.Errorf("a command file that is not the JSON's: %v", err)
	}
	write("reloj-x.cmd", "solitario analyze --seeds 1..3")
	write("sietes-y.json", `{"record":{"game":"reloj"}}`)
	write("sietes-y.cmd", "solitario bench --game reloj --seeds 1..2 --json")
	if _, err := ResultsDoc(dir); err == nil || !strings.Contains(err.Error(), "name it reloj-") {
		t.Errorf("misnamed: %v", err)
	}
	write("sietes-y.json", `[]`)
	if _, err := ResultsDoc(dir); err == nil {
		t.Error("a JSON array accepted")
	}
}

// Results named GAME-ablate-VARIANT make one table: a row per strategy, a
// column per variant (in the order of the names; one of other limits says
// so); a cell is in bold when the ablation decided another number of deals
// than its base.
func TestResultsDocAblation(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	result := func(variant string, probesDecided int, maxNodes string) {
		cmd := "solitario bench --game ventaglio " + variant
		write("ventaglio-ablate-"+variant+".cmd", cmd)
		write("ventaglio-ablate-"+variant+".json", `{"record":{"game":"ventaglio","source":"seeds 1..3","max_nodes":`+maxNodes+`,"started":"2026-12-01T11:00:00Z"},
			"strategies":[{"strategy":"default","decided":3,"winnable":1,"unwinnable":2,"nodes_mean":1500,"time_total_ms":20},
			{"strategy":"plan-no-beams","decided":`+strconv.Itoa(probesDecided)+`,"winnable":`+strconv.Itoa(probesDecided-2)+`,"unwinnable":2,"unknown":`+strconv.Itoa(3-probesDecided)+`,"nodes_mean":2e6,"time_total_ms":3000},
			{"strategy":"portfolio","decided":3,"winnable":1,"unwinnable":2,"nodes_mean":1,"time_total_ms":1}],
			"disagreements":[],"deals":[{"deal":"seed 1","runs":[{"strategy":"default","moves":412},{"strategy":"plan-no-beams","moves":0},{"strategy":"portfolio","moves":1}]}]}`)
	}
	result("passes1", 2, "2000000")
	result("default", 3, "2000000")
	result("passes1-big", 3, "50000000")
	doc, err := ResultsDoc(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"### ablation: seeds 1..3, max-nodes 2000000, one part switched off in turn",
		"| strategy | default | passes1-big (seeds 1..3, max-nodes 50000000) | passes1 |\n|---|---|---|---|\n",
		"| default | 1/2/0 · 1.50k · 20.0ms · 412 | 1/2/0 · 1.50k · 20.0ms · 412 | 1/2/0 · 1.50k · 20.0ms · 412 |\n",
		"| plan-no-beams | 1/2/0 · 2.00M · 3.00s · - | 1/2/0 · 2.00M · 3.00s · - | **0/2/1 · 2.00M · 3.00s · -** |\n",
		"- passes1: `solitario bench --game ventaglio passes1` (ventaglio-ablate-passes1; commit ",
	} {
		if !strings.Contains(string(doc), want) {
			t.Errorf("no %q in:\n%s", want, doc)
		}
	}
	if strings.Contains(string(doc), "| portfolio |") { // a strategy since deleted: not a current figure
		t.Errorf("a deleted strategy's row in:\n%s", doc)
	}
	if strings.Contains(string(doc), "### bench:") {
		t.Errorf("an ablation result has a table of its own:\n%s", doc)
	}
}
