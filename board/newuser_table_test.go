package board_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/solitario/solitario/cli"
	"github.com/solitario/solitario/internal/browser"
)

// Text opened with Open… that the CLI reads as a solution and refuses is
// refused in the CLI's words, whole: a field the format lacks names the
// document that lists the fields by its file's name (the page cut the
// path out and left "(, "), and text that is JSON but no object (null,
// true, a number, a string, a list) is "not a solution object", as verify
// says (null was read as a deal file: "unknown suit"; found by a new
// user). The table stays as it was.
func TestBoardXOpenJSONAsCLI(t *testing.T) {
	ctx, before := openRelojSeed1(t)
	for _, c := range []struct{ text, want string }{
		{`{"game":"reloj","seed":7,"moves":[],"colour":"blue"}`, `(RULES.md, "Solutions (JSON)", lists the fields)`},
		{"null", "not a solution object: the file holds JSON null"},
		{"true", "not a solution object: the file holds a JSON boolean"},
		{"7", "not a solution object: the file holds a JSON number"},
		{`"1O"`, "not a solution object: the file holds a JSON string"},
		{`["1O", "2O"]`, "not a solution object: the file holds a JSON array"},
	} {
		_, stderr := run(t, []byte(c.text), cli.ExitError, "verify", "--solution", "-")
		cliSays := strings.TrimSpace(strings.TrimPrefix(stderr, "solitario: verify: stdin: "))
		want := strings.ReplaceAll(cliSays, "(docs/spec/RULES.md, ", "(RULES.md, ")
		if !strings.Contains(want, c.want) {
			t.Fatalf("the CLI says %q of %s, want it to hold %q", stderr, c.text, c.want)
		}
		clearError(t, ctx)
		openText(t, ctx, c.text)
		p := wait(t, ctx, "the error", func(p page) bool { return p.Error != "" })
		if p.Error != want {
			t.Errorf("Open… of %s: the page says %q, want the CLI's %q", c.text, p.Error, want)
		}
		if p.Played != before.Played || p.Title != before.Title {
			t.Errorf("after %s refused the table shows %q with %d moves, want %q as before", c.text, p.Title, p.Played, before.Title)
		}
	}
	// A deal file is still read as one: the deal file's message, as solve
	// --deal words it.
	clearError(t, ctx)
	openText(t, ctx, "1O 2O 3O LL\n")
	if p := wait(t, ctx, "the error", func(p page) bool { return p.Error != "" }); !strings.HasPrefix(p.Error, `deal file:1: token 4 "LL": `) {
		t.Errorf("Open… of a deal file with a bad token: the page says %q, want the deal file's message", p.Error)
	}
}

// openGame opens the page at game's seed 1, its verdict shown.
func openGame(t *testing.T, game string) context.Context {
	t.Helper()
	base := serve(t)
	ctx := browser.New(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"#"+game+"/1")); err != nil {
		t.Fatal(err)
	}
	wait(t, ctx, game+" seed 1", func(p page) bool { return decided(p) && strings.Contains(p.Title, "seed 1") })
	return ctx
}

