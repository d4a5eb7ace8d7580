package solver

import (
	"math/bits"
	"unsafe"
)

// Table is a transposition table of positions finished without a win (their
// whole subtree searched, apart from positions then on the path). It may
// forget any entry at any time; it must never claim a key it was not given
// since its last Clear. Its entries are sound within ONE search only (see the
// package doc): Solve clears the table when it starts, so a table may be
// reused for search after search, but never shared by two searches running at
// once. Implementations need not be safe for concurrent use.
type Table interface {
	// Contains reports whether k was stored and is still remembered.
	Contains(k Key) bool
	// Add stores k. It may be dropped.
	Add(k Key)
	// Len is the number of keys remembered now (an estimate for caches that
	// admit asynchronously).
	Len() int
	// Cap is about how many keys the table can hold at once, for a fill
	// ratio Len/Cap.
	Cap() int
	// Bytes is the memory the table holds, in bytes.
	Bytes() int64
	// Clear forgets every key. After Clear, Contains is false for all keys
	// until they are added again.
	Clear()
}

// Prefetcher is a Table whose probes can be started early: Prefetch(k)
// starts loading the memory a Contains or Add of k will read, and changes
// nothing else (what the table holds, forgets or answers). A search that
// makes several positions before it probes for them (a beam: a parent's
// children) prefetches each, so that their cache misses overlap instead of
// coming one after another.
type Prefetcher interface {
	Prefetch(k Key)
}

// FlatEntryBytes is the flat table's cost per slot: one 16-byte key.
const FlatEntryBytes = 16

// flatBucket is how many slots one probe looks at (one 64-byte cache line).
const flatBucket = 4

// pageKeys is the keys in a 4 KiB page.
const pageKeys = 4096 / FlatEntryBytes

// flatLogShift sets the touched-bucket log's length to buckets>>flatLogShift:
// up to 1/16 of the buckets are cleared one by one, beyond that the whole
// array is zeroed (the search that filled them cost far more than that).
const flatLogShift = 4

// maxFlatLog caps the touched-bucket log (8 MiB of bucket numbers).
const maxFlatLog = 1 << 20

// flatStartBuckets is the flat table's first size: 1024 buckets, 64 KiB.
// Fresh memory costs a page fault on first touch (about 50 µs a 4 KiB page
// on the 2-core VMs we measured, docs/experiments.md), so a table that
// starts at its whole budget makes a small search pay one fault per entry;
// growing keeps the touched memory near what the search stores.
const flatStartBuckets = 1024

// Flat is an open-addressing table of keys within a byte budget: buckets of
// four slots (one cache line), a key goes to the first free slot of its
// bucket, and a full bucket overwrites a slot chosen by the key's hash. It
// starts at 64 KiB and doubles (rehashing its keys) when it is half full, or
// when a bucket overflows and it is a quarter full, up to the budget; only
// then does it overwrite much.
// The zero key is never stored (it marks an empty slot): a position whose key
// is zero is simply never remembered, which only costs re-search.
//
// Layout: slots[4b .. 4b+3] is bucket b; a key's bucket is the high word of
// mix(key) × buckets (multiply-shift: any bucket count, so the whole budget
// is used), and a full bucket overwrites slot mix(key) & 3 (low bits,
// independent of the bucket). touched lists the buckets filled since the last
// Clear, so that clearing after a small search costs only what it touched.
// Not safe for concurrent use.
type Flat struct {
	slots      []Key
	buckets    uint64
	maxBuckets uint64 // the budget's size, in buckets
	n          int
	growAt     int      // n at which the table doubles; -1 at the budget
	touched    []uint64 // buckets that got their first key since Clear
	logCap     int      // touched is not grown past this; then overrun
	overrun    bool     // touched overflowed: Clear zeroes all slots
	// first is the array of the first size (NewFlat's), kept through
	// growth for Reset to go back to.
	first []Key
	// keep (KeepArrays): the arrays grown into are kept for the next
	// growth after a Reset, the sizes an even number of doublings below
	// the budget's in spare[0], the others in spare[1].
	keep  bool
	spare [2][]Key
}

// KeepArrays makes t keep the arrays it grows into through Reset, and grow
// into them again: a caller that solves deal after deal on a table that
// grows large in each (Il Ventaglio's searches' own tables) then pays no
// fresh memory, its zeroing and page faults, nor the collector and the
// scavenger returning the arrays, at every deal. The table holds, forgets
// and grows as a fresh one (the same slots: a doubling writes every slot
// of its array, TestFlatKeepArrays). Two arrays at most are kept, the
// budget's size and the one below it (adjacent sizes take turns between
// them), so t holds up to 1.5 times its budget between searches: what a
// table holds anyway while it doubles to its budget.
func (t *Flat) KeepArrays() { t.keep = true }

