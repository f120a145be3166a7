package native

import (
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
)

// The rare-value ("sparse space") method of Gangolli and Plambeck, as used
// by Flammenkamp for Grundy's game.
//
// Pick a nonzero bit mask and split values into two classes by the parity of
// popcount(v & mask): class 0 (a subgroup under XOR, containing 0) and
// class 1. For many games almost every heap has a class-1 value; the few
// heaps with class-0 values are "rare". Because parity(x^y) = parity(x) ^
// parity(y), a two-heap split has a class-1 value only when exactly one of
// its heaps is rare. So the class-1 options of a heap are all found by
// pairing each rare heap with its partner: O(#rare) work, not O(n). Let c1
// be the least class-1 value that is not an option. The value of the heap is
// c1 unless some class-0 value below c1 is missing from the options; those
// are found by scanning the splits a = 1, 2, ... (all removal counts
// interleaved, so the scan can stop early), and the scan stops as soon as
// every class-0 value below c1 has been seen, which is usually after a few
// dozen pairs. Only when it is not (the heap is rare) does the scan run to
// the end.
//
// The method is exact for every mask; the mask only decides how fast it is.
// chooseMask picks the mask with the fewest rare heaps among recent heaps and
// falls back to the full scan when no mask makes them rare.

// chooseMask picks the mask for the heaps computed so far and rebuilds the
// rare list, or turns the method off when no mask makes class 0 rare.
//
// A mask costs, a heap, one pair for each rare heap so far (every heap
// pairs with all of them) and a full scan of about h/2 pairs for the heaps
// to come that are rare, at the rate seen among the last 65,536 (at most)
// values: the mask with the least expected cost wins. The method is on when
// at most one recent heap in eight is rare under it.
func (e *engine[T]) chooseMask() {
	h := len(e.g)
	lo := max(1, h/2)
	if h-lo > 1<<16 {
		lo = h - 1<<16
	}
	window := h - lo
	all, recent := make([]int, e.vcap), make([]int, e.vcap)
	for _, v := range e.g[1:lo] {
		all[v]++
	}
	for _, v := range e.g[lo:h] {
		recent[v]++
	}
	cost := func(m uint32) (float64, int) {
		rare, seen := 0, 0
		for v := range all {
			if parity(int32(v), m) == 0 {
				rare += all[v] + recent[v]
				seen += recent[v]
			}
		}
		return float64(rare) + float64(seen)/float64(window)*float64(h)/2, seen
	}
	top := uint32(1) << bits.Len32(uint32(e.maxV)) // masks below top matter
	best, bestCost, bestSeen := uint32(0), math.Inf(1), window+1
	try := func(m uint32) bool {
		if c, seen := cost(m); c < bestCost {
			best, bestCost, bestSeen = m, c, seen
			return true
		}
		return false
	}
	if top <= 1024 {
		for m := uint32(1); m < top; m++ {
			try(m)
		}
	} else { // greedy bit flips from the previous mask
		start := e.mask
		if start == 0 {
			start = top - 1
		}
		try(start)
		for improved := true; improved; {
			improved = false
			for b := uint32(1); b < top; b <<= 1 {
				if m := best ^ b; m != 0 && try(m) {
					improved = true
				}
			}
		}
	}
	on := best != 0 && bestSeen*8 <= window
	if on == e.sparse && (!on || best == e.mask) {
		return
	}
	e.sparse = on
	e.rare, e.rareV = e.rare[:0], e.rareV[:0]
	if !on {
		return
	}
	e.mask = best
	e.setClasses()
	e.findRare()
}

// findRare lists the rare heaps under e.mask.
func (e *engine[T]) findRare() {
	for i := 1; i < len(e.g); i++ {
		if v := int32(e.g[i]); parity(v, e.mask) == 0 {
			e.rare, e.rareV = append(e.rare, int32(i)), append(e.rareV, v)
		}
	}
}

// setClasses fills classA1 for every value the bitsets cover.
func (e *state) setClasses() {
	e.classA1 = grow(e.classA1, e.words)
	for i := range e.classA1 {
		var w uint64
		for j := 0; j < 64; j++ {
			if parity(int32(i*64+j), e.mask) == 1 {
				w |= 1 << j
			}
		}
		e.classA1[i] = w
	}
}

