package analysis

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
)

// fakeRecord is a deterministic answer per seed, with every kind of result.
func fakeRecord(seed uint64) Record {
	r := Record{Seed: seed, Nodes: int64(seed*7919%1000 + 1), MS: float64(seed%13) / 8}
	switch {
	case seed%11 == 0:
		r.Result, r.Reason = Unknown, solver.ReasonMaxNodes
	case seed%3 == 0:
		r.Result, r.Moves = Winnable, int(seed%50)+1
	default:
		r.Result = Unwinnable
	}
	return r
}

// fakeSolve answers like a game's search: a cancelled context stops it.
func fakeSolve(ctx context.Context, worker int, seed uint64) (Record, error) {
	if ctx.Err() != nil {
		return Record{Seed: seed, Result: Unknown, Reason: solver.ReasonStopped}, nil
	}
	return fakeRecord(seed), nil
}

func testHeader(seeds Range, shard Shard, workers int) Header {
	return NewHeader(KindRun, "fake", solution.Rules{Play: "forced", Passes: 2}, "default",
		Limits{MaxNodes: 1000, TTMem: 64 << 20, Table: "flat"}, seeds, shard, workers)
}

func sortedSeeds(recs []Record) []uint64 {
	var s []uint64
	for _, r := range recs {
		s = append(s, r.Seed)
	}
	slices.Sort(s)
	return s
}

func TestRunEveryWorkerCount(t *testing.T) {
	r := Range{10, 509}
	var want []Record
	for s := range Seeds(r, Shard{}) {
		want = append(want, fakeRecord(s))
	}
	for _, workers := range []int{1, 2, 7} {
		var got []Record
		out, err := Run(context.Background(), Config{Workers: workers, Seeds: Seeds(r, Shard{}), Solve: fakeSolve,
			Emit: func(rec Record) error { got = append(got, rec); return nil }})
		if err != nil || !out.Complete || out.Interrupted || out.Done != 500 {
			t.Fatalf("workers %d: %+v, %v", workers, out, err)
		}
		slices.SortFunc(got, func(a, b Record) int { return int(a.Seed) - int(b.Seed) })
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("workers %d: records differ", workers)
		}
	}
}

func TestRunStopsOnError(t *testing.T) {
	boom := errors.New("boom")
	var calls atomic.Int64
	out, err := Run(context.Background(), Config{Workers: 3, Seeds: Seeds(Range{1, 100000}, Shard{}),
		Solve: func(ctx context.Context, w int, seed uint64) (Record, error) {
			calls.Add(1)
			if seed == 50 {
				return Record{}, boom
			}
			return fakeSolve(ctx, w, seed)
		},
		Emit: func(Record) error { return nil }})
	if !errors.Is(err, boom) || out.Complete || out.Interrupted {
		t.Fatalf("got %+v, %v; want the error", out, err)
	}
	if calls.Load() > 1000 {
		t.Errorf("%d deals solved after the error", calls.Load())
	}
}