// array is an array of b buckets for the table to grow into (its keys
// arbitrary when reused reports true).
func (t *Flat) array(b int64) (slots []Key, reused bool) {
	n := b * flatBucket
	if !t.keep {
		return make([]Key, n), false
	}
	// The doublings from the first size: b's, and the budget's.
	first := uint64(len(t.first) / flatBucket)
	level := func(b uint64) int { return bits.Len64((b - 1) / first) }
	i := (level(t.maxBuckets) - level(uint64(b))) & 1
	if int64(cap(t.spare[i])) >= n {
		return t.spare[i][:n], true
	}
	t.spare[i] = make([]Key, n)
	return t.spare[i], false
}

// flatLogLen is the clear log's length for b buckets.
func flatLogLen(b int64) int64 { return min(b>>flatLogShift, maxFlatLog) }

// flatSize is the bytes of a table of b buckets with its clear log.
func flatSize(b int64) int64 { return b*flatBucket*FlatEntryBytes + 8*flatLogLen(b) }

// NewFlat returns a flat table of at most mem bytes when full grown: as many
// 64-byte buckets as fit in mem with the clear log (8 bytes per 16 buckets,
// at most 8 MiB), at least one bucket (four slots). Every slot is 16 bytes,
// so 256 MiB holds about 16.6 million positions. It starts at 64 KiB (or mem
// if less) and grows by doubling; while it doubles, the old half-size array
// is alive until it has been rehashed, so the peak is 1.5 × mem (and the
// first 64 KiB array, which it keeps for Reset).
func NewFlat(mem int64) *Flat {
	b := max(mem/(flatBucket*FlatEntryBytes), 1)
	for b > 1 && flatSize(b) > mem {
		b -= max((flatSize(b)-mem)/(flatBucket*FlatEntryBytes), 1)
	}
	b = max(b, 1)
	t := &Flat{maxBuckets: uint64(b)}
	t.alloc(min(b, flatStartBuckets), true)
	t.first = t.slots
	return t
}

// alloc replaces the arrays with an empty table of b buckets. touch writes
// to every page first: memory fresh from the system that is read before it
// is written faults twice (the shared zero page at the read, a page of its
// own at the first write), and a probe or the rehash reads a slot before it
// writes it (seed 338: 54k of the solve's 147k page faults were the beams'
// table growing); split writes first, in order, and needs no touch.
func (t *Flat) alloc(b int64, touch bool) {
	lc := int(flatLogLen(b))
	var reused bool
	if t.first == nil {
		t.slots = make([]Key, b*flatBucket)
	} else {
		t.slots, reused = t.array(b)
	}
	switch {
	case reused && touch:
		clear(t.slots) // a kept array holds the keys of a search before
	case touch:
		for i := 0; i < len(t.slots); i += pageKeys {
			t.slots[i] = Key{}
		}
	}
	t.buckets = uint64(b)
	if cap(t.touched) >= lc {
		t.touched = t.touched[:0]
	} else {
		t.touched = make([]uint64, 0, lc)
	}
	t.logCap = lc
	t.overrun = lc == 0
	t.n = 0
	t.growAt = -1
	if uint64(b) < t.maxBuckets {
		t.growAt = int(b * flatBucket / 2)
	}
}

// grow doubles the table (up to the budget) and rehashes its keys.
func (t *Flat) grow() {
	old := t.slots
	if b := min(2*t.buckets, t.maxBuckets); b == 2*t.buckets {
		t.alloc(int64(b), false)
		t.split(old)
	} else {
		t.alloc(int64(b), true)
		t.rehash(old)
	}
}

// rehash inserts the keys of old, slot by slot, in the table just made.
func (t *Flat) rehash(old []Key) {
	for _, k := range old {
		if k != (Key{}) {
			t.insert(k, false)
		}
	}
}

// split is rehash into a table of twice old's buckets, writing every slot
// (whatever the array held before): a key of old bucket b goes to bucket 2b
// or 2b+1 (the multiply-shift's next bit), so old's buckets are split in
// turn, each key to the next free slot of its bucket. Keys fill each new
// bucket in old's slot order and its first key logs it, as rehash does, so
// the table is the same, slot for slot (TestFlatSplit).
func (t *Flat) split(old []Key) {
	for b := 0; b < len(old); b += flatBucket {
		dst := t.slots[2*b : 2*b+2*flatBucket : 2*b+2*flatBucket]
		var fill [2]int
		for _, k := range old[b : b+flatBucket] {
			if k == (Key{}) {
				continue
			}
			half := int(t.bucketOf(mix(k))) & 1
			if fill[half] == 0 {
				if len(t.touched) < t.logCap {
					t.touched = append(t.touched, uint64(2*b/flatBucket+half))
				} else {
					t.overrun = true
				}
			}
			dst[half*flatBucket+fill[half]] = k
			fill[half]++
		}
		t.n += fill[0] + fill[1]
		clear(dst[fill[0]:flatBucket])
		clear(dst[flatBucket+fill[1]:])
	}
}

