package board_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/browser"
)

// box is an element's rectangle in the window, in CSS pixels.
type box struct{ Left, Top, Right, Bottom float64 }

// rect is the rectangle of the first element sel matches.
func rect(t *testing.T, ctx context.Context, sel string) box {
	t.Helper()
	v := eval[[]float64](t, ctx, fmt.Sprintf(`(b => [b.left, b.top, b.right, b.bottom])(document.querySelector(%q).getBoundingClientRect())`, sel))
	return box{v[0], v[1], v[2], v[3]}
}

// placesBox is the rectangle that holds every place of the table (their
// cards, not their labels).
func placesBox(t *testing.T, ctx context.Context) box {
	t.Helper()
	v := eval[[]float64](t, ctx, `(() => { const r = [...document.querySelectorAll("#table .place")].map(p => p.getBoundingClientRect());
  return [Math.min(...r.map(b => b.left)), Math.min(...r.map(b => b.top)), Math.max(...r.map(b => b.right)), Math.max(...r.map(b => b.bottom))]; })()`)
	return box{v[0], v[1], v[2], v[3]}
}

// frames waits for two of the page's frames to be drawn.
func frames(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
}

// The green table fits its column and its game (found by a new user): at
// 1366x768, for every game, with no panel open and with the Export panel
// open (a scroll bar then takes the window's right edge), the side panel
// stands at most 40 px right of the table's green (Il Ventaglio's table,
// scaled down, left 300 px of empty column; Solitario dell'orologio's
// green ran 190 px past its clock); and the clock's places are centred in
// their green across, within 4 px (the clock sat left of centre).
func TestBoardXTableFitsColumn(t *testing.T) {
	base := serve(t)
	ctx := browser.New(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1366, 768)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"#reloj/1")); err != nil {
		t.Fatal(err)
	}
	wait(t, ctx, "reloj seed 1", func(p page) bool { return decided(p) && strings.Contains(p.Title, "seed 1 ") })
	// Each game chosen in the game box, after the one before it (Del
	// reloj's column, narrower, was the width Il Ventaglio's table was
	// fitted to; De los sietes' the clock's).
	for _, g := range []string{"ventaglio", "reloj", "sietes", "orologio", "orologio52"} {
		e, err := games.Lookup(g)
		if err != nil {
			t.Fatal(err)
		}
		eval[bool](t, ctx, fmt.Sprintf(`(s => { s.value = %q; s.dispatchEvent(new Event("change")); return true; })(document.getElementById("game"))`, g))
		wait(t, ctx, g+" seed 1", func(p page) bool { return decided(p) && dealt(p, e, 1) })
		for _, panel := range []string{"", "export-panel"} {
			what := g + ", no panel open"
			if panel != "" {
				what = g + ", " + panel + " open"
				click(t, ctx, fmt.Sprintf(`button[data-panel=%q]`, panel))
				poll(t, ctx, panel+" open", fmt.Sprintf(`!document.getElementById(%q).hidden`, panel))
				// The table is fitted again after the page's width changed.
				frames(t, ctx)
			}
			table, status := rect(t, ctx, "#table"), rect(t, ctx, "#status")
			if gap := status.Left - table.Right; gap < 4 || gap > 40 {
				t.Errorf("%s: %.0f px between the table's green (right edge %.0f) and the side panel (left edge %.0f), want 4 to 40", what, gap, table.Right, status.Left)
			}
			if strings.HasPrefix(g, "orologio") {
				p := placesBox(t, ctx)
				dx := (p.Left + p.Right - table.Left - table.Right) / 2
				if dx < -4 || dx > 4 {
					t.Errorf("%s: the clock's places (%.0f..%.0f) sit %.0f px right of the centre of their green (%.0f..%.0f), want within 4", what, p.Left, p.Right, dx, table.Left, table.Right)
				}
			}
			look(t, ctx, fmt.Sprintf("fits-%s-%s", g, map[string]string{"": "closed", "export-panel": "export"}[panel]), false)
			if panel != "" {
				click(t, ctx, fmt.Sprintf(`button[data-panel=%q]`, panel))
			}
		}
	}
}