// TestInterruptAndResume kills a run after K records (the context is
// cancelled, as Ctrl-C does), resumes it from the JSONL, and checks that the
// summary equals an uninterrupted run's, with no seed recorded twice.
func TestInterruptAndResume(t *testing.T) {
	dir := t.TempDir()
	seeds := Range{1, 2000}
	full, err := Analyze(context.Background(), Job{Header: testHeader(seeds, Shard{}, 3), JSONL: filepath.Join(dir, "full.jsonl"), Solve: fakeSolve})
	if err != nil || !full.Outcome.Complete {
		t.Fatalf("uninterrupted run: %+v, %v", full, err)
	}
	name := filepath.Join(dir, "cut.jsonl")
	for _, k := range []int{1, 137} {
		os.Remove(name)
		ctx, cancel := context.WithCancel(context.Background())
		var got []Record
		first, err := Analyze(ctx, Job{Header: testHeader(seeds, Shard{}, 3), JSONL: name, Solve: fakeSolve,
			OnRecord: func(r Record) {
				if got = append(got, r); len(got) == k {
					cancel()
				}
			}})
		cancel()
		if err != nil || !first.Outcome.Interrupted || first.Outcome.Complete {
			t.Fatalf("k=%d: interrupted run: %+v, %v", k, first.Outcome, err)
		}
		done := len(got)
		if done < k || done >= 2000 {
			t.Fatalf("k=%d: %d records after the interruption", k, done)
		}
		if !reflect.DeepEqual(first.Summary, Summarize(got)) || first.Summary.Deals != done {
			t.Fatalf("k=%d: summary so far %+v", k, first.Summary)
		}
		f, err := ReadFile(name)
		if err != nil || f.Torn != 0 || len(f.Records) != done {
			t.Fatalf("k=%d: file after interruption: %d records, torn %d, %v", k, len(f.Records), f.Torn, err)
		}
		var remaining uint64
		second, err := Analyze(context.Background(), Job{Header: testHeader(seeds, Shard{}, 2), JSONL: name, Resume: true, Lookup: anyGame, Solve: fakeSolve,
			OnStart: func(rem uint64, resumed int) { remaining = rem }})
		if err != nil || !second.Outcome.Complete || second.Resumed != done || second.Outcome.Done != 2000-done || remaining != uint64(2000-done) {
			t.Fatalf("k=%d: resumed run: %+v resumed %d remaining %d, %v", k, second.Outcome, second.Resumed, remaining, err)
		}
		if !reflect.DeepEqual(second.Summary, full.Summary) {
			t.Fatalf("k=%d: resumed summary\n%+v\nwant\n%+v", k, second.Summary, full.Summary)
		}
		f, err = ReadFile(name)
		if err != nil || len(f.Records) != 2000 || len(f.Resumes) != 1 || f.Resumes[0].Workers != 2 || f.Header.Workers != 3 {
			t.Fatalf("k=%d: final file: %d records, %d resumes, %v", k, len(f.Records), len(f.Resumes), err)
		}
		if !slices.Equal(sortedSeeds(f.Records), slices.Collect(Seeds(seeds, Shard{}))) {
			t.Fatalf("k=%d: seeds recorded are not 1..2000 once each", k)
		}
		// A resume with nothing left to do leaves the file as it is: no
		// "resume" line each time.
		before, _ := os.ReadFile(name)
		third, err := Analyze(context.Background(), Job{Header: testHeader(seeds, Shard{}, 2), JSONL: name, Resume: true, Lookup: anyGame, Solve: fakeSolve})
		after, _ := os.ReadFile(name)
		if err != nil || third.Outcome.Done != 0 || !reflect.DeepEqual(third.Summary, full.Summary) || !bytes.Equal(before, after) {
			t.Fatalf("k=%d: resume of a finished file: %+v, %v; file changed %t", k, third.Outcome, err, !bytes.Equal(before, after))
		}
	}
}

