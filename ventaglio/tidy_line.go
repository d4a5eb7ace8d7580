package ventaglio

import (
	"github.com/solitario/solitario/deck"
	vg "github.com/solitario/solitario/state/ventaglio"
)

// shortenWork caps ShortenLine's replays, in moves replayed (about 100 ns
// each with the legality check): well under a second.
const shortenWork = 4_000_000

// ShortenLine drops moves from a winning line of g from start while it
// still wins: a person should not have to follow runs shuttled between the
// provisional bases. Each maximal block of provisional-to-provisional moves
// is tried out whole, then each such move alone (last first); the moves
// after it are replayed by card — a move takes its card from wherever that
// card is free now, and one whose card is already where it goes disappears
// — and the shorter line is kept if every move is legal (one of the rules'
// Moves) and it ends won. Passes repeat until nothing more goes or the work
// cap is reached. The result is a legal winning line no longer than line;
// a line that does not replay to a win is returned unchanged.
func ShortenLine(g vg.Game, start vg.State, line []vg.Move) []vg.Move {
	sh := shortener{g: g}
	if !sh.load(start, line) {
		return line
	}
	sh.shorten()
	return sh.line
}

// shorten makes ShortenLine's passes over the loaded line.
func (sh *shortener) shorten() {
	for changed := true; changed && sh.work < shortenWork; {
		changed = false
		for j := len(sh.line) - 1; j >= 0 && sh.work < shortenWork; j-- {
			if j >= len(sh.line) || !isShuffle(sh.line[j]) {
				continue
			}
			i := j
			for i > 0 && isShuffle(sh.line[i-1]) {
				i--
			}
			if i < j && sh.try(i, j+1) {
				changed = true
				j = i
				continue
			}
			for k := j; k >= i && sh.work < shortenWork; k-- {
				if k < len(sh.line) && isShuffle(sh.line[k]) && sh.try(k, k+1) {
					changed = true
				}
			}
			j = i
		}
	}
}

func isShuffle(m vg.Move) bool { return m.From().IsProv() && m.To().IsProv() }

// shortener holds a winning line with the position before each move and
// the card each move moves (0 for a redeal).
type shortener struct {
	g      vg.Game
	line   []vg.Move
	cards  []deck.Card
	states []vg.State // states[i] is the position before line[i]; one more at the end
	work   int
	buf    []vg.Move
	// A try's moves and cards go here, kept from try to try: a try never
	// lengthens the line, so with room for the whole line (load), trying
	// allocates nothing. A try keeps no positions (a State
	// is 200 bytes, a line thousands of moves, a pass hundreds of tries):
	// a kept try replays its tail once more into states.
	tryLine  []vg.Move
	tryCards []deck.Card
}

// load replays line from start; false if it is not a legal win.
func (sh *shortener) load(start vg.State, line []vg.Move) bool {
	sh.line = append([]vg.Move(nil), line...)
	sh.cards = make([]deck.Card, len(line))
	sh.states = make([]vg.State, 0, len(line)+1)
	sh.tryLine = make([]vg.Move, 0, len(line))
	sh.tryCards = make([]deck.Card, 0, len(line))
	s := start
	for i, m := range line {
		sh.states = append(sh.states, s)
		sh.buf = sh.g.Moves(&s, sh.buf)
		if !legal(sh.buf, m) && !(m.From() == vg.Stock && !sh.g.Forced() && sh.placeable(&s, m)) {
			return false
		}
		if c, ok := sh.g.Card(&s, m); ok {
			sh.cards[i] = c
		}
		sh.g.Apply(&s, m)
	}
	sh.states = append(sh.states, s)
	return sh.g.Won(&s)
}

// placeable reports whether stock→X is legal in free play (the search makes
// it as a draw and waste→X, Moves lists only the draw).
func (sh *shortener) placeable(s *vg.State, m vg.Move) bool {
	c, ok := sh.g.Free(s, vg.Stock)
	if !ok {
		return false
	}
	to := m.To()
	switch {
	case to.IsFound():
		return sh.g.FoundationTakes(s, int(to-vg.F1), c)
	case to.IsProv():
		return sh.g.ProvTakes(s, int(to-vg.P1), c)
	}
	return false
}

