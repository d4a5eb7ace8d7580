package verify

import (
	"fmt"
	"github.com/solitario/solitario/internal/words"
	"strings"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solution"
)

// relojRanks is the number of ranks, which are cyclic: R is followed by 1.
const relojRanks = 10

// relojTable is the plain Del reloj position: cards as they lie, in
// arrays of the deck's size (a replay allocates nothing).
type relojTable struct {
	piles  [relojRanks][4]deck.Card
	height [relojRanks]int // cards on the pile of each base rank, 0: no pile
	// The circle's bases run left to right from base left, n of them,
	// round the corner (a new pile goes at either end).
	left, n int
	pass    int  // passes begun, 1 on the first
	placed  bool // a card went to the circle during this pass
	// The stock is stock[drawn:stockLen], the next card to draw first;
	// the waste waste[:wasteLen], bottom first, the top the last.
	stock           [relojStock]deck.Card
	drawn, stockLen int
	waste           [relojStock]deck.Card
	wasteLen        int
}

// relojStock is the cards of a deal after the first base.
const relojStock = 39

// Reloj replays moves from deal under r with a plain referee written from
// RULES.md ("Del reloj", "Play modes", "Solutions (JSON)"). It returns nil
// for a legal line that ends with all 40 cards in the circle, a *MoveError
// for the first illegal move, a *NotWonError for a legal line short of a win,
// or a plain error for a bad deal or rules.
func Reloj(deal []deck.Card, r solution.Rules, moves []solution.Move) error {
	return WatchReloj(deal, r, moves, nil)
}

// WatchReloj is Reloj telling w the position after the deal and after each
// legal move.
func WatchReloj(deal []deck.Card, r solution.Rules, moves []solution.Move, w Watch) error {
	if err := checkPlayPasses("reloj", r); err != nil {
		return err
	}
	if err := relojCheckDeal(deal); err != nil {
		return err
	}
	t := &relojTable{left: deal[0].Rank(), n: 1, pass: 1}
	t.piles[t.left][0], t.height[t.left] = deal[0], 1
	t.stockLen = copy(t.stock[:], deal[1:])
	won := func() bool { return t.stockLeft()+t.wasteLen == 0 }
	if err := watchLine(moves, relojNotation, func(m solution.Move) string { return t.play(m, r) }, won, t.position, w); err != nil {
		return err
	}
	if left := t.stockLeft() + t.wasteLen; left > 0 {
		return &NotWonError{Moves: len(moves), Detail: fmt.Sprintf("%s not in the circle (%s in the stock, %s in the waste)", cards(left), cards(t.stockLeft()), cards(t.wasteLen))}
	}
	return nil
}

func relojCheckDeal(deal []deck.Card) error {
	if len(deal) != 40 {
		return fmt.Errorf("reloj: the deal has %d cards, want 40", len(deal))
	}
	var seen uint64 // bit c: card c dealt (a valid card is below 64)
	for i, c := range deal {
		if !deck.Spanish.Valid(c) {
			return fmt.Errorf("reloj: deal index %d is not a Spanish card", i)
		}
		if seen>>c&1 != 0 {
			return fmt.Errorf("reloj: deal index %d: duplicate card %s", i, deck.Spanish.Token(c))
		}
		seen |= 1 << c
	}
	return nil
}

// play makes one move; the result is why it is illegal, "" when it is legal.
func (t *relojTable) play(m solution.Move, r solution.Rules) string {
	switch m.From {
	case "stock":
		if t.stockLeft() == 0 {
			return "the stock is empty"
		}
		c := t.stock[t.drawn]
		if reason := relojSameCard(m.Card, c, "the drawn card"); reason != "" {
			return reason
		}
		if m.To == "waste" {
			if r.Play == "forced" {
				if p := t.fits(c); p >= 0 {
					return fmt.Sprintf("forced play: %s fits pile %s and must be placed", relojTok(c), relojRankTok(p))
				}
			}
			t.drawn++
			t.waste[t.wasteLen] = c
			t.wasteLen++
			return ""
		}
		if reason := t.place(c, m.To); reason != "" {
			return reason
		}
		t.drawn++
		return ""
	case "waste":
		if m.To == "stock" {
			return t.redeal(m, r)
		}
		if t.wasteLen == 0 {
			return "the waste is empty"
		}
		c := t.waste[t.wasteLen-1]
		if reason := relojSameCard(m.Card, c, "the waste top"); reason != "" {
			return reason
		}
		if reason := t.place(c, m.To); reason != "" {
			return reason
		}
		t.wasteLen--
		return ""
	}
	return fmt.Sprintf("no such place %s to move from (stock or waste)", words.Quote(m.From, 60))
}