func TestResumeTornLastLine(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "torn.jsonl")
	h := testHeader(Range{1, 300}, Shard{1, 3}, 2)
	var records []Record
	want, err := Analyze(context.Background(), Job{Header: h, JSONL: filepath.Join(dir, "ref.jsonl"), Solve: fakeSolve,
		OnRecord: func(r Record) { records = append(records, r) }})
	if err != nil {
		t.Fatal(err)
	}
	// A file cut by a crash in the middle of its 41st record line.
	var buf bytes.Buffer
	h.Kind = KindRun
	buf.Write(marshalLine(h))
	for _, r := range records[:40] {
		buf.Write(marshalLine(r))
	}
	line := marshalLine(records[40])
	buf.Write(line[:len(line)/2])
	os.WriteFile(name, buf.Bytes(), 0o644)

	f, err := ReadFile(name)
	if err != nil || f.Torn != int64(len(line)/2) || len(f.Records) != 40 {
		t.Fatalf("torn file read: torn %d, %d records, %v", f.Torn, len(f.Records), err)
	}
	rep, err := Analyze(context.Background(), Job{Header: h, JSONL: name, Resume: true, Lookup: anyGame, Solve: fakeSolve})
	if err != nil || rep.Resumed != 40 || !reflect.DeepEqual(rep.Summary, want.Summary) {
		t.Fatalf("resume of a torn file: resumed %d, %v\n%+v\nwant %+v", rep.Resumed, err, rep.Summary, want.Summary)
	}
	f, err = ReadFile(name)
	if err != nil || f.Torn != 0 || len(f.Records) != 100 {
		t.Fatalf("after resume: %d records, torn %d, %v", len(f.Records), f.Torn, err)
	}

	// A last line complete but for its newline is kept.
	data, _ := os.ReadFile(filepath.Join(dir, "ref.jsonl"))
	lines := bytes.SplitAfter(data, []byte("\n"))
	part := bytes.Join(lines[:11], nil)
	os.WriteFile(name, part[:len(part)-1], 0o644)
	rep, err = Analyze(context.Background(), Job{Header: h, JSONL: name, Resume: true, Lookup: anyGame, Solve: fakeSolve})
	if err != nil || rep.Resumed != 10 || rep.Summary.Deals != 100 {
		t.Fatalf("resume without final newline: resumed %d, deals %d, %v", rep.Resumed, rep.Summary.Deals, err)
	}
	if _, err := ReadFile(name); err != nil {
		t.Fatalf("file after resume without final newline: %v", err)
	}
}

func TestResumeRejects(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "run.jsonl")
	h := testHeader(Range{1, 50}, Shard{}, 1)
	if _, err := Analyze(context.Background(), Job{Header: h, JSONL: name, Solve: fakeSolve}); err != nil {
		t.Fatal(err)
	}
	if _, err := Analyze(context.Background(), Job{Header: h, JSONL: name, Solve: fakeSolve}); err == nil || !strings.Contains(err.Error(), "--resume") {
		t.Errorf("a second run over the file: %v, want a refusal naming --resume", err)
	}
	other := []struct {
		name string
		edit func(*Header)
		msg  string
	}{
		{"game", func(h *Header) { h.Game = "other" }, "game " + h.Game + ", not other as this command asks"},
		{"rules", func(h *Header) { h.Rules.Passes = 3 }, "rules"},
		{"limits", func(h *Header) { h.Limits.MaxNodes = 5 }, "limits"},
		{"strategy", func(h *Header) { h.Strategy = "dfs" }, "strategy"},
		{"seeds", func(h *Header) { h.Seeds.To = 60 }, "seeds 1..50, not 1..60 as this command asks"},
		{"shard", func(h *Header) { h.Shard = Shard{0, 2} }, "shard 0/1, not 0/2"},
	}
	for _, o := range other {
		h2 := h
		o.edit(&h2)
		_, err := Analyze(context.Background(), Job{Header: h2, JSONL: name, Resume: true, Lookup: anyGame, Solve: fakeSolve})
		if err == nil || !strings.Contains(err.Error(), o.msg) {
			t.Errorf("resume with another %s: %v", o.name, err)
		}
	}
	// A corrupt line that is not the last is an error with its line number.
	data, _ := os.ReadFile(name)
	lines := bytes.SplitAfter(data, []byte("\n"))
	lines[5] = []byte("{\"seed\":5,\"result\":\"maybe\",\"nodes\":1,\"ms\":0}\n")
	os.WriteFile(name, bytes.Join(lines, nil), 0o644)
	if _, err := Analyze(context.Background(), Job{Header: h, JSONL: name, Resume: true, Lookup: anyGame, Solve: fakeSolve}); err == nil || !strings.Contains(err.Error(), name+":6:") {
		t.Errorf("corrupt line 6: %v", err)
	}
	lines[5] = []byte("{\"seed\":5,\"res\n")
	os.WriteFile(name, bytes.Join(lines, nil), 0o644)
	if _, err := ReadFile(name); err == nil || !strings.Contains(err.Error(), name+":6:") {
		t.Errorf("torn line 6 of 51: %v", err)
	}
	// A seed twice.
	lines[5] = lines[4]
	os.WriteFile(name, bytes.Join(lines, nil), 0o644)
	if _, err := Analyze(context.Background(), Job{Header: h, JSONL: name, Resume: true, Lookup: anyGame, Solve: fakeSolve}); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("duplicate seed: %v", err)
	}
	if _, err := Analyze(context.Background(), Job{Header: h, Resume: true, Lookup: anyGame, Solve: fakeSolve}); err == nil {
		t.Errorf("--resume without a file accepted")
	}
}

