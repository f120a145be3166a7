package cgt

// pairTable is an open-addressing hash table from a pair of form ids (never 0) to a
// boolean, for the memo of comparisons: several times faster than a Go map here, where
// lookups dominate.
type pairTable struct {
	keys []uint64
	vals []bool
	n    int
}

func (t *pairTable) slot(k uint64) int {
	h := k * 0x9E3779B97F4A7C15
	return int(h >> 32 & uint64(len(t.keys)-1))
}

func (t *pairTable) get(k uint64) (v, ok bool) {
	if t.n == 0 {
		return false, false
	}
	mask := len(t.keys) - 1
	for i := t.slot(k); ; i = (i + 1) & mask {
		switch t.keys[i] {
		case k:
			return t.vals[i], true
		case 0:
			return false, false
		}
	}
}

func (t *pairTable) put(k uint64, v bool) {
	if 4*(t.n+1) > 3*len(t.keys) {
		t.grow()
	}
	mask := len(t.keys) - 1
	for i := t.slot(k); ; i = (i + 1) & mask {
		switch t.keys[i] {
		case k:
			t.vals[i] = v
			return
		case 0:
			t.keys[i], t.vals[i] = k, v
			t.n++
			return
		}
	}
}

func (t *pairTable) grow() {
	old, oldv := t.keys, t.vals
	size := max(1024, 2*len(old))
	t.keys, t.vals, t.n = make([]uint64, size), make([]bool, size), 0
	for i, k := range old {
		if k != 0 {
			t.put(k, oldv[i])
		}
	}
}
