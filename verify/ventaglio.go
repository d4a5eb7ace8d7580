package verify

import (
	"fmt"
	"github.com/solitario/solitario/internal/words"
	"strings"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solution"
)

// VentaglioTable is a position of Il Ventaglio as a person lays it out
// (RULES.md, "Il Ventaglio"), in plain slices: the referee's model, written
// from RULES.md apart from the packed state/ventaglio. Its fields are
// exported so tests can lay out any position.
type VentaglioTable struct {
	Base    int         // base rank B, 0 (A) .. 12 (K)
	Arc     []deck.Card // arc cards left, leftmost (the free one) first
	Reserve []deck.Card // reserve, top first
	Stock   []deck.Card // stock, top (next drawn) first
	Waste   []deck.Card // waste, bottom first (top last)
	Found   [8][]deck.Card
	Prov    [4][]deck.Card // bottom first
	Pass    int            // 1-based pass number
	Placed  bool           // a stock or waste card was placed in this pass

	Forced    bool // --play forced
	Passes    int  // passes in all, 0 = unlimited
	Wrap      bool // --provisional-wrap
	KeepEmpty bool // --empty-provisional never
}

// NewVentaglioTable deals a 104-card deal (dealing order) under r: 0–11 the
// arc, 12 the first base on f1, 13–16 the provisional bases, 17–28 the
// reserve (17 on top), 29–103 the stock (29 drawn first).
func NewVentaglioTable(deal []deck.Card, r solution.Rules) (*VentaglioTable, error) {
	if len(deal) != 104 {
		return nil, fmt.Errorf("ventaglio: the deal has %d cards, want 104", len(deal))
	}
	count := map[deck.Card]int{}
	for i, c := range deal {
		if !deck.French.Valid(c) {
			return nil, fmt.Errorf("ventaglio: deal index %d is not a French card", i)
		}
		count[c]++
		if count[c] > 2 {
			return nil, fmt.Errorf("ventaglio: %s appears more than twice in the deal", deck.French.Token(c))
		}
	}
	t := &VentaglioTable{
		Base:    deal[12].Rank(),
		Arc:     append([]deck.Card(nil), deal[0:12]...),
		Reserve: append([]deck.Card(nil), deal[17:29]...),
		Stock:   append([]deck.Card(nil), deal[29:104]...),
		Pass:    1,
	}
	t.Found[0] = []deck.Card{deal[12]}
	for i := range 4 {
		t.Prov[i] = []deck.Card{deal[13+i]}
	}
	if err := t.SetRules(r); err != nil {
		return nil, err
	}
	return t, nil
}

// SetRules sets the options from r, rejecting an unknown play mode or
// empty-provisional value and negative passes.
func (t *VentaglioTable) SetRules(r solution.Rules) error {
	switch r.Play {
	case "free", "":
		t.Forced = false
	case "forced":
		t.Forced = true
	default:
		return fmt.Errorf("ventaglio: unknown play mode %q", r.Play)
	}
	switch r.EmptyProvisional {
	case "fill", "":
		t.KeepEmpty = false
	case "never":
		t.KeepEmpty = true
	default:
		return fmt.Errorf("ventaglio: unknown empty-provisional %q", r.EmptyProvisional)
	}
	if r.Passes < 0 {
		return fmt.Errorf("ventaglio: passes %d: want 0 (unlimited) or more", r.Passes)
	}
	t.Passes = r.Passes
	t.Wrap = r.Wrap()
	return nil
}

// Clone is a deep copy.
func (t *VentaglioTable) Clone() *VentaglioTable {
	c := *t
	c.Arc = append([]deck.Card(nil), t.Arc...)
	c.Reserve = append([]deck.Card(nil), t.Reserve...)
	c.Stock = append([]deck.Card(nil), t.Stock...)
	c.Waste = append([]deck.Card(nil), t.Waste...)
	for i := range c.Found {
		c.Found[i] = append([]deck.Card(nil), t.Found[i]...)
	}
	for i := range c.Prov {
		c.Prov[i] = append([]deck.Card(nil), t.Prov[i]...)
	}
	return &c
}

