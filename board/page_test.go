package board_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/solitario/solitario/api"
	"github.com/solitario/solitario/board"
	"github.com/solitario/solitario/cli"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/browser"
	"github.com/solitario/solitario/internal/wins"
	"github.com/solitario/solitario/position"
	"github.com/solitario/solitario/replay"
	"github.com/solitario/solitario/show"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/verify"
)

// shots, when set, is the folder TestBoardPage writes its screenshots to
// (the README's: go test ./board -run TestBoardPage/reloj -shots ../docs).
var shots = flag.String("shots", "", "write the board's screenshots (desktop and phone) to this folder")

// The board's files, the engine built once per test binary (a build takes
// a minute on a busy machine; then it is in the user's cache).
var (
	filesOnce sync.Once
	files     map[string][]byte
	filesErr  error
)

// serve serves the board as `solitario board` does, on loopback.
func serve(t *testing.T) string {
	t.Helper()
	filesOnce.Do(func() { files, filesErr = board.Files(context.Background(), func(s string) { t.Log(s) }) })
	if filesErr != nil {
		if testing.Short() {
			t.Skipf("-short: solitario.wasm cannot be built here: %v", filesErr)
		}
		t.Fatal(filesErr)
	}
	srv := httptest.NewServer(board.Handler(files))
	t.Cleanup(srv.Close)
	return srv.URL + "/"
}

// run runs solitario with args and stdin; the exit code must be want.
func run(t *testing.T, stdin []byte, want int, args ...string) (string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	io := cli.IO{In: bytes.NewReader(stdin), Out: &out, Err: &errb, Getenv: func(string) string { return "" }}
	if code := cli.Run(context.Background(), args, io); code != want {
		t.Fatalf("solitario %s: exit %d, want %d: %s", strings.Join(args, " "), code, want, errb.String())
	}
	return out.String(), errb.String()
}

// page is what the page shows, read from its DOM.
type page struct {
	Played  int          `json:"played"`
	Result  string       `json:"result"` // #verdict's data-result
	Verdict string       `json:"verdict"`
	Error   string       `json:"error"` // the message shown, "" when none
	Title   string       `json:"title"`
	Places  []shownPlace `json:"places"`
	Hint    *shownMove   `json:"hint"`
	Legal   []shownMove  `json:"legal"`
	Moves   []string     `json:"moves"` // the move list's texts
}

type shownPlace struct {
	Name  string   `json:"name"`
	Cards []string `json:"cards"`
	Under int      `json:"under"`
}

type shownMove struct {
	From string `json:"from"`
	To   string `json:"to"`
	Card string `json:"card"`
}

// Won: the page says the game is won.
func (p page) Won() bool { return p.Result == "won" }

func (m shownMove) move() solution.Move { return solution.Move{From: m.From, To: m.To, Card: m.Card} }

const readPage = `JSON.stringify((() => {
  // A page being loaded (a reload, an address typed) has not all of its
  // elements yet: nothing is shown (#moves is the last of them).
  if (!document.getElementById("moves")) return {};
  const h = document.getElementById("hint-text");
  const err = document.getElementById("error");
  return {
    played: +document.getElementById("moves").dataset.played,
    result: document.getElementById("verdict").dataset.result,
    verdict: document.getElementById("verdict").textContent,
    error: err.hidden ? "" : document.getElementById("error-text").textContent,
    title: document.getElementById("title").textContent,
    places: [...document.querySelectorAll("#table [data-place]")].map(p => ({name: p.dataset.place, under: +p.dataset.under,
      cards: [...p.querySelectorAll(".card")].map(c => c.dataset.card)})),
    hint: h.dataset.from ? {from: h.dataset.from, to: h.dataset.to, card: h.dataset.card} : null,
    legal: [...document.querySelectorAll("#legal button")].map(b => ({from: b.dataset.from, to: b.dataset.to, card: b.dataset.card})),
    moves: [...document.querySelectorAll("#moves li:not(.redo)")].slice(1).map(li => li.textContent),
  };
})())`

func read(t *testing.T, ctx context.Context) page {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](readPage))
	if err != nil {
		t.Fatal(err)
	}
	var p page
	if err := json.Unmarshal([]byte(s), &p); err != nil {
		t.Fatal(err)
	}
	return p
}

// wait polls the page until ok holds (a verdict is not searched when the
// page answers at once: it waits for what the test needs).
func wait(t *testing.T, ctx context.Context, what string, ok func(page) bool) page {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		p := read(t, ctx)
		if ok(p) {
			return p
		}
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s: the page shows %+v", what, p)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// dealt: the page shows g's deal of seed, no move played.
func dealt(p page, g games.Entry, seed uint64) bool {
	return strings.HasPrefix(p.Title, fmt.Sprintf("%s, seed %d ", g.Title, seed)) && p.Played == 0
}

func decided(p page) bool { return p.Result != "" && p.Result != "searching" && p.Result != "loading" }

// click clicks the element sel with the mouse.
func click(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Click(sel)); err != nil {
		t.Fatalf("click %s: %v", sel, err)
	}
}

func placeSel(name string) string { return fmt.Sprintf(`#table [data-place=%q]`, name) }

// playByClicks plays m as a person does: a click on the place it starts
// from (which plays it when it is that place's only move), then on the
// place it goes to.
func playByClicks(t *testing.T, ctx context.Context, m solution.Move) page {
	t.Helper()
	before := read(t, ctx).Played
	click(t, ctx, placeSel(m.From))
	// The click either played the place's only move or chose the place.
	did, err := chromedp.Run(ctx, chromedp.Poll[string](fmt.Sprintf(
		`document.querySelector("#table .place.sel") ? "chosen" : +document.getElementById("moves").dataset.played > %d ? "played" : ""`, before),
		chromedp.WithPollingTimeout(time.Minute)))
	if err != nil {
		t.Fatalf("the click on %s did nothing: %v", m.From, err)
	}
	if did == "chosen" {
		click(t, ctx, placeSel(m.To))
	}
	return wait(t, ctx, fmt.Sprintf("move %d (%v) played", before+1, m), func(p page) bool { return p.Played == before+1 })
}

// playByDrag plays m by dragging its card, with the mouse, from the place
// it starts from onto the place it goes to.
func playByDrag(t *testing.T, ctx context.Context, m solution.Move) page {
	t.Helper()
	before := read(t, ctx).Played
	drag(t, ctx, m.From, m.To)
	return wait(t, ctx, fmt.Sprintf("move %d (%v) dragged", before+1, m), func(p page) bool { return p.Played == before+1 })
}

// drag drags the top card of place from, with the mouse, onto place to.
func drag(t *testing.T, ctx context.Context, from, to string) {
	t.Helper()
	js := fmt.Sprintf(`((f, d) => {
  const at = (n) => document.querySelector('#table [data-place="' + n + '"]');
  const cards = at(f).querySelectorAll(".card, .back, .slot");
  const top = f === "arc" ? cards[0] : cards[cards.length - 1];
  const a = top.getBoundingClientRect(), b = at(d).getBoundingClientRect();
  return [a.left + a.width / 2, a.top + a.height / 2, b.left + b.width / 2, b.top + Math.min(b.height / 2, 30)];
})(%q, %q)`, from, to)
	xy, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](js))
	if err != nil || len(xy) != 4 {
		t.Fatalf("the places %s and %s: %v %v", from, to, xy, err)
	}
	left := chromedp.ButtonType(input.MouseButtonLeft)
	steps := []chromedp.Action[chromedp.Void]{chromedp.MouseEvent(chromedp.MousePressed, xy[0], xy[1], left, chromedp.ClickCount(1))}
	for i := 1; i <= 5; i++ {
		f := float64(i) / 5
		steps = append(steps, chromedp.MouseEvent(chromedp.MouseMoved, xy[0]+f*(xy[2]-xy[0]), xy[1]+f*(xy[3]-xy[1]), left))
	}
	steps = append(steps, chromedp.MouseEvent(chromedp.MouseReleased, xy[2], xy[3], left, chromedp.ClickCount(1)))
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

// libraryVerdict is the library's verdict for line after its first n moves.
func libraryVerdict(t *testing.T, l wins.Line, moves []solution.Move) solver.Verdict {
	t.Helper()
	st, err := solver.LookupStrategy(solver.DefaultStrategy)
	if err != nil {
		t.Fatal(err)
	}
	out, err := position.Solve(context.Background(), position.Position{Game: l.Game, Deal: l.Deal, Rules: l.Rules, Moves: moves},
		games.Config{Rules: l.Rules, Strategy: st, Search: solver.Options{Table: solver.NewFlat(32 << 20), MaxNodes: 5_000_000}})
	if err != nil {
		t.Fatal(err)
	}
	return out.Verdict
}

