package board_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// A note in the message line (what the page did: the game a deal file
// names chosen, the first of a gen file's deals opened) is not drawn as
// an error (it was in the same red: a person read it as a failure); an
// error (a card dropped where it cannot go, a bad token) still is: its
// text and border red, the note's neither, and the two look apart.
func TestBoardXNoteNotError(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	gen := filepath.Join(t.TempDir(), "wins.jsonl")
	run(t, nil, 0, "gen", "--game", "reloj", "--count", "2", "--from", "5", "--out", gen)
	bad := filepath.Join(t.TempDir(), "bad.deal")
	if err := os.WriteFile(bad, []byte("1O 2O ZZ\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sietes := "# De los sietes (sietes), seed 3, in dealing order: the stock, first drawn first\n" + strings.Join(cliDeal(t, "sietes", 3), " ") + "\n"
	type style struct{ Text, Color, Background, Border string }
	seen := map[string][]style{}
	for _, c := range []struct {
		kind, what string
		act        func()
		msg        string // what the message starts with
	}{
		{"error", "the stock's card dropped on pile 1", func() { drag(t, ctx, "stock", "pile:1") }, "Not a legal move: "},
		{"error", "a deal file with a bad token opened", func() { openFile(t, ctx, bad) }, "bad.deal:1: token 3 "},
		{"note", "gen's file opened", func() { openFile(t, ctx, gen) }, "wins.jsonl: opened the first of 2 deals"},
		{"note", "a deal file of De los sietes opened under Del reloj", func() { openText(t, ctx, sietes) }, "De los sietes chosen (the file's game; Del reloj was)."},
	} {
		clearError(t, ctx)
		c.act()
		p := wait(t, ctx, c.what, func(p page) bool { return p.Error != "" && decided(p) })
		var l style
		s := eval[string](t, ctx, `JSON.stringify((e => { const s = getComputedStyle(e); return {text: e.textContent, color: s.color, background: s.backgroundColor, border: s.borderTopColor}; })(document.getElementById("error")))`)
		if err := json.Unmarshal([]byte(s), &l); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(p.Error, c.msg) {
			t.Fatalf("%s: the page says %q, want %q first", c.what, p.Error, c.msg)
		}
		red := reddish(t, l.Color) && reddish(t, l.Border)
		if red != (c.kind == "error") {
			t.Errorf("%s: the message %q is written in %s, bordered %s, on %s; want the looks of an %s (red: %v)", c.what, p.Error, l.Color, l.Border, l.Background, c.kind, c.kind == "error")
		}
		seen[c.kind] = append(seen[c.kind], l)
		look(t, ctx, "message-"+c.kind+fmt.Sprint(len(seen[c.kind])), false)
	}
	if *looks != "" {
		for _, size := range [][2]int64{{1366, 768}, {390, 844}} {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1])); err != nil {
				t.Fatal(err)
			}
			look(t, ctx, fmt.Sprintf("message-note-%dx%d", size[0], size[1]), false)
		}
	}
	e, n := seen["error"][0], seen["note"][0]
	if e.Color == n.Color || e.Background == n.Background || e.Border == n.Border {
		t.Errorf("an error is written in %s on %s bordered %s, a note in %s on %s bordered %s: want them apart in all three", e.Color, e.Background, e.Border, n.Color, n.Background, n.Border)
	}
}

// reddish is whether the CSS colour c ("rgb(139, 26, 26)") is a red: its
// red channel 100 and more, and 1.6 times its green and its blue.
func reddish(t *testing.T, c string) bool {
	t.Helper()
	var r, g, b int
	if _, err := fmt.Sscanf(strings.TrimPrefix(strings.TrimPrefix(c, "rgba("), "rgb("), "%d, %d, %d", &r, &g, &b); err != nil {
		t.Fatalf("the colour %q: %v", c, err)
	}
	return r >= 100 && 10*r > 16*g && 10*r > 16*b
}

// The card moved last and the keyboard's focus look apart (both were
// orange rings: a person moving by keys could not tell the focus from the
// last move). Del reloj seed 1's stock, reached by Tab, its card played by
// Enter, on a desktop and a phone: the stock keeps the focus, its ring
// orange; beside and under the card moved, on the waste, no orange, and
// the white of its own ring.
func TestBoardXLastMoveNotFocus(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	const focused = `(e => e && e.closest && e.closest("#table .place") ? e.closest("#table .place").dataset.place : "")(document.activeElement)`
	colours := map[string][3]int{"ring": {0xff, 0x98, 0x00}, "moved": {0xff, 0xff, 0xff}}
	for i, size := range [][2]int64{{1366, 768}, {390, 844}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1])); err != nil {
			t.Fatal(err)
		}
		at := fmt.Sprintf("at %dx%d", size[0], size[1])
		if i > 0 {
			click(t, ctx, "#undo")
			wait(t, ctx, "the move undone", func(p page) bool { return p.Played == 0 && decided(p) })
		}
		for i := 0; i < 80 && eval[string](t, ctx, focused) != "stock"; i++ {
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
				t.Fatal(err)
			}
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
			t.Fatal(err)
		}
		wait(t, ctx, "the stock's card played", func(p page) bool { return p.Played == 1 && decided(p) })
		moved := eval[string](t, ctx, `(c => c ? c.closest(".place").dataset.place : "")(document.querySelector("#table .card.moved"))`)
		if f := eval[string](t, ctx, focused); f != "stock" || moved != "waste" || !eval[bool](t, ctx, `document.activeElement.matches(":focus-visible")`) {
			t.Fatalf("%s, the stock's card played by Enter: the focus is on %q, the card moved last on %q; want the stock focused, with the keyboard's ring, the card on the waste", at, f, moved)
		}
		if err := chromedp.Do(ctx, chromedp.ScrollIntoView(placeSel("waste"))); err != nil {
			t.Fatal(err)
		}
		focus := inks(t, ctx, placeSel("stock"), 10, colours)
		last := inksBeside(t, ctx, placeSel("waste")+" .card.moved", 5, colours)
		if focus["ring"] < 20 || last["ring"] >= 10 || last["moved"] < 20 {
			t.Errorf("%s: the stock focused shows %d pixels of the ring's orange; beside the card moved last %d of it and %d of white; want 20 and more of the ring on the stock, under 10 of it and 20 and more of white beside the card moved", at, focus["ring"], last["ring"], last["moved"])
		}
		look(t, ctx, fmt.Sprintf("lastmove-focus-%dx%d", size[0], size[1]), false)
	}
}
