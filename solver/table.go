package solver

// Table is a transposition table of positions proven lost from where they
// stand (searched to the end without a win). It may forget any entry at any
// time; it must never claim a key it was not given.
type Table interface {
	// Contains reports whether k was stored and is still remembered.
	Contains(k Key) bool
	// Add stores k. It may be dropped.
	Add(k Key)
	// Len is the number of keys remembered now (an estimate for caches that
	// admit asynchronously).
	Len() int
	// Bytes is the memory the table holds, in bytes.
	Bytes() int64
}

// FlatEntryBytes is the flat table's cost per slot: one 16-byte key.
const FlatEntryBytes = 16

// flatBucket is how many slots one probe looks at (one 64-byte cache line).
const flatBucket = 4

// Flat is an open-addressing table of keys sized once from a byte budget:
// buckets of four slots (one cache line), a key goes to the first free slot
// of its bucket, and a full bucket overwrites a slot chosen by the key. The
// zero key is never stored (it marks an empty slot).
type Flat struct {
	slots []Key
	mask  uint64 // bucket count - 1
	n     int
}

// NewFlat returns a flat table using at most mem bytes (rounded down to a
// power of two of buckets; at least one bucket). Size it to the memory you can
// spare: every slot is 16 bytes, so 256 MiB holds 16 million positions.
func NewFlat(mem int64) *Flat {
	buckets := int64(1)
	for buckets*2*flatBucket*FlatEntryBytes <= mem {
		buckets *= 2
	}
	return &Flat{slots: make([]Key, buckets*flatBucket), mask: uint64(buckets - 1)}
}

// Contains reports whether k is in its bucket.
func (t *Flat) Contains(k Key) bool {
	if k == (Key{}) {
		return false
	}
	b := (mix(k) & t.mask) * flatBucket
	s := t.slots[b : b+flatBucket : b+flatBucket]
	return s[0] == k || s[1] == k || s[2] == k || s[3] == k
}

// Add stores k in its bucket, overwriting one slot if the bucket is full.
func (t *Flat) Add(k Key) {
	if k == (Key{}) {
		return
	}
	h := mix(k)
	b := (h & t.mask) * flatBucket
	s := t.slots[b : b+flatBucket : b+flatBucket]
	for i := range s {
		if s[i] == k {
			return
		}
		if s[i] == (Key{}) {
			s[i] = k
			t.n++
			return
		}
	}
	s[h>>62] = k
}

// Len is the number of occupied slots.
func (t *Flat) Len() int { return t.n }

// Bytes is the size of the slot array.
func (t *Flat) Bytes() int64 { return int64(len(t.slots)) * FlatEntryBytes }
