package solution

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	seed := uint64(18446744073709551615)
	wrap := true
	in := Solution{
		Game:   "ventaglio",
		Rules:  Rules{Play: "free", Passes: 3, ProvisionalWrap: &wrap, EmptyProvisional: "fill"},
		Seed:   &seed,
		Deal:   []string{"8C", "7D"},
		Result: "winnable",
		Moves:  []Move{{From: "arc", To: "f1", Card: "8C"}, {From: "waste", To: "stock"}},
		Stats:  Stats{Nodes: 12, CacheHits: 3, ElapsedMS: 7, MaxDepth: 2},
	}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"game":"ventaglio","rules":{"play":"free","passes":3,"provisional_wrap":true,"empty_provisional":"fill"},` +
		`"seed":18446744073709551615,"deal":["8C","7D"],"result":"winnable",` +
		`"moves":[{"from":"arc","to":"f1","card":"8C"},{"from":"waste","to":"stock"}],` +
		`"stats":{"nodes":12,"cache_hits":3,"elapsed_ms":7,"max_depth":2}}`
	if string(b) != want {
		t.Fatalf("JSON\n %s\nwant\n %s", b, want)
	}
	out, err := Read(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if *out.Seed != seed || !out.Rules.Wrap() || out.Moves[1].Card != "" || out.Stats.Nodes != 12 || len(out.Deal) != 2 {
		t.Errorf("read back %+v", out)
	}
}

// Other games omit Il Ventaglio's options and a deal file's seed.
func TestOmitted(t *testing.T) {
	b, err := json.Marshal(Solution{Game: "reloj", Rules: Rules{Play: "forced", Passes: 2}, Deal: []string{"1O"}, Result: "unwinnable"})
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"provisional_wrap", "empty_provisional", "seed", "moves", "reason", "max_depth"} {
		if strings.Contains(string(b), `"`+key+`"`) {
			t.Errorf("%s present in %s", key, b)
		}
	}
	if (Rules{}).Wrap() {
		t.Error("nil ProvisionalWrap reads as true")
	}
}

func TestRulesFlags(t *testing.T) {
	no := false
	for _, c := range []struct {
		r    Rules
		want string
	}{
		{Rules{Play: "forced", Passes: 2}, "play=forced passes=2"},
		{Rules{Play: "free", Passes: 3, ProvisionalWrap: &no, EmptyProvisional: "fill"},
			"play=free passes=3 provisional-wrap=false empty-provisional=fill"},
	} {
		if got := c.r.Flags(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.r, got, c.want)
		}
	}
	// The clocks have no options: not "play none, passes 1", nor "play ,
	// passes 1" for their one pass alone; written back as {}.
	for _, r := range []Rules{{Play: "none", Passes: 1}, {Passes: 1}, {}} {
		b, _ := json.Marshal(r)
		if got := r.String(); got != "no choices" || r.Flags() != "no choices" || string(b) != "{}" {
			t.Errorf("clock rules %+v: %q, %q, %s", r, got, r.Flags(), b)
		}
	}
	if got := (Rules{Play: "forced", Passes: 0}).String(); got != "play forced, passes unlimited" {
		t.Errorf("reloj rules: %q", got)
	}
}

func TestMoveString(t *testing.T) {
	if s := (Move{From: "stock", To: "pile:3", Card: "4O"}).String(); s != "stock -> pile:3 4O" {
		t.Errorf("got %q", s)
	}
	if s := (Move{From: "waste", To: "stock"}).String(); s != "waste -> stock" {
		t.Errorf("got %q", s)
	}
}

// TestReadClockRules: the rules of a game without choices ({}, the old
// play "none" with one pass, or one of the old keys alone) are the game's to
// check (games.Entry.Resolve), not refused for a key left out.
func TestReadClockRules(t *testing.T) {
	for _, c := range []struct {
		rules string
		want  Rules
	}{
		{`{}`, Rules{}},
		{`{"play":"none","passes":1}`, Rules{Play: "none", Passes: 1}},
		{`{"passes":1}`, Rules{Passes: 1}},
		{`{"play":"none"}`, Rules{Play: "none"}},
	} {
		sol, err := Read(strings.NewReader(`{"game":"orologio","rules":` + c.rules + `,"deal":["1O"],"result":"unknown"}`))
		if err != nil || sol.Rules != c.want {
			t.Errorf("rules %s: %+v, %v", c.rules, sol, err)
		}
	}
	// Without play, passes other than one are no clock's.
	for _, rules := range []string{`{"passes":0}`, `{"passes":2}`, `{"passes":1,"provisional_wrap":true}`} {
		if _, err := Read(strings.NewReader(`{"game":"orologio","rules":` + rules + `,"deal":["1O"],"result":"unknown"}`)); err == nil || err.Error() != `solution has no "rules.play" (a game without choices has "rules": {})` {
			t.Errorf("rules %s: %v", rules, err)
		}
	}
}

func TestReadErrors(t *testing.T) {
	for _, c := range []struct{ in, part string }{
		{``, "empty: no solution object (the output of solve --json)"},
		{" \n", "empty: no solution object (the output of solve --json)"},
		{"\ufeff\n", "empty: no solution object (the output of solve --json)"},
		{`{"game":`, "invalid solution JSON: the object ends early, after 8 bytes (a file cut short?)"},
		{`{"game": "reloj",, }`, "invalid solution JSON at byte offset 17: ',' where a quoted key should start"},
		{`[1,2]`, "not a solution object: the file holds a JSON array (a list of moves alone is read by solve --game G (--seed N | --deal FILE) --after FILE)"},
		{` []`, "not a solution object: the file holds a JSON array (a list of moves alone is read by solve --game G (--seed N | --deal FILE) --after FILE)"},
		{`null`, "not a solution object: the file holds JSON null"},
		{`{"game": 3}`, `invalid solution JSON at byte offset 9: "game" must be a string, not a number`},
		// A deal file given for a solution, and other text.
		{"6E CE 7O 4E SB 1E\n", "not JSON: this looks like a deal file (solve and deal take one with --deal)"},
		{"# my deal\n\ufeffAS 2H\n3C 4D\n", "not JSON: a solution is the JSON object solve --json prints"},
		{"# my deal\nAS 2H\n3C 4D\n", "not JSON: this looks like a deal file (solve and deal take one with --deal)"},
		{"hello", "not JSON: a solution is the JSON object solve --json prints"},
		{"\xff\xfe{\x00}\x00", "the file is UTF-16 text (it starts with a UTF-16 byte-order mark): save it as UTF-8"},
		{`{"deal": ["1O"]}`, `solution has no "game"`},
		{`{"game": "reloj"}`, `solution has no "deal"`},
		{`{"game": "reloj", "deal": []}`, `solution has no "deal"`},
		{`{"game":"reloj","rules":{"play":"forced"},"deal":["1O"]}`, `solution has no "result"`},
		{`{"game":"reloj","rules":{"play":"forced"},"deal":["1O"],"result":"bogus"}`, `solution's "result" is "bogus": want winnable, unwinnable or unknown`},
		// A null move would read as a move with no places.
		{`{"game":"reloj","rules":{"play":"forced","passes":2},"deal":["1O"],"result":"winnable","moves":[{"from":"stock","to":"waste","card":"1O"}, null ]}`, `moves[1] (move 2) is null: a move is an object {"from", "to", "card"}`},
		// No passes (or null) would read as 0, unlimited passes.
		{`{"game":"reloj","rules":{"play":"forced"},"deal":["1O"],"result":"winnable"}`, `solution has no "rules.passes" (0 for unlimited passes)`},
		{"\ufeff" + `{"game":"reloj","rules":{"play":"forced","passes":null},"deal":["1O"],"result":"winnable"}`, `solution has no "rules.passes" (0 for unlimited passes)`},
		{`{"game": "reloj", "deal": ["1O"], "seed": -1}`, `invalid solution JSON at byte offset 42: "seed" must be 0 or more, not -1`},
		// A misspelt field is refused by name, not dropped.
		{`{"game": "reloj", "deal": ["1O"], "moves": [{"frm": "stock"}]}`, `invalid solution JSON at byte offset 45: unknown field "frm" in "moves[0]" (docs/spec/RULES.md, "Solutions (JSON)", lists the fields)`},
		// The offset is the key's, not the end of the object.
		{`{"game":"reloj","bogus":1}`, `invalid solution JSON at byte offset 16: unknown field "bogus" (docs/spec/RULES.md, "Solutions (JSON)", lists the fields)`},
		{`{"game": "reloj", "deal": ["1O"], "stat": {}}`, `invalid solution JSON at byte offset 34: unknown field "stat" (docs/spec/RULES.md, "Solutions (JSON)", lists the fields)`},
		{`{"game":"reloj","rules":{"play":"forced"},"deal":["1O"],"result":"winnable"} {}`, "invalid solution JSON: more after the first object at byte offset 77 (give one solution; several go in a JSONL file, one on each line, which verify reads)"},
		{`{"game":"reloj","rules":{"play":"forced"},"deal":["1O"],"result":"winnable"} junk`, "invalid solution JSON: more after the first object at byte offset 77 (give one solution and nothing after it)"},
		// A key given twice is refused, not read as its last value.
		{`{"game":"reloj","game":"sietes"}`, `invalid solution JSON at byte offset 16: duplicate key "game"`},
		{`{"game":"reloj","rules":{"play":"free","Play":"forced"}}`, `invalid solution JSON at byte offset 39: duplicate key "Play" in "rules"`},
		{`{"game":"reloj","moves":[{"from":"stock","to":"waste","to":"pile:1"}]}`, `invalid solution JSON at byte offset 54: duplicate key "to" in "moves[0]"`},
		// hint --json's object, given for a line: said so, with what writes one.
		{`{"game":"reloj","seed":1,"after":30,"result":"winnable","next":{"from":"stock","to":"pile:2","card":"3C"}}`, "this is a hint object (hint --json), not a solution object: solve --after FILE --moves K --json writes the whole line, which verify replays"},
		{`{"game":"reloj","next":{}}`, "this is a hint object (hint --json), not a solution object: solve --after FILE --moves K --json writes the whole line, which verify replays"},
		{`{"game":"reloj","rules":{"after":1}}`, `invalid solution JSON at byte offset 25: unknown field "after" in "rules" (docs/spec/RULES.md, "Solutions (JSON)", lists the fields)`},
		// analyze --jsonl's file, given for a line: said so, with what reads it.
		{`{"kind":"run","format":1,"game":"reloj"}`, "this is a file of analyze --jsonl (its first line a run header), not a solution object: merge and report read it"},
		{`{"kind":"run","format":1,"game":"reloj"}` + "\n" + `{"seed":1,"result":"winnable","nodes":63,"ms":0.5,"moves":62}` + "\n", "this is a file of analyze --jsonl (its first line a run header), not a solution object: merge and report read it"},
		// Over the limit: too large, with the limit, not "unexpected EOF".
		{`{"game": "reloj", "deal": ["1O"], "moves": [` + strings.Repeat(`{"from":"stock","to":"waste"},`, MaxBytes/29) + `{}]}`, "file too large for a solution (over 64 MiB)"},
	} {
		_, err := Read(strings.NewReader(c.in))
		if err == nil || err.Error() != c.part {
			t.Errorf("Read(%.60q) error %v, want %q", c.in, err, c.part)
		}
	}
}

