package odds

import (
	"fmt"
	"math/big"
	"slices"
)

// Params is a deck and layout for the Solitario dell'orologio: Ranks ranks
// of Suits cards each; the first Clock cards dealt are the clock; then
// Pairs pairs, face down to the well then face up. Clock + 2·Pairs must be
// Ranks·Suits.
type Params struct {
	Ranks, Suits, Clock, Pairs int
}

// Italian is the layout of RULES.md: 40 cards, a clock of 12, 14 pairs.
var Italian = Params{Ranks: 10, Suits: 4, Clock: 12, Pairs: 14}

// Check reports a layout that does not use the deck exactly.
func (p Params) Check() error {
	if p.Ranks < 1 || p.Suits < 1 || p.Clock < 0 || p.Pairs < 0 || p.Clock+2*p.Pairs != p.Ranks*p.Suits {
		return fmt.Errorf("odds: clock %d + 2×%d pairs must be the deck's %d×%d cards", p.Clock, p.Pairs, p.Ranks, p.Suits)
	}
	return nil
}

// binom is C(n, k) as a big.Int, 0 outside 0 ≤ k ≤ n.
func binom(n, k int) *big.Int {
	if k < 0 || n < 0 || k > n {
		return new(big.Int)
	}
	return new(big.Int).Binomial(int64(n), int64(k))
}

// factorial is n!.
func factorial(n int) *big.Int { return new(big.Int).MulRange(1, int64(max(n, 1))) }

// Orologio is the exact probability that a uniformly random deal of p is
// won, by inclusion–exclusion (docs/odds.md):
//
//	P = Σ over clock profiles n = (n_0..n_s) of
//	    R!/∏n_j! · ∏ C(s,j)^{n_j} / C(N,k)
//	    · Σ over t_j ≤ n_j (j ≥ 1) of (−1)^{Σt} ∏ C(n_j,t_j) · C(2p − Σ t_j(s−j), p) / C(2p, p)
//
// where n_j is the number of ranks with j cards in the clock, the first
// factor the chance of that profile and the inner sum the chance that the
// p face-up cards miss none of the clock's ranks (t_j ranks with j clock
// cards chosen to be missed: all their s−j other cards lie in the well).
func Orologio(p Params) (*big.Rat, error) {
	if err := p.Check(); err != nil {
		return nil, err
	}
	R, s, k, pairs := p.Ranks, p.Suits, p.Clock, p.Pairs
	N := R * s
	num := new(big.Int)
	profiles(R, s, k, func(n []int) {
		// ways to choose the clock as a set with this profile
		ways := new(big.Int).Set(factorial(R))
		for j, nj := range n {
			ways.Div(ways, factorial(nj))
			ways.Mul(ways, new(big.Int).Exp(binom(s, j), big.NewInt(int64(nj)), nil))
		}
		// inclusion–exclusion over the missed clock ranks, grouped by class
		ie := new(big.Int)
		t := make([]int, len(n))
		var walk func(j int)
		walk = func(j int) {
			if j == len(n) {
				term := big.NewInt(1)
				missing, count := 0, 0
				for i := 1; i < len(n); i++ {
					term.Mul(term, binom(n[i], t[i]))
					missing += t[i] * (s - i)
					count += t[i]
				}
				term.Mul(term, binom(2*pairs-missing, pairs))
				if count%2 == 1 {
					term.Neg(term)
				}
				ie.Add(ie, term)
				return
			}
			for t[j] = 0; t[j] <= n[j]; t[j]++ {
				walk(j + 1)
			}
			t[j] = 0
		}
		walk(1)
		num.Add(num, ways.Mul(ways, ie))
	})
	den := new(big.Int).Mul(binom(N, k), binom(2*pairs, pairs))
	return new(big.Rat).SetFrac(num, den), nil
}

// profiles calls f with every (n_0..n_s): n_j ranks having j clock cards,
// Σ n_j = R and Σ j·n_j = k.
func profiles(R, s, k int, f func(n []int)) {
	n := make([]int, s+1)
	var rec func(j, ranks, cards int)
	rec = func(j, ranks, cards int) {
		if j == 0 {
			n[0] = ranks
			if cards == 0 {
				f(n)
			}
			return
		}
		for n[j] = 0; n[j] <= ranks && n[j]*j <= cards; n[j]++ {
			rec(j-1, ranks-n[j], cards-n[j]*j)
		}
		n[j] = 0
	}
	rec(s, R, k)
}