// tableOf is the library's table after moves, as the page names it.
func tableOf(t *testing.T, l wins.Line, moves []solution.Move) map[string]shownPlace {
	t.Helper()
	rp, err := replay.Line(l.Game, l.Deal, l.Rules, &l.Seed, moves)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]shownPlace{}
	for _, p := range rp.Steps[len(rp.Steps)-1].Position.Places {
		out[p.Name] = shownPlace{Name: p.Name, Cards: append([]string{}, p.Cards...), Under: p.Under}
	}
	return out
}

// sameTable: every place of the library's table is drawn with its cards
// (places the page adds, such as Del reloj's piles not yet started, are
// empty).
func sameTable(t *testing.T, what string, got page, want map[string]shownPlace) {
	t.Helper()
	seen := map[string]bool{}
	for _, p := range got.Places {
		w, ok := want[p.Name]
		if !ok {
			if len(p.Cards) > 0 || p.Under > 0 {
				t.Errorf("%s: the page draws %s with %v, the referee has no such place", what, p.Name, p.Cards)
			}
			continue
		}
		seen[p.Name] = true
		if !reflect.DeepEqual(p.Cards, w.Cards) && !(len(p.Cards) == 0 && len(w.Cards) == 0) || p.Under != w.Under {
			t.Errorf("%s: %s shows %v (+%d unseen), the referee has %v (+%d)", what, p.Name, p.Cards, p.Under, w.Cards, w.Under)
		}
	}
	for n := range want {
		if !seen[n] {
			t.Errorf("%s: place %s is not drawn", what, n)
		}
	}
}

func resultOf(v solver.Verdict) string {
	switch v {
	case solver.Winnable:
		return "winnable"
	case solver.Unwinnable:
		return "unwinnable"
	}
	return "unknown"
}

// TestBoardPage drives the board in headless chromium for every game: load
// a winnable seed, play moves by clicking, check the table against the
// referee's and the verdict shown against the library's for the same
// position, undo and redo, follow the hint (legal, still winnable), export
// the game and have verify, hint, review and show read it.
func TestBoardPage(t *testing.T) {
	base := serve(t)
	ctx := browser.New(t)
	for _, g := range games.All() {
		t.Run(g.Name, func(t *testing.T) {
			l := wins.Solve(t, g)
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(fmt.Sprintf("%s#%s/%d", base, g.Name, l.Seed))); err != nil {
				t.Fatal(err)
			}
			p := wait(t, ctx, "the deal and its verdict", func(p page) bool { return decided(p) && dealt(p, g, l.Seed) })
			sameTable(t, "the deal", p, tableOf(t, l, nil))
			if p.Result != "winnable" {
				t.Fatalf("the deal: the page says %s (%s), the library's line wins it", p.Result, p.Verdict)
			}
			k := min(3, len(l.Moves)-1)
			for i := 0; i < k; i++ {
				p = playByClicks(t, ctx, l.Moves[i])
			}
			p = wait(t, ctx, "the verdict", decided)
			if want := resultOf(libraryVerdict(t, l, l.Moves[:k])); p.Result != want {
				t.Errorf("after %d moves the page says %s (%q), the library %s", k, p.Result, p.Verdict, want)
			}
			sameTable(t, fmt.Sprintf("after %d moves", k), p, tableOf(t, l, l.Moves[:k]))
			if len(p.Moves) != k {
				t.Errorf("the move list has %d moves, want %d", len(p.Moves), k)
			}

			click(t, ctx, "#undo")
			p = wait(t, ctx, "undo", func(p page) bool { return p.Played == k-1 })
			sameTable(t, "after undo", p, tableOf(t, l, l.Moves[:k-1]))
			if err := chromedp.Do(ctx, chromedp.KeyEvent("r")); err != nil { // redo, by its key
				t.Fatal(err)
			}
			p = wait(t, ctx, "redo", func(p page) bool { return p.Played == k && decided(p) })
			sameTable(t, "after redo", p, tableOf(t, l, l.Moves[:k]))

			click(t, ctx, "#hint")
			p = wait(t, ctx, "the hint", func(p page) bool { return p.Hint != nil })
			hint := p.Hint.move()
			played := append(append([]solution.Move{}, l.Moves[:k]...), hint)
			var me *verify.MoveError
			if err := g.Verify(l.Deal, l.Rules.JSON(), played); errors.As(err, &me) {
				t.Fatalf("the hint %v is illegal: %v", hint, err)
			}
			p = playByDrag(t, ctx, hint)
			p = wait(t, ctx, "the verdict after the hint", decided)
			if p.Result != "winnable" && p.Result != "won" {
				t.Errorf("after following the hint the page says %s (%q)", p.Result, p.Verdict)
			}
			if got := libraryVerdict(t, l, played); got != solver.Winnable {
				t.Errorf("after the hint the library says %v", got)
			}

			exp := exportGame(t, ctx)
			sol, _, err := solution.DecodeGame([]byte(exp))
			if err != nil {
				t.Fatalf("the export %s: %v", exp, err)
			}
			if sol.Game != g.Name || sol.Seed == nil || *sol.Seed != l.Seed || !reflect.DeepEqual(sol.Moves, played) {
				t.Fatalf("the export %s: want game %s, seed %d, moves %v", exp, g.Name, l.Seed, played)
			}
			var nw *verify.NotWonError
			if err := g.Verify(l.Deal, l.Rules.JSON(), sol.Moves); err != nil && !errors.As(err, &nw) {
				t.Errorf("verify of the export: %v", err)
			}
			// The CLI reads it: hint (winnable from there), review, show; and
			// verify replays it (legal; won only if the game was).
			run(t, []byte(exp), cli.ExitOK, "hint", "--solution", "-")
			run(t, []byte(exp), cli.ExitOK, "review", "--solution", "-")
			run(t, []byte(exp), cli.ExitOK, "show", "--solution", "-", "--out", filepath.Join(t.TempDir(), "x.html"))
			want := cli.ExitFailed
			if p.Result == "won" {
				want = cli.ExitOK
			}
			_, e := run(t, []byte(exp), want, "verify", "--solution", "-")
			if want == cli.ExitFailed && !strings.Contains(e, "legal but the game is not won") {
				t.Errorf("verify of the export: %s", e)
			}
			// The keyboard: 1 plays the first legal move listed, u takes it back.
			if !p.Won() {
				first := p.Legal[0]
				if err := chromedp.Do(ctx, chromedp.KeyEvent("1")); err != nil {
					t.Fatal(err)
				}
				p = wait(t, ctx, "key 1", func(p page) bool { return p.Played == len(played)+1 })
				if err := g.Verify(l.Deal, l.Rules.JSON(), append(played, first.move())); errors.As(err, &me) {
					t.Errorf("key 1 played %v: %v", first, err)
				}
				if err := chromedp.Do(ctx, chromedp.KeyEvent("u")); err != nil {
					t.Fatal(err)
				}
				wait(t, ctx, "key u", func(p page) bool { return p.Played == len(played) })
			}
			if *shots != "" && g.Name == "reloj" {
				screenshots(t, ctx, *shots)
			}
		})
	}
}

