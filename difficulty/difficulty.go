package difficulty

import (
	"errors"
	"fmt"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	relojst "github.com/solitario/solitario/state/reloj"
	sietesst "github.com/solitario/solitario/state/sietes"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// Policy is the plain player's play-outs of one deal: how many, and the
// index of the first (play-out i draws from SplitMix64 seeded with
// Key(deal)+i). The grades' cut points were made with Default; another
// First gives play-outs independent of those (the check that a grade
// predicts fresh play, docs/difficulty.md).
type Policy struct {
	Playouts int
	First    uint64
}

// Default is the policy game's grades are defined with: its play-outs
// from index 0. 100 (the score is then the play-outs won), but 40 for Del
// reloj, whose solve is so short (some 60 nodes) that 100 play-outs took
// longer than solving the deal, the bound (docs/difficulty.md,
// "Cost").
func Default(game string) Policy {
	if game == "reloj" {
		return Policy{Playouts: 40}
	}
	return Policy{Playouts: 100}
}

// Figure is what the plain player did on one deal: it won Wins of
// Playouts play-outs and had Home cards home at their ends in all (the
// cards a won game has on the foundations, in the circle or frame).
type Figure struct {
	Wins     int `json:"wins"`
	Playouts int `json:"playouts"`
	Home     int `json:"home"`
}

// Rate is the share of play-outs won, 0..1.
func (f Figure) Rate() float64 {
	if f.Playouts == 0 {
		return 0
	}
	return float64(f.Wins) / float64(f.Playouts)
}

// ErrNoChoices is the error of a game whose deal decides it (the clocks):
// the plain player has nothing to choose, so every play-out is the game.
var ErrNoChoices = errors.New("has no choices: the deal decides the game, so it has no difficulty grade")

// Key is the seed the play-outs of deal derive from: starting from 0, for
// each card in dealing order, k = the first SplitMix64 output seeded with
// k XOR (suit×16 + rank), suit and rank the 0-based indexes of RULES.md's
// deck table. It depends on the cards alone, so a deal given by its seed
// or as a file gets the same play-outs.
func Key(deal []deck.Card) uint64 {
	var k uint64
	for _, c := range deal {
		g := deck.NewSplitMix64(k ^ uint64(c.Suit()<<4|c.Rank()))
		k = g.Next()
	}
	return k
}

// Grader plays the plain player's play-outs; its buffers are reused from
// deal to deal, so one Grader per goroutine (it is not safe for
// concurrent use).
type Grader struct {
	relojBuf  []relojst.Move
	sietesBuf []sietesst.Move
	vBuf      []vmove
	vRaw      []vg.Move
}

// NewGrader returns a Grader with room for every position's moves.
func NewGrader() *Grader {
	return &Grader{
		relojBuf:  make([]relojst.Move, 0, 16),
		sietesBuf: make([]sietesst.Move, 0, 16),
		vBuf:      make([]vmove, 0, 128),
		vRaw:      make([]vg.Move, 0, 128),
	}
}

// Measure plays pol's play-outs of deal, a deal of game g under r, and
// returns the figure. The error is ErrNoChoices for the clocks (wrapped
// with the game's name) or the game's refusal of the deal or rules.
func (gr *Grader) Measure(g games.Entry, deal []deck.Card, r games.Rules, pol Policy) (Figure, error) {
	key := Key(deal)
	switch g.Name {
	case "reloj":
		game, start, err := relojst.NewGame(relojst.Rules{Play: r.Play, Passes: r.Passes}, deal)
		if err != nil {
			return Figure{}, err
		}
		return relojFigure(game, start, key, pol, gr.relojBuf), nil
	case "sietes":
		game, start, _, err := sietesst.NewGame(sietesst.Rules{Play: r.Play, Passes: r.Passes}, deal)
		if err != nil {
			return Figure{}, err
		}
		return sietesFigure(game, start, key, pol, gr.sietesBuf), nil
	case "ventaglio":
		p, start, err := gr.ventaglio(deal, r)
		if err != nil {
			return Figure{}, err
		}
		return figure[vg.State, vmove](p, start, key, pol, gr.vBuf), nil
	}
	if g.Defaults.Choices == games.NoChoices {
		return Figure{}, fmt.Errorf("%s %w", g.Name, ErrNoChoices)
	}
	return Figure{}, fmt.Errorf("%s: no plain player for this game", g.Name)
}

// Plays reports whether game has a plain player: ventaglio, reloj and
// sietes (the clocks have no choices).
func Plays(game string) bool {
	switch game {
	case "ventaglio", "reloj", "sietes":
		return true
	}
	return false
}

// ventaglio is the plain player of an Il Ventaglio deal and its start.
func (gr *Grader) ventaglio(deal []deck.Card, r games.Rules) (ventaglioPlayer, vg.State, error) {
	l, err := vg.FromDeal(deal)
	if err != nil {
		return ventaglioPlayer{}, vg.State{}, err
	}
	d, err := vg.NewDeal(l)
	if err != nil {
		return ventaglioPlayer{}, vg.State{}, err
	}
	g := vg.New(d, vg.Rules{Play: r.Play, Passes: r.Passes, Wrap: r.Wrap, KeepEmpty: r.KeepEmpty})
	return ventaglioPlayer{g: g, raw: &gr.vRaw}, d.Start(), nil
}
