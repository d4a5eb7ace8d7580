package board_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/solitario/solitario/board"
	"github.com/solitario/solitario/cli"
	"github.com/solitario/solitario/internal/browser"
	"github.com/solitario/solitario/solution"
)

// The digit zero and the letter O are told apart where card tokens are
// shown (7O, seven of oros, read as 70): in the legal moves, the moves
// played, the editor's palette and its list, the zero drawn in the font
// the page uses has ink in its middle (a slash or a dot), the O none.
func TestBoardXZeroNotO(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	click(t, ctx, placeSel("stock"))
	wait(t, ctx, "a move played", func(p page) bool { return p.Played == 1 })
	click(t, ctx, `[data-panel="editor-panel"]`)
	if err := chromedp.Do(ctx, chromedp.SendKeys("#ed-input", "7O"+kb.Enter)); err != nil {
		t.Fatal(err)
	}
	poll(t, ctx, "a card listed", `document.querySelector("#ed-list .tok")`)
	got := eval[string](t, ctx, `JSON.stringify(["#legal button", "#moves li", "#ed-palette .chip", "#ed-list .tok"].map((sel) => {
  const e = document.querySelector(sel), s = getComputedStyle(e);
  // The glyph drawn large in the element's font; ink at its middle?
  const inked = (ch) => {
    const c = document.createElement("canvas"); c.width = c.height = 120;
    const g = c.getContext("2d");
    g.font = s.fontStyle + " " + s.fontWeight + " 80px " + s.fontFamily;
    g.textAlign = "center"; g.textBaseline = "alphabetic";
    const m = g.measureText(ch);
    g.fillText(ch, 60, 60 + (m.actualBoundingBoxAscent - m.actualBoundingBoxDescent) / 2);
    const d = g.getImageData(55, 55, 10, 10).data;
    for (let i = 3; i < d.length; i += 4) if (d[i] > 128) return true;
    return false;
  };
  return {sel, zero: inked("0"), o: inked("O"), font: s.fontFamily, numeric: s.fontVariantNumeric};
}))`)
	var els []struct {
		Sel, Font, Numeric string
		Zero, O            bool
	}
	if err := json.Unmarshal([]byte(got), &els); err != nil {
		t.Fatal(err)
	}
	for _, e := range els {
		if !e.Zero || e.O {
			t.Errorf("%s (font %s, %s): a zero inked in its middle %v, an O %v; want the zero marked, the O not", e.Sel, e.Font, e.Numeric, e.Zero, e.O)
		}
	}
	look(t, ctx, "zero-not-o", true)
}

// The page asks the server for nothing it does not have: a favicon is
// drawn in the page (each load logged a 404 for /favicon.ico).
func TestBoardXNothingMissing(t *testing.T) {
	serve(t) // builds the board's files
	var mu sync.Mutex
	var missing []string
	h := board.Handler(files)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		if rec.Code == http.StatusNotFound {
			mu.Lock()
			missing = append(missing, r.URL.Path)
			mu.Unlock()
		}
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		w.Write(rec.Body.Bytes())
	}))
	t.Cleanup(srv.Close)
	ctx := browser.New(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/#reloj/1")); err != nil {
		t.Fatal(err)
	}
	wait(t, ctx, "reloj seed 1", decided)
	if icon := eval[string](t, ctx, `(document.querySelector('link[rel="icon"]') || {}).href || ""`); !strings.HasPrefix(icon, "data:") {
		t.Errorf("the page's icon is %q, want one drawn in the page (data:)", icon)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(missing) > 0 {
		t.Errorf("the page asked for files the server does not have: %s", strings.Join(missing, " "))
	}
}