// exportGame opens the export panel and returns the game's JSON it shows.
func exportGame(t *testing.T, ctx context.Context) string {
	t.Helper()
	open, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!document.getElementById("export-panel").hidden`))
	if err != nil {
		t.Fatal(err)
	}
	if !open {
		click(t, ctx, `[data-panel="export-panel"]`)
	}
	click(t, ctx, "#ex-game")
	text, err := chromedp.Run(ctx, chromedp.Value("#export-text"))
	if err != nil {
		t.Fatal(err)
	}
	click(t, ctx, `[data-panel="export-panel"]`) // fold it again
	return text
}

// TestBoardEditorAndErrors: the deal editor names a duplicate card as it is
// typed; a malformed deal file, a solution of another game's deal and an
// imported line with an illegal move are each one message on the page,
// and the board stays as it was.
func TestBoardEditorAndErrors(t *testing.T) {
	ctx, before := openRelojSeed1(t)

	click(t, ctx, `[data-panel="editor-panel"]`)
	if err := chromedp.Do(ctx, chromedp.SendKeys("#ed-input", "6E CE 7o 6e"+kb.Enter)); err != nil {
		t.Fatal(err)
	}
	var problems string
	deadline := time.Now().Add(time.Minute)
	for !strings.Contains(problems, "duplicate") && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
		var err error
		if problems, err = chromedp.Run(ctx, chromedp.TextContent("#ed-problems")); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(problems, "duplicate") || !strings.Contains(strings.ToUpper(problems), "6E") {
		t.Errorf("the editor shows %q for a second 6E, want a duplicate named", problems)
	}
	if bad, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#ed-list li.bad").length`)); err != nil || bad != 1 {
		t.Errorf("entered cards marked bad: %d (%v), want the duplicate only", bad, err)
	}
	// Only good cards are counted (the duplicate was counted, as was a bad token).
	if s, err := chromedp.Run(ctx, chromedp.TextContent("#ed-status")); err != nil || !strings.Contains(s, ": 3 of 40 cards entered; token 4 refused: it holds its place until replaced or taken out (click it); next: card 5, stock 4.") {
		t.Errorf("the editor says %q (%v) after 6E CE 7O 6E, want 3 of 40 cards counted, token 4 not", s, err)
	}
	// Typed in lower case, listed as the palette writes them.
	if list, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#ed-list li")].map(li => li.textContent).join(" ")`)); err != nil || !strings.Contains(list, "7O") || strings.Contains(list, "7o") {
		t.Errorf("the entered cards read %q (%v), want 7o listed as 7O", list, err)
	}
	if *shots != "" {
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		writeShot(t, filepath.Join(*shots, "board-editor.png"), png)
	}
	// The whole deal of seed 5, typed in (lower case, as a person might),
	// then played: the table is the seed's.
	click(t, ctx, "#ed-clear")
	// Nothing entered: nothing to save (an empty deal file was saved).
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`document.getElementById("ed-save").disabled`, chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Errorf("Save as a deal file stays enabled with no card entered: %v", err)
	}
	deal5 := cliDeal(t, "reloj", 5)
	// 39 cards, a duplicate, then the 40th card: the duplicate is not
	// counted, and both it and the count (41 tokens) are said.
	extra := append(append(deal5[:39:39], deal5[0]), deal5[39])
	if err := chromedp.Do(ctx, chromedp.SendKeys("#ed-input", strings.Join(extra, " ")+kb.Enter)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`document.querySelectorAll("#ed-list li").length === 41`, chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatal(err)
	}
	if s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("ed-status").textContent + " | " + document.getElementById("ed-problems").textContent`)); err != nil ||
		!strings.Contains(s, ": 40 of 40 cards entered; token 40 refused: it holds its place until replaced or taken out (click it). |") || !strings.Contains(s, "token 40: duplicate card") || !strings.Contains(s, "wrong count: 41 tokens, the deal has 40 cards") {
		t.Errorf("the editor says %q (%v) after 41 tokens, one a duplicate; want 40 counted, the duplicate and the count said", s, err)
	}
	click(t, ctx, "#ed-clear")
	if err := chromedp.Do(ctx, chromedp.SendKeys("#ed-input", strings.ToLower(strings.Join(deal5, " "))+kb.Enter)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`!document.getElementById("ed-play").disabled`, chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatalf("Play this deal stays disabled after the 40 cards: %v", err)
	}
	// The whole deal entered: the line above the cards says what comes next.
	if s, err := chromedp.Run(ctx, chromedp.TextContent("#ed-status")); err != nil || !strings.Contains(s, "all 40 cards entered: Play this deal") {
		t.Errorf("the editor says %q (%v) with the 40 cards entered; want what comes next said", s, err)
	}
	click(t, ctx, "#ed-play")
	p := wait(t, ctx, "the deal entered", func(p page) bool { return decided(p) && strings.Contains(p.Title, "a deal entered") })
	g, _ := games.Lookup("reloj")
	sameTable(t, "the deal entered", p, tableOf(t, wins.Line{Game: g, Deal: g.SeedDeal(5), Rules: g.Defaults, Seed: 5}, nil))
	// The entered deal exported, then another dealt: the export panel is
	// emptied (its Download saved the entered deal's game). The seed typed
	// 01 is seed 1 (as 007, it went into the exported JSON as written).
	click(t, ctx, `[data-panel="export-panel"]`)
	click(t, ctx, "#ex-game")
	if err := chromedp.Do(ctx, chromedp.SetValue("#seed", "01")); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "#dealbtn")
	before = wait(t, ctx, "seed 1 again", func(p page) bool { return decided(p) && strings.Contains(p.Title, "seed 1") })
	if s, err := chromedp.Run(ctx, chromedp.Value("#export-text")); err != nil || s != "" {
		t.Errorf("the export panel keeps %.60q (%v) once another deal is laid out; want it empty", s, err)
	}

	click(t, ctx, `[data-panel="open-panel"]`)
	valid, _ := run(t, nil, cli.ExitOK, "deal", "--game", "ventaglio", "--seed", "2", "--json")
	illegal, _ := run(t, nil, cli.ExitOK, "deal", "--game", "reloj", "--seed", "5", "--json")
	illegal = strings.TrimSuffix(strings.TrimSpace(illegal), "}") + `,"result":"unknown","moves":[{"from":"stock","to":"waste","card":"RB"}]}`
	for _, c := range []struct{ name, text, want string }{
		{"a malformed deal file", "# my deal\n6E CE ZZ 4E\n", `"ZZ"`},
		{"another game's deal", strings.Replace(valid, `"ventaglio"`, `"reloj"`, 1), "deck"},
		{"an illegal move", illegal, "move 1"},
		// Read by the engine as the CLI reads a solution (JSON.parse bent
		// these: 1e3 opened seed 1, -1 and true seed 0, "abc" no moves).
		{"a seed 1e3", `{"game":"reloj","seed":1e3}`, "1e3"},
		{"a seed -1", `{"game":"reloj","seed":-1}`, `"seed"`},
		{"a seed true", `{"game":"reloj","seed":true}`, `"seed"`},
		{"moves that are text", `{"game":"reloj","seed":3,"moves":"abc"}`, `"moves"`},
	} {
		if err := chromedp.Do(ctx, chromedp.SetValue("#open-text", c.text)); err != nil {
			t.Fatal(err)
		}
		click(t, ctx, "#open-btn")
		p := wait(t, ctx, c.name+" refused", func(p page) bool { return p.Error != "" })
		if !strings.Contains(p.Error, c.want) {
			t.Errorf("%s: the page says %q, want it to name %s", c.name, p.Error, c.want)
		}
		if p.Title != before.Title || !reflect.DeepEqual(p.Places, before.Places) {
			t.Errorf("%s: the board changed: %q, want %q as it was", c.name, p.Title, before.Title)
		}
		click(t, ctx, "#error-close")
	}

	// The keyboard on the table: the first place Tab reaches is the
	// stock, the only place with a move; Enter plays its move.
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('#table .place[tabindex="0"]').focus()`), chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	wait(t, ctx, "Enter on the stock", func(p page) bool { return p.Played == 1 })

	// A rule variant: free play, chosen in the rules panel, replays the
	// move under it and lists the moves free play allows.
	click(t, ctx, `[data-panel="rules-panel"]`)
	if err := chromedp.Do(ctx, chromedp.SetValue(`#rules-opts select[data-key="play"]`, "free"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('#rules-opts select[data-key="play"]').dispatchEvent(new Event("change"))`)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`document.getElementById("rules-text").textContent.includes("play free")`,
		chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatalf("the rules shown do not become play free: %v", err)
	}
	p = wait(t, ctx, "free play", func(p page) bool { return decided(p) && p.Played == 1 })
	a, err := api.Position(api.Request{Game: "reloj", Seed: ptr(uint64(1)), Rules: &solution.Rules{Play: "free", Passes: 2},
		Moves: []solution.Move{{From: "stock", To: "waste", Card: "CE"}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Legal) != len(a.Legal) {
		t.Errorf("free play: the page lists %d legal moves, the engine %d", len(p.Legal), len(a.Legal))
	}
}

func ptr[T any](v T) *T { return &v }

// carelessLine is the line of a player who always takes the first legal
// move the engine lists, until none is left.
func carelessLine(t *testing.T, game string, seed uint64, rules solution.Rules) []solution.Move {
	t.Helper()
	var moves []solution.Move
	for {
		a, err := api.Position(api.Request{Game: game, Seed: &seed, Rules: &rules, Moves: moves})
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Legal) == 0 {
			return moves
		}
		moves = append(moves, a.Legal[0].Move)
	}
}

// TestBoardReview opens a lost Del reloj game (free play) as a solution object (Open…),
// asks for the review and finds the move the library's review names
// marked in the move list; and a seed past 2^53 is dealt exactly.
func TestBoardReview(t *testing.T) {
	base := serve(t)
	ctx := browser.New(t)
	g, err := games.Lookup("reloj")
	if err != nil {
		t.Fatal(err)
	}
	st, err := solver.LookupStrategy(solver.DefaultStrategy)
	if err != nil {
		t.Fatal(err)
	}
	free := g.Defaults.JSON()
	free.Play = "free"
	rules, err := g.Resolve(free)
	if err != nil {
		t.Fatal(err)
	}
	var (
		seed  uint64
		moves []solution.Move
		rv    position.Review
	)
	for seed = 1; seed < 30; seed++ {
		moves = carelessLine(t, g.Name, seed, free)
		rv, err = position.ReviewLine(context.Background(), position.Position{Game: g, Deal: g.SeedDeal(seed), Rules: rules, Moves: moves},
			games.Config{Rules: rules, Strategy: st, Search: solver.Options{Table: solver.NewFlat(32 << 20), MaxNodes: 5_000_000}})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("seed %d: %d moves, %s", seed, len(moves), rv.Kind)
		if rv.Kind == position.LostAt {
			break
		}
	}
	if rv.Kind != position.LostAt {
		t.Fatal("no careless line of reloj seeds 1..29 loses a winnable deal")
	}
	sol, err := json.Marshal(map[string]any{"game": g.Name, "rules": free, "seed": seed, "deal": g.Deck.TokenList(g.SeedDeal(seed)),
		"result": "winnable", "moves": moves})
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"#reloj/1")); err != nil {
		t.Fatal(err)
	}
	wait(t, ctx, "the page", decided)
	click(t, ctx, `[data-panel="open-panel"]`)
	if err := chromedp.Do(ctx, chromedp.SetValue("#open-text", string(sol))); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "#open-btn")
	wait(t, ctx, "the lost game opened", func(p page) bool { return p.Played == len(moves) && decided(p) })
	click(t, ctx, "#review")
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`document.querySelector("#moves li.lost")`, chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatalf("no move marked lost: %v", err)
	}
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`+document.querySelector("#moves li.lost").dataset.n`))
	if err != nil || n != rv.Move {
		t.Errorf("the page marks move %d lost (%v), the library's review move %d", n, err, rv.Move)
	}
	text, err := chromedp.Run(ctx, chromedp.TextContent("#review-text"))
	if err != nil || !strings.Contains(text, fmt.Sprintf("move %d ", rv.Move)) {
		t.Errorf("the review says %q (%v), want move %d named", text, err, rv.Move)
	}

	const big = "18446744073709551615"
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"#reloj/"+big)); err != nil {
		t.Fatal(err)
	}
	p := wait(t, ctx, "seed 2^64-1", func(p page) bool { return decided(p) && strings.Contains(p.Title, "seed "+big) })
	sameTable(t, "seed 2^64-1", p, tableOf(t, wins.Line{Game: g, Deal: g.SeedDeal(1<<64 - 1), Rules: g.Defaults, Seed: 1<<64 - 1}, nil))
	if exp := exportGame(t, ctx); !strings.Contains(exp, `"seed":`+big+",") {
		t.Errorf("the export does not hold the seed exactly: %s", exp)
	}
}

// TestBoardPhone: in a phone-sized window (390x844) every game's page fits
// the width, and no two controls, and no two places of the table, overlap;
// the move lists start within 1.3 windows of the top (they were two
// windows down), the verdict's buttons are one row, and they stay in sight
// with the verdict when the lists are scrolled into view; the footer keeps
// a gap from the lists.
func TestBoardPhone(t *testing.T) {
	base := serve(t)
	ctx := browser.New(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2))); err != nil {
		t.Fatal(err)
	}
	const boxes = `JSON.stringify((() => {
  const W = document.documentElement.clientWidth, bad = [];
  const vis = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && !e.closest("[hidden]"); };
  const over = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const name = (e) => e.id || e.dataset.place || e.dataset.card || e.textContent.trim().slice(0, 20);
  // A control scrolled out of its list's box is not seen: it is left out.
  const seen = (e) => { const l = e.closest("#legal, #moves"); if (!l) return true; const a = e.getBoundingClientRect(), b = l.getBoundingClientRect(); return a.top >= b.top - 1 && a.bottom <= b.bottom + 1; };
  const ctl = [...document.querySelectorAll("button, input, select, textarea, h1, h2, #verdict, #title")].filter((e) => vis(e) && seen(e));
  ctl.forEach((e) => { const r = e.getBoundingClientRect(); if (r.left < 0 || r.right > W) bad.push("outside the window: " + name(e)); });
  for (let i = 0; i < ctl.length; i++) for (let j = i + 1; j < ctl.length; j++) {
    if (ctl[i].contains(ctl[j]) || ctl[j].contains(ctl[i])) continue;
    if (over(ctl[i].getBoundingClientRect(), ctl[j].getBoundingClientRect())) bad.push("overlap: " + name(ctl[i]) + " / " + name(ctl[j]));
  }
  const t = document.getElementById("scaler").getBoundingClientRect();
  const cards = (p) => [...p.querySelectorAll(".card, .back, .slot")].map((c) => c.getBoundingClientRect());
  const places = [...document.querySelectorAll("#table .place")];
  places.forEach((p) => cards(p).forEach((r) => {
    if (r.left < t.left - 1 || r.right > t.right + 1 || r.top < t.top - 1 || r.bottom > t.bottom + 1) bad.push("card outside the table: " + name(p));
    if (r.width < 24) bad.push("card too small: " + name(p) + " " + r.width);
  }));
  for (let i = 0; i < places.length; i++) for (let j = i + 1; j < places.length; j++)
    if (cards(places[i]).some((a) => cards(places[j]).some((b) => over(a, b)))) bad.push("places overlap: " + name(places[i]) + " / " + name(places[j]));
  if (document.documentElement.scrollWidth > W) bad.push("the page is wider than the window: " + document.documentElement.scrollWidth);
  return bad;
})())`
	// reach: what a person must scroll for (at the top of the page, then
	// with the move lists scrolled into view).
	const reach = `JSON.stringify((() => {
  const bad = [], H = innerHeight, $ = (id) => document.getElementById(id), box = (id) => $(id).getBoundingClientRect();
  scrollTo(0, 0);
  if (box("side").top > 1.3 * H) bad.push("the move lists start " + Math.round(box("side").top) + " px down, more than 1.3 windows");
  const tops = [...document.querySelectorAll("#status .bar button")].map((b) => Math.round(b.getBoundingClientRect().top));
  if (new Set(tops).size !== 1) bad.push("the verdict's buttons take " + new Set(tops).size + " rows");
  if (document.querySelector("footer").getBoundingClientRect().top < box("side").bottom + 8) bad.push("no gap between the move lists and the footer");
  $("side").scrollIntoView({block: "end"});
  for (const id of ["verdict", "undo", "hint", "review"]) {
    const r = box(id), at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (r.top < 0 || r.bottom > H || !at || !$(id).contains(at)) bad.push("#" + id + " out of sight with the move lists in view");
  }
  scrollTo(0, 0);
  return bad;
})())`
	for _, g := range games.All() {
		seed := wins.Seeds[g.Name]
		if err := chromedp.Do(ctx, chromedp.Navigate(fmt.Sprintf("%sindex.html#%s/%d", base, g.Name, seed)), chromedp.Reload()); err != nil {
			t.Fatal(err)
		}
		wait(t, ctx, g.Name+" dealt", func(p page) bool { return decided(p) && dealt(p, g, seed) })
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](boxes))
		if err != nil {
			t.Fatal(err)
		}
		var bad []string
		json.Unmarshal([]byte(s), &bad)
		if len(bad) > 0 {
			t.Errorf("%s at 390x844: %s", g.Name, strings.Join(bad, "; "))
		}
		if s, err = chromedp.Run(ctx, chromedp.Evaluate[string](reach)); err != nil {
			t.Fatal(err)
		}
		bad = nil
		json.Unmarshal([]byte(s), &bad)
		if len(bad) > 0 {
			t.Errorf("%s at 390x844: %s", g.Name, strings.Join(bad, "; "))
		}
		if *shots != "" && g.Name == "reloj" {
			png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			if err != nil {
				t.Fatal(err)
			}
			writeShot(t, filepath.Join(*shots, "board-phone.png"), png)
		}
	}
}

// screenshots plays the winning line from where the game stands ("Play
// the line") to move 24, stops it, and writes the desktop picture with the
// hint shown.
func screenshots(t *testing.T, ctx context.Context, dir string) {
	t.Helper()
	click(t, ctx, "#line")
	wait(t, ctx, "the line played to move 24", func(p page) bool { return p.Played >= 24 })
	click(t, ctx, "#line")
	wait(t, ctx, "the verdict", decided)
	click(t, ctx, "#hint")
	wait(t, ctx, "the hint", func(p page) bool { return p.Hint != nil })
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	writeShot(t, filepath.Join(dir, "board-reloj.png"), png)
}

func writeShot(t *testing.T, name string, png []byte) {
	t.Helper()
	if err := os.WriteFile(name, png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// typeInto sets the input sel to v and tells the page, as typing then
// leaving the field does.
func typeInto(t *testing.T, ctx context.Context, sel, v string) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const i = document.querySelector(%q); i.value = %q; i.dispatchEvent(new Event("change")); })()`, sel, v)
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](js)); err != nil {
		t.Fatal(err)
	}
}

