// Package strictjson decodes one JSON value into a Go value, refusing keys
// its type lacks and keys given twice in an object, and words the first problem for people: what is wrong and
// where, as a byte offset and a path ("moves[3].from"), never
// encoding/json's own text ("cannot unmarshal string into Go struct field").
// The solution files (RULES.md, "Solutions (JSON)") and the JSONL lines of
// analyze and gen are read through it. It keeps no data.
//
// The happy path is encoding/json's decoder. Only when it fails is the text
// read again to place the problem: json.Unmarshal's syntax check (its
// offsets count from the text's start, unlike the streaming decoder's), then
// a walk of the tokens beside the Go type for a field the type lacks or a
// value of the wrong kind.
package strictjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/solitario/solitario/internal/words"
)

// Kind is what sort of problem an Error is.
type Kind int

const (
	// UTF16 is a text that starts with a UTF-16 byte-order mark.
	UTF16 Kind = iota + 1
	// NotJSON is a text that does not begin a JSON object or array and is
	// no other JSON value either (a deal file, a line of prose).
	NotJSON
	// Top is a JSON value of the wrong kind as a whole: an array where an
	// object is wanted. Msg is what the text holds ("a JSON array").
	Top
	// Syntax is a JSON object or array that breaks JSON's syntax inside.
	Syntax
	// Truncated is a text that ends inside its value (a file cut short).
	Truncated
	// Type is a field whose value is of the wrong kind or out of range.
	Type
	// Unknown is a key the Go type has no field for (a misspelt "frm").
	Unknown
	// Extra is more text after the one value.
	Extra
	// Duplicate is a key given twice in one object (encoding/json would
	// keep the last silently); Offset is the second's. Keys are matched as
	// fields are, so "Seed" repeats "seed".
	Duplicate
)

// Error is a text's first problem. Msg says what is wrong without the
// offset: "' ' in a number", `"seed" must be a whole number, 0 or more, not
// a string`, `unknown field "bogus"`; it is empty for Truncated and Extra.
type Error struct {
	Kind Kind
	// Offset is the 0-based byte offset of the problem in the text as
	// given (a byte-order mark counted): the bad byte, the unknown key's
	// opening quote, the bad value's first byte, the first byte after the
	// value; the text's length for Truncated; -1 when not known.
	Offset int64
	// Path is where in the value, as jq writes it without the leading dot
	// ("rules.passes", "moves[3]"); "" for the value as a whole.
	Path string
	// Msg says what is wrong, without the offset (see Error).
	Msg string
	// Fields are the keys the object holding an Unknown key may have, in
	// the type's order.
	Fields []string
	// Key is the Unknown key itself, as the text spells it.
	Key string
	// Number is the value as written when a number does not fit its
	// field (Type): "1e+30". Readers that know the field's own range (a
	// pass count is 0 or more) say it with this.
	Number string
	// Line and Column place Offset in a text of several lines (1-based,
	// the column in bytes); 0 in a text of one line, or with no offset.
	Line, Column int
}

// Error is e for a message that names the text itself first: "invalid
// JSON at byte offset 17: ',' where a quoted key should start".
func (e *Error) Error() string {
	switch e.Kind {
	case UTF16:
		return e.Msg
	case NotJSON:
		return "not JSON: " + e.Msg
	case Top:
		return "not the JSON wanted: the text holds " + e.Msg
	case Truncated:
		return fmt.Sprintf("the JSON ends early: the text stops after %s (cut short?)", words.Count(e.Offset, "byte"))
	case Extra:
		return "more after the JSON value," + e.At()
	}
	return "invalid JSON" + e.At() + ": " + e.Msg
}

// At is " at byte offset N", " at line L, column C (byte offset N)" in a
// text of several lines, or "" when the offset is not known.
func (e *Error) At() string {
	switch {
	case e.Offset < 0:
		return ""
	case e.Line > 0:
		return fmt.Sprintf(" at line %d, column %d (byte offset %d)", e.Line, e.Column, e.Offset)
	}
	return fmt.Sprintf(" at byte offset %d", e.Offset)
}

