package native

// PlainSequence returns the nim values g(0), ..., g(n) of a heap under code
// c by the definition: g(h) is the mex (least value not present) of the
// values of all options of h, where the value of an option is the XOR of
// the values of the heaps it leaves. Every option is visited, so the cost
// is about n*n/4 XORs per split digit. It is the reference that [Sequence]
// is tested against. A negative n gives nil.
func PlainSequence(c Code, n int) []int {
	if n < 0 {
		return nil
	}
	g := make([]int, n+1)
	var seen []int // seen[v] == h+1 when value v is an option of heap h
	mark := func(v, h int) {
		for v >= len(seen) {
			seen = append(seen, 0)
		}
		seen[v] = h + 1
	}
	for h := 1; h <= n; h++ {
		for k := 0; k <= h; k++ {
			d := c.Digit(k)
			m := h - k
			if d&1 != 0 && k > 0 && m == 0 {
				mark(0, h)
			}
			if d&2 != 0 && k > 0 && m >= 1 {
				mark(g[m], h)
			}
			if d&4 != 0 {
				for a := 1; 2*a <= m; a++ {
					if c.unequal && 2*a == m {
						continue
					}
					mark(g[a]^g[m-a], h)
				}
			}
			if d&8 != 0 {
				for a := 1; 3*a <= m; a++ {
					for b := a; a+2*b <= m; b++ {
						if c.unequal && (a == b || 2*b == m-a) {
							continue
						}
						mark(g[a]^g[b]^g[m-a-b], h)
					}
				}
			}
		}
		v := 0
		for v < len(seen) && seen[v] == h+1 {
			v++
		}
		g[h] = v
	}
	return g
}