// The keyboard's focus stays where a move was made from (it fell to the
// page's body after each move: a second Enter on the stock did nothing):
// Tab to the stock and Enter, again and again, draws card after card; a
// choice of places is made with Enter on the one focused; a legal move
// played from the list keeps the focus in the list.
func TestBoardXKeyboardFocusKept(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	const focused = `(e => e && e.closest && e.closest("#table .place") ? e.closest("#table .place").dataset.place : e ? e.tagName + (e.id ? "#" + e.id : "") : "")(document.activeElement)`
	for i := 0; i < 60 && eval[string](t, ctx, focused) != "stock"; i++ {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
			t.Fatal(err)
		}
	}
	if at := eval[string](t, ctx, focused); at != "stock" {
		t.Fatalf("Tab pressed 60 times: the focus is on %q, never on the stock", at)
	}
	played := 0
	for i := 0; i < 8; i++ {
		// A place chosen before this Enter: it plays the move to the
		// place focused; else it plays the stock's card or chooses it.
		chosen := eval[bool](t, ctx, `!!document.querySelector("#table .place.sel")`)
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
			t.Fatal(err)
		}
		p := wait(t, ctx, "a move or a choice", func(p page) bool {
			return p.Played > played && decided(p) || !chosen && eval[bool](t, ctx, `!!document.querySelector("#table .place.sel")`)
		})
		played = p.Played
		if at := eval[string](t, ctx, focused); at == "" || strings.HasPrefix(at, "BODY") {
			t.Fatalf("Enter %d (%d moves played): the focus fell to %q, want it on the table", i+1, played, at)
		}
	}
	if played < 4 {
		t.Errorf("Enter pressed 8 times from the stock: %d moves played, want 4 at least", played)
	}
	// A legal move by the list: Tab to its first button, Enter.
	chromedp.Do(ctx, chromedp.Focus("#legal button"))
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	wait(t, ctx, "the list's move", func(p page) bool { return p.Played == played+1 && decided(p) })
	if at := eval[string](t, ctx, `document.activeElement.closest("#legal") ? "the list" : document.activeElement.tagName`); at != "the list" {
		t.Errorf("a legal move played from the list with Enter: the focus is on %s, want the list", at)
	}
	look(t, ctx, "keyboard-focus", false)
}

// The "+N" under the waste's card is seen whole, desktop and phone (its
// bottom-right corner was cut off): each corner of its box shows the badge.
func TestBoardXUnderBadgeWhole(t *testing.T) {
	base := serve(t)
	ctx := browser.New(t)
	for _, size := range [][2]int64{{1366, 768}, {390, 844}} {
		for _, g := range []string{"reloj", "sietes", "orologio", "ventaglio"} {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1]), chromedp.Navigate(base+"index.html#"+g+"/1"), chromedp.Reload()); err != nil {
				t.Fatal(err)
			}
			wait(t, ctx, g, func(p page) bool { return decided(p) && strings.Contains(p.Title, "seed 1 ") })
			// Stock cards played until a place has cards under its top.
			for i := 0; i < 12 && !eval[bool](t, ctx, `!!document.querySelector("#table .under")`); i++ {
				if !eval[bool](t, ctx, `!!document.querySelector('#legal button[data-from="stock"]')`) {
					break
				}
				n := read(t, ctx).Played
				click(t, ctx, `#legal button[data-from="stock"]`)
				wait(t, ctx, "a stock move", func(p page) bool { return p.Played > n && decided(p) })
			}
			// Points all over the badge, its rounded corners left out: each
			// shows the badge (a neighbour's outline was drawn over it).
			cut := eval[string](t, ctx, `[...document.querySelectorAll("#table .under")].map((u) => {
  const r = u.getBoundingClientRect(), rad = parseFloat(getComputedStyle(u).borderRadius) * r.height / u.offsetHeight, out = new Set();
  for (let y = r.top + 1.5; y <= r.bottom - 1.5; y += 1.5) for (let x = r.left + 1.5; x <= r.right - 1.5; x += 1.5) {
    if ((x < r.left + rad || x > r.right - rad) && (y < r.top + rad || y > r.bottom - rad)) continue;
    const e = document.elementFromPoint(x, y);
    if (e !== u && !u.contains(e)) out.add(u.closest(".place").dataset.place + " " + u.textContent + " is covered by " + (e ? (e.closest(".place") ? e.closest(".place").dataset.place + "'s " : "") + e.tagName + "." + e.className : "nothing"));
  }
  // The places' outlines are box-shadows, which elementFromPoint does not
  // see: the badge is drawn over them.
  const z = (sel) => Math.max(...[...document.querySelectorAll(sel)].map((e) => +getComputedStyle(e).zIndex || 0));
  if (+getComputedStyle(u).zIndex <= z("#table .hit")) out.add(u.textContent + " is drawn under the places' outlines");
  return [...out].join("; ");
}).filter(Boolean).join("; ")`)
			if cut != "" {
				t.Errorf("%s at %dx%d: %s", g, size[0], size[1], cut)
			}
			look(t, ctx, fmt.Sprintf("under-badge-%s-%d", g, size[0]), false)
			if *looks != "" {
				png, err := chromedp.Run(ctx, chromedp.ScreenshotScale(`#table .place > .under`, 6))
				if err != nil {
					t.Fatal(err)
				}
				writeShot(t, filepath.Join(*looks, fmt.Sprintf("under-badge-%s-%d-close.png", g, size[0])), png)
			}
		}
	}
}