// fieldMsg is the message shown beside the input sel, after its label
// ("" when none).
func fieldMsg(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	js := fmt.Sprintf(`(() => { const i = document.querySelector(%q), m = (i.closest("label") || i).nextElementSibling; return m && m.classList.contains("field-msg") && !m.hidden ? m.textContent : ""; })()`, sel)
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Numbers that are not whole numbers in range are refused beside their
// field with the CLI's words, the rules left as they were; a deal file's
// "# rules:" line is refused as solve --deal refuses it.
func TestBoardXRulesAndLimits(t *testing.T) {
	ctx, before := openRelojSeed1(t)
	click(t, ctx, `[data-panel="rules-panel"]`)
	rulesText := func() string {
		s, err := chromedp.Run(ctx, chromedp.TextContent("#rules-text"))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	rules0 := rulesText()
	for _, v := range []string{"abc", "", "-1", "1.5", "1e30"} {
		_, cliErr := run(t, nil, cli.ExitError, "solve", "--game", "reloj", "--seed", "1", "--passes", v)
		want := strings.TrimSpace(cliErr[strings.Index(cliErr, "--passes"):])
		typeInto(t, ctx, `#rule-passes`, v)
		time.Sleep(300 * time.Millisecond)
		if got := fieldMsg(t, ctx, "#rule-passes"); got != want {
			t.Errorf("passes %q: the field says %q, want the CLI's %q", v, got, want)
		}
		p := read(t, ctx)
		if p.Error != "" || rulesText() != rules0 || p.Title != before.Title {
			t.Errorf("passes %q: the rules changed (%q, want %q) or an error shows: %q", v, rulesText(), rules0, p.Error)
		}
	}
	typeInto(t, ctx, `#rule-passes`, "2")
	for _, c := range []struct{ sel, v, want string }{
		{"#max-nodes", "-5", "--max-nodes -5: must be 0 (no limit) or more"},
		{"#max-nodes", "abc", `--max-nodes "abc": want a whole number`},
		{"#max-nodes", "", `--max-nodes "": want a whole number`},
		{"#timeout", "abc", `--timeout "abc": want a whole number of seconds`},
		{"#timeout", "-5", `--timeout "-5": want a whole number of seconds`},
		// A whole number past the maximum: said too large, with the
		// maximum, of what (it was "want a whole number"; then "the board
		// takes up to 9007199254740991"); each field named by its flag.
		{"#timeout", "99999999999999999999", "--timeout 99999999999999999999: too large: at most 1073741824 seconds (34 years); 0 is none"},
		{"#max-nodes", "99999999999999999999", "--max-nodes 99999999999999999999: too large: at most 9007199254740991 nodes; 0 is no limit"},
	} {
		typeInto(t, ctx, c.sel, c.v)
		p := wait(t, ctx, c.sel+" "+c.v+" refused", func(p page) bool { return p.Result == "error" })
		got := fieldMsg(t, ctx, c.sel)
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("%s %q: the field says %q, want %q", c.sel, c.v, got, c.want)
		}
		// The verdict names the field and what is wrong, as the field does
		// (it said "not a number" of a timeout of -5).
		if want := "No search: under Rules & limit, " + got + "."; p.Verdict != want {
			t.Errorf("%s %q: the verdict says %q, want %q", c.sel, c.v, p.Verdict, want)
		}
		typeInto(t, ctx, "#max-nodes", "5000000")
		typeInto(t, ctx, "#timeout", "20")
		wait(t, ctx, "a verdict again", decided)
		if got := fieldMsg(t, ctx, c.sel); got != "" {
			t.Errorf("%s: the message %q stays after a good value", c.sel, got)
		}
	}

	// "# rules:" lines: the CLI's message for each (the engine reads the
	// text as solve --deal reads a file: stdin:N: → deal file:N:).
	deal5 := cliDeal(t, "reloj", 5)
	cards := strings.Join(deal5, " ") + "\n"
	click(t, ctx, `[data-panel="open-panel"]`)
	for _, head := range []string{"# rules: passes=abc\n", "# rules: play=free play=forced\n", "# rules: passes=1\n# rules: passes=2\n",
		"# rules: passes=1e30\n", "# RULES: bogus=1\n", "# rules: play=free, passes=1\n"} {
		text := head + cards
		_, cliErr := run(t, []byte(text), cli.ExitError, "solve", "--game", "reloj", "--deal", "-")
		_, rest, ok := strings.Cut(strings.TrimSpace(cliErr), "stdin:")
		if !ok {
			t.Fatalf("solve --deal - says %q, want stdin:N: …", cliErr)
		}
		want := "deal file:" + rest
		if err := chromedp.Do(ctx, chromedp.SetValue("#open-text", text)); err != nil {
			t.Fatal(err)
		}
		click(t, ctx, "#open-btn")
		p := wait(t, ctx, head+" refused", func(p page) bool { return p.Error != "" })
		if p.Error != want {
			t.Errorf("%q: the page says %q, want the CLI's %q", head, p.Error, want)
		}
		if p.Title != before.Title {
			t.Errorf("%q: the board changed to %q", head, p.Title)
		}
		click(t, ctx, "#error-close")
	}
	// A good line is taken.
	if err := chromedp.Do(ctx, chromedp.SetValue("#open-text", "# rules: play=free passes=1\n"+cards)); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "#open-btn")
	wait(t, ctx, "the deal under play=free passes=1", func(p page) bool { return p.Error == "" && strings.Contains(p.Title, "a deal") })
	if r := rulesText(); !strings.Contains(r, "play free") || !strings.Contains(r, "passes 1") {
		t.Errorf("after # rules: play=free passes=1 the page shows rules %q", r)
	}
}

