package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestJSONInputErrors: a file of the wrong sort, or JSON the format does not
// hold, is one plain line naming the file and where (the line, the byte
// offset, the field) and exit 2; encoding/json's own words never show.
func TestJSONInputErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	ctx := context.Background()
	_, deal, _ := cliRun(t, ctx, "", "deal", "--game", "reloj", "--seed", "1", "--json")
	code, sol, _ := cliRun(t, ctx, "", "solve", "--game", "reloj", "--seed", "1", "--json")
	if code != ExitOK {
		t.Fatal("solve")
	}
	jsonl := filepath.Join(dir, "good.jsonl")
	if code, _, errs := cliRun(t, ctx, "", "analyze", "--game", "reloj", "--seeds", "1..6", "--workers", "1", "--jsonl", jsonl); code != ExitOK {
		t.Fatal(errs)
	}
	good, _ := os.ReadFile(jsonl)
	lines := strings.SplitAfter(string(good), "\n")
	badSeed := write("bad.jsonl", strings.Join(lines[:4], "")+strings.Replace(lines[4], `"seed":4`, `"seed":"x"`, 1)+strings.Join(lines[5:], ""))
	garbage := write("garbage.jsonl", strings.Join(lines[:4], "")+"garbage\n"+strings.Join(lines[5:], ""))
	format2 := write("format2.jsonl", strings.Replace(string(good), `"format":1`, `"format":2`, 1))
	tokens := strings.Join(strings.Split(strings.Split(strings.Split(deal, `"deal":["`)[1], `"]`)[0], `","`), " ")
	base := write("base.deal", tokens+"\n")
	bom := write("bom.json", "\ufeff"+sol)
	array := write("array.json", "[]\n")
	bogus := write("bogus.json", `{"game":"reloj","bogus":1}`)
	solved := write("solved.json", sol)
	passes30 := write("passes30.json", strings.Replace(sol, `"passes":2`, `"passes":1e+30`, 1))
	seed30 := write("seed30.json", strings.Replace(sol, `"seed":1,`, `"seed":1e30,`, 1))
	passesNeg := write("passes-1.json", strings.Replace(sol, `"passes":2`, `"passes":-1`, 1))
	passesNegRun := write("passes-1.jsonl", strings.Replace(string(good), `"passes":2`, `"passes":-1`, 1))
	// 70 MiB of NUL bytes (sparse): over the bound, refused for its size
	// by every reader of a solution before its bytes are looked at.
	big := filepath.Join(dir, "big.json")
	if f, err := os.Create(big); err != nil || f.Truncate(70<<20) != nil || f.Close() != nil {
		t.Fatal("big.json")
	}
	// A move list in UTF-16 (Windows Notepad's "Unicode"), little-endian
	// with its byte-order mark.
	u16 := []byte{0xff, 0xfe}
	for _, r := range "1. stock 5O -> pile 5\n" {
		u16 = append(u16, byte(r), 0)
	}
	utf16 := write("u16.txt", string(u16))
	// Binary bytes, no UTF-8: each escaped, the line cut at 60 of them.
	binary := write("garbage.bin", strings.Repeat("\xdd\x1f8\xeb", 20))
	truncDeal := write("trunc.json", deal[:100])
	// A page is no list of moves lacking its game: it is refused as verify
	// refuses it; a move list read to a bad line, at that line.
	page := write("page.html", "<!doctype html>\n<html><body>hi</body></html>\n")
	badList := write("bad.txt", "1. stock CE -> waste\n2. bogus -> x y z\n")
	// A gen file kept under --min-moves 60 is not resumed without it: the
	// file would mix two runs' deals.
	min60 := filepath.Join(dir, "min60.jsonl")
	if code, _, errs := cliRun(t, ctx, "", "gen", "--game", "reloj", "--count", "1", "--min-moves", "60", "--out", min60, "--quiet"); code != ExitOK {
		t.Fatal(errs)
	}
	// A place of 40 words is quoted as the line is, cut at 60 characters.
	longPlace := write("longplace.txt", "stock CE -> "+strings.Repeat("x ", 40)+"\n")
	// A byte that is no UTF-8, a NUL, a place of 200 characters: escaped
	// and cut as the line is, in the move and in the referee's reason, as
	// written (not upper-cased, not U+FFFD).
	badByte := write("badbyte.txt", "stock CE -> wa\xc3ste\n")
	nulByte := write("nulbyte.txt", "stock CE -> waste\x00\n")
	// NUL bytes: words.Quote cuts the line and says its size, no other
	// cut after it (cutLongWords cut its quote open, by the escapes' size).
	zeros300 := write("z300", strings.Repeat("\x00", 300))
	zeros100k := write("z100k", strings.Repeat("\x00", 100_000))
	longPile := write("longpile.txt", "stock CE -> pile:"+strings.Repeat("x", 200)+"\n")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"hint", "--solution", longPlace, "--game", "reloj", "--seed", "1"}, "solitario: hint: " + longPlace + `: line 1: "stock CE -> ` + strings.Repeat("x ", 24) + `"… (91 bytes): "` + strings.Repeat("x ", 29) + `x "… (79 bytes) after "->" is no place (a place is one or two words: stock, pile 5)`},
		{[]string{"gen", "--game", "reloj", "--count", "2", "--out", min60, "--resume"}, "solitario: gen: " + min60 + ":1: cannot resume: the file holds a different run: made with --min-moves 60, not without --min-moves as this command asks"},
		{[]string{"verify", "--solution", page}, "solitario: verify: " + page + ": not JSON: a solution is the JSON object solve --json prints"},
		{[]string{"show", "--solution", page, "--out", filepath.Join(dir, "x.html")}, "solitario: show: " + page + ": not JSON: a solution is the JSON object solve --json prints"},
		{[]string{"hint", "--game", "reloj", "--solution", page}, "solitario: hint: " + page + ": not JSON: a solution is the JSON object solve --json prints"},
		{[]string{"hint", "--solution", badList}, "solitario: hint: " + badList + `: line 2: "bogus -> x y z": "x y z" after "->" is no place (a place is one or two words: stock, pile 5)`},
		// A JSON deal file cut short is a deal, not a solution.
		{[]string{"solve", "--game", "reloj", "--deal", truncDeal}, "solitario: solve: " + truncDeal + ": invalid deal JSON: the object ends early, after 100 bytes (a file cut short?)"},
		{[]string{"hint", "--solution", binary, "--game", "reloj", "--seed", "2"}, "solitario: hint: " + binary + `: line 1: "` + strings.Repeat(`\xdd\x1f8\xeb`, 15) + `"… (80 bytes) is no move: want FROM CARD -> TO, as solve prints ("stock 5O -> pile 5")`},
		{[]string{"hint", "--solution", badByte, "--game", "reloj", "--seed", "1"}, "solitario: hint: " + badByte + `: line 1: move 1 (stock -> wa\xc3ste CE): unknown place "wa\xc3ste" (want stock, waste or pile:<rank>)`},
		{[]string{"hint", "--solution", nulByte, "--game", "reloj", "--seed", "1"}, "solitario: hint: " + nulByte + `: line 1: move 1 (stock -> waste\x00 CE): unknown place "waste\x00" (want stock, waste or pile:<rank>)`},
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--after", longPile}, "solitario: solve: --after " + longPile + `: line 1: move 1 (stock -> pile:` + strings.Repeat("x", 55) + `… (205 bytes) CE): unknown place "pile:` + strings.Repeat("x", 55) + `"… (205 bytes) (want stock, waste or pile:<rank>)`},
		{[]string{"hint", "--solution", zeros300, "--game", "reloj", "--seed", "1"}, "solitario: hint: " + zeros300 + `: line 1: "` + strings.Repeat(`\x00`, 60) + `"… (300 bytes) is no move: want FROM CARD -> TO, as solve prints ("stock 5O -> pile 5")`},
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--after", zeros300}, "solitario: solve: --after " + zeros300 + `: line 1: "` + strings.Repeat(`\x00`, 60) + `"… (300 bytes) is no move: want FROM CARD -> TO, as solve prints ("stock 5O -> pile 5")`},
		{[]string{"hint", "--solution", zeros100k, "--game", "reloj", "--seed", "1"}, "solitario: hint: " + zeros100k + `: line 1: "` + strings.Repeat(`\x00`, 60) + `"… (100000 bytes) is no move: want FROM CARD -> TO, as solve prints ("stock 5O -> pile 5")`},
		// Empty input with the game given lacks its moves, not its game.
		{[]string{"hint", "--solution", "-", "--game", "reloj", "--seed", "1"}, "solitario: hint: stdin: empty: no moves (a move list as solve prints it, a JSON list of moves or a solution object)"},
		{[]string{"hint", "--solution", "-"}, `solitario: hint: stdin: empty: no game (a JSON object {"game", "seed" or "deal", "moves"}, or a move list)`},
		{[]string{"hint", "--solution", utf16, "--game", "reloj", "--seed", "1"}, "solitario: hint: " + utf16 + ": the file is UTF-16 text (it starts with a UTF-16 byte-order mark): save it as UTF-8"},
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--after", utf16}, "solitario: solve: --after " + utf16 + ": the file is UTF-16 text (it starts with a UTF-16 byte-order mark): save it as UTF-8"},
		{[]string{"verify", "--solution", big}, "solitario: verify: --solution " + big + ": file too large for a solution (over 64 MiB)"},
		{[]string{"hint", "--solution", big}, "solitario: hint: --solution " + big + ": file too large for a solution (over 64 MiB)"},
		{[]string{"merge", badSeed}, "solitario: merge: " + badSeed + `:5: "seed" must be a whole number, 0 or more, not a string`},
		{[]string{"report", badSeed}, "solitario: report: " + badSeed + `:5: "seed" must be a whole number, 0 or more, not a string`},
		{[]string{"analyze", "--game", "reloj", "--seeds", "1..6", "--workers", "1", "--jsonl", badSeed, "--resume"}, "solitario: analyze: " + badSeed + `:5: "seed" must be a whole number, 0 or more, not a string`},
		// An absurd number says the field's range, not "a whole number".
		{[]string{"verify", "--solution", passes30}, "solitario: verify: " + passes30 + `: invalid solution JSON at byte offset 50: "rules.passes" must be a whole number from 0 (unlimited) to 9223372036854775807, not 1e+30`},
		{[]string{"hint", "--solution", passes30}, "solitario: hint: " + passes30 + `: invalid solution JSON at byte offset 50: "rules.passes" must be a whole number from 0 (unlimited) to 9223372036854775807, not 1e+30`},
		// A negative one, which int holds, says the same range (the game's check).
		{[]string{"verify", "--solution", passesNeg}, "solitario: verify: " + passesNeg + `: reloj: "rules.passes" must be a whole number from 0 (unlimited) to 9223372036854775807, not -1`},
		{[]string{"hint", "--solution", passesNeg}, "solitario: hint: " + passesNeg + `: reloj: "rules.passes" must be a whole number from 0 (unlimited) to 9223372036854775807, not -1`},
		{[]string{"merge", passesNegRun}, "solitario: merge: " + passesNegRun + `:1: run header: reloj: "rules.passes" must be a whole number from 0 (unlimited) to 9223372036854775807, not -1`},
		{[]string{"verify", "--solution", seed30}, "solitario: verify: " + seed30 + `: invalid solution JSON at byte offset 60: "seed" must be at most 18446744073709551615, not 1e30`},
		{[]string{"merge", garbage}, "solitario: merge: " + garbage + ":5: not a JSON record"},
		{[]string{"merge", format2}, "solitario: merge: " + format2 + ":1: JSONL format 2, but this solitario reads format 1 only (a newer solitario wrote the file?)"},
		{[]string{"verify", "--solution", base}, "solitario: verify: " + base + ": not JSON: this looks like a deal file (solve and deal take one with --deal)"},
		{[]string{"solve", "--game", "reloj", "--seed", "1", "--after", base}, "solitario: solve: --after " + base + ": not JSON: this looks like a deal file (solve and deal take one with --deal) (want a solution object, a JSON list of moves or a move list as solve prints it)"},
		{[]string{"verify", "--solution", array}, "solitario: verify: " + array + ": not a solution object: the file holds a JSON array (a list of moves alone is read by solve --game G (--seed N | --deal FILE) --after FILE)"},
		{[]string{"verify", "--solution", bogus}, "solitario: verify: " + bogus + `: invalid solution JSON at byte offset 16: unknown field "bogus" (docs/spec/RULES.md, "Solutions (JSON)", lists the fields)`},
		{[]string{"gen", "--game", "reloj", "--count", "1", "--out", solved, "--resume"}, "solitario: gen: " + solved + `: cannot resume: not a file gen writes (gen --out): line 1 is not a gen line of reloj: unknown field "stats" (a gen line's fields are game, rules, seed, deal, result, moves, difficulty, min_moves)`},
	} {
		code, _, errs := cliRun(t, ctx, "", c.args...)
		if code != ExitError || errs != c.want+"\n" {
			t.Errorf("%v: exit %d, %q\nwant exit 2, %q", c.args, code, errs, c.want)
		}
	}
	// Blank lines and comments alone: what --after takes is said once.
	if code, _, errs := cliRun(t, ctx, "  \n# c\n", "solve", "--game", "reloj", "--seed", "1", "--after", "-"); code != ExitError || errs != "solitario: solve: --after -: empty (want a solution object, a JSON list of moves or a move list as solve prints it)\n" {
		t.Errorf("--after of comments only: exit %d, %q", code, errs)
	}
	if b, _ := os.ReadFile(solved); string(b) != sol {
		t.Error("gen --resume changed the solve --json file")
	}
	// A byte-order mark before the JSON is skipped.
	if code, out, errs := cliRun(t, ctx, "", "verify", "--solution", bom); code != ExitOK || out != "ok: 62 moves, won\n" {
		t.Errorf("verify of a file with a BOM: exit %d, %q, %q", code, out, errs)
	}
}
