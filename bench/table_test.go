package bench

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestResultsTablePageCurrent: the committed docs/winrates.md holds the
// table the committed results make, with every table result's name and
// command.
func TestResultsTablePageCurrent(t *testing.T) {
	got, err := os.ReadFile("../docs/winrates.md")
	if err != nil {
		t.Fatal(err)
	}
	want, err := TablePage("results", got)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("docs/winrates.md's table differs from what bench/results makes: run go run ./bench/cmd/resultsdoc")
	}
	files, _ := filepath.Glob("results/*-table-*.cmd")
	if len(files) == 0 {
		t.Fatal("no table results")
	}
	for _, f := range files {
		cmd, _ := os.ReadFile(f)
		name := strings.TrimSuffix(filepath.Base(f), ".cmd")
		if !bytes.Contains(got, []byte(name+": `"+string(bytes.TrimSpace(cmd))+"`")) {
			t.Errorf("%s: its name and command are not in docs/winrates.md", f)
		}
	}
}

// The plan: every game's default rules first, a million deals each, every
// reloj and sietes variant, Il Ventaglio's variants; no name twice.
func TestResultsTablePlan(t *testing.T) {
	plan := tablePlan()
	seen := map[string]bool{}
	count := map[string]int{}
	for i, p := range plan {
		if seen[p.name()] {
			t.Errorf("%s twice", p.name())
		}
		seen[p.name()] = true
		count[p.game]++
		if first := i == 0 || plan[i-1].game != p.game; first != p.isDefault {
			t.Errorf("%s: default %v, first of its game %v", p.name(), p.isDefault, first)
		}
		if p.isDefault && p.deals != 1_000_000 {
			t.Errorf("%s: %d deals", p.name(), p.deals)
		}
	}
	want := map[string]int{"ventaglio": 7, "reloj": 8, "sietes": 8, "orologio": 1, "orologio52": 1}
	for g, n := range want {
		if count[g] != n {
			t.Errorf("%s: %d rows, want %d", g, count[g], n)
		}
	}
	if r := plan[8]; r.name() != "reloj-table-forced-1" || r.rulesText() != "`--play forced --passes 1`" {
		t.Errorf("plan[8] = %s, %s", r.name(), r.rulesText())
	}
	if r := plan[7]; r.rulesText() != "default `--play forced --passes 2`" {
		t.Errorf("reloj's default: %s", r.rulesText())
	}
}