// TestReadMoves: a JSON list of moves, or a solution object, with Read's
// checks: a misspelt field, a list cut short, a second value and the size
// bound are refused, worded as Read words them.
func TestReadMoves(t *testing.T) {
	moves, sol, err := ReadMoves(strings.NewReader(` [{"from":"stock","to":"waste","card":"1O"}]`))
	if err != nil || sol != nil || len(moves) != 1 || moves[0] != (Move{From: "stock", To: "waste", Card: "1O"}) {
		t.Errorf("a list: %v %v %v", moves, sol, err)
	}
	moves, sol, err = ReadMoves(strings.NewReader(`{"game":"reloj","rules":{"play":"forced","passes":2},"deal":["1O"],"result":"winnable","moves":[{"from":"stock","to":"waste","card":"1O"}]}`))
	if err != nil || sol == nil || sol.Game != "reloj" || len(moves) != 1 {
		t.Errorf("an object: %v %v %v", moves, sol, err)
	}
	for _, c := range []struct{ in, part string }{
		{``, "empty: no solution object (the output of solve --json)"},
		{`[{"frm":"stock"}]`, `invalid list of moves JSON at byte offset 2: unknown field "frm" in "[0]" (docs/spec/RULES.md, "Solutions (JSON)", lists the fields)`},
		{`[{"from":"stock"}`, "invalid list of moves JSON: the list ends early, after 17 bytes (a file cut short?)"},
		{`[] []`, "invalid list of moves JSON: more after the first list at byte offset 3 (give one list of moves and nothing after it)"},
		{`[{"from": 3}]`, `invalid list of moves JSON at byte offset 10: "[0].from" must be a string, not a number`},
		{"\ufeff[{\"from\": 3}]", `invalid list of moves JSON at byte offset 13: "[0].from" must be a string, not a number`},
		{"6E CE 7O 4E SB 1E\n", "not JSON: this looks like a deal file (solve and deal take one with --deal)"},
		{`"x"`, "not a solution object: the file holds a JSON string"},
		{`[ null ]`, `[0] (move 1) is null: a move is an object {"from", "to", "card"}`},
		{`{"game": "reloj"}`, `solution has no "deal"`},
		{`[` + strings.Repeat(`{"from":"stock","to":"waste"},`, MaxBytes/29) + `{}]`, "file too large for a solution (over 64 MiB)"},
	} {
		if _, _, err := ReadMoves(strings.NewReader(c.in)); err == nil || err.Error() != c.part {
			t.Errorf("ReadMoves(%.40q) error %v, want %q", c.in, err, c.part)
		}
	}
}