// sparseStep computes g(h) by the rare-value method.
func (e *engine[T]) sparseStep(h int) int32 {
	e.direct(h)
	g, opt := e.g, e.opt
	rare, rv := e.rare, e.rareV[:len(e.rare)]
	set, lo, skip := e.blockSet(h) // the block's pairs: rare[lo:] below the smaller part, the scan's runs below skip
	for i, w := range set {
		opt[i] |= w
	}
	for _, k := range e.split {
		m := h - k
		if m < 2 {
			continue
		}
		// rare[:i] are the heaps r < m/2 (the smaller part), rare[i:j] are
		// r == m/2 (the equal split, m even), rare[j:] hold the larger parts.
		i, _ := slices.BinarySearch(rare, int32((m+1)/2))
		j := i
		if m%2 == 0 && j < len(rare) && int(rare[j]) == m/2 {
			j++
			if !e.unequal {
				i = j
			}
		}
		mine := i
		if set != nil {
			mine = min(i, lo)
		}
		for x, r := range rare[:mine] {
			opt.set(rv[x] ^ int32(g[m-int(r)]))
		}
		for x, r := range rare[j:] {
			if int(r) >= m {
				break
			}
			opt.set(rv[j+x] ^ int32(g[m-int(r)]))
		}
	}
	e.work += len(rare) * len(e.split)

	// c1: the least class-1 value that is not an option. It exists below
	// 2*vcap: options are below vcap and class 1 has members in [vcap, 2vcap).
	var c1 int32
	for i, w := range e.classA1 {
		if x := w &^ opt[i]; x != 0 {
			c1 = int32(i*64 + bits.TrailingZeros64(x))
			break
		}
	}
	// need: class-0 values below c1 not yet known to be options, as a
	// bool per value for the hot loop (false at and above c1).
	if len(e.needB) < max(e.words*64, 1024) { // scanBytes and scanValues read 256 and 1024
		e.needB = make([]uint8, max(e.words*64, 1024))
	}
	need := e.needB[:2*e.vcap] // c1 < 2*vcap
	count := 0
	for i := 0; i <= int(c1>>6); i++ {
		x := ^e.classA1[i] &^ opt[i]
		for x != 0 {
			v := i*64 + bits.TrailingZeros64(x)
			x &= x - 1
			if v < int(c1) {
				need[v] = 1
				count++
			}
		}
	}
	if count == 0 {
		return c1
	}
	v := e.scan(h, skip, need, count)
	clear(need[:c1])
	if v < 0 {
		return c1
	}
	return v
}

// scan visits the splits of every removal count (with one and values below
// 512, in scanOrder, but for the runs a block visited: skip; else a = 1, 2,
// ... of all at once), crossing off the needed values it meets. It returns -1 when all count of
// them were met (early exit), or else the least value never met.
func (e *engine[T]) scan(h, skip int, need []uint8, count int) int32 {
	g := e.g
	nk := len(e.split)
	if cap(e.scratch) < 2*nk {
		e.scratch = make([]int, 2*nk)
	}
	ms, halves := e.scratch[:nk], e.scratch[nk:2*nk]
	maxHalf := 0
	for j, k := range e.split {
		m := h - k
		half := m / 2
		if e.unequal && m%2 == 0 {
			half--
		}
		ms[j], halves[j] = m, half
		maxHalf = max(maxHalf, half)
	}
	if g8, ok := any(g).([]uint8); ok && nk == 1 {
		visited, left := scanBytes(g8, ms[0], halves[0], skip, (*[256]uint8)(e.needB), count)
		if e.work += visited; left == 0 {
			return -1
		}
	} else if nk == 1 && e.vcap <= 512 {
		visited, left := scanValues(g, ms[0], halves[0], skip, (*[1024]uint8)(e.needB), count)
		if e.work += visited; left == 0 {
			return -1
		}
	} else {
		for a := 1; a <= maxHalf; a++ {
			ga := g[a]
			for j, m := range ms {
				if a > halves[j] {
					continue
				}
				if v := ga ^ g[m-a]; need[v] != 0 {
					need[v] = 0
					if count--; count == 0 {
						e.work += a * nk
						return -1
					}
				}
			}
		}
		e.work += maxHalf * nk
	}
	for v, b := range need {
		if b != 0 {
			return int32(v)
		}
	}
	panic("native: scan lost a needed value") // count > 0 means one is left
}

