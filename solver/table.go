package solver

import "math/bits"

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

// FlatEntryBytes is the flat table's cost per slot: one 16-byte key.
const FlatEntryBytes = 16

// flatBucket is how many slots one probe looks at (one 64-byte cache line).
const flatBucket = 4

// flatLogShift sets the touched-bucket log's length to buckets>>flatLogShift:
// up to 1/16 of the buckets are cleared one by one, beyond that the whole
// array is zeroed (the search that filled them cost far more than that).
const flatLogShift = 4

// maxFlatLog caps the touched-bucket log (8 MiB of bucket numbers).
const maxFlatLog = 1 << 20

// Flat is an open-addressing table of keys sized once from a byte budget:
// buckets of four slots (one cache line), a key goes to the first free slot
// of its bucket, and a full bucket overwrites a slot chosen by the key's hash.
// The zero key is never stored (it marks an empty slot): a position whose key
// is zero is simply never remembered, which only costs re-search.
//
// Layout: slots[4b .. 4b+3] is bucket b; a key's bucket is the high word of
// mix(key) × buckets (multiply-shift: any bucket count, so the whole budget
// is used), and a full bucket overwrites slot mix(key) & 3 (low bits,
// independent of the bucket). touched lists the buckets filled since the last
// Clear, so that clearing after a small search costs only what it touched.
type Flat struct {
	slots   []Key
	buckets uint64
	n       int
	touched []uint64 // buckets that got their first key since Clear
	logCap  int      // touched is not grown past this; then overflow
	overrun bool     // touched overflowed: Clear zeroes all slots
}

// NewFlat returns a flat table using at most mem bytes: as many 64-byte
// buckets as fit in mem with the clear log (8 bytes per 16 buckets, at most
// 8 MiB), and at least one bucket (four slots). Size it to the memory you can
// spare: every slot is 16 bytes, so 256 MiB holds about 16.6 million
// positions.
func NewFlat(mem int64) *Flat {
	const bucketBytes = flatBucket * FlatEntryBytes
	logLen := func(b int64) int64 { return min(b>>flatLogShift, maxFlatLog) }
	size := func(b int64) int64 { return b*bucketBytes + 8*logLen(b) }
	b := max(mem/bucketBytes, 1)
	for b > 1 && size(b) > mem {
		b -= max((size(b)-mem)/bucketBytes, 1)
	}
	b = max(b, 1)
	lc := int(logLen(b))
	return &Flat{
		slots:   make([]Key, b*flatBucket),
		buckets: uint64(b),
		touched: make([]uint64, 0, lc),
		logCap:  lc,
		overrun: lc == 0,
	}
}

// bucket is k's bucket number and the 64-bit mix it came from.
func (t *Flat) bucket(k Key) (uint64, uint64) {
	h := mix(k)
	b, _ := bits.Mul64(h, t.buckets)
	return b, h
}

// Contains reports whether k is in its bucket.
func (t *Flat) Contains(k Key) bool {
	if k == (Key{}) {
		return false
	}
	bucket, _ := t.bucket(k)
	b := bucket * flatBucket
	s := t.slots[b : b+flatBucket : b+flatBucket]
	return s[0] == k || s[1] == k || s[2] == k || s[3] == k
}

// Add stores k in its bucket, overwriting one slot if the bucket is full.
func (t *Flat) Add(k Key) {
	if k == (Key{}) {
		return
	}
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
	s[h&(flatBucket-1)] = k
}

// Len is the number of occupied slots.
func (t *Flat) Len() int { return t.n }

// Cap is the number of slots.
func (t *Flat) Cap() int { return len(t.slots) }

// Bytes is the size of the slot array and of the clear log.
func (t *Flat) Bytes() int64 { return int64(len(t.slots))*FlatEntryBytes + int64(8*t.logCap) }

// Clear empties the table: the logged buckets one by one, or every slot when
// the log overflowed.
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