func TestResumeStartsMissingFile(t *testing.T) {
	name := filepath.Join(t.TempDir(), "new.jsonl")
	rep, err := Analyze(context.Background(), Job{Header: testHeader(Range{1, 20}, Shard{}, 2), JSONL: name, Resume: true, Lookup: anyGame, Solve: fakeSolve})
	if err != nil || rep.Resumed != 0 || rep.Summary.Deals != 20 {
		t.Fatalf("resume of a missing file: %+v, %v", rep, err)
	}
	f, err := ReadFile(name)
	if err != nil || f.Header.Kind != KindRun || len(f.Resumes) != 0 || len(f.Records) != 20 {
		t.Fatalf("file: %+v, %v", f, err)
	}
}

// TestResumeDevNull: --resume on /dev/null, which a run without --resume
// writes to, runs (it holds nothing, so nothing is cut off: truncating it
// failed with EINVAL), as does a file holding only a torn run header, which
// starts afresh.
func TestResumeDevNull(t *testing.T) {
	if _, err := os.Stat(os.DevNull); err != nil || os.DevNull != "/dev/null" {
		t.Skip("no /dev/null")
	}
	rep, err := Analyze(context.Background(), Job{Header: testHeader(Range{1, 20}, Shard{}, 2), JSONL: os.DevNull, Resume: true, Lookup: anyGame, Solve: fakeSolve})
	if err != nil || rep.Resumed != 0 || rep.Summary.Deals != 20 {
		t.Fatalf("resume of /dev/null: %+v, %v", rep, err)
	}
	name := filepath.Join(t.TempDir(), "torn.jsonl")
	if err := os.WriteFile(name, []byte(`{"kind":"run","format":1,"com`), 0o644); err != nil {
		t.Fatal(err)
	}
	if rep, err := Analyze(context.Background(), Job{Header: testHeader(Range{1, 20}, Shard{}, 2), JSONL: name, Resume: true, Lookup: anyGame, Solve: fakeSolve}); err != nil || rep.Summary.Deals != 20 {
		t.Fatalf("resume of a torn header: %+v, %v", rep, err)
	}
	f, err := ReadFile(name)
	if err != nil || f.Header.Kind != KindRun || len(f.Records) != 20 || f.Torn != 0 {
		t.Fatalf("file after a torn header: %+v, %v", f, err)
	}
}