// place sets e's Line and Column from data, the text as given, when it
// has more than one line: a line break before its trailing white space (a
// lone CR, as in old Mac files, is not counted).
func (e *Error) place(data []byte) {
	if e.Offset < 0 || e.Offset > int64(len(data)) || bytes.IndexByte(bytes.TrimRight(data, " \t\r\n"), '\n') < 0 {
		return
	}
	before := data[:e.Offset]
	e.Line = bytes.Count(before, []byte{'\n'}) + 1
	e.Column = len(before) - (bytes.LastIndexByte(before, '\n') + 1) + 1
}

// Decode decodes data, one JSON value and nothing after it but white space,
// into v (a pointer), refusing keys v's type has no field for, a key given
// twice in one object (which encoding/json reads as its last value), and
// null where v wants an object or array. A leading UTF-8 byte-order mark is
// skipped. Its error is an *Error.
func Decode(data []byte, v any) error {
	if e := decodeText(data, v); e != nil {
		e.place(data)
		return e
	}
	return nil
}

// decodeText is Decode, its error not yet placed by line.
func decodeText(data []byte, v any) *Error {
	if msg := words.UTF16(data); msg != "" {
		return &Error{Kind: UTF16, Offset: 0, Msg: msg}
	}
	skip := int64(0)
	if rest, ok := bytes.CutPrefix(data, []byte(words.BOM)); ok {
		data, skip = rest, int64(len(words.BOM))
	}
	err := decode(data, v)
	if err == nil {
		// encoding/json reads null as "leave it as it is".
		if at := skipSpace(data, 0); data[at] == 'n' && opener(reflect.TypeOf(v).Elem()) != 0 {
			return &Error{Kind: Top, Offset: at + skip, Msg: holds('n')}
		}
		// ... and a key given twice as its last value.
		if e := duplicate(data); e != nil {
			e.Offset += skip
			return e
		}
		return nil
	}
	e := place(data, reflect.TypeOf(v).Elem(), err)
	if e.Offset >= 0 {
		e.Offset += skip
	}
	return e
}

// decode is encoding/json's strict decoding of one value.
func decode(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("more after the value")
	}
	return nil
}

// place finds and words the problem decode reported as err in data, which
// is to be read as a t.
func place(data []byte, t reflect.Type, err error) *Error {
	first := skipSpace(data, 0)
	if first == int64(len(data)) {
		return &Error{Kind: Truncated, Offset: first}
	}
	var none struct{}
	if se, ok := json.Unmarshal(data, &none).(*json.SyntaxError); ok {
		return syntax(data, se, first)
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if got, want := data[first], opener(t); want != 0 && got != want {
		return &Error{Kind: Top, Offset: first, Msg: holds(data[first])}
	}
	w := walker{dec: json.NewDecoder(bytes.NewReader(data)), data: data}
	w.dec.UseNumber()
	if e := w.value(t, ""); e != nil {
		return e
	}
	// encoding/json refused what the walk accepts (no case known): its
	// words, without "json: ", are all there is.
	msg := strings.TrimPrefix(err.Error(), "json: ")
	return &Error{Kind: Syntax, Offset: -1, Msg: msg}
}

// syntax words a syntax error of data, whose value starts at first.
func syntax(data []byte, se *json.SyntaxError, first int64) *Error {
	text := se.Error()
	if text == "unexpected end of JSON input" {
		return &Error{Kind: Truncated, Offset: int64(len(data))}
	}
	at := se.Offset - 1 // Unmarshal's Offset counts the bad byte
	context := text
	if i := strings.LastIndex(text, "' "); strings.HasPrefix(text, "invalid character '") && i > 0 {
		context = text[i+2:]
	}
	scalar := data[first] != '{' && data[first] != '['
	if context == "after top-level value" && !scalar {
		return &Error{Kind: Extra, Offset: at}
	}
	c := showByte(data, at)
	var msg string
	switch {
	case context == "looking for beginning of value":
		msg = c + " where a value should start"
	case context == "looking for beginning of object key string":
		msg = c + " where a quoted key should start"
	case context == "after object key":
		msg = c + " after a key (want ':')"
	case context == "after object key:value pair":
		msg = c + " after a value in an object (want ',' or '}')"
	case context == "after array element":
		msg = c + " after a value in an array (want ',' or ']')"
	case context == "in string literal":
		msg = c + " in a string (control characters must be escaped)"
	case context == "in string escape code":
		msg = c + ` after \ in a string (not an escape)`
	case strings.Contains(context, `\u`):
		msg = c + ` in a \u escape (want 4 hex digits)`
	case strings.Contains(context, "numeric literal"):
		msg = c + " in a number"
	case strings.HasPrefix(context, "in literal "):
		msg = c + " in true, false or null"
	case context == "exceeded max depth": // encoding/json's bound
		msg = c + " nested too deep (more than 10000 levels of [ and {)"
	default:
		msg = "unexpected " + c
	}
	if scalar { // prose, a deal file: "20,001 lines", "6E CE 7O"
		return &Error{Kind: NotJSON, Offset: at, Msg: msg}
	}
	return &Error{Kind: Syntax, Offset: at, Msg: msg}
}

// showByte is the character at data[at] for a message: 'x', "a space",
// "a tab", "a line break", 'é' (U+00E9), or byte 0xEF when it is no UTF-8.
func showByte(data []byte, at int64) string {
	if at < 0 || at >= int64(len(data)) {
		return "the end"
	}
	r, n := utf8.DecodeRune(data[at:])
	switch {
	case r == ' ':
		return "a space"
	case r == '\t':
		return "a tab"
	case r == '\n' || r == '\r':
		return "a line break"
	case r == utf8.RuneError && n <= 1:
		return fmt.Sprintf("byte 0x%02X", data[at])
	case r < utf8.RuneSelf && unicode.IsPrint(r):
		return "'" + string(r) + "'"
	case unicode.IsPrint(r):
		return fmt.Sprintf("'%c' (%U)", r, r)
	}
	return fmt.Sprintf("%U", r)
}

// opener is the byte a JSON value for t starts with: '{' for a struct or
// map, '[' for a slice or array, 0 for anything else.
func opener(t reflect.Type) byte {
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return '{'
	case reflect.Slice, reflect.Array:
		return '['
	}
	return 0
}

