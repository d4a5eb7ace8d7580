package solver

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// newSmallPathSet makes a path set of size slots (a power of two), so that
// probe chains wrap around the end of the array.
func newSmallPathSet(size int) *pathSet {
	return &pathSet{slots: make([]Key, size), tags: make([]uint8, size), mask: uint64(size - 1)}
}

// checkPathSet compares p with the model (the keys on the path, in the
// order they came) after every operation: the same members, a count that
// matches the used slots, and no member lost.
func checkPathSet(t *testing.T, step int, p *pathSet, model []Key, probe []Key) {
	t.Helper()
	in := map[Key]bool{}
	for _, k := range model {
		in[k] = true
	}
	used := 0
	for i, tag := range p.tags {
		if tag != 0 {
			used++
			if _, want := p.probe(mix(p.slots[i])); tag != want {
				t.Fatalf("step %d: slot %d holds %v with tag %d, not its own %d", step, i, p.slots[i], tag, want)
			}
			if !in[p.slots[i]] {
				t.Fatalf("step %d: slot %d holds %v, not in the model", step, i, p.slots[i])
			}
		}
	}
	if used != p.len() || p.len() != len(model) {
		t.Fatalf("step %d: %d used slots, len %d, model %d", step, used, p.len(), len(model))
	}
	for _, k := range probe {
		if p.has(k, mix(k)) != in[k] {
			t.Fatalf("step %d: has(%v)=%v, model %v", step, k, p.has(k, mix(k)), in[k])
		}
	}
}

// TestPathSetRandom runs random pushes (of keys not held) and pops against
// a model stack, on a small set with a handful of home slots: long chains,
// wraparound at the end of the array, pops across the wrap, and growth with
// keys on the path (the grown set must still pop them in order).
func TestPathSetRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for round := range 200 {
		size := 16
		p := newSmallPathSet(size)
		// Keys whose home is in the last two slots of 16, to force chains
		// across the wrap, plus arbitrary keys (and the zero key).
		var keys []Key
		for len(keys) < 12 {
			k := Key{Hi: r.Uint64() & 3, Lo: r.Uint64() & 0xff}
			if mix(k)&15 >= 14 {
				keys = append(keys, k)
			}
		}
		for range 20 {
			keys = append(keys, Key{Hi: r.Uint64() & 1, Lo: r.Uint64() & 0x3f})
		}
		keys = append(keys, Key{})
		var model []Key
		for step := range 400 {
			k := keys[r.IntN(len(keys))]
			switch r.IntN(3) {
			case 0, 1:
				if len(model) < 40 && !slices.Contains(model, k) {
					p.add(k, mix(k))
					model = append(model, k)
				}
			default:
				p.pop()
				if len(model) > 0 {
					model = model[:len(model)-1]
				}
			}
			checkPathSet(t, round*1000+step, p, model, keys)
		}
	}
}

// TestPathSetWrapDelete pops a chain that wraps from the last slot to slot
// 0, and one whose keys came after others sharing its slots: each pop must
// leave the keys that came before it findable.
func TestPathSetWrapDelete(t *testing.T) {
	p := newSmallPathSet(16)
	var homeLast, homeZero []Key
	for i := uint64(0); len(homeLast) < 4 || len(homeZero) < 2; i++ {
		switch k := (Key{Lo: i}); mix(k) & 15 {
		case 15:
			homeLast = append(homeLast, k)
		case 0:
			homeZero = append(homeZero, k)
		}
	}
	homeLast = homeLast[:4]
	var model []Key
	// Slot 0 first holds a key whose home it is; the chain from slot 15
	// then wraps past it to slots 1, 2 and 3, and another key of home 0
	// goes after them (slot 4).
	for _, k := range append(append([]Key{homeZero[0]}, homeLast...), homeZero[1]) {
		p.add(k, mix(k))
		model = append(model, k)
	}
	if p.tags[15] == 0 || p.tags[0] == 0 || p.tags[1] == 0 || p.tags[2] == 0 || p.tags[3] == 0 || p.tags[4] == 0 {
		t.Fatalf("chain not wrapped: tags %v", p.tags)
	}
	probe := append(append([]Key{}, homeLast...), homeZero...)
	for len(model) > 0 {
		p.pop()
		model = model[:len(model)-1]
		checkPathSet(t, len(model), p, model, probe)
	}
}

