package board_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/solitario/solitario/api"
)

// lostSeed is the first seed of Del reloj past 1 whose deal the engine
// finds lost from the start.
func lostSeed(t *testing.T) uint64 {
	t.Helper()
	for seed := uint64(2); seed < 200; seed++ {
		h, err := api.Hint(context.Background(), api.Request{Game: "reloj", Seed: &seed}, api.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if h.Result == "unwinnable" {
			return seed
		}
	}
	t.Fatal("no lost deal of Del reloj in seeds 2 to 199")
	return 0
}

// Things new users found on the board, checked on one page (a browser
// each costs seconds of CI):
//   - Deal (a seed typed) and Random are history entries: Back returns to
//     the deal before (they replaced the entry: Back left the page);
//   - at 1366x768 the game menu shows every game's whole name ("Orologio
//     (French, classic C" was cut off), the header still one row;
//   - on a phone (390x844) the verdict's "Why: …" line and the review's
//     text move nothing (between the buttons and the table, they pushed
//     the table down as they came).
func TestBoardXNits5(t *testing.T) {
	lost := lostSeed(t)
	ctx, _ := openRelojSeed1(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1366, 768)); err != nil {
		t.Fatal(err)
	}
	start := eval[string](t, ctx, `location.href`)

	// Deal seed 5, then Random; Back: seed 5, Back again: seed 1.
	typeInto(t, ctx, "#seed", "5")
	click(t, ctx, "#dealbtn")
	wait(t, ctx, "seed 5 dealt", func(p page) bool { return decided(p) && strings.HasPrefix(p.Title, "Del reloj, seed 5 ") })
	click(t, ctx, "#randombtn")
	if !pollFor(t, ctx, 20*time.Second, `location.hash !== "#reloj/5" && !document.getElementById("title").textContent.startsWith("Del reloj, seed 5 ")`) {
		t.Fatalf("Random after seed 5: the address is %q, the page shows %q", eval[string](t, ctx, `location.href`), read(t, ctx).Title)
	}
	wait(t, ctx, "a random seed dealt", decided)
	for _, h := range []struct{ hash, title string }{{"#reloj/5", "Del reloj, seed 5 "}, {"#reloj/1", "Del reloj, seed 1 "}} {
		eval[bool](t, ctx, `(setTimeout(() => history.back()), true)`) // after the call returns: it may leave the page
		if !pollFor(t, ctx, 10*time.Second, fmt.Sprintf(`location.hash === %q && !!document.getElementById("title") && document.getElementById("title").textContent.startsWith(%q)`, h.hash, h.title)) {
			t.Errorf("seed 1, Deal seed 5, Random, then Back: the address is %q, the page shows %q; want %s, %q", eval[string](t, ctx, `location.href`), read(t, ctx).Title, h.hash, h.title)
			if err := chromedp.Do(ctx, chromedp.Navigate(start)); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	wait(t, ctx, "seed 1 again", func(p page) bool { return decided(p) && strings.HasPrefix(p.Title, "Del reloj, seed 1 ") })

	// The game menu at 1366x768: each game's whole name, the header one row.
	for _, g := range eval[[]string](t, ctx, `[...document.getElementById("game").options].map(o => o.value)`) {
		r := eval[map[string]any](t, ctx, fmt.Sprintf(`(() => {
  const s = document.getElementById("game"); s.value = %q;
  const c = s.cloneNode(true);
  c.removeAttribute("id"); c.style.cssText = "position:absolute;visibility:hidden;max-width:none;width:auto;font:" + getComputedStyle(s).font;
  c.value = s.value; s.parentNode.appendChild(c);
  const whole = c.getBoundingClientRect().width; c.remove();
  const tops = [...document.querySelectorAll("header h1, header form > *")].map(e => e.getBoundingClientRect().top);
  return {text: s.selectedOptions[0].textContent, scroll: s.scrollWidth, client: s.clientWidth, width: s.getBoundingClientRect().width, whole,
    rows: Math.max(...tops) - Math.min(...tops), right: document.querySelector("header form > :last-child").getBoundingClientRect().right};
})()`, g))
		if r["scroll"].(float64) > r["client"].(float64) || r["width"].(float64) < r["whole"].(float64)-0.5 {
			t.Errorf("at 1366x768, %s chosen: the game menu is %v px wide (%v of %v scrolled), its option %q wants %v", g, r["width"], r["client"], r["scroll"], r["text"], r["whole"])
		}
		if r["rows"].(float64) > 10 || r["right"].(float64) > 1366 {
			t.Errorf("at 1366x768, %s chosen: the header's controls' tops are %v px apart, its last ends at %v px; want one row", g, r["rows"], r["right"])
		}
	}
	eval[bool](t, ctx, `(document.getElementById("game").value = "orologio52") !== ""`)
	look(t, ctx, "nits5-gamemenu-1366x768", false)
	eval[bool](t, ctx, `(document.getElementById("game").value = "reloj") !== ""`)

	// On a phone: a lost deal's why, then the review's text.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)); err != nil {
		t.Fatal(err)
	}
	before := tableTop(t, ctx)
	typeInto(t, ctx, "#seed", fmt.Sprint(lost))
	click(t, ctx, "#dealbtn")
	wait(t, ctx, "the lost deal", func(p page) bool {
		return decided(p) && strings.HasPrefix(p.Title, fmt.Sprintf("Del reloj, seed %d ", lost))
	})
	if why := eval[string](t, ctx, `document.getElementById("verdict-why").textContent`); !strings.HasPrefix(why, "Why: ") {
		t.Errorf("Del reloj seed %d, lost: the verdict's reason says %q, want Why: …", lost, why)
	}
	if after := tableTop(t, ctx); after != before {
		t.Errorf("at 390x844, the verdict's Why shown: the table's top moved from %.0f to %.0f", before, after)
	}
	look(t, ctx, "nits5-phone-why", false)
	click(t, ctx, "#legal button") // a move, for the review to look at
	wait(t, ctx, "a move played", func(p page) bool { return decided(p) && p.Played == 1 })
	if after := tableTop(t, ctx); after != before {
		t.Errorf("at 390x844, a move played on the lost deal: the table's top moved from %.0f to %.0f", before, after)
	}
	click(t, ctx, "#review")
	poll(t, ctx, "the review said", `(t => t && !t.endsWith("…"))(document.getElementById("review-text").textContent)`)
	if after := tableTop(t, ctx); after != before {
		t.Errorf("at 390x844, the review's text shown: the table's top moved from %.0f to %.0f", before, after)
	}
	look(t, ctx, "nits5-phone-review", false)
	look(t, ctx, "nits5-phone-review-full", true)
}
