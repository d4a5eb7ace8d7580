package ventaglio

import (
	"github.com/solitario/solitario/deck"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// BeamConfig tunes one beam search.
type BeamConfig struct {
	Width int    // positions kept a layer
	Seed  uint64 // the tie-break hash's seed
	// Reserve is the bonus per reserve card taken, on top of its card up
	// (the foundation count is worth 1000); Waste the cost of a waste card;
	// Pass the cost of each pass begun; Bury the cost per level of burial
	// of a card needed soon; Noise the range of the seeded tie-break.
	Reserve, Waste, Pass, Bury, Noise int64
	// Arc is the cost of each arc card not yet played.
	Arc int64
	// Diverse keeps at most one position per outer key (vg.Game.OuterKey:
	// the same everything but the provisional bases), the best scored, so
	// that arrangements of the same bases do not crowd the beam.
	Diverse bool
}

// Weighting names a beam's score weights (Weighting.Config); the result
// tables and docs/experiments.md call them by letter. All are diverse. Measured
// on the five deals of seeds 1..1500 the exact search could not win in 50M
// nodes (251, 338, 912, 1234, 1478): each weighting wins some the others
// miss, and which one depends on the tie-break seed too. Alone on the deals
// of seeds 1..600 the reserve order does not kill, at width 100 and 300,
// WasteHeavy won 107 and 117, ArcLeft 102 and 117, Plain 93 and 107.
type Weighting uint8

const (
	// WasteHeavy (E): rewards the reserve taken and weighs a waste card
	// twice as much as Plain does.
	WasteHeavy Weighting = iota
	// ArcLeft (A): Plain plus a cost for each arc card not yet played.
	ArcLeft
	// Plain (D): the plain score.
	Plain
)

// Turn is the weightings the plan's beams take in turn.
var Turn = [...]Weighting{WasteHeavy, ArcLeft, Plain}

// String is the weighting's letter in the result tables.
func (w Weighting) String() string {
	switch w {
	case WasteHeavy:
		return "E"
	case ArcLeft:
		return "A"
	}
	return "D"
}

// Config is a beam of weighting w, width wide, with tie-break seed seed.
func (w Weighting) Config(width int, seed uint64) BeamConfig {
	c := BeamConfig{Width: width, Seed: seed, Waste: 20, Pass: 200, Bury: 40, Noise: 4096, Diverse: true}
	switch w {
	case ArcLeft:
		c.Arc = 50
	case WasteHeavy:
		c.Reserve, c.Waste, c.Noise = 300, 40, 64
	}
	return c
}

// score is a position's merit (see Beam), before the tie-break.
func (b *Beam) score(s *vg.State, cfg *BeamConfig) int64 {
	sc := int64(s.Up())*1000 + int64(s.ReserveIndex())*cfg.Reserve
	var wt [64]int8 // buried's rows for s's foundations, by card
	for su := range 4 {
		*(*[16]int8)(wt[16*su : 16*su+16]) = b.buried[su][s.SuitCode(su)&127]
	}
	d := b.h.g.Deal()
	bases := s.Bases()
	// Each card below a top that its foundation wants soon, weighed by
	// how soon and by the cards on it: the j-th of a base of n cards
	// (from the bottom) n-1-j times, a sum of the weights' running sums.
	var bury int64
	at := 0
	for i := range vg.Provisional {
		end := at + s.Height(i)
		var run int64
		for _, c := range bases[at:max(end-1, at)] {
			run += int64(wt[c&63])
			bury += run
		}
		at = end
	}
	sc -= bury*cfg.Bury + int64(len(s.Bases()))*10
	sc -= int64(s.Pass())*cfg.Pass + int64(s.WasteCount())*cfg.Waste
	sc -= int64(d.ArcLen()-s.ArcIndex()) * cfg.Arc
	return sc
}

// waitFor is how many cards of c's suit must go up before c can, when
// the suit's foundations hold lo <= hi cards: c's offset less the count
// of the foundation it would go on (the higher one, or the lower when its
// twin is up), 0..12.
func waitFor(d *vg.Deal, c deck.Card, lo, hi int) int {
	k := d.Offset(c)
	if hi > k {
		return max(k-lo, 0)
	}
	return k - hi
}
