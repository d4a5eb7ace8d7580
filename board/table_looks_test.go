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

// openAt shows game's seed 1 in a window w x h and waits for its verdict.
func openAt(t *testing.T, ctx context.Context, base, game string, w, h int64) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, h), chromedp.Navigate(base+"index.html#"+game+"/1"), chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	wait(t, ctx, game, func(p page) bool { return decided(p) && strings.Contains(p.Title, "seed 1 ") })
}

// The keyboard's focus ring of a place leaves its label readable (the
// stock's ring, orange and white, was drawn across its light "stock"): for
// each place of each game, focused as by the keyboard, the label's box is
// clear of the ring's (the place's .hit grown by its box-shadow's spread)
// and of every count badge (the "+N" hanging under the place above), and
// the label is what the window shows at its centre.
func TestBoardXFocusRingClearsLabel(t *testing.T) {
	base := serve(t)
	ctx := browser.New(t)
	const check = `JSON.stringify((() => {
  const bad = [];
  for (const p of document.querySelectorAll("#table .place")) {
    p.focus();
    p.querySelector(":scope > .label").scrollIntoView({ block: "center" });
    if (!p.matches(":focus-visible")) { bad.push(p.dataset.place + " focused but not :focus-visible"); continue; }
    const hit = p.querySelector(":scope > .hit"), lab = p.querySelector(":scope > .label");
    const sh = getComputedStyle(hit).boxShadow;
    if (sh === "none") { bad.push(p.dataset.place + " focused: no ring"); continue; }
    // The spread of each shadow ("rgb(..) 0px 0px 0px 7px"): its 4th length.
    const spread = Math.max(...sh.split(/,(?![^(]*\))/).map((s) => parseFloat((s.match(/-?[\d.]+px/g) || [])[3] || 0)));
    const h = hit.getBoundingClientRect(), k = h.width / hit.offsetWidth, g = spread * k;
    const ring = { left: h.left - g, top: h.top - g, right: h.right + g, bottom: h.bottom + g };
    const l = lab.getBoundingClientRect();
    if (l.left < ring.right && l.right > ring.left && l.top < ring.bottom && l.bottom > ring.top)
      bad.push(p.dataset.place + "'s label " + JSON.stringify(lab.textContent) + " (" + [l.top, l.bottom].map(Math.round) + ") reaches into its focus ring (" + [ring.top, ring.bottom].map(Math.round) + ")");
    for (const b of document.querySelectorAll("#table :is(.under, .count)")) {
      const r = b.getBoundingClientRect();
      if (l.left < r.right && l.right > r.left && l.top < r.bottom && l.bottom > r.top)
        bad.push(p.dataset.place + "'s label " + JSON.stringify(lab.textContent) + " covers " + b.closest(".place").dataset.place + "'s " + JSON.stringify(b.textContent));
    }
    const at = document.elementFromPoint(l.left + l.width / 2, l.top + l.height / 2);
    if (!at || !lab.contains(at)) bad.push(p.dataset.place + "'s label covered by " + (at ? at.tagName + "." + at.className : "nothing"));
  }
  return bad;
})())`
	for _, size := range [][2]int64{{1366, 768}, {390, 844}} {
		for _, g := range []string{"reloj", "sietes", "ventaglio", "orologio", "orologio52"} {
			openAt(t, ctx, base, g, size[0], size[1])
			// A key pressed first: a place focused after it shows the
			// keyboard's ring (:focus-visible), as after a Tab.
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
				t.Fatal(err)
			}
			var bad []string
			if err := json.Unmarshal([]byte(eval[string](t, ctx, check)), &bad); err != nil {
				t.Fatal(err)
			}
			if len(bad) > 0 {
				t.Errorf("%s at %dx%d: %s", g, size[0], size[1], strings.Join(bad, "; "))
			}
			if g == "reloj" || g == "sietes" {
				chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('#table [data-place="stock"]').focus()`))
				look(t, ctx, fmt.Sprintf("focus-stock-%s-%d", g, size[0]), false)
			}
		}
	}
}

// The count badges ("+11" under the reserve's card, the stock's count)
// cover no card's rank or suit (the "+N" hid Il Ventaglio's reserve's
// suit on a phone): each badge's box is clear of the boxes of the ranks and
// the suits shown on the table, with the stock, the waste and the reserve
// each showing a badge.
func TestBoardXCountBadgeClear(t *testing.T) {
	base := serve(t)
	ctx := browser.New(t)
	const check = `JSON.stringify((() => {
  const bad = [], shown = (e) => getComputedStyle(e).display !== "none";
  const marks = [...document.querySelectorAll("#table .card:not(.drawn) :is(.rank, .small, .idx, .pip)")].filter(shown);
  for (const b of document.querySelectorAll("#table :is(.under, .count)")) {
    const r = b.getBoundingClientRect();
    for (const m of marks) {
      const q = m.getBoundingClientRect();
      if (r.left < q.right && r.right > q.left && r.top < q.bottom && r.bottom > q.top)
        bad.push(b.closest(".place").dataset.place + "'s " + JSON.stringify(b.textContent) + " covers " + m.closest(".card").dataset.card + "'s " + m.getAttribute("class"));
    }
  }
  return bad;
})())`
	for _, size := range [][2]int64{{390, 844}, {1366, 768}} {
		for _, g := range []string{"ventaglio", "reloj"} {
			openAt(t, ctx, base, g, size[0], size[1])
			badged := map[string]bool{}
			for i := 0; i < 6; i++ {
				for _, p := range strings.Fields(eval[string](t, ctx, `[...document.querySelectorAll("#table :is(.under, .count)")].map((b) => b.closest(".place").dataset.place).join(" ")`)) {
					badged[p] = true
				}
				var bad []string
				if err := json.Unmarshal([]byte(eval[string](t, ctx, check)), &bad); err != nil {
					t.Fatal(err)
				}
				if len(bad) > 0 {
					t.Errorf("%s at %dx%d, %d moves played: %s", g, size[0], size[1], read(t, ctx).Played, strings.Join(bad, "; "))
				}
				if i == 2 {
					chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('#table [data-place="waste"]').scrollIntoView({ block: "center" })`))
					look(t, ctx, fmt.Sprintf("count-badge-%s-%d", g, size[0]), false)
				}
				if !eval[bool](t, ctx, `!!document.querySelector('#legal button[data-from="stock"]')`) {
					break
				}
				n := read(t, ctx).Played
				click(t, ctx, `#legal button[data-from="stock"]`)
				wait(t, ctx, "a stock move", func(p page) bool { return p.Played > n && decided(p) })
			}
			want := []string{"stock", "waste"}
			if g == "ventaglio" {
				want = append(want, "reserve")
			}
			for _, p := range want {
				if !badged[p] {
					t.Errorf("%s at %dx%d: the %s never showed a count badge (shown on %v)", g, size[0], size[1], p, badged)
				}
			}
		}
	}
}