// FuzzRead: Read never panics; what it accepts has a game and a deal, and
// survives a round trip through JSON.
func FuzzRead(f *testing.F) {
	f.Add([]byte(`{"game":"reloj","rules":{"play":"forced","passes":2},"seed":1,"deal":["6E","CE"],"result":"winnable","moves":[{"from":"stock","to":"pile:6","card":"6E"}],"stats":{"nodes":1,"elapsed_ms":0}}`))
	f.Add([]byte(`{"game":"ventaglio","rules":{"provisional_wrap":true},"deal":["AS"]}`))
	f.Add([]byte(`{"game": "x", "deal": [""], "seed": 18446744073709551615}`))
	f.Add([]byte(`{"game":"reloj",,}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Read(bytes.NewReader(data))
		if err != nil {
			if s != nil {
				t.Fatal("solution returned with an error")
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		if s.Game == "" || len(s.Deal) == 0 {
			t.Fatalf("accepted a solution without game or deal: %+v", s)
		}
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		s2, err := Read(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("re-encoded solution does not read: %v", err)
		}
		b2, _ := json.Marshal(s2)
		if !bytes.Equal(b, b2) {
			t.Fatalf("round trip differs:\n%s\n%s", b, b2)
		}
	})
}

// countingZeros is an endless text of NUL bytes (as /dev/zero) after head,
// counting what is read of it.
type countingZeros struct {
	head string
	read int
}

func (z *countingZeros) Read(p []byte) (int, error) {
	n := copy(p, z.head)
	z.head = z.head[n:]
	clear(p[n:])
	z.read += len(p)
	return len(p), nil
}

// TestReadNotJSONEarly: a text whose first byte starts no JSON value is
// refused as not JSON after its first PeekBytes, by Read and ReadMoves
// alike (an endless /dev/zero was read to MaxBytes before); white space
// first is not that byte (after 100 KiB of spaces the text is read to the
// bound, as any text that may be JSON).
func TestReadNotJSONEarly(t *testing.T) {
	want := "not JSON: a solution is the JSON object solve --json prints"
	for _, read := range []func(io.Reader) error{
		func(r io.Reader) error { _, err := Read(r); return err },
		func(r io.Reader) error { _, _, err := ReadMoves(r); return err },
	} {
		z := &countingZeros{}
		if err := read(z); err == nil || err.Error() != want {
			t.Errorf("zeros: error %v, want %q", err, want)
		}
		if z.read > 2*PeekBytes {
			t.Errorf("zeros: %d bytes read, want at most %d", z.read, 2*PeekBytes)
		}
		z = &countingZeros{head: "\ufeff x"}
		if err := read(z); err == nil || err.Error() != want || z.read > 2*PeekBytes {
			t.Errorf("BOM, space, x: error %v after %d bytes", err, z.read)
		}
		z = &countingZeros{head: strings.Repeat(" ", 100<<10)}
		if err := read(z); err == nil || err.Error() != "file too large for a solution (over 64 MiB)" || z.read <= MaxBytes {
			t.Errorf("spaces then zeros: error %v after %d bytes", err, z.read)
		}
	}
}

// TestReadTextLargeFile: a regular file over MaxBytes is refused from its
// size, before a byte is read (it was read whole first, about 300 MB).
func TestReadTextLargeFile(t *testing.T) {
	name := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(name, []byte(`{"game":"reloj"`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(name, MaxBytes+1); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	data, err := ReadText(f)
	if !errors.Is(err, ErrTooLarge) || data != nil {
		t.Errorf("ReadText of a file of MaxBytes+1: %d bytes, error %v; want nothing and ErrTooLarge", len(data), err)
	}
	if off, _ := f.Seek(0, io.SeekCurrent); off != 0 {
		t.Errorf("ReadText read %d bytes first", off)
	}
	if _, err := Read(f); err == nil || err.Error() != "file too large for a solution (over 64 MiB)" {
		t.Errorf("Read: %v", err)
	}
}
