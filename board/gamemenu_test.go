package board_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// On a phone (390 px) the game menu shows each game's whole name ("Il
// Ventaglio (ventagli" was cut off): it is as wide as its widest option,
// on the row of its label, within the window; on a narrower one (320 px)
// within the window still.
func TestBoardXGameMenuWhole(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	for _, size := range [][2]int64{{390, 844}, {320, 640}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1])); err != nil {
			t.Fatal(err)
		}
		at := fmt.Sprintf("at %dx%d", size[0], size[1])
		// The menu's width against the width it takes unbounded (a select
		// is as wide as its widest option), in its font.
		r := eval[map[string]float64](t, ctx, `(() => {
  const s = document.getElementById("game"), c = s.cloneNode(true);
  c.removeAttribute("id"); c.style.cssText = "position:absolute;visibility:hidden;max-width:none;width:auto;font:" + getComputedStyle(s).font;
  s.parentNode.appendChild(c);
  const whole = c.getBoundingClientRect().width; c.remove();
  const b = s.getBoundingClientRect(), l = s.closest("label").getBoundingClientRect();
  return {width: b.width, whole, left: b.left, right: b.right, labelTop: l.top, top: b.top, window: document.documentElement.clientWidth};
})()`)
		if r["right"] > r["window"]+0.5 || r["left"] < 0 {
			t.Errorf("%s: the game menu spans %.0f to %.0f px of a %.0f px window", at, r["left"], r["right"], r["window"])
		}
		if size[0] == 390 && (r["width"] < r["whole"]-0.5 || r["top"]-r["labelTop"] > 10) {
			t.Errorf("%s: the game menu is %.0f px wide, its options want %.0f; its top %.0f px under its label's", at, r["width"], r["whole"], r["top"]-r["labelTop"])
		}
		for _, g := range []string{"ventaglio", "orologio52"} {
			eval[bool](t, ctx, fmt.Sprintf(`(document.getElementById("game").value = %q) !== ""`, g))
			look(t, ctx, fmt.Sprintf("gamemenu-%s-%dx%d", g, size[0], size[1]), false)
		}
	}
}
