package native

import (
	"math"
	"slices"
	"testing"
)

func TestZeckendorf(t *testing.T) {
	cases := map[int64][]int64{
		0: nil, 1: {1}, 2: {2}, 3: {3}, 4: {3, 1}, 6: {5, 1}, 7: {5, 2},
		11: {8, 3}, 12: {8, 3, 1}, 100: {89, 8, 3},
		math.MaxInt64: nil, // checked below
	}
	for n, want := range cases {
		got := Zeckendorf(n)
		sum := int64(0)
		for i, x := range got {
			sum += x
			if !IsFib(x) || i > 0 && (x >= got[i-1] || isConsecutive(x, got[i-1])) {
				t.Errorf("Zeckendorf(%d) = %v is not a valid representation", n, got)
			}
		}
		if sum != n {
			t.Errorf("Zeckendorf(%d) sums to %d", n, sum)
		}
		if want != nil && !slices.Equal(got, want) {
			t.Errorf("Zeckendorf(%d) = %v, want %v", n, got, want)
		}
	}
	if Zeckendorf(-3) != nil {
		t.Error("negative")
	}
	fibs := map[int64]bool{}
	for i := 0; i <= 92; i++ {
		fibs[int64(fib[i])] = true
	}
	for n := int64(-2); n < 2000; n++ {
		if IsFib(n) != fibs[n] {
			t.Errorf("IsFib(%d) = %v", n, IsFib(n))
		}
	}
	if !IsFib(int64(fib[92])) || IsFib(int64(fib[92])-1) {
		t.Error("IsFib at F_92")
	}
}

func isConsecutive(x, y int64) bool {
	for i := 1; i < 92; i++ {
		if int64(fib[i]) == x && int64(fib[i+1]) == y {
			return true
		}
	}
	return false
}

// Against the plain game: win[n][l] by trying every take.
func TestFibNimAgainstPlain(t *testing.T) {
	const N = 300
	win := make([][]bool, N+1) // win[n][l]: the player to move wins, l <= n
	for n := 0; n <= N; n++ {
		win[n] = make([]bool, n+1)
		for l := 0; l <= n; l++ {
			for k := 1; k <= l && !win[n][l]; k++ {
				win[n][l] = !win[n-k][min(2*k, n-k)]
			}
		}
	}
	for n := 0; n <= N; n++ {
		for l := 0; l <= n+3; l++ {
			w := win[n][min(l, n)]
			if FibNimIsP(int64(n), int64(l)) == w {
				t.Fatalf("FibNimIsP(%d, %d) = %v, plain win %v", n, l, !w, w)
			}
			k := FibNimWinningTake(int64(n), int64(l))
			if w != (k > 0) {
				t.Fatalf("FibNimWinningTake(%d, %d) = %d, plain win %v", n, l, k, w)
			}
			if k > 0 && (k > int64(min(l, n)) || win[n-int(k)][min(2*int(k), n-int(k))]) {
				t.Fatalf("take %d from (%d, %d) does not win", k, n, l)
			}
			var all []int64
			for k := 1; k <= min(l, n); k++ {
				if !win[n-k][min(2*k, n-k)] {
					all = append(all, int64(k))
				}
			}
			if got := FibNimWinningTakes(int64(n), int64(l)); !slices.Equal(got, all) {
				t.Fatalf("FibNimWinningTakes(%d, %d) = %v, plain %v", n, l, got, all)
			}
		}
		// The usual start: the first player loses exactly on Fibonacci n.
		if n >= 2 && FibNimIsP(int64(n), int64(n-1)) != IsFib(int64(n)) {
			t.Errorf("fibnim(%d): P = %v, IsFib = %v", n, FibNimIsP(int64(n), int64(n-1)), IsFib(int64(n)))
		}
	}
	if FibNimWinningTake(math.MaxInt64, 1) != 0 && FibNimWinningTake(math.MaxInt64, math.MaxInt64) == 0 {
		t.Error("big n")
	}
}