// The hint's marks stay through a redraw: a window crossing 520 px (the
// phone's layout and back).
func TestBoardXHintThroughResize(t *testing.T) {
	base := serve(t)
	ctx := browser.New(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(base+"#reloj/1")); err != nil {
		t.Fatal(err)
	}
	wait(t, ctx, "the verdict", func(p page) bool { return p.Result == "winnable" })
	click(t, ctx, "#hint")
	marks := func() int {
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#table .hint-from, #table .hint-to").length`))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	wait(t, ctx, "the hint", func(p page) bool { return p.Hint != nil })
	if marks() != 2 {
		t.Fatalf("the hint marks %d places, want 2 (from and to)", marks())
	}
	for _, w := range []int64{400, 1280, 500, 900} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 844)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(300 * time.Millisecond)
		if p := read(t, ctx); p.Hint == nil || marks() != 2 {
			t.Errorf("width %d: the hint is %+v, %d places marked, want it kept, 2 marked", w, p.Hint, marks())
		}
	}
}

// An address the page does not understand is said, with what was opened.
func TestBoardXBadAddress(t *testing.T) {
	base := serve(t)
	ctx := browser.New(t)
	for _, c := range []struct{ hash, want, opened string }{
		{"#nope/3", `The address #nope/3 was not understood: unknown game "nope" (games: `, "#reloj/3"},
		{"#reloj/abc", `The address #reloj/abc was not understood: ` + cliSeed(t, "abc") + `; opened Del reloj, seed 1 instead.`, "#reloj/1"},
	} {
		// A new page each (a reload after the hash changed would reload the
		// address the page wrote then: the deal opened instead).
		if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(base+"index.html"+c.hash)); err != nil {
			t.Fatal(err)
		}
		p := wait(t, ctx, c.hash+" opened", func(p page) bool { return p.Title != "" && p.Error != "" })
		// The address names what was opened: a reload opens it again.
		if h := eval[string](t, ctx, `location.hash`); h != c.opened {
			t.Errorf("%s opened: the address says %q, want %s, what was opened", c.hash, h, c.opened)
		}
		if !strings.HasPrefix(p.Error, c.want) || !strings.Contains(p.Error, "opened Del reloj") {
			t.Errorf("%s: the page says %q, want %q…, naming what was opened", c.hash, p.Error, c.want)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"index.html#sietes/4"), chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	if p := wait(t, ctx, "#sietes/4", func(p page) bool { return strings.Contains(p.Title, "seed 4") }); p.Error != "" {
		t.Errorf("#sietes/4: the page says %q, want no message", p.Error)
	}
}

