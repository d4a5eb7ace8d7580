package analysis

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/solitario/solitario/solver"
)

// TestReadFileLineErrors: a bad line of a JSONL file is one line naming the
// file, the line and what is wrong, in the file's terms (no Go type names);
// a header of a format this version does not know is refused; a whole bad
// last line is an error, not a torn write to cut off.
func TestReadFileLineErrors(t *testing.T) {
	head := marshalLine(testHeader(Range{1, 9}, Shard{}, 1))
	rec := `{"seed":3,"result":"winnable","nodes":63,"ms":0.5,"moves":62}` + "\n"
	dir := t.TempDir()
	for _, c := range []struct{ name, text, want string }{
		{"seed string", string(head) + rec + `{"seed":"x","result":"winnable","nodes":63,"ms":0.5,"moves":62}` + "\n", `:3: "seed" must be a whole number, 0 or more, not a string`},
		{"garbage", string(head) + "garbage\n" + rec, ":2: not a JSON record"},
		{"array", string(head) + "[1,2]\n", ":2: not a JSON record: the line holds a JSON array"},
		{"syntax", string(head) + `{"seed":3,,"result":"winnable"}` + "\n", ":2: not a JSON record: ',' where a quoted key should start at byte offset 10 of the line"},
		{"cut in the middle", string(head) + `{"seed":3,"res` + "\n" + rec, ":2: not a JSON record: the line ends early, after 14 bytes (cut short?)"},
		{"two on a line", string(head) + rec[:len(rec)-1] + rec, ":2: more after the record on the line, at byte offset 61"},
		{"unknown field", string(head) + `{"seed":3,"result":"winnable","bogus":1}` + "\n", `:2: unknown field "bogus" (a record's fields are seed, result, reason, nodes, ms, moves, step, step_nodes, difficulty, difficulty_ms, difficulty_check)`},
		{"unknown with a step", string(head) + `{"seed":3,"result":"unknown","reason":"max-nodes","nodes":5,"ms":1,"step":"exact"}` + "\n", `:2: seed 3: an unknown deal has a step`},
		{"step nodes over nodes", string(head) + `{"seed":3,"result":"winnable","nodes":5,"ms":1,"moves":2,"step":"exact","step_nodes":6}` + "\n", `:2: seed 3: "step_nodes" must be 0 to "nodes" (5), not 6`},
		{"step nodes alone", string(head) + `{"seed":3,"result":"winnable","nodes":5,"ms":1,"moves":2,"step_nodes":4}` + "\n", `:2: seed 3: "step_nodes" without a "step"`},
		{"negative", string(head) + `{"seed":3,"result":"winnable","nodes":-1e3}` + "\n", `:2: "nodes" must be written in digits (-1000), not -1e3`},
		{"duplicate key", string(head) + `{"seed":3,"result":"winnable","seed":4,"nodes":5,"ms":1}` + "\n", `:2: duplicate key "seed" at byte offset 30 of the line`},
		{"negative nodes", string(head) + `{"seed":3,"result":"winnable","nodes":-5,"ms":1}` + "\n", `:2: seed 3: "nodes" must be 0 or more, not -5`},
		{"negative ms", string(head) + `{"seed":3,"result":"winnable","nodes":5,"ms":-0.5}` + "\n", `:2: seed 3: "ms" must be 0 or more, not -0.5`},
		{"negative moves", string(head) + `{"seed":3,"result":"winnable","nodes":5,"ms":1,"moves":-2}` + "\n", `:2: seed 3: "moves" must be 0 or more, not -2`},
		{"format 2", string(bytes.Replace(head, []byte(`"format":1`), []byte(`"format":2`), 1)) + rec, ":1: JSONL format 2, but this solitario reads format 1 only (a newer solitario wrote the file?)"},
		{"no format", string(bytes.Replace(head, []byte(`"format":1,`), nil, 1)) + rec, `:1: the header has no "format" (this solitario reads JSONL format 1)`},
		{"resume format 2", string(head) + string(bytes.Replace(bytes.Replace(head, []byte(`"format":1`), []byte(`"format":2`), 1), []byte(`"kind":"run"`), []byte(`"kind":"resume"`), 1)), ":2: JSONL format 2, but this solitario reads format 1 only (a newer solitario wrote the file?)"},
		{"header type", string(bytes.Replace(head, []byte(`"workers":1`), []byte(`"workers":"1"`), 1)), `: not a solitario JSONL file (written by analyze --jsonl): line 1 is not a run header: "workers" must be a whole number, not a string`},
		// Whole lines without their newline: no torn writes.
		{"bad last line", string(head) + rec + `{"seed":"x","result":"winnable","nodes":63,"ms":0.5,"moves":62}`, `:3: "seed" must be a whole number, 0 or more, not a string`},
		{"bad only header", `{"kind":"run","bogus":1}`, `: not a solitario JSONL file (written by analyze --jsonl): line 1 is not a run header: unknown field "bogus" (a run header's fields are kind, format, commit, machine, workers, started, game, rules, strategy, limits, seeds, shard, command, difficulty)`},
	} {
		name := filepath.Join(dir, c.name+".jsonl")
		os.WriteFile(name, []byte(c.text), 0o644)
		if _, err := ReadFile(name); err == nil || err.Error() != name+c.want {
			t.Errorf("%s: %v\nwant %s", c.name, err, name+c.want)
		}
		if w, _, err := Resume(name, testHeader(Range{1, 9}, Shard{}, 1), anyGame); err == nil {
			w.Close()
			t.Errorf("%s: resumed", c.name)
		}
		if b, _ := os.ReadFile(name); string(b) != c.text {
			t.Errorf("%s: the file changed", c.name)
		}
	}
	// A byte-order mark before the header is skipped.
	name := filepath.Join(dir, "bom.jsonl")
	os.WriteFile(name, append([]byte("\ufeff"), append(head, rec...)...), 0o644)
	if f, err := ReadFile(name); err != nil || len(f.Records) != 1 {
		t.Errorf("bom: %v", err)
	}
}

