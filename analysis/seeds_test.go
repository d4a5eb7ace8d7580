package analysis

import (
	"math"
	"slices"
	"strings"
	"testing"
)

func TestParseRange(t *testing.T) {
	good := map[string]Range{
		"1..100000":               {1, 100000},
		"0..0":                    {0, 0},
		"7":                       {7, 7},
		"0..18446744073709551615": {0, math.MaxUint64},
		"18446744073709551615..18446744073709551615": {math.MaxUint64, math.MaxUint64},
	}
	for in, want := range good {
		got, err := ParseRange(in)
		if err != nil || got != want {
			t.Errorf("ParseRange(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	bad := map[string]string{
		"5..2":                    "empty",
		"":                        "want A..B",
		"a..b":                    "want A..B",
		"1..":                     "want A..B",
		"..5":                     "want A..B",
		"-1..5":                   "want A..B",
		"1...5":                   "want A..B",
		"1..18446744073709551616": "B is too large: seeds go from 0 to 18446744073709551615",
		"1-5":                     "want A..B",
		" 3 .. 9 ":                "want A..B",
		"3 ..9":                   "want A..B",
		"3..9 ":                   "want A..B",
	}
	for in, msg := range bad {
		_, err := ParseRange(in)
		if err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("ParseRange(%q) error %v, want one saying %q", in, err, msg)
		}
	}
}

func TestParseShard(t *testing.T) {
	env := func(v string) func(string) string {
		return func(k string) string {
			if k == JobIndexEnv {
				return v
			}
			return ""
		}
	}
	good := []struct {
		in, env string
		want    Shard
	}{
		{"0/1", "", Shard{0, 1}},
		{"3/4", "", Shard{3, 4}},
		{"auto/4", "2", Shard{2, 4}},
		{"1/4", "2", Shard{1, 4}}, // explicit K wins
	}
	for _, c := range good {
		got, err := ParseShard(c.in, env(c.env))
		if err != nil || got != c.want {
			t.Errorf("ParseShard(%q, env %q) = %v, %v; want %v", c.in, c.env, got, err, c.want)
		}
	}
	bad := []struct{ in, env, msg string }{
		{"4/4", "", "want 0..3"},
		{"-1/4", "", "want 0..3"},
		{"1/0", "", "1 or more"},
		{"2", "", "want K/N"},
		{"x/2", "", "want 0..1"},
		{"auto/4", "", JobIndexEnv},
		{"auto/4", "4", "want 0..3"},
		{"auto/4", "two", "want 0..3"},
	}
	for _, c := range bad {
		_, err := ParseShard(c.in, env(c.env))
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("ParseShard(%q, env %q) error %v, want one saying %q", c.in, c.env, err, c.msg)
		}
	}
}

// TestShardsPartition checks that the shards of a range are disjoint, cover
// it, and agree with CountSeeds and InShard, including at the top of uint64.
func TestShardsPartition(t *testing.T) {
	ranges := []Range{{1, 100}, {5, 5}, {0, 9}, {math.MaxUint64 - 6, math.MaxUint64}}
	for _, r := range ranges {
		for n := 1; n <= 12; n++ {
			var all []uint64
			for k := range n {
				s := Shard{k, n}
				got := slices.Collect(Seeds(r, s))
				if uint64(len(got)) != CountSeeds(r, s) {
					t.Fatalf("%v %v: %d seeds, CountSeeds %d", r, s, len(got), CountSeeds(r, s))
				}
				for i, seed := range got {
					if !InShard(r, s, seed) || (i > 0 && seed <= got[i-1]) {
						t.Fatalf("%v %v: seed %d misplaced in %v", r, s, seed, got)
					}
					if (seed-r.From)%uint64(n) != uint64(k) {
						t.Fatalf("%v %v: seed %d has index %d mod %d", r, s, seed, seed-r.From, n)
					}
				}
				all = append(all, got...)
			}
			slices.Sort(all)
			want := slices.Collect(Seeds(r, Shard{}))
			if !slices.Equal(all, want) || uint64(len(want)) != r.To-r.From+1 {
				t.Fatalf("%v in %d shards: union %v, want %v", r, n, all, want)
			}
		}
	}
}

func TestCountSeedsText(t *testing.T) {
	max := ^uint64(0)
	cases := []struct {
		r    Range
		s    Shard
		want string
	}{
		{Range{0, max}, Shard{}, "18446744073709551616"},
		{Range{0, max}, Shard{0, 1}, "18446744073709551616"},
		{Range{1, max}, Shard{}, "18446744073709551615"},
		{Range{0, max - 1}, Shard{}, "18446744073709551615"},
		{Range{0, max}, Shard{0, 2}, "9223372036854775808"},
		{Range{0, max}, Shard{1, 2}, "9223372036854775808"},
		{Range{1, 50}, Shard{}, "50"},
		{Range{1, 50}, Shard{1, 4}, "13"}, // 2, 6, ..., 50
	}
	for _, c := range cases {
		if got := CountSeedsText(c.r, c.s); got != c.want {
			t.Errorf("CountSeedsText(%s, %s) = %s, want %s", c.r, c.s, got, c.want)
		}
	}
}
