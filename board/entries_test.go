package board_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/solitario/solitario/internal/browser"
)

// shownEntry is the deal editor as drawn: its cards (edList), its lines of
// problems and its note of where the entry came from (#ed-from).
type shownEntry struct {
	List     string
	Problems int
	From     string
}

// entryOf waits until the deal editor is drawn for the game titled title
// (its status line starts with it) and reads it.
func entryOf(t *testing.T, ctx context.Context, title string) shownEntry {
	t.Helper()
	poll(t, ctx, title+"'s entry drawn", fmt.Sprintf(`!document.getElementById("editor-panel").hidden && document.getElementById("ed-status").textContent.startsWith(%q)`, title+":"))
	var e shownEntry
	js := `JSON.stringify({list: ` + edList + `, problems: document.querySelectorAll("#ed-problems li").length, from: document.getElementById("ed-from").textContent})`
	if err := json.Unmarshal([]byte(eval[string](t, ctx, js)), &e); err != nil {
		t.Fatal(err)
	}
	return e
}

// chooseInMenu chooses game in the game box, as a person does.
func chooseInMenu(t *testing.T, ctx context.Context, game string) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const s = document.getElementById("game"); s.value = %q; s.dispatchEvent(new Event("change")); })()`, game)
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](js)); err != nil {
		t.Fatal(err)
	}
}

// typeEntry types toks into the deal editor and waits until it lists n cards.
func typeEntry(t *testing.T, ctx context.Context, toks string, n int) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.SendKeys("#ed-input", toks+kb.Enter)); err != nil {
		t.Fatal(err)
	}
	poll(t, ctx, fmt.Sprintf("%d cards entered", n), fmt.Sprintf(`document.querySelectorAll("#ed-list li").length === %d`, n))
}

// Each game's entry in the deal editor is its own whichever way the game
// changes, not only by the game box (TestBoardXEditorEntryPerGame): an
// address typed, a deal's JSON opened, back in the history, a part of a
// deal opened then another address. A Del reloj entry moved into Il
// Ventaglio's editor, refused there as the wrong deck, and Il Ventaglio's
// own entry was gone; a 39-card Del reloj file opened, then #ventaglio/3,
// drew 30-odd red lines under "Opened in the editor: … Del reloj" (found
// by a new user).
func TestBoardXEditorEntryAnyPath(t *testing.T) {
	base := serve(t)
	ctx := browser.New(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1366, 768), chromedp.Navigate(base+"#ventaglio/1")); err != nil {
		t.Fatal(err)
	}
	wait(t, ctx, "ventaglio seed 1", func(p page) bool { return decided(p) && strings.HasPrefix(p.Title, "Il Ventaglio, seed 1 ") })
	click(t, ctx, `[data-panel="editor-panel"]`)
	typeEntry(t, ctx, "AS TH QC", 3)
	chooseInMenu(t, ctx, "reloj")
	if e := entryOf(t, ctx, "Del reloj"); e.List != "" {
		t.Fatalf("Del reloj chosen in the box: its entry lists %q, want none (TestBoardXEditorEntryPerGame)", e.List)
	}
	typeEntry(t, ctx, "1O 2O 3O", 3)

	hash := func(h, title string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`location.hash = %q`, h))); err != nil {
			t.Fatal(err)
		}
		wait(t, ctx, h, func(p page) bool { return decided(p) && strings.HasPrefix(p.Title, title) })
	}
	want := func(how, title, list string) shownEntry {
		t.Helper()
		e := entryOf(t, ctx, title)
		if e.List != list || e.Problems != 0 {
			t.Errorf("%s: the editor, %s chosen, lists %q with %d problems, want %q, none", how, title, e.List, e.Problems, list)
		}
		return e
	}
	hash("#ventaglio/2", "Il Ventaglio, seed 2 ")
	want("Del reloj's 1O 2O 3O in the editor, then #ventaglio/2", "Il Ventaglio", "AS TH QC")
	look(t, ctx, "entry-any-path-address", false)
	hash("#sietes/5", "De los sietes, seed 5 ")
	want("then #sietes/5", "De los sietes", "")
	typeEntry(t, ctx, "7C", 1)

	// A deal's JSON (solitario deal --json) of another game opened.
	dj, _ := run(t, nil, 0, "deal", "--game", "ventaglio", "--seed", "4", "--json")
	openText(t, ctx, dj)
	wait(t, ctx, "ventaglio seed 4", func(p page) bool { return decided(p) && strings.HasPrefix(p.Title, "Il Ventaglio, seed 4 ") })
	want("7C in De los sietes' editor, then Il Ventaglio seed 4's JSON opened", "Il Ventaglio", "AS TH QC")

	// Back twice: #ventaglio/2, then #reloj/1 (the menu's deal, which
	// took the first page's place in the history), each dealt before the
	// next.
	for _, h := range []struct{ hash, title string }{{"#ventaglio/2", "Il Ventaglio, seed 2 "}, {"#reloj/1", "Del reloj, seed 1 "}} {
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`history.back()`)); err != nil {
			t.Fatal(err)
		}
		wait(t, ctx, h.hash+" again", func(p page) bool { return decided(p) && strings.HasPrefix(p.Title, h.title) })
	}
	if h := eval[string](t, ctx, `location.hash`); h != "#reloj/1" {
		t.Fatalf("back twice: the address is %q, want #reloj/1", h)
	}
	want("back to #reloj/1", "Del reloj", "1O 2O 3O")

	// On a phone: the first 39 cards of a Del reloj deal opened go into
	// its editor; another game's address puts them aside with their note.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)); err != nil {
		t.Fatal(err)
	}
	part := strings.Join(cliDeal(t, "reloj", 3)[:39], " ")
	openText(t, ctx, part+"\n")
	poll(t, ctx, "39 cards opened", `document.querySelectorAll("#ed-list li").length === 39`)
	hash("#ventaglio/3", "Il Ventaglio, seed 3 ")
	if e := want("39 Del reloj cards opened, then #ventaglio/3", "Il Ventaglio", "AS TH QC"); e.From != "" {
		t.Errorf("39 Del reloj cards opened, then #ventaglio/3: Il Ventaglio's editor says %q, want no note of Del reloj's file", e.From)
	}
	look(t, ctx, "entry-any-path-phone", true)
	chooseInMenu(t, ctx, "sietes")
	want("then De los sietes in the box", "De los sietes", "7C")
	chooseInMenu(t, ctx, "reloj")
	if e := want("then Del reloj in the box", "Del reloj", part); !strings.HasPrefix(e.From, "Opened in the editor: the file held 39 of the 40 cards") {
		t.Errorf("Del reloj chosen again: its editor's note is %q, want the file's (Opened in the editor: …)", e.From)
	}
}

// A reload keeps every game's entry in the deal editor, not only the
// chosen game's (Del reloj's five cards were gone after a reload under De
// los sietes, and after a fresh load of #ventaglio/5; found by a new
// user); the editor open stays open. What the page before this one kept
// (one entry, with its game) is read too: an entry is not lost by the
// upgrade.
func TestBoardXReloadKeepsEveryEntry(t *testing.T) {
	base := serve(t)
	ctx := browser.New(t)
	load := func(addr, title string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate(base+addr), chromedp.Reload()); err != nil {
			t.Fatal(err)
		}
		poll(t, ctx, "the page loaded", `document.body.dataset.ready === "1"`)
		wait(t, ctx, addr, func(p page) bool { return decided(p) && strings.HasPrefix(p.Title, title) })
	}
	check := func(how, title, list string) {
		t.Helper()
		if e := entryOf(t, ctx, title); e.List != list {
			t.Errorf("%s: the editor, %s chosen, lists %q, want %q", how, title, e.List, list)
		}
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1366, 768)); err != nil {
		t.Fatal(err)
	}
	load("#reloj/1", "Del reloj, seed 1 ")
	click(t, ctx, `[data-panel="editor-panel"]`)
	typeEntry(t, ctx, "1O 2O 3O 4O 5O", 5)
	chooseInMenu(t, ctx, "sietes")
	entryOf(t, ctx, "De los sietes")
	typeEntry(t, ctx, "7C", 1)

	load("#sietes/1", "De los sietes, seed 1 ")
	check("reloaded under De los sietes", "De los sietes", "7C")
	chooseInMenu(t, ctx, "reloj")
	check("reloaded under De los sietes, then Del reloj chosen", "Del reloj", "1O 2O 3O 4O 5O")

	load("#ventaglio/5", "Il Ventaglio, seed 5 ")
	check("#ventaglio/5 loaded afresh", "Il Ventaglio", "")
	chooseInMenu(t, ctx, "reloj")
	check("#ventaglio/5 loaded afresh, then Del reloj chosen", "Del reloj", "1O 2O 3O 4O 5O")
	chooseInMenu(t, ctx, "sietes")
	check("#ventaglio/5 loaded afresh, then De los sietes chosen", "De los sietes", "7C")

	// What the page before kept: its game on the table (De los sietes
	// seed 3) and one entry, De los sietes'; another address loaded (the
	// address first, then what was kept written and the tab reloaded).
	var d struct {
		Rules json.RawMessage
		Deal  []string
	}
	dj, _ := run(t, nil, 0, "deal", "--game", "sietes", "--seed", "3", "--json")
	if err := json.Unmarshal([]byte(dj), &d); err != nil {
		t.Fatal(err)
	}
	deal, _ := json.Marshal(d.Deal)
	old := fmt.Sprintf(`{"editor":{"game":"sietes","toks":["6E","CE"],"open":true},"game":"sietes","rules":%s,"seed":"3","deal":%s,"moves":[],"redo":[],"review":"","lost":0}`, d.Rules, deal)
	load("#reloj/2", "Del reloj, seed 2 ")
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`sessionStorage.setItem("solitario board", %q)`, old)), chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	poll(t, ctx, "the page loaded", `document.body.dataset.ready === "1"`)
	wait(t, ctx, "#reloj/2", func(p page) bool { return decided(p) && strings.HasPrefix(p.Title, "Del reloj, seed 2 ") })
	check("the old page's entry of De los sietes kept, #reloj/2 loaded", "Del reloj", "")
	chooseInMenu(t, ctx, "sietes")
	check("the old page's entry of De los sietes kept, #reloj/2 loaded, then De los sietes chosen", "De los sietes", "6E CE")
}

// Clear can be undone until a card is entered again (a whole deal went
// with one click, no way back; found by a new user): Undo clear, shown
// only then, puts the tokens back as they were, refused ones too; a card
// entered after Clear, or another game chosen, drops them.
func TestBoardXEditorUndoClear(t *testing.T) {
	ctx := editorWithFive(t, "6E CE QH 4E SB")
	const undo = `(() => { const b = document.getElementById("ed-unclear"); return b.hidden ? "hidden" : b.textContent; })()`
	if got := eval[string](t, ctx, undo); got != "hidden" {
		t.Errorf("before Clear: Undo clear is %q, want hidden", got)
	}
	click(t, ctx, "#ed-clear")
	poll(t, ctx, "the entry cleared", edList+` === ""`)
	if got := eval[string](t, ctx, undo); got != "Undo clear (5 tokens)" {
		t.Errorf("after Clear: Undo clear is %q, want %q", got, "Undo clear (5 tokens)")
	}
	look(t, ctx, "editor-undo-clear", false)
	click(t, ctx, "#ed-unclear")
	poll(t, ctx, "the five back", fmt.Sprintf(`%s === %q`, edList, "6E CE QH! 4E SB"))
	if got := eval[string](t, ctx, undo); got != "hidden" {
		t.Errorf("the five back: Undo clear is %q, want hidden", got)
	}
	// Cleared, then a card entered: the five are gone for good.
	click(t, ctx, "#ed-clear")
	if err := chromedp.Do(ctx, chromedp.SendKeys("#ed-input", "1O"+kb.Enter)); err != nil {
		t.Fatal(err)
	}
	poll(t, ctx, "1O entered", fmt.Sprintf(`%s === %q`, edList, "1O"))
	if got := eval[string](t, ctx, undo); got != "hidden" {
		t.Errorf("a card entered after Clear: Undo clear is %q, want hidden", got)
	}
	// Cleared, then another game chosen and this one again: nothing to undo.
	click(t, ctx, "#ed-clear")
	for _, g := range []string{"sietes", "reloj"} {
		if err := chromedp.Do(ctx, chromedp.SetValue("#game", g), chromedp.Evaluate[chromedp.Void](`document.getElementById("game").dispatchEvent(new Event("change"))`)); err != nil {
			t.Fatal(err)
		}
	}
	if got := eval[string](t, ctx, undo); got != "hidden" {
		t.Errorf("another game chosen after Clear, then this one: Undo clear is %q, want hidden", got)
	}
}

// A file said to be a deal being entered that holds more tokens than the
// editor holds (twice the deal's cards) is read as a deal file and refused
// in its words (here its first duplicate), the editor and the table as
// they were (it made a chip a token: thousands; found by a new user).
func TestBoardXOpenEnteredTooMany(t *testing.T) {
	ctx := editorWithFive(t, "6E CE 7O 4E SB")
	toks := strings.TrimSpace(strings.Repeat("1O 2O ", 100))
	openText(t, ctx, "# a deal being entered: 200 of 40 cards\n"+toks+"\n")
	p := wait(t, ctx, "the file refused", func(p page) bool { return p.Error != "" })
	if want := `deal file:2: token 3 "1O": duplicate card: 1O is already token 1 on line 2`; p.Error != want || !strings.Contains(p.Title, "seed 1 ") {
		t.Errorf("200 tokens opened as a deal being entered: the page says %q, shows %q; want %q, the table as it was", p.Error, p.Title, want)
	}
	if got := eval[string](t, ctx, edList); got != "6E CE 7O 4E SB" {
		t.Errorf("200 tokens opened as a deal being entered: the editor lists %q, want the five as they were", got)
	}
}