// TestPathSetGrowAndReset fills past the initial size (growth keeps every
// member) and resets.
func TestPathSetGrowAndReset(t *testing.T) {
	var p pathSet
	p.reset()
	var keys []Key
	for i := range 5000 {
		k := Key{Hi: uint64(i % 7), Lo: uint64(i * 31)}
		keys = append(keys, k)
		p.add(k, mix(k))
	}
	checkPathSet(t, 0, &p, keys, keys)
	if len(p.slots) < 2*5000 {
		t.Fatalf("%d slots for 5000 keys: not grown to half full", len(p.slots))
	}
	// Grown with every key on the path, the set still pops them in order.
	for i := range 1000 {
		p.pop()
		if i%100 == 0 {
			checkPathSet(t, 1+i, &p, keys[:len(keys)-1-i], keys)
		}
	}
	p.reset()
	checkPathSet(t, 2000, &p, nil, keys)
}

// TestFlatNeverClaimsAbsent runs random Add/Contains against a map: a hit
// is always a key added since the last Clear (the table may forget, never
// invent). Tiny tables force overwrites; Clear is exercised both through the
// touched log and through a full clear.
func TestFlatNeverClaimsAbsent(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for _, mem := range []int64{0, 64, 1 << 10, 1 << 14, 1 << 20} {
		tab := NewFlat(mem)
		if tab.Bytes() > max(mem, 64) {
			t.Fatalf("NewFlat(%d) holds %d bytes", mem, tab.Bytes())
		}
		for round := range 6 {
			added := map[Key]bool{}
			// Few distinct keys in small rounds, many in large ones (log
			// overflow on the later rounds).
			universe := 1 + r.IntN(1<<(2*round+2))
			for range 20000 {
				k := Key{Hi: uint64(r.IntN(universe)) % 3, Lo: uint64(r.IntN(universe))}
				if r.IntN(2) == 0 {
					tab.Add(k)
					if k != (Key{}) {
						added[k] = true
					}
				} else if tab.Contains(k) && !added[k] {
					t.Fatalf("mem %d: Contains(%v) without Add", mem, k)
				}
				if tab.Len() > tab.Cap() {
					t.Fatalf("mem %d: Len %d > Cap %d", mem, tab.Len(), tab.Cap())
				}
			}
			// A key just added is found unless its bucket overflowed; in a
			// roomy table, everything added is still there.
			if mem == 1<<20 && universe < 200 {
				for k := range added {
					if !tab.Contains(k) {
						t.Fatalf("roomy table lost %v", k)
					}
				}
			}
			tab.Clear()
			if tab.Len() != 0 {
				t.Fatalf("Len %d after Clear", tab.Len())
			}
			for _, k := range tab.slots {
				if k != (Key{}) {
					t.Fatalf("mem %d round %d: slot %v left after Clear (overrun %v)", mem, round, k, tab.overrun)
				}
			}
		}
	}
}

// TestFlatPrefetch: Prefetch changes nothing a table answers. Two tables
// take the same adds (through growth to their budget, then overwrites) and
// clears, one with Prefetch of the keys about to be probed and of others
// (the zero key too) between them; they answer every Contains alike and
// end with the same slots.
func TestFlatPrefetch(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	for _, mem := range []int64{0, 64, 1 << 16, 1 << 20} {
		plain, pre := NewFlat(mem), NewFlat(mem)
		var p Prefetcher = pre // Flat is a Prefetcher
		for i := range 200_000 {
			k := Key{Hi: r.Uint64() % 5, Lo: uint64(r.IntN(50_000))}
			p.Prefetch(k)
			p.Prefetch(Key{Hi: r.Uint64(), Lo: r.Uint64()})
			p.Prefetch(Key{})
			switch {
			case i%50_000 == 49_999:
				plain.Clear()
				pre.Clear()
			case r.IntN(2) == 0:
				plain.Add(k)
				pre.Add(k)
			case plain.Contains(k) != pre.Contains(k):
				t.Fatalf("mem %d, op %d: Contains(%v) differs with Prefetch", mem, i, k)
			}
			if plain.Len() != pre.Len() {
				t.Fatalf("mem %d, op %d: Len %d, with Prefetch %d", mem, i, plain.Len(), pre.Len())
			}
		}
		if !slices.Equal(plain.slots, pre.slots) {
			t.Fatalf("mem %d: the slots differ with Prefetch", mem)
		}
	}
}

