package board_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/solitario/solitario/internal/browser"
)

// Back and Forward return to a game as it stood when it was left, its
// moves played and its moves undone (Del reloj seed 5 after 2 moves, left
// by the game menu or Deal, came back with none; found by a new user); an
// address typed is the deal as dealt. On a lost deal, p (its button
// disabled) says "Play the line: …", not "Hint: …". One browser.
func TestBoardXBackKeepsMoves(t *testing.T) {
	base := serve(t)
	ctx := browser.New(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"#reloj/5")); err != nil {
		t.Fatal(err)
	}
	wait(t, ctx, "reloj seed 5", func(p page) bool { return decided(p) && strings.HasPrefix(p.Title, "Del reloj, seed 5 ") })
	for i := 1; i <= 3; i++ {
		pressKey(t, ctx, "1", i)
	}
	pressKey(t, ctx, "u", 2) // 2 moves played, 1 to redo
	played := read(t, ctx).Moves

	// at is the page showing title's game with n moves played (and, for
	// Del reloj seed 5, its moves and its Redo), at hash; after is what was done.
	at := func(after, hash, title string, n int) bool {
		t.Helper()
		js := fmt.Sprintf(`location.hash === %q && !!document.getElementById("title") && document.getElementById("title").textContent.startsWith(%q)`, hash, title)
		if !pollFor(t, ctx, 20*time.Second, js) {
			t.Errorf("%s: the address is %q, the page shows %q; want %s, %q", after, eval[string](t, ctx, `location.href`), read(t, ctx).Title, hash, title)
			return false
		}
		p := wait(t, ctx, after+": the deal decided", decided)
		if p.Played != n {
			t.Errorf("%s: the page shows %q, %d moves played; want %d", after, p.Title, p.Played, n)
		}
		if hash == "#reloj/5" && n == 2 {
			if strings.Join(p.Moves, "|") != strings.Join(played, "|") {
				t.Errorf("%s: the moves listed are %q, want %q", after, p.Moves, played)
			}
			if eval[bool](t, ctx, `document.getElementById("redo").disabled`) {
				t.Errorf("%s: Redo is disabled, want the move undone kept", after)
			}
		}
		return true
	}
	back := func(js string) { eval[bool](t, ctx, `(setTimeout(() => `+js+`), true)`) } // after the call returns
	if !at("reloj seed 5, 3 moves, an undo", "#reloj/5", "Del reloj, seed 5 · 2 moves played", 2) {
		return
	}

	// The game menu: De los sietes; one move there; Back, Forward, Back.
	chooseInMenu(t, ctx, "sietes")
	wait(t, ctx, "De los sietes seed 5", func(p page) bool { return decided(p) && strings.HasPrefix(p.Title, "De los sietes, seed 5 ") })
	pressKey(t, ctx, "1", 1)
	for _, h := range []struct {
		js, hash, title string
		n               int
	}{
		{"history.back()", "#reloj/5", "Del reloj, seed 5 ", 2},
		{"history.forward()", "#sietes/5", "De los sietes, seed 5 ", 1},
		{"history.back()", "#reloj/5", "Del reloj, seed 5 ", 2},
	} {
		back(h.js)
		if !at("Del reloj seed 5 after 2 moves, De los sietes chosen, 1 move, then "+h.js, h.hash, h.title, h.n) {
			return
		}
	}

	// Deal another seed, then Random; Back twice.
	typeInto(t, ctx, "#seed", "6")
	click(t, ctx, "#dealbtn")
	wait(t, ctx, "seed 6 dealt", func(p page) bool { return decided(p) && strings.HasPrefix(p.Title, "Del reloj, seed 6 ") })
	pressKey(t, ctx, "1", 1)
	click(t, ctx, "#randombtn")
	if !pollFor(t, ctx, 20*time.Second, `location.hash !== "#reloj/6" && !document.getElementById("title").textContent.startsWith("Del reloj, seed 6 ")`) {
		t.Fatalf("Random after seed 6: the address is %q, the page shows %q", eval[string](t, ctx, `location.href`), read(t, ctx).Title)
	}
	wait(t, ctx, "a random seed dealt", decided)
	back("history.back()")
	if !at("seed 6 dealt, 1 move, Random, then Back", "#reloj/6", "Del reloj, seed 6 · 1 move", 1) {
		return
	}
	back("history.back()")
	if !at("Del reloj seed 5 after 2 moves, Deal seed 6, then Back", "#reloj/5", "Del reloj, seed 5 · 2 moves played", 2) {
		return
	}

	// An address typed or bookmarked is the deal as dealt.
	eval[bool](t, ctx, `(location.hash = "#sietes/5") !== ""`)
	if !at("#sietes/5 typed", "#sietes/5", "De los sietes, seed 5 ", 0) {
		return
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"#reloj/5")); err != nil {
		t.Fatal(err)
	}
	if !at("#reloj/5 opened as a bookmark", "#reloj/5", "Del reloj, seed 5 ", 0) {
		return
	}
	back("history.back()") // the entry typed over it is left as it was
	if !at("#sietes/5 typed, then Back", "#sietes/5", "De los sietes, seed 5 ", 0) {
		return
	}

	// A lost deal: Play the line is disabled; p says so in its words.
	eval[bool](t, ctx, `(location.hash = "#ventaglio/3") !== ""`)
	if !at("#ventaglio/3", "#ventaglio/3", "Il Ventaglio, seed 3 ", 0) {
		return
	}
	if p := read(t, ctx); p.Result != "unwinnable" {
		t.Fatalf("Il Ventaglio seed 3: the verdict is %q (%s), want unwinnable", p.Result, p.Verdict)
	}
	if !eval[bool](t, ctx, `document.getElementById("line").disabled`) {
		t.Errorf("Il Ventaglio seed 3, lost: Play the line is enabled, want it disabled")
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent("p")); err != nil {
		t.Fatal(err)
	}
	poll(t, ctx, "p said something", `document.getElementById("hint-text").textContent !== ""`)
	if got := eval[string](t, ctx, `document.getElementById("hint-text").textContent`); got != "Play the line: no move wins from here." {
		t.Errorf("Il Ventaglio seed 3, lost, p pressed: the page says %q, want %q", got, "Play the line: no move wins from here.")
	}
}
