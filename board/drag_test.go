package board_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// A card without a move dragged onto another place is said as a click on
// it is, "CE has no legal move." (forced play's waste card: the drag did
// nothing and said nothing; found by a new user); the table as it was.
func TestBoardXDragNoMoveSaid(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	click(t, ctx, placeSel("stock"))
	wait(t, ctx, "CE drawn to the waste", func(p page) bool { return p.Played == 1 })
	drag(t, ctx, "waste", "pile:1")
	p := wait(t, ctx, "the drag said", func(p page) bool { return p.Error != "" })
	if p.Error != "CE has no legal move." || p.Played != 1 {
		t.Errorf("CE dragged from the waste to pile 1 in forced play: the page says %q, %d moves played; want %q, 1 move", p.Error, p.Played, "CE has no legal move.")
	}
}

// A solution object of another game opened chooses its game and says so,
// as a deal file of another game does (it changed game without a word;
// found by a new user); one of the game on the table says nothing.
func TestBoardXOpenOtherGamesSolutionSaid(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	sietes, _ := run(t, nil, 0, "deal", "--game", "sietes", "--seed", "3", "--json")
	openText(t, ctx, sietes)
	p := wait(t, ctx, "De los sietes opened", func(p page) bool { return decided(p) && strings.HasPrefix(p.Title, "De los sietes, seed 3") })
	if want := "De los sietes chosen (the solution's game; Del reloj was)."; p.Error != want {
		t.Errorf("De los sietes' solution opened under Del reloj: the page says %q, want %q", p.Error, want)
	}
	again, _ := run(t, nil, 0, "deal", "--game", "sietes", "--seed", "4", "--json")
	openText(t, ctx, again)
	p = wait(t, ctx, "seed 4 opened", func(p page) bool { return decided(p) && strings.HasPrefix(p.Title, "De los sietes, seed 4") })
	if p.Error != "" {
		t.Errorf("a solution of the game on the table opened: the page says %q, want nothing", p.Error)
	}
}

// A duplicate token is drawn as the deck's card it repeats, its suit
// letter in the suit's colour with its sign, as a good card is (a refused
// duplicate 1O was plain text, read as "10"; found by a new user), and
// said refused to a screen reader.
func TestBoardXEditorDuplicateDrawn(t *testing.T) {
	ctx := editorWithFive(t, "1O 2O 1O 4E SB")
	poll(t, ctx, "the duplicate refused", `document.querySelectorAll("#ed-list li.bad").length === 1`)
	got := eval[string](t, ctx, `(() => { const b = document.querySelectorAll("#ed-list li")[2].querySelector("button"); const s = b.querySelector(".tok .suit"); return (s ? s.className + " " + s.textContent : "no suit") + " | " + b.getAttribute("aria-label"); })()`)
	if want := "suit oros O | card 3: 1O, oros, refused, stock 2"; got != want {
		t.Errorf("the duplicate 1O: drawn %q, want %q", got, want)
	}
}

// A token past the deal's cards is said to be past it, not given a place
// the deal does not have (Del reloj's 41st said "stock 40": its stock
// holds 39; found by a new user).
func TestBoardXEditorPastTheDeal(t *testing.T) {
	ctx := editorWithFive(t, "1O 2O 3O 4O 5O")
	deal := cliDeal(t, "reloj", 5)
	click(t, ctx, "#ed-clear")
	if err := chromedp.Do(ctx, chromedp.SendKeys("#ed-input", strings.Join(deal, " ")+" "+deal[0]+kb.Enter)); err != nil {
		t.Fatal(err)
	}
	poll(t, ctx, "41 tokens", `document.querySelectorAll("#ed-list li").length === 41`)
	if got := eval[string](t, ctx, `[...document.querySelectorAll("#ed-list li .where")].slice(39).map((e) => e.textContent).join(" | ")`); got != "40 stock 39 | 41 past the deal" {
		t.Errorf("the 40th and 41st tokens are said to go to %q, want %q", got, "40 stock 39 | 41 past the deal")
	}
}
