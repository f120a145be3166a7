package native

// PlainSequence returns the nim values g(0), ..., g(n) of a heap under code
// c by the definition: g(h) is the mex (least value not present) of the
// values of all options of h, where the value of an option is the XOR of
// the values of the heaps it leaves. Every option is visited, so the cost
// is about n*n/4 XORs per split digit. It is the reference that [Sequence]
// is tested against. A negative n gives nil.
//
// A general code's options are listed one by one ([Code.EachOption]),
// which for "*" grows as the number of partitions of n.
func PlainSequence(c Code, n int) []int {
	if n < 0 {
		return nil
	}
	if c.general != "" {
		return plainGeneral(c.spec(), n)
	}
	g := make([]int, n+1)
	seen := make([]int, 2) // seen[v] == h when value v is an option of heap h
	for h := 1; h <= n; h++ {
		kmax := h // the most tokens a move may remove from heap h
		if c.repeat == "" {
			kmax = min(h, len(c.digits)-1)
		}
		for k := 0; k <= kmax; k++ {
			d := c.Digit(k)
			m := h - k
			if d&1 != 0 && k > 0 && m == 0 {
				seen[0] = h
			}
			if d&2 != 0 && k > 0 && m >= 1 {
				seen[g[m]] = h
			}
			if d&4 != 0 {
				for a, b := 1, m-1; a <= b; a, b = a+1, b-1 {
					if c.rule.pair(a, b) {
						seen[g[a]^g[b]] = h
					}
				}
			}
			if d&8 != 0 {
				for a := 1; 3*a <= m; a++ {
					for b := a; a+2*b <= m; b++ {
						if !c.rule.triple(a, b, m-a-b) {
							continue
						}
						seen[g[a]^g[b]^g[m-a-b]] = h
					}
				}
			}
		}
		v := 0
		for v < len(seen) && seen[v] == h {
			v++
		}
		g[h] = v
		for v >= len(seen)/2 { // every XOR of values stays below len(seen)
			seen = append(seen, make([]int, len(seen))...)
		}
	}
	return g
}

// plainGeneral is PlainSequence for a general code.
func plainGeneral(s *codeSpec, n int) []int {
	g := make([]int, n+1)
	for h := 1; h <= n; h++ {
		seen := map[int]bool{}
		s.eachOption(h, func(_ int, heaps []int) bool {
			x := 0
			for _, a := range heaps {
				x ^= g[a]
			}
			seen[x] = true
			return true
		})
		for seen[g[h]] {
			g[h]++
		}
	}
	return g
}
