package solver

import (
	"fmt"

	"github.com/dgraph-io/ristretto/v2"
)

// RistrettoEntryBytes is the budgeted cost of one cached key: the 16-byte key
// stored as the value, ristretto's item and store overhead, and its admission
// counters. It converts --tt-mem into ristretto's MaxCost.
const RistrettoEntryBytes = 128

// Ristretto is a Table on github.com/dgraph-io/ristretto/v2. Keys are mixed to
// 64 bits for ristretto and the full key is kept as the value, so a hit is
// exact. Set is asynchronous and may be dropped by admission: that only costs
// re-search.
type Ristretto struct {
	c   *ristretto.Cache[uint64, Key]
	mem int64
}

// NewRistretto returns a cache bounded by about mem bytes.
func NewRistretto(mem int64) (*Ristretto, error) {
	items := mem / RistrettoEntryBytes
	if items < 1024 {
		items = 1024
	}
	c, err := ristretto.NewCache(&ristretto.Config[uint64, Key]{
		NumCounters: 10 * items,
		MaxCost:     items,
		BufferItems: 64,
	})
	if err != nil {
		return nil, fmt.Errorf("ristretto cache: %w", err)
	}
	return &Ristretto{c: c, mem: mem}, nil
}

// Contains reports whether k is cached.
func (t *Ristretto) Contains(k Key) bool {
	v, ok := t.c.Get(mix(k))
	return ok && v == k
}

// Add offers k to the cache at cost 1.
func (t *Ristretto) Add(k Key) { t.c.Set(mix(k), k, 1) }

// Len is the number of keys admitted (ristretto's metrics are off, so this is
// its cost counter).
func (t *Ristretto) Len() int { return int(t.c.MaxCost()) - int(t.c.RemainingCost()) }

// Bytes is the budget the cache was sized for.
func (t *Ristretto) Bytes() int64 { return t.mem }

// Close stops the cache's goroutines.
func (t *Ristretto) Close() { t.c.Close() }
