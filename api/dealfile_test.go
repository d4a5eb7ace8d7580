package api

import (
	"context"
	"encoding/base64"
	"strings"
	"testing"
)

// TestDealFile reads a deal file's text as solve --deal reads the file:
// its cards, its rules line over the defaults, and the CLI's words for a
// bad line or token (the board's Open… shows them).
func TestDealFile(t *testing.T) {
	const toks = "5C 1O 6O 4B 2C 5B CO 6E 1C 7O 2B SB 2O 5E 1B 7E 2E CE SC 7C 3C 4O 7B 6B RC CC RO 4C 3B 1E CB 6C RE RB 3E SO 3O 4E SE 5O"
	seed := uint64(3)
	want, err := Deal(Request{Game: "reloj", Seed: &seed})
	if err != nil {
		t.Fatal(err)
	}
	got, err := DealFile(Request{Game: "reloj", DealFile: "# a real game\n# rules: play=free passes=1\n" + toks + "\n"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(got.Deal, " ") != strings.Join(want.Deal, " ") {
		t.Errorf("deal %v, want seed 3's %v", got.Deal, want.Deal)
	}
	if got.Rules.Play != "free" || got.Rules.Passes != 1 || got.Seed != nil {
		t.Errorf("rules %+v seed %v, want play free, passes 1, no seed", got.Rules, got.Seed)
	}
	plain, err := DealFile(Request{Game: "reloj", DealFile: toks})
	if err != nil || plain.Rules.Play != "forced" || plain.Rules.Passes != 2 {
		t.Errorf("no rules line: %+v, %v; want the defaults, forced and 2", plain.Rules, err)
	}
	for _, c := range []struct{ text, want string }{
		{"# rules: passes=abc\n" + toks, "deal file:1: rules: passes=abc: want a whole number from 0 (unlimited) to 9223372036854775807"},
		{"# rules: play=free play=forced\n" + toks, "deal file:1: rules: play is given twice (play=free, then play=forced): give it once"},
		{"# rules: play=bogus\n" + toks, `deal file:1: rules: reloj: unknown play="bogus" (want forced or free)`},
		{"# rules: play=free\n# rules: passes=1\n" + toks, `deal file:2: a second "rules" line (the first is line 1)`},
		{"1O 1O", "deal file:1: token 2"},
	} {
		_, err := DealFile(Request{Game: "reloj", DealFile: c.text})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: error %v, want it to start %q", c.text[:20], err, c.want)
		}
	}
	// Through Call, as the page asks: the JSON key is deal_file.
	out, err := Call(context.Background(), "dealFile", []byte(`{"game":"reloj","deal_file":"# rules: passes=1\n`+toks+`"}`), Options{})
	if err != nil || !strings.Contains(string(out), `"passes":1`) {
		t.Errorf("Call dealFile: %s, %v", out, err)
	}
	// A file chosen in the page is named as the CLI names the path.
	_, err = Call(context.Background(), "dealFile", []byte(`{"game":"reloj","deal_file_name":"mydeal.txt","deal_file":"# a deal\n1O 2O\n1O"}`), Options{})
	if want := `mydeal.txt:3: token 1 "1O": duplicate card`; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("Call dealFile with deal_file_name: error %v, want it to start %q", err, want)
	}
	// A file's bytes, base64 as JSON writes them: a binary file is said as
	// the CLI says it, byte for byte (a JSON string holds no such bytes).
	bin := "\x7fELF\x02\x01\x01\x00\xff\xfe\x00\x00\n1O"
	_, native := DealFile(Request{Game: "reloj", DealFileName: "a.out", DealFile: bin})
	_, err = Call(context.Background(), "dealFile", []byte(`{"game":"reloj","deal_file_name":"a.out","deal_file_base64":"`+base64.StdEncoding.EncodeToString([]byte(bin))+`"}`), Options{})
	if native == nil || err == nil || err.Error() != native.Error() || !strings.Contains(err.Error(), `\xff\xfe`) {
		t.Errorf("Call dealFile with deal_file_base64: error %v, want %v", err, native)
	}
	for req, want := range map[string]string{
		`{"game":"reloj","deal_file":"1O","deal_file_base64":"MU8="}`: `give "deal_file" (the text) or "deal_file_base64" (the bytes), not both`,
		`{"game":"reloj","deal_file_base64":"!!"}`:                    `"deal_file_base64": not base64 (a file's bytes, as btoa writes them): illegal base64 data at input byte 0`,
		`{"game":"reloj","deal_file_base64":5}`:                       `invalid request JSON at byte offset 35: "deal_file_base64" must be a string, not a number`,
	} {
		if _, err := Call(context.Background(), "dealFile", []byte(req), Options{}); err == nil || err.Error() != want {
			t.Errorf("Call dealFile %s: error %v, want %q", req, err, want)
		}
	}
}
