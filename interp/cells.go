package interp

import (
	"math/bits"

	"github.com/grundy-lang/grundy/solver"
)

// Sets of small cells. A position whose one argument is a set of integers from
// 0 to 63, or of pairs (r, c) of integers from 0 to 7 (the cells of a board of
// up to 8 x 8), is kept as a bitmask of its elements, as a hand-written board
// game keeps its board: bit v for the integer v, bit 8r + c for the cell
// (r, c). Sorted elements are increasing bits in both kinds, so the set is
// rebuilt from its bits in order. Such positions are interned by the mask, and
// cellMove runs move clauses over them on the mask.

// cellKind is how a set's elements map to bits.
type cellKind uint8

const (
	intCells  cellKind = iota // integers 0..63 (and the empty set)
	pairCells                 // pairs (r, c) of integers 0..7
)

// cellSide is the side of the largest board of pairs.
const cellSide = 8

// cellMask packs v when it is a set of small cells: its mask and kind. The
// empty set is intCells, so that it has one key.
func cellMask(v Value) (uint64, cellKind, bool) {
	if v.K != KSet {
		return 0, 0, false
	}
	elems := v.Seq()
	if len(elems) == 0 {
		return 0, intCells, true
	}
	kind := intCells
	if elems[0].K == KTuple {
		kind = pairCells
	}
	var mask uint64
	for _, e := range elems {
		bit, ok := cellBit(e, kind)
		if !ok {
			return 0, 0, false
		}
		mask |= 1 << bit
	}
	return mask, kind, true
}

// cellBit is the bit of element e in a set of kind.
func cellBit(e Value, kind cellKind) (uint, bool) {
	if kind == intCells {
		return uint(e.N), e.K == KInt && uint64(e.N) < 64
	}
	if e.K != KTuple {
		return 0, false
	}
	rc := e.Seq()
	if len(rc) != 2 || rc[0].K != KInt || rc[1].K != KInt || uint64(rc[0].N) >= cellSide || uint64(rc[1].N) >= cellSide {
		return 0, false
	}
	return uint(rc[0].N*cellSide + rc[1].N), true
}

// cellValues holds a session's values of the cells, shared by the sets it
// rebuilds from masks.
type cellValues struct {
	pairs [64]Value // the tuple (r, c) at bit 8r + c, once made
}

// set rebuilds the set of kind whose mask is given.
func (cv *cellValues) set(mask uint64, kind cellKind) Value {
	elems := make([]Value, 0, bits.OnesCount64(mask))
	for m := mask; m != 0; m &= m - 1 {
		bit := bits.TrailingZeros64(m)
		if kind == intCells {
			elems = append(elems, Int(int64(bit)))
			continue
		}
		if cv.pairs[bit].K != KTuple {
			cv.pairs[bit] = Tuple(Int(int64(bit/cellSide)), Int(int64(bit%cellSide)))
		}
		elems = append(elems, cv.pairs[bit])
	}
	return Value{K: KSet, R: newSeq(elems)}
}

// internCells interns g(S), S being the set of cells of kind with mask, given
// in canonical form.
func (in *Interp) internCells(g *Game, mask uint64, kind cellKind) solver.Pos {
	if mask == 0 {
		kind = intCells // the empty set has one key
	}
	t := &g.cells[kind]
	if id, ok := t.get(mask); ok {
		return solver.Pos(id)
	}
	id := in.nextPosition()
	in.pos.add(g, mask, packingOf(kind), nil)
	t.put(mask, int32(id))
	return id
}

// cellIDs maps the masks of a game's sets of cells of one kind to their
// positions' ids: open addressing with linear probing, at most three quarters
// full. Each slot holds its mask beside the id (16 bytes a slot, where
// packedIDs takes 4), so that a lookup reads one place in memory, not two:
// a board game's positions are many and its lookups random.
type cellIDs struct {
	slots []cellSlot
	n     int  // positions held
	shift uint // 64 - log2(len(slots))
}

type cellSlot struct {
	mask uint64
	id   int32 // id+1; 0 marks an empty slot
}

func (t *cellIDs) slot(mask uint64) int { return int((mask * 0x9E3779B97F4A7C15) >> t.shift) }

// get returns the id of mask.
func (t *cellIDs) get(mask uint64) (int32, bool) {
	if t.n == 0 {
		return 0, false
	}
	last := len(t.slots) - 1
	for i := t.slot(mask); ; i = (i + 1) & last {
		s := &t.slots[i]
		if s.id == 0 {
			return 0, false
		}
		if s.mask == mask {
			return s.id - 1, true
		}
	}
}

// put records the id of mask, which must not be in t.
func (t *cellIDs) put(mask uint64, id int32) {
	if 4*(t.n+1) > 3*len(t.slots) {
		old := t.slots
		size := max(64, 2*len(old))
		t.slots, t.n, t.shift = make([]cellSlot, size), 0, uint(64-bits.TrailingZeros(uint(size)))
		for _, s := range old {
			if s.id != 0 {
				t.put(s.mask, s.id-1)
			}
		}
	}
	last := len(t.slots) - 1
	i := t.slot(mask)
	for t.slots[i].id != 0 {
		i = (i + 1) & last
	}
	t.slots[i] = cellSlot{mask, id + 1}
	t.n++
}

// bytes is the memory t holds.
func (t *cellIDs) bytes() int { return len(t.slots) * 16 }