// Won reports whether every foundation holds 13 cards.
func (t *VentaglioTable) Won() bool {
	for _, f := range t.Found {
		if len(f) != 13 {
			return false
		}
	}
	return true
}

// String writes the whole position, one place per field, so that equal
// positions (places named as they stand) give equal strings.
func (t *VentaglioTable) String() string {
	var b strings.Builder
	list := func(name string, cs []deck.Card) {
		b.WriteString(name)
		b.WriteByte(':')
		for _, c := range cs {
			b.WriteString(deck.French.Token(c))
		}
		b.WriteByte(' ')
	}
	list("arc", t.Arc)
	list("res", t.Reserve)
	list("stock", t.Stock)
	list("waste", t.Waste)
	for i, f := range t.Found {
		list(fmt.Sprintf("f%d", i+1), f)
	}
	for i, p := range t.Prov {
		list(fmt.Sprintf("p%d", i+1), p)
	}
	fmt.Fprintf(&b, "pass:%d placed:%v", t.Pass, t.Placed)
	return b.String()
}

// parsePlace reads a place name: kind is one of "arc", "reserve", "stock",
// "waste", "p", "f"; n is the 0-based index for p and f.
func parsePlace(s string) (kind string, n int, ok bool) {
	switch s {
	case "arc", "reserve", "stock", "waste":
		return s, 0, true
	}
	if len(s) == 2 {
		switch {
		case s[0] == 'p' && s[1] >= '1' && s[1] <= '4':
			return "p", int(s[1] - '1'), true
		case s[0] == 'f' && s[1] >= '1' && s[1] <= '8':
			return "f", int(s[1] - '1'), true
		}
	}
	return "", 0, false
}

// fits reports whether foundation f takes c: rank B on an empty one, else
// the next rank of its suit round the corner, while it holds fewer than 13.
func (t *VentaglioTable) fits(f int, c deck.Card) bool {
	pile := t.Found[f]
	if len(pile) == 0 {
		return c.Rank() == t.Base
	}
	if len(pile) == 13 {
		return false
	}
	top := pile[len(pile)-1]
	return top.Suit() == c.Suit() && (top.Rank()+1)%13 == c.Rank()
}

// neighbours reports whether c may go on a provisional base with top p: one
// rank apart, any suits; K and A only with the wrap option.
func (t *VentaglioTable) neighbours(p, c deck.Card) bool {
	a, b := p.Rank(), c.Rank()
	if a == b+1 || b == a+1 {
		return true
	}
	return t.Wrap && (a == 0 && b == 12 || a == 12 && b == 0)
}

// takesProv is "" if provisional base i takes c, else the reason it does not.
func (t *VentaglioTable) takesProv(i int, c deck.Card) string {
	p := t.Prov[i]
	if len(p) == 0 {
		if t.KeepEmpty {
			return fmt.Sprintf("p%d is empty and an emptied provisional base stays empty (--empty-provisional never)", i+1)
		}
		return ""
	}
	top := p[len(p)-1]
	if !t.neighbours(top, c) {
		return fmt.Sprintf("%s is not one rank away from p%d's top %s", deck.French.Token(c), i+1, deck.French.Token(top))
	}
	return ""
}

// takesFound is "" if foundation i takes c, else why not.
func (t *VentaglioTable) takesFound(i int, c deck.Card) string {
	if t.fits(i, c) {
		return ""
	}
	pile := t.Found[i]
	switch {
	case len(pile) == 0:
		return fmt.Sprintf("f%d is empty and takes only a card of the base rank %s", i+1, deck.French.RankToken(t.Base))
	case len(pile) == 13:
		return fmt.Sprintf("f%d is complete", i+1)
	}
	return fmt.Sprintf("f%d (top %s) does not take %s", i+1, deck.French.Token(pile[len(pile)-1]), deck.French.Token(c))
}

