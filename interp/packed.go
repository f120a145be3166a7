package interp

// packedIDs maps the packed key of a position's small integer arguments (see
// packKey) to its id: open addressing with linear probing over one flat array of
// ids, at most three quarters full. The keys are not stored: keyOf gives the key
// of an id (the position table holds it), so a position costs 4 bytes at each of
// its 1.3 to 2.7 slots, and a lookup is a multiply and, mostly, one probe.
type packedIDs struct {
	ids   []int32 // id+1 of the slot's position; 0 marks an empty slot
	n     int     // positions held
	shift uint    // 64 - log2(len(ids))
}

// slot is where key's probe sequence starts.
func (t *packedIDs) slot(key uint64) int {
	return int((key * 0x9E3779B97F4A7C15) >> t.shift)
}

// get returns the id of key.
func (t *packedIDs) get(key uint64, keyOf func(id int32) uint64) (int32, bool) {
	if t.n == 0 {
		return 0, false
	}
	mask := len(t.ids) - 1
	for i := t.slot(key); ; i = (i + 1) & mask {
		id := t.ids[i]
		if id == 0 {
			return 0, false
		}
		if keyOf(id-1) == key {
			return id - 1, true
		}
	}
}

// put records the id of key, which must not be in t.
func (t *packedIDs) put(key uint64, id int32, keyOf func(id int32) uint64) {
	if 4*(t.n+1) > 3*len(t.ids) {
		t.grow(keyOf)
	}
	mask := len(t.ids) - 1
	i := t.slot(key)
	for t.ids[i] != 0 {
		i = (i + 1) & mask
	}
	t.ids[i] = id + 1
	t.n++
}

func (t *packedIDs) grow(keyOf func(id int32) uint64) {
	ids := t.ids
	size := max(64, 2*len(ids))
	t.ids, t.n = make([]int32, size), 0
	t.shift = 64
	for s := size; s > 1; s >>= 1 {
		t.shift--
	}
	for _, id := range ids {
		if id != 0 {
			t.put(keyOf(id-1), id-1, keyOf)
		}
	}
}

// bytes is the memory t holds.
func (t *packedIDs) bytes() int { return len(t.ids) * 4 }
