package board_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/solitario/solitario/internal/browser"
)

// A file gen --out writes, a solution a line, opens in Open… (issue 32:
// the board opens what gen writes; it was refused as "invalid request
// JSON: more after the first object at line 2 … (give one request and
// nothing after it)"): its first deal, with its moves, and the page says
// it opened the first of the file's deals. No message of a file opened
// says "request".
func TestBoardXOpenGenFile(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	path := filepath.Join(t.TempDir(), "wins.jsonl")
	run(t, nil, 0, "gen", "--game", "reloj", "--count", "3", "--from", "5", "--out", path)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 3 {
		t.Fatalf("gen --count 3 wrote %d lines, want 3", len(lines))
	}
	var first struct {
		Seed  uint64
		Moves []any
	}
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil {
		t.Fatal(err)
	}
	openFile(t, ctx, path)
	p := wait(t, ctx, "the file opened", func(p page) bool { return p.Error != "" })
	if want := "wins.jsonl: opened the first of 3 deals (the file holds one a line, as gen writes them)"; p.Error != want {
		t.Errorf("Open… of gen's file: the page says %q, want %q", p.Error, want)
	}
	if !strings.Contains(p.Title, "seed "+strconv.FormatUint(first.Seed, 10)+" ") || p.Played != len(first.Moves) || !p.Won() {
		t.Errorf("Open… of gen's file: the page shows %q, %d moves played, result %q; want its first line, seed %d, its %d moves, won",
			p.Title, p.Played, p.Result, first.Seed, len(first.Moves))
	}
	// A line of it cut short, and a text that is no solution: the engine's
	// words, of a solution, never of a request.
	for _, text := range []string{lines[0][:40], lines[0] + "\n" + lines[1][:40], `{"game":"reloj","seed":"7"}`} {
		clearError(t, ctx)
		openText(t, ctx, text)
		p := wait(t, ctx, "the error", func(p page) bool { return p.Error != "" })
		if strings.Contains(p.Error, "request") || !strings.Contains(p.Error, "solution") {
			t.Errorf("Open… of %.50q: the page says %q; want it said of a solution, not a request", text, p.Error)
		}
	}
}

// A card entered wrong in the middle of a deal is corrected in place: a
// click on it (or Enter on it, reached by Tab) selects it, marked, and the
// editor says what the next card does; the next card picked from the
// palette or typed replaces it, or goes in before it (Insert before it),
// and Delete takes it out; the deal's checks run again (a duplicate made
// so is refused). A click took the card out and moved every later card
// up: a wrong card 3 of 40 meant entering 38 again. The entered cards show
// the suit letter in its suit's colour with its sign (1O read as 10).
func TestBoardXEditorReplace(t *testing.T) {
	ctx := editorWithFive(t, "6E CE 7O 4E SB")
	expect := func(what, want string) {
		t.Helper()
		poll(t, ctx, what, fmt.Sprintf(`%s === %q`, edList, want))
	}
	selected := `[...document.querySelectorAll("#ed-list li")].map((li, i) => li.classList.contains("sel") && li.querySelector("button").getAttribute("aria-pressed") === "true" ? i + 1 : 0).filter(Boolean).join()`
	// A click selects card 3: marked, said; the palette's 1O replaces it.
	click(t, ctx, "#ed-list li:nth-child(3) button")
	if got := eval[string](t, ctx, selected); got != "3" {
		t.Errorf("card 3 clicked: cards %q selected, want 3", got)
	}
	if got, want := eval[string](t, ctx, `document.getElementById("ed-sel").textContent`), "Card 3 (7O) selected: the next card picked or typed replaces it."; !strings.HasPrefix(got, want) {
		t.Errorf("card 3 clicked: the editor says %q, want %q…", got, want)
	}
	look(t, ctx, "editor-selected", true)
	click(t, ctx, `#ed-palette [data-card="1O"]`)
	expect("1O in place of 7O", "6E CE 1O 4E SB")
	if got := eval[string](t, ctx, selected); got != "" {
		t.Errorf("a card replaced: cards %q still selected, want none", got)
	}
	// By keyboard: card 2 focused, Enter selects it; a token typed replaces it.
	if err := chromedp.Do(ctx, chromedp.Focus("#ed-list li:nth-child(2) button"), chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	if got := eval[string](t, ctx, selected); got != "2" {
		t.Errorf("Enter on card 2: cards %q selected, want 2", got)
	}
	if err := chromedp.Do(ctx, chromedp.SendKeys("#ed-input", "2b"+kb.Enter)); err != nil {
		t.Fatal(err)
	}
	expect("2B typed in place of CE", "6E 2B 1O 4E SB")
	// Insert before card 4.
	click(t, ctx, "#ed-list li:nth-child(4) button")
	click(t, ctx, "#ed-insert")
	click(t, ctx, `#ed-palette [data-card="3C"]`)
	expect("3C before 4E", "6E 2B 1O 3C 4E SB")
	// Delete on card 1 takes it out, the focus on the card now first.
	if err := chromedp.Do(ctx, chromedp.Focus("#ed-list li:nth-child(1) button"), chromedp.KeyEvent(kb.Delete)); err != nil {
		t.Fatal(err)
	}
	expect("6E taken out", "2B 1O 3C 4E SB")
	poll(t, ctx, "the focus on card 1", `document.activeElement === document.querySelector("#ed-list li:nth-child(1) button")`)
	// A replacement that duplicates a card is refused as typed (the
	// palette's 4E is spent).
	click(t, ctx, "#ed-list li:nth-child(2) button")
	if err := chromedp.Do(ctx, chromedp.SendKeys("#ed-input", "4e"+kb.Enter)); err != nil {
		t.Fatal(err)
	}
	expect("4E twice", "2B 4E 3C 4E! SB")
	if got := eval[string](t, ctx, `document.getElementById("ed-problems").textContent`); !strings.Contains(got, "duplicate") {
		t.Errorf("4E in place of 1O (4E entered after it): the editor says %q, want a duplicate named", got)
	}
	// The suit letter in its suit's colour (4E: espadas, blue), not the rank's.
	colours := eval[string](t, ctx, `(() => { const t = document.querySelector("#ed-list li:nth-child(2) .tok"); return getComputedStyle(t).color + " | " + getComputedStyle(t.querySelector(".suit")).color + " | " + !!t.querySelector("svg"); })()`)
	if !strings.HasSuffix(colours, " | rgb(30, 79, 168) | true") {
		t.Errorf("4E listed: rank, suit letter colours and a sign %q; want the letter espadas' blue rgb(30, 79, 168), its sign after it", colours)
	}
	for _, size := range [][2]int64{{390, 844}, {1366, 768}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1]), chromedp.ScrollIntoView("#ed-list")); err != nil {
			t.Fatal(err)
		}
		look(t, ctx, fmt.Sprintf("editor-%dx%d", size[0], size[1]), false)
	}
}

