package api

import (
	"errors"
	"fmt"

	"github.com/solitario/solitario/corpus"
	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solution"
)

// GameInfo is one game as games --json lists it.
type GameInfo struct {
	Name     string         `json:"name"`
	Title    string         `json:"title"`
	Source   string         `json:"source,omitempty"`
	Deck     string         `json:"deck"`
	Copies   int            `json:"copies"`
	Cards    int            `json:"cards"`
	Defaults solution.Rules `json:"defaults"`
	Options  []OptionInfo   `json:"options"`
}

// OptionInfo is one rule option of a game: its flag (the rules object's
// key with - for _), default and accepted values (none: a number or a
// switch).
type OptionInfo struct {
	Flag    string   `json:"flag"`
	Default string   `json:"default"`
	Values  []string `json:"values,omitempty"`
	Doc     string   `json:"doc"`
}

// Games is the games table as games --json prints it.
func Games() []GameInfo { return NewEngine().Games() }

// Games is the package's Games on e.
func (e *Engine) Games() []GameInfo {
	out := []GameInfo{}
	for _, g := range e.games {
		j := GameInfo{Name: g.Name, Title: g.Title, Source: g.Source, Deck: g.Deck.String(),
			Copies: g.Copies, Cards: g.DealSize(), Defaults: g.Defaults.JSON(), Options: []OptionInfo{}}
		for _, o := range g.Options {
			if len(o.Values) == 0 && o.Default == "" {
				o.Default = "false" // a switch, off unless given
			}
			j.Options = append(j.Options, OptionInfo(o))
		}
		out = append(out, j)
	}
	return out
}

// CardsAnswer is a game's deck for a deal editor's palette: every card
// once, in canonical order (docs/notation.md), and how many copies a deal
// holds.
type CardsAnswer struct {
	Game   string   `json:"game"`
	Deck   string   `json:"deck"`
	Copies int      `json:"copies"`
	Size   int      `json:"size"` // cards in a deal
	Cards  []string `json:"cards"`
}

// Cards is the request's game's deck (only "game" is read).
func Cards(r Request) (CardsAnswer, error) { return NewEngine().Cards(r) }

// Cards is the package's Cards on e.
func (e *Engine) Cards(r Request) (CardsAnswer, error) {
	g, err := e.game(r.Game)
	if err != nil {
		return CardsAnswer{}, err
	}
	return CardsAnswer{Game: g.Name, Deck: g.Deck.String(), Copies: g.Copies, Size: g.DealSize(), Cards: cardTokens(g.Deck)}, nil
}

// game is the game named, with the request's wording when none is.
func (e *Engine) game(name string) (games.Entry, error) {
	if name == "" {
		return games.Entry{}, errors.New(`give a game: "game"`)
	}
	return e.lookup(name)
}

// DealCheck is the deal-file checks (deck.DealTokens's) of a deal being
// entered: the problems so far, each at its token (Index 1-based; 0 for the
// deal as a whole: missing cards, wrong count), and Complete once the deal
// is whole and good. Cards is each token given as the engine reads it, in
// its canonical spelling (docs/notation.md, "Card tokens": 11C is CC in a
// Spanish deal), "" for a token that is no card of the game's deck; a
// duplicate is a card, so it has its spelling too.
type DealCheck struct {
	Game     string        `json:"game"`
	Size     int           `json:"size"`  // cards a deal holds
	Count    int           `json:"count"` // tokens given
	Complete bool          `json:"complete"`
	Cards    []string      `json:"cards"`
	Problems []DealProblem `json:"problems"`
}

// DealProblem is one problem of a deal: the token's index (1-based; 0: the
// deal as a whole), the token, and the deal-file message.
type DealProblem struct {
	Index   int    `json:"index"`
	Token   string `json:"token,omitempty"`
	Message string `json:"message"`
}

// CheckDeal checks the request's "deal" tokens as a deal file of its game
// is checked, token by token: an unknown card or a card of another deck, a
// card more times than the deal holds it, too many cards; then, for the
// whole, the cards missing. A token with a problem is left out of the
// checks of the tokens after it.
func CheckDeal(r Request) (DealCheck, error) { return NewEngine().CheckDeal(r) }

// CheckDeal is the package's CheckDeal on e.
func (e *Engine) CheckDeal(r Request) (DealCheck, error) {
	g, err := e.game(r.Game)
	if err != nil {
		return DealCheck{}, err
	}
	dc := DealCheck{Game: g.Name, Size: g.DealSize(), Count: len(r.Deal), Cards: make([]string, len(r.Deal)), Problems: []DealProblem{}}
	list := deck.NewDealList("deal", "token", g.Deck, g.Copies)
	for i, tok := range r.Deal {
		if c, err := g.Deck.Parse(tok); err == nil {
			dc.Cards[i] = g.Deck.Token(c)
		}
		var de *deck.DealError
		if err := list.Add(tok); errors.As(err, &de) && de.Line > 0 {
			dc.Problems = append(dc.Problems, DealProblem{Index: i + 1, Token: tok, Message: fmt.Sprintf("token %d: %s", i+1, de.Msg)})
		}
	}
	_, err = list.Finish()
	var de *deck.DealError
	switch {
	case err == nil:
		dc.Complete = len(dc.Problems) == 0
	case errors.As(err, &de):
		dc.Problems = append(dc.Problems, DealProblem{Message: de.Msg})
	default:
		dc.Problems = append(dc.Problems, DealProblem{Message: err.Error()})
	}
	return dc, nil
}

// DealFile reads the request's "deal_file", the text of a deal file of its
// game, as solve --deal reads a file with no rule flags (corpus.ReadDealFile):
// its cards, and its "# rules:" line over the game's defaults. The answer is
// deal --json's object; an error names the line and token at fault, the
// file called by its "deal_file_name" ("deal file" when none is given).
func DealFile(r Request) (DealAnswer, error) { return NewEngine().DealFile(r) }

// DealFile is the package's DealFile on e.
func (e *Engine) DealFile(r Request) (DealAnswer, error) {
	g, err := e.game(r.Game)
	if err != nil {
		return DealAnswer{}, err
	}
	name := r.DealFileName
	if name == "" {
		name = "deal file"
	}
	cards, rules, err := corpus.ReadDealFile([]byte(r.DealFile), name, g)
	if err != nil {
		return DealAnswer{}, err
	}
	return DealOf(g, rules, nil, cards), nil
}
