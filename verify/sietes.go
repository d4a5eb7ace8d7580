package verify

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/internal/words"
	"github.com/solitario/solitario/solution"
)

// sietesSlots is the number of frame slots; sietesSeven the rank index of
// the 7 (ranks 0..6 are the number cards 1..7).
const (
	sietesSlots = 12
	sietesSeven = 6
)

// sietesEmpty marks an empty frame slot.
const sietesEmpty deck.Card = 0xFF

// sietesTable is the plain De los sietes position, as it lies on the table.
type sietesTable struct {
	stock  []deck.Card            // next card to draw first
	waste  []deck.Card            // bottom first, the top is the last
	frame  [sietesSlots]deck.Card // frame:k is frame[k-1]
	found  [4][]deck.Card         // each suit's foundation, the 7 first
	pass   int                    // passes begun, 1 on the first
	placed bool                   // a card went to a foundation or slot during this pass
}

// Sietes replays moves from deal under r with a plain referee written from
// RULES.md ("De los sietes", "Play modes", "Solutions (JSON)"): first the
// deal phase, which needs no moves, then the line. It returns nil for a legal
// line that ends with the 28 number cards on the foundations, a *MoveError
// for the first illegal move, a *NotWonError for a legal line short of a
// win, or a plain error for a bad deal or rules.
func Sietes(deal []deck.Card, r solution.Rules, moves []solution.Move) error {
	return WatchSietes(deal, r, moves, nil)
}

// WatchSietes is Sietes telling w the position after the deal phase and
// after each legal move.
func WatchSietes(deal []deck.Card, r solution.Rules, moves []solution.Move, w Watch) error {
	if err := checkPlayPasses("sietes", r); err != nil {
		return err
	}
	if err := checkSingleDeck("sietes", deal, deck.Spanish); err != nil {
		return err
	}
	t := sietesDeal(deal)
	if err := watchLine(moves, sietesNotation, func(m solution.Move) string { return t.play(m, r) }, t.won, t.position, w); err != nil {
		return err
	}
	if on := t.onFoundations(); on < 28 {
		return &NotWonError{Moves: len(moves), Detail: fmt.Sprintf("%s not on the foundations (%s in the stock, %s in the waste)", words.Count(28-on, "number card"), cards(len(t.stock)), cards(len(t.waste)))}
	}
	if !t.won() {
		return &NotWonError{Moves: len(moves), Detail: fmt.Sprintf("%s not in the frame (%s in the stock, %s in the waste)", words.Count(len(t.stock)+len(t.waste), "figure"), cards(len(t.stock)), cards(len(t.waste)))}
	}
	return nil
}

// checkPlayPasses rejects rules whose play mode is not forced or free, or
// whose passes are negative (0 is unlimited).
func checkPlayPasses(game string, r solution.Rules) error {
	if r.Play != "forced" && r.Play != "free" {
		return fmt.Errorf("%s: unknown play mode %q (want forced or free)", game, r.Play)
	}
	if r.Passes < 0 {
		return fmt.Errorf("%s: passes %d: must be 0 (unlimited) or more", game, r.Passes)
	}
	return nil
}

// checkSingleDeck rejects a deal that is not one whole deck of kind k.
func checkSingleDeck(game string, deal []deck.Card, k deck.Kind) error {
	if len(deal) != k.Size() {
		return fmt.Errorf("%s: the deal has %d cards, want %d", game, len(deal), k.Size())
	}
	var seen uint64 // bit c: card c dealt (a valid card is below 64)
	for i, c := range deal {
		if !k.Valid(c) {
			return fmt.Errorf("%s: deal index %d is not a %s card", game, i, k)
		}
		if seen>>c&1 != 0 {
			return fmt.Errorf("%s: deal index %d: duplicate card %s", game, i, k.Token(c))
		}
		seen |= 1 << c
	}
	return nil
}

