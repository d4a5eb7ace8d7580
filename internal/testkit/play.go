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

// Walk plays g from start as RandomGame does, leaning to progress: each
// move is drawn uniformly by rng, but one time in three the first move
// prefer picks (a move to a foundation, say, so that walks reach the end
// game) is played instead, when there is one. visit sees each position
// before a move is played from it, with its moves (a list Walk reuses:
// visit must not keep it or change s), the position without moves that
// ends the walk too; at most limit positions are visited, and limit moves
// played.
func Walk[S, M any, G solver.Game[S, M]](g G, start S, rng *rand.Rand, limit int, prefer func(M) bool, visit func(step int, s *S, moves []M)) {
	s := start
	var buf []M
	for step := range limit {
		buf = g.Moves(&s, buf)
		visit(step, &s, buf)
		if len(buf) == 0 {
			return
		}
		m := buf[rng.IntN(len(buf))]
		if rng.IntN(3) == 0 {
			for _, x := range buf {
				if prefer(x) {
					m = x
					break
				}
			}
		}
		g.Apply(&s, m)
	}
}
