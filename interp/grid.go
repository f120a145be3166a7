package interp

// gridIDs maps the positions of a two-argument game whose arguments are small
// non-negative integers, such as W(a, b), to their ids through a table of rows
// indexed by the arguments: no hashing, and positions that differ by one in the
// second argument sit side by side in memory, as a game's moves usually reach
// them. A packed hash table (packedIDs) sends each lookup to a random place in
// a table larger than the processor's caches; on W(2000, 2000) that was two
// thirds of the time. The grid takes a position only while its cells stay
// within a few times the positions it holds, so a sparse game (Wythoff's
// positions far from the diagonal, one argument in the thousands and one small)
// falls back to the packed table for the rest.
//
// The grid also keeps a copy of the solved positions' values by argument (see
// noteValue), so that probing reads an option's value with two loads, as a
// hand-written loop over a table does, without finding its id first.
type gridIDs struct {
	rows  [][]int32 // rows[a][b] is id+1 of (a, b); 0 marks none
	cells int       // cells allocated, in all rows
	n     int       // positions held
	// vals[a*width+b] is 1 + the value of (a, b) once it is solved and below
	// 1<<16 - 1; 0 marks not known. It is one table with rows of one width,
	// as a hand-written loop's, so that a walk down a column or a diagonal
	// goes at one stride in memory, which the processor prefetches. Values
	// are kept from the first probe that reads them on (keepValues), so that
	// a game that never reads them, such as W(a, b) whose clauses have no
	// generator, does not pay their bytes.
	vals       []uint16
	width      int
	keepValues bool
}

// gridLimit bounds both arguments of a position kept in a grid.
const gridLimit = 1 << 15

// get returns the id of (a, b), if the grid holds it.
func (t *gridIDs) get(a, b int64) (int32, bool) {
	if uint64(a) >= uint64(len(t.rows)) {
		return 0, false
	}
	row := t.rows[a]
	if uint64(b) >= uint64(len(row)) || row[b] == 0 {
		return 0, false
	}
	return row[b] - 1, true
}

// put records the id of (a, b), which the grid must not hold, and reports
// whether it could: the arguments must be in range and the cells the grid
// would need at most four times its positions (and a few thousand more).
func (t *gridIDs) put(a, b int64, id int32) bool {
	if a < 0 || b < 0 || a >= gridLimit || b >= gridLimit {
		return false
	}
	rows, extra := len(t.rows), 0
	if int(a) >= rows {
		extra += int(a) + 1 - rows // row headers count as cells
	}
	var row []int32
	if int(a) < rows {
		row = t.rows[a]
	}
	size := len(row)
	if int(b) >= size {
		size = max(int(b)+1, 2*len(row), 8)
		extra += size - len(row)
	}
	if extra > 0 && t.cells+extra > 4*(t.n+1)+4096 {
		return false
	}
	for int(a) >= len(t.rows) {
		t.rows = append(t.rows, nil)
	}
	if size > len(row) {
		grown := make([]int32, size)
		copy(grown, row)
		t.rows[a] = grown
	}
	t.cells += extra
	t.rows[a][b] = id + 1
	t.n++
	return true
}

// noteValue records v, the value of (a, b), when the grid keeps values, holds
// (a, b) and v fits, and its table of values would be at most four times the
// cells of the grid's ids (and a few thousand more).
func (t *gridIDs) noteValue(a, b, v int64) {
	if !t.keepValues || v < 0 || v >= 1<<16-1 || uint64(a) >= uint64(len(t.rows)) || uint64(b) >= uint64(len(t.rows[a])) {
		return
	}
	height := 0
	if t.width > 0 {
		height = len(t.vals) / t.width
	}
	if int(a) >= height || int(b) >= t.width {
		w, h := t.width, height
		if int(b) >= w {
			w = max(int(b)+1, 2*w, 8)
		}
		if int(a) >= h {
			h = max(int(a)+1, 2*h, 8)
		}
		if w*h > 4*t.cells+4096 {
			return // too sparse a grid: its values stay in the memo alone
		}
		grown := make([]uint16, w*h)
		for x := range height {
			copy(grown[x*w:], t.vals[x*t.width:(x+1)*t.width])
		}
		t.vals, t.width = grown, w
	}
	t.vals[int(a)*t.width+int(b)] = uint16(v + 1)
}

// forgetValues drops every value noted.
func (t *gridIDs) forgetValues() { t.vals, t.width = nil, 0 }

// bytes is the memory the grid holds.
func (t *gridIDs) bytes() int {
	return t.cells*4 + cap(t.rows)*24 + len(t.vals)*2
}
