package native

// Option is one move from a heap: the number of tokens removed and the
// heaps left behind, in nondecreasing order (empty when the heap vanished).
type Option struct {
	Removed int
	Heaps   []int
}

// Options lists every move from a heap of n tokens under code c, ordered by
// tokens removed, then by number of heaps left (0, 1, 2, 3), then by heap
// sizes in lexicographic order. Each multiset of heaps appears once per
// number removed. A heap of 0 tokens (or n < 0) has no options.
func (c Code) Options(n int) []Option {
	var out []Option
	for k := 0; k <= n; k++ {
		d := c.Digit(k)
		if d == 0 {
			continue
		}
		m := n - k
		if d&1 != 0 && k > 0 && m == 0 {
			out = append(out, Option{Removed: k, Heaps: []int{}})
		}
		if d&2 != 0 && k > 0 && m >= 1 {
			out = append(out, Option{Removed: k, Heaps: []int{m}})
		}
		if d&4 != 0 {
			for a := 1; 2*a <= m; a++ {
				if !c.rule.pair(a, m-a) {
					continue
				}
				out = append(out, Option{Removed: k, Heaps: []int{a, m - a}})
			}
		}
		if d&8 != 0 {
			for a := 1; 3*a <= m; a++ {
				for b := a; a+2*b <= m; b++ {
					cc := m - a - b
					if !c.rule.triple(a, b, cc) {
						continue
					}
					out = append(out, Option{Removed: k, Heaps: []int{a, b, cc}})
				}
			}
		}
	}
	return out
}
