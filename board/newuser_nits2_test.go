package board_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/solitario/solitario/internal/browser"
)

// inks counts the pixels of the window around the element sel (its box
// grown by margin CSS pixels) near each colour of want, by name: what a
// person sees there, blended edges left out (each channel within 40).
func inks(t *testing.T, ctx context.Context, sel string, margin float64, want map[string][3]int) map[string]int {
	t.Helper()
	return countInks(t, ctx, sel, margin, false, want)
}

// inksBeside is inks in the window's part beside and under the element,
// not in it (a card's face) nor over it (its place's label).
func inksBeside(t *testing.T, ctx context.Context, sel string, margin float64, want map[string][3]int) map[string]int {
	t.Helper()
	return countInks(t, ctx, sel, margin, true, want)
}

// countInks is inks, or inksBeside when beside.
func countInks(t *testing.T, ctx context.Context, sel string, margin float64, beside bool, want map[string][3]int) map[string]int {
	t.Helper()
	var r struct{ X, Y, W, H, DPR float64 }
	js := fmt.Sprintf(`(() => { const b = document.querySelector(%q).getBoundingClientRect(); return JSON.stringify({x: b.left, y: b.top, w: b.width, h: b.height, dpr: devicePixelRatio}); })()`, sel)
	if err := json.Unmarshal([]byte(eval[string](t, ctx, js)), &r); err != nil {
		t.Fatal(err)
	}
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	abs := func(a int) int { return max(a, -a) }
	for y := int((r.Y - margin) * r.DPR); y < int((r.Y+r.H+margin)*r.DPR); y++ {
		for x := int((r.X - margin) * r.DPR); x < int((r.X+r.W+margin)*r.DPR); x++ {
			if beside && float64(y) < (r.Y+r.H)*r.DPR && (float64(y) < r.Y*r.DPR || float64(x) >= r.X*r.DPR && float64(x) < (r.X+r.W)*r.DPR) {
				continue
			}
			cr, cg, cb, _ := img.At(x, y).RGBA()
			for name, c := range want {
				if abs(int(cr>>8)-c[0]) <= 40 && abs(int(cg>>8)-c[1]) <= 40 && abs(int(cb>>8)-c[2]) <= 40 {
					got[name]++
				}
			}
		}
	}
	return got
}

// A place chosen (a click, Enter) that has the keyboard's focus too still
// shows it is chosen: the focus ring drawn over it hid the yellow glow of
// the place chosen, and the blue of a place it may go to (found by a new
// user). The stock of TestBoardXStockChoice's deal, its 4C fitting two
// places, chosen with the keyboard, on a desktop and on a phone: the
// stock focused shows the ring and the yellow, the place the focus moves
// to the ring and the blue.
func TestBoardXFocusKeepsChoice(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	stockChoice(t, ctx)
	const focused = `(e => e && e.closest && e.closest("#table .place") ? e.closest("#table .place").dataset.place : "")(document.activeElement)`
	colours := map[string][3]int{"ring": {0xff, 0x98, 0x00}, "chosen": {0xff, 0xeb, 0x3b}, "target": {0x4f, 0xc3, 0xf7}}
	for _, size := range [][2]int64{{1366, 768}, {390, 844}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1])); err != nil {
			t.Fatal(err)
		}
		at := fmt.Sprintf("at %dx%d", size[0], size[1])
		for i := 0; i < 80 && eval[string](t, ctx, focused) != "stock"; i++ {
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
				t.Fatal(err)
			}
		}
		if eval[string](t, ctx, focused) != "stock" {
			t.Fatalf("%s, Tab pressed 80 times: the focus never came to the stock", at)
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
			t.Fatal(err)
		}
		poll(t, ctx, "the stock chosen", `!!document.querySelector('#table .place.sel[data-place="stock"]')`)
		target := eval[string](t, ctx, focused)
		if target == "" || target == "stock" || !eval[bool](t, ctx, `document.activeElement.matches(".target:focus-visible")`) {
			t.Fatalf("%s, the stock chosen by Enter: the focus is on %q, want on a place it may go to, with the keyboard's ring", at, target)
		}
		if err := chromedp.Do(ctx, chromedp.ScrollIntoView(placeSel("stock"))); err != nil {
			t.Fatal(err)
		}
		got := inks(t, ctx, placeSel(target), 12, colours)
		if got["ring"] < 20 || got["target"] < 20 {
			t.Errorf("%s, %s focused, a place the stock's card may go to: the ring's orange shows %d pixels, the target's blue %d; want both seen (20 and more)", at, target, got["ring"], got["target"])
		}
		look(t, ctx, fmt.Sprintf("focus-on-target-%dx%d", size[0], size[1]), false)
		// Back to the stock, still chosen, by Tab.
		for i := 0; i < 80 && eval[string](t, ctx, focused) != "stock"; i++ {
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
				t.Fatal(err)
			}
		}
		if !eval[bool](t, ctx, `document.activeElement.matches('#table .place.sel[data-place="stock"]:focus-visible')`) {
			t.Fatalf("%s: Tab brought the focus to %q, want the stock, chosen, with the keyboard's ring", at, eval[string](t, ctx, focused))
		}
		got = inks(t, ctx, placeSel("stock"), 12, colours)
		if got["ring"] < 20 || got["chosen"] < 20 {
			t.Errorf("%s, the stock chosen and focused: the ring's orange shows %d pixels, the yellow of the place chosen %d; want both seen (20 and more)", at, got["ring"], got["chosen"])
		}
		look(t, ctx, fmt.Sprintf("focus-on-chosen-%dx%d", size[0], size[1]), false)
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
			t.Fatal(err)
		}
		poll(t, ctx, "the choice let go", `!document.querySelector("#table .place.sel")`)
	}
}

