package native

import (
	"encoding/binary"
	"slices"
	"unsafe"
)

// Pairing blocks. The rare-value method pairs every rare heap r with its
// partner m - r for every heap: for Grundy's game about 1,300 pairs a heap,
// whose partners lie scattered over the last 80,000 values, so a loop over
// the rare heaps of one heap waits on memory. A block turns the loops over:
// for each rare heap r, the partners of blockSize consecutive heaps are
// blockSize consecutive values, read once, and their XORs are marked in one
// row of bytes a heap (rows that stay in the first-level cache).
//
// A block pairs the rare heaps r >= minR that are the smaller part (2r <
// m). Every partner is then below the block's first heap when that heap is
// the next one to compute (minR = blockSize: the block is filled in place)
// or the one after (minR = 2*blockSize: a second core fills the next block
// while the engine computes the current one). The engine pairs the other
// rare heaps itself. With one removal count a block also visits, for the
// confirming scan, the splits of the scan's first runs of eight, whose
// partners are known as well (a > 8*orderStride; see engineOptions). The
// values are those of the per-heap loops: a block holds, ahead, pairs the
// engine would have made, and adds only options.

// blockSize is the number of heaps a block covers.
const blockSize = 64

// blockMaxValues bounds vcap for blocks: a block's rows take blockSize*vcap
// bytes, 256KB at the bound.
const blockMaxValues = 4096

// block is the rare pairs of the heaps from .. from+blockSize-1.
type block struct {
	from  int
	lo    int      // rare[lo:] are paired here: r >= minR
	runs  int      // and the scan's runs c = orderStride*j, 0 < j < runs (sparse.go)
	words int      // words of a heap's set
	sets  []uint64 // the option sets, words a heap
	rows  []uint8  // scratch: a row of bytes a heap, 1 for a value met
	done  chan struct{}
}

// blockSet returns the block's options of heap h (the pairs of rare heaps
// rare[lo:] below the smaller part, and of the scan's runs below skip),
// filling blocks as needed, or nil when blocks are not in use.
func (e *engine[T]) blockSet(h int) (set []uint64, lo, skip int) {
	if len(e.rare) < 64 || e.vcap > blockMaxValues || h <= 4*blockSize {
		e.dropBlocks()
		return nil, 0, 0
	}
	if e.cur == nil || h < e.cur.from || h >= e.cur.from+blockSize {
		if e.next != nil && e.next.from == h {
			<-e.next.done
			e.spare, e.cur, e.next = e.cur, e.next, nil
		} else {
			e.dropBlocks()
			e.cur = e.startBlock(h, blockSize)
			<-e.cur.done
		}
		if e.helpFrom > 0 && h >= e.helpFrom {
			e.next = e.startBlock(h+blockSize, 2*blockSize)
		}
	}
	i := (h - e.cur.from) * e.cur.words
	return e.cur.sets[i : i+e.cur.words], e.cur.lo, e.cur.runs
}

// startBlock fills the block of heaps from.. with the rare heaps r >= minR
// known now: on a second core when minR is 2*blockSize (from is the heap
// after the block being computed), else in place.
func (e *engine[T]) startBlock(from, minR int) *block {
	b := e.spare
	e.spare = nil
	if b == nil {
		b = &block{}
	}
	b.from, b.words, b.done = from, e.words, make(chan struct{})
	b.lo, _ = slices.BinarySearch(e.rare, int32(minR))
	vcap := int(e.vcap)
	b.sets = grow(b.sets, blockSize*b.words)[:blockSize*b.words]
	if len(b.rows) < blockSize*max(vcap, rowValues) {
		b.rows = make([]uint8, blockSize*max(vcap, rowValues))
	}
	ahead := minR == 2*blockSize
	b.runs = 0
	if runs := e.placeRuns; len(e.split) == 1 {
		if ahead {
			runs = e.aheadRuns
		}
		if (from-e.split[0])/2-1 >= 8*orderStride*runs { // runs of the first pass for every heap
			b.runs = runs
		}
	}
	e.filled++
	if b.runs > 0 {
		e.filledRuns++
	}
	g, rare, rv, split := e.g, e.rare, e.rareV[:len(e.rare)], e.split
	fill := func() {
		defer close(b.done)
		fillBlock(b, g, rare, rv, split, vcap)
	}
	if ahead {
		go fill()
	} else {
		fill()
	}
	return b
}

