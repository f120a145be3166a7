package solver

import "slices"

// sumTable maps sorted atom multisets to state ids by open addressing. It stores no
// atoms itself: a slot holds where the state is in the arena and the high half of
// its hash, and the state's id and atoms are read there (one place in memory) to
// compare when the halves match. A slot costs 8 bytes; the table is at most half full.
type sumTable struct {
	slots []uint64 // hash>>32<<32 | 1+at; 0 is empty
	n     int
	arena *atomArena
}

func newSumTable(arena *atomArena) sumTable {
	return sumTable{slots: make([]uint64, 64), arena: arena}
}

// hashAtoms mixes the atoms into 64 bits: finishHash of their sumHash.
func hashAtoms(atoms []int64) uint64 { return finishHash(sumHash(atoms)) }

// sumHash is the sum of the atoms' mixes. A sum, not a chain, so that the
// search can make a child's from its parent's: take away the mix of the atom
// moved in and add those of the atoms the move leaves (see nextChild).
func sumHash(atoms []int64) uint64 {
	var h uint64
	for _, a := range atoms {
		h += atomMix(a)
	}
	return h
}

// atomMix is one atom's share of sumHash (splitmix64's finalizer).
func atomMix(a int64) uint64 {
	h := uint64(a) + 0x9e3779b97f4a7c15
	h = (h ^ h>>30) * 0xbf58476d1ce4e5b9
	h = (h ^ h>>27) * 0x94d049bb133111eb
	return h ^ h>>31
}

// finishHash spreads a sumHash over all 64 bits, for the table's index and tag.
func finishHash(h uint64) uint64 {
	h = (h ^ h>>33) * 0xff51afd7ed558ccd
	h = (h ^ h>>33) * 0xc4ceb9fe1a85ec53
	return h ^ h>>33
}

// find returns the id stored for atoms, if any; h is hashAtoms(atoms).
func (t *sumTable) find(atoms []int64, h uint64) (int32, bool) {
	tag := h >> 32 << 32
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 {
			return 0, false
		}
		if s&^0xffffffff == tag {
			id, stored := t.arena.get(atomAt(uint32(s) - 1))
			if slices.Equal(stored, atoms) {
				return id, true
			}
		}
	}
}

// insert records the state at at in the arena, whose atoms must not be in the
// table yet.
func (t *sumTable) insert(atoms []int64, at atomAt) {
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
	}
	t.place(hashAtoms(atoms), at)
	t.n++
}

func (t *sumTable) place(h uint64, at atomAt) {
	mask := uint64(len(t.slots) - 1)
	i := h & mask
	for t.slots[i] != 0 {
		i = (i + 1) & mask
	}
	t.slots[i] = h>>32<<32 | uint64(at+1)
}

// grow doubles the table, rehashing every stored state from its atoms.
func (t *sumTable) grow() {
	old := t.slots
	t.slots = make([]uint64, 2*len(old))
	for _, s := range old {
		if s != 0 {
			at := atomAt(uint32(s) - 1)
			_, atoms := t.arena.get(at)
			t.place(hashAtoms(atoms), at)
		}
	}
}

// bytes is the table's memory.
func (t *sumTable) bytes() int { return 8 * cap(t.slots) }
