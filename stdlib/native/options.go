package native

// Option is one move from a heap: the number of tokens removed (negative
// when the move adds tokens) and the heaps left behind, in nondecreasing
// order (empty when the heap vanished).
type Option struct {
	Removed int
	Heaps   []int
}

// Options lists every move from a heap of n tokens under code c, ordered by
// tokens removed (the moves that add tokens first), then by number of
// heaps left, then by heap sizes in lexicographic order. Each multiset of
// heaps appears once per number removed. A heap of 0 tokens (or n < 0) has
// no options.
func (c Code) Options(n int) []Option {
	var out []Option
	c.spec().eachOption(n, func(removed int, heaps []int) bool {
		out = append(out, Option{Removed: removed, Heaps: append([]int{}, heaps...)})
		return true
	})
	return out
}

// EachOption calls yield with every move from a heap of n tokens, in the
// order of [Code.Options], until yield returns false; heaps is reused
// between calls. It reports whether every move was visited.
func (c Code) EachOption(n int, yield func(removed int, heaps []int) bool) bool {
	return c.spec().eachOption(n, yield)
}

// eachOption is EachOption on a decoded code.
func (s *codeSpec) eachOption(n int, yield func(removed int, heaps []int) bool) bool {
	if n <= 0 {
		return true
	}
	kmax := n
	if t := s.maxRemove(); t >= 0 {
		kmax = min(n, t)
	}
	parts := make([]int, 0, 8)
	for k := -len(s.add); k <= kmax; k++ {
		d, m := s.digit(k), n-k
		if d.allows(0) && k > 0 && m == 0 && !yield(k, parts[:0]) {
			return false
		}
		if d.allows(1) && k > 0 && m >= 1 && !yield(k, append(parts[:0], m)) {
			return false
		}
		for h := 2; h <= m && (h <= d.top() || d.more); h++ {
			if !d.allows(h) {
				continue
			}
			rule := d.mark(h)
			if rule == Unequal && h*(h+1)/2 > m {
				break // no more splits into unequal heaps
			}
			if !eachPartition(m, h, rule, parts, func(p []int) bool { return yield(k, p) }) {
				return false
			}
		}
	}
	return true
}

// eachPartition calls yield with every way to split m tokens into h
// nonempty heaps that rule allows, each as its nondecreasing heap sizes in
// lexicographic order, until yield returns false; the slice is reused
// between calls (parts gives its storage). It reports whether every split
// was visited.
func eachPartition(m, h int, rule SplitRule, parts []int, yield func([]int) bool) bool {
	if h < 1 || m < h {
		return true
	}
	if rule == AllEqual {
		if m%h != 0 {
			return true
		}
		parts = parts[:0]
		for range h {
			parts = append(parts, m/h)
		}
		return yield(parts)
	}
	step := 0 // the least difference between neighbouring heaps
	if rule == Unequal {
		step = 1
	}
	var place func(i, least, rest int) bool
	place = func(i, least, rest int) bool {
		left := h - i // heaps still to place, this one included
		if left == 1 {
			if rest < least {
				return true
			}
			parts = append(parts[:i], rest)
			if rule == NotAllEqual && parts[0] == rest {
				return true
			}
			return yield(parts)
		}
		for a := least; a*left+step*left*(left-1)/2 <= rest; a++ {
			parts = append(parts[:i], a)
			if !place(i+1, a+step, rest-a) {
				return false
			}
		}
		return true
	}
	return place(0, 1, m)
}