// TestReadFileHeaderRules: a run header's rules are checked for keys left
// out as a solution object's are (solution.CheckRulesGiven): a "rules"
// without "passes" (or with null) would read as unlimited passes, and one
// with "passes" alone other than 1 as a clock's {}; the file is refused
// naming its header line. The clocks' forms, {} and the older
// {"play":"none","passes":1} and {"passes":1}, are read.
func TestReadFileHeaderRules(t *testing.T) {
	head := string(marshalLine(testHeader(Range{1, 9}, Shard{}, 1)))
	const rules = `"rules":{"play":"forced","passes":2}`
	if !strings.Contains(head, rules) {
		t.Fatalf("the header holds no %s: %s", rules, head)
	}
	dir := t.TempDir()
	for _, c := range []struct{ rules, want string }{
		{`"rules":{"play":"forced"}`, `:1: run header: no "rules.passes" (0 for unlimited passes)`},
		{`"rules":{"play":"forced","passes":null}`, `:1: run header: no "rules.passes" (0 for unlimited passes)`},
		{`"rules":{"passes":0}`, `:1: run header: no "rules.play" (a game without choices has "rules": {})`},
		{`"rules":{"passes":2}`, `:1: run header: no "rules.play" (a game without choices has "rules": {})`},
		{`"rules":null`, `:1: run header: no "rules"`},
		{``, `:1: run header: no "rules"`},
		{`"rules":{},`, ``},
		{`"rules":{"play":"none","passes":1}`, ``},
		{`"rules":{"passes":1}`, ``},
		{`"rules":{"play":"forced","passes":0}`, ``},
	} {
		text := strings.Replace(head, rules, c.rules, 1)
		if c.rules == "" || c.rules == `"rules":{},` {
			text = strings.Replace(head, rules+",", c.rules, 1)
		}
		name := filepath.Join(dir, "run.jsonl")
		os.WriteFile(name, []byte(text), 0o644)
		_, err := ReadFile(name)
		if c.want == "" && err != nil || c.want != "" && (err == nil || err.Error() != name+c.want) {
			t.Errorf("%s: %v\nwant %q", c.rules, err, c.want)
		}
		if c.want == "" {
			continue
		}
		if w, _, err := Resume(name, testHeader(Range{1, 9}, Shard{}, 1), anyGame); err == nil || err.Error() != name+c.want {
			if err == nil {
				w.Close()
			}
			t.Errorf("%s: resume: %v", c.rules, err)
		}
		if b, _ := os.ReadFile(name); string(b) != text {
			t.Errorf("%s: the file changed", c.rules)
		}
	}
}

