package ventaglio

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	vg "github.com/solitario/solitario/state/ventaglio"
)

// canonicalBases names the bases of s as a set (their order forgotten).
func canonicalBases(s *vg.State) string {
	var bs []string
	for i := range vg.Provisional {
		var b strings.Builder
		for j := range s.Height(i) {
			fmt.Fprintf(&b, "%d.", s.ProvCard(i, j))
		}
		bs = append(bs, b.String())
	}
	slices.Sort(bs)
	return strings.Join(bs, "|")
}

// shortestShuffles is the brute force: a breadth-first search over the
// arrangements shuffles reach from a, the bases' order forgotten, for the
// fewest moves to b's arrangement (-1 beyond limit moves).
func shortestShuffles(g vg.Game, a, b *vg.State, limit int) int {
	goal := canonicalBases(b)
	seen := map[string]bool{canonicalBases(a): true}
	layer := []vg.State{*a}
	var buf []vg.Move
	for d := 0; d <= limit; d++ {
		var next []vg.State
		for _, s := range layer {
			if canonicalBases(&s) == goal {
				return d
			}
			buf = g.Moves(&s, buf)
			for _, m := range buf {
				if !isShuffle(m) {
					continue
				}
				c := s
				g.Apply(&c, m)
				if k := canonicalBases(&c); !seen[k] {
					seen[k] = true
					next = append(next, c)
				}
			}
		}
		layer = next
	}
	return -1
}

// TestReplanAgreesWithBreadthFirst: on every block of shuffles of the
// wandering lines (the plain search's lines of near-end positions), the A*
// of ReplanShuffles finds a path exactly as short as the breadth-first
// search, or none when the block is already shortest, and its path takes
// the block's start to its end up to the bases' order: the bound it uses
// is admissible and consistent (the argument is in ReplanShuffles' doc).
func TestReplanAgreesWithBreadthFirst(t *testing.T) {
	gs, starts, lines := wanderingLines(t, 12)
	blocks, shorter := 0, 0
	for n, line := range lines {
		g := gs[n]
		states, ok := replayLine(g, starts[n], line)
		if !ok {
			t.Fatalf("line %d does not replay", n)
		}
		rp := replanner{g: g, seen: map[uint64]int32{}, pairings: pairings()}
		for i := 0; i < len(line); i++ {
			if !isShuffle(line[i]) {
				continue
			}
			j := i
			for j < len(line) && isShuffle(line[j]) {
				j++
			}
			if j-i > 12 {
				i = j
				continue // the breadth-first search is too slow beyond
			}
			want := shortestShuffles(g, &states[i], &states[j], j-i)
			path, perm, _ := rp.search(&states[i], &states[j], j-i, 1<<30)
			blocks++
			switch {
			case want < 0:
				t.Fatalf("line %d, block %d..%d: the brute force finds no path, though the block is one", n, i, j)
			case want == j-i && path != nil:
				t.Fatalf("line %d, block %d..%d: shortest %d, A* found %d", n, i, j, want, len(path))
			case want < j-i && len(path) != want:
				t.Fatalf("line %d, block %d..%d: shortest %d, A* found %d (nil %v)", n, i, j, want, len(path), path == nil)
			}
			if path != nil {
				shorter++
				s := states[i]
				for _, m := range path {
					g.Apply(&s, m)
				}
				end := states[j]
				end.PermuteBases(perm)
				if s != end {
					t.Fatalf("line %d, block %d..%d: the path ends elsewhere than the block's end with its bases renamed", n, i, j)
				}
			}
			i = j
		}
	}
	if blocks < 20 || shorter == 0 {
		t.Fatalf("%d blocks compared, %d shortened: the sample does not exercise the search", blocks, shorter)
	}
	t.Logf("%d blocks, %d shortened", blocks, shorter)
}

// TestReplanShufflesWins: the replanned lines still win from their starts
// (a replay through the rules' moves), are never longer, and on the
// wandering lines are shorter in all than what ShortenLine leaves.
func TestReplanShufflesWins(t *testing.T) {
	gs, starts, lines := wanderingLines(t, 12)
	before, after := 0, 0
	for n, line := range lines {
		short := ShortenLine(gs[n], starts[n], line)
		r := ReplanShuffles(gs[n], starts[n], short, 100_000, 1_000_000)
		if _, ok := replayLine(gs[n], starts[n], r); !ok {
			t.Fatalf("line %d: the replanned line does not win", n)
		}
		if len(r) > len(short) {
			t.Fatalf("line %d: %d moves replanned, %d before", n, len(r), len(short))
		}
		before, after = before+len(short), after+len(r)
	}
	if after >= before {
		t.Fatalf("replanning left %d moves of %d", after, before)
	}
	t.Logf("%d moves after ShortenLine, %d replanned", before, after)
}

// TestReplanWindows: with a budget too small for a long block's whole
// search, its windows are replaced one by one, and the line still wins.
func TestReplanWindows(t *testing.T) {
	gs, starts, lines := wanderingLines(t, 12)
	windows, before, after := 0, 0, 0
	for n, line := range lines {
		r, w := replanShuffles(gs[n], starts[n], line, 30, 1<<30, 3)
		if _, ok := replayLine(gs[n], starts[n], r); !ok || len(r) > len(line) {
			t.Fatalf("line %d: the replanned line (%d moves of %d) does not win", n, len(r), len(line))
		}
		windows, before, after = windows+w, before+len(line), after+len(r)
	}
	if windows == 0 || after >= before {
		t.Fatalf("%d windows replaced, %d moves of %d left", windows, after, before)
	}
	t.Logf("%d windows replaced, %d moves of %d left", windows, after, before)
}

// TestReplanKeepsBadLine: a line that does not win is returned as it is.
func TestReplanKeepsBadLine(t *testing.T) {
	gs, starts, lines := wanderingLines(t, 2)
	line := lines[0][:len(lines[0])-1]
	if r := ReplanShuffles(gs[0], starts[0], line, 1000, 1000); !slices.Equal(r, line) {
		t.Fatal("a line that does not win was changed")
	}
}