// holds is the JSON value that starts with c, for a message: "a JSON array".
func holds(c byte) string {
	switch c {
	case '{':
		return "a JSON object"
	case '[':
		return "a JSON array"
	case '"':
		return "a JSON string"
	case 't', 'f':
		return "a JSON boolean"
	case 'n':
		return "JSON null"
	}
	return "a JSON number"
}

func skipSpace(data []byte, at int64) int64 {
	for at < int64(len(data)) && strings.IndexByte(" \t\r\n", data[at]) >= 0 {
		at++
	}
	return at
}

// duplicate finds the first key given twice in one object of data, which
// is valid JSON: a byte scan that allocates nothing for a small text, as it
// runs on every text decoded. Keys are compared as encoding/json matches
// them to fields, ignoring case, so "Seed" repeats "seed" (no type read
// here has a map).
func duplicate(data []byte) *Error {
	type frame struct {
		obj   bool
		index int // an array's element
		base  int // an object's first key in keys
	}
	var stackBuf [16]frame
	var keyBuf [32][2]int // a key's quotes' offsets
	stack, keys := stackBuf[:0], keyBuf[:0]
	wantKey := false
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '{':
			stack = append(stack, frame{obj: true, base: len(keys)})
			wantKey = true
		case '[':
			stack = append(stack, frame{base: len(keys)})
		case '}', ']':
			keys = keys[:stack[len(stack)-1].base]
			stack = stack[:len(stack)-1]
			wantKey = false
		case ',':
			top := &stack[len(stack)-1]
			wantKey = top.obj
			top.index++
		case '"':
			end := i + 1
			for data[end] != '"' {
				if data[end] == '\\' {
					end++
				}
				end++
			}
			if wantKey {
				key := data[i : end+1]
				for _, k := range keys[stack[len(stack)-1].base:] {
					if !sameKey(data[k[0]:k[1]+1], key) {
						continue
					}
					// The path down to this object: each outer frame's
					// current key (the one before the next frame's keys)
					// or element.
					path := ""
					for n, f := range stack[:len(stack)-1] {
						switch {
						case f.obj && path != "":
							path += "."
							fallthrough
						case f.obj:
							k := keys[stack[n+1].base-1]
							path += unquote(data[k[0] : k[1]+1])
						default:
							path += fmt.Sprintf("[%d]", f.index)
						}
					}
					name := unquote(key)
					e := &Error{Kind: Duplicate, Offset: int64(i), Path: path, Key: name, Msg: fmt.Sprintf("duplicate key %q", name)}
					if path != "" {
						e.Msg += fmt.Sprintf(" in %q", path)
					}
					return e
				}
				keys = append(keys, [2]int{i, end})
				wantKey = false
			}
			i = end
		}
	}
	return nil
}

