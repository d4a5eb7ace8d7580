package solver

// pathSet holds the keys of the positions on the current search path, exactly
// (no forgetting, no false positives: it is what makes cycles terminate).
// It is an open-addressing set with linear probing and backward-shift
// deletion, grown when half full; it allocates only when the path gets deeper
// than ever before. used[i] marks slot i occupied, so the zero key is a key
// like any other. The zero value is empty; reset readies it for a search.
type pathSet struct {
	slots []Key
	used  []bool
	n     int
	mask  uint64
}

// minPathSlots is the initial slot count: paths up to 512 deep never grow it.
const minPathSlots = 1024

// reset empties the set, keeping its arrays.
func (p *pathSet) reset() {
	if p.slots == nil {
		p.slots = make([]Key, minPathSlots)
		p.used = make([]bool, minPathSlots)
		p.mask = minPathSlots - 1
	} else if p.n > 0 {
		clear(p.used)
		clear(p.slots)
	}
	p.n = 0
}

func (p *pathSet) home(k Key) uint64 { return mix(k) & p.mask }

func (p *pathSet) has(k Key) bool {
	for i := p.home(k); p.used[i]; i = (i + 1) & p.mask {
		if p.slots[i] == k {
			return true
		}
	}
	return false
}

func (p *pathSet) add(k Key) {
	if 2*(p.n+1) > len(p.slots) {
		p.grow()
	}
	i := p.home(k)
	for p.used[i] {
		if p.slots[i] == k {
			return
		}
		i = (i + 1) & p.mask
	}
	p.slots[i], p.used[i] = k, true
	p.n++
}

func (p *pathSet) remove(k Key) {
	i := p.home(k)
	for ; p.used[i]; i = (i + 1) & p.mask {
		if p.slots[i] == k {
			break
		}
	}
	if !p.used[i] {
		return
	}
	// Backward-shift deletion keeps every probe chain unbroken.
	j := i
	for {
		j = (j + 1) & p.mask
		if !p.used[j] {
			break
		}
		h := p.home(p.slots[j])
		// Move slot j into the hole i unless its home lies cyclically in (i, j].
		if (j > i && (h <= i || h > j)) || (j < i && (h <= i && h > j)) {
			p.slots[i] = p.slots[j]
			i = j
		}
	}
	p.used[i] = false
	p.slots[i] = Key{}
	p.n--
}

func (p *pathSet) grow() {
	old, oldUsed := p.slots, p.used
	p.slots = make([]Key, 2*len(old))
	p.used = make([]bool, 2*len(old))
	p.mask = uint64(len(p.slots) - 1)
	p.n = 0
	for i, u := range oldUsed {
		if u {
			p.add(old[i])
		}
	}
}

// mix spreads a key's bits over 64 (Fmix64 of both halves), so exact
// packed keys with regular bit patterns hash evenly.
func mix(k Key) uint64 { return Fmix64(k.Hi*0x9E3779B97F4A7C15 ^ k.Lo) }

// Fmix64 is murmur3's 64-bit finalizer: a bijection of uint64 with
// Fmix64(0) = 0 whose output bits each depend on every input bit. The
// tables hash keys with it, and games and heuristics use it where they
// need well-spread bits (Il Ventaglio's stack hashes, seeded tie-breaks).
// It must never change: keys, node counts and lines depend on it.
func Fmix64(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xFF51AFD7ED558CCD
	x ^= x >> 33
	x *= 0xC4CEB9FE1A85EC53
	x ^= x >> 33
	return x
}
