package interp

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// isqrt is checked against the exact definition (big integers) at squares and
// their neighbours, where a float square root goes wrong, and at random.
func TestIsqrt(t *testing.T) {
	exact := func(n int64) int64 { return new(big.Int).Sqrt(big.NewInt(n)).Int64() }
	ns := []int64{0, 1, 2, 3, 4, math.MaxInt64, math.MaxInt64 - 1}
	for _, k := range []int64{2, 3, 1 << 20, 1<<26 + 1, 94906265, 1 << 31, 3037000499} {
		ns = append(ns, k*k-1, k*k, k*k+1)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		ns = append(ns, r.Int64(), r.Int64N(1<<53))
	}
	for _, n := range ns {
		if got, want := isqrt(n), exact(n); got != want {
			t.Errorf("isqrt(%d) = %d, want %d", n, got, want)
		}
	}
}
