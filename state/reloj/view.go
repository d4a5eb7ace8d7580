package reloj

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/solitario/solitario/deck"
)

// View is a position unpacked into plain values, for tests, display and
// checking: stock card indexes (0..38, deal index − 1) in each place.
type View struct {
	Stock   []int      // the stock, top (next drawn) first
	Waste   []int      // the waste, bottom first (top last)
	Heights [Ranks]int // height of the pile of each base rank, 0 = no pile
	Pass    int        // redeals made (0 with unlimited passes)
	Placed  bool       // unlimited passes only: a card reached the circle this pass
}

// Unpack spells s out as a View.
func Unpack(s State) View {
	var v View
	pos := s.Pos()
	present := s.Present()
	for i := range StockSize {
		if present>>i&1 == 0 {
			continue
		}
		if i < pos {
			v.Waste = append(v.Waste, i)
		} else {
			v.Stock = append(v.Stock, i)
		}
	}
	for b := range Ranks {
		v.Heights[b] = s.Height(b)
	}
	v.Pass = s.Pass()
	v.Placed = s.Placed()
	return v
}

// Pack builds the packed state of v from scratch, deriving pos, L and the pile
// count from the lists and the heights (the package doc's canonical form). It
// checks that v is a position: the waste and stock increasing, every waste
// index below every stock index, no index twice, heights 0..4 on one unbroken
// run of bases, as many cards in the circle as are gone from the sequence.
func Pack(v View) (State, error) {
	var s State
	var in uint64
	prev := -1
	for _, i := range v.Waste {
		if i <= prev || i >= StockSize {
			return s, fmt.Errorf("waste not increasing or index out of range: %v", v.Waste)
		}
		in |= 1 << i
		prev = i
	}
	for _, i := range v.Stock {
		if i <= prev || i >= StockSize {
			return s, fmt.Errorf("stock not increasing above the waste: waste %v stock %v", v.Waste, v.Stock)
		}
		in |= 1 << i
		prev = i
	}
	pos := StockSize
	if len(v.Stock) > 0 {
		pos = v.Stock[0]
	}
	s.lo = ^in&goneMask | uint64(pos)<<posShift
	if v.Pass < 0 || v.Pass >= MaxPasses {
		return s, fmt.Errorf("pass %d out of range", v.Pass)
	}
	s.lo |= uint64(v.Pass) << passShift
	if v.Placed {
		s.lo |= placedBit
	}
	n, cards := 0, 0
	for b, h := range v.Heights {
		if h < 0 || h > PileSize {
			return s, fmt.Errorf("height %d of pile %d out of range", h, b)
		}
		if h > 0 {
			n++
			cards += h
		}
		s.hi |= uint64(h) << (3 * b)
	}
	if cards != 1+StockSize-len(v.Waste)-len(v.Stock) {
		return s, fmt.Errorf("%d cards in the circle, but %d gone from the stock and waste", cards, StockSize-len(v.Waste)-len(v.Stock))
	}
	left := 0
	if n < Ranks {
		starts := 0
		for b := range Ranks {
			if v.Heights[b] > 0 && v.Heights[(b+Ranks-1)%Ranks] == 0 {
				left = b
				starts++
			}
		}
		if starts != 1 {
			return s, fmt.Errorf("bases do not form one run: heights %v", v.Heights)
		}
	}
	s.hi |= uint64(left)<<leftShift | uint64(n)<<pilesShift
	return s, nil
}

// Format draws s in one line for messages and tests: the circle left to
// right as base:height, then the waste top and the stock top.
func (g Game) Format(s *State) string {
	var b strings.Builder
	n, l := s.Piles(), s.Left()
	if n == Ranks {
		l = g.d.Base.Rank()
	}
	b.WriteString("circle")
	for i := range n {
		r := (l + i) % Ranks
		fmt.Fprintf(&b, " %s:%d", deck.Spanish.RankToken(r), s.Height(r))
	}
	if w := s.WasteTop(); w >= 0 {
		fmt.Fprintf(&b, " | waste %s (%d)", deck.Spanish.Token(g.d.Stock[w]), bits.OnesCount64(s.WasteSet()))
	} else {
		b.WriteString(" | waste empty")
	}
	if p := s.Pos(); p < StockSize {
		fmt.Fprintf(&b, " | stock %s (%d)", deck.Spanish.Token(g.d.Stock[p]), bits.OnesCount64(s.StockSet()))
	} else {
		b.WriteString(" | stock empty")
	}
	fmt.Fprintf(&b, " | pass %d", s.Pass()+1)
	return b.String()
}