// sameKey reports whether the quoted keys a and b name one field.
func sameKey(a, b []byte) bool {
	if bytes.IndexByte(a, '\\') < 0 && bytes.IndexByte(b, '\\') < 0 {
		return bytes.EqualFold(a, b)
	}
	return strings.EqualFold(unquote(a), unquote(b))
}

// unquote is the quoted JSON string s's text.
func unquote(s []byte) string {
	var t string
	json.Unmarshal(s, &t)
	return t
}

// walker reads valid JSON token by token beside a Go type, for the first
// key the type lacks or value it cannot hold.
type walker struct {
	dec  *json.Decoder
	data []byte
}

// next is the next token and the offset where it starts (the streaming
// decoder's offset is past the ',' or ':' before it only once it is read).
func (w *walker) next() (json.Token, int64, error) {
	at := w.dec.InputOffset()
	for at < int64(len(w.data)) && strings.IndexByte(" \t\r\n,:", w.data[at]) >= 0 {
		at++
	}
	tok, err := w.dec.Token()
	return tok, at, err
}

// value walks one value to be held by t at path. nil means no problem
// found (or a token error, which valid JSON does not give).
func (w *walker) value(t reflect.Type, path string) *Error {
	tok, at, err := w.next()
	if err != nil {
		return nil
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if tok == nil || t.Kind() == reflect.Interface { // null leaves a field as it was
		w.rest(tok)
		return nil
	}
	wrong := func(got string) *Error {
		w.rest(tok)
		return &Error{Kind: Type, Offset: at, Path: path, Msg: fmt.Sprintf("%q must be %s, not %s", name(path), want(t), got)}
	}
	switch tok := tok.(type) {
	case json.Delim:
		switch {
		case tok == '{' && t.Kind() == reflect.Struct:
			return w.object(t, path)
		case tok == '{' && t.Kind() == reflect.Map:
			for w.dec.More() {
				if _, _, err := w.next(); err != nil {
					return nil
				}
				if e := w.value(t.Elem(), path); e != nil {
					return e
				}
			}
			w.dec.Token()
			return nil
		case tok == '[' && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array):
			for i := 0; w.dec.More(); i++ {
				if e := w.value(t.Elem(), fmt.Sprintf("%s[%d]", path, i)); e != nil {
					return e
				}
			}
			w.dec.Token()
			return nil
		case tok == '{':
			return wrong("a JSON object")
		}
		return wrong("a JSON array")
	case string:
		if t.Kind() == reflect.String || t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
			return nil
		}
		return wrong("a string")
	case bool:
		if t.Kind() == reflect.Bool {
			return nil
		}
		return wrong(strconv.FormatBool(tok))
	case json.Number:
		msg := number(t, string(tok))
		if msg == "" {
			return nil
		}
		return &Error{Kind: Type, Offset: at, Path: path, Msg: fmt.Sprintf("%q %s", name(path), msg), Number: string(tok)}
	}
	return nil
}

// object walks a struct's object after its '{'.
func (w *walker) object(t reflect.Type, path string) *Error {
	fields := fieldsOf(t)
	for w.dec.More() {
		tok, at, err := w.next()
		if err != nil {
			return nil
		}
		key, _ := tok.(string)
		f, ok := lookup(fields, key)
		if !ok {
			e := &Error{Kind: Unknown, Offset: at, Path: path, Key: key, Msg: fmt.Sprintf("unknown field %q", key)}
			if path != "" {
				e.Msg += fmt.Sprintf(" in %q", path)
			}
			for _, f := range fields {
				e.Fields = append(e.Fields, f.name)
			}
			return e
		}
		sub := key
		if path != "" {
			sub = path + "." + key
		}
		if e := w.value(f.t, sub); e != nil {
			return e
		}
	}
	w.dec.Token()
	return nil
}

