package board_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// pollFor waits up to d for the JavaScript expression js to be true; false
// when it is not by then (a page being left or loaded is not yet).
func pollFor(t *testing.T, ctx context.Context, d time.Duration, js string) bool {
	t.Helper()
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js)); err == nil && ok {
			return true
		}
	}
	return false
}

// tableTop is the table's top in the window with the page scrolled to its
// top, after the page's next frames.
func tableTop(t *testing.T, ctx context.Context) float64 {
	t.Helper()
	eval[bool](t, ctx, `(window.scrollTo(0, 0), true)`)
	frames(t, ctx)
	return rect(t, ctx, "#table").Top
}

// Things new users found on the board, checked on one page (a browser
// each costs seconds of CI):
//   - Il Ventaglio's desktop table, just dealt, fits its window: at
//     1366x768 the page does not scroll (the green under p1..p4 was 390
//     units tall from the deal, empty: the table 800-odd px tall);
//   - a game chosen in the game box is a history entry: Back returns to the
//     game before it (it skipped it), Forward to it again;
//   - one press of p plays the winning line, also with the search under
//     way (it asked for the hint, a second press to play);
//   - on a phone (390x844) the hint's line, a hint or the stock's choice,
//     moves nothing (under the buttons, it pushed the table 65 px down);
//   - the stock's aria-label names the card drawn for a choice, shown face
//     up (it said "face down"), and says face down again once cancelled;
//   - a note goes by itself after the time #error's data-note-ms says, or
//     at the next click; an error stays past that time until the next
//     action (a note covered a phone's palette until closed).
func TestBoardXNits4(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	start := eval[string](t, ctx, `location.href`)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1366, 768)); err != nil {
		t.Fatal(err)
	}

	// Il Ventaglio chosen in the game box, at 1366x768.
	chooseInMenu(t, ctx, "ventaglio")
	wait(t, ctx, "Il Ventaglio seed 1", func(p page) bool { return decided(p) && strings.HasPrefix(p.Title, "Il Ventaglio, seed 1 ") })
	frames(t, ctx)
	fit := eval[[]float64](t, ctx, `[document.scrollingElement.scrollHeight, innerHeight, document.getElementById("table").getBoundingClientRect().bottom,
  Math.max(...[...document.querySelectorAll("#table .place")].filter(p => /^p\d$/.test(p.dataset.place)).map(p => p.getBoundingClientRect().bottom))]`)
	if fit[0] > fit[1] || fit[2]-fit[3] > 120 {
		t.Errorf("Il Ventaglio just dealt at 1366x768: the page is %.0f px tall in a window of %.0f, %.0f px of green under p1..p4; want no scrolling, under 120 px", fit[0], fit[1], fit[2]-fit[3])
	}
	look(t, ctx, "ventaglio-deal-1366x768", false)

	// Back: Del reloj seed 1 again; Forward: Il Ventaglio; Back again.
	for _, h := range []struct{ js, hash, title string }{
		{"history.back()", "#reloj/1", "Del reloj, seed 1 "}, {"history.forward()", "#ventaglio/1", "Il Ventaglio, seed 1 "}, {"history.back()", "#reloj/1", "Del reloj, seed 1 "},
	} {
		eval[bool](t, ctx, `(setTimeout(() => `+h.js+`), true)`) // after the call returns: it may leave the page
		if !pollFor(t, ctx, 20*time.Second, fmt.Sprintf(`location.hash === %q && !!document.getElementById("title") && document.getElementById("title").textContent.startsWith(%q)`, h.hash, h.title)) {
			t.Errorf("Il Ventaglio chosen in the game box after Del reloj seed 1, then %s: the address is %q, the page shows %q; want %s, %q", h.js, eval[string](t, ctx, `location.href`), read(t, ctx).Title, h.hash, h.title)
			if err := chromedp.Do(ctx, chromedp.Navigate(start)); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	wait(t, ctx, "Del reloj seed 1 again", func(p page) bool { return decided(p) && strings.HasPrefix(p.Title, "Del reloj, seed 1 ") })

	// p pressed once while the deal's search is under way (pressed as the
	// verdict turns to searching, before its answer can come): the line
	// plays once the search answers.
	eval[bool](t, ctx, `(() => {
  const v = document.getElementById("verdict");
  const o = new MutationObserver(() => { if (v.dataset.result === "searching") { o.disconnect(); document.dispatchEvent(new KeyboardEvent("keydown", {key: "p", bubbles: true})); } });
  o.observe(v, {attributes: true, attributeFilter: ["data-result"]});
  document.getElementById("dealbtn").click();
  return true; })()`)
	wait(t, ctx, "the deal searched", func(p page) bool { return decided(p) })
	if !pollFor(t, ctx, 10*time.Second, `+document.getElementById("moves").dataset.played >= 1`) {
		p := read(t, ctx)
		t.Errorf("p pressed once during the search: %d moves played, the page says %q, %q; want the winning line played", p.Played, p.Verdict, eval[string](t, ctx, `document.getElementById("hint-text").textContent`))
	} else if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
		t.Fatal(err)
	}
	poll(t, ctx, "the line stopped", `document.getElementById("line").textContent === "Play the line"`)

	// On a phone: the hint's line, then the stock's choice.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "#dealbtn") // the deal again, no hint shown
	if !pollFor(t, ctx, 20*time.Second, `document.getElementById("hint-text").textContent === "" && document.getElementById("moves").dataset.played === "0"`) {
		t.Fatalf("the deal dealt again: the hint's line says %q, want nothing", eval[string](t, ctx, `document.getElementById("hint-text").textContent`))
	}
	wait(t, ctx, "the deal again", func(p page) bool { return decided(p) && p.Played == 0 })
	before := tableTop(t, ctx)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("h")); err != nil {
		t.Fatal(err)
	}
	poll(t, ctx, "the hint shown", `document.getElementById("hint-text").textContent.startsWith("Hint: ")`)
	lineShown := func(what string, before float64) {
		t.Helper()
		if after := tableTop(t, ctx); after != before {
			t.Errorf("at 390x844, %s: the table's top moved from %.0f to %.0f", what, before, after)
		}
		if b := rect(t, ctx, "#hint-text"); b.Top < 0 || b.Bottom > 844 || b.Left < 0 || b.Right > 390 || b.Bottom-b.Top < 10 {
			t.Errorf("at 390x844, %s: the hint's line at %+v is not all in the window", what, b)
		}
	}
	lineShown("the hint shown", before)
	// A message shown with it stands over it, not on it.
	click(t, ctx, placeSel("pile:1"))
	wait(t, ctx, "empty pile 1 said", func(p page) bool { return strings.HasPrefix(p.Error, "pile 1 is empty") })
	if m, h := rect(t, ctx, "#error"), rect(t, ctx, "#hint-text"); m.Bottom > h.Top || m.Top < 0 {
		t.Errorf("at 390x844, the hint's line at %+v, a message at %+v: want the message over the line, in the window", h, m)
	}
	look(t, ctx, "phone-hint-line", false)
	clearError(t, ctx)
	stockChoice(t, ctx)
	stockAria := `document.querySelector('#table [data-place="stock"]').getAttribute("aria-label")`
	before = tableTop(t, ctx)
	click(t, ctx, placeSel("stock"))
	poll(t, ctx, "the stock's choice said", `document.getElementById("hint-text").textContent.startsWith("The stock's card is 4C")`)
	lineShown("the stock's choice said", before)
	look(t, ctx, "phone-stock-choice", false)
	if a := eval[string](t, ctx, stockAria); !strings.Contains(a, "4C") || strings.HasPrefix(a, "stock: 37 cards face down") {
		t.Errorf("4C drawn and shown face up for a choice: the stock's aria-label is %q; want 4C named", a)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
		t.Fatal(err)
	}
	if a := eval[string](t, ctx, stockAria); a != "stock: 37 cards face down" {
		t.Errorf("the stock's choice cancelled: its aria-label is %q; want %q", a, "stock: 37 cards face down")
	}

	// Notes and errors, still on the phone, a note's time made short.
	eval[bool](t, ctx, `(document.getElementById("error").dataset.noteMs = "300", true)`)
	msg := `document.getElementById("error").hidden ? "" : document.getElementById("error").dataset.kind + ": " + document.getElementById("error-text").textContent`
	sietes := "# De los sietes (sietes), seed 3, in dealing order: the stock, first drawn first\n" + strings.Join(cliDeal(t, "sietes", 3), " ") + "\n"
	openText(t, ctx, sietes)
	poll(t, ctx, "the note of De los sietes chosen", `document.getElementById("error-text").textContent.startsWith("De los sietes chosen")`)
	if !pollFor(t, ctx, 5*time.Second, `document.getElementById("error").hidden`) {
		t.Errorf("a note shown with data-note-ms 300: after 5 s it still shows (%q); want it gone by itself", eval[string](t, ctx, msg))
	}
	openText(t, ctx, "1O 2O ZZ\n")
	poll(t, ctx, "the bad token's error", `document.getElementById("error-text").textContent.includes("token 3")`)
	time.Sleep(800 * time.Millisecond)
	if m := eval[string](t, ctx, msg); !strings.HasPrefix(m, "error: ") {
		t.Errorf("an error shown, a note's time (300 ms) past: the message is %q; want the error still shown", m)
	}
	look(t, ctx, "phone-error-stays", false)
	click(t, ctx, "#hint")
	if m := eval[string](t, ctx, msg); m != "" {
		t.Errorf("an error shown, then Hint clicked: the message %q stays; want it gone", m)
	}
	eval[bool](t, ctx, `(document.getElementById("error").dataset.noteMs = "60000", true)`)
	openText(t, ctx, "# Del reloj (reloj), seed 1, in dealing order: the first base, then the stock (first drawn first)\n"+strings.Join(cliDeal(t, "reloj", 1), " ")+"\n")
	poll(t, ctx, "the note of Del reloj chosen", `document.getElementById("error-text").textContent.startsWith("Del reloj chosen")`)
	look(t, ctx, "phone-note", false)
	click(t, ctx, `[data-panel="export-panel"]`)
	if m := eval[string](t, ctx, msg); m != "" {
		t.Errorf("a note shown, then Export… clicked: the note %q stays; want it gone at the next click", m)
	}
}
