package bench

import (
	"bytes"
	"os"
	"path/filepath"
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
	if n := bytes.Count(got, []byte("\n")); n > 300 {
		t.Errorf("bench/RESULTS.md has %d lines, want at most 300", n)
	}
	// Every result file's name and command are in the document.
	files, _ := filepath.Glob("results/*.cmd")
	for _, f := range files {
		cmd, _ := os.ReadFile(f)
		name := strings.TrimSuffix(filepath.Base(f), ".cmd")
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