// rest reads the rest of a value whose first token was tok.
func (w *walker) rest(tok json.Token) {
	if d, ok := tok.(json.Delim); !ok || d != '{' && d != '[' {
		return
	}
	for depth := 1; depth > 0; {
		tok, err := w.dec.Token()
		if err != nil {
			return
		}
		if d, ok := tok.(json.Delim); ok {
			if d == '{' || d == '[' {
				depth++
			} else {
				depth--
			}
		}
	}
}

// name is path for a message: the whole value when "".
func name(path string) string {
	if path == "" {
		return "the value"
	}
	return path
}

// want is what a value for t must be, for a message.
func want(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return "a whole number, 0 or more"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "a JSON array"
	}
	return "a JSON object"
}

// number says why the number s does not fit t ("must be at most 255, not
// 300"), "" if it does. A whole value written otherwise than in digits
// (1e+30, 2.0) is judged by its value: out of the type's range, it says the
// range as for digits; in it, that it is to be written in digits.
func number(t reflect.Type, s string) string {
	whole := strings.TrimPrefix(s, "-") != "" && strings.Trim(strings.TrimPrefix(s, "-"), "0123456789") == ""
	if !whole {
		v, ok := new(big.Float).SetString(s)
		switch t.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			// Past big.Float's exponent range SetString gives an
			// infinity or fails: a huge value (1e9999999999) when the
			// exponent is positive.
			_, exp, _ := strings.Cut(strings.ToLower(s), "e")
			huge := ok && v.IsInf() || !ok && exp != "" && exp[0] != '-'
			if !huge && (!ok || !v.IsInt()) {
				break
			}
			// Past 2^70 the digits are not written out (1e999999 has a
			// million): any such value is out of every range here.
			digits := "-1" + strings.Repeat("0", 30)
			if !huge && v.MantExp(nil) <= 70 {
				digits = v.Text('f', 0)
			} else if s[0] != '-' {
				digits = digits[1:]
			}
			if msg := number(t, digits); msg != "" {
				return strings.TrimSuffix(msg, ", not "+digits) + ", not " + s
			}
			return fmt.Sprintf("must be written in digits (%s), not %s", digits, s)
		}
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		_, err := strconv.ParseInt(s, 10, t.Bits())
		switch {
		case err == nil:
			return ""
		case !whole:
			return "must be a whole number, not " + s
		case s[0] == '-':
			return fmt.Sprintf("must be at least %d, not %s", int64(-1)<<(t.Bits()-1), s)
		}
		return fmt.Sprintf("must be at most %d, not %s", uint64(math.MaxInt64)>>(64-t.Bits()), s)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		_, err := strconv.ParseUint(s, 10, t.Bits())
		switch {
		case err == nil:
			return ""
		case !whole:
			return "must be a whole number, 0 or more, not " + s
		case s[0] == '-':
			return "must be 0 or more, not " + s
		}
		return fmt.Sprintf("must be at most %d, not %s", uint64(math.MaxUint64)>>(64-t.Bits()), s)
	case reflect.Float32, reflect.Float64:
		if _, err := strconv.ParseFloat(s, t.Bits()); err != nil {
			return "is too large for a number: " + s
		}
		return ""
	}
	return fmt.Sprintf("must be %s, not a number", want(t))
}

// field is a key a struct's object may have and the type of its value.
type field struct {
	name string
	t    reflect.Type
}

// fieldsOf is the keys encoding/json decodes into t, in t's order, with
// embedded structs' keys in place.
func fieldsOf(t reflect.Type) []field {
	var fs []field
	for i := range t.NumField() {
		f := t.Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if tag == "-" && f.Tag.Get("json") == "-" {
			continue
		}
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if f.Anonymous && tag == "" && ft.Kind() == reflect.Struct {
			fs = append(fs, fieldsOf(ft)...)
			continue
		}
		if !f.IsExported() {
			continue
		}
		if tag == "" {
			tag = f.Name
		}
		fs = append(fs, field{tag, f.Type})
	}
	return fs
}

// lookup is the field key names: an exact match first, then one equal
// under case folding, as encoding/json matches keys.
func lookup(fs []field, key string) (field, bool) {
	for _, f := range fs {
		if f.name == key {
			return f, true
		}
	}
	for _, f := range fs {
		if strings.EqualFold(f.name, key) {
			return f, true
		}
	}
	return field{}, false
}
