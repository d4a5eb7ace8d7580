package analysis

import (
	"errors"
	"fmt"
	"iter"
	"math"
	"strconv"
	"strings"
)

// Range is an inclusive range of seeds, From <= To.
type Range struct {
	From uint64 `json:"from"`
	To   uint64 `json:"to"`
}

// String is "From..To".
func (r Range) String() string { return fmt.Sprintf("%d..%d", r.From, r.To) }

// ParseSeed reads one seed: decimal digits only (no sign, no 0x: 010 is
// ten; no spaces around them), 0 to 2^64-1 (RULES.md, "Deals from a
// seed"). It is the one reader of a seed given as text: --seed, gen
// --from, and each end of a --seeds range (ParseRange). Its error says
// what a seed is, for the flag's message.
func ParseSeed(s string) (uint64, error) {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, errNotSeed
	}
	return n, nil
}

var errRange = fmt.Errorf("want A..B with seeds A <= B, each from 0 to %d, e.g. 1..100000", uint64(math.MaxUint64))

// endError is the error for end s of a range (which: "A", "B", or "" for
// a single seed) that ParseSeed refused: digits past the last seed say so,
// with the range; anything else is errRange.
func endError(which, s string) error {
	if s != "" && strings.Trim(s, "0123456789") == "" {
		if which != "" {
			which += " is "
		}
		return fmt.Errorf("%stoo large: seeds go from 0 to %d", which, uint64(math.MaxUint64))
	}
	return errRange
}

var errNotSeed = fmt.Errorf("not a seed: want a decimal number from 0 to %d", uint64(math.MaxUint64))

// ParseRange reads "A..B" (A <= B, each a ParseSeed) or a single seed "A".
// Its error says what is wrong, not the text: the caller names the flag
// and the value (`--seeds "a..b": want A..B ...`).
func ParseRange(s string) (Range, error) {
	a, b, found := strings.Cut(s, "..")
	from, err := ParseSeed(a)
	if err != nil {
		if !found {
			return Range{}, endError("", a)
		}
		return Range{}, endError("A", a)
	}
	to := from
	if found {
		to, err = ParseSeed(b)
		if err != nil {
			return Range{}, endError("B", b)
		}
	}
	if from > to {
		return Range{}, fmt.Errorf("the range is empty (%d > %d); write the smaller seed first", from, to)
	}
	return Range{From: from, To: to}, nil
}

// Shard selects every Count-th seed of a range: the seeds whose index in the
// range (seed - From) is Index mod Count. The zero Shard, like 0/1, takes
// every seed.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// String is "Index/Count".
func (s Shard) String() string {
	if s.Count == 0 {
		return "0/1"
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

func (s Shard) norm() Shard {
	if s.Count == 0 {
		return Shard{0, 1}
	}
	return s
}

// JobIndexEnv is the variable a Kubernetes Indexed Job sets to the pod's
// completion index; "--shard auto/N" reads it.
const JobIndexEnv = "JOB_COMPLETION_INDEX"

// ParseShard reads "K/N" (0 <= K < N) or "auto/N", where K comes from the
// JOB_COMPLETION_INDEX variable through getenv.
func ParseShard(s string, getenv func(string) string) (Shard, error) {
	k, n, ok := strings.Cut(s, "/")
	if !ok {
		return Shard{}, fmt.Errorf("shard %q: want K/N (0 <= K < N) or auto/N", s)
	}
	count, err := strconv.Atoi(n)
	if errors.Is(err, strconv.ErrRange) {
		return Shard{}, fmt.Errorf("shard %q: N is out of range (at most %d)", s, math.MaxInt)
	}
	if err != nil || count < 1 {
		return Shard{}, fmt.Errorf("shard %q: N must be a whole number of shards, 1 or more", s)
	}
	src := ""
	if k == "auto" {
		k = getenv(JobIndexEnv)
		if k == "" {
			return Shard{}, fmt.Errorf("shard %q: auto needs %s (set by a Kubernetes Indexed Job); give K/N instead", s, JobIndexEnv)
		}
		src = " (from " + JobIndexEnv + ")"
	}
	index, err := strconv.Atoi(k)
	if err != nil || index < 0 || index >= count {
		return Shard{}, fmt.Errorf("shard %q: K%s is %q, want 0..%d", s, src, k, count-1)
	}
	return Shard{Index: index, Count: count}, nil
}

// Seeds lists the seeds of r in shard s, in increasing order.
func Seeds(r Range, s Shard) iter.Seq[uint64] {
	s = s.norm()
	return func(yield func(uint64) bool) {
		first := r.From + uint64(s.Index)
		if first < r.From || first > r.To {
			return
		}
		for seed := first; ; seed += uint64(s.Count) {
			if !yield(seed) {
				return
			}
			if r.To-seed < uint64(s.Count) {
				return
			}
		}
	}
}

// CountSeeds is how many seeds Seeds(r, s) yields, except for all 2^64 seeds
// in one shard (AllSeeds), which does not fit and wraps to 0: use
// CountSeedsText to print a count.
func CountSeeds(r Range, s Shard) uint64 {
	s = s.norm()
	if uint64(s.Index) > r.To-r.From {
		return 0
	}
	return (r.To-r.From-uint64(s.Index))/uint64(s.Count) + 1
}

// fullCount is the decimal count of every uint64 seed: 2^64, one more than
// a uint64 holds.
const fullCount = "18446744073709551616"

// AllSeeds reports whether r in shard s is every uint64 seed, the one
// selection whose count (2^64) CountSeeds cannot return.
func AllSeeds(r Range, s Shard) bool {
	return r.From == 0 && r.To == ^uint64(0) && s.norm().Count == 1
}

// CountSeedsText is the count of Seeds(r, s) in decimal, exact for every
// selection including all 2^64 seeds.
func CountSeedsText(r Range, s Shard) string {
	if AllSeeds(r, s) {
		return fullCount
	}
	return strconv.FormatUint(CountSeeds(r, s), 10)
}

// InShard reports whether seed is one of Seeds(r, s).
func InShard(r Range, s Shard, seed uint64) bool {
	s = s.norm()
	return seed >= r.From && seed <= r.To && (seed-r.From)%uint64(s.Count) == uint64(s.Index)
}