// The page's table: a row per planned result, "not yet measured" without
// one; a merge of shards says so and lists the shards' commits; the clocks
// beside their exact odds; results that are not their row's are refused.
func TestResultsTablePage(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	summary := func(deals, won, unknown int, low, high float64) string {
		return `"summary":{"deals":` + strconv.Itoa(deals) + `,"winnable":` + strconv.Itoa(won) + `,"unknown":` + strconv.Itoa(unknown) +
			`,"win_rate":` + strconv.FormatFloat(float64(won)/float64(deals-unknown), 'g', -1, 64) + `,"win_low":` + strconv.FormatFloat(low, 'g', -1, 64) + `,"win_high":` + strconv.FormatFloat(high, 'g', -1, 64) +
			`,"nodes":{"p50":32,"p99":34,"max":36},"moves":{"p50":30,"max":35}}`
	}
	cmd := "solitario analyze --game orologio --seeds 1..1000 --json"
	write("orologio-table-default.cmd", cmd)
	write("orologio-table-default.json", `{"run":{"game":"orologio","commit":"76513412ff2655b52d969807f86c1856f3536712","workers":2,"seeds":{"from":1,"to":1000},
		"command":["solitario","analyze","--game","orologio","--seeds","1..1000","--json"]},`+summary(1000, 100, 0, 0.083, 0.12)+`,"complete":true,"elapsed_ms":1500}`)
	// 1000 deals at 1/13: the interval must hold 0.0769.
	write("orologio52-table-default.cmd", "solitario analyze --game orologio52 --seeds 1..1000 --json")
	write("orologio52-table-default.json", `{"run":{"game":"orologio52","commit":"c1","workers":2,"seeds":{"from":1,"to":1000},
		"command":["solitario","analyze","--game","orologio52","--seeds","1..1000","--json"]},`+summary(1000, 100, 0, 0.083, 0.12)+`,"complete":true,"elapsed_ms":1500}`)
	merge := "sbatch deploy/slurm/analyze.sbatch; solitario merge results/reloj-*.jsonl --json"
	write("reloj-table-free-1.cmd", merge)
	write("reloj-table-free-1.json", `{"run":{"game":"reloj","commit":"aaaa","workers":2,"seeds":{"from":1,"to":4},
		"command":["solitario","analyze","--game","reloj","--play","free","--passes","1","--seeds","1..4","--shard","0/2"]},
		"files":[{"name":"reloj-0.jsonl","seeds":{"from":1,"to":2},"deals":1,"commit":"aaaa"},{"name":"reloj-1.jsonl","seeds":{"from":1,"to":2},"deals":1,"commit":"bbbb"},
		{"name":"reloj-0.jsonl","seeds":{"from":3,"to":4},"deals":1,"commit":"bbbb"},{"name":"reloj-1.jsonl","seeds":{"from":3,"to":4},"deals":1,"commit":"bbbb"}],`+summary(4, 2, 1, 0.1, 0.9)+`}`)
	// Two plain runs on consecutive ranges, merged.
	write("reloj-table-free-2.cmd", "solitario analyze ... --seeds 1..2; solitario analyze ... --seeds 3..4; solitario merge r-*.jsonl --json")
	write("reloj-table-free-2.json", `{"run":{"game":"reloj","commit":"cccc","workers":2,"seeds":{"from":1,"to":2},
		"command":["solitario","analyze","--game","reloj","--play","free","--passes","2","--seeds","1..2"]},
		"files":[{"seeds":{"from":1,"to":2},"deals":2,"commit":"cccc"},{"seeds":{"from":3,"to":4},"deals":2,"commit":"cccc"}],`+summary(4, 4, 0, 0.5, 1)+`}`)
	// A default row made without rule flags.
	write("sietes-table-forced-1.cmd", "solitario analyze --game sietes --seeds 1..2 --json")
	write("sietes-table-forced-1.json", `{"run":{"game":"sietes","workers":2,"seeds":{"from":1,"to":2},
		"command":["solitario","analyze","--game","sietes","--seeds","1..2","--json"]},`+summary(2, 1, 0, 0.1, 0.9)+`,"complete":true}`)
	page := []byte("# T\n\nabove\n" + tableBegin + "\nold text\n" + tableEnd + "\nbelow\n")
	got, err := TablePage(dir, page)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(got)
	for _, want := range []string{
		"# T\n\nabove\n" + tableBegin + "\n\n| game | rules |",
		"| `ventaglio` | default | 1,000,000 planned | not yet measured | | | | | | |\n",
		"| `ventaglio` | `--passes 1` | 10,000 planned | not yet measured |",
		"| `reloj` | `--play free --passes 1` | 4 (of 1,000,000 planned) | 2 | 66.6667% | 10.0000% .. 90.0000% | 1 | 30 / 35 | 32 / 34 / 36 | Slurm arrays (analyze.sbatch), merge of 4 files: 2 consecutive seed ranges, each in shards |\n",
		"| `orologio` | default | 1,000 (of 1,000,000 planned) | 100 | 10.0000% | 8.3000% .. 12.0000% | 0 | 30 / 35 | 32 / 34 / 36 | analyze |\n",
		"| `orologio` | 100 of 1,000 (10.0000%) | 8.3000% .. 12.0000% | 11880220752/105022101475 = 11.3121% | yes | -1.31 |\n",
		"| `orologio52` | 100 of 1,000 (10.0000%) | 8.3000% .. 12.0000% | 1/13 = 7.6923% | **no** | +2.74 |\n",
		"- orologio-table-default: `" + cmd + "` (commit 76513412ff26, 2 workers, started , 1.5s)\n",
		"- reloj-table-free-1: `" + merge + "` (commit aaaa, bbbb, 2 workers per shard, started )\n",
		"| `sietes` | default `--play forced --passes 1` | 2 (of 1,000,000 planned) | 1 | 50.0000% |",
		"| `reloj` | `--play free --passes 2` | 4 (of 1,000,000 planned) | 4 | 100.0000% | 50.0000% .. 100.0000% | 0 | 30 / 35 | 32 / 34 / 36 | merge of 2 runs on consecutive seed ranges |\n",
		"20 of the 25 rows not yet measured: ventaglio-table-default, ",
		tableEnd + "\nbelow\n",
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("no %q in:\n%s", want, doc)
		}
	}
	if strings.Contains(doc, "old text") {
		t.Error("the old table kept")
	}
	if again, err := TablePage(dir, got); err != nil || !bytes.Equal(again, got) {
		t.Errorf("rendering the page again changed it (%v)", err)
	}
	if _, err := TablePage(dir, []byte("no markers\n")); err == nil {
		t.Error("a page without the markers accepted")
	}

	for _, c := range []struct{ name, json, cmd, err string }{
		{"reloj-table-free-7", `{"run":{"game":"reloj","seeds":{"from":1,"to":1}},"summary":{"deals":1},"complete":true}`,
			"solitario analyze", "not a row of the reference table"},
		{"reloj-table-free-2", `{"run":{"game":"reloj","seeds":{"from":1,"to":1},"command":["solitario","analyze","--play","free","--passes","1"]},"summary":{"deals":1},"complete":true}`,
			"solitario analyze --play free --passes 1", `has not the row's rule flags "--play free --passes 2"`},
		{"ventaglio-table-default", `{"run":{"game":"ventaglio","seeds":{"from":1,"to":1},"command":["solitario","analyze","--passes","2"]},"summary":{"deals":1},"complete":true}`,
			"solitario analyze --passes 2", "has a rule flag (--passes): want the game's default rules"},
		{"reloj-table-free-2", `{"run":{"game":"reloj","seeds":{"from":5,"to":5},"command":["solitario","analyze","--play","free","--passes","2"]},"summary":{"deals":1},"complete":true}`,
			"solitario analyze --play free --passes 2", "want every seed of 1..N"},
		{"reloj-table-free-2", `{"run":{"game":"reloj","seeds":{"from":1,"to":1},"command":["solitario","analyze","--play","free","--passes","2"]},"summary":{"deals":1},"complete":true,"interrupted":true}`,
			"solitario analyze --play free --passes 2", "an unfinished run"},
		{"reloj-table-free-2", `{"run":{"game":"reloj","seeds":{"from":1,"to":1},"command":["solitario","analyze","--play","free","--passes","2"]},"summary":{"deals":1},"files":[{"deals":1}],"notes":["shard 1/2: no file"]}`,
			"solitario merge r-*.jsonl", "an incomplete merge: shard 1/2: no file"},
		{"reloj-table-free-2", `{"run":{"game":"reloj","seeds":{"from":1,"to":2},"command":["solitario","analyze","--play","free","--passes","2"]},"summary":{"deals":4},
			"files":[{"seeds":{"from":1,"to":2},"deals":2},{"seeds":{"from":4,"to":5},"deals":2}]}`,
			"solitario merge r-*.jsonl", "the merged files' seeds 1..2 and 4..5 do not follow one another"},
		{"reloj-table-free-2", `{"run":{"game":"reloj","seeds":{"from":1,"to":1}},"summary":{"deals":1},"files":[{"deals":1}]}`,
			"solitario analyze --play free --passes 2", "but the JSON was made by solitario merge"},
	} {
		d := t.TempDir()
		os.WriteFile(filepath.Join(d, c.name+".json"), []byte(c.json), 0o644)
		os.WriteFile(filepath.Join(d, c.name+".cmd"), []byte(c.cmd), 0o644)
		if _, err := TablePage(d, page); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s %s: %v, want %q", c.name, c.json, err, c.err)
		}
	}
}
