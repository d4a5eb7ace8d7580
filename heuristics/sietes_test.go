package heuristics

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/state/sietes"
)

// sietesVerdict solves a deal with the wrapper h and a fresh flat table.
func sietesVerdict(t *testing.T, h Sietes, start sietes.State, maxNodes int64) solver.Result[sietes.Move] {
	t.Helper()
	return solver.Solve[sietes.State, sietes.Move, Sietes](context.Background(), h, start,
		solver.Options{MaxNodes: maxNodes, Table: solver.NewFlat(1 << 22)})
}

// sietesSeeds scales a test's seed count: n by default, n/4 with -short.
func sietesSeeds(n uint64) uint64 {
	if testing.Short() {
		return n / 4
	}
	return n
}

// TestSietesPruneSafe compares verdicts with every pruning rule on, and with
// each switched off alone, against the search without pruning (ordering only)
// for several rule sets. Seeds the unpruned search cannot decide within its
// node limit are skipped (free play without the safe foundation move is a
// large search); at least 80% must be compared. With one pass both verdicts
// must occur; with more passes nearly every deal is won.
func TestSietesPruneSafe(t *testing.T) {
	sets := []struct {
		r     sietes.Rules
		seeds uint64
	}{
		{sietes.Rules{Play: sietes.Forced, Passes: 1}, 120}, {sietes.Rules{Play: sietes.Free, Passes: 1}, 120},
		{sietes.Rules{Play: sietes.Forced, Passes: 2}, 30}, {sietes.Rules{Play: sietes.Free, Passes: 2}, 30},
		{sietes.Rules{Play: sietes.Forced, Passes: 0}, 20}, {sietes.Rules{Play: sietes.Free, Passes: 0}, 20},
	}
	variants := []uint8{0, sietesAuto, sietesLazy, sietesBuried}
	for _, set := range sets {
		r, seeds := set.r, sietesSeeds(set.seeds)
		compared, won := 0, 0
		for seed := range seeds {
			g, start, _, err := sietes.NewGame(r, deck.Deal(deck.Spanish, 1, seed))
			if err != nil {
				t.Fatal(err)
			}
			ref := sietesVerdict(t, Sietes{G: g, Order: true}, start, 400_000)
			if ref.Verdict == solver.Unknown {
				continue
			}
			compared++
			if ref.Verdict == solver.Winnable {
				won++
			}
			for _, off := range variants {
				got := sietesVerdict(t, Sietes{G: g, Order: true, Prune: true, off: off}, start, 0)
				if got.Verdict != ref.Verdict {
					t.Fatalf("%+v seed %d, rules off %03b: pruned %v, unpruned %v", r, seed, off, got.Verdict, ref.Verdict)
				}
			}
		}
		t.Logf("%+v: %d of %d seeds compared, %d winnable", r, compared, seeds, won)
		if compared < int(seeds)*8/10 || won == 0 || (r.Passes == 1 && won == compared) {
			t.Errorf("%+v: %d compared, %d winnable: too few to test anything", r, compared, won)
		}
	}
}

// TestSietesForcedHoldBack pins the deal showing that in forced play a
// foundation move is not safe while cards remain to be drawn: it is won, but
// not if every fitting card goes to its foundation at once.
func TestSietesForcedHoldBack(t *testing.T) {
	fh, err := os.Open(filepath.Join("..", "corpus", "sietes", "forced-hold-back.deal"))
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	deal, err := deck.ParseDeal(fh, "forced-hold-back.deal", deck.Spanish, 1)
	if err != nil {
		t.Fatal(err)
	}
	g, start, _, err := sietes.NewGame(sietes.Rules{Play: sietes.Forced, Passes: 1}, deal)
	if err != nil {
		t.Fatal(err)
	}
	if v := sietesVerdict(t, Sietes{G: g}, start, 0).Verdict; v != solver.Winnable {
		t.Fatalf("plain search: %v, want winnable", v)
	}
	if v := sietesVerdict(t, Sietes{G: g, Order: true, Prune: true}, start, 0).Verdict; v != solver.Winnable {
		t.Fatalf("pruned search: %v, want winnable", v)
	}
	if v := sietesVerdict(t, Sietes{G: g, Prune: true, off: sietesEager}, start, 0).Verdict; v != solver.Unwinnable {
		t.Fatalf("eager foundation moves: %v, want unwinnable (else the deal shows nothing)", v)
	}
}

// TestSietesBuriedSound checks the dead end on its own, where it fires:
// positions of the last pass reached by random legal moves from many seeds
// (one pass forced and free, and the second pass of two), and every one
// that Buried calls lost must be lost for the search without any pruning
// (ordering only, a flat table). Positions that search cannot decide within
// its limit are skipped; most must be decided. The first form of the rule
// (a card in the waste blocked only by the figures and its own suit's lower
// cards, nothing from the stock) must miss some of them, else the test shows
// nothing of the stock's part.
func TestSietesBuriedSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 7))
	ruleSets := []sietes.Rules{{Play: sietes.Forced, Passes: 1}, {Play: sietes.Free, Passes: 1}, {Play: sietes.Forced, Passes: 2}}
	fired, decided, beyond := 0, 0, 0
	for seed := range sietesSeeds(400) {
		r := ruleSets[seed%uint64(len(ruleSets))]
		g, s, _, err := sietes.NewGame(r, deck.Deal(deck.Spanish, 1, seed))
		if err != nil {
			t.Fatal(err)
		}
		h := Sietes{G: g, Order: true, Prune: true}
		for range 60 {
			ms := g.Moves(&s, nil)
			if len(ms) == 0 {
				break
			}
			g.Apply(&s, ms[rng.IntN(len(ms))])
			if !h.Buried(&s) {
				continue
			}
			fired++
			ref := sietesVerdict(t, Sietes{G: g, Order: true}, s, 300_000)
			if ref.Verdict == solver.Unknown {
				break
			}
			decided++
			if ref.Verdict != solver.Unwinnable {
				t.Fatalf("%+v seed %d: Buried calls %+v lost, the unpruned search %v", r, seed, s, ref.Verdict)
			}
			if !sietesBuriedFirst(g, &s) {
				beyond++
			}
			break
		}
	}
	t.Logf("Buried fired on %d positions, %d decided lost by the unpruned search, %d beyond its first form", fired, decided, beyond)
	if decided < fired*8/10 || decided < int(sietesSeeds(400))/4 || beyond == 0 {
		t.Errorf("%d fired, %d decided, %d beyond the first form: too few to test anything", fired, decided, beyond)
	}
}

// sietesBuriedFirst is the first form of the dead end: a number card N in
// the waste with more than twelve cards bound for slots when it leaves, the
// figures in the frame and above it and its own suit's lower cards there.
func sietesBuriedFirst(g sietes.Game, s *sietes.State) bool {
	frame := s.FrameSet()
	figs := bits.OnesCount64(frame & sietesFigures)
	var above [sietes.Suits]uint16
	for w := s.WasteSet(); w != 0; {
		i := 31 - bits.LeadingZeros32(w)
		w &^= 1 << i
		c := g.StockCard(i)
		if sietes.IsFigure(c) {
			figs++
			continue
		}
		lower := uint16(1)<<c.Rank() - 1
		if figs+bits.OnesCount16(above[c.Suit()]&lower)+bits.OnesCount16(uint16(frame>>(c.Suit()*10))&lower) > sietes.Slots {
			return true
		}
		above[c.Suit()] |= 1 << c.Rank()
	}
	return false
}