// hasPlacement reports whether c (a drawn card) could go to some foundation
// or provisional base.
func (t *VentaglioTable) hasPlacement(c deck.Card) bool {
	for i := range t.Found {
		if t.fits(i, c) {
			return true
		}
	}
	for i := range t.Prov {
		if t.takesProv(i, c) == "" {
			return true
		}
	}
	return false
}

// redealAllowed is "" if a redeal is legal now, else why not.
func (t *VentaglioTable) redealAllowed() string {
	switch {
	case len(t.Stock) > 0:
		return "the stock is not empty"
	case len(t.Waste) == 0:
		return "the waste is empty"
	case t.Passes > 0 && t.Pass >= t.Passes:
		return fmt.Sprintf("no pass left: %s used", passesUsed(t.Passes))
	case t.Passes == 0 && !t.Placed:
		return "with unlimited passes a redeal needs a pass that placed a card"
	}
	return ""
}

// Play makes move m if it is legal and returns ""; otherwise it returns
// the reason and leaves the table as it was.
func (t *VentaglioTable) Play(m solution.Move) string {
	why, c := t.check(m)
	if why != "" {
		return why
	}
	from, fi, _ := parsePlace(m.From)
	to, ti, _ := parsePlace(m.To)
	if from == "waste" && to == "stock" {
		t.Stock, t.Waste = t.Waste, nil
		t.Pass++
		t.Placed = false
		return ""
	}
	switch from {
	case "arc":
		t.Arc = t.Arc[1:]
	case "reserve":
		t.Reserve = t.Reserve[1:]
	case "stock":
		t.Stock = t.Stock[1:]
	case "waste":
		t.Waste = t.Waste[:len(t.Waste)-1]
	case "p":
		t.Prov[fi] = t.Prov[fi][:len(t.Prov[fi])-1]
	}
	switch to {
	case "waste":
		t.Waste = append(t.Waste, c)
		return ""
	case "f":
		t.Found[ti] = append(t.Found[ti], c)
	case "p":
		t.Prov[ti] = append(t.Prov[ti], c)
	}
	if from == "stock" || from == "waste" {
		t.Placed = true
	}
	return ""
}

// FreeCard is the free card of place p: the first of the arc, the reserve
// and the stock, the top (the last) of the waste and of p1..p4; false when
// p is empty or has no free card (a foundation, an unknown name).
func (t *VentaglioTable) FreeCard(p string) (deck.Card, bool) {
	var pile []deck.Card
	top := false
	switch p {
	case "arc":
		pile = t.Arc
	case "reserve":
		pile = t.Reserve
	case "stock":
		pile = t.Stock
	case "waste":
		pile, top = t.Waste, true
	case "p1", "p2", "p3", "p4":
		pile, top = t.Prov[p[1]-'1'], true
	}
	switch {
	case len(pile) == 0:
		return 0, false
	case top:
		return pile[len(pile)-1], true
	}
	return pile[0], true
}

// Check is "" if m is legal now, else the reason (as Play), without moving
// anything.
func (t *VentaglioTable) Check(m solution.Move) string {
	why, _ := t.check(m)
	return why
}

