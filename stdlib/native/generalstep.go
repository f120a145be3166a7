package native

import "math/bits"

// generalState is what the engine keeps to compute a general code (see
// general.go). Splits without a mark are read from XOR sets built once per
// number of heaps and size: the set of values of the splits of m tokens into
// c heaps is the union over the first heap a of g(a) XOR the set for c - 1
// heaps of m - a, so no split is visited. Splits into two or three heaps
// with a mark are listed one by one (eachPartition); splits into more heaps
// with a mark are counted by a knapsack (knapsack.go); all-equal splits are
// one per count.
type generalState struct {
	spec   *codeSpec
	series map[seriesKey][]bitset
	marked map[markedKey]*knapsack
}

// seriesKey names a family of XOR sets: splits into exactly heaps heaps, or
// into heaps or more when more is set.
type seriesKey struct {
	heaps int
	more  bool
}

func newGeneralState(c Code) *generalState {
	return &generalState{spec: c.spec(), series: map[seriesKey][]bitset{}, marked: map[markedKey]*knapsack{}}
}

// generalStep computes g(h) of a general code from g(0..h-1).
func (e *engine[T]) generalStep(h int) int32 {
	s := e.gen.spec
	opt := e.opt[:e.words]
	clear(opt)
	kmax := h
	if e.maxRemove >= 0 {
		kmax = min(h, e.maxRemove)
	}
	for k := -len(s.add); k <= kmax; k++ {
		d, m := s.digit(k), h-k
		if d.allows(0) && k > 0 && m == 0 {
			opt.set(0)
		}
		if d.allows(1) && k > 0 && m >= 1 {
			opt.set(int32(e.g[m]))
		}
		for c := 2; c <= min(d.top(), m); c++ {
			if d.counts&(1<<c) != 0 {
				e.splits(opt, m, c, d.marks[c], false)
			}
		}
		if from := max(d.top()+1, 2); d.more && from <= m {
			e.splits(opt, m, from, d.moreMark, true)
		}
	}
	return opt.mex()
}

// splits adds to opt the values of the splits of m tokens into c heaps (c
// or more when more is set) that rule allows.
func (e *engine[T]) splits(opt bitset, m, c int, rule SplitRule, more bool) {
	switch {
	case rule == AnySplit:
		opt.or(e.series(seriesKey{c, more}, m))
		return
	case rule != AllEqual && (more || c > 3):
		reach(e.knapsack(markedKey{rule, c, more}), e, m, opt)
		return
	}
	for ; c <= m; c++ {
		if rule == Unequal && c*(c+1)/2 > m {
			return
		}
		eachPartition(m, c, rule, nil, func(p []int) bool {
			x := int32(0)
			for _, a := range p {
				x ^= int32(e.g[a])
			}
			opt.set(x)
			e.work += 4 * len(p)
			return true
		})
		if !more {
			return
		}
	}
}

// series returns the set of XORs of the splits of m tokens that key names,
// building the sets of every smaller size first.
func (e *engine[T]) series(key seriesKey, m int) bitset {
	for len(e.gen.series[key]) <= m {
		e.gen.series[key] = append(e.gen.series[key], e.seriesEntry(key, len(e.gen.series[key])))
	}
	return e.gen.series[key][m]
}

// seriesEntry builds the set of the splits of m tokens that key names. A
// split into one heap or more is the heap itself, or a first heap a and a
// split of the rest into one heap or more; a split into c >= 2 heaps is a
// first heap and a split of the rest into c - 1 (or more).
func (e *engine[T]) seriesEntry(key seriesKey, m int) bitset {
	set := make(bitset, e.words)
	if key.heaps == 1 {
		if m >= 1 {
			set.set(int32(e.g[m]))
		}
		if !key.more {
			return set
		}
	}
	rest := seriesKey{max(key.heaps-1, 1), key.more}
	if m-1 < rest.heaps {
		return set
	}
	if rest != key {
		e.series(rest, m-1) // builds the sets of every smaller size too
	}
	sets := e.gen.series[rest]
	for a := 1; a <= m-rest.heaps; a++ {
		v := int32(e.g[a])
		for i, w := range sets[m-a] {
			e.work += 1 + 4*bits.OnesCount64(w) // about a nanosecond a unit, as the fast engine counts
			for w != 0 {
				set.set(int32(i*64+bits.TrailingZeros64(w)) ^ v)
				w &= w - 1
			}
		}
	}
	return set
}
