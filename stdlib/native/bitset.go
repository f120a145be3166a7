package native

import "math/bits"

// bitset is a fixed-size set of small non-negative integers; callers size it
// (grow) before the hot loops so that set never checks its length.
type bitset []uint64

func (b bitset) set(v int32) { b[v>>6] |= 1 << (uint(v) & 63) }
func (b bitset) or(o bitset) {
	for i, w := range o {
		b[i] |= w
	}
}
func grow(b bitset, words int) bitset {
	if len(b) >= words {
		return b
	}
	return append(b, make([]uint64, words-len(b))...)
}

// mex returns the least value not in b (len(b)*64 when b is full).
func (b bitset) mex() int32 {
	for i, w := range b {
		if w != ^uint64(0) {
			return int32(i*64 + bits.TrailingZeros64(^w))
		}
	}
	return int32(len(b) * 64)
}

// parity returns the parity of the number of one bits of v&mask.
func parity(v int32, mask uint32) uint32 {
	return uint32(bits.OnesCount32(uint32(v)&mask)) & 1
}