// TestShardsMerge runs three shards to three files and checks that their
// merge has the single run's summary; merge refuses mixed analyses and a
// shard given twice.
func TestShardsMerge(t *testing.T) {
	dir := t.TempDir()
	seeds := Range{100, 1099}
	single, err := Analyze(context.Background(), Job{Header: testHeader(seeds, Shard{}, 2), Solve: fakeSolve})
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for k := range 3 {
		name := filepath.Join(dir, fmt.Sprintf("shard-%d.jsonl", k))
		if _, err := Analyze(context.Background(), Job{Header: testHeader(seeds, Shard{k, 3}, 2), JSONL: name, Solve: fakeSolve}); err != nil {
			t.Fatal(err)
		}
		files = append(files, name)
	}
	m, err := Merge(files, anyGame)
	if err != nil || len(m.Notes) != 0 || m.Incomplete {
		t.Fatalf("merge: %v, notes %v", err, m.Notes)
	}
	if got := Summarize(m.Records); !reflect.DeepEqual(got, single.Summary) {
		t.Fatalf("merged summary\n%+v\nwant\n%+v", got, single.Summary)
	}
	if _, err := Merge(append(files, files[1]), anyGame); err == nil || !strings.Contains(err.Error(), "given twice") {
		t.Errorf("a file twice: %v", err)
	}
	copyName := filepath.Join(dir, "copy.jsonl")
	data, _ := os.ReadFile(files[1])
	os.WriteFile(copyName, data, 0o644)
	if _, err := Merge(append(files, copyName), anyGame); err == nil || !strings.Contains(err.Error(), "both") {
		t.Errorf("a shard twice: %v", err)
	}
	otherName := filepath.Join(dir, "other.jsonl")
	h := testHeader(seeds, Shard{0, 3}, 2)
	h.Rules.Play = "free"
	if _, err := Analyze(context.Background(), Job{Header: h, JSONL: otherName, Solve: fakeSolve}); err != nil {
		t.Fatal(err)
	}
	if _, err := Merge([]string{files[1], otherName}, anyGame); err == nil || !strings.Contains(err.Error(), "rules") {
		t.Errorf("different rules: %v", err)
	}
	if m, err := Merge(files[1:], anyGame); err != nil || len(m.Notes) != 1 || !strings.Contains(m.Notes[0], "(0/3)") || !m.Incomplete {
		t.Errorf("shard 0/3 missing: notes %v, %v", m.Notes, err)
	}
	missing := filepath.Join(dir, "missing.jsonl")
	if _, err := Merge([]string{missing}, anyGame); err == nil || err.Error() != missing+": no such file or directory" {
		t.Errorf("missing file: %v", err)
	}
	// An incomplete shard is merged with a note.
	data, _ = os.ReadFile(files[2])
	os.WriteFile(files[2], data[:len(data)-10], 0o644)
	m, err = Merge(files, anyGame)
	if err != nil || len(m.Notes) != 2 || len(m.Records) != 999 || !m.Incomplete {
		t.Fatalf("torn shard: %d records, notes %v, %v", len(m.Records), m.Notes, err)
	}
}

