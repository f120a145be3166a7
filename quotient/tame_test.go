package quotient

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// values computes the normal and misère Grundy values of sums of heaps by their
// definitions (mex of the options' values; the misère value of a sum without moves is
// 1), independently of the tame theory.
type values struct {
	c      Rules
	normal map[int]int
	misere map[string]int
}

func newValues(c Rules) *values {
	return &values{c: c, normal: map[int]int{}, misere: map[string]int{}}
}

func (v *values) g(n int) int {
	if x, ok := v.normal[n]; ok {
		return x
	}
	seen := map[int]bool{}
	for _, o := range v.c.Options(n) {
		x := 0
		for _, h := range o {
			x ^= v.g(h)
		}
		seen[x] = true
	}
	x := 0
	for seen[x] {
		x++
	}
	v.normal[n] = x
	return x
}

// m is the misère Grundy value of a sum of heaps.
func (v *values) m(heaps []int) int {
	hs := slices.DeleteFunc(slices.Clone(heaps), func(h int) bool { return h == 0 })
	slices.Sort(hs)
	key := fmt.Sprint(hs)
	if x, ok := v.misere[key]; ok {
		return x
	}
	seen := map[int]bool{}
	moves := false
	for i, h := range hs {
		for _, o := range v.c.Options(h) {
			moves = true
			seen[v.m(append(append(slices.Clone(hs[:i]), hs[i+1:]...), o...))] = true
		}
	}
	x := 0
	if !moves {
		x = 1
	}
	for moves && seen[x] {
		x++
	}
	v.misere[key] = x
	return x
}

// ProveTame on Nim, Lasker's Nim and other codes that take any number: the genera of
// the first heaps against the values by definition, and the tame rule (misère play is
// normal play unless every heap is fickle) against the misère outcomes of random sums
// by search, on heaps far beyond From.
func TestProveTame(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 24))
	for _, tc := range []struct {
		code       string
		from, fick int
	}{
		{".[3]", 2, 1},     // Nim
		{"4.[3]", 2, 1},    // Lasker's Nim
		{".00[3]", 6, 3},   // take anything but 1 and 2
		{".[7]", 2, 1},     // take any number, leaving up to two heaps
		{".3[7]", 3, 1},    // the same, but a heap of 1 may not be split off
		{".04[3]", 6, 3},   // take 2 and split, or take at least 3
		{"4.0[3]", 4, 2},   // split, or take at least 2
		{".1[3]", 3, 1},    // take 1 only from a heap of 1
		{".0007[3]", 9, 4}, // three heaps without moves
		{".05", 0, -1},     // finite codes: the genera repeat, the periodicity test
		{".052", 0, -1},
		{".31", 0, -1},
		{".12", 0, -1},
	} {
		c := parseCode(tc.code)
		tm, err := ProveTame(context.Background(), c, 64)
		if err != nil {
			t.Errorf("%s: %v", tc.code, err)
			continue
		}
		if tc.from == 0 && tm.Period.Period == 0 {
			t.Errorf("%s: proved tame without a period: %+v", tc.code, tm)
		}
		if tc.from > 0 && (tm.From != tc.from || tm.Fickle1 != tc.fick) {
			t.Errorf("%s: tame from heap %d (1^031 at %d), want %d (%d)", tc.code, tm.From, tm.Fickle1, tc.from, tc.fick)
		}
		v := newValues(c)
		for n := range 18 {
			h := tm.Heap(n, v.g(n))
			if h.G != v.g(n) || h.Misere() != v.m([]int{n}) {
				t.Errorf("%s heap %d: tame genus %+v, values by definition %d and %d", tc.code, n, h, v.g(n), v.m([]int{n}))
			}
		}
		s := &search{c: c, memo: map[string]bool{}}
		maxHeap, most := 10, 4 // a take-any heap has many moves
		if tc.from == 0 {
			maxHeap, most = 20, 3 // past the heaps computed (8 or 16)
		}
		for range 200 {
			heaps := make([]int, 1+rng.IntN(most))
			for i := range heaps {
				heaps[i] = rng.IntN(maxHeap)
				if rng.IntN(3) == 0 {
					heaps[i] = rng.IntN(3) // fickle heaps often
				}
			}
			var parts []TameHeap
			for _, n := range heaps {
				parts = append(parts, tm.Heap(n, v.g(n)))
			}
			if got, want := AddTame(parts...).Misere() == 0, s.isP(heaps); got != want {
				t.Errorf("%s %v: tame says P=%v, search says P=%v", tc.code, heaps, got, want)
			}
		}
	}
}

// wildHeap is a game that takes any number from heaps of 4 or more, where heap 3 is
// {0, *1 + *2 + *2} (heap 1 is *1, heap 2 is *2): of normal value 2 and misère value 0,
// a wild genus.
type wildHeap struct{}

func (wildHeap) Options(n int) [][]int {
	switch n {
	case 0:
		return nil
	case 1:
		return [][]int{nil}
	case 2:
		return [][]int{nil, {1}}
	case 3:
		return [][]int{nil, {1, 2, 2}}
	}
	return nim{}.Options(n)
}

func (wildHeap) Shift() (int, int, bool)  { return 0, 0, false }
func (wildHeap) TakeAnyFrom() (int, bool) { return 4, true }

// A game with a wild heap is refused at that heap, with its values as the definitions
// give them (heap 5 of Kayles is 4^146: misère value 1); a game with neither argument
// is not proved tame.
func TestProveTameWild(t *testing.T) {
	for _, tc := range []struct {
		r    Rules
		name string
		heap int
	}{{wildHeap{}, "{0, *1 + *2 + *2}", 3}, {parseCode(".77"), "Kayles", 5}, {parseCode(".07"), "Dawson's Kayles", 10}, {parseCode("4.7"), "4.7", 5}} {
		_, err := ProveTame(context.Background(), tc.r, 64)
		var wild *WildError
		if !errors.As(err, &wild) || wild.Heap != tc.heap {
			t.Errorf("%s: %v, want heap %d wild", tc.name, err, tc.heap)
			continue
		}
		v := newValues(tc.r)
		if g, m := v.g(tc.heap), v.m([]int{tc.heap}); g != wild.G || m != wild.M || m == g || g <= 1 && m == g^1 {
			t.Errorf("%s: %v; by definition the values are %d and %d", tc.name, err, g, m)
		}
	}
	if _, err := ProveTame(context.Background(), nim{}, 64); !errors.As(err, new(*NoProofError)) {
		t.Errorf("Nim without TakeAny or Shift: %v, want no proof", err)
	}
}