// The Rules dialog names each rule in a player's words (RULES.md's), the
// CLI's flag after them in small monospace, on one line (the labels were the flags
// alone: "provisional-wrap"), and a choice's values say what they do; each
// label is seen whole on a phone and a desktop.
func TestBoardXRuleWords(t *testing.T) {
	base := serve(t)
	ctx := browser.New(t)
	want := map[string]string{
		"--play":              "A drawn card that fits",
		"--passes":            "Passes through the stock (0 = unlimited)",
		"--provisional-wrap":  "Provisional bases wrap (K and A neighbours)",
		"--empty-provisional": "An emptied provisional base",
	}
	const labels = `JSON.stringify([...document.querySelectorAll("#rules-opts label")].map((l) => {
  const f = l.querySelector("code.flag"), r = l.getBoundingClientRect(), s = f && getComputedStyle(f);
  // A checkbox's label holds its words in a span after the box.
  return { words: [...(l.querySelector(":scope > span") || l).childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join("").trim(),
    flag: f && f.getClientRects().length === 1 ? f.textContent : "broken over lines", mono: !!s && /mono/i.test(s.fontFamily), smaller: !!s && parseFloat(s.fontSize) < parseFloat(getComputedStyle(l).fontSize),
    options: [...l.querySelectorAll("option")].map((o) => o.value + "|" + o.textContent),
    whole: r.left >= 0 && r.right <= document.documentElement.clientWidth && l.scrollWidth <= l.clientWidth + 1 };
}))`
	type label struct {
		Words, Flag   string
		Mono, Smaller bool
		Options       []string
		Whole         bool
	}
	for _, size := range [][2]int64{{1366, 768}, {390, 844}} {
		for _, g := range []string{"ventaglio", "reloj"} {
			openAt(t, ctx, base, g, size[0], size[1])
			click(t, ctx, `[data-panel="rules-panel"]`)
			var got []label
			if err := json.Unmarshal([]byte(eval[string](t, ctx, labels)), &got); err != nil {
				t.Fatal(err)
			}
			n := map[string]int{"ventaglio": 4, "reloj": 2}[g]
			if len(got) != n {
				t.Errorf("%s at %dx%d: %d rule labels, want %d: %+v", g, size[0], size[1], len(got), n, got)
			}
			for _, l := range got {
				if w, ok := want[l.Flag]; !ok || l.Words != w || !l.Mono || !l.Smaller || !l.Whole {
					t.Errorf("%s at %dx%d: the label %+v; want the words %q, then the flag in a smaller monospace, seen whole", g, size[0], size[1], l, w)
				}
				for _, o := range l.Options { // "forced|forced: must be placed"
					v, text, _ := strings.Cut(o, "|")
					if !strings.HasPrefix(text, v+": ") || len(text) < len(v)+6 {
						t.Errorf("%s: %s's value %q reads %q, want the value and its words", g, l.Flag, v, text)
					}
				}
			}
			// The search limits' words were plain: their flags follow them.
			if got := eval[string](t, ctx, `[...document.querySelectorAll("#rules-panel :is(#max-nodes, #timeout)")].map((e) => e.closest("label").querySelector("code.flag").textContent).join()`); got != "--max-nodes,--timeout" {
				t.Errorf("%s: the search limits' flags read %q, want --max-nodes,--timeout", g, got)
			}
			chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("rules-panel").scrollIntoView()`))
			look(t, ctx, fmt.Sprintf("rule-words-%s-%d", g, size[0]), false)
			click(t, ctx, `[data-panel="rules-panel"]`)
		}
	}
}
