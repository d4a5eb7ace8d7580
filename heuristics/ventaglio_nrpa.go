package heuristics

import (
	"math"

	vg "github.com/solitario/solitario/state/ventaglio"
)

// Nested Rollout Policy Adaptation (Rosin 2011), the rollouts' other
// mode (VentaglioRollout.Adapt > 0): where level n of the nested rollouts
// steps along its best line trying every child, level n of NRPA runs level
// n-1 Adapt times from the same start and, after each, moves its policy
// towards the best line found so far; level 0 is one playout drawn from
// the policy. The policy is a weight per move code (codeOf: the pass, the
// kind of move and the card, suits and ranks, so the two copies of a card
// share one), and a playout picks among the same candidates as a rollout,
// in the same order (a foundation move the ordering leads with is taken,
// moves that empty a base last), candidate i with weight
// exp(policy[code]) / 2^i: with the policy all zero that is the rollout's
// coin, so NRPA starts as the rollouts' policy and learns from there.
//
// Data layout: pols[n] is level n's policy (nrpaCodes weights), adapt the
// scratch copy an adaptation writes; both kept from search to search.

// nrpaCodes is the size of a policy: 3 pass classes × 32 kinds × 64 cards.
const nrpaCodes = 3 * 32 * 64

// nrpaAlpha is the adaptation's step (Rosin's 1).
const nrpaAlpha = 1.0

// codeOf is m's code in s: its pass (1, 2, the rest), its kind (a draw, a
// redeal, else the source, arc, reserve, waste or a base, by the
// destination, a foundation, a base whose top is one rank higher or lower,
// or an empty base) and its card (suit<<4 | rank).
func (r *VentaglioRollout) codeOf(s *vg.State, m vg.Move) int {
	p := min(s.Pass(), 3) - 1
	kind, card := 0, 0
	switch m {
	case vg.Redeal:
		kind = 1
	case vg.Draw:
		if c, ok := r.h.g.Card(s, m); ok {
			card = int(c) & 63
		}
	default:
		c, _ := r.h.g.Card(s, m)
		card = int(c) & 63
		src := 0
		switch f := m.From(); {
		case f == vg.Reserve:
			src = 1
		case f == vg.Waste:
			src = 2
		case f.IsProv():
			src = 3
		}
		dst := 0
		if to := m.To(); to.IsProv() {
			dst = 3
			if t, ok := s.ProvTop(int(to - vg.P1)); ok {
				dst = 1
				if t.Rank() < c.Rank() {
					dst = 2
				}
			}
		}
		kind = 2 + src*4 + dst
	}
	return (p*32+kind)*64 + card
}

// candidates puts in r.pick the playout's candidates at s (moves ms), in
// the policy's order: a foundation move the ordering leads with alone,
// else the ordering's with the moves that empty a base last. It reports
// whether there is a choice.
func (r *VentaglioRollout) candidates(s *vg.State, ms []vg.Move) bool {
	r.pick = r.pick[:0]
	if len(ms) > 0 && ms[0].To().IsFound() {
		r.pick = append(r.pick, ms[0])
		return false
	}
	for _, m := range ms {
		if !r.h.empties(s, m) {
			r.pick = append(r.pick, m)
		}
	}
	for _, m := range ms {
		if r.h.empties(s, m) {
			r.pick = append(r.pick, m)
		}
	}
	return len(r.pick) > 1
}

// weights puts in r.w each candidate's weight under pol and returns their
// sum.
func (r *VentaglioRollout) weights(s *vg.State, pol []float64) float64 {
	r.w = r.w[:0]
	z, f := 0.0, 1.0
	for _, m := range r.pick {
		w := math.Exp(pol[r.codeOf(s, m)]) * f
		r.w = append(r.w, w)
		z += w
		f /= 2
	}
	return z
}

