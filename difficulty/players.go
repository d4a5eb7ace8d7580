package difficulty

import (
	"math/bits"

	relojst "github.com/solitario/solitario/state/reloj"
	sietesst "github.com/solitario/solitario/state/sietes"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// Del reloj and De los sietes: the plain player's moves are the legal moves
// (the state packages' Moves and Apply as they are). No legal move
// there is obviously useless: every one places a card, draws the next or
// redeals, and which pile or which moment is the whole game. Play ends: each
// card is placed at most once, a pass draws each card at most once, and the
// passes are bounded (unlimited passes: a redeal only after a pass that
// placed a card).

// relojPlayer is Del reloj's plain player: the packed game itself.
type relojPlayer struct{ relojst.Game }

// Home is the cards in the circle: the first base and the stock cards
// placed.
func (p relojPlayer) Home(s *relojst.State) int {
	return 1 + relojst.StockSize - bits.OnesCount64(s.Present())
}

// sietesPlayer is De los sietes' plain player: the packed game itself.
type sietesPlayer struct{ sietesst.Game }

// figures has the bits of the twelve figures in a frame set (bit
// suit*10+rank, ranks 7..9).
const figures = 0b1110000000_1110000000_1110000000_1110000000

// Home is the number cards on the foundations and the figures in the frame.
func (p sietesPlayer) Home(s *sietesst.State) int {
	n := bits.OnesCount64(s.FrameSet() & figures)
	for suit := range sietesst.Suits {
		n += s.Height(suit)
	}
	return n
}

// ventaglioPlayer is Il Ventaglio's plain player over the packed game
// (state/ventaglio): OrderedMoves with distinct (a move whose position
// another move of the same card also reaches is listed once: two empty
// foundations, two empty bases are the same choice), less the moves
// between provisional bases that do nothing by themselves. A card moves
// from base to base only
//   - when it is the base's only card (it empties the base, which may then
//     take any card; distinct already leaves out moving it to an empty
//     base), or
//   - when the card beneath it goes up at once: the two moves are one
//     choice (vmove), the uncovering move and that card to its foundation.
//
// Play ends: every move but a draw, a redeal or a base-emptying move takes
// a card from the arc, reserve, stock or waste or puts one up, which happens
// at most 104 times each; draws and redeals are bounded by the passes; and
// a base-emptying move lowers the number of non-empty bases, which only a
// card from the arc, stock or waste or an uncover-and-up choice raises.
type ventaglioPlayer struct {
	g   vg.Game
	raw *[]vg.Move // OrderedMoves' buffer, reused
}

// vmove is one choice of the plain player: one move of the packed game in
// its low byte, and for an uncover-and-up choice the up move in its high
// byte (0 otherwise: arc→arc is no move).
type vmove uint16

func (p ventaglioPlayer) Moves(s *vg.State, buf []vmove) []vmove {
	buf = buf[:0]
	raw := p.g.OrderedMoves(s, (*p.raw)[:0], true)
	*p.raw = raw
	if len(raw) > 0 && raw[0].To().IsFound() {
		for _, m := range raw {
			if !m.To().IsFound() {
				break
			}
			buf = append(buf, vmove(m))
		}
		return buf
	}
	for _, m := range raw {
		from, to := m.From(), m.To()
		if !from.IsProv() || !to.IsProv() {
			buf = append(buf, vmove(m))
			continue
		}
		i := int(from - vg.P1)
		h := s.Height(i)
		if h == 1 {
			buf = append(buf, vmove(m))
			continue
		}
		beneath := s.ProvCard(i, h-2)
		for f := range vg.Foundations {
			if p.g.FoundationTakes(s, f, beneath) {
				buf = append(buf, vmove(m)|vmove(vg.NewMove(from, vg.F1+vg.Place(f)))<<8)
				break
			}
		}
	}
	return buf
}

func (p ventaglioPlayer) Apply(s *vg.State, m vmove) {
	p.g.Apply(s, vg.Move(m))
	if up := vg.Move(m >> 8); up != 0 {
		p.g.Apply(s, up)
	}
}

func (p ventaglioPlayer) Won(s *vg.State) bool { return p.g.Won(s) }

func (p ventaglioPlayer) Home(s *vg.State) int { return s.Up() }