// A card dropped where it cannot go says so (it did nothing) as the page
// says what it refuses, in its message line (it was the hint's purple
// line): the move refused and where the card can go; the hint's line is
// left alone; the next action clears the message.
func TestBoardXIllegalDrop(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	drag(t, ctx, "stock", "pile:1")
	p := wait(t, ctx, "the drop refused", func(p page) bool { return p.Error != "" })
	if want := "Not a legal move: CE from stock cannot go to pile 1 (it can go to waste)."; p.Error != want || p.Played != 0 {
		t.Errorf("the stock's card dropped on pile 1: %d moves played, the page's message %q; want none played, %q", p.Played, p.Error, want)
	}
	if got := eval[string](t, ctx, `document.getElementById("hint-text").textContent`); got != "" {
		t.Errorf("an illegal drop: the hint's line says %q, want nothing", got)
	}
	look(t, ctx, "illegal-drop", false)
	click(t, ctx, placeSel("stock"))
	if p := wait(t, ctx, "the stock's card played", func(p page) bool { return p.Played == 1 && decided(p) }); p.Error != "" {
		t.Errorf("a move played after the drop refused: the page still says %q", p.Error)
	}
}

// The page whose worker.js is missing says which file did not load, with
// its address (it said "worker error"): index.html says it when the worker
// fails before solitario.js takes it over, solitario.js after.
func TestBoardXWorkerMissing(t *testing.T) {
	serve(t) // builds the board's files
	some := map[string][]byte{}
	for k, v := range files {
		if k != "worker.js" {
			some[k] = v
		}
	}
	srv := httptest.NewServer(board.Handler(some))
	t.Cleanup(srv.Close)
	ctx := browser.New(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/#reloj/1")); err != nil {
		t.Fatal(err)
	}
	p := wait(t, ctx, "the solver refused", func(p page) bool { return p.Error != "" })
	if want := "its worker script " + srv.URL + "/worker.js did not load"; !strings.Contains(p.Error, want) {
		t.Errorf("worker.js missing: the page says %q, want it to say %q", p.Error, want)
	}
}

// A solution's JSON cut short, pasted into Open…, is said in the engine's
// words, what and where (the browser's own "Unexpected end of JSON input"
// was shown; found by a new user); the table stays as it was.
func TestBoardXOpenCutShort(t *testing.T) {
	ctx, before := openRelojSeed1(t)
	text := `{"game":"reloj","seed":1,"moves":[`
	openText(t, ctx, text)
	p := wait(t, ctx, "the error", func(p page) bool { return p.Error != "" })
	if want := fmt.Sprintf("the object ends early, after %d bytes", len(text)); !strings.Contains(p.Error, want) {
		t.Errorf("Open… of %s: the page says %q, want %q", text, p.Error, want)
	}
	if p.Played != before.Played || p.Title != before.Title {
		t.Errorf("after the refused text the table shows %q with %d moves, want %q with %d as before", p.Title, p.Played, before.Title, before.Played)
	}
}

