package board_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/solitario/solitario/cli"
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

// The game exported follows the game (it kept the moves of when Export…
// was pressed: 3 moves played, the note said 2 and the file held 2): a
// move, an undo write it again, note and file.
func TestBoardXExportFollowsGame(t *testing.T) {
	ctx, _ := openReloj8(t, 2)
	catchDownloads(t, ctx)
	click(t, ctx, `[data-panel="export-panel"]`)
	click(t, ctx, "#ex-game")
	check := func(what string, n int) {
		t.Helper()
		name, text := downloaded(t, ctx, "#ex-download")
		var o struct{ Moves []json.RawMessage }
		if err := json.Unmarshal([]byte(text), &o); err != nil {
			t.Fatalf("%s: the file downloaded %s is no JSON: %v", what, name, err)
		}
		note := eval[string](t, ctx, `document.getElementById("ex-note").textContent`)
		wantNote := fmt.Sprintf("a game in progress, %d moves played", n)
		if len(o.Moves) != n || !strings.HasPrefix(note, wantNote) || name != fmt.Sprintf("reloj-8-%dmoves.json", n) {
			t.Errorf("%s: the file %s holds %d moves, the note says %q; want %d moves, %q…", what, name, len(o.Moves), note, n, wantNote)
		}
	}
	check("exported at 2 moves", 2)
	pressKey(t, ctx, "1", 3)
	check("a third move played after the export", 3)
	click(t, ctx, "#undo")
	wait(t, ctx, "a move undone", func(p page) bool { return p.Played == 2 && decided(p) })
	check("the third move undone", 2)
}

// The review's words and the move it marks lost go when the moves change
// (an undo left "move N lost the game" beside the verdict "Winnable"); a
// reload keeps them (TestBoardXReloadKeepsReview).
func TestBoardXReviewClearedByMoves(t *testing.T) {
	ctx, moves := openLostGame(t)
	const marks = `JSON.stringify([document.getElementById("review-text").textContent, [...document.querySelectorAll("#moves li.lost")].map((li) => li.dataset.n).join()])`
	for _, act := range []string{"#undo", "#legal button"} {
		if read(t, ctx).Played < len(moves) { // the move undone played again
			click(t, ctx, "#redo")
			wait(t, ctx, "the move redone", func(p page) bool { return p.Played == len(moves) && decided(p) })
		}
		click(t, ctx, "#review")
		poll(t, ctx, "a move marked lost", `document.querySelector("#moves li.lost")`)
		if got := eval[string](t, ctx, marks); !strings.Contains(got, "lost the game") {
			t.Fatalf("the review says %s, want a move that lost the game", got)
		}
		n := read(t, ctx).Played
		click(t, ctx, act)
		want := n - 1
		if act != "#undo" {
			want = n + 1
		}
		p := wait(t, ctx, "the moves changed", func(p page) bool { return p.Played == want && decided(p) })
		if got := eval[string](t, ctx, marks); got != `["",""]` {
			t.Errorf("%s after the review (%d moves played, %s): the review and the lost move shown are %s, want none", act, p.Played, p.Verdict, got)
		}
	}
}

// A deal text of 720 KB, opened as a file or pasted, is said as solve
// --deal says the file (the page threw "Maximum call stack size exceeded"
// in dealTokens and said nothing); text pasted past 1 MiB (9 MB) is
// refused in one line, as a file past it is.
func TestBoardXOpenBigDeal(t *testing.T) {
	ctx, before := openRelojSeed1(t)
	line := strings.Join(cliDeal(t, "reloj", 1), " ") + " "
	text := strings.Repeat(line, 720<<10/len(line)+1) + "\n"
	path := filepath.Join(t.TempDir(), "big700k.deal")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr := run(t, nil, cli.ExitError, "solve", "--game", "reloj", "--deal", path)
	msg := strings.TrimSpace(strings.TrimPrefix(stderr, "solitario: solve: "))
	if !strings.HasPrefix(msg, path+":1: token ") {
		t.Fatalf("the CLI says %q of %s, want a token of line 1 named", stderr, path)
	}
	nine := strings.Repeat(line, 9<<20/len(line)+1)
	for _, c := range []struct{ how, want string }{
		{"pasted", strings.Replace(msg, path, "deal file", 1)},
		{"file", strings.Replace(msg, path, "big700k.deal", 1)},
		{"pasted 9 MB", "the text pasted is over 1 MiB, not a deal file or a solution of this board"},
	} {
		clearError(t, ctx)
		switch c.how {
		case "file":
			openFile(t, ctx, path)
		case "pasted":
			openText(t, ctx, text)
		default:
			openText(t, ctx, nine)
		}
		p := wait(t, ctx, "the error", func(p page) bool { return p.Error != "" })
		if p.Error != c.want {
			t.Errorf("Open… of 720 KB (%s): the page says %q, want %q", c.how, p.Error, c.want)
		}
		if p.Played != before.Played || p.Title != before.Title {
			t.Errorf("after the refused text (%s) the table shows %q with %d moves, want %q as before", c.how, p.Title, p.Played, before.Title)
		}
	}
}

