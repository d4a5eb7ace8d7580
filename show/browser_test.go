package show_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/solitario/solitario/cli"
	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/browser"
	"github.com/solitario/solitario/internal/wins"
	"github.com/solitario/solitario/replay"
	"github.com/solitario/solitario/solution"
)

// screenshot, when set, is where TestBrowserReplay writes its picture of the
// Ventaglio replay (the README's: go test ./show -run TestBrowserReplay
// -screenshot ../docs/show-ventaglio.png).
var screenshot = flag.String("screenshot", "", "write the ventaglio replay's screenshot to this PNG file")

// shown is the table the page draws, read from its DOM.
type shown struct {
	Step   string       `json:"step"`
	Text   string       `json:"text"`
	Places []shownPlace `json:"places"`
	Moved  []shownCard  `json:"moved"`
	Bad    []string     `json:"bad"` // cards drawn outside the table or with no size
	Loads  int          `json:"loads"`
}

type shownPlace struct {
	Name  string   `json:"name"`
	Cards []string `json:"cards"`
	Under int      `json:"under"`
}

type shownCard struct {
	Place string `json:"place"`
	Card  string `json:"card"`
}

// readTable is the script that reads the page's table.
const readTable = `JSON.stringify((() => {
  const t = document.getElementById("table").getBoundingClientRect();
  const bad = [];
  const places = [...document.querySelectorAll("#table [data-place]")].map(p => ({
    name: p.dataset.place, under: +p.dataset.under,
    cards: [...p.querySelectorAll(".card")].map(c => {
      const r = c.getBoundingClientRect();
      if (r.width < 40 || r.height < 60 || r.left < t.left || r.right > t.right || r.top < t.top || r.bottom > t.bottom) bad.push(p.dataset.place + " " + c.dataset.card);
      return c.dataset.card;
    })}));
  const moved = [...document.querySelectorAll("#table .moved")].map(e => ({
    place: (e.closest("[data-place]") || e).dataset.place, card: e.dataset.card || ""}));
  return {step: document.getElementById("step").textContent, text: document.getElementById("text").textContent,
    places, moved, bad, loads: performance.getEntriesByType("resource").length +
      document.querySelectorAll("[src], link[href], object, iframe, embed").length};
})())`

// pipe runs solitario with args and stdin; the exit code must be want.
func pipe(t *testing.T, stdin []byte, want int, args ...string) []byte {
	t.Helper()
	var out, errb bytes.Buffer
	io := cli.IO{In: bytes.NewReader(stdin), Out: &out, Err: &errb, Getenv: func(string) string { return "" }}
	if code := cli.Run(context.Background(), args, io); code != want {
		t.Fatalf("solitario %s: exit %d, want %d: %s", strings.Join(args, " "), code, want, errb.String())
	}
	return out.Bytes()
}

