package verify

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/internal/words"
	"github.com/solitario/solitario/solution"
)

// orologioHour reads "hour:H", H in 1..12.
func orologioHour(place string) (int, bool) {
	num, ok := strings.CutPrefix(place, "hour:")
	if !ok {
		return 0, false
	}
	h, err := strconv.Atoi(num)
	if err != nil || h < 1 || h > 12 {
		return 0, false
	}
	return h, true
}

// Orologio replays moves from deal with a plain referee for the Solitario
// dell'orologio (RULES.md, "Solitario dell'orologio"): the clock is deal
// indexes 0–11 (hour i+1 holds index i), the stock 12–39 is used two at a
// time, the first card to the well face down, the second face up, covering
// every clock card of its rank. Move line: {"from":"stock","to":"well"} for
// a card that covers nothing, {"from":"stock","to":"hour:H"} for each hour a
// face-up card covers (any order; its turn ends when no clock card of its
// rank is left uncovered). A clock with four of a kind has no legal move.
// The rules have no options: r is not read. It returns nil for a legal line
// that covers the whole clock, a *MoveError, a *NotWonError, or a plain
// error for a bad deal.
func Orologio(deal []deck.Card, r solution.Rules, moves []solution.Move) error {
	return WatchOrologio(deal, r, moves, nil)
}

// WatchOrologio is Orologio telling w the position after the deal and after
// each legal move: the hours (the clock card, then the card covering it),
// the well (its top when face up) and the stock, face down.
func WatchOrologio(deal []deck.Card, r solution.Rules, moves []solution.Move, w Watch) error {
	if err := checkSingleDeck("orologio", deal, deck.Italian); err != nil {
		return err
	}
	it := deck.Italian
	var count [16]uint16 // rank -> the hours holding it (bit h)
	for i, c := range deal[:12] {
		count[c.Rank()] |= 1 << (i + 1)
	}
	four := -1 // the lowest rank the clock holds all four of
	for rank := len(count) - 1; rank >= 0; rank-- {
		if bits.OnesCount16(count[rank]) == 4 {
			four = rank
		}
	}
	var covered uint16 // bit h: hour h is covered
	next := 12         // deal index of the stock card in play
	// What the table shows beside the rules' state: the card on each
	// covered hour, the well's cards and whether its top is face up, and
	// whether the card in play has covered an hour (it left the stock).
	var cover [13]deck.Card
	well, wellUp, playing := 0, false, false
	var wellTop deck.Card
	pos := func() Position {
		var p Position
		for h := 1; h <= 12; h++ {
			hour := Place{Name: fmt.Sprintf("hour:%d", h), Cards: []string{it.Token(deal[h-1])}}
			if covered>>h&1 != 0 {
				hour.Cards = append(hour.Cards, it.Token(cover[h]))
			}
			p.Places = append(p.Places, hour)
		}
		wp := down("well", well)
		if wellUp {
			wp = Place{Name: "well", Cards: []string{it.Token(wellTop)}, Under: well - 1}
		}
		stock := len(deal) - next
		if playing {
			stock--
		}
		p.Places = append(p.Places, wp, down("stock", stock))
		return p
	}
	won := func() bool {
		return covered == 1<<13-2 // hours 1..12
	}
	play := func(m solution.Move) string {
		if four >= 0 {
			return fmt.Sprintf("the clock holds all four %ss (hours %s): the deal is lost at once, no move is legal", it.RankToken(four), words.List(hourList(count[four]), "and"))
		}
		if next >= len(deal) {
			return "the stock is used up"
		}
		c := deal[next]
		if m.From != "stock" {
			return fmt.Sprintf("every move takes the next stock card; got from %s", words.Quote(m.From, 60))
		}
		if m.Card == "" {
			return fmt.Sprintf("no card named; the next stock card is %s", it.Token(c))
		}
		named, err := it.Parse(m.Card)
		if err != nil {
			return fmt.Sprintf("bad card: %v", err)
		}
		if named != c {
			return fmt.Sprintf("the next stock card is %s, not %s", it.Token(c), it.Token(named))
		}
		open := count[c.Rank()] &^ covered // the hours of its rank still to cover
		faceUp := next%2 == 1
		switch {
		case m.To == "well":
			if faceUp && open != 0 {
				return fmt.Sprintf("%s is face up and must cover hour %s first", it.Token(c), words.List(hourList(open), "or"))
			}
			next++
			well++
			wellUp, wellTop = faceUp, c
		case strings.HasPrefix(m.To, "hour:"):
			h, ok := orologioHour(m.To)
			switch {
			case !ok:
				return fmt.Sprintf("unknown place %s (want well or hour:1..hour:12)", words.Quote(m.To, 60))
			case !faceUp:
				return fmt.Sprintf("%s goes face down to the well (stock index %d is even): it covers nothing", it.Token(c), next)
			case deal[h-1].Rank() != c.Rank():
				return fmt.Sprintf("hour %d holds %s, not a card of the rank of %s", h, it.Token(deal[h-1]), it.Token(c))
			case covered>>h&1 != 0:
				return fmt.Sprintf("hour %d is covered already", h)
			}
			covered |= 1 << h
			cover[h] = c
			playing = true
			if open == 1<<h {
				next++ // its last open hour: the card's turn ends
				playing = false
			}
		default:
			return fmt.Sprintf("unknown place %s (want well or hour:1..hour:12)", words.Quote(m.To, 60))
		}
		return ""
	}
	if err := watchLine(moves, orologioNotation, play, won, pos, w); err != nil {
		return err
	}
	left := 12 - bits.OnesCount16(covered)
	if left > 0 {
		detail := fmt.Sprintf("%s not covered", words.Count(left, "clock card"))
		if four >= 0 {
			detail = fmt.Sprintf("the clock holds all four %ss: lost at once", it.RankToken(four))
		}
		return &NotWonError{Moves: len(moves), Detail: detail}
	}
	return nil
}