func (t *relojTable) redeal(m solution.Move, r solution.Rules) string {
	switch {
	case m.Card != "" && r.Passes == 1:
		// Not "names no card": the rules have no redeal to name it in.
		return "no redeal: the rules give one pass (passes 1)"
	case m.Card != "":
		return "a redeal names no card"
	case t.stockLeft() > 0:
		return fmt.Sprintf("redeal with %s still in the stock", cards(t.stockLeft()))
	case r.Passes > 0 && t.pass >= r.Passes:
		return fmt.Sprintf("no pass left: %s used", passesUsed(r.Passes))
	case r.Passes == 0 && !t.placed:
		return "no redeal: with unlimited passes a pass must place a card first"
	}
	// The waste turned over: its bottom card is drawn first.
	t.stockLen, t.drawn = copy(t.stock[:], t.waste[:t.wasteLen]), 0
	t.wasteLen = 0
	t.pass++
	t.placed = false
	return ""
}

// sameCard checks the move's card token against the card that moves.
func relojSameCard(token string, c deck.Card, what string) string {
	if token == "" {
		return fmt.Sprintf("no card named; %s is %s", what, relojTok(c))
	}
	got, err := deck.Spanish.Parse(token)
	if err != nil {
		return fmt.Sprintf("unknown card: %v", err) // err quotes the token, cut short
	}
	if got != c {
		return fmt.Sprintf("wrong card: %s is %s, not %s", what, relojTok(c), relojTok(got))
	}
	return ""
}

// place puts c on the pile named to ("pile:X"), starting it when there is
// no pile X. The result is why it is illegal.
func (t *relojTable) place(c deck.Card, to string) string {
	name, ok := strings.CutPrefix(to, "pile:")
	if !ok {
		return fmt.Sprintf("no such place %s for %s (waste or pile:<rank>)", words.Quote(to, 60), relojTok(c))
	}
	x, ok := relojParseRank(name)
	if !ok {
		return fmt.Sprintf("no such place %s: %s is not a rank", words.Quote(to, 60), words.Quote(name, 60))
	}
	if h := t.height[x]; h > 0 {
		p := &t.piles[x]
		top := p[h-1].Rank()
		switch {
		case h == 4:
			return fmt.Sprintf("pile %s is full", relojRankTok(x))
		case c.Rank() != (top+1)%relojRanks:
			return fmt.Sprintf("not the next rank: pile %s's top is %s, it takes a %s", relojRankTok(x), relojTok(p[h-1]), relojRankTok((top+1)%relojRanks))
		}
		p[h] = c
		t.height[x]++
		t.placed = true
		return ""
	}
	if c.Rank() != x {
		return fmt.Sprintf("there is no pile %s, and %s cannot start it (a new pile is named by its card's rank)", relojRankTok(x), relojTok(c))
	}
	left, right := t.ends()
	switch x {
	case right:
	case left:
		t.left = x
	default:
		return fmt.Sprintf("pile %s cannot start here: the circle runs %s..%s, a new pile must be %s or %s",
			relojRankTok(x), relojRankTok(t.left), relojRankTok(t.base(t.n-1)), relojRankTok(left), relojRankTok(right))
	}
	t.n++
	t.piles[x][0], t.height[x] = c, 1
	t.placed = true
	return ""
}

// stockLeft is the cards in the stock.
func (t *relojTable) stockLeft() int { return t.stockLen - t.drawn }

// base is the rank of the circle's i-th base from the left.
func (t *relojTable) base(i int) int { return (t.left + i) % relojRanks }

// ends are the ranks that may start a new pile: L−1 and R+1 (equal with
// nine piles); -1, -1 when the circle has all ten.
func (t *relojTable) ends() (left, right int) {
	if t.n == relojRanks {
		return -1, -1
	}
	return (t.left + relojRanks - 1) % relojRanks, t.base(t.n)
}

// fits is a pile (base rank) c may go to now, -1 if none: the forced-play
// test.
func (t *relojTable) fits(c deck.Card) int {
	for i := range t.n {
		b := t.base(i)
		if h := t.height[b]; h < 4 && (t.piles[b][h-1].Rank()+1)%relojRanks == c.Rank() {
			return b
		}
	}
	if left, right := t.ends(); c.Rank() == left || c.Rank() == right {
		return c.Rank()
	}
	return -1
}

// parseRank reads a pile name's rank: 1..7, S, C, R (any case) or 10/11/12.
func relojParseRank(s string) (int, bool) {
	switch strings.ToUpper(s) {
	case "10":
		return 7, true
	case "11":
		return 8, true
	case "12":
		return 9, true
	}
	if len(s) == 1 {
		if i := strings.IndexByte("1234567SCR", strings.ToUpper(s)[0]); i >= 0 {
			return i, true
		}
	}
	return 0, false
}

func relojTok(c deck.Card) string { return deck.Spanish.Token(c) }

func relojRankTok(r int) string { return deck.Spanish.RankToken(r) }

// position is the circle's piles left to right (every card, the base
// first), the stock face down and the waste top.
func (t *relojTable) position() Position {
	sp := deck.Spanish
	var p Position
	for i := range t.n {
		b := t.base(i)
		p.Places = append(p.Places, all("pile:"+relojRankTok(b), sp, t.piles[b][:t.height[b]]))
	}
	p.Places = append(p.Places, down("stock", t.stockLeft()), tops("waste", sp, t.waste[:t.wasteLen]))
	return p
}