// The move list solve prints, pasted into Open…, is played on the deal on
// the table; one of another seed is refused, saying what to deal first.
func TestBoardXMoveList(t *testing.T) {
	ctx, before := openRelojSeed1(t)
	click(t, ctx, `[data-panel="open-panel"]`)
	other, _ := run(t, nil, cli.ExitOK, "solve", "--game", "reloj", "--seed", "2")
	if err := chromedp.Do(ctx, chromedp.SetValue("#open-text", other)); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "#open-btn")
	p := wait(t, ctx, "seed 2's list refused", func(p page) bool { return p.Error != "" })
	if !strings.Contains(p.Error, "choose game reloj and seed 2") || p.Title != before.Title {
		t.Errorf("seed 2's list on seed 1: the page says %q and shows %q, want it refused naming seed 2", p.Error, p.Title)
	}
	click(t, ctx, "#error-close")
	out, _ := run(t, nil, cli.ExitOK, "solve", "--game", "reloj", "--seed", "1")
	if err := chromedp.Do(ctx, chromedp.SetValue("#open-text", out)); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "#open-btn")
	p = wait(t, ctx, "the list played", func(p page) bool { return p.Error != "" || p.Played > 0 })
	if p.Error != "" || !p.Won() || p.Played != 62 {
		t.Errorf("solve's list: the page says %q, %d moves played, result %q; want the 62 moves played, won", p.Error, p.Played, p.Result)
	}
	// No legal move is a sentence, not a numbered item of the list.
	if said, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelectorAll("#legal li").length + " " + document.getElementById("legal-none").innerText`)); err != nil || said != "0 None: the game is won." {
		t.Errorf("the won game's legal moves: %q (%v), want no item and the sentence %q", said, err, "None: the game is won.")
	}
	// Review of a won game says so, as the CLI's review does.
	click(t, ctx, "#review")
	said, err := chromedp.Run(ctx, chromedp.Poll[string](`(t => t && !t.endsWith("…") ? t : null)(document.getElementById("review-text").textContent)`, chromedp.WithPollingTimeout(time.Minute)))
	if err != nil || said != "Review: winnable to the end: the moves played win the game." {
		t.Errorf("review of the won game: the page says %q (%v)", said, err)
	}

	// The referee's own reader (the module's moveText) reads the list: not
	// numbered, in another spelling of the cards, as the CLI takes it; an
	// illegal move is named in the CLI's words (hint --solution LIST), and
	// the board stays as it was.
	for _, c := range []struct{ text, err string }{
		{"stock ce -> waste\nstock 7o -> pile 7\n", ""},
		{"1. stock CE -> waste\n2. stock 7O -> pile 7\n3. waste CE -> pile 1\n", "line 3: move 3 (waste -> pile:1 CE): there is no pile 1, and CE cannot start it (a new pile is named by its card's rank)"},
	} {
		if shut, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("open-panel").hidden`)); err != nil {
			t.Fatal(err)
		} else if shut { // a list opened folds the panel
			click(t, ctx, `[data-panel="open-panel"]`)
		}
		if err := chromedp.Do(ctx, chromedp.SetValue("#open-text", c.text)); err != nil {
			t.Fatal(err)
		}
		click(t, ctx, "#open-btn")
		p = wait(t, ctx, "the list read", func(p page) bool { return p.Error != "" || c.err == "" && p.Played == 2 })
		if c.err == "" && (p.Error != "" || p.Played != 2) {
			t.Errorf("%q: the page says %q, %d moves played; want the 2 moves played", c.text, p.Error, p.Played)
		}
		if c.err != "" && (!strings.HasPrefix(p.Error, c.err) || p.Played != 2) {
			t.Errorf("%q: the page says %q, %d moves played; want %q…, the 2 moves played before kept", c.text, p.Error, p.Played, c.err)
		}
	}
}

// Before the solver has loaded the page says so, and why when it fails.
func TestBoardXLoading(t *testing.T) {
	serve(t) // builds the files
	release := make(chan struct{})
	var fail atomic.Bool
	h := board.Handler(files)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			<-release
			if fail.Load() {
				http.NotFound(w, r)
				return
			}
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	var once sync.Once
	open := func() { once.Do(func() { close(release) }) }
	t.Cleanup(open)
	ctx := browser.New(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/#reloj/1")); err != nil {
		t.Fatal(err)
	}
	shown := func() (string, string) {
		v, err := chromedp.Run(ctx, chromedp.TextContent("#verdict"))
		if err != nil {
			t.Fatal(err)
		}
		g, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("game").selectedOptions[0]?.textContent ?? ""`))
		if err != nil {
			t.Fatal(err)
		}
		return v, g
	}
	time.Sleep(500 * time.Millisecond)
	if v, g := shown(); v != "loading the solver…" || g != "loading the solver…" {
		t.Errorf("while the solver loads the page shows %q and the game menu %q, want loading the solver… in both", v, g)
	}
	open()
	wait(t, ctx, "the deal", func(p page) bool { return decided(p) && strings.Contains(p.Title, "seed 1") })

	// A solver that cannot load: the message says so.
	fail.Store(true)
	ctx2 := browser.New(t)
	if err := chromedp.Do(ctx2, chromedp.Navigate(srv.URL+"/#reloj/1")); err != nil {
		t.Fatal(err)
	}
	p := wait(t, ctx2, "the failure", func(p page) bool { return p.Error != "" })
	if !strings.HasPrefix(p.Error, "the solver did not start: ") || p.Result != "error" {
		t.Errorf("a solver that cannot load: the page says %q (verdict %q), want the solver did not start: …", p.Error, p.Result)
	}
}

// A game exported before it is won is a game in progress: no "result" (the
// deal's verdict is no verdict of where the game stands, and "unknown" was
// read as one), and verify, hint and review read it as such; a won game
// is a solution, "result": "winnable".
func TestBoardXExportInProgress(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("1")); err != nil {
		t.Fatal(err)
	}
	wait(t, ctx, "a move played", func(p page) bool { return p.Played == 1 && decided(p) })
	exp := exportGame(t, ctx)
	var keys map[string]json.RawMessage
	if err := json.Unmarshal([]byte(exp), &keys); err != nil {
		t.Fatalf("the export %s: %v", exp, err)
	}
	if r, ok := keys["result"]; ok || keys["moves"] == nil || keys["deal"] == nil {
		t.Errorf("a game in progress exported as %s: result %s; want no result, its deal and moves", exp, r)
	}
	if _, e := run(t, []byte(exp), cli.ExitFailed, "verify", "--solution", "-"); !strings.Contains(e, "legal but the game is not won") {
		t.Errorf("verify of a game in progress: %s", e)
	}
	if out, _ := run(t, []byte(exp), cli.ExitOK, "hint", "--solution", "-"); !strings.Contains(out, "after 1 of 1 move") {
		t.Errorf("hint of a game in progress: %s", out)
	}
	run(t, []byte(exp), cli.ExitOK, "review", "--solution", "-")

	// Won: a solution that verify passes.
	sol, _ := run(t, nil, cli.ExitOK, "solve", "--game", "reloj", "--seed", "1", "--json")
	click(t, ctx, `[data-panel="open-panel"]`)
	if err := chromedp.Do(ctx, chromedp.SetValue("#open-text", sol)); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "#open-btn")
	wait(t, ctx, "the solution played", func(p page) bool { return p.Won() })
	exp = exportGame(t, ctx)
	if !strings.Contains(exp, `"result":"winnable"`) {
		t.Errorf("a won game exported as %s; want a solution, result winnable", exp)
	}
	if out, _ := run(t, []byte(exp), cli.ExitOK, "verify", "--solution", "-"); !strings.Contains(out, "won") {
		t.Errorf("verify of a won game: %s", out)
	}
}

// The suits' drawings are show's (show.Suits), put into the page as it is
// served: the board's own files hold no copy, and every suit of every
// deck is there for the cards' <use>, with the page's header and table
// outside the drawings' SVG element.
func TestBoardXSuitsFromShow(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("static", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(src, []byte("<symbol")) {
		t.Errorf("static/index.html holds suit drawings of its own; want show.Suits' only")
	}
	var want []string
	for _, m := range regexp.MustCompile(`<symbol id="([^"]+)"`).FindAllStringSubmatch(show.Suits, -1) {
		want = append(want, m[1])
	}
	if len(want) != 12 {
		t.Fatalf("show.Suits has symbols %v; want the 4 suits of 3 decks", want)
	}
	base := serve(t)
	ctx := browser.New(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"#sietes/1")); err != nil {
		t.Fatal(err)
	}
	wait(t, ctx, "sietes seed 1", func(p page) bool { return strings.Contains(p.Title, "seed 1") })
	var got struct {
		Symbols []string `json:"symbols"`
		Missing []string `json:"missing"`
		Header  string   `json:"header"`
	}
	js := `JSON.stringify({
		symbols: [...document.querySelectorAll("symbol")].map(s => s.id),
		missing: [...document.querySelectorAll("use")].map(u => u.getAttribute("href")).filter(h => !document.querySelector("symbol" + h)),
		header: document.querySelector("header").namespaceURI,
	})`
	text, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(text), &got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Symbols, want) || len(got.Missing) > 0 || got.Header != "http://www.w3.org/1999/xhtml" {
		t.Errorf("the page's suits %v (uses with no symbol: %v), header in %s; want show's %v, every use drawn, the header HTML", got.Symbols, got.Missing, got.Header, want)
	}
}