// OrologioByRank is the same probability counted rank by rank: each rank
// splits its s cards into c in the clock, f face up and w in the well
// (s!/(c!f!w!) ways), allowed when c = 0 or f ≥ 1; the winning splits of
// the whole deck are the coefficient of x^k y^p in the product over ranks,
// out of N!/(k!·p!·p!) splits in all.
func OrologioByRank(p Params) (*big.Rat, error) {
	if err := p.Check(); err != nil {
		return nil, err
	}
	s, k, pairs := p.Suits, p.Clock, p.Pairs
	// poly[c][f]: ways for the ranks so far to put c cards in the clock and
	// f face up.
	poly := newPoly(k, pairs)
	poly[0][0].SetInt64(1)
	for range p.Ranks {
		next := newPoly(k, pairs)
		for c := 0; c <= k; c++ {
			for f := 0; f <= pairs; f++ {
				if poly[c][f].Sign() == 0 {
					continue
				}
				for dc := 0; dc <= s && c+dc <= k; dc++ {
					for df := 0; dc+df <= s && f+df <= pairs; df++ {
						if dc > 0 && df == 0 {
							continue // a clock rank with no face-up card: lost
						}
						dw := s - dc - df
						ways := new(big.Int).Set(factorial(s))
						ways.Div(ways, factorial(dc))
						ways.Div(ways, factorial(df))
						ways.Div(ways, factorial(dw))
						next[c+dc][f+df].Add(next[c+dc][f+df], ways.Mul(ways, poly[c][f]))
					}
				}
			}
		}
		poly = next
	}
	den := factorial(p.Ranks * s)
	den.Div(den, factorial(k))
	den.Div(den, factorial(pairs))
	den.Div(den, factorial(pairs))
	return new(big.Rat).SetFrac(poly[k][pairs], den), nil
}

func newPoly(a, b int) [][]*big.Int {
	out := make([][]*big.Int, a+1)
	for i := range out {
		out[i] = make([]*big.Int, b+1)
		for j := range out[i] {
			out[i][j] = new(big.Int)
		}
	}
	return out
}

// Clock is the exact probability that a uniformly random deal of the
// classic Clock with ranks ranks (the last is the king) of suits cards each
// is won, by dynamic programming over the game: the card taken next is a
// uniformly random unseen card whatever pile it comes from, so the state is
// the number of unseen cards of each rank (hour ranks as a sorted multiset:
// they are interchangeable), and the game ends when the last king is
// turned, won if no card is left unseen.
func Clock(ranks, suits int) (*big.Rat, error) {
	if ranks < 2 || suits < 1 {
		return nil, fmt.Errorf("odds: a clock needs at least 2 ranks and 1 suit, got %d and %d", ranks, suits)
	}
	memo := map[string]*big.Rat{}
	var win func(hours []int, kings int) *big.Rat
	win = func(hours []int, kings int) *big.Rat {
		unseen := kings
		for _, u := range hours {
			unseen += u
		}
		key := fmt.Sprint(hours, kings)
		if r, ok := memo[key]; ok {
			return r
		}
		total := big.NewRat(0, 1)
		// the next card is a king
		if kings > 0 {
			var sub *big.Rat
			if kings == 1 {
				sub = big.NewRat(0, 1) // the last king ends the game
				if unseen == 1 {
					sub = big.NewRat(1, 1)
				}
			} else {
				sub = win(hours, kings-1)
			}
			total.Add(total, new(big.Rat).Mul(big.NewRat(int64(kings), int64(unseen)), sub))
		}
		// the next card is of an hour rank
		for i, u := range hours {
			if u == 0 || (i > 0 && hours[i-1] == u) {
				continue // equal counts are counted once, times their number
			}
			same := 0
			for _, v := range hours {
				if v == u {
					same++
				}
			}
			next := slices.Clone(hours)
			next[i]--
			slices.Sort(next)
			p := big.NewRat(int64(u*same), int64(unseen))
			total.Add(total, p.Mul(p, win(next, kings)))
		}
		memo[key] = total
		return total
	}
	hours := make([]int, ranks-1)
	for i := range hours {
		hours[i] = suits
	}
	return win(hours, suits), nil
}

// ClockByTree evaluates the classic criterion: the deal is won exactly when
// the bottom cards of the ranks−1 hour piles (the last card each pile gives
// up) point, hour h to the pile of its rank, along a tree into the centre.
// Summing the chance of each tree's rank pattern over the rooted trees with
// child counts d (Σd = ranks−1, (ranks−2)!·d_K/∏d! of them):
//
//	P = (R−2)!/(N)_{R−1} · Σ_d d_K ∏_v C(s, d_v),
//
// the sum being the coefficient of x^{R−1} in (Σ_d d·C(s,d) x^d)·(1+x)^{s(R−1)}.
func ClockByTree(ranks, suits int) (*big.Rat, error) {
	if ranks < 2 || suits < 1 {
		return nil, fmt.Errorf("odds: a clock needs at least 2 ranks and 1 suit, got %d and %d", ranks, suits)
	}
	R, s := ranks, suits
	N := R * s
	sum := new(big.Int)
	for d := 1; d <= s && d <= R-1; d++ { // d children of the centre
		term := new(big.Int).Mul(big.NewInt(int64(d)), binom(s, d))
		term.Mul(term, binom(s*(R-1), R-1-d))
		sum.Add(sum, term)
	}
	num := new(big.Int).Mul(factorial(R-2), sum)
	den := new(big.Int).MulRange(int64(N-R+2), int64(N)) // (N)_{R−1}
	return new(big.Rat).SetFrac(num, den), nil
}

// Decimal spells r with digits after the point (the last rounded to
// nearest, halves away from zero).
func Decimal(r *big.Rat, digits int) string { return r.FloatString(digits) }