// A token refused as a card of another deck, 1O (1 of oros) typed under
// a French or an Italian game, reads as what was typed, not as the number
// 10: its suit letter drawn as a good card's is, in its suit's colour with
// its suit's sign after it, the chip's title and its problem line naming
// the card (in Orologio, where 10C is a card, the chip read "10" and was
// flagged "wrong deck"; found by a new user).
func TestBoardXEditorOtherDeckToken(t *testing.T) {
	for _, c := range []struct{ game, where, deck string }{
		{"orologio52", "hour 1", "french"},
		{"orologio", "hour 1", "italian"},
	} {
		ctx := openGame(t, c.game)
		click(t, ctx, `[data-panel="editor-panel"]`)
		if err := chromedp.Do(ctx, chromedp.SetValue("#ed-input", "1O")); err != nil {
			t.Fatal(err)
		}
		click(t, ctx, "#ed-add")
		poll(t, ctx, "1O refused", `document.querySelectorAll("#ed-list li.bad").length === 1`)
		var got struct {
			Text, Letter, Class, Sign, Title, Label string
			Problems                                []string
		}
		js := `JSON.stringify((() => { const b = document.querySelector("#ed-list li.bad button"), s = b.querySelector(".tok .suit"), u = b.querySelector(".tok svg use");
			return {text: b.querySelector(".tok").textContent, letter: s ? s.textContent : "", class: s ? s.className : "", sign: u ? u.getAttribute("href") : "",
				title: b.title, label: b.getAttribute("aria-label") || "", problems: [...document.querySelectorAll("#ed-problems li")].map((li) => li.textContent)}; })())`
		if err := json.Unmarshal([]byte(eval[string](t, ctx, js)), &got); err != nil {
			t.Fatal(err)
		}
		look(t, ctx, "editor-other-deck-"+c.game, false)
		at := c.game + ", 1O entered"
		if got.Text != "1O" || got.Letter != "O" || got.Class != "suit oros" || got.Sign != "#spanish-O" {
			t.Errorf("%s: the chip shows %q, its suit letter %q (class %q) and sign %q; want 1O, the O as oros' (suit oros), the sign #spanish-O", at, got.Text, got.Letter, got.Class, got.Sign)
		}
		const card = "1O, 1 of oros, a card of the Spanish deck"
		if want := "card 1: " + card + " (" + c.where + ")"; !strings.HasPrefix(got.Title, want) || !strings.HasPrefix(got.Label, "card 1: "+card) {
			t.Errorf("%s: the chip's title is %q, its label %q; want the title to begin %q, the label %q", at, got.Title, got.Label, want, "card 1: "+card)
		}
		if want := `token 1 (1O, 1 of oros): wrong deck: a card of the spanish deck, the game uses the ` + c.deck + " deck"; len(got.Problems) != 1 || got.Problems[0] != want {
			t.Errorf("%s: the problems are %q, want %q", at, got.Problems, want)
		}
	}
	// A duplicate is a card of the game's deck, refused as a duplicate: not
	// named as another deck's (1C is 1 of coppe too).
	ctx, _ := openRelojSeed1(t)
	click(t, ctx, `[data-panel="editor-panel"]`)
	if err := chromedp.Do(ctx, chromedp.SetValue("#ed-input", "1C 1C")); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "#ed-add")
	poll(t, ctx, "1C refused", `document.querySelectorAll("#ed-list li.bad").length === 1`)
	if got, want := eval[string](t, ctx, `document.querySelector("#ed-list li.bad button").title`), "card 2: 1C (stock 1);"; !strings.HasPrefix(got, want) {
		t.Errorf("reloj, 1C entered twice: the second's title is %q, want it to begin %q", got, want)
	}
}

// The deal editor holds at most twice the deal's cards, refused tokens
// counted: 20,000 tokens pasted made 20,000 chips, a page 531,045 px tall
// (found by a new user). An Add past that is refused with one message,
// the entry as it was and the text left in the box; up to it, it is
// taken (TestBoardXEditorManyRefused: 80 for Del reloj).
func TestBoardXEditorTooMany(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	click(t, ctx, `[data-panel="editor-panel"]`)
	add := func(text string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.SetValue("#ed-input", text)); err != nil {
			t.Fatal(err)
		}
		click(t, ctx, "#ed-add")
	}
	add("1O 2O ZZ")
	poll(t, ctx, "3 tokens listed", `document.querySelectorAll("#ed-list li").length === 3`)
	status := eval[string](t, ctx, `document.getElementById("ed-status").textContent`)
	for _, c := range []struct {
		n    int
		want string
	}{
		{20000, "too many tokens: 20,000 given, 3 entered already; a deal of Del reloj has 40 cards (the editor holds at most 80 tokens, refused ones too)"},
		{78, "too many tokens: 78 given, 3 entered already; a deal of Del reloj has 40 cards (the editor holds at most 80 tokens, refused ones too)"},
	} {
		clearError(t, ctx)
		paste := strings.TrimSpace(strings.Repeat("1O ", c.n))
		add(paste)
		p := wait(t, ctx, "the refusal", func(p page) bool { return p.Error != "" })
		if p.Error != c.want {
			t.Errorf("%d tokens pasted after 3: the page says %q, want %q", c.n, p.Error, c.want)
		}
		if n := eval[int](t, ctx, `document.querySelectorAll("#ed-list li").length`); n != 3 {
			t.Errorf("%d tokens pasted after 3, refused: the list holds %d tokens, want the 3 as before", c.n, n)
		}
		if got := eval[string](t, ctx, `document.getElementById("ed-status").textContent`); got != status {
			t.Errorf("%d tokens pasted after 3, refused: the editor says %q, want %q as before", c.n, got, status)
		}
		if got := eval[string](t, ctx, `document.getElementById("ed-input").value`); got != paste {
			t.Errorf("%d tokens pasted after 3, refused: the box holds %d characters, want the %d pasted", c.n, len(got), len(paste))
		}
		if h := eval[float64](t, ctx, `document.documentElement.scrollHeight`); h > 3000 {
			t.Errorf("%d tokens pasted after 3, refused: the page is %.0f px tall", c.n, h)
		}
	}
	look(t, ctx, "editor-too-many", false)
	// 77 more make 80: taken.
	clearError(t, ctx)
	add(strings.TrimSpace(strings.Repeat("ZZ ", 77)))
	poll(t, ctx, "80 tokens listed", `document.querySelectorAll("#ed-list li").length === 80`)
	if p := read(t, ctx); p.Error != "" {
		t.Errorf("77 tokens pasted after 3, 80 in all: the page says %q, want nothing", p.Error)
	}
}
