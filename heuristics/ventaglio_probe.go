package heuristics

import (
	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// VentaglioProbe is a line finder for Il Ventaglio, not a judge: a
// solver.Game on the same rules whose move lists are cut down by guesses,
// so a search on it may miss a win but never invents one (its moves are
// legal moves, and the commands replay every line through the referee
// before they print or write it). A search that
// ends without a win proves nothing; only the exact wrapper (Ventaglio)
// decides unwinnable.
//
// The guesses, each a tunable of ProbeConfig:
//   - Auto: when a foundation move keeps the reserve-order test alive, it is
//     played alone (people do; the exact search cannot, two decks make it
//     unsafe in general).
//   - Chain: at most Chain provisional-to-provisional moves in a row (the
//     count lives in State.Aux and in the key, so the probe's own search is
//     consistent). Long chains shuttle runs between the bases without end.
//   - Seed: ties inside a move class are broken by a hash of the position
//     and the seed, and Draw nodes in four try the draw before the arc and
//     waste cards go to a provisional base. Restarting with other seeds
//     (Luby budgets) tames the heavy tail of single depth-first searches.
type VentaglioProbe struct {
	g   vg.Game
	res *reserveOrder
	cfg ProbeConfig
}

// ProbeConfig tunes a probe (see VentaglioProbe).
type ProbeConfig struct {
	Seed  uint64
	Chain uint8
	Auto  bool
	// Draw is how many nodes in four try the draw before the arc's and the
	// waste's card go to a provisional base (0..4).
	Draw uint8
	// Need orders moves of one class by how soon their cards are needed:
	// a card goes preferably onto a top needed later than itself, and a
	// provisional-to-provisional move preferably uncovers a card needed
	// soon.
	Need bool
}

// NewVentaglioProbe is a probe on g. It shares h's dead-end memo when h
// prunes (so the memo is filled once per deal).
func NewVentaglioProbe(g vg.Game, cfg ProbeConfig, h Ventaglio) VentaglioProbe {
	res := h.res
	if res == nil {
		res = newReserveOrder(g.Deal())
	}
	return VentaglioProbe{g: g, res: res, cfg: cfg}
}

// Apply plays m and counts provisional-to-provisional moves in a row.
func (p VentaglioProbe) Apply(s *vg.State, m vg.Move) {
	p.g.Apply(s, m)
	if m.From().IsProv() && m.To().IsProv() {
		s.Aux++
	} else {
		s.Aux = 0
	}
}

// Won is the rules' Won.
func (p VentaglioProbe) Won(s *vg.State) bool { return p.g.Won(s) }

// Key is the rules' key with the chain count mixed in.
func (p VentaglioProbe) Key(s *vg.State) solver.Key {
	k := p.g.Key(s)
	k.Hi ^= uint64(s.Aux) * 0x9E3779B97F4A7C15
	return k
}

// Moves lists the probe's moves: none when the reserve-order test says
// lost; a lone foundation move under Auto; no provisional-to-provisional
// move past Chain in a row; ordered by class with seeded ties.
func (p VentaglioProbe) Moves(s *vg.State, buf []vg.Move) []vg.Move {
	if p.res.dead(s) || wasteDead(p.g, s) {
		return buf[:0]
	}
	buf = p.g.Moves(s, buf)
	buf = dedupe(s, buf)
	if p.cfg.Auto {
		for _, m := range buf {
			if !m.To().IsFound() {
				continue
			}
			c := *s
			p.g.Apply(&c, m)
			if !p.res.dead(&c) {
				buf[0] = m
				return buf[:1]
			}
		}
	}
	if s.Aux >= p.cfg.Chain {
		out := buf[:0]
		for _, m := range buf {
			if !(m.From().IsProv() && m.To().IsProv()) {
				out = append(out, m)
			}
		}
		buf = out
	}
	k := p.g.Key(s)
	r := mixSeed(k.Lo ^ k.Hi*31 ^ p.cfg.Seed*0xD1B54A32D192ED03)
	swap := uint8(r&3) < p.cfg.Draw
	var score [64]uint64
	if len(buf) > len(score) {
		buf = buf[:len(score)]
	}
	var lo, hi [4]uint8
	if p.cfg.Need {
		lo, hi = s.SuitCounts()
	}
	for i, m := range buf {
		score[i] = probeScore(m, r, swap)
		if p.cfg.Need {
			score[i] = score[i]&^(0xFF<<24) | uint64(p.need(s, m, &lo, &hi))<<24
		}
	}
	for i := 1; i < len(buf); i++ {
		m, sc := buf[i], score[i]
		j := i
		for j > 0 && score[j-1] > sc {
			buf[j], score[j] = buf[j-1], score[j-1]
			j--
		}
		buf[j], score[j] = m, sc
	}
	return buf
}

// wait is waitFor on the probe's deal.
func (p VentaglioProbe) wait(c deck.Card, lo, hi *[4]uint8) int {
	return waitFor(p.g.Deal(), c, int(lo[c.Suit()]), int(hi[c.Suit()]))
}

// need is the Need tie-break of m (0..255, lower first).
func (p VentaglioProbe) need(s *vg.State, m vg.Move, lo, hi *[4]uint8) int {
	from, to := m.From(), m.To()
	switch {
	case to.IsProv() && from.IsProv():
		i := int(from - vg.P1)
		if s.Height(i) < 2 {
			return 64
		}
		return 2 * p.wait(s.ProvCard(i, s.Height(i)-2), lo, hi)
	case to.IsProv():
		c, _ := p.g.Free(s, from)
		t, ok := s.ProvTop(int(to - vg.P1))
		if !ok {
			return 40
		}
		// Better on a top needed later than c.
		return 32 + p.wait(c, lo, hi) - p.wait(t, lo, hi)
	}
	return 32
}

// probeScore is moveRank with the draw moved ahead of the provisional
// placements when swap, and a seeded tie-break in the low bits.
func probeScore(m vg.Move, r uint64, swap bool) uint64 {
	c := uint64(moveRank(m))
	if swap && m == vg.Draw {
		c = 3
	}
	return c<<32 | mixSeed(r^uint64(m)*0x9E3779B97F4A7C15)&0xFFFFFFFF
}

// mixSeed spreads a seeded tie-break's bits (solver.Fmix64).
func mixSeed(x uint64) uint64 { return solver.Fmix64(x) }
