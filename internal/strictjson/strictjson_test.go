package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

type move struct {
	From string `json:"from"`
	Card string `json:"card,omitempty"`
}

type rules struct {
	Play   string `json:"play"`
	Passes int    `json:"passes"`
	Wrap   *bool  `json:"wrap,omitempty"`
}

type doc struct {
	Game  string  `json:"game"`
	Seed  *uint64 `json:"seed,omitempty"`
	Rules rules   `json:"rules"`
	Moves []move  `json:"moves"`
	MS    float64 `json:"ms"`
	Small int8    `json:"small"`
	Extra any     `json:"extra"`
	skip  int
}

// TestDecodeErrors: each problem's kind, offset (0-based, in the text as
// given) and words, never encoding/json's.
func TestDecodeErrors(t *testing.T) {
	for _, c := range []struct {
		in   string
		kind Kind
		at   int64
		path string
		text string // Error()
	}{
		{`{"game":"reloj","bogus":1}`, Unknown, 16, "", `invalid JSON at byte offset 16: unknown field "bogus"`},
		{`{"game":"reloj", "moves":[{"from":"a"},{"frm":"b"}]}`, Unknown, 40, "moves[1]", `invalid JSON at byte offset 40: unknown field "frm" in "moves[1]"`},
		// A key valid elsewhere is unknown where it stands.
		{`{"moves":[{"from":"a"}],"from":1}`, Unknown, 24, "", `invalid JSON at byte offset 24: unknown field "from"`},
		{`{"seed":"x"}`, Type, 8, "seed", `invalid JSON at byte offset 8: "seed" must be a whole number, 0 or more, not a string`},
		{`{"seed":-1}`, Type, 8, "seed", `invalid JSON at byte offset 8: "seed" must be 0 or more, not -1`},
		{`{"seed":1.5}`, Type, 8, "seed", `invalid JSON at byte offset 8: "seed" must be a whole number, 0 or more, not 1.5`},
		{`{"seed":18446744073709551616}`, Type, 8, "seed", `invalid JSON at byte offset 8: "seed" must be at most 18446744073709551615, not 18446744073709551616`},
		// A whole value written with an exponent or a point is judged by
		// its value: out of range it says the range, as for digits.
		{`{"seed":1e+30}`, Type, 8, "seed", `invalid JSON at byte offset 8: "seed" must be at most 18446744073709551615, not 1e+30`},
		{`{"seed":-1e3}`, Type, 8, "seed", `invalid JSON at byte offset 8: "seed" must be 0 or more, not -1e3`},
		{`{"seed":1E2}`, Type, 8, "seed", `invalid JSON at byte offset 8: "seed" must be written in digits (100), not 1E2`},
		{`{"rules":{"passes":1e+30}}`, Type, 19, "rules.passes", `invalid JSON at byte offset 19: "rules.passes" must be at most 9223372036854775807, not 1e+30`},
		{`{"rules":{"passes":-1e999999999}}`, Type, 19, "rules.passes", `invalid JSON at byte offset 19: "rules.passes" must be at least -9223372036854775808, not -1e999999999`},
		{`{"seed":1e99999}`, Type, 8, "seed", `invalid JSON at byte offset 8: "seed" must be at most 18446744073709551615, not 1e99999`},
		{`{"seed":1e-99999999999}`, Type, 8, "seed", `invalid JSON at byte offset 8: "seed" must be a whole number, 0 or more, not 1e-99999999999`},
		{`{"rules":{"passes":2.0}}`, Type, 19, "rules.passes", `invalid JSON at byte offset 19: "rules.passes" must be written in digits (2), not 2.0`},
		{`{"small":1e3}`, Type, 9, "small", `invalid JSON at byte offset 9: "small" must be at most 127, not 1e3`},
		{`{"small":200}`, Type, 9, "small", `invalid JSON at byte offset 9: "small" must be at most 127, not 200`},
		{`{"small":-200}`, Type, 9, "small", `invalid JSON at byte offset 9: "small" must be at least -128, not -200`},
		{`{"rules":{"passes":"2"}}`, Type, 19, "rules.passes", `invalid JSON at byte offset 19: "rules.passes" must be a whole number, not a string`},
		{`{"rules":{"wrap":1}}`, Type, 17, "rules.wrap", `invalid JSON at byte offset 17: "rules.wrap" must be true or false, not a number`},
		{`{"game":true}`, Type, 8, "game", `invalid JSON at byte offset 8: "game" must be a string, not true`},
		{`{"moves":{}}`, Type, 9, "moves", `invalid JSON at byte offset 9: "moves" must be a JSON array, not a JSON object`},
		{`{"rules":[1]}`, Type, 9, "rules", `invalid JSON at byte offset 9: "rules" must be a JSON object, not a JSON array`},
		{`{"ms":1e999}`, Type, 6, "ms", `invalid JSON at byte offset 6: "ms" is too large for a number: 1e999`},
		{`[]`, Top, 0, "", `not the JSON wanted: the text holds a JSON array`},
		{` "x"`, Top, 1, "", `not the JSON wanted: the text holds a JSON string`},
		{`null`, Top, 0, "", `not the JSON wanted: the text holds JSON null`},
		{`6E CE 7O`, NotJSON, 2, "", `not JSON: a space in a number`},
		{`garbage`, NotJSON, 0, "", `not JSON: 'g' where a value should start`},
		{`20,001 lines`, NotJSON, 2, "", `not JSON: unexpected ','`},
		{`{"game":"reloj",, }`, Syntax, 16, "", `invalid JSON at byte offset 16: ',' where a quoted key should start`},
		{`{"game" "reloj"}`, Syntax, 8, "", `invalid JSON at byte offset 8: '"' after a key (want ':')`},
		{`{"game":"reloj" "x"}`, Syntax, 16, "", `invalid JSON at byte offset 16: '"' after a value in an object (want ',' or '}')`},
		{`{"moves":[{} {}]}`, Syntax, 13, "", `invalid JSON at byte offset 13: '{' after a value in an array (want ',' or ']')`},
		{"{\"game\":\"a\tb\"}", Syntax, 10, "", `invalid JSON at byte offset 10: a tab in a string (control characters must be escaped)`},
		{`{"game":"a\qb"}`, Syntax, 11, "", `invalid JSON at byte offset 11: 'q' after \ in a string (not an escape)`},
		{`{"game":"\u12x4"}`, Syntax, 13, "", `invalid JSON at byte offset 13: 'x' in a \u escape (want 4 hex digits)`},
		{`{"rules":{"wrap":tru}}`, Syntax, 20, "", `invalid JSON at byte offset 20: '}' in true, false or null`},
		{`{"x":` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + `}`, Syntax, 10004, "", `invalid JSON at byte offset 10004: '[' nested too deep (more than 10000 levels of [ and {)`},
		{"{\"game\":é}", Syntax, 8, "", `invalid JSON at byte offset 8: 'é' (U+00E9) where a value should start`},
		{"{\"game\":\xff}", Syntax, 8, "", `invalid JSON at byte offset 8: byte 0xFF where a value should start`},
		{`{"game":`, Truncated, 8, "", `the JSON ends early: the text stops after 8 bytes (cut short?)`},
		{`{"game":"rel`, Truncated, 12, "", `the JSON ends early: the text stops after 12 bytes (cut short?)`},
		{" \n", Truncated, 2, "", `the JSON ends early: the text stops after 2 bytes (cut short?)`},
		{`{} {}`, Extra, 3, "", `more after the JSON value, at byte offset 3`},
		{`{}x`, Extra, 2, "", `more after the JSON value, at byte offset 2`},
		// After a byte-order mark, offsets still count from the file's start.
		{"\ufeff{\"bogus\":1}", Unknown, 4, "", `invalid JSON at byte offset 4: unknown field "bogus"`},
		{"\ufeff{\"game\":\"a\",\"game\":\"b\"}", Duplicate, 15, "", `invalid JSON at byte offset 15: duplicate key "game"`},
		{`{"moves":[{"from":"a","From":"b"}]}`, Duplicate, 22, "moves[0]", `invalid JSON at byte offset 22: duplicate key "From" in "moves[0]"`},
		{"\xff\xfe{\x00}\x00", UTF16, 0, "", "the file is UTF-16 text (it starts with a UTF-16 byte-order mark): save it as UTF-8"},
	} {
		var d doc
		err := Decode([]byte(c.in), &d)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%q: %v, want an *Error", c.in, err)
			continue
		}
		if e.Kind != c.kind || e.Offset != c.at || e.Path != c.path || e.Error() != c.text {
			t.Errorf("%q: kind %d at %d path %q: %q\nwant kind %d at %d path %q: %q", c.in, e.Kind, e.Offset, e.Path, e.Error(), c.kind, c.at, c.path, c.text)
		}
	}
}

