package ventaglio

import (
	vg "github.com/solitario/solitario/state/ventaglio"
)

// reserveOrder decides, for one suit, whether the reserve's fixed order
// still lets both foundations of the suit be completed, assuming every card
// that is not in the reserve could be played at any moment (a relaxation:
// a "dead" answer is a proof, an "alive" one is not).
//
// Argument. The reserve feeds only the foundations, top first, so its cards
// go up in depth order. Each foundation of a suit receives exactly one copy
// of each rank from where it stands up to 13 cards, in rank order. So in
// any winning line, the reserve cards that end on one foundation, read by
// rank, have increasing depth. Conversely, if the remaining copies can be
// shared between the two foundations so that this holds for both, the
// relaxed game is won: play the reserve in order, and before each reserve
// card play the free copies its foundation still lacks. The check is a small
// dynamic program over the ranks from the lower foundation's count up, whose
// state is the depth of the last reserve card given to each foundation (the
// lower one alone takes the single copy left of the ranks between the two
// counts; from the higher count on, each rank's two copies go one to each).
// No assignment means no winning line: the position is lost.
//
// The answer depends only on the reserve index and the suit's pair of
// counts, so it is memoized per (suit, reserve index, pair).
type reserveOrder struct {
	depth [4][vg.SuitLength][2]int8 // reserve depths of a card's copies, -1 if not in the reserve
	memo  [4][vg.ReserveSize + 1][105]int8
	// last is the reserve index and the suits' codes dead was last asked
	// about (1<<40 | res<<32 | codes; 0: none), lastDead its answer: a
	// search asks about every position, and most moves change neither
	// (only a card up does), so one entry answers most asks without the
	// four suits' lookups (a twentieth of seed 338's instructions).
	last     uint64
	lastDead bool
}

// Memo values.
const (
	memoUnknown = 0
	memoAlive   = 1
	memoDead    = 2
)

func newReserveOrder(d *vg.Deal) *reserveOrder {
	r := &reserveOrder{}
	for s := range 4 {
		for k := range vg.SuitLength {
			r.depth[s][k] = [2]int8{-1, -1}
		}
	}
	for i := range d.ReserveLen() {
		c := d.ReserveCard(i)
		k := d.Offset(c)
		slot := &r.depth[c.Suit()][k]
		if slot[0] < 0 {
			slot[0] = int8(i)
		} else {
			slot[1] = int8(i)
		}
	}
	return r
}

// dead reports whether the reserve order alone makes s lost.
func (r *reserveOrder) dead(s *vg.State) bool {
	k := 1<<40 | uint64(s.ReserveIndex())<<32 | uint64(s.SuitCodes())
	if k != r.last {
		_, r.lastDead = r.deadSuit(s)
		r.last = k
	}
	return r.lastDead
}

// deadSuit is the first suit whose reserve order makes s lost, if any.
func (r *reserveOrder) deadSuit(s *vg.State) (int, bool) {
	res := s.ReserveIndex()
	for su := range 4 {
		code := s.SuitCode(su)
		m := r.memo[su][res][code]
		if m == memoUnknown {
			m = memoAlive
			lo, hi := s.SuitCounts()
			if !r.feasible(su, res, int(lo[su]), int(hi[su])) {
				m = memoDead
			}
			r.memo[su][res][code] = m
		}
		if m == memoDead {
			return su, true
		}
	}
	return 0, false
}

// feasible runs the dynamic program for suit su with reserve cards from
// depth res on and foundation counts lo <= hi. States: bit (b+1) of
// row[a+1] is set when the lower foundation's last reserve card has depth
// a and the higher one's b (-1: none yet).
func (r *reserveOrder) feasible(su, res, lo, hi int) bool {
	var row [vg.ReserveSize + 1]uint16
	row[0] = 1 // (-1, -1)
	for k := lo; k < vg.SuitLength; k++ {
		var deps [2]int
		n := 0
		for _, e := range r.depth[su][k] {
			if int(e) >= res {
				deps[n] = int(e) + 1
				n++
			}
		}
		if n == 0 {
			continue
		}
		var next [vg.ReserveSize + 1]uint16
		if k < hi {
			// One copy left, for the lower foundation.
			if n > 1 {
				return true // not a real position; never asked
			}
			e := deps[0]
			for a := 0; a < e; a++ {
				next[e] |= row[a]
			}
		} else {
			for a := range row {
				if row[a] == 0 {
					continue
				}
				for b := range vg.ReserveSize + 1 {
					if row[a]>>b&1 == 0 {
						continue
					}
					if n == 1 {
						e := deps[0]
						if a < e {
							next[e] |= 1 << b
						}
						if b < e {
							next[a] |= 1 << e
						}
					} else {
						e1, e2 := deps[0], deps[1]
						if a < e1 && b < e2 {
							next[e1] |= 1 << e2
						}
						if a < e2 && b < e1 {
							next[e2] |= 1 << e1
						}
					}
				}
			}
		}
		row = next
		any := uint16(0)
		for _, v := range row {
			any |= v
		}
		if any == 0 {
			return false
		}
	}
	return true
}
