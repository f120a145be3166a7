package solver

import "slices"

// sumTable maps sorted atom multisets to state ids by open addressing. It stores no
// atoms itself: a slot holds a state id and the high half of its hash, and the atoms
// of a state are read back through atomsOf (the flat arena m.atoms) to compare on a
// hash collision. A slot costs 8 bytes; the table is at most half full.
type sumTable struct {
	slots   []uint64 // hash>>32<<32 | 1+id; 0 is empty
	n       int
	atomsOf func(id int32) []int64
}

func newSumTable(atomsOf func(int32) []int64) sumTable {
	return sumTable{slots: make([]uint64, 64), atomsOf: atomsOf}
}

// hashAtoms mixes the atoms into 64 bits.
func hashAtoms(atoms []int64) uint64 {
	h := uint64(len(atoms))*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
	for _, a := range atoms {
		h ^= uint64(a)
		h *= 0xbf58476d1ce4e5b9
		h ^= h >> 31
	}
	h ^= h >> 29
	h *= 0x94d049bb133111eb
	return h ^ h>>32
}

// find returns the id stored for atoms, if any.
func (t *sumTable) find(atoms []int64) (int32, bool) {
	h := hashAtoms(atoms)
	tag := h >> 32 << 32
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 {
			return 0, false
		}
		if s&^0xffffffff == tag {
			id := int32(uint32(s)) - 1
			if slices.Equal(t.atomsOf(id), atoms) {
				return id, true
			}
		}
	}
}

// insert stores id for atoms, which must not be in the table yet.
func (t *sumTable) insert(atoms []int64, id int32) {
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
	}
	t.place(hashAtoms(atoms), id)
	t.n++
}

func (t *sumTable) place(h uint64, id int32) {
	mask := uint64(len(t.slots) - 1)
	i := h & mask
	for t.slots[i] != 0 {
		i = (i + 1) & mask
	}
	t.slots[i] = h>>32<<32 | uint64(uint32(id+1))
}

// grow doubles the table, rehashing every stored id from its atoms.
func (t *sumTable) grow() {
	old := t.slots
	t.slots = make([]uint64, 2*len(old))
	for _, s := range old {
		if s != 0 {
			id := int32(uint32(s)) - 1
			t.place(hashAtoms(t.atomsOf(id)), id)
		}
	}
}

// bytes is the table's memory.
func (t *sumTable) bytes() int { return 8 * cap(t.slots) }