// openFile chooses the file path in Open…'s file input (its panel unfolded
// if folded), which opens it.
func openFile(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	if eval[bool](t, ctx, `document.getElementById("open-panel").hidden`) {
		click(t, ctx, `[data-panel="open-panel"]`)
	}
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles("#open-file", []string{path})); err != nil {
		t.Fatal(err)
	}
}

// A file chosen in Open… is said as solve --deal says the same file: a deal
// file named by its file name, as the CLI names the path it read (it was
// "deal file"); a binary file (no text) with the same bytes quoted and
// counted (the page read it as text, each byte that is no UTF-8 made
// U+FFFD: another count, other bytes). The table stays as it was.
func TestBoardXOpenFileAsCLI(t *testing.T) {
	ctx, before := openRelojSeed1(t)
	for _, c := range []struct {
		name, text string
		cli        []string // what the CLI's message must hold: the test's own check
	}{
		{"mydeal.txt", "# a real deal\n1O 2O\n1O 3O\n", []string{"mydeal.txt:3: token 1 "}},
		{"a.out", "\x7fELF\x02\x01\x01\x00\xff\xfe\x89\xc3\x28" + strings.Repeat("\x00", 40) + "\r\n1O 2O\n", []string{`\xff\xfe\x89\xc3(`, "(53 bytes)"}},
	} {
		path := filepath.Join(t.TempDir(), c.name)
		if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		_, stderr := run(t, nil, cli.ExitError, "solve", "--game", "reloj", "--deal", path)
		want := strings.ReplaceAll(strings.TrimSpace(strings.TrimPrefix(stderr, "solitario: solve: ")), path, c.name)
		for _, w := range c.cli {
			if !strings.Contains(want, w) {
				t.Fatalf("the CLI says %q of %s, want it to hold %q", stderr, c.name, w)
			}
		}
		clearError(t, ctx)
		openFile(t, ctx, path)
		p := wait(t, ctx, "the error", func(p page) bool { return p.Error != "" })
		if p.Error != want {
			t.Errorf("Open… of the file %s: the page says %q, want the CLI's %q", c.name, p.Error, want)
		}
		if p.Played != before.Played || p.Title != before.Title {
			t.Errorf("after the refused file %s the table shows %q with %d moves, want %q as before", c.name, p.Title, p.Played, before.Title)
		}
	}
}