// orderRuns and orderStride set the order of a scan with one removal count:
// runs of eight splits a = 8c+1 .. 8c+8, first those with c < orderRuns in
// the order c = 0, orderStride, 2*orderStride, ..., then 1, 1+orderStride,
// ..., then the runs past them in order. A block may have visited the
// first pass's runs c = orderStride*j, 0 < j < skip, for the scan (block.go). Neighbouring heaps have related
// values, so runs far apart meet more distinct values than as many splits
// side by side: for Grundy's game near heap 2^19 the scan meets all the
// values it needs after about 1,360 splits in this order, 3,180 in order.
const orderRuns, orderStride = 8192, 64

// scanOrder lists the runs c < orderRuns in the scan's order: a run at
// position i >= orderRuns is c = i.
var scanOrder = func() []uint16 {
	o := make([]uint16, 0, orderRuns)
	for p := range orderStride {
		for c := p; c < orderRuns; c += orderStride {
			o = append(o, uint16(c))
		}
	}
	return o
}()

// nextRun returns the position after i in the scan's order of runs, past
// the positions 1 .. skip-1 that a block visited, and its run c, or false
// past the last of the total runs.
func nextRun(i, skip, total int) (int, int, bool) {
	for i++; ; i++ {
		if i == 1 && skip > 1 {
			i = skip
		}
		if i >= orderRuns {
			return i, i, i < total
		}
		if c := int(scanOrder[i]); c < total {
			return i, c, true
		}
	}
}

// scanBytes is scan's loop for one removal count when values take one
// byte. A run is read as two words, the larger parts' bytes in reverse
// order, so that byte j of their XOR is g(a+j) ^ g(m-a-j): one branch for
// eight pairs. It returns the splits it visited and how many needed values
// it did not meet (0: it stopped at the last one).
func scanBytes(g []uint8, m, half, skip int, need *[256]uint8, count int) (int, int) {
	visited, total := 0, half/8
	for i, c, ok := nextRun(-1, skip, total); ok; i, c, ok = nextRun(i, skip, total) {
		visited += 8
		a := 8*c + 1
		z := binary.LittleEndian.Uint64(g[a:]) ^ binary.BigEndian.Uint64(g[m-a-7:])
		if need[uint8(z)]|need[uint8(z>>8)]|need[uint8(z>>16)]|need[uint8(z>>24)]|
			need[uint8(z>>32)]|need[uint8(z>>40)]|need[uint8(z>>48)]|need[uint8(z>>56)] == 0 {
			continue
		}
		for j := range 8 {
			if v := uint8(z >> (8 * j)); need[v] != 0 {
				need[v] = 0
				count--
			}
		}
		if count == 0 {
			return visited, 0
		}
	}
	return scanTail(g, m, half, need[:], count, visited)
}

// scanValues is scan's loop for one removal count when values are below
// 512 (need holds 1024 values): eight pairs a round, one branch for the eight.
func scanValues[T value](g []T, m, half, skip int, need *[1024]uint8, count int) (int, int) {
	visited, total := 0, half/8
	for i, c, ok := nextRun(-1, skip, total); ok; i, c, ok = nextRun(i, skip, total) {
		visited += 8
		a := 8*c + 1
		x, y := (*[8]T)(g[a:a+8]), (*[8]T)(g[m-a-7:m-a+1])
		v0, v1, v2, v3 := int(x[0]^y[7])&1023, int(x[1]^y[6])&1023, int(x[2]^y[5])&1023, int(x[3]^y[4])&1023
		v4, v5, v6, v7 := int(x[4]^y[3])&1023, int(x[5]^y[2])&1023, int(x[6]^y[1])&1023, int(x[7]^y[0])&1023
		if need[v0]|need[v1]|need[v2]|need[v3]|need[v4]|need[v5]|need[v6]|need[v7] == 0 {
			continue
		}
		for _, v := range [8]int{v0, v1, v2, v3, v4, v5, v6, v7} {
			if need[v] != 0 {
				need[v] = 0
				count--
			}
		}
		if count == 0 {
			return visited, 0
		}
	}
	return scanTail(g, m, half, need[:], count, visited)
}

// scanTail visits the splits past the last run of eight.
func scanTail[T value](g []T, m, half int, need []uint8, count, visited int) (int, int) {
	for a := half/8*8 + 1; a <= half; a++ {
		visited++
		if v := g[a] ^ g[m-a]; need[v] != 0 {
			need[v] = 0
			if count--; count == 0 {
				break
			}
		}
	}
	return visited, count
}