// TestDecode: what encoding/json accepts is decoded as it decodes it, a
// byte-order mark skipped; an unknown key lists the keys its object has.
func TestDecode(t *testing.T) {
	var d doc
	if err := Decode([]byte("\ufeff"+`{"Game":"reloj","seed":7,"moves":[{"from":"stock"}],"extra":{"a":[1]},"rules":null}`), &d); err != nil {
		t.Fatal(err)
	}
	if d.Game != "reloj" || d.Seed == nil || *d.Seed != 7 || len(d.Moves) != 1 || d.Moves[0].From != "stock" {
		t.Errorf("decoded %+v", d)
	}
	err := Decode([]byte(`{"rules":{"play":"free","pases":1}}`), &d)
	var e *Error
	if !errors.As(err, &e) || e.Kind != Unknown || e.Path != "rules" || e.Key != "pases" || len(e.Fields) != 3 || e.Fields[0] != "play" || e.Fields[2] != "wrap" {
		t.Errorf("unknown key: %#v", err)
	}
	var list []move
	if err := Decode([]byte(`[{"from":"a"},{"from":"b","card":"1O"}]`), &list); err != nil || len(list) != 2 || list[1].Card != "1O" {
		t.Errorf("list: %v %v", list, err)
	}
	if err := Decode([]byte(`[{"from":"a"},{"form":"b"}]`), &list); err == nil || err.Error() != `invalid JSON at byte offset 15: unknown field "form" in "[1]"` {
		t.Errorf("list with a misspelt key: %v", err)
	}
}