// TestBrowserReplay makes each game's page as a user does (solve --json |
// show --solution - --out), opens it in headless chromium, steps with the
// page's own controls (next, End, the slider, the left arrow, first) and
// checks at the first, a middle and the last move, and beside them, that
// every place shows the cards the referee's position has, that the moved
// card is the one highlighted where it went, and that nothing is loaded
// from anywhere.
func TestBrowserReplay(t *testing.T) {
	ctx := browser.New(t)
	dir := t.TempDir()
	for _, g := range games.All() {
		t.Run(g.Name, func(t *testing.T) {
			seed := wins.Seeds[g.Name]
			solJSON := pipe(t, nil, cli.ExitOK, "solve", "--game", g.Name, "--seed", fmt.Sprint(seed), "--json")
			page := filepath.Join(dir, g.Name+".html")
			pipe(t, solJSON, cli.ExitOK, "show", "--solution", "-", "--out", page)

			sol, err := solution.Read(bytes.NewReader(solJSON))
			if err != nil {
				t.Fatal(err)
			}
			deal, err := parse(g, sol.Deal)
			if err != nil {
				t.Fatal(err)
			}
			rules, err := g.Resolve(sol.Rules)
			if err != nil {
				t.Fatal(err)
			}
			rp, err := replay.Line(g, deal, rules, sol.Seed, sol.Moves)
			if err != nil || !rp.Won {
				t.Fatalf("the referee: %v, won %v", err, rp != nil && rp.Won)
			}
			last := len(sol.Moves)
			mid := last / 2
			if g.Name == "ventaglio" {
				captionTrue(t, seed, mid, last)
			}
			if err := chromedp.Do(ctx, chromedp.Navigate(browser.FileURL(t, page)), chromedp.WaitVisible("#table .card")); err != nil {
				t.Fatal(err)
			}
			check(t, ctx, rp, 0)
			steps := []struct {
				name string
				act  chromedp.Action[chromedp.Void]
				n    int
			}{
				{"next", chromedp.Click("#next"), 1},
				{"End", chromedp.KeyEvent(kb.End), last},
				{"slider", toStep(mid), mid},
				{"ArrowLeft", chromedp.KeyEvent(kb.ArrowLeft), mid - 1},
				{"last", chromedp.Click("#last"), last},
				{"prev", chromedp.Click("#prev"), last - 1},
				{"first", chromedp.Click("#first"), 0},
				{"ArrowRight", chromedp.KeyEvent(kb.ArrowRight), 1},
			}
			for _, s := range steps {
				if err := chromedp.Do(ctx, s.act); err != nil {
					t.Fatalf("%s: %v", s.name, err)
				}
				check(t, ctx, rp, s.n)
			}
			// Play at the top speed until the page has moved on two moves,
			// then pause, and check the table where it stopped.
			err = chromedp.Do(ctx,
				chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById("speed"); s.value = "25"; s.dispatchEvent(new Event("change")); })()`),
				chromedp.Click("#play"),
				chromedp.Poll[chromedp.Void](`+document.getElementById("slider").value >= 3`, chromedp.WithPollingTimeout(2*time.Minute)),
				chromedp.Click("#play"))
			if err != nil {
				t.Fatalf("play/pause: %v", err)
			}
			paused, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("slider").value + " " + document.getElementById("play").textContent`))
			if err != nil {
				t.Fatal(err)
			}
			var at int
			var label string
			if _, err := fmt.Sscanf(paused, "%d %s", &at, &label); err != nil || at < 3 || !strings.HasSuffix(paused, "play") {
				t.Fatalf("after play and pause: %q", paused)
			}
			check(t, ctx, rp, at)
			for _, n := range []int{0, mid, last} {
				checkLayout(t, ctx, n)
			}
			if g.Name == "reloj" {
				checkFan(t, ctx, last)
			}
			if g.Name == "ventaglio" {
				shoot(t, ctx, mid)
			}
		})
	}
}