// TestFlatGrows: a roomy table doubles from 64 KiB to its budget, keeps
// every key through each rehash, keeps its size through Clear, and stops
// growing at the budget (then overwrites).
func TestFlatGrows(t *testing.T) {
	tab := NewFlat(4 << 20)
	if tab.Cap() != 4<<20/64*4-4*(4<<20/64/16*8/64+1) && tab.MaxBytes() > 4<<20 {
		t.Fatalf("cap %d, max bytes %d", tab.Cap(), tab.MaxBytes())
	}
	var keys []Key
	sizes := map[int64]bool{}
	countLost := func() int {
		lost := 0
		for _, k := range keys {
			if !tab.Contains(k) {
				lost++
			}
		}
		return lost
	}
	for i := range 100_000 {
		if i == 30_000 {
			// Still growing: a full bucket in a table a quarter full grows
			// it rather than overwrite, so under 1% is lost.
			if lost := countLost(); lost > len(keys)/100 {
				t.Fatalf("lost %d of %d keys while growing", lost, len(keys))
			}
		}
		k := Key{Hi: uint64(i % 5), Lo: uint64(i) * 7}
		tab.Add(k)
		keys = append(keys, k)
		sizes[tab.Bytes()] = true
		if tab.n > len(tab.slots) {
			t.Fatalf("n %d over %d slots", tab.n, len(tab.slots))
		}
	}
	if len(sizes) < 5 || tab.Bytes() != tab.MaxBytes() {
		t.Fatalf("sizes %v, at %d of %d bytes", sizes, tab.Bytes(), tab.MaxBytes())
	}
	// 100,000 keys in 262,000-odd slots at the budget: a bucket holds 1.5
	// keys on average, and about 2% of keys overflow a full bucket.
	if lost := countLost(); lost > len(keys)*3/100 {
		t.Fatalf("lost %d of %d keys at the budget", lost, len(keys))
	}
	size := tab.Bytes()
	tab.Clear()
	if tab.Bytes() != size || tab.Len() != 0 {
		t.Fatalf("after Clear: %d bytes (was %d), Len %d", tab.Bytes(), size, tab.Len())
	}
	for _, k := range keys {
		if tab.Contains(k) {
			t.Fatalf("%v found after Clear", k)
		}
	}
	for i := range 1_000_000 {
		tab.Add(Key{Hi: 9, Lo: uint64(i)})
	}
	if tab.Bytes() != size || tab.Len() > tab.Cap() {
		t.Fatalf("past the budget: %d bytes, Len %d, Cap %d", tab.Bytes(), tab.Len(), tab.Cap())
	}
}

// TestFlatReset: a table Reset after a search of any size (none, a few
// keys, growth part way, growth to the budget and overwrites) behaves as a
// fresh table of the same budget, step for step: the same Contains answers,
// Len and Bytes after every operation and the same slots at the end, while
// it keeps its first array (a search that stays at the first size
// allocates nothing).
func TestFlatReset(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	for _, mem := range []int64{64, 1 << 16, 1 << 20, 4 << 20} {
		reused := NewFlat(mem)
		for round, size := range []int{0, 10, 3_000, 200_000, 50, 40_000, 0, 600_000, 5_000} {
			reused.Reset()
			fresh := NewFlat(mem)
			sameSearch(t, r, fresh, reused, size, fmt.Sprintf("mem %d round %d", mem, round))
			if !slices.Equal(fresh.slots, reused.slots) {
				t.Fatalf("mem %d round %d: the slots differ", mem, round)
			}
		}
		// A search that stays at the first size allocates nothing, and the
		// table drops what it grew: its arrays are the first size's.
		search := func() {
			reused.Reset()
			for i := range min(reused.Cap(), flatStartBuckets*flatBucket) / 4 {
				reused.Add(Key{Hi: 1, Lo: uint64(i)})
			}
		}
		if got := testing.AllocsPerRun(3, search); got != 0 {
			t.Errorf("mem %d: %v allocations in a search at the first size", mem, got)
		}
		if len(reused.slots) != len(reused.first) || &reused.slots[0] != &reused.first[0] {
			t.Errorf("mem %d: %d slots after Reset, not the first size's %d", mem, len(reused.slots), len(reused.first))
		}
	}
}