// hourList is the hours of set (bit h), lowest first.
func hourList(set uint16) []int {
	var hs []int
	for h := 1; h <= 12; h++ {
		if set>>h&1 != 0 {
			hs = append(hs, h)
		}
	}
	return hs
}

// orologio52Place names pile p (0..11 hours 1..12, 12 the centre).
func orologio52Place(p int) string { return orologio52Places[p] }

// orologio52Places are the piles' names: a move names two, and a replay
// compares them with these, formatting nothing.
var orologio52Places = [13]string{"hour:1", "hour:2", "hour:3", "hour:4", "hour:5", "hour:6",
	"hour:7", "hour:8", "hour:9", "hour:10", "hour:11", "hour:12", "centre"}

// Orologio52 replays moves from deal with a plain referee for the classic
// Clock (RULES.md, "Orologio, French variant"): deal index i < 48 face down
// on hour pile (i mod 12)+1, the last on top; 48–51 the centre, 51 on top.
// The player holds the centre's top card; each move puts the card in hand
// face up on its pile (A..Q: hours 1..12, K: centre), named
// {"from":P,"to":D,"card":C} with P the pile it was taken from, and takes
// the top face-down card of D; when D has none, the game is over. The rules
// have no options: r is not read. It returns nil when all 52 cards end face
// up, a *MoveError, a *NotWonError, or a plain error for a bad deal.
func Orologio52(deal []deck.Card, r solution.Rules, moves []solution.Move) error {
	return WatchOrologio52(deal, r, moves, nil)
}

// WatchOrologio52 is Orologio52 telling w the position after the deal and
// after each legal move: each pile's face-up cards over its face-down
// count (hours 1..12, then the centre), and the card in hand.
func WatchOrologio52(deal []deck.Card, r solution.Rules, moves []solution.Move, w Watch) error {
	if err := checkSingleDeck("orologio52", deal, deck.French); err != nil {
		return err
	}
	fr := deck.French
	// Face-down cards, top last, and the turned ones, first turned first:
	// four of each pile's rank at most (arrays: a replay allocates nothing).
	var downCards, upCards [13][4]deck.Card
	var piles, faceUp [13][]deck.Card
	for p := range piles {
		piles[p], faceUp[p] = downCards[p][:0], upCards[p][:0]
	}
	for i := range 48 {
		piles[i%12] = append(piles[i%12], deal[i])
	}
	piles[12] = append(piles[12], deal[48:]...)
	take := func(p int) (deck.Card, bool) {
		n := len(piles[p])
		if n == 0 {
			return 0, false
		}
		c := piles[p][n-1]
		piles[p] = piles[p][:n-1]
		return c, true
	}
	hand, _ := take(12)
	from, inHand, up := 12, true, 0
	pos := func() Position {
		var p Position
		for i := range piles {
			p.Places = append(p.Places, Place{Name: orologio52Place(i), Cards: tokens(fr, faceUp[i]), Under: len(piles[i])})
		}
		h := Place{Name: "hand", Cards: []string{}}
		if inHand {
			h.Cards = []string{fr.Token(hand)}
		}
		p.Places = append(p.Places, h)
		return p
	}
	play := func(m solution.Move) string {
		if !inHand {
			return "the game is over: the fourth king is on the centre"
		}
		if m.Card == "" {
			return fmt.Sprintf("no card named; the card in hand is %s", fr.Token(hand))
		}
		named, err := fr.Parse(m.Card)
		if err != nil {
			return fmt.Sprintf("bad card: %v", err)
		}
		if named != hand {
			return fmt.Sprintf("the card in hand is %s, not %s", fr.Token(hand), fr.Token(named))
		}
		if m.From != orologio52Place(from) {
			return fmt.Sprintf("%s was taken from %s, not %s", fr.Token(hand), orologio52Place(from), words.Quote(m.From, 60))
		}
		dest := hand.Rank() // A=0 .. Q=11, K=12: the centre
		if m.To != orologio52Place(dest) {
			return fmt.Sprintf("%s belongs to %s, not %s", fr.Token(hand), orologio52Place(dest), words.Quote(m.To, 60))
		}
		up++
		faceUp[dest] = append(faceUp[dest], hand)
		hand, inHand = take(dest)
		from = dest
		return ""
	}
	if err := watchLine(moves, orologio52Notation, play, func() bool { return up == 52 }, pos, w); err != nil {
		return err
	}
	if up < 52 {
		// The card in hand is neither face up on a pile nor face down.
		if inHand && up == 51 {
			return &NotWonError{Moves: len(moves), Detail: fmt.Sprintf("%s in hand, every other card face up", fr.Token(hand))}
		}
		if inHand {
			return &NotWonError{Moves: len(moves), Detail: fmt.Sprintf("%s still face down, %s in hand", cards(51-up), fr.Token(hand))}
		}
		return &NotWonError{Moves: len(moves), Detail: fmt.Sprintf("%s still face down", cards(52-up))}
	}
	return nil
}