// fillBlock marks the pairs of rare[b.lo:] and of the scan's runs in
// b.rows and folds the rows into b.sets.
func fillBlock[T value](b *block, g []T, rare, rv []int32, split []int, vcap int) {
	// Rows as arrays, which the inner loops index with no bounds checks:
	// rows of 256 for values of one byte, of rowValues for values below it.
	stride := vcap
	var bytes *[blockSize][256]uint8
	var arrays *[blockSize][rowValues]uint8
	if _, ok := any(g).([]uint8); ok && vcap == 256 {
		bytes = (*[blockSize][256]uint8)(unsafe.Pointer(&b.rows[0]))
	} else if unsafe.Sizeof(T(0)) <= 2 && vcap <= rowValues {
		stride = rowValues
		arrays = (*[blockSize][rowValues]uint8)(unsafe.Pointer(&b.rows[0]))
	}
	rows := b.rows[:blockSize*stride]
	// mark marks the pairs of heaps from+i0.. whose partner is at p+i0..,
	// the other part having value w.
	mark := func(p, i0 int, w T) {
		seg := g[p+i0 : p+blockSize]
		switch {
		case bytes != nil:
			markBytes(bytes, any(seg).([]uint8), i0, uint8(w))
		case arrays != nil:
			markRows(arrays, seg, i0, w)
		default:
			row := i0 * vcap
			for _, v := range seg {
				rows[row+int(v^w)] = 1
				row += vcap
			}
		}
	}
	for x := b.lo; x < len(rare); x++ {
		r, w := int(rare[x]), T(rv[x])
		if 2*r+1-b.from >= blockSize {
			break // the smaller part of no heap of the block, nor of later ones
		}
		for _, k := range split {
			if i0 := max(0, 2*r+k+1-b.from); i0 < blockSize { // heaps from+i0.. have 2r < m
				mark(b.from-k-r, i0, w)
			}
		}
	}
	for j := 1; j < b.runs; j++ { // one removal count
		for a := 8*orderStride*j + 1; a <= 8*orderStride*j+8; a++ {
			mark(b.from-split[0]-a, 0, g[a])
		}
	}
	// Eight bytes of 0 or 1 become eight bits: multiplying by
	// 0x0102040810204080 moves byte j's low bit to bit 56+j, with no carries.
	clear(b.sets)
	for i := range blockSize {
		row, set := rows[i*stride:i*stride+vcap], b.sets[i*b.words:(i+1)*b.words]
		for j := 0; j < vcap; j += 8 {
			bits8 := binary.LittleEndian.Uint64(row[j:]) * 0x0102040810204080 >> 56
			set[j>>6] |= bits8 << (j & 63)
		}
		clear(row)
	}
}

// dropBlocks waits for the pending block and drops the blocks: the engine
// is about to change what they read (the mask, the rare list) or to hand
// its values over.
func (e *engine[T]) dropBlocks() {
	if e.next != nil {
		<-e.next.done
		e.spare = e.next
	}
	e.cur, e.next = nil, nil
}

// rowValues is the length of a row that markRows indexes.
const rowValues = 512

// markRows is fillBlock's inner loop for values below rowValues (two bytes,
// or one below 128): seg holds
// the partners of heaps from+i0.. and w is the other part's value. A whole
// block goes eight partners at a time.
func markRows[T value](rows *[blockSize][rowValues]uint8, seg []T, i0 int, w T) {
	if i0 > 0 {
		for i, v := range seg {
			rows[(i0+i)&(blockSize-1)][int(v^w)&(rowValues-1)] = 1
		}
		return
	}
	for q := 0; q+8 <= len(seg); q += 8 {
		v, r := (*[8]T)(seg[q:q+8]), (*[8][rowValues]uint8)(rows[q:q+8])
		r[0][int(v[0]^w)&(rowValues-1)] = 1
		r[1][int(v[1]^w)&(rowValues-1)] = 1
		r[2][int(v[2]^w)&(rowValues-1)] = 1
		r[3][int(v[3]^w)&(rowValues-1)] = 1
		r[4][int(v[4]^w)&(rowValues-1)] = 1
		r[5][int(v[5]^w)&(rowValues-1)] = 1
		r[6][int(v[6]^w)&(rowValues-1)] = 1
		r[7][int(v[7]^w)&(rowValues-1)] = 1
	}
}

// markBytes is fillBlock's inner loop when values are bytes: seg holds the
// partners of heaps from+i0.. and w is the rare heap's value. A whole block
// goes eight partners at a time, read as one word.
func markBytes(rows *[blockSize][256]uint8, seg []uint8, i0 int, w uint8) {
	if i0 > 0 {
		for i, v := range seg {
			rows[(i0+i)&(blockSize-1)][v^w] = 1
		}
		return
	}
	ww := uint64(w) * 0x0101010101010101
	for q := 0; q+8 <= len(seg); q += 8 {
		z := binary.LittleEndian.Uint64(seg[q:]) ^ ww
		r := (*[8][256]uint8)(rows[q : q+8])
		r[0][uint8(z)] = 1
		r[1][uint8(z>>8)] = 1
		r[2][uint8(z>>16)] = 1
		r[3][uint8(z>>24)] = 1
		r[4][uint8(z>>32)] = 1
		r[5][uint8(z>>40)] = 1
		r[6][uint8(z>>48)] = 1
		r[7][uint8(z>>56)] = 1
	}
}
