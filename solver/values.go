package solver

import "math"

// valueTable is the solver's memo: one entry per Pos holding a value or a mark
// (unknown, onStack, a loop graph's mark loopBase + i, an infinite value's code;
// see the constants in solver.go).
// Entries are int32 in chunks of 1<<valueChunkBits, so that a table of 10^8
// positions costs 4 bytes each and is never copied as it grows. The rare entry
// that does not fit in 32 bits, such as the nimber of Nim(10^12) reached through
// a shortcut, is kept in a side map under the mark bigEntry.
type valueTable struct {
	chunks [][]int32
	big    map[Pos]int64
}

const (
	valueChunkBits = 16
	// bigEntry marks an entry kept in valueTable.big.
	bigEntry = math.MinInt32
)

// get returns p's entry, unknown when p is beyond the table.
func (t *valueTable) get(p Pos) int64 {
	c, i := int(p>>valueChunkBits), int(p&(1<<valueChunkBits-1))
	if c >= len(t.chunks) || i >= len(t.chunks[c]) {
		return unknown
	}
	v := t.chunks[c][i]
	if v == bigEntry {
		return t.big[p]
	}
	return int64(v)
}

// set records p's entry; the table must hold p (see grow).
func (t *valueTable) set(p Pos, v int64) {
	chunk := t.chunks[p>>valueChunkBits]
	i := p & (1<<valueChunkBits - 1)
	if chunk[i] == bigEntry {
		delete(t.big, p)
	}
	if v > math.MaxInt32 || v <= bigEntry {
		if t.big == nil {
			t.big = map[Pos]int64{}
		}
		t.big[p] = v
		chunk[i] = bigEntry
		return
	}
	chunk[i] = int32(v)
}

// grow makes the table hold p, new entries unknown. Only the last chunk is
// ever partial: the first starts small and doubles up to its full size, as
// most sessions hold few positions.
func (t *valueTable) grow(p Pos) {
	c := int(p >> valueChunkBits)
	first := max(len(t.chunks)-1, 0)
	for len(t.chunks) <= c {
		t.chunks = append(t.chunks, nil)
	}
	for i := first; i <= c; i++ {
		need := 1 << valueChunkBits
		if i == c {
			need = int(p&(1<<valueChunkBits-1)) + 1
		}
		chunk := t.chunks[i]
		if len(chunk) >= need {
			continue
		}
		size := min(max(need, 2*len(chunk), 1024), 1<<valueChunkBits)
		grown := make([]int32, size)
		copy(grown, chunk)
		for j := len(chunk); j < size; j++ {
			grown[j] = unknown
		}
		t.chunks[i] = grown
	}
}

// len is one more than the highest Pos the table holds.
func (t *valueTable) len() int {
	if len(t.chunks) == 0 {
		return 0
	}
	return (len(t.chunks)-1)<<valueChunkBits + len(t.chunks[len(t.chunks)-1])
}

// bytes is the memory the table holds.
func (t *valueTable) bytes() int {
	n := cap(t.chunks)*24 + len(t.big)*32
	for _, c := range t.chunks {
		n += cap(c) * 4
	}
	return n
}