// check judges m and returns the reason it is illegal ("" if legal) and the
// card it moves.
func (t *VentaglioTable) check(m solution.Move) (string, deck.Card) {
	from, fi, ok := parsePlace(m.From)
	if !ok {
		return fmt.Sprintf("unknown place %s (arc, reserve, stock, waste, p1..p4, f1..f8)", words.Quote(m.From, 60)), 0
	}
	to, ti, ok := parsePlace(m.To)
	if !ok {
		return fmt.Sprintf("unknown place %s (arc, reserve, stock, waste, p1..p4, f1..f8)", words.Quote(m.To, 60)), 0
	}
	if from == "waste" && to == "stock" {
		if m.Card != "" {
			return "a redeal moves no single card: give no card", 0
		}
		if why := t.redealAllowed(); why != "" {
			return "no redeal: " + why, 0
		}
		return "", 0
	}
	if from == "f" {
		return "cards never leave a foundation", 0
	}
	c, ok := t.FreeCard(m.From)
	if !ok {
		if from == "p" {
			return m.From + " is empty", 0
		}
		return "the " + from + " is empty", 0
	}
	if m.Card == "" {
		return fmt.Sprintf("no card named; the free card of %s is %s", m.From, deck.French.Token(c)), 0
	}
	want, err := deck.French.Parse(m.Card)
	if err != nil {
		return fmt.Sprintf("bad card: %v", err), 0
	}
	if want != c {
		return fmt.Sprintf("the free card of %s is %s, not %s", m.From, deck.French.Token(c), m.Card), 0
	}
	// The destination.
	switch {
	case from == "stock" && to == "waste":
		if t.Forced && t.hasPlacement(c) {
			return fmt.Sprintf("forced play: the drawn %s has a legal placement and must be placed", deck.French.Token(c)), 0
		}
	case to == "f":
		if why := t.takesFound(ti, c); why != "" {
			return why, 0
		}
	case to == "p":
		if from == "reserve" {
			return "the reserve feeds only the foundations", 0
		}
		if from == "p" && fi == ti {
			return "a card cannot move onto its own provisional base", 0
		}
		if why := t.takesProv(ti, c); why != "" {
			return why, 0
		}
	default:
		return fmt.Sprintf("no card goes from %s to %s", m.From, m.To), 0
	}
	return "", c
}

// cardsUp is the number of cards on the foundations.
func (t *VentaglioTable) cardsUp() int {
	n := 0
	for _, f := range t.Found {
		n += len(f)
	}
	return n
}

// Ventaglio replays moves from deal under rules r with the plain referee:
// nil for a legal line that ends won; a *MoveError for the first illegal
// move (1-based, with the reason); a *NotWonError when every move is legal
// but cards are left off the foundations. A bad deal or rules is a plain
// error.
func Ventaglio(deal []deck.Card, r solution.Rules, moves []solution.Move) error {
	t, err := NewVentaglioTable(deal, r)
	if err != nil {
		return err
	}
	return t.Replay(moves)
}

// Replay plays moves on t (changing it) and judges the line as Ventaglio
// does.
func (t *VentaglioTable) Replay(moves []solution.Move) error { return t.watch(moves, nil) }

// WatchVentaglio is Ventaglio telling w the position after the deal and
// after each legal move.
func WatchVentaglio(deal []deck.Card, r solution.Rules, moves []solution.Move, w Watch) error {
	t, err := NewVentaglioTable(deal, r)
	if err != nil {
		return err
	}
	return t.watch(moves, w)
}

func (t *VentaglioTable) watch(moves []solution.Move, w Watch) error {
	if err := watchLine(moves, ventaglioNotation, t.Play, t.Won, t.Position, w); err != nil {
		return err
	}
	if !t.Won() {
		return &NotWonError{Moves: len(moves), Detail: fmt.Sprintf("%s not on the foundations", cards(104-t.cardsUp()))}
	}
	return nil
}

// Position is t as a player sees it: the arc (the free card first), the
// reserve top over the rest, the stock face down, the waste top, the
// foundations' tops, every card of the provisional bases.
func (t *VentaglioTable) Position() Position {
	fr := deck.French
	res := Place{Name: "reserve", Cards: []string{}}
	if len(t.Reserve) > 0 {
		res = Place{Name: "reserve", Cards: []string{fr.Token(t.Reserve[0])}, Under: len(t.Reserve) - 1}
	}
	p := Position{Places: []Place{all("arc", fr, t.Arc), res, down("stock", len(t.Stock)), tops("waste", fr, t.Waste)}}
	for i, f := range t.Found {
		p.Places = append(p.Places, tops(fmt.Sprintf("f%d", i+1), fr, f))
	}
	for i, pr := range t.Prov {
		p.Places = append(p.Places, all(fmt.Sprintf("p%d", i+1), fr, pr))
	}
	return p
}
