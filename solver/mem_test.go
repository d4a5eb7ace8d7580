package solver

import (
	"runtime"
	"testing"
)

// heapInUse is the live heap after a full collection, in bytes.
func heapInUse() int64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}

// ristrettoBytesPerEntry builds a cache of items entries, offers it 2×items
// distinct keys (waiting for every write), and returns the heap it holds per
// entry it can hold, with its fill.
func ristrettoBytesPerEntry(t *testing.T, items int64) (float64, int) {
	before := heapInUse()
	tab, err := newRistrettoItems(items)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2 * items {
		tab.Add(Key{Hi: uint64(i) % 7, Lo: uint64(i)})
		if i%1000 == 999 {
			tab.Wait() // keep the write buffer from dropping: fill the cache
		}
	}
	tab.Wait()
	after := heapInUse()
	n := tab.Len()
	runtime.KeepAlive(tab)
	tab.Close()
	return float64(after-before) / float64(items), n
}

// TestRistrettoEntryBytes measures the ristretto table's heap per entry with
// runtime.MemStats and checks that RistrettoEntryBytes covers it, so that
// --tt-mem is honest.
func TestRistrettoEntryBytes(t *testing.T) {
	for _, items := range []int64{1 << 17} {
		per, n := ristrettoBytesPerEntry(t, items)
		t.Logf("ristretto %d entries: %.0f bytes per entry, %d held", items, per, n)
		if per > RistrettoEntryBytes {
			t.Errorf("ristretto uses %.0f bytes per entry, budgeted %d", per, RistrettoEntryBytes)
		}
		if n < int(items)*9/10 {
			t.Errorf("ristretto holds %d of %d entries: the accounting undercounts", n, items)
		}
	}
}

// TestFlatBytes: grown to its budget, the flat table's heap matches Bytes
// (and the first size's 64 KiB, kept for Reset) and stays within the
// budget it was given.
func TestFlatBytes(t *testing.T) {
	const mem = 16 << 20
	before := heapInUse()
	tab := NewFlat(mem)
	if tab.Bytes() != 64<<10+8*64 {
		t.Fatalf("flat starts at %d bytes", tab.Bytes())
	}
	for i := uint64(1); tab.Bytes() < tab.MaxBytes(); i++ {
		tab.Add(Key{Lo: i})
	}
	got := heapInUse() - before - 64<<10
	if tab.Bytes() > mem || got > tab.Bytes()+64<<10 || got < tab.Bytes()-64<<10 {
		t.Fatalf("flat: heap %d, Bytes %d, budget %d", got, tab.Bytes(), mem)
	}
	runtime.KeepAlive(tab)
}

// TestFlatUsesBudget: NewFlat fills its budget to within 0.1% (the clear
// log and bucket rounding), never over it.
func TestFlatUsesBudget(t *testing.T) {
	for _, mem := range []int64{1 << 20, 3 << 20, 1000003, 256 << 20} {
		tab := NewFlat(mem)
		if b := tab.MaxBytes(); b > mem || b < mem-mem/1000-2*flatBucket*FlatEntryBytes {
			t.Errorf("NewFlat(%d): %d bytes", mem, b)
		}
	}
}