// TestFlatSplit: growing by splitting each bucket in two (split, into an
// array full of other keys) makes the table rehash makes, key by key in
// slot order into a zeroed array: the same slots, count, clear log and
// overrun, from tables of every fill (overwritten buckets, cleared ones,
// a clear log short enough to overrun).
func TestFlatSplit(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 28))
	for round := range 40 {
		b := int64(1 + r.IntN(300))
		from := &Flat{maxBuckets: uint64(4 * b)}
		from.alloc(b, true)
		from.growAt = -1 // fill it past where it would grow
		for range r.IntN(int(6 * b)) {
			from.insert(Key{Hi: r.Uint64() % 4, Lo: r.Uint64()}, false)
		}
		if round%3 == 0 {
			from.Clear()
			for range r.IntN(int(b)) {
				from.insert(Key{Hi: 1, Lo: r.Uint64()}, false)
			}
		}
		want := &Flat{maxBuckets: from.maxBuckets}
		want.alloc(2*b, true)
		want.rehash(from.slots)
		got := &Flat{maxBuckets: from.maxBuckets}
		got.alloc(2*b, false)
		for i := range got.slots {
			got.slots[i] = Key{Hi: 7, Lo: uint64(i) + 1}
		}
		got.split(from.slots)
		if !slices.Equal(got.slots, want.slots) || got.n != want.n || !slices.Equal(got.touched, want.touched) || got.overrun != want.overrun {
			t.Fatalf("round %d (%d buckets, %d keys): split gives %d keys, log %d, overrun %v; rehash %d keys, log %d, overrun %v",
				round, b, from.n, got.n, len(got.touched), got.overrun, want.n, len(want.touched), want.overrun)
		}
	}
}

// TestFlatZeroKey: the zero key is never stored nor claimed.
func TestFlatZeroKey(t *testing.T) {
	tab := NewFlat(1 << 12)
	tab.Add(Key{})
	if tab.Contains(Key{}) || tab.Len() != 0 {
		t.Fatal("zero key stored")
	}
	tab.Add(Key{Lo: 1})
	if tab.Contains(Key{}) || !tab.Contains(Key{Lo: 1}) {
		t.Fatal("zero key claimed, or key 1 lost")
	}
}

// collidingKey returns a key other than k with the same 64-bit mix (mix
// hashes Hi*C ^ Lo, so choosing Lo fixes the mix for any Hi).
func collidingKey(k Key) Key {
	const c = 0x9E3779B97F4A7C15
	hi := k.Hi + 1
	return Key{Hi: hi, Lo: k.Hi*c ^ k.Lo ^ hi*c}
}

// TestRistrettoNeverClaimsAbsent: after every write has landed, Contains is
// true only for keys added, including keys that share a 64-bit mix with an
// added key; Clear forgets everything.
func TestRistrettoNeverClaimsAbsent(t *testing.T) {
	for _, items := range []int64{8, 1024} {
		tab, err := newRistrettoItems(items)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(31, 32))
		added := map[Key]bool{}
		var probes []Key
		for i := range 5000 {
			k := Key{Hi: r.Uint64(), Lo: r.Uint64()}
			if i%2 == 0 {
				tab.Add(k)
				added[k] = true
				ck := collidingKey(k)
				if mix(ck) != mix(k) {
					t.Fatal("collidingKey does not collide")
				}
				probes = append(probes, k, ck)
			} else {
				probes = append(probes, k)
			}
			if i%500 == 0 {
				tab.Wait()
				for _, p := range probes {
					if tab.Contains(p) && !added[p] {
						t.Fatalf("items %d: Contains(%v) without Add", items, p)
					}
				}
			}
		}
		tab.Wait()
		hits := 0
		for k := range added {
			if tab.Contains(k) {
				hits++
			}
		}
		if hits == 0 || hits > int(items) {
			t.Fatalf("items %d: %d of %d added keys found", items, hits, len(added))
		}
		if tab.Len() > tab.Cap() {
			t.Fatalf("Len %d > Cap %d", tab.Len(), tab.Cap())
		}
		tab.Clear()
		for k := range added {
			if tab.Contains(k) {
				t.Fatalf("%v found after Clear", k)
			}
		}
		if tab.Len() != 0 {
			t.Fatalf("Len %d after Clear", tab.Len())
		}
		tab.Close()
	}
}