// A click on the empty stock plays the redeal when it is legal (it did
// nothing); a click on a card with no legal move says so in the message
// line (it did nothing, said nothing): Il Ventaglio seed 1's arc (8C) and
// reserve (7C).
func TestBoardXClicksSayOrDo(t *testing.T) {
	ctx, p := openRelojSeed1(t)
	for i := 0; i < 80; i++ {
		if eval[int](t, ctx, `+document.querySelector('#table [data-place="stock"]').dataset.under`) == 0 {
			break
		}
		n := p.Played
		click(t, ctx, `#legal button[data-from="stock"]`)
		p = wait(t, ctx, "the stock's card played", func(p page) bool { return p.Played == n+1 && decided(p) })
	}
	if s := eval[int](t, ctx, `+document.querySelector('#table [data-place="stock"]').dataset.under`); s != 0 {
		t.Fatalf("the stock still holds %d cards", s)
	}
	if !eval[bool](t, ctx, `!!document.querySelector('#legal button[data-from="waste"][data-to="stock"]')`) {
		t.Fatalf("the stock emptied (%d moves): no redeal legal, the test needs one", p.Played)
	}
	n := p.Played
	click(t, ctx, placeSel("stock"))
	p = wait(t, ctx, "the redeal", func(p page) bool { return p.Played == n+1 && decided(p) || p.Error != "" })
	if last := p.Moves[len(p.Moves)-1]; p.Played != n+1 || !strings.Contains(last, "waste -> stock") || p.Error != "" {
		t.Errorf("the empty stock clicked: %d moves played (the last %q), the page says %q; want %d, the redeal waste -> stock", p.Played, last, p.Error, n+1)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(serve(t)+"#ventaglio/1")); err != nil {
		t.Fatal(err)
	}
	wait(t, ctx, "ventaglio seed 1", func(p page) bool { return decided(p) && strings.Contains(p.Title, "seed 1") })
	for _, c := range []struct{ place, want string }{{"arc", "8C has no legal move."}, {"reserve", "7C has no legal move."}} {
		clearError(t, ctx)
		click(t, ctx, placeSel(c.place))
		p := wait(t, ctx, "the message", func(p page) bool { return p.Error != "" })
		if p.Error != c.want || p.Played != 0 {
			t.Errorf("the %s clicked: %d moves played, the page says %q; want none played, %q", c.place, p.Played, p.Error, c.want)
		}
	}
}

// A search with no limit (0 nodes, 0 s) is stopped by Stop beside its
// progress line, reached by the keyboard (only a move stopped it): the
// verdict says unknown, stopped, and stays so; Stop goes with the search.
// Il Ventaglio seed 89693 is a deal no search decides in seconds.
func TestBoardXStopSearch(t *testing.T) {
	base := serve(t)
	ctx := browser.New(t)
	for _, size := range [][2]int64{{390, 844}, {1366, 768}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1]), chromedp.Navigate("about:blank"), chromedp.Navigate(base+"#ventaglio/89693")); err != nil {
			t.Fatal(err)
		}
		wait(t, ctx, "ventaglio seed 89693 searched", func(p page) bool { return p.Result == "searching" && strings.Contains(p.Title, "seed 89693") })
		typeInto(t, ctx, "#max-nodes", "0")
		typeInto(t, ctx, "#timeout", "0")
		poll(t, ctx, "the progress of the search with no limit", `!document.getElementById("stop").hidden && / searched, /.test(document.getElementById("progress").textContent)`)
		look(t, ctx, fmt.Sprintf("stop-%dx%d", size[0], size[1]), false)
		if err := chromedp.Do(ctx, chromedp.Focus("#stop"), chromedp.KeyEvent(kb.Enter)); err != nil {
			t.Fatal(err)
		}
		p := wait(t, ctx, "the search stopped", func(p page) bool { return p.Result != "searching" })
		if p.Result != "unknown" || p.Verdict != "Unknown: stopped." || p.Error != "" {
			t.Errorf("at %dx%d, Stop pressed (Enter): the verdict is %s %q, the page says %q; want unknown, %q", size[0], size[1], p.Result, p.Verdict, p.Error, "Unknown: stopped.")
		}
		if eval[bool](t, ctx, `!document.getElementById("stop").hidden`) {
			t.Errorf("at %dx%d, the search stopped: Stop is still shown", size[0], size[1])
		}
		look(t, ctx, fmt.Sprintf("stopped-%dx%d", size[0], size[1]), false)
		if p := read(t, ctx); p.Verdict != "Unknown: stopped." {
			t.Errorf("at %dx%d, after Stop the verdict became %q", size[0], size[1], p.Verdict)
		}
	}
}

// The same file chosen again in Open… is opened again (the input kept its
// value: no change, nothing done): a deal file opened, a move played, the
// file chosen again deals it again; a refused file is said again.
func TestBoardXOpenSameFileAgain(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	dir := t.TempDir()
	good := filepath.Join(dir, "seed5.deal")
	if err := os.WriteFile(good, []byte(strings.Join(cliDeal(t, "reloj", 5), " ")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.deal")
	if err := os.WriteFile(bad, []byte("1O 2O\n1O\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		openFile(t, ctx, good)
		wait(t, ctx, "the deal opened", func(p page) bool { return decided(p) && p.Played == 0 && strings.Contains(p.Title, "a deal") })
		click(t, ctx, "#legal button") // (a key would go to the file input, focused)
		wait(t, ctx, "a move played", func(p page) bool { return p.Played == 1 && decided(p) })
	}
	for i := 0; i < 2; i++ {
		clearError(t, ctx)
		openFile(t, ctx, bad)
		if p := wait(t, ctx, "the file refused", func(p page) bool { return p.Error != "" }); !strings.HasPrefix(p.Error, "bad.deal:") {
			t.Errorf("bad.deal chosen (time %d): the page says %q, want bad.deal's line named", i+1, p.Error)
		}
	}
}