// nrpa is NRPA's level n from s (on the path) with policy pol: its best
// score and line.
func (r *VentaglioRollout) nrpa(n int, s vg.State, pol []float64) (int64, []vg.Move) {
	if n == 0 {
		return r.playout(s, pol)
	}
	for len(r.pols) <= n {
		r.pols = append(r.pols, make([]float64, nrpaCodes))
	}
	lp := r.pols[n]
	copy(lp, pol)
	best := int64(math.MinInt64)
	seq := r.seq[n][:0]
	for i := 0; i < r.Adapt; i++ {
		sc, sub := r.nrpa(n-1, s, lp)
		if sc >= best {
			best = sc
			seq = append(seq[:0], sub...)
		}
		if best == winScore || r.stop {
			break
		}
		r.seq[n] = seq
		if r.adaptTo(lp, s, seq) {
			break
		}
	}
	r.seq[n] = seq
	return best, seq
}

// adaptTo moves pol towards line from s: at each position along it where
// the playout has a choice, the played move's code gains nrpaAlpha and
// every candidate's code loses nrpaAlpha times its probability under the
// policy before this adaptation. It reports whether the search must stop
// (the replay's positions count as nodes).
func (r *VentaglioRollout) adaptTo(pol []float64, s vg.State, line []vg.Move) bool {
	if len(r.adapt) < nrpaCodes {
		r.adapt = make([]float64, nrpaCodes)
	}
	next := r.adapt
	copy(next, pol)
	cur := s
	for _, m := range line {
		ms := r.h.Moves(&cur, r.moves[0][:0])
		r.moves[0] = ms
		if r.candidates(&cur, ms) {
			z := r.weights(&cur, pol)
			for i, c := range r.pick {
				next[r.codeOf(&cur, c)] -= nrpaAlpha * r.w[i] / z
			}
			next[r.codeOf(&cur, m)] += nrpaAlpha
		}
		r.h.Apply(&cur, m)
		if r.count() {
			return true
		}
	}
	copy(pol, next)
	return false
}

// playout is NRPA's level 0 from s (on the path): a game drawn from pol,
// ending as a rollout does; its best score and the line to its best
// position.
func (r *VentaglioRollout) playout(s vg.State, pol []float64) (int64, []vg.Move) {
	h := r.h
	mark := len(r.pathKeys)
	stall := r.Stall
	if stall <= 0 {
		stall = rolloutStall
	}
	best, bestLen := r.score(&s), 0
	r.roll = r.roll[:0]
	high, since := s.Up(), 0
	cur := s
	for since < stall {
		ms := h.Moves(&cur, r.moves[0][:0])
		r.moves[0] = ms
		r.candidates(&cur, ms)
		z := r.weights(&cur, pol)
		var next vg.State
		found := false
		for len(r.pick) > 0 {
			i := 0
			if len(r.pick) > 1 {
				x := float64(r.rand()>>11) / (1 << 53) * z
				for i < len(r.pick)-1 && x >= r.w[i] {
					x -= r.w[i]
					i++
				}
			}
			m := r.pick[i]
			z -= r.w[i]
			r.pick = append(r.pick[:i], r.pick[i+1:]...)
			r.w = append(r.w[:i], r.w[i+1:]...)
			next = cur
			h.Apply(&next, m)
			if r.count() {
				r.popTo(mark)
				return best, r.roll[:bestLen]
			}
			r.roll = append(r.roll, m)
			if h.Won(&next) {
				r.popTo(mark)
				return winScore, r.roll
			}
			k := h.Key(&next)
			if r.onPath(k) {
				r.roll = r.roll[:len(r.roll)-1]
				continue
			}
			r.push(k)
			found = true
			break
		}
		if !found {
			break
		}
		cur = next
		if sc := r.score(&cur); sc > best {
			best, bestLen = sc, len(r.roll)
		}
		if cur.Up() > high {
			high, since = cur.Up(), 0
		} else {
			since++
		}
	}
	r.popTo(mark)
	return best, r.roll[:bestLen]
}
