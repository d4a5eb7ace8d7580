package ventaglio

import (
	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solver"
)

// Relaxed is the suit-blind relaxation of Il Ventaglio, a
// solver.Game[RelaxedState, RelaxedMove] that can only prove a position
// lost: the cards on the provisional bases keep their ranks and their
// order, but not their suits. The bases hold ranks; beside them the
// position counts, per rank, the copies of each suit lying somewhere on
// the bases. A base top of rank r may go to a foundation as any suit s of
// which a rank-r copy lies on the bases (the count drops); everything else
// is the real game's rule, which reads only ranks on the bases (a base
// takes a card one rank away, suit ignored).
//
// Why it is a relaxation. Let φ forget the suits of a real position's base
// cards, keeping their multiset. Every real move from P to P' is a relaxed
// move from φ(P) to φ(P'): a base-to-base move or a card onto a base reads
// only ranks (the counts follow the card); a base top X = (s, r) to a
// foundation is the relaxed move "rank r as suit s", legal because X itself
// is counted; every other move does not touch the bases. A won P maps to a
// won φ(P). So a real winning line maps to a relaxed one, and a relaxed
// position with no win proves every real position it stands for lost.
//
// Why it can end where the real search cannot: positions that differ only
// by the suits of the bases' cards are one relaxed position, so the
// arrangements of the bases the search walks through are counted by
// ranks (on a stuck position of seed 1 under --empty-provisional never,
// 5,632 rank arrangements against more than 20 million card arrangements
// joined by base-to-base moves).
//
// Key: the real Key of the rank-only position (its stack hashes see ranks
// only) XORed with a 128-bit Zobrist hash of the suit counts, kept up to
// date move by move (the collision argument of the package doc holds).
type Relaxed struct {
	g   Game
	buf *[]Move // the real moves' scratch (a Relaxed is not for concurrent use)
}

// RelaxedState is a position of the relaxed game.
type RelaxedState struct {
	S      State                // the bases hold rank-only cards (suit 0)
	suits  [SuitLength][4]uint8 // copies of (rank, suit) on the bases
	ha, hb uint64               // Zobrist lanes of suits
}

// RelaxedMove is a Move, and for a base top to a foundation the suit it
// goes up as (bits 8-9).
type RelaxedMove uint16

// Move is m's move on the real places.
func (m RelaxedMove) Move() Move { return Move(m) }

// Suit is the suit a base top goes up as (base-to-foundation moves).
func (m RelaxedMove) Suit() int { return int(m >> 8) }

// NewRelaxed is the relaxation of g.
func NewRelaxed(g Game) Relaxed { return Relaxed{g: g, buf: new([]Move)} }

// Game is the real game the relaxation is of.
func (r Relaxed) Game() Game { return r.g }

// Relax is φ(s): s with its base cards' suits forgotten and counted.
func (r Relaxed) Relax(s *State) RelaxedState {
	rs := RelaxedState{S: *s}
	var cards [Provisional][]deck.Card
	for i := range Provisional {
		for j := range s.Height(i) {
			cards[i] = append(cards[i], s.ProvCard(i, j))
		}
	}
	for i := range Provisional {
		for rs.S.height[i] > 0 {
			rs.S.pop(r.g.d, i)
		}
	}
	for i := range Provisional {
		for _, c := range cards[i] {
			rs.S.push(r.g.d, i, rankOnly(c))
			rs.count(c, +1)
		}
	}
	return rs
}

// rankOnly is the card a base holds for c: its rank, suit 0.
func rankOnly(c deck.Card) deck.Card { return deck.NewCard(0, c.Rank()) }

// count adds d (±1) to the copies of c on the bases, and to the hash: the
// word of (c, k) is in the hash while c has k copies or more on the bases.
func (rs *RelaxedState) count(c deck.Card, d int) {
	n := &rs.suits[c.Rank()][c.Suit()]
	if d > 0 {
		*n++
	}
	z := uint64(c)<<8 | uint64(*n)
	rs.ha ^= splitmix(z ^ 0x52454c41)
	rs.hb ^= splitmix(z ^ 0x58454442)
	if d < 0 {
		*n--
	}
}

// Moves is the real game's moves on the rank-only position, with each move
// of a base top to a foundation replaced by one per suit it may go up as
// (to the first foundation that takes it: two that take the same card are
// alike under the key).
func (r Relaxed) Moves(rs *RelaxedState, buf []RelaxedMove) []RelaxedMove {
	buf = buf[:0]
	s := &rs.S
	real := r.g.Moves(s, (*r.buf)[:0])
	*r.buf = real
	for _, m := range real {
		if m.From().IsProv() && m.To().IsFound() {
			continue
		}
		buf = append(buf, RelaxedMove(m))
	}
	for i := range Provisional {
		top, ok := s.ProvTop(i)
		if !ok {
			continue
		}
		rank := top.Rank()
		for su := range 4 {
			if rs.suits[rank][su] == 0 {
				continue
			}
			c := deck.NewCard(su, rank)
			for f := range Foundations {
				if r.g.FoundationTakes(s, f, c) {
					buf = append(buf, RelaxedMove(NewMove(P1+Place(i), F1+Place(f)))|RelaxedMove(su)<<8)
					break
				}
			}
		}
	}
	return buf
}

// Apply plays m on rs in place.
func (r Relaxed) Apply(rs *RelaxedState, m RelaxedMove) {
	s := &rs.S
	mv := m.Move()
	from, to := mv.From(), mv.To()
	switch {
	case from.IsProv() && to.IsFound():
		top := s.pop(r.g.d, int(from-P1))
		c := deck.NewCard(m.Suit(), top.Rank())
		rs.count(c, -1)
		s.putUp(int(to-F1), c)
	case to.IsProv() && !from.IsProv():
		r.g.Apply(s, mv)
		i := int(to - P1)
		c := s.pop(r.g.d, i)
		s.push(r.g.d, i, rankOnly(c))
		rs.count(c, +1)
	default:
		r.g.Apply(s, mv)
	}
}

// KeyOf is Key(Relax(s)), computed without building the relaxed position.
func (r Relaxed) KeyOf(s *State) solver.Key {
	var ha, hb, sa, sb uint64
	var seen [SuitLength][4]uint8
	at := 0
	for i := range Provisional {
		var za, zb uint64
		for l := range int(s.height[i]) {
			c := s.pool[at]
			at++
			rc := rankOnly(c)
			za ^= zobA(l, rc)
			zb ^= zobB(l, rc)
			n := &seen[c.Rank()][c.Suit()]
			*n++
			z := uint64(c)<<8 | uint64(*n)
			sa ^= splitmix(z ^ 0x52454c41)
			sb ^= splitmix(z ^ 0x58454442)
		}
		ha += fmix(za)
		hb += fmix(zb)
	}
	k := r.g.OuterKey(s)
	return solver.Key{Hi: k.Hi ^ hb ^ fmix(sb), Lo: k.Lo ^ ha ^ fmix(sa)}
}

// Won reports whether every card is up.
func (r Relaxed) Won(rs *RelaxedState) bool { return rs.S.up == DealSize }

// Key is the rank-only position's key XORed with the suit counts' hash.
func (r Relaxed) Key(rs *RelaxedState) solver.Key {
	k := r.g.Key(&rs.S)
	return solver.Key{Hi: k.Hi ^ fmix(rs.hb), Lo: k.Lo ^ fmix(rs.ha)}
}

// Copies is the number of cards of rank and suit lying on rs's bases.
func (rs *RelaxedState) Copies(rank, suit int) int { return int(rs.suits[rank][suit]) }
