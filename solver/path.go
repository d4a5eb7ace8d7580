package solver

// pathSet holds the keys of the positions on the current search path, exactly
// (no forgetting, no false positives: it is what makes cycles terminate).
// It is an open-addressing set with linear probing, grown when half full; it
// allocates only when the path gets deeper than ever before. tags[i] is 0
// when slot i is empty, else 1 + the top seven bits of its key's hash: a
// probe reads a key only when its tag matches, so a miss (most probes) reads
// the tags alone, a sixteenth of the keys' memory (a path 2^18 deep holds
// 16 MiB of keys, beyond the caches; its tags take 1 MiB).
//
// The path is a stack, so keys leave in the reverse order they came: pop
// takes the last key added, and only empties its slot, reading no key. That
// keeps every probe chain whole: when the last key added leaves, the set is
// as it was just before that key came, when its slot was empty and every
// other key already in place. order lists the keys' slots in the order they
// came; grow re-adds the keys in that order, so that this holds in the grown
// arrays too. Any key may be held, the zero key too. The zero value is
// empty; reset readies it for a search.
type pathSet struct {
	slots []Key
	tags  []uint8
	order []uint32 // the slots of the keys held, in the order they came
	mask  uint64
}

// minPathSlots is the initial slot count: paths up to 512 deep never grow it.
const minPathSlots = 1024

// reset empties the set, keeping its arrays: it empties the slots its keys
// hold (a slot whose tag is 0 is never read, so the keys need no clearing).
func (p *pathSet) reset() {
	if p.slots == nil {
		p.slots = make([]Key, minPathSlots)
		p.tags = make([]uint8, minPathSlots)
		p.mask = minPathSlots - 1
	}
	for _, i := range p.order {
		p.tags[i] = 0
	}
	p.order = p.order[:0]
}

// len is the number of keys held.
func (p *pathSet) len() int { return len(p.order) }

// probe is the home slot and tag of a key whose mix is h.
func (p *pathSet) probe(h uint64) (uint64, uint8) {
	return h & p.mask, uint8(h>>57) + 1
}

// has reports whether the set holds k; h is mix(k) (the search hashes a
// key once for the set and the table).
func (p *pathSet) has(k Key, h uint64) bool {
	i, tag := p.probe(h)
	for ; p.tags[i] != 0; i = (i + 1) & p.mask {
		if p.tags[i] == tag && p.slots[i] == k {
			return true
		}
	}
	return false
}

// add puts k, which the set must not hold (the search adds a position only
// when has said it is not on the path), in the first empty slot from its
// home; h is mix(k).
func (p *pathSet) add(k Key, h uint64) {
	if 2*(len(p.order)+1) > len(p.slots) {
		p.grow()
	}
	i, tag := p.probe(h)
	for p.tags[i] != 0 {
		i = (i + 1) & p.mask
	}
	p.slots[i], p.tags[i] = k, tag
	p.order = append(p.order, uint32(i))
}

// pop removes the last key added (a no-op on an empty set).
func (p *pathSet) pop() {
	if n := len(p.order); n > 0 {
		p.tags[p.order[n-1]] = 0
		p.order = p.order[:n-1]
	}
}

// grow doubles the arrays and adds the keys again in the order they came.
func (p *pathSet) grow() {
	old, order := p.slots, p.order
	p.slots = make([]Key, 2*len(old))
	p.tags = make([]uint8, 2*len(old))
	p.mask = uint64(len(p.slots) - 1)
	p.order = make([]uint32, 0, 2*cap(order))
	for _, i := range order {
		p.add(old[i], mix(old[i]))
	}
}

// mix spreads a key's bits over 64 (Fmix64 of both halves), so exact
// packed keys with regular bit patterns hash evenly.
func mix(k Key) uint64 { return Fmix64(k.Hi*0x9E3779B97F4A7C15 ^ k.Lo) }

// Fmix64 is murmur3's 64-bit finalizer: a bijection of uint64 with
// Fmix64(0) = 0 whose output bits each depend on every input bit. The
// tables hash keys with it, and games and heuristics use it where they
// need well-spread bits (stack hashes, seeded tie-breaks).
// It must never change: keys, node counts and lines depend on it.
func Fmix64(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xFF51AFD7ED558CCD
	x ^= x >> 33
	x *= 0xC4CEB9FE1A85EC53
	x ^= x >> 33
	return x
}