// TestReadFileBlankEnd: blank lines after the last line (an editor's
// trailing "\n") are the end of the file, which resume cuts off before it
// appends; a blank line before another line is an error naming it.
func TestReadFileBlankEnd(t *testing.T) {
	h := testHeader(Range{1, 9}, Shard{}, 1)
	head := string(marshalLine(h))
	rec := `{"seed":3,"result":"winnable","nodes":63,"ms":0.5,"moves":62}` + "\n"
	dir := t.TempDir()
	for _, blank := range []string{"\n", " \t\r\n\n", "\n  "} {
		name := filepath.Join(dir, "blank.jsonl")
		os.WriteFile(name, []byte(head+rec+blank), 0o644)
		f, err := ReadFile(name)
		if err != nil || len(f.Records) != 1 || f.Blank != int64(len(blank)) || f.Valid != int64(len(head+rec)) || f.NoNewline {
			t.Fatalf("%q after the last line: %+v, %v", blank, f, err)
		}
		w, recs, err := Resume(name, h, anyGame)
		if err != nil || len(recs) != 1 {
			t.Fatalf("%q: resume: %v", blank, err)
		}
		w.Close()
		if f, err := ReadFile(name); err != nil || len(f.Resumes) != 1 || f.Blank != 0 {
			t.Fatalf("%q: after resume: %+v, %v", blank, f, err)
		}
	}
	for _, c := range []struct {
		text string
		line int
	}{{head + "\n" + rec, 2}, {head + rec + " \n" + rec, 3}} {
		name := filepath.Join(dir, "middle.jsonl")
		os.WriteFile(name, []byte(c.text), 0o644)
		if _, err := ReadFile(name); err == nil || err.Error() != fmt.Sprintf("%s:%d: blank line (a record a line; blank lines may only end the file)", name, c.line) {
			t.Errorf("%q: %v, want line %d named", c.text, err, c.line)
		}
	}
}

// TestReadFileTornThenBlank: a record cut short is the torn last line
// whether nothing, its "\n" or blank lines follow it; resume cuts it off and
// what follows, and goes on after the last whole line.
func TestReadFileTornThenBlank(t *testing.T) {
	h := testHeader(Range{1, 9}, Shard{}, 1)
	head := string(marshalLine(h))
	rec := `{"seed":3,"result":"winnable","nodes":63,"ms":0.5,"moves":62}` + "\n"
	cut := rec[:20]
	dir := t.TempDir()
	for _, after := range []string{"", "\n", "\n\n", "\n \t\r\n  "} {
		name := filepath.Join(dir, "torn.jsonl")
		os.WriteFile(name, []byte(head+rec+cut+after), 0o644)
		f, err := ReadFile(name)
		if err != nil || len(f.Records) != 1 || f.Torn == 0 || f.Valid != int64(len(head+rec)) {
			t.Fatalf("%q after a torn record: %+v, %v", after, f, err)
		}
		w, recs, err := Resume(name, h, anyGame)
		if err != nil || len(recs) != 1 {
			t.Fatalf("%q: resume: %v", after, err)
		}
		w.Close()
		if b, _ := os.ReadFile(name); !strings.HasPrefix(string(b), head+rec+`{"kind":"resume"`) {
			t.Errorf("%q: after resume the file is\n%s", after, b)
		}
	}
}

// FuzzReadFile: any file is read or refused, never a panic; a file read
// splits into its valid part, a torn last line and blank lines at the end,
// and the valid part read again gives the same records.
func FuzzReadFile(f *testing.F) {
	head := string(marshalLine(testHeader(Range{1, 9}, Shard{}, 1)))
	rec := `{"seed":3,"result":"winnable","nodes":63,"ms":0.5,"moves":62}` + "\n"
	for _, s := range []string{"", "\n", head, head + rec, head + rec + "\n \n", head + "\n" + rec, head + rec[:20], head + rec[:20] + "\n \n", head + rec + rec, "\ufeff" + head} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		name := filepath.Join(dir, "f.jsonl")
		os.WriteFile(name, data, 0o644)
		fl, err := readFile(name, 1024)
		if err != nil {
			return
		}
		if fl.Valid+fl.Torn+fl.Blank != int64(len(data)) || fl.Valid < 0 {
			t.Fatalf("valid %d + torn %d + blank %d != %d", fl.Valid, fl.Torn, fl.Blank, len(data))
		}
		os.WriteFile(name, data[:fl.Valid], 0o644)
		again, err := readFile(name, 1024)
		if err != nil || len(again.Records) != len(fl.Records) {
			t.Fatalf("the valid part: %v, %d records, want %d", err, len(again.Records), len(fl.Records))
		}
	})
}

