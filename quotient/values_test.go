package quotient

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// gammaAt is γk of a genus sequence in the usual form (the last two entries repeat).
func gammaAt(seq []int, k int) int {
	if k < len(seq) {
		return seq[k]
	}
	return seq[len(seq)-2+(k-len(seq))%2]
}

// The genus through the quotient against the misère values by their definition
// (γk = the misère value of the sum plus k copies of the heap that is *2), for single
// heaps and sums of two, on every size the definition reaches: 0.75 (wild, its quotient
// R8 proved for all heaps), 0.31 and 0.52.
func TestGenusThroughTheQuotient(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		code        string
		single, two int
	}{{".75", 24, 12}, {".31", 24, 12}, {".52", 24, 12}} {
		c := parseCode(tc.code)
		q := New(c, 4096)
		if ok, err := q.Prove(ctx, 128); !ok || err != nil {
			t.Fatal(ok, err)
		}
		star, ok := q.StarTwo(ctx)
		if !ok {
			t.Fatalf("%s: no heap is *2", tc.code)
		}
		two, _ := q.Element(ctx, star)
		v := newValues(c)
		check := func(heaps ...int) {
			x, err := q.Sum(ctx, heaps...)
			if err != nil {
				t.Fatal(err)
			}
			seq, err := q.Genus(x, two)
			if err != nil {
				t.Fatalf("%s %v: %v", tc.code, heaps, err)
			}
			sum := append([]int{}, heaps...)
			for k := range 5 {
				if got, want := gammaAt(seq, k), v.m(sum); got != want {
					t.Errorf("%s %v: γ%d = %d through the quotient (genus %v), %d by definition", tc.code, heaps, k, got, seq, want)
				}
				sum = append(sum, star)
			}
		}
		for n := range tc.single + 1 {
			check(n)
		}
		for a := 1; a <= tc.two; a++ {
			for b := a; b <= tc.two; b++ {
				check(a, b)
			}
		}
	}
}

// Kayles's quotient does not give misère values: Values refuses it, rightly, for
// Kayles(1) + Kayles(17) and Kayles(9) + Kayles(20) are one element, of misère values 7
// and 6 by definition.
func TestValuesRefused(t *testing.T) {
	ctx := context.Background()
	c := parseCode(".77")
	q := New(c, 4096)
	if _, err := q.Prove(ctx, 128); err != nil {
		t.Fatal(err)
	}
	var verr *ValuesError
	if _, err := q.Values(); !errors.As(err, &verr) || !strings.Contains(err.Error(), "the sum of heaps [9 20]") {
		t.Fatalf("Kayles: %v, want refused at heaps 9 + 20", err)
	}
	x, _ := q.Sum(ctx, 9, 20)
	y, _ := q.Sum(ctx, 1, 17)
	v := newValues(c)
	if x != y || v.m([]int{9, 20}) != 6 || v.m([]int{1, 17}) != 7 {
		t.Errorf("elements %d and %d, values %d and %d", x, y, v.m([]int{9, 20}), v.m([]int{1, 17}))
	}
}