// The Rules dialog's options each read apart from the others at 1366x768
// and on a phone (at 1366 px two sat in one row, 6 px apart, one's value
// running into the next one's words: found by a new user): Il Ventaglio's
// four, no two overlapping, each at least 200 px wide, two side by side 24
// px and more apart, two one above the other 4 px and more.
func TestBoardXRulesOptionsApart(t *testing.T) {
	base := serve(t)
	ctx := browser.New(t)
	for _, size := range [][2]int64{{1366, 768}, {390, 844}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1]), chromedp.Navigate("about:blank"), chromedp.Navigate(base+"#ventaglio/1")); err != nil {
			t.Fatal(err)
		}
		wait(t, ctx, "ventaglio seed 1", func(p page) bool { return decided(p) && strings.Contains(p.Title, "seed 1") })
		click(t, ctx, `[data-panel="rules-panel"]`)
		var opts []struct {
			Text                     string
			Left, Top, Right, Bottom float64
		}
		js := `JSON.stringify([...document.querySelectorAll("#rules-opts > label")].map((l) => { const b = l.getBoundingClientRect(); return {text: l.textContent, left: b.left, top: b.top, right: b.right, bottom: b.bottom}; }))`
		if err := json.Unmarshal([]byte(eval[string](t, ctx, js)), &opts); err != nil {
			t.Fatal(err)
		}
		at := fmt.Sprintf("at %dx%d", size[0], size[1])
		if len(opts) != 4 {
			t.Fatalf("%s: the Rules dialog shows %d options of Il Ventaglio, want 4", at, len(opts))
		}
		for i, a := range opts {
			if w := a.Right - a.Left; w < 200 {
				t.Errorf("%s: the option %q is %.0f px wide, want 200 and more", at, a.Text, w)
			}
			for _, b := range opts[i+1:] {
				across := max(b.Left-a.Right, a.Left-b.Right) // the gap between them across, < 0: none
				down := max(b.Top-a.Bottom, a.Top-b.Bottom)
				if across < 24 && down < 4 {
					t.Errorf("%s: the options %q and %q are %.0f px apart across and %.0f px down, want 24 across (side by side) or 4 down", at, a.Text, b.Text, across, down)
				}
			}
		}
		look(t, ctx, fmt.Sprintf("rules-options-%dx%d", size[0], size[1]), false)
	}
}

// Tokens refused by the score, pasted into the deal editor, are named by
// their first five numbers and counted past them (the status line listed
// all 20,000 numbers of a paste; found by a new user; up to 8 are all
// named, as TestBoardXEditorRefusedPlaces's 6); the list of problems names
// the first few too and counts the rest, the deal's own problem (its
// count) after them. The tokens stay, each marked. 80 tokens are pasted,
// the most the editor holds for Del reloj (TestBoardXEditorTooMany).
func TestBoardXEditorManyRefused(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	click(t, ctx, `[data-panel="editor-panel"]`)
	toks := make([]string, 80)
	for i := range toks {
		toks[i] = "ZZ"
	}
	toks[1] = "1O" // token 2 a card: the refused ones are 1, 3, 4, ...
	if err := chromedp.Do(ctx, chromedp.SetValue("#ed-input", strings.Join(toks, " "))); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "#ed-add")
	poll(t, ctx, "80 tokens listed", `document.querySelectorAll("#ed-list li").length === 80`)
	const want = "Del reloj: 1 of 40 cards entered; tokens 1, 3, 4, 5, 6 and 74 more refused: each holds its place until replaced or taken out (click it)."
	if got := eval[string](t, ctx, `document.getElementById("ed-status").textContent`); got != want {
		if len(got) > 300 {
			got = got[:300] + "…"
		}
		t.Errorf("80 tokens pasted, 79 refused: the editor says %q (%d characters), want %q", got, len(got), want)
	}
	var problems []string
	if err := json.Unmarshal([]byte(eval[string](t, ctx, `JSON.stringify([...document.querySelectorAll("#ed-problems li")].map((li) => li.textContent))`)), &problems); err != nil {
		t.Fatal(err)
	}
	const more = "and 74 more tokens refused, each marked in the list"
	if n := len(problems); n > 7 || !strings.HasPrefix(problems[0], "token 1: ") || !slices.Contains(problems, more) || !strings.HasPrefix(problems[n-1], "wrong count: 1 card, ") {
		t.Errorf("80 tokens pasted, 79 refused: the editor's problems are %d lines, the first %q, the last %q; want at most 7: token 1's first, then %q, the count of cards last", n, problems[0], problems[n-1], more)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#ed-list li.bad").length`); n != 79 {
		t.Errorf("80 tokens pasted, 79 refused: %d marked refused in the list", n)
	}
	look(t, ctx, "editor-many-refused", false)
}