// TestMergeRejectsForeignSeed: a record outside the header's seeds or shard
// is an error naming the file and line; a deal left out is noted by seed.
func TestMergeRejectsForeignSeed(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "run.jsonl")
	if _, err := Analyze(context.Background(), Job{Header: testHeader(Range{1, 50}, Shard{}, 1), JSONL: name, Solve: fakeSolve}); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(name)
	lines := bytes.SplitAfter(data, []byte("\n"))
	// lines[0] is the header, lines[2] the record of seed 2.
	if !bytes.Contains(lines[2], []byte(`"seed":2,`)) {
		t.Fatalf("line 3 is %q, want seed 2", lines[2])
	}
	for _, seed := range []string{"999", "0"} {
		bad := slices.Clone(lines)
		bad[2] = bytes.Replace(lines[2], []byte(`"seed":2,`), []byte(`"seed":`+seed+`,`), 1)
		os.WriteFile(name, bytes.Join(bad, nil), 0o644)
		if _, err := Merge([]string{name}, anyGame); err == nil || !strings.Contains(err.Error(), name+":3: seed "+seed+" is not in") {
			t.Errorf("seed %s in a 1..50 file: %v", seed, err)
		}
	}
	// The last line without its newline is whole, not torn: still rejected.
	bad := slices.Clone(lines[:len(lines)-1])
	bad[len(bad)-1] = []byte(`{"seed":51,"result":"unwinnable","nodes":1,"ms":0}`)
	os.WriteFile(name, bytes.Join(bad, nil), 0o644)
	if _, err := Merge([]string{name}, anyGame); err == nil || !strings.Contains(err.Error(), "seed 51 is not in") {
		t.Errorf("seed 51 on the last line: %v", err)
	}
	// Seeds 2 and 50 left out: noted.
	gone := append(slices.Clone(lines[:2]), lines[3:len(lines)-2]...)
	os.WriteFile(name, bytes.Join(gone, nil), 0o644)
	m, err := Merge([]string{name}, anyGame)
	if err != nil || len(m.Notes) != 1 || !strings.Contains(m.Notes[0], "48 of the 50 deals") || !strings.Contains(m.Notes[0], "missing seeds 2, 50 ") {
		t.Errorf("seeds 2 and 50 missing: %v, %v", m, err)
	}
	// In a shard the seeds of other shards are foreign too.
	shard := filepath.Join(dir, "shard.jsonl")
	if _, err := Analyze(context.Background(), Job{Header: testHeader(Range{1, 50}, Shard{1, 4}, 1), JSONL: shard, Solve: fakeSolve}); err != nil {
		t.Fatal(err)
	}
	data, _ = os.ReadFile(shard)
	data = bytes.Replace(data, []byte(`"seed":6,`), []byte(`"seed":7,`), 1)
	os.WriteFile(shard, data, 0o644)
	if _, err := Merge([]string{shard}, anyGame); err == nil || !strings.Contains(err.Error(), "seed 7 is not in") {
		t.Errorf("seed 7 in shard 1/4 of 1..50: %v", err)
	}
}

func TestMissingText(t *testing.T) {
	rec := func(seeds ...uint64) []Record {
		var rs []Record
		for _, s := range seeds {
			rs = append(rs, Record{Seed: s})
		}
		return rs
	}
	max := ^uint64(0)
	cases := []struct {
		seeds Range
		shard Shard
		recs  []Record
		want  string
	}{
		{Range{1, 10}, Shard{}, rec(3, 1, 7), "2, 4, 5, 6, 8, 9, 10"},
		{Range{1, 30}, Shard{}, rec(), "1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ..."},
		{Range{1, 10}, Shard{1, 3}, rec(5), "2, 8"},
		{Range{max - 5, max}, Shard{}, rec(max-5, max-3, max-1), "18446744073709551611, 18446744073709551613, 18446744073709551615"},
		{Range{max - 5, max}, Shard{}, rec(max), "18446744073709551610, 18446744073709551611, 18446744073709551612, 18446744073709551613, 18446744073709551614"},
		{Range{0, max}, Shard{}, rec(0, 1, 3), "2, 4, 5, 6, 7, 8, 9, 10, 11, 12, ..."},
	}
	for _, c := range cases {
		f := &File{Header: Header{Seeds: c.seeds, Shard: c.shard}, Records: c.recs}
		if got := missingText(f, 10); got != c.want {
			t.Errorf("%s shard %s with %v: %q, want %q", c.seeds, c.shard, c.recs, got, c.want)
		}
	}
}

