package native

import "math"

// Fibonacci Nim: one heap of n tokens; a move takes k tokens, 1 <= k <=
// limit, and the next player's limit becomes 2k. The usual start is
// limit = n-1 (the first move may not take everything). The theorem
// (Whinihan 1963): the player to move loses exactly when the smallest term
// of the Zeckendorf representation of n exceeds the limit; otherwise taking
// that smallest term wins, because what remains has a smallest term more
// than twice as large.

// FibNimIsP reports whether the position (n tokens, current limit) of
// Fibonacci Nim is a P-position (the player to move loses). n = 0 is P.
// Negative arguments are not positions; they report true (no move).
func FibNimIsP(n, limit int64) bool {
	return FibNimWinningTake(n, limit) == 0
}

// FibNimWinningTake returns a winning number of tokens to take from the
// position (n tokens, current limit): the smallest Zeckendorf term of n
// when it is at most the limit. It returns 0 when the position is P (or
// not a position).
func FibNimWinningTake(n, limit int64) int64 {
	if n <= 0 || limit <= 0 {
		return 0
	}
	q, _ := smallestZeck(uint64(n))
	if q > uint64(limit) {
		return 0
	}
	return int64(q)
}

// FibNimWinningTakes returns every winning number of tokens to take from the
// position (n tokens, current limit), smallest first; it is empty for a
// P-position. Every winning take is a sum of the smallest terms of n's
// Zeckendorf representation: if taking k leaves m whose smallest term F_l
// exceeds 2k, then k's largest term F_j <= k < F_l/2 < F_{l-1}, so j <= l-2 and
// the representations of m and k joined are the representation of n. So only
// the (at most 92) partial sums of its terms, smallest first, need a check.
func FibNimWinningTakes(n, limit int64) []int64 {
	if n <= 0 || limit <= 0 {
		return nil
	}
	idx := zeckIndices(uint64(n))
	var out []int64
	var k int64
	for j := len(idx) - 1; j >= 0; j-- {
		k += int64(fib[idx[j]])
		if k > limit {
			break
		}
		next := int64(math.MaxInt64) // 2k, which is more than n-k whenever it overflows
		if k <= math.MaxInt64/2 {
			next = 2 * k
		}
		if FibNimIsP(n-k, next) {
			out = append(out, k)
		}
	}
	return out
}
