package native

// Wythoff's game: two heaps; a move takes any positive number from one
// heap, or the same positive number from both. The P-positions are the
// pairs (a_k, b_k) and (b_k, a_k) with a_k = floor(k*phi), b_k = floor(k*phi^2)
// = a_k + k (Wythoff 1907). Here they are computed exactly with Zeckendorf
// representations instead of floating point: n >= 1 is some a_k exactly
// when the smallest Fibonacci index in its representation is even (with
// 1 = F_2, 2 = F_3, ...), and then b_k is n with every F_i shifted to
// F_{i+1}; the b_k are the rest, and a_k is b_k shifted down. Also
// floor(k*phi) is k shifted up, minus 1 when k's smallest index is even.
// All of this is exact for every int64 and costs O(log n).

// wythoffPartner returns the heap y with (x, y) a P-position; every x >= 0
// has exactly one. ok is false when y does not fit an int64.
func wythoffPartner(x int64) (y int64, ok bool) {
	if x == 0 {
		return 0, true
	}
	if _, i := smallestZeck(uint64(x)); i%2 == 0 {
		r, ok := zeckShift(uint64(x), +1)
		return int64(r), ok
	}
	r, _ := zeckShift(uint64(x), -1)
	return int64(r), true
}

// wythoffLower returns a_k = floor(k*phi) for k >= 0 (ok false on overflow).
func wythoffLower(k int64) (int64, bool) {
	if k == 0 {
		return 0, true
	}
	r, ok := zeckShift(uint64(k), +1)
	if _, i := smallestZeck(uint64(k)); i%2 == 0 {
		r--
	}
	return int64(r), ok && r <= 1<<63-1
}

// WythoffIsP reports whether (a, b) is a P-position of Wythoff's game (the
// player to move loses). Negative heaps are not positions: false.
func WythoffIsP(a, b int64) bool {
	if a < 0 || b < 0 {
		return false
	}
	y, ok := wythoffPartner(a)
	return ok && y == b
}

// WythoffWinningMoves returns every move from (a, b) to a P-position, as the
// resulting positions in the same heap order: first the one that lowers a,
// then the one that lowers b, then the one that lowers both; each kind
// appears at most once. It is empty for a P-position or negative heaps.
func WythoffWinningMoves(a, b int64) [][2]int64 {
	if a < 0 || b < 0 {
		return nil
	}
	var out [][2]int64
	if y, ok := wythoffPartner(b); ok && y < a {
		out = append(out, [2]int64{y, b})
	}
	if y, ok := wythoffPartner(a); ok && y < b {
		out = append(out, [2]int64{a, y})
	}
	lo, k := min(a, b), max(a, b)-min(a, b)
	if ak, ok := wythoffLower(k); ok && ak < lo {
		d := lo - ak
		out = append(out, [2]int64{a - d, b - d})
	}
	return out
}

// WythoffPlainSG returns the table g[x][y] of nim values of Wythoff's game
// for 0 <= x <= a, 0 <= y <= b, by the mex over every move. It costs
// O(a*b*(a+b)) and is the reference the fast functions are tested against.
func WythoffPlainSG(a, b int) [][]int {
	if a < 0 || b < 0 {
		return nil
	}
	g := make([][]int, a+1)
	seen := make([]int, a+b+min(a, b)+2) // seen[v] == stamp: v is an option's value; g <= #options
	stamp := 0
	for x := range g {
		g[x] = make([]int, b+1)
		for y := range g[x] {
			stamp++
			for k := 1; k <= x; k++ {
				seen[g[x-k][y]] = stamp
			}
			for k := 1; k <= y; k++ {
				seen[g[x][y-k]] = stamp
			}
			for k := 1; k <= min(x, y); k++ {
				seen[g[x-k][y-k]] = stamp
			}
			v := 0
			for seen[v] == stamp {
				v++
			}
			g[x][y] = v
		}
	}
	return g
}