// TestReadFileNotJSONL: a file that is not analyze's JSONL says so, whether
// or not it holds a newline; an empty file and a torn run header do not.
func TestReadFileNotJSONL(t *testing.T) {
	dir := t.TempDir()
	for i, data := range []string{"\x8f\x01\xffgarbage", "\x8f\x01\n\xff\xfe\n", "{\"seed\":1}\n", "hello"} {
		name := filepath.Join(dir, fmt.Sprintf("bad%d.deal", i))
		os.WriteFile(name, []byte(data), 0o644)
		want := name + ": not a solitario JSONL file (written by analyze --jsonl): line 1 is not a run header"
		if _, err := Merge([]string{name}, anyGame); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q: %v, want %q", data, err, want)
		}
	}
	// Solution objects (gen --out, solve --json): said so, with what reads them.
	for _, data := range []string{
		`{"game":"reloj","rules":{"play":"forced","passes":2},"seed":1,"deal":["6E"],"result":"winnable","moves":[]}` + "\n" + `{"game":"reloj"}` + "\n",
		`{"game":"reloj","rules":{"play":"forced","passes":2},"seed":1,"deal":["6E"],"result":"unwinnable","stats":{"nodes":1}}`,
	} {
		name := filepath.Join(dir, "gen.jsonl")
		os.WriteFile(name, []byte(data), 0o644)
		want := name + ": not a solitario JSONL file (written by analyze --jsonl): line 1 is a solution object (as gen --out and solve --json write), which verify reads"
		if _, err := Merge([]string{name}, anyGame); err == nil || err.Error() != want {
			t.Errorf("%.40q: %v, want %q", data, err, want)
		}
	}
	// Pretty-printed JSON (jq .): a solution object, several, another
	// object, said so, not "line 1 is not a run header".
	sol := "{\n  \"game\": \"reloj\",\n  \"deal\": [\"6E\"]\n}\n"
	for data, what := range map[string]string{
		sol:       "it holds a solution object over several lines (pretty-printed JSON, as jq . writes), which verify reads",
		sol + sol: "it holds solution objects over several lines each (pretty-printed JSON, as jq . writes), which verify reads one a line (jq -c .)",
		"{\n  \"kind\": \"run\"\n}\n{\n  \"seed\": 1\n}\n": "it holds a JSON object over several lines (pretty-printed JSON, as jq . writes), where analyze --jsonl writes one object a line",
	} {
		name := filepath.Join(dir, "pretty.json")
		os.WriteFile(name, []byte(data), 0o644)
		want := name + ": not a solitario JSONL file (written by analyze --jsonl): " + what
		if _, err := Merge([]string{name}, anyGame); err == nil || err.Error() != want {
			t.Errorf("%.40q: %v, want %q", data, err, want)
		}
	}
	for _, data := range []string{"", `{"ki`, `{"kind":"run","format":1,"com`} {
		name := filepath.Join(dir, "torn.jsonl")
		os.WriteFile(name, []byte(data), 0o644)
		if f, err := ReadFile(name); err != nil || f.Header.Kind != "" || f.Torn != int64(len(data)) {
			t.Errorf("%q: %+v, %v, want an empty header", data, f, err)
		}
	}
}

// TestOneWriterPerFile: while a run writes its file, a second analyze of the
// file is refused (two writers would record the same seeds twice, and resume
// and merge refuse such a file), and the file ends as the first run leaves
// it; the lock goes with the run.
func TestOneWriterPerFile(t *testing.T) {
	name := filepath.Join(t.TempDir(), "run.jsonl")
	h := testHeader(Range{1, 40}, Shard{}, 1)
	var second error
	var once sync.Once
	solve := func(ctx context.Context, worker int, seed uint64) (Record, error) {
		once.Do(func() {
			_, second = Analyze(ctx, Job{Header: h, JSONL: name, Resume: true, Lookup: anyGame, Solve: fakeSolve})
		})
		return fakeSolve(ctx, worker, seed)
	}
	rep, err := Analyze(context.Background(), Job{Header: h, JSONL: name, Resume: true, Lookup: anyGame, Solve: solve})
	if err != nil || rep.Summary.Deals != 40 {
		t.Fatalf("first run: %v", err)
	}
	if second == nil || !strings.Contains(second.Error(), name+" is in use by another run") {
		t.Errorf("second run on the file while the first writes it: %v, want a refusal", second)
	}
	f, err := ReadFile(name)
	if err != nil || len(f.Records) != 40 || len(f.Resumes) != 0 {
		t.Fatalf("the file after both: %v", err)
	}
	rep, err = Analyze(context.Background(), Job{Header: h, JSONL: name, Resume: true, Lookup: anyGame, Solve: fakeSolve})
	if err != nil || rep.Resumed != 40 || rep.Outcome.Done != 0 {
		t.Errorf("resume after the first run ended: resumed %d, solved %d, %v", rep.Resumed, rep.Outcome.Done, err)
	}
}