// TestNewTable: each kind, and an unknown kind naming the choices.
func TestNewTable(t *testing.T) {
	for _, kind := range []string{TableNone, TableFlat, TableRistretto} {
		tab, err := NewTable(kind, 1<<20)
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		if (tab == nil) != (kind == TableNone) {
			t.Fatalf("%s: table %v", kind, tab)
		}
		CloseTable(tab)
	}
	tab, err := NewTable("lru", 1<<20)
	if err == nil || tab != nil {
		t.Fatalf("unknown kind: %v, %v", tab, err)
	}
	for _, want := range []string{`"lru"`, "flat", "ristretto", "none"} {
		if !strings.Contains(err.Error(), want) {
			t.Fatalf("error %q does not name %s", err, want)
		}
	}
}

// sameSearch makes 2·size random operations (Add or Contains, keys among
// 2·size) on fresh and other and fails at the first where they differ: a
// Contains answer, Len or Bytes.
func sameSearch(t *testing.T, r *rand.Rand, fresh, other *Flat, size int, what string) {
	t.Helper()
	universe := uint64(max(size, 1)) * 2
	for i := range 2 * size {
		k := Key{Hi: r.Uint64() % 3, Lo: r.Uint64() % universe}
		if r.IntN(2) == 0 {
			fresh.Add(k)
			other.Add(k)
		} else if fresh.Contains(k) != other.Contains(k) {
			t.Fatalf("%s op %d: Contains(%v) %v fresh, %v other", what, i, k, fresh.Contains(k), other.Contains(k))
		}
		if fresh.Len() != other.Len() || fresh.Bytes() != other.Bytes() {
			t.Fatalf("%s op %d: Len %d, Bytes %d fresh; %d, %d other", what, i, fresh.Len(), fresh.Bytes(), other.Len(), other.Bytes())
		}
	}
}

// TestFlatKeepArrays: a table that keeps its grown arrays (KeepArrays)
// holds, forgets and grows slot for slot as a fresh table of the same
// budget after each Reset, whatever its kept arrays held (budgets of a
// power of two doublings and not: the last growth then rehashes into a
// kept array), keeps two arrays at most, and once they have grown, a
// search that grows the table to its budget again allocates nothing.
func TestFlatKeepArrays(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 30))
	for _, mem := range []int64{1 << 16, 1 << 20, 3 << 20, 4 << 20} {
		kept := NewFlat(mem)
		kept.KeepArrays()
		for round, size := range []int{200_000, 10, 3_000, 600_000, 50, 40_000, 600_000, 5_000} {
			kept.Reset()
			fresh := NewFlat(mem)
			sameSearch(t, r, fresh, kept, size, fmt.Sprintf("mem %d round %d", mem, round))
			if fresh.Len() != kept.Len() || !slices.Equal(fresh.slots, kept.slots) || !slices.Equal(fresh.touched, kept.touched) || fresh.overrun != kept.overrun {
				t.Fatalf("mem %d round %d: %d keys fresh, %d kept, or the slots or clear logs differ", mem, round, fresh.Len(), kept.Len())
			}
			for i, a := range kept.spare {
				if int64(cap(a))*FlatEntryBytes > mem {
					t.Errorf("mem %d round %d: kept array %d holds %d bytes, more than the budget", mem, round, i, int64(cap(a))*FlatEntryBytes)
				}
			}
		}
		grow := func() {
			kept.Reset()
			for i := range kept.Cap() {
				kept.Add(Key{Hi: 1, Lo: uint64(i)})
			}
		}
		grow()
		if got := testing.AllocsPerRun(2, grow); got != 0 {
			t.Errorf("mem %d: %v allocations growing the table again to its budget", mem, got)
		}
	}
}