// A message does not move the table (found by a new user): the message
// of an illegal move, dragged, pushed the whole page 44 px down, the
// table under the player's pointer with it. At 1366x768 and 390x844 the
// table's top is where it was before the stock's card was dropped on
// pile 1, the message shown in the window, its close button clickable.
func TestBoardXMessageKeepsTable(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	for _, size := range [][2]int64{{1366, 768}, {390, 844}} {
		at := fmt.Sprintf("at %dx%d", size[0], size[1])
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1])); err != nil {
			t.Fatal(err)
		}
		clearError(t, ctx)
		frames(t, ctx)
		before := rect(t, ctx, "#table")
		drag(t, ctx, "stock", "pile:1")
		p := wait(t, ctx, "the illegal move's message", func(p page) bool { return p.Error != "" })
		if !strings.HasPrefix(p.Error, "Not a legal move: ") {
			t.Fatalf("%s: the page says %q, want a move refused", at, p.Error)
		}
		frames(t, ctx)
		after, msg := rect(t, ctx, "#table"), rect(t, ctx, "#error")
		if after.Top != before.Top || after.Left != before.Left {
			t.Errorf("%s: the message moved the table from (%.0f, %.0f) to (%.0f, %.0f)", at, before.Left, before.Top, after.Left, after.Top)
		}
		if msg.Top < 0 || msg.Bottom > float64(size[1]) || msg.Left < 0 || msg.Right > float64(size[0]) {
			t.Errorf("%s: the message at %+v is not all in the window", at, msg)
		}
		look(t, ctx, fmt.Sprintf("message-keeps-table-%dx%d", size[0], size[1]), false)
		click(t, ctx, "#error-close")
		if read(t, ctx).Error != "" {
			t.Errorf("%s: the message's close button clicked, the message stays", at)
		}
	}
}

// On a phone (390x844) the deal editor's palette keeps each suit one
// group (found by a new user: ten Spanish cards wrapped 7 + 3, the sota,
// caballo and rey on a line of their own): each suit's cards in one row,
// or in two of an even split (no row more than one card longer than the
// other), for every game's deck.
func TestBoardXPhonePaletteSuits(t *testing.T) {
	base := serve(t)
	ctx := browser.New(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)); err != nil {
		t.Fatal(err)
	}
	for _, g := range []string{"reloj", "sietes", "orologio", "ventaglio", "orologio52"} {
		if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(base+"#"+g+"/1")); err != nil {
			t.Fatal(err)
		}
		wait(t, ctx, g+" seed 1", func(p page) bool { return decided(p) && strings.Contains(p.Title, "seed 1 ") })
		click(t, ctx, `button[data-panel="editor-panel"]`)
		poll(t, ctx, "the palette drawn", `document.querySelectorAll("#ed-palette .row button").length >= 40`)
		frames(t, ctx)
		// For each suit, the number of its buttons on each line.
		lines := eval[[][]int](t, ctx, `[...document.querySelectorAll("#ed-palette .row")].map(r => {
  const at = new Map();
  for (const b of r.querySelectorAll("button")) { const y = Math.round(b.getBoundingClientRect().top); at.set(y, (at.get(y) || 0) + 1); }
  return [...at.values()];
})`)
		for i, l := range lines {
			if len(l) > 2 || len(l) == 2 && (l[0]-l[1] > 1 || l[1]-l[0] > 1) {
				t.Errorf("%s, on a phone: the palette's suit %d lies in rows of %v cards, want one row or two of an even split", g, i+1, l)
			}
		}
		look(t, ctx, "phone-palette-"+g, false)
	}
}

// On a phone Del reloj's green ends near its lowest place (found by a new
// user: 100 px of empty green under the lower piles, the room kept for
// their fans): at the deal and after 30 moves of a careless player (played
// at the browser's own size, then seen at 390x844), its foot is at most
// 30 px under the lowest place's.
func TestBoardXPhoneRelojFoot(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	g, err := games.Lookup("reloj")
	if err != nil {
		t.Fatal(err)
	}
	line := carelessLine(t, "reloj", 1, g.Defaults.JSON())
	for _, n := range []int{0, 30} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(1000, 1000)); err != nil {
			t.Fatal(err)
		}
		for _, m := range line[read(t, ctx).Played:n] {
			playByClicks(t, ctx, m)
		}
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)); err != nil {
			t.Fatal(err)
		}
		poll(t, ctx, "the phone's table", `document.getElementById("table").classList.contains("narrow")`)
		frames(t, ctx)
		green, places := rect(t, ctx, "#table"), placesBox(t, ctx)
		if d := green.Bottom - places.Bottom; d < 0 || d > 30 {
			t.Errorf("after %d moves, on a phone: the green ends %.0f px under the lowest place (%.0f, the green %.0f), want 0 to 30", n, d, places.Bottom, green.Bottom)
		}
		look(t, ctx, fmt.Sprintf("phone-reloj-foot-%d", n), false)
	}
}
