package native

import "math"

// fib[i] is the Fibonacci number F_i (F_0 = 0, F_1 = F_2 = 1), i <= 93:
// F_92 is the largest that fits an int64, F_93 still fits a uint64.
var fib = func() [94]uint64 {
	var f [94]uint64
	f[1] = 1
	for i := 2; i < len(f); i++ {
		f[i] = f[i-1] + f[i-2]
	}
	return f
}()

// zeckIndices returns the indices i >= 2 of the Fibonacci numbers F_i in the
// Zeckendorf representation of n > 0, largest first (no two consecutive).
func zeckIndices(n uint64) []int {
	var idx []int
	for i := 92; n > 0 && i >= 2; i-- {
		if fib[i] <= n {
			n -= fib[i]
			idx = append(idx, i)
			i-- // the next index may not be consecutive
		}
	}
	return idx
}

// Zeckendorf returns the Zeckendorf representation of n: the unique sum of
// non-consecutive Fibonacci numbers (1, 2, 3, 5, 8, ...; F_1 is not used)
// that equals n, largest term first. Zero gives an empty (nil) slice, as
// does a negative n.
func Zeckendorf(n int64) []int64 {
	if n <= 0 {
		return nil
	}
	var out []int64
	for _, i := range zeckIndices(uint64(n)) {
		out = append(out, int64(fib[i]))
	}
	return out
}

// IsFib reports whether n is a Fibonacci number (0, 1, 2, 3, 5, 8, ...).
func IsFib(n int64) bool {
	return n == 0 || n > 0 && len(zeckIndices(uint64(n))) == 1
}

// smallestZeck returns the smallest Zeckendorf term of n > 0 and its index.
func smallestZeck(n uint64) (term uint64, index int) {
	idx := zeckIndices(n)
	i := idx[len(idx)-1]
	return fib[i], i
}

// zeckShift moves every term F_i of the representation of n > 0 to
// F_{i+delta} (delta = +1 or -1); ok is false when the result does not fit
// an int64.
func zeckShift(n uint64, delta int) (r uint64, ok bool) {
	for _, i := range zeckIndices(n) {
		r += fib[i+delta]
	}
	return r, r <= math.MaxInt64
}
