package difficulty

import (
	"github.com/solitario/solitario/deck"
	relojst "github.com/solitario/solitario/state/reloj"
	sietesst "github.com/solitario/solitario/state/sietes"
)

// player is what a play-out needs of a game: the plain player's moves in a
// position (the legal moves less the obviously useless ones, Policy doc),
// apply and won. Each game's player is a thin layer over its state
// package's Moves and Apply: the same engine the search plays.
type player[S any, M any] interface {
	Moves(s *S, buf []M) []M
	Apply(s *S, m M)
	Won(s *S) bool
	// Home is the cards s has where a won game has them all: Il
	// Ventaglio's foundations, Del reloj's circle, De los sietes'
	// foundations and frame.
	Home(s *S) int
}

// playout plays one game from start, choosing uniformly among p's moves
// with rng (RULES.md's Uniform), until it is won or no move is left. Every
// game's plain moves run out (the termination argument is beside each
// player), so there is no move limit. line, when not nil, gets the moves
// played (for tests: a won play-out replays through the referee).
// s is the play-out's position, set to start first (the caller's, so that
// it is not moved to the heap at every play-out). It allocates nothing when
// buf has room for every position's moves and line is nil.
func playout[S any, M any, P player[S, M]](p P, s *S, start S, rng *deck.SplitMix64, buf []M, line *[]M) (bool, []M) {
	*s = start
	for {
		if p.Won(s) {
			return true, buf
		}
		buf = p.Moves(s, buf)
		if len(buf) == 0 {
			return false, buf
		}
		m := buf[0]
		if len(buf) > 1 {
			m = buf[rng.Uniform(uint64(len(buf)))]
		}
		if line != nil {
			*line = append(*line, m)
		}
		p.Apply(s, m)
	}
}

// figure plays the policy's play-outs of one deal: the won ones and the
// cards home at the end, summed. Play-out i draws from SplitMix64 seeded
// with key+First+i (Key).
func figure[S any, M any, P player[S, M]](p P, start S, key uint64, pol Policy, buf []M) Figure {
	f := Figure{Playouts: pol.Playouts}
	s := new(S)
	rng := new(deck.SplitMix64)
	for i := range pol.Playouts {
		*rng = deck.NewSplitMix64(key + pol.First + uint64(i))
		var won bool
		won, buf = playout[S, M, P](p, s, start, rng, buf, nil)
		if won {
			f.Wins++
		}
		f.Home += p.Home(s)
	}
	return f
}

// relojFigure and sietesFigure are figure written out for Del reloj's and
// De los sietes' own types: the same loop on the same methods, so the same
// moves, draws and figure (TestConcreteFigures). The generic figure calls
// the player's methods through its dictionary, each a call that is never
// inlined (Won too), and a call costs most in WebAssembly, where the
// play-outs were 40% of a request in the board's engine.
func relojFigure(g relojst.Game, start relojst.State, key uint64, pol Policy, buf []relojst.Move) Figure {
	f := Figure{Playouts: pol.Playouts}
	for i := range pol.Playouts {
		rng := deck.NewSplitMix64(key + pol.First + uint64(i))
		s := start
		for !g.Won(&s) {
			buf = g.Moves(&s, buf)
			if len(buf) == 0 {
				break
			}
			m := buf[0]
			if len(buf) > 1 {
				m = buf[rng.Uniform(uint64(len(buf)))]
			}
			g.Apply(&s, m)
		}
		if g.Won(&s) {
			f.Wins++
		}
		f.Home += relojPlayer{g}.Home(&s)
	}
	return f
}

// sietesFigure is relojFigure for De los sietes.
func sietesFigure(g sietesst.Game, start sietesst.State, key uint64, pol Policy, buf []sietesst.Move) Figure {
	f := Figure{Playouts: pol.Playouts}
	for i := range pol.Playouts {
		rng := deck.NewSplitMix64(key + pol.First + uint64(i))
		s := start
		for !g.Won(&s) {
			buf = g.Moves(&s, buf)
			if len(buf) == 0 {
				break
			}
			m := buf[0]
			if len(buf) > 1 {
				m = buf[rng.Uniform(uint64(len(buf)))]
			}
			g.Apply(&s, m)
		}
		if g.Won(&s) {
			f.Wins++
		}
		f.Home += sietesPlayer{g}.Home(&s)
	}
	return f
}
