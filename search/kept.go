package search

// kept is a move as the arena keeps it, in 8 bytes: the state it leads to in
// the low 32 bits, whether its player moves again in the next bit, and its gain
// in the 31 high bits. A gain that does not fit them is kept in the searcher's
// bigGains, by the move's place, and its bits hold bigGain.
type kept uint64

const (
	againBit  = kept(1) << 32
	gainShift = 33
	bigGain   = -1 << (63 - gainShift) // the least gain the bits hold, which stands for a bigger one
)

// pack keeps m, and says whether its gain is too big for the bits.
func pack(m Move) (k kept, big bool) {
	g := m.Gain
	if g <= bigGain || g >= -bigGain {
		g, big = bigGain, true
	}
	k = kept(uint32(m.To)) | kept(g)<<gainShift
	if m.Again {
		k |= againBit
	}
	return k, big
}

// to is the state k leads to.
func (k kept) to() State { return State(int32(uint32(k))) }

// move returns move i of e's moves, kept at moves.
func (s *Searcher) move(e *entry, moves []kept, i int32) Move {
	k := moves[i]
	m := Move{To: k.to(), Gain: int64(k) >> gainShift, Again: k&againBit != 0}
	if m.Gain == bigGain {
		m.Gain = s.bigGains[place(e, i)]
	}
	return m
}

// place names move i of e's moves in the arena, for bigGains.
func place(e *entry, i int32) uint64 {
	return uint64(e.chunk)<<32 | uint64(int32(e.start)+i)
}
