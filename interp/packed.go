package interp

// packedIDs maps the packed key of a position's small integer arguments (see
// packKey) to its id: open addressing with linear probing, keys and ids in two
// flat arrays, at most three quarters full. A position costs 12 bytes at each of
// its 1 to 2.7 slots, and a lookup is a multiply and, mostly, one probe.
type packedIDs struct {
	keys  []uint64
	ids   []int32 // id+1 of the slot's key; 0 marks an empty slot
	n     int     // keys held
	shift uint    // 64 - log2(len(keys))
}

// slot is where key's probe sequence starts.
func (t *packedIDs) slot(key uint64) int {
	return int((key * 0x9E3779B97F4A7C15) >> t.shift)
}

// get returns the id of key.
func (t *packedIDs) get(key uint64) (int32, bool) {
	if t.n == 0 {
		return 0, false
	}
	mask := len(t.keys) - 1
	for i := t.slot(key); ; i = (i + 1) & mask {
		switch id := t.ids[i]; {
		case id == 0:
			return 0, false
		case t.keys[i] == key:
			return id - 1, true
		}
	}
}

// put records key's id; key must not be in t.
func (t *packedIDs) put(key uint64, id int32) {
	if 4*(t.n+1) > 3*len(t.keys) {
		t.grow()
	}
	mask := len(t.keys) - 1
	i := t.slot(key)
	for t.ids[i] != 0 {
		i = (i + 1) & mask
	}
	t.keys[i], t.ids[i] = key, id+1
	t.n++
}

func (t *packedIDs) grow() {
	keys, ids := t.keys, t.ids
	size := max(64, 2*len(keys))
	t.keys, t.ids, t.n = make([]uint64, size), make([]int32, size), 0
	t.shift = 64
	for s := size; s > 1; s >>= 1 {
		t.shift--
	}
	for i, id := range ids {
		if id != 0 {
			t.put(keys[i], id-1)
		}
	}
}

// bytes is the memory t holds.
func (t *packedIDs) bytes() int { return len(t.keys) * 12 }