// bucket is k's bucket number and the 64-bit mix it came from.
func (t *Flat) bucket(k Key) (uint64, uint64) {
	h := mix(k)
	return t.bucketOf(h), h
}

// bucketOf is the bucket number of a key whose mix is h.
func (t *Flat) bucketOf(h uint64) uint64 {
	b, _ := bits.Mul64(h, t.buckets)
	return b
}

// Contains reports whether k is in its bucket.
func (t *Flat) Contains(k Key) bool { return t.containsMixed(k, mix(k)) }

// containsMixed is Contains for a key whose mix is h (the search hashes a
// key once for the path set and the table).
func (t *Flat) containsMixed(k Key, h uint64) bool {
	if k == (Key{}) {
		return false
	}
	b := t.bucketOf(h) * flatBucket
	s := t.slots[b : b+flatBucket : b+flatBucket]
	return s[0] == k || s[1] == k || s[2] == k || s[3] == k
}

// Prefetch starts loading k's bucket (one cache line) into the cache.
func (t *Flat) Prefetch(k Key) { t.prefetchMixed(mix(k)) }

// prefetchMixed is Prefetch for a key whose mix is h.
func (t *Flat) prefetchMixed(h uint64) {
	prefetch(unsafe.Pointer(&t.slots[t.bucketOf(h)*flatBucket]))
}

// Add stores k in its bucket, overwriting one slot if the bucket is full.
func (t *Flat) Add(k Key) {
	if k == (Key{}) {
		return
	}
	if t.n == t.growAt {
		t.grow()
	}
	t.insert(k, true)
}

// insert puts a non-zero k in its bucket. A full bucket grows the table
// instead of overwriting when mayGrow, the table is below its budget and at
// least a quarter full (emptier, overflow is rare and only costs re-search).
func (t *Flat) insert(k Key, mayGrow bool) {
	bucket, h := t.bucket(k)
	b := bucket * flatBucket
	s := t.slots[b : b+flatBucket : b+flatBucket]
	for i := range s {
		if s[i] == k {
			return
		}
		if s[i] == (Key{}) {
			s[i] = k
			t.n++
			if i == 0 {
				// Slots fill in order, so a bucket is logged once.
				if len(t.touched) < t.logCap {
					t.touched = append(t.touched, bucket)
				} else {
					t.overrun = true
				}
			}
			return
		}
	}
	if mayGrow && t.growAt >= 0 && t.n >= t.growAt/2 {
		t.grow()
		t.insert(k, false)
		return
	}
	s[h&(flatBucket-1)] = k
}

// Each calls f with every key the table holds, in no order.
func (t *Flat) Each(f func(Key)) {
	for _, k := range t.slots {
		if k != (Key{}) {
			f(k)
		}
	}
}

// Len is the number of occupied slots.
func (t *Flat) Len() int { return t.n }

// Cap is the number of slots the table holds when grown to its budget.
func (t *Flat) Cap() int { return int(t.maxBuckets * flatBucket) }

// Bytes is the size of the slot array and of the clear log now (it grows
// up to the budget given to NewFlat).
func (t *Flat) Bytes() int64 { return flatSize(int64(t.buckets)) }

// MaxBytes is the size the table grows to at most.
func (t *Flat) MaxBytes() int64 { return flatSize(int64(t.maxBuckets)) }

// Clear empties the table: the logged buckets one by one, or every slot when
// the log overflowed. The table keeps its grown size (its pages are mapped).
func (t *Flat) Clear() {
	if t.overrun {
		clear(t.slots)
	} else {
		for _, bucket := range t.touched {
			b := bucket * flatBucket
			clear(t.slots[b : b+flatBucket])
		}
	}
	t.touched = t.touched[:0]
	t.overrun = t.logCap == 0
	t.n = 0
}

// Reset empties the table and takes it back to its first size, as NewFlat
// made it: from then on it holds, forgets and grows exactly as a fresh
// table of the same budget would, so a search's node count does not depend
// on the searches the table served before. It keeps the first size's array
// (zeroing it), so that a caller solving deal after deal (analyze's
// workers) gives a small deal no fresh memory; the larger arrays a search
// grew are dropped, as a fresh table's would be, so a table holds no more
// between searches than a fresh one.
func (t *Flat) Reset() {
	if t.buckets == uint64(len(t.first)/flatBucket) {
		t.Clear()
		return
	}
	t.slots = t.first
	clear(t.slots) // the keys it held before the table grew
	t.buckets = uint64(len(t.first) / flatBucket)
	lc := int(flatLogLen(int64(t.buckets)))
	t.touched = t.touched[:0]
	t.logCap = lc
	t.overrun = lc == 0
	t.n = 0
	t.growAt = -1
	if t.buckets < t.maxBuckets {
		t.growAt = int(t.buckets * flatBucket / 2)
	}
}