// The clocks' hours fan their face-up cards far enough apart that each
// shows its rank and suit (the suit under the rank), on a desktop and in a
// phone-sized window: played to the end, every covered card of an hour
// shows at least 20 pixels, and the middle of its suit mark is that card's
// (not covered by the next).
func TestBoardXClockFans(t *testing.T) {
	base := serve(t)
	const play = `(async () => {
  for (let i = 0; i < 60; i++) {
    const b = document.querySelector("#legal button");
    if (!b) break;
    const n = document.querySelectorAll("#moves li:not(.redo)").length;
    b.click();
    for (let k = 0; k < 100 && document.querySelectorAll("#moves li:not(.redo)").length === n; k++) await new Promise(r => setTimeout(r, 50));
  }
  return 1;
})()`
	const fans = `(async () => {
  await new Promise(r => setTimeout(r, 300)); // a resize's redraw
  const bad = [];
  let fanned = 0;
  for (const p of document.querySelectorAll('#table [data-place^="hour:"], #table [data-place="centre"]')) {
    const cards = [...p.querySelectorAll(".card")];
    p.scrollIntoView({block: "center"}); // elementFromPoint sees the window only
    for (let i = 0; i + 1 < cards.length; i++) {
      fanned++;
      const a = cards[i].getBoundingClientRect(), b = cards[i + 1].getBoundingClientRect();
      if (b.left - a.left < 20) bad.push(p.dataset.place + " " + cards[i].dataset.card + ": " + Math.round(b.left - a.left) + " px showing");
      const idx = cards[i].querySelector(".idx");
      const r = idx && idx.getBoundingClientRect();
      const at = r && r.width > 0 && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!at || at.closest(".card") !== cards[i]) bad.push(p.dataset.place + " " + cards[i].dataset.card + ": its suit is not seen");
    }
  }
  return JSON.stringify({fanned, bad});
})()`
	ctx := browser.New(t)
	for _, game := range []string{"orologio52", "orologio"} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(base+"#"+game+"/3"), chromedp.Reload()); err != nil {
			t.Fatal(err)
		}
		wait(t, ctx, game+" seed 3", func(p page) bool { return decided(p) && strings.Contains(p.Title, "seed 3") })
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[int](play, chromedp.EvalAwaitPromise)); err != nil {
			t.Fatal(err)
		}
		for _, size := range [][2]int64{{1280, 900}, {390, 844}} {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1])); err != nil {
				t.Fatal(err)
			}
			var got struct {
				Fanned int
				Bad    []string
			}
			out, err := chromedp.Run(ctx, chromedp.Evaluate[string](fans, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatal(err)
			}
			json.Unmarshal([]byte(out), &got)
			if got.Fanned < 8 || len(got.Bad) > 0 {
				t.Errorf("%s at %dx%d: %d covered cards fanned at the hours; not readable: %v", game, size[0], size[1], got.Fanned, got.Bad)
			}
		}
	}
}

// openRelojSeed1 serves the board, opens it at Del reloj seed 1 and waits
// for its verdict: the page most of these tests start from.
func openRelojSeed1(t *testing.T) (context.Context, page) {
	t.Helper()
	base := serve(t)
	ctx := browser.New(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"#reloj/1")); err != nil {
		t.Fatal(err)
	}
	return ctx, wait(t, ctx, "reloj seed 1", func(p page) bool { return decided(p) && strings.Contains(p.Title, "seed 1") })
}

// A stock card that fits two places in forced play is named and shown
// face up on the stock while the player chooses (it was named in words
// only, the stock still face down), its places outlined; the choice
// cancelled turns it down again; a click on one plays it. The deal is a
// new user's real one: its third card, 4C, goes on 3C's pile or starts
// pile 4.
func TestBoardXStockChoice(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	stockChoice(t, ctx)
	if seed, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("seed").value`)); err != nil || seed != "" {
		t.Errorf("a deal entered: the seed box says %q (%v), want it empty", seed, err)
	}
	// A screen reader is told the stock's face-down cards.
	if aria, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#table [data-place="stock"]').getAttribute("aria-label")`)); err != nil || aria != "stock: 37 cards face down" {
		t.Errorf("the stock's aria-label is %q (%v), want %q", aria, err, "stock: 37 cards face down")
	}
	const shown = `[...document.querySelectorAll('#table [data-place="stock"] .card')].map(c => c.dataset.card + (c.getBoundingClientRect().width > 20 ? "" : " unseen")).join(" ")`
	if got := eval[string](t, ctx, shown); got != "" {
		t.Errorf("before the stock is clicked it shows %q face up, want none", got)
	}
	click(t, ctx, placeSel("stock"))
	said, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("hint-text").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(said, "4C") || !strings.Contains(said, "2 places") {
		t.Errorf("the stock clicked with 4C fitting two places: the page says %q, want 4C named and its 2 places", said)
	}
	// How to cancel is said: a new user clicked the stock again and again,
	// each second click putting the card back without a word.
	if !strings.Contains(said, "the stock again") || !strings.Contains(said, "put it back") {
		t.Errorf("the stock's choice: the page says %q, want it to say that the stock clicked again puts the card back", said)
	}
	if got := eval[string](t, ctx, shown); got != "4C" {
		t.Errorf("the stock clicked, 4C drawn and fitting two places: the stock shows %q face up, want 4C", got)
	}
	// Over the stock's count, where it is seen.
	if top := eval[string](t, ctx, `(() => { const r = document.querySelector('#table [data-place="stock"] .card.drawn').getBoundingClientRect(); const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); return e && e.closest(".card") ? e.closest(".card").dataset.card : e ? e.className : ""; })()`); top != "4C" {
		t.Errorf("the drawn card's middle shows %q, want the card 4C", top)
	}
	look(t, ctx, "stock-choice-face-up", false)
	// Esc, or the stock clicked again, cancels the choice: its instruction goes with the outlines.
	for _, esc := range []bool{true, false} {
		if !esc {
			click(t, ctx, placeSel("stock"))
		} else if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
			t.Fatal(err)
		}
		said, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelectorAll("#table .place.target").length + " " + document.getElementById("hint-text").textContent`))
		if err != nil || said != "0 " {
			t.Errorf("the stock's choice cancelled: outlines and instruction %q (%v), want none", said, err)
		}
		if got := eval[string](t, ctx, shown); esc && got != "" {
			t.Errorf("the choice cancelled (Esc): the stock still shows %q face up", got)
		}
		click(t, ctx, placeSel("stock"))
	}
	click(t, ctx, `#table .place.target`)
	if p := wait(t, ctx, "4C played", func(p page) bool { return p.Played == 3 }); p.Error != "" {
		t.Errorf("4C played to an outlined place: %q", p.Error)
	}
	if got := eval[string](t, ctx, shown); got != "" {
		t.Errorf("4C played: the stock still shows %q face up", got)
	}
}

// The deal editor's help gives examples of the selected game's deck only:
// every token it shows is a card of that deck (French examples beside a
// Spanish game's were refused when typed; found by a new user).
func TestBoardXEditorExamples(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	click(t, ctx, `[data-panel="editor-panel"]`)
	for _, g := range games.All() {
		js := fmt.Sprintf(`(() => { const s = document.getElementById("game"); s.value = %q; s.dispatchEvent(new Event("change")); })()`, g.Name)
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](js)); err != nil {
			t.Fatal(err)
		}
		wait(t, ctx, g.Name+" dealt", func(p page) bool { return decided(p) && strings.HasPrefix(p.Title, g.Title+",") })
		if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.getElementById("ed-status").textContent.startsWith(%q)`, g.Title+":"),
			chromedp.WithPollingTimeout(time.Minute))); err != nil {
			t.Fatalf("%s: the editor does not follow the game box: %v", g.Name, err)
		}
		codes, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#editor-panel p code")].map(c => c.textContent)`))
		if err != nil {
			t.Fatal(err)
		}
		toks := strings.Fields(strings.Join(codes, " "))
		if len(toks) < 3 {
			t.Errorf("%s: the editor's help shows %q; want examples of tokens", g.Name, codes)
		}
		for _, tok := range toks {
			if _, err := g.Deck.Parse(tok); err != nil {
				t.Errorf("%s (%s deck): the editor's help shows %q: %v", g.Name, g.Deck, tok, err)
			}
		}
	}
}