// sietesDeal plays the deal phase: each drawn card goes to its foundation if
// it fits, else into the lowest empty slot; after each card, frame cards that
// fit go to their foundations, lowest slot first, until none fits. It ends
// when the slots are full or the deck is used up.
func sietesDeal(deal []deck.Card) *sietesTable {
	t := &sietesTable{pass: 1}
	for k := range t.frame {
		t.frame[k] = sietesEmpty
	}
	rest := deal
	for len(rest) > 0 && t.emptySlot() > 0 {
		c := rest[0]
		rest = rest[1:]
		if t.fits(c) {
			t.found[c.Suit()] = append(t.found[c.Suit()], c)
		} else {
			t.frame[t.emptySlot()-1] = c
		}
		for again := true; again; {
			again = false
			for k, fc := range t.frame {
				if fc != sietesEmpty && t.fits(fc) {
					t.found[fc.Suit()] = append(t.found[fc.Suit()], fc)
					t.frame[k] = sietesEmpty
					again = true
					break
				}
			}
		}
	}
	t.stock = append([]deck.Card(nil), rest...)
	return t
}

// fits reports whether c is the card its suit's foundation takes next: the 7
// on an empty one, else the number one below the top.
// onFoundations is the number of cards on the foundations.
func (t *sietesTable) onFoundations() int {
	on := 0
	for _, f := range t.found {
		on += len(f)
	}
	return on
}

// won reports whether the 28 number cards are on the foundations and the
// 12 figures in the frame (with every number card up, a full frame holds
// only figures).
func (t *sietesTable) won() bool {
	return t.onFoundations() == 28 && t.emptySlot() == 0
}

func (t *sietesTable) fits(c deck.Card) bool {
	f := t.found[c.Suit()]
	if len(f) == 0 {
		return c.Rank() == sietesSeven
	}
	top := f[len(f)-1]
	return top.Rank() > 0 && c.Rank() == top.Rank()-1
}

// emptySlot is the number (1..12) of the lowest empty slot, 0 if none.
func (t *sietesTable) emptySlot() int {
	for k, c := range t.frame {
		if c == sietesEmpty {
			return k + 1
		}
	}
	return 0
}

// sietesSlot reads "frame:k", k in 1..12.
func sietesSlot(place string) (int, bool) {
	num, ok := strings.CutPrefix(place, "frame:")
	if !ok {
		return 0, false
	}
	k, err := strconv.Atoi(num)
	if err != nil || k < 1 || k > sietesSlots {
		return 0, false
	}
	return k, true
}

// sietesFound reads "found:<suit letter>" (O C E B).
func sietesFound(place string) (int, bool) {
	s, ok := strings.CutPrefix(place, "found:")
	if !ok || len(s) != 1 {
		return 0, false
	}
	i := strings.IndexByte("OCEB", s[0])
	return i, i >= 0
}

