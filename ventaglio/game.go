package ventaglio

import (
	"fmt"
	"strings"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solver"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// Game wraps Il Ventaglio's rules (state/ventaglio) for the searches: move
// ordering (Order) and, with Prune, symmetric-move dedupe, the safe
// foundation moves below (free play), the reserve-order dead-end test
// (dead_reserve.go), the last-pass waste test (dead_waste.go) and, with
// --empty-provisional never, the chain test (dead_chains.go). Every part
// keeps the verdict exact; the argument for each is given beside its code,
// and TestVentaglioNearEndAgreement checks the verdicts with and without
// them against a brute force. It is a solver.Game[vg.State, vg.Move].
type Game struct{ *game }

// game is a Game's parts, behind one pointer: the search calls
// the wrapper's methods through the generic dictionary, the receiver
// copied at every call, and these eleven fields did not fit the argument
// registers, so every call copied them through the stack.
type game struct {
	g     vg.Game
	order bool
	prune bool
	res   *reserveOrder  // memo of the reserve-order dead-end test
	chain *chainTest     // memo of the chain test (nil unless never)
	prove *relaxedProver // the relaxation's proofs (relaxed_prover.go)
	// stream: the streamliner is on (Streamlined); the wrapper is then a
	// line finder, not exact.
	stream bool
}

// Streamlined is h with a streamliner (Solvitaire's term): a card that can
// go to a foundation goes there at once, alone, when the dead-end tests do
// not then prove the position lost (and, under --empty-provisional never,
// when it is not a base's last card: empties). People play so; the exact search
// cannot (two decks make it unsafe in general: the card may be wanted on a
// provisional base). Its moves are some of h's, so a search on it may miss
// a win but never invents one, and an end without a win proves nothing.
// Its moves depend on the position alone, so h's key stays consistent.
func (h Game) Streamlined() Game {
	c := *h.game
	c.stream = true
	return Game{&c}
}

// New wraps g with the parts st switches on (st.Order, st.Prune,
// and with pruning st.Prove: the relaxation's proofs).
func New(g vg.Game, st solver.Strategy) Game {
	h := Game{&game{g: g, order: st.Order, prune: st.Prune}}
	if h.prune {
		h.res = newReserveOrder(g.Deal())
		if g.KeepEmpty() {
			h.chain = newChainTest(g, st.Prove)
		}
		if st.Prove {
			h.prove = newRelaxedProver(g)
		}
	}
	return h
}

// Prove is solver.Searcher.Prove for h's exact search: the suit-blind
// relaxation's search from s (relaxed_prover.go); Unknown without
// pruning.
func (h Game) Prove(s *vg.State, budget int64) (solver.Verdict, int64) {
	if h.prove == nil {
		return solver.Unknown, 0
	}
	return h.prove.prove(s, budget)
}

// Group is solver.Searcher.Group for h's exact search: the outer state
// (vg.Game.OuterKey), since the search lingers among the arrangements of
// the bases.
func (h Game) Group(s *vg.State) solver.Key { return h.g.OuterKey(s) }

// Apply is the rules' Apply.
func (h Game) Apply(s *vg.State, m vg.Move) { h.g.Apply(s, m) }

// Won is the rules' Won.
func (h Game) Won(s *vg.State) bool { return h.g.Won(s) }

// Key is the rules' Key.
func (h Game) Key(s *vg.State) solver.Key { return h.g.Key(s) }

// Dead reports whether the reserve-order, last-pass waste or chain test
// proves s lost (false when pruning is off).
func (h Game) Dead(s *vg.State) bool {
	// The waste and chain tests act under --empty-provisional never only
	// (the chain test exists only then): asked here, the other variants
	// make no call for them at every node.
	return h.prune && (h.res.dead(s) || h.g.KeepEmpty() && (wasteDead(h.g, s) || h.chain.dead(s)))
}

// DeadReason says, in a line, why Dead proves s lost ("" when it does
// not): which suit's reserve cards cannot go up in their order, or which
// waste top is stuck in the last pass.
func (h Game) DeadReason(s *vg.State) string {
	if !h.prune {
		return ""
	}
	d := h.g.Deal()
	if su, ok := h.res.deadSuit(s); ok {
		var cards []string
		for i := s.ReserveIndex(); i < d.ReserveLen(); i++ {
			if c := d.ReserveCard(i); c.Suit() == su {
				cards = append(cards, deck.French.Token(c))
			}
		}
		return fmt.Sprintf("the reserve's %s, top first %s, cannot go up in that order on the suit's two foundations, even with every other card at hand",
			deck.French.SuitName(su), strings.Join(cards, " "))
	}
	if wasteDead(h.g, s) {
		return fmt.Sprintf("in the last pass the waste top %s can never leave the waste: it cannot go to a provisional base, and a card its foundation needs first lies beneath it",
			deck.French.Token(d.StockCard(s.WasteTop())))
	}
	if h.chain == nil {
		return ""
	}
	if x, ok := chainStuckIn(h.g, s, nil, h.chain.ordered); ok && h.chain.ordered {
		return fmt.Sprintf("%s can never reach a foundation, even with the stock at hand: the reserve, the arc, the last pass's waste and the provisional bases keep their order, and their cards that no provisional base can ever take again leave only to a foundation",
			deck.French.Token(x))
	} else if ok {
		return fmt.Sprintf("%s can never reach a foundation, even with the provisional bases' cards and the stock at hand: the reserve, the arc and the last pass's waste keep their order, and their cards that no provisional base can ever take again leave only to a foundation",
			deck.French.Token(x))
	}
	return ""
}

// Moves is the rules' moves, deduped, pruned and ordered as switched on.
func (h Game) Moves(s *vg.State, buf []vg.Move) []vg.Move {
	if h.Dead(s) || h.prove != nil && h.prove.dead(s) {
		return buf[:0]
	}
	if h.order {
		// The rules' moves made in moveRank's order, deduped when
		// pruning (dedupe's argument holds for them too).
		buf = h.g.OrderedMoves(s, buf, h.prune)
	} else {
		buf = h.g.Moves(s, buf)
		if h.prune {
			buf = dedupe(s, buf)
		}
	}
	if h.prune {
		if m, ok := h.safeMove(s, buf); ok {
			buf[0] = m
			return buf[:1]
		}
	}
	if h.stream && len(buf) > 1 {
		for _, m := range buf {
			if !m.To().IsFound() {
				continue
			}
			if h.empties(s, m) {
				continue
			}
			c := *s
			h.g.Apply(&c, m)
			if !h.Dead(&c) {
				buf[0] = m
				return buf[:1]
			}
		}
	}
	return buf
}

// safeMove finds a move that may be played at once, alone, without
// changing the verdict (free play only; see each rule).
//
// Rule 1, reserve top to a foundation. Let X (offset k on its suit) fit foundation
// F, and let F' be the suit's other foundation (count 0 if not started).
// If F' holds k cards or more (X's twin is up, or both foundations wait for
// an X), playing X now is safe. Take any winning line L. Reserve cards go
// only to foundations, so L plays this X to a foundation later, and nothing
// moves the reserve meanwhile. (a) F' > k: X's twin is up, only X fits F,
// so F receives nothing in L until X; drop X's move from L. (b) F' = k:
// until X or its twin goes up, F and F' both wait at k and take nothing
// else; if L plays the twin first (onto F, say), play it onto F' instead,
// and drop X's later move (the foundations then agree up to the symmetry
// of a suit's two). (c) k = 0 (X starts a foundation): if the suit has a
// foundation, X is the last copy and any empty foundation is as good as
// another; if it has none, as (b) with two empty foundations: when L starts
// the suit's first foundation with the twin, there were two empty
// foundations left for the suit (L still needs one for X), so one remains
// for the twin. In every case the rest of L stays legal: having X up
// earlier only lets more cards onto F, and the reserve's next card free
// earlier only adds options — in free play, where no option is ever forced.
//
// The moves are tried in the rules' order (vg.Game.Moves: the arc card's,
// the reserve top's, the waste top's, the provisional tops'), which
// decides which safe move is played when several are. Ordered, the
// moves to a foundation lead ms with the reserve top's first: the arc
// card's (then first or second) is tried before the others.
func (h Game) safeMove(s *vg.State, ms []vg.Move) (vg.Move, bool) {
	if h.g.Forced() {
		return 0, false
	}
	if !h.order {
		for _, m := range ms {
			if m.To().IsFound() && h.safe(s, m) {
				return m, true
			}
		}
		return 0, false
	}
	if len(ms) == 0 || !ms[0].To().IsFound() {
		return 0, false // none to a foundation (they lead ms)
	}
	arc := -1
	for i, m := range ms[:min(len(ms), 2)] {
		if m.From() == vg.Arc && m.To().IsFound() {
			arc = i
			if h.safe(s, m) {
				return m, true
			}
		}
	}
	for i, m := range ms {
		if !m.To().IsFound() {
			break
		}
		if i != arc && h.safe(s, m) {
			return m, true
		}
	}
	return 0, false
}

// safe reports whether m, a move to a foundation, may be played at once,
// alone (safeMove's rules 1 and 2).
func (h Game) safe(s *vg.State, m vg.Move) bool {
	c, _ := h.g.Free(s, m.From())
	k := h.g.Deal().Offset(c)
	// The twin condition: X fits the foundation at count k; the other
	// one is lo or hi.
	lo, hi := s.SuitPair(c.Suit())
	other := lo
	if other == k {
		other = hi
	}
	if k > 0 && other < k {
		return false
	}
	return m.From() == vg.Reserve || !h.anchor(s, m.From(), c)
}

// anchor reports whether card c, free at place from, might ever have a card
// put on it on a provisional base. Rule 2 of safeMove: a free card X (arc,
// waste, provisional top) that fits foundation F under the twin condition
// of rule 1, and that no card will ever be put on, may go up at once.
// Argument: as for rule 1, drop X's later move from any winning line L (and
// swap the twin's foundation if L plays it first onto F). X's only other
// use in L is to sit somewhere: in the arc or the waste it only hides the
// cards after or beneath it, on a provisional base it hides the card
// beneath; nothing in L is put on X, by assumption. Without X all of L's
// other moves stay legal (free play: seeing a card earlier forces
// nothing). One case needs care: if X was the only card a pass of L placed
// from the stock or waste, then with unlimited passes that pass may no
// longer end in a redeal; it places nothing then, so the stock and waste
// are as at its start and the pass is simply left out (its other moves do
// not touch the stock). Nothing is put on X when no card of rank X±1 can
// still move (all are up or in the reserve), or, with --empty-provisional
// never, when X is not on a base and cannot get onto one (wasteDead's
// closure of the ranks that can be tops).
func (h Game) anchor(s *vg.State, from vg.Place, c deck.Card) bool {
	if !neighboursMove(h.g, s, c) {
		return false
	}
	if h.g.KeepEmpty() && !from.IsProv() && !parkable(h.g, s, c) {
		return false
	}
	return true
}

// neighboursMove reports whether some card one rank away from c (K and A
// with --provisional-wrap) is still in the arc, the stock or waste, or on a
// provisional base.
func neighboursMove(g vg.Game, s *vg.State, c deck.Card) bool {
	d := g.Deal()
	near := func(x deck.Card) bool { return g.Adjacent(x, c) }
	for i := s.ArcIndex(); i < d.ArcLen(); i++ {
		if near(d.ArcCard(i)) {
			return true
		}
	}
	if g.InStockRanks(s, g.NeighbourRanks(1<<c.Rank())) {
		return true
	}
	for _, x := range s.Bases() {
		if near(x) {
			return true
		}
	}
	return false
}

// dedupe drops moves whose result is canonically the same as an earlier
// move's (the key merges them, so dropping them only saves the probes):
//   - one card to two foundations: both take it only if both are empty or
//     both are its suit's at the same count, equal under the key;
//   - one card to two empty provisional bases: equal under the key (the
//     order of the bases does not count);
//   - a provisional base's only card to an empty base: the same position.
func dedupe(s *vg.State, ms []vg.Move) []vg.Move {
	out := ms[:0]
	var seenFound, seenEmpty uint32 // bit per source place
	for _, m := range ms {
		from, to := m.From(), m.To()
		switch {
		case to.IsFound():
			if seenFound>>from&1 != 0 {
				continue
			}
			seenFound |= 1 << from
		case to.IsProv() && s.Height(int(to-vg.P1)) == 0:
			if from.IsProv() && s.Height(int(from-vg.P1)) == 1 {
				continue
			}
			if seenEmpty>>from&1 != 0 {
				continue
			}
			seenEmpty |= 1 << from
		}
		out = append(out, m)
	}
	return out
}

// moveRank is the order class of a move, lower first: foundation moves
// (reserve, arc, stock/waste, provisional), then the arc's and the waste's
// card to a provisional base with the redeal (a move from the waste: the
// case of 8 below is never reached, and the search's order is what it
// is), the draw, provisional to provisional.
func moveRank(m vg.Move) int {
	from, to := m.From(), m.To()
	switch {
	case to.IsFound():
		switch from {
		case vg.Reserve:
			return 0
		case vg.Arc:
			return 1
		case vg.Waste, vg.Stock:
			return 2
		}
		return 3
	case from == vg.Arc:
		return 4
	case from == vg.Waste || from == vg.Stock && to != vg.Waste:
		return 5
	case m == vg.Draw:
		return 6
	case m == vg.Redeal:
		return 8
	}
	return 7 // provisional to provisional
}

// MoveClass is a move's class for a restart (solver.Restarter): moves to a
// foundation (0), then, in the last pass and with ordering on, the waste
// top's placements (1), then the rest (2), each class shuffled. In the
// last pass a card drawn over the waste top buries it until every card
// above it leaves, so a dive that passes over a placeable waste top has
// most often thrown that card away for good; before the last pass it comes
// round again, and it is one move among the rest. The plain reference's
// bare rules (no ordering) keep only the foundation moves first. (Shuffling
// inside the ordering's classes instead kept the restarts too alike: 12
// deals of seeds 1..100 left unknown with --passes 1, against 7;
// docs/experiments.md has the figures of the last-pass class.) A forced play's
// stock top to a base is not in class 1: nothing buries the stock top.
// Under --empty-provisional never a move that empties a base comes after
// all of them (3, empties), and so does, in the streamlined restarts with
// base rank 2, an ace's move from the arc or the waste to a base (3,
// locks).
func (h Game) MoveClass(s *vg.State, m vg.Move) int {
	switch {
	case h.empties(s, m) || h.locks(s, m):
		return 3
	case m.To().IsFound():
		return 0
	case h.order && h.g.LastPass(s) && m.From() == vg.Waste:
		return 1
	}
	return 2
}

// locks reports whether m, in the streamlined restarts (Streamlined), with
// base rank 2 and without --provisional-wrap, puts an ace from the arc or
// the waste onto a provisional base. The ace is then its foundation's last
// card and neighbours only a 2 on the bases, so it holds that base, and
// the 2 under it, until its suit has a foundation at K. The arc card's
// placements come before the draw, so a restart parks the arc's aces at
// once; lines that hold them in the arc or the waste until late win deals
// the plan left unknown (seed 1006594's beam line plays its arc from move
// 324, the ace onto a base emptied after a hearts foundation reached K).
// A restart tries such a move after every other one, as it does empties';
// it only reorders. Only the streamlined ones: in every restart the fixed
// ones lost a won deal to the node limit and the base-2 deals' nodes rose
// a tenth (docs/experiments.md, "the aces of base rank 2").
func (h Game) locks(s *vg.State, m vg.Move) bool {
	f := m.From()
	if !h.stream || h.g.Wrap() || !m.To().IsProv() || f != vg.Arc && f != vg.Waste {
		return false
	}
	c, _ := h.g.Free(s, f)
	return c.Rank() == 0 && h.g.Deal().Base() == 1
}

// empties reports whether m, under --empty-provisional never, takes the
// last card of a provisional base: the base is then gone for good, a
// resource the rest of the game cannot get back (under "fill" an emptied
// base takes any card, so emptying one loses nothing). The line finders
// spend that resource last: a restart tries such a move after every other
// move (MoveClass), and the streamliner never forces it. They only reorder
// or keep moves, so the restarts stay exact and the streamlined ones a
// guess. With ordering off (the plain reference's bare rules) it is false.
// The exact search's own order is left alone: with such moves last it
// walked deeper through the bases' arrangements, and exact-prove no longer
// proved TestExactProveDecidesStuck's position within its budget (it hit
// the depth bound). Figures: docs/experiments.md.
func (h Game) empties(s *vg.State, m vg.Move) bool {
	f := m.From()
	return h.order && h.g.KeepEmpty() && f.IsProv() && s.Height(int(f-vg.P1)) == 1
}
