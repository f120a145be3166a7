package native

import (
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestWythoffAgainstPlain(t *testing.T) {
	n := 160
	if testing.Short() {
		n = 80
	}
	g := WythoffPlainSG(n, n)
	for x := 0; x <= n; x++ {
		for y := 0; y <= n; y++ {
			if got := WythoffIsP(int64(x), int64(y)); got != (g[x][y] == 0) {
				t.Fatalf("WythoffIsP(%d, %d) = %v, plain SG %d", x, y, got, g[x][y])
			}
			// the winning moves are exactly the moves to SG 0
			var want [][2]int64
			for k := 1; k <= x; k++ {
				if g[x-k][y] == 0 {
					want = append(want, [2]int64{int64(x - k), int64(y)})
				}
			}
			for k := 1; k <= y; k++ {
				if g[x][y-k] == 0 {
					want = append(want, [2]int64{int64(x), int64(y - k)})
				}
			}
			for k := 1; k <= min(x, y); k++ {
				if g[x-k][y-k] == 0 {
					want = append(want, [2]int64{int64(x - k), int64(y - k)})
				}
			}
			got := WythoffWinningMoves(int64(x), int64(y))
			if !slices.Equal(got, want) {
				t.Fatalf("WythoffWinningMoves(%d, %d) = %v, want %v", x, y, got, want)
			}
		}
	}
	if g[3][5] != 0 || g[5][3] != 0 || g[1][1] == 0 {
		t.Error("plain table wrong")
	}
}

// bigLower is floor(k*phi) = (k + isqrt(5k^2)) / 2 in exact big integers.
func bigLower(k int64) *big.Int {
	kk := big.NewInt(k)
	s := new(big.Int).Mul(kk, kk)
	s.Mul(s, big.NewInt(5))
	s.Sqrt(s)
	s.Add(s, kk)
	return s.Rsh(s, 1)
}

// Large heaps, against the Beatty formula in exact big-integer arithmetic.
func TestWythoffBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	limit := int64(math.MaxInt64 / 17 * 10)
	for i := 0; i < 3000; i++ {
		k := rng.Int64N(limit)
		if i < 100 {
			k = int64(i)
		}
		ak := bigLower(k)
		if !ak.IsInt64() {
			continue
		}
		a := ak.Int64()
		if a > math.MaxInt64-k-10 {
			continue // b_k does not fit
		}
		b := a + k
		if got, ok := wythoffLower(k); !ok || got != a {
			t.Fatalf("floor(%d*phi) = %d, want %d", k, got, a)
		}
		if !WythoffIsP(a, b) || !WythoffIsP(b, a) {
			t.Fatalf("(%d, %d) should be P", a, b)
		}
		if WythoffIsP(a, b+1) || WythoffIsP(a+1, b) || (k > 0 && WythoffIsP(a-1, b)) {
			t.Fatalf("neighbours of (%d, %d) should be N", a, b)
		}
		for _, m := range WythoffWinningMoves(a+3, b+5) {
			if !WythoffIsP(m[0], m[1]) {
				t.Fatalf("move from (%d, %d) to non-P %v", a+3, b+5, m)
			}
		}
	}
	// Consecutive Fibonacci numbers F_2n, F_2n+1 are Wythoff pairs.
	for i := 2; i+1 <= 92; i += 2 {
		if !WythoffIsP(int64(fib[i]), int64(fib[i+1])) {
			t.Errorf("(F_%d, F_%d) should be P", i, i+1)
		}
	}
	if WythoffIsP(-1, 0) || WythoffWinningMoves(-1, 3) != nil || WythoffIsP(math.MaxInt64, math.MaxInt64) {
		t.Error("edge cases")
	}
	if len(WythoffWinningMoves(math.MaxInt64, math.MaxInt64-5)) == 0 {
		t.Error("a huge N-position has a winning move")
	}
}