// play makes one move; the result is why it is illegal, "" when it is legal.
func (t *sietesTable) play(m solution.Move, r solution.Rules) string {
	if m.From == "waste" && m.To == "stock" {
		return t.redeal(m, r)
	}
	var named deck.Card
	if m.Card != "" { // an empty token is named once the card that moves is known
		var err error
		if named, err = deck.Spanish.Parse(m.Card); err != nil {
			return "bad card: " + err.Error()
		}
	}
	var c deck.Card
	var take func()
	switch {
	case m.From == "stock":
		if len(t.stock) == 0 {
			return "the stock is empty"
		}
		c = t.stock[0]
		take = func() { t.stock = t.stock[1:] }
	case m.From == "waste":
		if len(t.waste) == 0 {
			return "the waste is empty"
		}
		c = t.waste[len(t.waste)-1]
		take = func() { t.waste = t.waste[:len(t.waste)-1] }
	default:
		k, ok := sietesSlot(m.From)
		if !ok {
			// A name the notation knows (found:<suit>): a real place, but
			// foundation cards stay.
			return fmt.Sprintf("a card cannot leave %s (a foundation's cards stay; move from stock, waste or frame:1..frame:12)", m.From)
		}
		c = t.frame[k-1]
		if c == sietesEmpty {
			return fmt.Sprintf("%s is empty", m.From)
		}
		take = func() { t.frame[k-1] = sietesEmpty }
	}
	if m.Card == "" {
		return fmt.Sprintf("no card named; the card at %s is %s", m.From, deck.Spanish.Token(c))
	}
	if named != c {
		return fmt.Sprintf("the card at %s is %s, not %s", m.From, deck.Spanish.Token(c), deck.Spanish.Token(named))
	}
	forced := r.Play == "forced" && m.From == "stock"
	switch {
	case m.To == "waste":
		if m.From != "stock" {
			return "only the drawn card goes to the waste"
		}
		if forced && t.fits(c) {
			return "forced play: the drawn card fits its foundation, so it must go there"
		}
		if forced && t.emptySlot() > 0 {
			return "forced play: a frame slot is empty, so the drawn card must fill one"
		}
		take()
		t.waste = append(t.waste, c)
		return ""
	case strings.HasPrefix(m.To, "found:"):
		suit, ok := sietesFound(m.To)
		if !ok {
			return fmt.Sprintf("unknown foundation %s (want found:O, found:C, found:E or found:B)", words.Quote(m.To, 60))
		}
		if suit != c.Suit() {
			return fmt.Sprintf("%s is not of the suit of %s", deck.Spanish.Token(c), m.To)
		}
		if !t.fits(c) {
			return fmt.Sprintf("%s does not fit %s (it takes %s)", deck.Spanish.Token(c), m.To, t.wants(suit))
		}
		take()
		t.found[suit] = append(t.found[suit], c)
		t.placed = true
		return ""
	case strings.HasPrefix(m.To, "frame:"):
		k, ok := sietesSlot(m.To)
		if !ok {
			return fmt.Sprintf("unknown frame slot %s (want frame:1..frame:12)", words.Quote(m.To, 60))
		}
		if m.From != "stock" && m.From != "waste" {
			return "frame cards leave the frame only for a foundation"
		}
		if t.frame[k-1] != sietesEmpty {
			return fmt.Sprintf("%s is taken by %s", m.To, deck.Spanish.Token(t.frame[k-1]))
		}
		if forced && t.fits(c) {
			return "forced play: the drawn card fits its foundation, so it must go there"
		}
		take()
		t.frame[k-1] = c
		t.placed = true
		return ""
	}
	// A name the notation knows (stock): cards go to the stock by a redeal only.
	return fmt.Sprintf("cannot move to %s (waste, found:<suit> or frame:1..frame:12; a redeal is waste -> stock with no card)", m.To)
}

// wants names the card suit's foundation takes next.
func (t *sietesTable) wants(suit int) string {
	f := t.found[suit]
	switch {
	case len(f) == 0:
		return deck.Spanish.Token(deck.NewCard(suit, sietesSeven))
	case f[len(f)-1].Rank() == 0:
		return "nothing: it is complete"
	}
	return deck.Spanish.Token(deck.NewCard(suit, f[len(f)-1].Rank()-1))
}

// redeal turns the waste over into the stock, unshuffled.
func (t *sietesTable) redeal(m solution.Move, r solution.Rules) string {
	switch {
	case m.Card != "" && r.Passes == 1:
		// Not "names no card": the rules have no redeal to name it in.
		return "no redeal: the rules give one pass (passes 1)"
	case m.Card != "":
		return "a redeal names no card"
	case len(t.stock) > 0:
		return "redeal while the stock is not empty"
	case len(t.waste) == 0:
		return "redeal with an empty waste"
	case r.Passes == 0 && !t.placed:
		return "unlimited passes: a redeal needs a pass that placed a card"
	case r.Passes > 0 && t.pass >= r.Passes:
		return fmt.Sprintf("no pass left: %s used", passesUsed(r.Passes))
	}
	t.stock, t.waste = t.waste, nil
	t.pass++
	t.placed = false
	return ""
}

// position is the frame slots 1..12 (one card or none each), the four
// foundations' tops (O C E B), the stock face down and the waste top.
func (t *sietesTable) position() Position {
	sp := deck.Spanish
	var p Position
	for k, c := range t.frame {
		slot := Place{Name: fmt.Sprintf("frame:%d", k+1), Cards: []string{}}
		if c != sietesEmpty {
			slot.Cards = []string{sp.Token(c)}
		}
		p.Places = append(p.Places, slot)
	}
	for suit, f := range t.found {
		p.Places = append(p.Places, tops("found:"+sp.SuitToken(suit), sp, f))
	}
	p.Places = append(p.Places, down("stock", len(t.stock)), tops("waste", sp, t.waste))
	return p
}