// In the Rules dialog each checkbox sits on its label's line (the
// provisional-wrap box sat below its words on a phone and on a desktop):
// at 390x844 and 1366x768 the box's middle is within its label's text's
// first line.
func TestBoardXRulesCheckboxInline(t *testing.T) {
	base := serve(t)
	ctx := browser.New(t)
	for _, size := range [][2]int64{{390, 844}, {1366, 768}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1]), chromedp.Navigate(base+"#ventaglio/1")); err != nil {
			t.Fatal(err)
		}
		wait(t, ctx, "ventaglio seed 1", func(p page) bool { return strings.Contains(p.Title, "seed 1") })
		if eval[bool](t, ctx, `document.getElementById("rules-panel").hidden`) {
			click(t, ctx, `[data-panel="rules-panel"]`)
		}
		poll(t, ctx, "the wrap option", `!!document.getElementById("rule-provisional_wrap")`)
		got := eval[string](t, ctx, `(() => {
  const box = document.getElementById("rule-provisional_wrap"), lab = box.closest("label");
  const r = document.createRange(); r.selectNodeContents(lab.querySelector("span") || lab.firstChild);
  const line = r.getClientRects()[0], b = box.getBoundingClientRect(), mid = (b.top + b.bottom) / 2;
  return mid >= line.top && mid <= line.bottom ? "" : "box at " + Math.round(b.top) + ".." + Math.round(b.bottom) + ", the label's first line " + Math.round(line.top) + ".." + Math.round(line.bottom);
})()`)
		if got != "" {
			t.Errorf("at %dx%d the provisional-wrap checkbox is off its label's line: %s", size[0], size[1], got)
		}
		look(t, ctx, fmt.Sprintf("rules-%dx%d", size[0], size[1]), false)
	}
}

// Each game's deal entry is its own: with Del reloj cards half entered,
// choosing Il Ventaglio shows its own (empty) entry, not the Spanish cards
// read under a French deck (33 red lines: 4C taken as a club), and choosing
// Del reloj again brings the cards back, unchanged.
func TestBoardXEditorEntryPerGame(t *testing.T) {
	ctx := editorWithFive(t, "6E CE 7O 4C SB")
	choose := func(game string) {
		t.Helper()
		js := fmt.Sprintf(`(() => { const s = document.getElementById("game"); s.value = %q; s.dispatchEvent(new Event("change")); })()`, game)
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](js)); err != nil {
			t.Fatal(err)
		}
	}
	choose("ventaglio")
	poll(t, ctx, "Il Ventaglio's palette", `!!document.querySelector('#ed-palette [data-card="AS"]')`)
	if got := eval[int](t, ctx, `document.querySelectorAll("#ed-list li").length`); got != 0 {
		t.Errorf("Il Ventaglio chosen with 5 Del reloj cards entered: its entry shows %d cards (%s), want none", got, eval[string](t, ctx, edList))
	}
	if got := eval[string](t, ctx, `document.getElementById("ed-problems").textContent`); strings.Contains(got, "wrong deck") {
		t.Errorf("Il Ventaglio chosen: the editor says %q, want no card of the other deck read", got)
	}
	choose("reloj")
	poll(t, ctx, "Del reloj's palette", `!!document.querySelector('#ed-palette [data-card="1O"]')`)
	poll(t, ctx, "the Del reloj cards back", fmt.Sprintf(`%s === %q`, edList, "6E CE 7O 4C SB"))
}

// edList is the deal editor's cards as shown, each refused one marked "!".
const edList = `[...document.querySelectorAll("#ed-list li")].map(e => e.querySelector(".tok").textContent + (e.classList.contains("bad") ? "!" : "")).join(" ")`

// editorWithFive opens Del reloj seed 1's deal editor and types five tokens.
func editorWithFive(t *testing.T, toks string) context.Context {
	t.Helper()
	ctx, _ := openRelojSeed1(t)
	click(t, ctx, `[data-panel="editor-panel"]`)
	if err := chromedp.Do(ctx, chromedp.SendKeys("#ed-input", toks+kb.Enter)); err != nil {
		t.Fatal(err)
	}
	poll(t, ctx, "five cards", `document.querySelectorAll("#ed-list li").length === 5`)
	return ctx
}
