package board_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/solitario/solitario/internal/browser"
)

// An address with a bad %-escape (#reloj/7%, #%ZZ) is an address not
// understood, said so with what was opened instead, as #nope/1 is (the
// page stayed at "loading the solver…" for good: decodeURIComponent
// threw); typed with a game on the table, the game is kept. Then, with a
// search limit that starts no search (abc, -5), Hint and Play the line say
// at once there is no search and why, in the verdict's words (they waited
// "for the search…" for good), and Review does; the limit fixed, the hint
// and the line work again. The limits' messages name each field by its
// flag, and a number too large says what it counts.
func TestBoardXBadEscapeNoSearch(t *testing.T) {
	base := serve(t)
	ctx := browser.New(t)
	for _, c := range []struct{ hash, why string }{
		{"#reloj/7%", `"%" is no %-escape`},
		{"#%ZZ", `"%ZZ" is no %-escape`},
		{"#reloj/%E0%A4%A", `"%A" is no %-escape`},
		{"#sietes/%FF", "its %-escapes are no UTF-8 text"},
	} {
		if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(base+"index.html"+c.hash)); err != nil {
			t.Fatal(err)
		}
		p := wait(t, ctx, c.hash+" opened", func(p page) bool { return p.Title != "" && p.Error != "" })
		title := "Del reloj"
		if strings.HasPrefix(c.hash, "#sietes") {
			title = "De los sietes"
		}
		want := "The address " + c.hash + " was not understood: " + c.why
		if !strings.HasPrefix(p.Error, want) || !strings.HasSuffix(p.Error, "; opened "+title+", seed 1 instead.") || !strings.HasPrefix(p.Title, title+", seed 1 ") {
			t.Errorf("%s: the page shows %q and says %q; want %s, seed 1, and %q…; opened %s, seed 1 instead.", c.hash, p.Title, p.Error, title, want, title)
		}
	}
	// Typed with a game on the table (a hashchange): the game is kept.
	clearError(t, ctx)
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`location.hash = "#reloj/9%"`)); err != nil {
		t.Fatal(err)
	}
	p := wait(t, ctx, "#reloj/9% typed", func(p page) bool { return p.Error != "" })
	if want := `The address #reloj/9% was not understood: "%" is no %-escape (a % then two hex digits, as %20 for a space); the game on the table is kept.`; p.Error != want || !strings.HasPrefix(p.Title, "De los sietes, seed 1 ") {
		t.Errorf("#reloj/9%% typed over De los sietes seed 1: the page shows %q and says %q; want it kept, and %q", p.Title, p.Error, want)
	}

	// A search limit that starts no search, on Del reloj seed 1.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(base+"index.html#reloj/1")); err != nil {
		t.Fatal(err)
	}
	wait(t, ctx, "reloj seed 1", func(p page) bool { return decided(p) && strings.HasPrefix(p.Title, "Del reloj, seed 1 ") })
	hintText := func() string { return eval[string](t, ctx, `document.getElementById("hint-text").textContent`) }
	reviewText := func() string { return eval[string](t, ctx, `document.getElementById("review-text").textContent`) }
	click(t, ctx, `[data-panel="rules-panel"]`)
	click(t, ctx, placeSel("stock"))
	wait(t, ctx, "a move played", func(p page) bool { return p.Played == 1 && decided(p) })
	for _, c := range []struct{ sel, v, msg string }{
		{"#max-nodes", "abc", `--max-nodes "abc": want a whole number, 0 (no limit) or more`},
		{"#max-nodes", "-5", `--max-nodes -5: must be 0 (no limit) or more`},
		{"#max-nodes", "99999999999999999999", `--max-nodes 99999999999999999999: too large: at most 9007199254740991 nodes; 0 is no limit`},
		{"#timeout", "-1", `--timeout "-1": want a whole number of seconds, 0 (none) or more`},
	} {
		typeInto(t, ctx, c.sel, c.v)
		p := wait(t, ctx, c.sel+" "+c.v+": no search", func(p page) bool { return p.Result == "error" })
		why := "under Rules & limit, " + c.msg
		if p.Verdict != "No search: "+why+"." {
			t.Errorf("%s %s: the verdict says %q, want %q", c.sel, c.v, p.Verdict, "No search: "+why+".")
		}
		for _, b := range []struct{ sel, what string }{{"#hint", "Hint"}, {"#line", "Play the line"}, {"#review", "Review"}} {
			click(t, ctx, b.sel)
			got := hintText
			if b.sel == "#review" {
				got = reviewText
			}
			if want := b.what + ": no search: " + why + "."; got() != want {
				t.Errorf("%s %s, %s pressed: it says %q, want %q", c.sel, c.v, b.what, got(), want)
			}
		}
		typeInto(t, ctx, c.sel, map[string]string{"#max-nodes": "5000000", "#timeout": "20"}[c.sel])
		// The limit fixed: the hint shown (it was asked) once the search
		// answers, and the line plays.
		p = wait(t, ctx, c.sel+" fixed: the hint", func(p page) bool { return decided(p) && p.Hint != nil })
		if h := hintText(); !strings.HasPrefix(h, "Hint: ") || strings.Contains(h, "search") {
			t.Errorf("%s fixed: the hint's line says %q, want the hint", c.sel, h)
		}
	}
	click(t, ctx, "#line")
	wait(t, ctx, "the line played", func(p page) bool { return p.Played > 2 })
	click(t, ctx, "#line")
	// A rule's number too large for the board says what it counts.
	typeInto(t, ctx, "#rule-passes", "9007199254740993")
	poll(t, ctx, "--passes too large", `(() => { const m = document.getElementById("rule-passes").closest("label").nextElementSibling; return m && !m.hidden && m.textContent; })() === '--passes "9007199254740993": too large: at most 9007199254740991 passes on the board; 0 is unlimited'`)
}
