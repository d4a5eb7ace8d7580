package board_test

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/solitario/solitario/internal/browser"
)

// openReloj8 opens Del reloj seed 8 and plays n moves by the key 1 (the
// first legal move), each decided.
func openReloj8(t *testing.T, n int) (context.Context, page) {
	t.Helper()
	base := serve(t)
	ctx := browser.New(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"#reloj/8")); err != nil {
		t.Fatal(err)
	}
	p := wait(t, ctx, "reloj seed 8", func(p page) bool { return decided(p) && strings.Contains(p.Title, "seed 8") })
	for i := 0; i < n; i++ {
		p = pressKey(t, ctx, "1", i+1)
	}
	return ctx, p
}

// pressKey presses key on the page and waits for played moves, decided.
func pressKey(t *testing.T, ctx context.Context, key string, played int) page {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.KeyEvent(key)); err != nil {
		t.Fatal(err)
	}
	return wait(t, ctx, "a move played", func(p page) bool { return p.Played == played && decided(p) })
}

// An address mistyped while a game is on the table is said, and the game
// stays (it was thrown away for seed 1): its moves, its title, and the
// address put back to the game's own.
func TestBoardXBadAddressKeepsGame(t *testing.T) {
	ctx, before := openReloj8(t, 2)
	for _, c := range []struct{ hash, want string }{
		{"#chess/1", `unknown game "chess"`},
		{"#reloj/abc", cliSeed(t, "abc")},
		{"#reloj/-1", cliSeed(t, "-1")},
		{"#reloj/", "the seed is missing"},
	} {
		clearError(t, ctx)
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`location.hash = `+jsString(c.hash))); err != nil {
			t.Fatal(err)
		}
		p := wait(t, ctx, "the address refused", func(p page) bool { return p.Error != "" })
		want := "The address " + c.hash + " was not understood: " + c.want
		if !strings.HasPrefix(p.Error, want) || !strings.HasSuffix(p.Error, "; the game on the table is kept.") {
			t.Errorf("%s typed: the page says %q, want %q…; the game on the table is kept.", c.hash, p.Error, want)
		}
		if p.Played != 2 || p.Title != before.Title {
			t.Errorf("%s typed: the table shows %q with %d moves, want %q with 2 as before", c.hash, p.Title, p.Played, before.Title)
		}
		if h := eval[string](t, ctx, `location.hash`); h != "#reloj/8" {
			t.Errorf("%s typed: the address says %q, want the game's own #reloj/8", c.hash, h)
		}
	}
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
