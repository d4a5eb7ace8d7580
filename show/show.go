// Package show writes a replayed line (package replay) as one
// self-contained HTML page: the table of the line's game as a player sees
// it, stepped through move by move (RULES.md, each game's section for the
// places; "Solutions (JSON) and the move line" for the moves). The page
// needs no network: its CSS, its script and the suit drawings (SVG) are in
// the page itself, and nothing is loaded from anywhere.
//
// # Data layout
//
// The page carries the replay as one JSON object (replay.Replay: the header
// and Steps[0..n], each with its verify.Position) in a script element; the
// script only draws the position of the chosen step. It never plays a move:
// every position was made by the Go referee. The DOM it draws is what the
// browser test reads: each place is an element with data-place (its RULES.md
// name) and data-under (cards not seen), holding its visible cards bottom
// first as elements of class "card" with data-card (the card's token); the
// card the last move put down has class "moved"; #step holds the move
// number and #text the move in words.
package show

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io"

	"github.com/solitario/solitario/internal/words"
	"github.com/solitario/solitario/replay"
)

// The page, its style and its script, each in its own file so that the
// template parser never reads the script.
var (
	//go:embed page.tmpl
	pageText string
	//go:embed page.css
	pageCSS string
	//go:embed page.js
	pageJS string
)

// Suits is the suits' drawings, one hidden SVG element of symbols named
// DECK-SUIT (french-S, spanish-O, italian-B, ...: docs/notation.md's suit
// letters), drawn with <use href="#french-S">: show's page and the
// board's (board.Files puts them into its index.html) share this one copy.
//
//go:embed suits.svg
var Suits string

var page = template.Must(template.New("page").Parse(pageText))

// pageData is what page.tmpl reads.
type pageData struct {
	Title   string
	Heading string
	Rules   string
	Summary string
	Replay  template.JS // the replay as JSON, safe inside a script element
	CSS     template.CSS
	Script  template.JS
	Suits   template.HTML
}

// Write writes rp's page to w.
func Write(w io.Writer, rp *replay.Replay) error {
	// json.Marshal escapes <, > and & as \u003c and so on: the JSON cannot
	// end the script element it sits in.
	data, err := json.Marshal(rp)
	if err != nil {
		return err
	}
	moves := len(rp.Steps) - 1
	what := rp.Title
	if rp.Seed != nil {
		what += fmt.Sprintf(", seed %d", *rp.Seed)
	}
	summary := words.Count(moves, "move") + ", won"
	if !rp.Won {
		summary = fmt.Sprintf("%s, not won: %s", words.Count(moves, "move"), rp.End)
	}
	return page.Execute(w, pageData{
		Title:   what + " (" + summary + ")",
		Heading: what,
		Rules:   rp.Rules.String(), // as solve says them: "play forced, passes 2", "no choices"
		Summary: summary,
		Replay:  template.JS(data),
		CSS:     template.CSS(pageCSS),
		Script:  template.JS(pageJS),
		Suits:   template.HTML(Suits),
	})
}
