package quotient

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestDawsonsKaylesTo30 grows the quotient of 0.07 to heap 30 within 2^26 steps a heap:
// order 360, as Siegel's MisereSolver ("Some MisereSolver questions answered", 2007),
// with the orders on the way (144 from heap 25, 176 from heap 27). Every sum the
// plain search reaches agrees with it, and so do random sums of heaps up to 30 by the
// local rule: a sum is a P-position exactly when it has moves and none of its options
// is one, the quotient deciding the options too.
func TestDawsonsKaylesTo30(t *testing.T) {
	ctx := context.Background()
	c := parseCode(".07")
	q := New(c, 360)
	q.RaiseLimits(LimitsFor(1 << 26))
	orders := map[int]int{24: 24, 25: 144, 26: 144, 27: 176, 29: 176, 30: 360}
	for h := 24; h <= 30; h++ {
		if err := q.Grow(ctx, h+1); err != nil {
			t.Fatalf("heap %d: %v", h, err)
		}
		if want, ok := orders[h]; ok && q.Order() != want {
			t.Fatalf("heaps up to %d: order %d, want %d", h, q.Order(), want)
		}
	}
	count := agreesWithSearch(t, q, c, 21, 30, 36) // TestAgainstSearch has smaller heaps
	t.Logf("%d sums with a heap of 21 to 30 agree with the search", count)
	localRule(t, q, c, 30, 3000)
}

// localRule checks n random sums of heaps 1..maxHeap (up to 8 of them) by the local
// rule: the quotient says P exactly when the sum has moves and it says N of every
// option (one heap replaced by what a move leaves of it).
func localRule(t *testing.T, q *Quotient, r Rules, maxHeap, n int) {
	t.Helper()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, uint64(maxHeap)))
	isP := func(hs []int) bool {
		x, err := q.Sum(ctx, hs...)
		if err != nil {
			t.Fatal(err)
		}
		return q.IsP(x)
	}
	for range n {
		hs := make([]int, 1+rng.IntN(8))
		for i := range hs {
			hs[i] = 1 + rng.IntN(maxHeap)
		}
		moves, optionP := false, false
		for i, h := range hs {
			for _, o := range r.Options(h) {
				moves = true
				rest := append(append(slices.Clone(hs[:i]), hs[i+1:]...), o...)
				optionP = optionP || isP(rest)
			}
		}
		if want := moves && !optionP; isP(hs) != want {
			t.Fatalf("%v: the quotient says P=%v, its options say P=%v", hs, isP(hs), want)
		}
	}
}

// grundyGame is Grundy's game: a move splits a heap into two unequal heaps.
type grundyGame struct{}

func (grundyGame) Options(n int) [][]int {
	var out [][]int
	for a := 1; 2*a < n; a++ {
		out = append(out, []int{a, n - a})
	}
	return out
}

func (grundyGame) Shift() (int, int, bool) { return 0, 0, false }

// TestGrundysGame grows the quotient of Grundy's game to heap 28 (order 48) and checks
// it against the plain search on every sum it reaches quickly and by the local rule.
func TestGrundysGame(t *testing.T) {
	ctx := context.Background()
	var g grundyGame
	q := New(g, 1000)
	if err := q.Grow(ctx, 29); err != nil {
		t.Fatal(err)
	}
	if q.Order() != 48 {
		t.Errorf("heaps up to 28: order %d, want 48", q.Order())
	}
	count := agreesWithSearch(t, q, g, 0, 28, 34)
	t.Logf("%d sums agree with the search", count)
	localRule(t, q, g, 28, 2000)
}

// TestWideReach grows 0.754 and 4.7 as far as the default limits take them in
// about a second each, and checks random sums of their heaps by the local rule.
func TestWideReach(t *testing.T) {
	for _, tc := range []struct {
		code  string
		heaps int
	}{{".754", 28}, {"4.7", 24}} {
		c := parseCode(tc.code)
		q := New(c, 1000)
		if err := q.Grow(context.Background(), tc.heaps+1); err != nil {
			t.Fatalf("%s: %v", tc.code, err)
		}
		localRule(t, q, c, tc.heaps, 1000)
		t.Logf("%s: order %d for heaps up to %d", tc.code, q.Order(), tc.heaps)
	}
}

// TestWordOrder checks MisereSolver's order on sums: by the largest heap, then the
// copies of each heap from the largest down; every option of a sum comes first.
func TestWordOrder(t *testing.T) {
	sorted := [][]int{{}, {1}, {1, 1}, {2}, {1, 2}, {2, 2}, {1, 1, 2, 2}, {3}, {2, 3}, {1, 1, 1, 3, 3}, {5}}
	for i, a := range sorted {
		for j, b := range sorted {
			if got := wordOf(a).less(wordOf(b)); got != (i < j) {
				t.Errorf("%v < %v: %v", a, b, got)
			}
		}
	}
	// The walk's comparison with a limit, on its own exponents, agrees with less.
	w := New(parseCode(".07"), 10).newWords(trivialTable(), []letter{{heap: 1}, {heap: 3}, {heap: 4}})
	rng := rand.New(rand.NewPCG(2, 3))
	for range 2000 {
		for i := range w.exp {
			w.exp[i] = rng.IntN(3)
		}
		limit := make(multiset, rng.IntN(7))
		for h := range limit {
			limit[h] = rng.IntN(3)
		}
		if got, want := w.below(limit), w.word().less(limit); got != want {
			t.Fatalf("%v below %v: %v, want %v", w.word(), limit, got, want)
		}
	}
	c := parseCode(".07")
	for _, hs := range sorted {
		for i, h := range hs {
			for _, o := range c.Options(h) {
				rest := append(append(slices.Clone(hs[:i]), hs[i+1:]...), o...)
				if !wordOf(rest).less(wordOf(hs)) {
					t.Errorf("the option %v of %v does not come first", rest, hs)
				}
			}
		}
	}
}

// TestColex checks the order the recalibration tries heaps in: fewest first, then by
// the last heap.
func TestColex(t *testing.T) {
	var got []string
	for k := 1; k <= 3; k++ {
		colex([]int{4, 7, 9}, k, func(s []int) bool {
			got = append(got, fmt.Sprint(s))
			return false
		})
	}
	want := "[[4] [7] [9] [4 7] [4 9] [7 9] [4 7 9]]"
	if fmt.Sprint(got) != want {
		t.Errorf("got %v, want %v", got, want)
	}
}