// TestRecordsWithStep: records with the deciding step and records without
// it (files written before it; unknown deals; deals lost at the start)
// read, merge and resume alike, the step kept as written.
func TestRecordsWithStep(t *testing.T) {
	h := testHeader(Range{1, 9}, Shard{}, 1)
	recs := `{"seed":1,"result":"winnable","nodes":63,"ms":0.5,"moves":62}` + "\n" +
		`{"seed":2,"result":"winnable","nodes":900,"ms":0.5,"moves":80,"step":"beam-along","step_nodes":400}` + "\n" +
		`{"seed":3,"result":"unwinnable","nodes":1,"ms":0.1}` + "\n" +
		`{"seed":4,"result":"unwinnable","nodes":70,"ms":0.1,"step":"exact","step_nodes":70}` + "\n" +
		`{"seed":5,"result":"unknown","reason":"max-nodes","nodes":1000,"ms":3}` + "\n"
	name := filepath.Join(t.TempDir(), "steps.jsonl")
	os.WriteFile(name, append(marshalLine(h), recs...), 0o644)
	want := map[uint64][2]any{1: {"", int64(0)}, 2: {"beam-along", int64(400)}, 3: {"", int64(0)}, 4: {"exact", int64(70)}, 5: {"", int64(0)}}
	check := func(what string, got []Record) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: %d records, want %d", what, len(got), len(want))
		}
		for _, r := range got {
			if w := want[r.Seed]; r.Step != w[0] || r.StepNodes != w[1] {
				t.Errorf("%s: seed %d step %q (%d nodes), want %q (%d)", what, r.Seed, r.Step, r.StepNodes, w[0], w[1])
			}
		}
	}
	f, err := ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	check("read", f.Records)
	m, err := Merge([]string{name}, anyGame)
	if err != nil {
		t.Fatal(err)
	}
	check("merged", m.Records)
	w, got, err := Resume(name, h, anyGame)
	if err != nil {
		t.Fatal(err)
	}
	check("resumed", got)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	// A record made from a solve keeps the step only for a decided deal.
	if r := RecordOf(7, solver.Unknown, "max-nodes", 10, 1, 0, "exact", 5); r.Step != "" || r.StepNodes != 0 {
		t.Errorf("an unknown deal recorded with step %q (%d nodes)", r.Step, r.StepNodes)
	}
	if r := RecordOf(7, solver.Winnable, "", 10, 1, 3, "luby", 5); r.Step != "luby" || r.StepNodes != 5 || r.Moves != 3 {
		t.Errorf("a won deal recorded as %+v", r)
	}
	line := marshalLine(RecordOf(7, solver.Unwinnable, "", 10, 1, 0, "", 0))
	if strings.Contains(string(line), "step") {
		t.Errorf("a record without a step writes it: %s", line)
	}
}

// TestSizeText: a size is a whole number of the largest binary unit it is
// one of, as --tt-mem is written, else three significant digits; the one
// formatter of the summary's tt-mem and bench's memory columns.
func TestSizeText(t *testing.T) {
	for _, c := range []struct {
		b    uint64
		want string
	}{
		{0, "0B"}, {512, "512B"}, {1023, "1023B"}, {1024, "1KiB"}, {1536, "1.50KiB"}, {3584, "3.50KiB"},
		{256 << 20, "256MiB"}, {3 << 30, "3GiB"}, {3<<30 + 1, "3.00GiB"}, {100 << 20, "100MiB"},
		{100<<20 + 5, "100MiB"}, {95_300_000, "90.9MiB"}, {1 << 40, "1TiB"}, {5 << 50, "5120TiB"},
	} {
		if got := SizeText(c.b); got != c.want {
			t.Errorf("SizeText(%d) = %q, want %q", c.b, got, c.want)
		}
	}
	if got := SizeText(int64(-1)); got != "0B" {
		t.Errorf("SizeText(-1) = %q, want 0B", got)
	}
}
