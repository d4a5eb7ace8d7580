// Package replay plays a move line through its game's plain referee
// (package verify, through games.Entry.Watch) and keeps the table after the
// deal and after every move: what `solitario show` draws and its browser
// test checks. Nothing here judges a move: the referee does, from RULES.md
// (each game's section and "Solutions (JSON) and the move line").
//
// # Data layout
//
// A Replay is the line's header (game, its title and deck, the rules in
// force, the seed when there is one) and Steps[0..len(moves)]: Steps[0] is
// the deal (after the deal phase for sietes), Steps[n] the table after move
// n, with that move and a readable line. Each table is a verify.Position:
// the game's places in RULES.md names, each with its visible cards bottom
// first and the count of cards a player cannot see. End says how the line
// ends: won, or the referee's "not won" detail.
package replay

import (
	"errors"
	"fmt"
	"strings"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/verify"
)

// Replay is a line and the table after each of its moves.
type Replay struct {
	Game  string         `json:"game"`
	Title string         `json:"title"`
	Deck  string         `json:"deck"`  // french, spanish or italian
	Rules solution.Rules `json:"rules"` // every option in force (games.Rules.JSON)
	Seed  *uint64        `json:"seed,omitempty"`
	Steps []Step         `json:"steps"`
	Won   bool           `json:"won"`
	End   string         `json:"end"` // "won", or what is left when the line stops short
}

// Step is the table after N moves (0: the deal) and the move that made it.
type Step struct {
	N        int             `json:"n"`
	Move     *solution.Move  `json:"move,omitempty"`
	Text     string          `json:"text,omitempty"` // the move, readable: "arc 7H -> p3 (on 8S)"
	Position verify.Position `json:"position"`
}

// Line replays moves from deal under r (the rules in force) with g's
// referee. An illegal move is a *verify.MoveError (its number and why); a
// legal line that does not win is a Replay too, with End saying what is
// left. A bad deal or rules is a plain error.
func Line(g games.Entry, deal []deck.Card, r games.Rules, seed *uint64, moves []solution.Move) (*Replay, error) {
	if g.Watch == nil {
		return nil, fmt.Errorf("%s: replaying this game is not implemented", g.Name)
	}
	rp := &Replay{Game: g.Name, Title: g.Title, Deck: g.Deck.String(), Rules: r.JSON(), Seed: seed,
		Steps: make([]Step, 0, len(moves)+1)}
	err := g.Watch(deal, r.JSON(), moves, func(n int, p verify.Position) {
		st := Step{N: n, Position: p}
		if n > 0 {
			m := moves[n-1]
			st.Move = &m
			st.Text = Text(m, rp.Steps[n-1].Position)
		}
		rp.Steps = append(rp.Steps, st)
	})
	var nw *verify.NotWonError
	switch {
	case err == nil:
		rp.Won, rp.End = true, "won"
	case errors.As(err, &nw):
		rp.End = nw.Detail
	default:
		return nil, err
	}
	return rp, nil
}

// Text is m as a line to read, before the position it was played from:
// "arc 7H -> p3 (on 8S)", "waste -> stock (redeal)", the colon of a place
// name a space ("stock 5O -> pile 3 (on 4O)").
func Text(m solution.Move, before verify.Position) string {
	if m.Card == "" {
		if m.From == "waste" && m.To == "stock" {
			return "waste -> stock (redeal)"
		}
		return readable(m.From) + " -> " + readable(m.To)
	}
	s := readable(m.From) + " " + m.Card + " -> " + readable(m.To)
	switch m.To {
	case "waste", "stock", "well", "hand":
		return s
	}
	if p, ok := Find(before, m.To); ok && len(p.Cards) > 0 {
		return s + " (on " + p.Cards[len(p.Cards)-1] + ")"
	}
	return s
}

// Find is the place named name in p.
func Find(p verify.Position, name string) (verify.Place, bool) {
	for _, pl := range p.Places {
		if pl.Name == name {
			return pl, true
		}
	}
	return verify.Place{}, false
}

func readable(place string) string { return strings.Replace(place, ":", " ", 1) }