// checkLayout: at step n, at 1000 px and in a phone's window, no place's
// label or count badge is cut by the table's edge, covers another or is
// covered by another place's cards (orologio52's badges covered "hour 4"
// and hid half of "hour 9"), the table fits the window, and the move's
// text is one line, not broken inside the move.
func checkLayout(t *testing.T, ctx context.Context, n int) {
	t.Helper()
	for _, size := range [][2]int64{{1000, 1000}, {390, 844}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1]),
			chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`dispatchEvent(new Event("resize")); go(%d)`, n))); err != nil {
			t.Fatal(err)
		}
		bad, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](fmt.Sprintf(browser.LayoutJS,
			`[["#table", ".label, .under, .count", ".card, .back, .slot", ".place"]]`)))
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range bad {
			t.Errorf("step %d, %d px: %s", n, size[0], b)
		}
		fits, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
  const r = document.getElementById("table").getBoundingClientRect(), tx = document.getElementById("text");
  return (r.right <= document.documentElement.clientWidth + 0.5 ? "fits" : "wider than the window") + ", " + (tx.getClientRects().length <= 1 && tx.scrollWidth <= document.documentElement.clientWidth ? "one line" : "move text broken");
})()`))
		if err != nil || fits != "fits, one line" {
			t.Errorf("step %d, %d px: the table %s %v", n, size[0], fits, err)
		}
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1000, 1000)); err != nil {
		t.Fatal(err)
	}
}

// checkFan: at step n of a Del reloj line, every pile's cards lie at
// least 16 px apart in the table's own pixels (the window scales them with
// the ranks), so each rank (15 px) shows whole (four cards were 10.7 px
// apart, their ranks cut in half; found by a new user).
func checkFan(t *testing.T, ctx context.Context, n int) {
	t.Helper()
	near, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](fmt.Sprintf(`(() => { go(%d); const bad = [];
  document.querySelectorAll("#table .place").forEach((p) => {
    const tops = [...p.querySelectorAll(".card")].map((c) => parseFloat(c.style.top));
    for (let k = 1; k < tops.length; k++) if (tops[k] - tops[k-1] < 16) bad.push(p.dataset.place + ": card " + (k+1) + " " + (tops[k] - tops[k-1]).toFixed(1) + " px below the one before");
  });
  return bad; })()`, n)))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range near {
		t.Errorf("step %d: %s", n, b)
	}
	if len(near) == 0 && mostCards(t, ctx) < 4 {
		t.Errorf("step %d: no pile of four cards to check", n)
	}
}

// mostCards is the most cards a place on the table holds.
func mostCards(t *testing.T, ctx context.Context) int {
	t.Helper()
	most, err := chromedp.Run(ctx, chromedp.Evaluate[int](`Math.max(...[...document.querySelectorAll("#table .place")].map((p) => p.querySelectorAll(".card").length))`))
	if err != nil {
		t.Fatal(err)
	}
	return most
}

// check reads the page and compares it with the referee's step n.
func check(t *testing.T, ctx context.Context, rp *replay.Replay, n int) {
	t.Helper()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[string](readTable))
	if err != nil {
		t.Fatalf("step %d: %v", n, err)
	}
	var got shown
	if err := json.Unmarshal([]byte(raw), &got); err != nil {
		t.Fatal(err)
	}
	st := rp.Steps[n]
	last := len(rp.Steps) - 1
	wantStep := fmt.Sprintf("move %d of %d", n, last)
	if n == 0 {
		wantStep = fmt.Sprintf("deal (0 of %d moves)", last)
	}
	if got.Step != wantStep || got.Text != st.Text {
		t.Errorf("step %d: the page says %q %q, want %q %q", n, got.Step, got.Text, wantStep, st.Text)
	}
	var want []shownPlace
	for _, p := range st.Position.Places {
		want = append(want, shownPlace{Name: p.Name, Cards: p.Cards, Under: p.Under})
	}
	for i := range got.Places {
		if got.Places[i].Cards == nil {
			got.Places[i].Cards = []string{}
		}
	}
	if !reflect.DeepEqual(got.Places, want) {
		t.Errorf("step %d: the page shows\n%v\nthe referee has\n%v", n, got.Places, want)
	}
	if len(got.Bad) > 0 {
		t.Errorf("step %d: cards drawn off the table or without size: %v", n, got.Bad)
	}
	if got.Loads != 0 {
		t.Errorf("the page loaded %d resources", got.Loads)
	}
	var wantMoved []shownCard
	if m := st.Move; m != nil {
		to, _ := replay.Find(st.Position, m.To)
		switch {
		case m.Card == "":
			wantMoved = []shownCard{{Place: m.To}} // a redeal: the stock
		case len(to.Cards) > 0 && to.Cards[len(to.Cards)-1] == m.Card:
			wantMoved = []shownCard{{Place: m.To, Card: m.Card}}
		}
	}
	if len(got.Moved)+len(wantMoved) > 0 && !reflect.DeepEqual(got.Moved, wantMoved) {
		t.Errorf("step %d (%v): highlighted %v, want %v", n, st.Move, got.Moved, wantMoved)
	}
}

// toStep moves the page's slider to step n, as a user drags it.
func toStep(n int) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const s = document.getElementById("slider"); s.value = %d; s.dispatchEvent(new Event("input")); })()`, n))
}

// captionTrue checks that the README's caption of the screenshot (shoot)
// names the step it shows: a caption left at an older line means the
// picture is of that line too, and wants making again.
func captionTrue(t *testing.T, seed uint64, n, last int) {
	t.Helper()
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("![Il Ventaglio, seed %d, at move %d of %d](docs/show-ventaglio.png)", seed, n, last)
	if !strings.Contains(string(readme), want) {
		t.Errorf("README lacks %q: the line changed; make the picture again (-screenshot ../docs/show-ventaglio.png) and mend the caption", want)
	}
}

// shoot takes a picture of the page at step n and checks it is a picture of
// the page's size; with -screenshot it is written there.
func shoot(t *testing.T, ctx context.Context, n int) {
	t.Helper()
	if err := chromedp.Do(ctx, toStep(n)); err != nil {
		t.Fatal(err)
	}
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		t.Fatalf("the screenshot: %v", err)
	}
	if b := img.Bounds(); b.Dx() < 800 || b.Dy() < 600 {
		t.Fatalf("the screenshot is %v", b)
	}
	if *screenshot != "" {
		if err := os.WriteFile(*screenshot, buf, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// parse reads a solution's deal tokens.
func parse(g games.Entry, toks []string) ([]deck.Card, error) {
	deal := make([]deck.Card, len(toks))
	for i, tok := range toks {
		c, err := g.Deck.Parse(tok)
		if err != nil {
			return nil, err
		}
		deal[i] = c
	}
	return deal, nil
}