// FuzzDecode: any text decodes or gives an *Error whose offset is in the
// text, and never panics.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"game":"reloj","bogus":1}`, `{"seed":"x"}`, `[]`, `6E CE`, "\ufeff{}", `{"moves":[{"frm":1}]}`, `{"rules":{"passes":1e3}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var d doc
		err := Decode(data, &d)
		if err == nil {
			return
		}
		e, ok := err.(*Error)
		if !ok || e.Kind == 0 || e.Offset < -1 || e.Offset > int64(len(data)) {
			t.Fatalf("%q: %#v", data, err)
		}
	})
}

// FuzzDuplicate: on valid JSON the byte scan finds a key given twice in an
// object exactly when a token walk does, at the same offset.
func FuzzDuplicate(f *testing.F) {
	for _, s := range []string{`{"a":1,"A":2}`, `[{"a":{"b":[1,{"c":"\"x,","c":1}]}}]`, `{"a\u0062":1,"ab":2}`, `{"a":[{"b":1},{"b":2}]}`, `"x"`, `{"":1,"":2}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return
		}
		got := duplicate(data)
		want := int64(-1)
		dec := json.NewDecoder(bytes.NewReader(data))
		type frame struct {
			obj  bool
			keys []string
			key  bool // the next string is a key
		}
		var stack []*frame
		for want < 0 {
			at := dec.InputOffset()
			tok, err := dec.Token()
			if err != nil {
				break
			}
			var top *frame
			if len(stack) > 0 {
				top = stack[len(stack)-1]
			}
			if s, ok := tok.(string); ok && top != nil && top.obj && top.key {
				for at < int64(len(data)) && data[at] != '"' {
					at++
				}
				for _, k := range top.keys {
					if strings.EqualFold(k, s) {
						want = at
					}
				}
				top.keys, top.key = append(top.keys, s), false
				continue
			}
			if top != nil && top.obj {
				top.key = true // a value was read: a key comes next
			}
			if d, ok := tok.(json.Delim); ok {
				switch d {
				case '{':
					stack = append(stack, &frame{obj: true, key: true})
				case '[':
					stack = append(stack, &frame{})
				default:
					stack = stack[:len(stack)-1]
					if len(stack) > 0 && stack[len(stack)-1].obj {
						stack[len(stack)-1].key = true
					}
				}
			}
		}
		if (got == nil) != (want < 0) || got != nil && got.Offset != want {
			t.Errorf("%q: scan %v, walk offset %d", data, got, want)
		}
	})
}

// TestLineColumn: in a text of several lines (jq's, an editor's), the
// problem is placed by line and column too, 1-based, the column in bytes:
// a byte offset alone is hard to find there. One-line texts (what solve
// --json writes) keep the offset alone.
func TestLineColumn(t *testing.T) {
	for _, c := range []struct{ in, text string }{
		{"{\n  \"game\": \"reloj\",\n  \"bogus\": 1\n}", `invalid JSON at line 3, column 3 (byte offset 23): unknown field "bogus"`},
		{"{\r\n\"seed\":\r\n \"x\"}", `invalid JSON at line 3, column 2 (byte offset 13): "seed" must be a whole number, 0 or more, not a string`},
		{"{\"moves\":[\n{\"from\":\"a\"}\n{\"from\":\"b\"}]}", `invalid JSON at line 3, column 1 (byte offset 24): '{' after a value in an array (want ',' or ']')`},
		{"{\"game\":\"x\"}\n{}", `more after the JSON value, at line 2, column 1 (byte offset 13)`},
		{`{"game":"reloj","bogus":1}`, `invalid JSON at byte offset 16: unknown field "bogus"`},
		{"{\"game\":\"reloj\",\"bogus\":1}\r\n\n", `invalid JSON at byte offset 16: unknown field "bogus"`},
	} {
		var d doc
		err := Decode([]byte(c.in), &d)
		if err == nil || err.Error() != c.text {
			t.Errorf("%q: %v, want %s", c.in, err, c.text)
		}
	}
}