// try replays the line without moves [from, to), the later card moves
// re-sourced, and keeps the result if it is a legal win. The replay stops
// as soon as it reaches the very position the line has after the same move
// (states: a State encodes a position one way): from there the line's own
// moves follow unchanged and win, so the rest is kept as it is. A block that
// only shuttles cards out and back meets the line again at once; without
// this every try replayed the whole tail, which made polishing a line of a
// thousand moves cost more than the search that found it.
func (sh *shortener) try(from, to int) bool {
	s := sh.states[from]
	sh.tryLine, sh.tryCards = sh.tryLine[:0], sh.tryCards[:0]
	met := -1 // the line's move after which the replay is at its position
	if s == sh.states[to] {
		met = to - 1
	}
	for i := to; i < len(sh.line) && met < 0; i++ {
		sh.work++
		m := sh.line[i]
		if m != vg.Draw && m != vg.Redeal {
			src, ok := source(sh.g, &s, m.From(), sh.cards[i])
			if !ok {
				return false
			}
			if src == m.To() {
				// The card is already there: the move goes.
				if s == sh.states[i+1] {
					met = i
				}
				continue
			}
			m = vg.NewMove(src, m.To())
		}
		sh.buf = sh.g.Moves(&s, sh.buf)
		if !legal(sh.buf, m) && !(m.From() == vg.Stock && !sh.g.Forced() && sh.placeable(&s, m)) {
			return false
		}
		sh.tryLine = append(sh.tryLine, m)
		sh.tryCards = append(sh.tryCards, sh.cards[i])
		sh.g.Apply(&s, m)
		if s == sh.states[i+1] {
			met = i
		}
	}
	if met < 0 && !sh.g.Won(&s) {
		return false
	}
	// In place: the new tail is no longer than the old one. The positions
	// after from are those of the replay above (Apply is deterministic);
	// past the meeting, the line's own moves, cards and positions.
	n := from + len(sh.tryLine)
	if met >= 0 {
		rest := len(sh.line) - (met + 1)
		copy(sh.line[n:], sh.line[met+1:])
		copy(sh.cards[n:], sh.cards[met+1:])
		copy(sh.states[n:], sh.states[met+1:])
		sh.line, sh.cards, sh.states = sh.line[:n+rest], sh.cards[:n+rest], sh.states[:n+rest+1]
		copy(sh.line[from:], sh.tryLine)
		copy(sh.cards[from:], sh.tryCards)
		s = sh.states[from]
		for j, m := range sh.tryLine[:max(len(sh.tryLine)-1, 0)] {
			sh.g.Apply(&s, m)
			sh.states[from+1+j] = s
		}
		return true
	}
	sh.line = append(sh.line[:from], sh.tryLine...)
	sh.cards = append(sh.cards[:from], sh.tryCards...)
	sh.states = sh.states[:from+1]
	s = sh.states[from]
	for _, m := range sh.tryLine {
		sh.g.Apply(&s, m)
		sh.states = append(sh.states, s)
	}
	return true
}

func legal(ms []vg.Move, m vg.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// source is where card c is free in s: at want if it is there, else the
// first place (arc, reserve, waste, p1..p4) whose free card is c.
func source(g vg.Game, s *vg.State, want vg.Place, c deck.Card) (vg.Place, bool) {
	if x, ok := g.Free(s, want); ok && x == c {
		return want, true
	}
	for _, p := range [...]vg.Place{vg.Arc, vg.Reserve, vg.Waste, vg.P1, vg.P1 + 1, vg.P1 + 2, vg.P1 + 3} {
		if x, ok := g.Free(s, p); ok && x == c {
			return p, true
		}
	}
	return 0, false
}