// clearError dismisses the page's message.
func clearError(t *testing.T, ctx context.Context) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("error-close").click()`)); err != nil {
		t.Fatal(err)
	}
}

// The verdict's five buttons take one row from 700 px wide up (between 700
// and 1200 px they took two), each label whole and at a readable size,
// Redo with its count and "Stop the line" (the widest they get) too; on a
// phone (390 px) one row as before (TestBoardPhone).
func TestBoardXButtonsOneRow(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	for i := 0; i < 12; i++ { // moves played, then undone: Redo shows its count
		click(t, ctx, `#legal button`)
		wait(t, ctx, "a move played", func(p page) bool { return p.Played == i+1 && decided(p) })
	}
	for i := 0; i < 11; i++ {
		click(t, ctx, "#undo")
		wait(t, ctx, "a move undone", func(p page) bool { return p.Played == 11-i && decided(p) })
	}
	const row = `JSON.stringify((() => {
  const bs = [...document.querySelectorAll("#status .bar button")], bad = [];
  if (new Set(bs.map((b) => Math.round(b.getBoundingClientRect().top))).size !== 1) bad.push(bs.length + " buttons in " + new Set(bs.map((b) => Math.round(b.getBoundingClientRect().top))).size + " rows");
  const bar = document.querySelector("#status .bar").getBoundingClientRect(), st = document.getElementById("status").getBoundingClientRect();
  for (const b of bs) {
    const r = b.getBoundingClientRect(), s = getComputedStyle(b);
    // The label cut (Redo's count is a badge over the corner: measured apart).
    const n = b.querySelector(".n");
    if (n) n.hidden = true;
    if (b.scrollWidth > b.clientWidth + 1) bad.push(JSON.stringify(b.textContent) + " cut (" + b.scrollWidth + " > " + b.clientWidth + ")");
    if (n) {
      n.hidden = false;
      const c = n.getBoundingClientRect(), at = document.elementFromPoint(c.left + c.width / 2, c.top + c.height / 2);
      if (c.left < 0 || c.right > document.documentElement.clientWidth || !at || !n.contains(at)) bad.push("Redo's count " + n.textContent + " out of sight");
      if (parseFloat(getComputedStyle(n).fontSize) < 11) bad.push("Redo's count at " + getComputedStyle(n).fontSize);
    }
    if (parseFloat(s.fontSize) < 13) bad.push(JSON.stringify(b.textContent) + " at " + s.fontSize);
    if (r.right > st.right + 1 || r.right > document.documentElement.clientWidth) bad.push(JSON.stringify(b.textContent) + " past the panel's edge");
    if (r.height < 28) bad.push(JSON.stringify(b.textContent) + " " + r.height + " px tall");
  }
  return bad;
})())`
	for _, size := range [][2]int64{{701, 600}, {800, 600}, {1024, 768}, {1199, 768}, {1366, 768}, {390, 844}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1])); err != nil {
			t.Fatal(err)
		}
		for _, line := range []bool{false, true} {
			if line { // the line played: its button says "Stop the line"
				if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("line").textContent = "Stop the line"`)); err != nil {
					t.Fatal(err)
				}
			}
			var bad []string
			json.Unmarshal([]byte(eval[string](t, ctx, row)), &bad)
			if len(bad) > 0 {
				t.Errorf("at %dx%d (line played %v): %s", size[0], size[1], line, strings.Join(bad, "; "))
			}
		}
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("line").textContent = "Play the line"`)); err != nil {
			t.Fatal(err)
		}
		look(t, ctx, fmt.Sprintf("buttons-%dx%d", size[0], size[1]), false)
	}
}

// openLostGame opens Del reloj seed 1 with lostLine's moves played (the
// game found lost at its last move).
func openLostGame(t *testing.T) (context.Context, []solution.Move) {
	t.Helper()
	ctx, _ := openRelojSeed1(t)
	moves := lostLine(t)
	sol, err := json.Marshal(map[string]any{"game": "reloj", "seed": 1, "moves": moves})
	if err != nil {
		t.Fatal(err)
	}
	openText(t, ctx, string(sol))
	wait(t, ctx, "the lost game opened", func(p page) bool { return p.Played == len(moves) && decided(p) })
	return ctx, moves
}

// A reload of the tab keeps the review: its words and the move marked
// lost (the moves were kept, the review gone).
func TestBoardXReloadKeepsReview(t *testing.T) {
	ctx, moves := openLostGame(t)
	click(t, ctx, "#review")
	poll(t, ctx, "a move marked lost", `document.querySelector("#moves li.lost")`)
	const marks = `JSON.stringify([document.getElementById("review-text").textContent, [...document.querySelectorAll("#moves li.lost")].map((li) => li.dataset.n).join()])`
	before := eval[string](t, ctx, marks)
	if !strings.Contains(before, "lost the game") {
		t.Fatalf("the review says %s, want a move that lost the game", before)
	}
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	poll(t, ctx, "the page loaded again", `document.body.dataset.ready === "1"`)
	p := wait(t, ctx, "the game again", func(p page) bool { return decided(p) && p.Played == len(moves) })
	if after := eval[string](t, ctx, marks); after != before || p.Error != "" {
		t.Errorf("reloaded after the review: the page shows the review and the lost move %s, says %q; want %s, no message", after, p.Error, before)
	}
	look(t, ctx, "reloaded-review", false)
}