// Deal with the seed box empty, or not a seed, says what is wrong in one
// line (the CLI's words for a seed), and leaves the board as it was; a
// later action that succeeds (an export, a hint, a deal) takes an earlier
// message away (an empty box did nothing a new user could see, and an old
// message stayed beside a later success).
func TestBoardXSeedAndStaleErrors(t *testing.T) {
	ctx, before := openRelojSeed1(t)
	deal := func(seed string) page {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById("seed").value = %q`, seed))); err != nil {
			t.Fatal(err)
		}
		click(t, ctx, "#dealbtn")
		return wait(t, ctx, "Deal with seed "+strconv.Quote(seed), func(p page) bool { return p.Error != "" || !strings.Contains(p.Title, "seed 1 ") })
	}
	if p := deal(""); !strings.HasPrefix(p.Error, "seed: the box is empty: type a seed") || strings.Contains(p.Error, "\n") || p.Title != before.Title {
		t.Errorf("Deal, the seed box empty: the page says %q, title %q; want one line saying the box is empty, the board as it was", p.Error, p.Title)
	}
	click(t, ctx, `[data-panel="export-panel"]`)
	click(t, ctx, "#ex-deal")
	if p := read(t, ctx); p.Error != "" {
		t.Errorf("the deal exported after a refused Deal: the page still says %q", p.Error)
	}
	for _, seed := range []string{"abc", "-1", "18446744073709551616"} {
		if p, want := deal(seed), cliSeed(t, seed); p.Error != want || p.Title != before.Title {
			t.Errorf("Deal, seed %q: the page says %q, title %q; want %q, the board as it was", seed, p.Error, p.Title, want)
		}
	}
	click(t, ctx, "#hint")
	if p := read(t, ctx); p.Error != "" {
		t.Errorf("a hint asked after a refused Deal: the page still says %q", p.Error)
	}
	deal("x")
	if p := deal("2"); p.Error != "" || !strings.Contains(p.Title, "seed 2 ") {
		t.Errorf("Deal, seed 2, after a refused one: the page says %q, title %q; want seed 2 dealt and no message", p.Error, p.Title)
	}
}

// cliSeed is the CLI's message for seed given to --seed, "--seed ..." as
// "seed ...": the words the page uses for its seed box and address.
func cliSeed(t *testing.T, seed string) string {
	t.Helper()
	_, errOut := run(t, nil, cli.ExitError, "deal", "--game", "reloj", "--seed", seed)
	return strings.TrimPrefix(strings.TrimSpace(errOut), "solitario: deal: --")
}

// A game's name is taken as the CLI takes it (solve --game Reloj is
// refused): in the address and in an opened solution, another spelling is
// refused with the CLI's message (the address said "no game"); so is a
// seed in the address that is not one, with the CLI's --seed words.
func TestBoardXGameNames(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	_, lookup := games.Lookup("Reloj")
	if lookup == nil {
		t.Fatal(`games.Lookup("Reloj") takes it: the page's test needs the CLI's refusal`)
	}
	_, errOut := run(t, nil, cli.ExitError, "solve", "--game", "Reloj", "--seed", "5")
	if !strings.Contains(errOut, lookup.Error()) {
		t.Fatalf("solve --game Reloj says %q, not games.Lookup's %q", errOut, lookup)
	}
	// A game is on the table, so a mistyped address keeps it (issue 32:
	// the board stays as it was) and says why.
	for _, c := range []struct{ hash, want string }{
		{"Reloj/5", lookup.Error()},
		{"reloj/abc", cliSeed(t, "abc")},
		{"reloj/18446744073709551616", cliSeed(t, "18446744073709551616")},
	} {
		js := fmt.Sprintf(`location.hash = %q`, "#"+c.hash)
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`location.hash = "#sietes/9"`)); err != nil {
			t.Fatal(err)
		}
		wait(t, ctx, "sietes seed 9", func(p page) bool { return strings.Contains(p.Title, "seed 9 ") })
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](js)); err != nil {
			t.Fatal(err)
		}
		p := wait(t, ctx, "#"+c.hash+" said", func(p page) bool { return p.Error != "" })
		if !strings.HasPrefix(p.Title, "De los sietes, seed 9 ") {
			t.Errorf("#%s: the table shows %q; want the game kept, De los sietes seed 9", c.hash, p.Title)
		}
		if want := "The address #" + c.hash + " was not understood: " + c.want + "; the game on the table is kept."; p.Error != want {
			t.Errorf("#%s: the page says %q; want %q", c.hash, p.Error, want)
		}
	}
	click(t, ctx, `[data-panel="open-panel"]`)
	sol, _ := run(t, nil, cli.ExitOK, "deal", "--game", "reloj", "--seed", "5", "--json")
	if err := chromedp.Do(ctx, chromedp.SetValue("#open-text", strings.Replace(sol, `"reloj"`, `"Reloj"`, 1))); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "#open-btn")
	if p := wait(t, ctx, "a solution of game Reloj refused", func(p page) bool { return p.Error != "" }); !strings.Contains(p.Error, lookup.Error()) {
		t.Errorf("a solution of game \"Reloj\": the page says %q; want %q", p.Error, lookup)
	}
}

// The legend names the outline of the card moved last, drawn as the card's
// own (a new user took it for a selection).
func TestBoardXLegendMoved(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	click(t, ctx, placeSel("stock"))
	wait(t, ctx, "a card drawn", func(p page) bool { return p.Played == 1 })
	var got struct{ Card, Swatch, Text string }
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify((() => {
  const c = document.querySelector("#table .card.moved"), m = document.querySelector('#legend [data-mark="moved"]');
  const sw = m && m.querySelector(".swatch");
  return {card: c ? getComputedStyle(c).boxShadow : "", swatch: sw ? getComputedStyle(sw).boxShadow : "", text: m ? m.textContent : ""};
})())`))
	if err != nil {
		t.Fatal(err)
	}
	json.Unmarshal([]byte(s), &got)
	if got.Card == "" || got.Card == "none" || got.Swatch != got.Card || !strings.Contains(got.Text, "moved last") {
		t.Errorf("the card moved last is outlined %q; the legend shows %q beside %q; want the same outline named", got.Card, got.Swatch, got.Text)
	}
}

// Play the line, stopped: the verdict's line says where it comes from in
// words true once the line is stopped (it said "by the line being played").
func TestBoardXLineStopped(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	click(t, ctx, "#line")
	wait(t, ctx, "the line played to move 2", func(p page) bool { return p.Played >= 2 })
	click(t, ctx, "#line")
	p := wait(t, ctx, "the verdict", decided)
	if !strings.HasPrefix(p.Verdict, "Winnable") {
		t.Fatalf("the line stopped at move %d: the verdict says %q", p.Played, p.Verdict)
	}
	said, err := chromedp.Run(ctx, chromedp.TextContent("#progress"))
	if err != nil || strings.Contains(said, "being played") || !strings.Contains(said, "winning line found") {
		t.Errorf("the line stopped: under the verdict %q (%v); want the line found named, not one being played", said, err)
	}
}

// One position searched is said in the singular ("1 positions searched"
// under a verdict): De los sietes seed 1, five moves in, is decided at once.
func TestBoardXOnePosition(t *testing.T) {
	base := serve(t)
	ctx := browser.New(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"#sietes/1")); err != nil {
		t.Fatal(err)
	}
	wait(t, ctx, "sietes seed 1", decided)
	for n := 1; n <= 5; n++ {
		if err := chromedp.Do(ctx, chromedp.KeyEvent("1")); err != nil {
			t.Fatal(err)
		}
		wait(t, ctx, fmt.Sprintf("move %d", n), func(p page) bool { return p.Played == n && decided(p) })
	}
	said, err := chromedp.Run(ctx, chromedp.TextContent("#progress"))
	if err != nil || !strings.HasPrefix(said, "1 position searched,") {
		t.Errorf("under the verdict five moves in: %q (%v); want \"1 position searched, ...\"", said, err)
	}
}
