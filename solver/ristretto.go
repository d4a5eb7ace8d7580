//go:build !(js && wasm)

// The browser's engine (cmd/solitario-wasm, GOOS=js) is built without this
// file: its requests search with the default strategy's flat table only, and
// the ristretto library with what it imports (go-humanize compiles a
// regular expression at start, the unicode tables, log, os/user) was 0.7 MB
// of the .wasm and 40% of the Go runtime's start (node 20, CPU time)
// (ristretto_wasm.go; docs/design.md, "The board's first answer").

package solver

import (
	"fmt"

	"github.com/dgraph-io/ristretto/v2"
)

// RistrettoEntryBytes is the measured heap cost of one cached key, in bytes,
// used to turn --tt-mem into a number of entries. It covers the store's map
// entry (ristretto's 56-byte storeItem holding our 16-byte key as the value,
// plus the map's slack), the eviction policy's cost-map entry, and the
// admission counters (10 per entry: count-min sketch and bloom door-keeper).
// TestRistrettoEntryBytes measures it with runtime.MemStats on a full cache:
// 213 to 271 bytes per entry from 16 thousand to 1.5 million entries,
// depending on how full the maps happen to be (docs/experiments.md); the
// budget takes the top of that range, so --tt-mem is not exceeded.
const RistrettoEntryBytes = 280

// ristrettoCounters is NumCounters per entry: ristretto's documentation asks
// for 10x the number of items the cache holds when full.
const ristrettoCounters = 10

// minRistrettoItems is the smallest cache NewRistretto builds.
const minRistrettoItems = 1024

// Ristretto is a Table on github.com/dgraph-io/ristretto/v2 (TinyLFU
// admission, sampled-LFU eviction). Keys are mixed to 64 bits for ristretto
// and the full 128-bit key is kept as the value, so Contains is exact: two
// keys with the same 64-bit mix evict each other but are never confused.
//
// Add is asynchronous: ristretto buffers the write and applies it on its own
// goroutine, and may drop it (full buffer, or refused by admission). A key
// just added may therefore not be found yet. That is harmless here: a
// position not found is searched again (see the package doc); it is never
// wrongly found. Every entry costs 1 against a MaxCost counted in entries
// (internal costs ignored: they are included in RistrettoEntryBytes).
// Each Add allocates one small item inside ristretto, so this backend is not
// allocation-free on the hot path (Flat is).
type Ristretto struct {
	c     *ristretto.Cache[uint64, Key]
	items int64
	dirty bool // an Add since the last Clear
}

// NewRistretto returns a cache bounded by about mem bytes: mem /
// RistrettoEntryBytes entries, at least 1024.
func NewRistretto(mem int64) (*Ristretto, error) {
	return newRistrettoItems(max(mem/RistrettoEntryBytes, minRistrettoItems))
}

// newRistrettoItems builds a cache of exactly items entries (tests use tiny
// caches to force eviction).
func newRistrettoItems(items int64) (*Ristretto, error) {
	c, err := ristretto.NewCache(&ristretto.Config[uint64, Key]{
		NumCounters:        ristrettoCounters * items,
		MaxCost:            items,
		BufferItems:        64,
		IgnoreInternalCost: true,
	})
	if err != nil {
		return nil, fmt.Errorf("ristretto cache: %w", err)
	}
	return &Ristretto{c: c, items: items}, nil
}

// newRistrettoTable is NewTable's ristretto table.
func newRistrettoTable(mem int64) (Table, error) {
	r, err := NewRistretto(mem)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// Contains reports whether k is cached (and its write has been applied).
func (t *Ristretto) Contains(k Key) bool {
	v, ok := t.c.Get(mix(k))
	return ok && v == k
}

// Add offers k to the cache at cost 1. It returns at once; the write may be
// applied later or dropped.
func (t *Ristretto) Add(k Key) {
	t.dirty = true
	t.c.Set(mix(k), k, 1)
}

// Len is the number of keys admitted (ristretto's metrics are off, so this is
// its cost counter: every key costs 1).
func (t *Ristretto) Len() int { return int(t.c.MaxCost() - t.c.RemainingCost()) }

// Cap is the number of entries the cache holds when full.
func (t *Ristretto) Cap() int { return int(t.items) }

// Bytes is the estimated memory of the cache when full:
// Cap × RistrettoEntryBytes.
func (t *Ristretto) Bytes() int64 { return t.items * RistrettoEntryBytes }

// Wait blocks until every Add made so far has been applied or dropped.
func (t *Ristretto) Wait() { t.c.Wait() }

// Clear empties the cache, dropping buffered writes too. A cache with no Add
// since the last Clear is left as it is (clearing zeroes all counters).
func (t *Ristretto) Clear() {
	if !t.dirty {
		return
	}
	t.c.Clear()
	t.dirty = false
}

// Close stops the cache's goroutines. The cache must not be used after.
func (t *Ristretto) Close() { t.c.Close() }