// A whole deal file of another game than the one chosen, opened or pasted,
// chooses its game and says so, as a deal being entered does (it was read
// as the game chosen: "wrong deck", or another game's deal of the same
// deck; found by a new user). The game is the one the file names in its
// first comments (the corpus's "# Del reloj, seed 505", this board's "# De
// los sietes (sietes), seed 3", read with Del reloj chosen, the same deck),
// else the only one whose deck holds its cards (104 French cards: Il
// Ventaglio); Spanish cards of no game named are Del reloj's or De los
// sietes': both are named, the table kept.
func TestBoardXOpenOtherGamesDeal(t *testing.T) {
	base := serve(t)
	ctx := browser.New(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"#ventaglio/1")); err != nil {
		t.Fatal(err)
	}
	wait(t, ctx, "ventaglio seed 1", func(p page) bool { return decided(p) && strings.Contains(p.Title, "seed 1") })
	corpusFile, err := filepath.Abs("../corpus/reloj/easy-seed-505.deal")
	if err != nil {
		t.Fatal(err)
	}
	sietes := "# De los sietes (sietes), seed 3, in dealing order: the stock, first drawn first\n" + strings.Join(cliDeal(t, "sietes", 3), " ") + "\n"
	for _, c := range []struct {
		file, text, game, msg string
		deal                  []string
	}{
		{corpusFile, "", "reloj", "easy-seed-505.deal: Del reloj chosen (the file's game; Il Ventaglio was).", cliDeal(t, "reloj", 505)},
		{"", sietes, "sietes", "De los sietes chosen (the file's game; Del reloj was).", cliDeal(t, "sietes", 3)},
		{"", strings.Join(cliDeal(t, "ventaglio", 7), " "), "ventaglio", "Il Ventaglio chosen (the only game of these cards; De los sietes was).", cliDeal(t, "ventaglio", 7)},
	} {
		clearError(t, ctx)
		from := eval[string](t, ctx, `document.getElementById("game").value`)
		if c.file != "" {
			openFile(t, ctx, c.file)
		} else {
			openText(t, ctx, c.text)
		}
		p := wait(t, ctx, "the deal opened", func(p page) bool { return p.Error != "" && decided(p) && !strings.Contains(p.Title, "seed") })
		if game := eval[string](t, ctx, `document.getElementById("game").value`); game != c.game || p.Error != c.msg {
			t.Errorf("a deal of %s opened with %s chosen: the game box says %q, the page %q; want %s, %q", c.game, from, game, p.Error, c.game, c.msg)
		}
		look(t, ctx, "other-games-deal-"+c.game, false)
		if got := tableDeal(t, ctx); strings.Join(got, " ") != strings.Join(c.deal, " ") {
			t.Errorf("a deal of %s opened with %s chosen: the deal exported is %v, want the file's %v", c.game, from, got, c.deal)
		}
	}
	// Spanish cards, no game named, with Il Ventaglio chosen.
	clearError(t, ctx)
	before := read(t, ctx)
	openText(t, ctx, strings.Join(cliDeal(t, "reloj", 9), " ")+"\n")
	p := wait(t, ctx, "the deal refused", func(p page) bool { return p.Error != "" })
	if want := " (the cards of a deal of Del reloj or De los sietes: choose its game above)"; !strings.HasPrefix(p.Error, `deal file:1: token 1 "`) || !strings.HasSuffix(p.Error, want) {
		t.Errorf("a deal of Spanish cards opened with Il Ventaglio chosen: the page says %q, want the deal file's message, then %q", p.Error, want)
	}
	if game := eval[string](t, ctx, `document.getElementById("game").value`); game != "ventaglio" || p.Title != before.Title {
		t.Errorf("a deal of Spanish cards refused: the game box says %q, the table %q; want ventaglio, %q as before", game, p.Title, before.Title)
	}
}

// tableDeal is the deal on the table, as Export's deal file writes it.
func tableDeal(t *testing.T, ctx context.Context) []string {
	t.Helper()
	if eval[bool](t, ctx, `document.getElementById("export-panel").hidden`) {
		click(t, ctx, `[data-panel="export-panel"]`)
	}
	click(t, ctx, "#ex-deal")
	var toks []string
	for _, line := range strings.Split(eval[string](t, ctx, `document.getElementById("export-text").value`), "\n") {
		line, _, _ = strings.Cut(line, "#")
		toks = append(toks, strings.Fields(line)...)
	}
	return toks
}
