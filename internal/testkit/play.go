package testkit

import (
	"math/rand/v2"

	"github.com/solitario/solitario/solver"
)

// Position is a position met in play, the game it belongs to (positions of
// several deals can be mixed) and a legal move from it.
type Position[S, M any, G solver.Game[S, M]] struct {
	G G
	S S
	M M
}

// RandomGame plays g from start with moves drawn uniformly by rng until no
// move is left, the game is won or limit moves are made, and returns each
// position met with the move played from it.
func RandomGame[S, M any, G solver.Game[S, M]](g G, start S, rng *rand.Rand, limit int) []Position[S, M, G] {
	var out []Position[S, M, G]
	var buf []M
	s := start
	for range limit {
		if g.Won(&s) {
			break
		}
		buf = g.Moves(&s, buf)
		if len(buf) == 0 {
			break
		}
		m := buf[rng.IntN(len(buf))]
		out = append(out, Position[S, M, G]{G: g, S: s, M: m})
		g.Apply(&s, m)
	}
	return out
}