// TestReadFileLongLine: a line over the bound, the first or a later one, is
// an error naming the file and the line; the rest is not read.
func TestReadFileLongLine(t *testing.T) {
	dir := t.TempDir()
	head := string(marshalLine(testHeader(Range{1, 9}, Shard{}, 1)))
	for _, c := range []struct {
		text string
		line int
	}{
		{strings.Repeat("\x00", 1000), 1},
		{head + "\n" + strings.Repeat("x", 513) + "\n{}", 3},
	} {
		name := filepath.Join(dir, "long.jsonl")
		os.WriteFile(name, []byte(c.text), 0o644)
		want := fmt.Sprintf("%s:%d: the line is longer than 512 bytes", name, c.line)
		if _, err := readFile(name, 512); err == nil || err.Error() != want {
			t.Errorf("%.40q: %v, want %q", c.text, err, want)
		}
	}
	// A line of exactly the bound is read.
	name := filepath.Join(dir, "fits.jsonl")
	os.WriteFile(name, []byte(strings.Repeat("x", 64)+"\n"), 0o644)
	if _, _, err := eachLine(name, 64, func(jsonLine) error { return nil }); err != nil {
		t.Errorf("a line of 64 bytes: %v", err)
	}
}

// TestEachLineLong: lines longer than the read buffer come whole, with their
// numbers and ends, costing about their length in memory (not the multiples
// of a buffer grown as it is read); one over the bound is refused, also
// past the buffer.
func TestEachLineLong(t *testing.T) {
	name := filepath.Join(t.TempDir(), "long.jsonl")
	long := strings.Repeat("y", 4*lineBuffer+7)
	lines := []string{"a", long, "b", long + "z"}
	os.WriteFile(name, []byte(strings.Join(lines, "\n")), 0o644)
	ends := make([]int64, len(lines)+1)
	for i := range lines {
		ends[i+1] = int64(len(strings.Join(lines[:i+1], "\n")))
	}
	got := make([]string, 0, len(lines))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	size, blank, err := eachLine(name, 8*lineBuffer, func(l jsonLine) error {
		if l.end != ends[l.no] || l.last != (l.no == len(lines)) {
			t.Errorf("line %d: end %d, last %v; want end %d", l.no, l.end, l.last, ends[l.no])
		}
		got = append(got, string(l.text[:1])+fmt.Sprint(len(l.text)))
		return nil
	})
	runtime.ReadMemStats(&after)
	if want := []string{"a1", "y" + fmt.Sprint(len(long)), "b1", "y" + fmt.Sprint(len(long)+1)}; err != nil || !reflect.DeepEqual(got, want) || blank != 0 || size != int64(len(strings.Join(lines, "\n"))) {
		t.Fatalf("%v, %d, %d, %v; want %v", got, size, blank, err, want)
	}
	// The buffer, the two long lines and the strings the test keeps: well
	// under the 2 MiB a file read whole into a grown buffer costs.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(lineBuffer+2*len(long)+64<<10) {
		t.Errorf("reading %d bytes allocated %d", size, alloc)
	}
	if _, _, err := eachLine(name, 4*lineBuffer, func(jsonLine) error { return nil }); err == nil || err.Error() != fmt.Sprintf("%s:2: the line is longer than %d KiB", name, 4*lineBuffer>>10) {
		t.Errorf("over the bound: %v", err)
	}
}

// anyGame is Merge's games table for testHeader's "fake" game: every name
// is Del reloj, whose rules testHeader's are.
func anyGame(string) (games.Entry, error) { return games.Lookup("reloj") }
