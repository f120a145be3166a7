package quotient

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// code is a small take-and-break code for the tests: digits[k] for removing k tokens,
// and tail (when not 0) for every larger k, as in ".0[3]".
type code struct {
	digits []int
	tail   int
}

func parseCode(s string) code {
	var c code
	pre := 0
	if s[0] != '.' {
		pre = int(s[0] - '0')
		s = s[1:]
	}
	c.digits = append(c.digits, pre)
	if i := strings.IndexByte(s, '['); i >= 0 {
		c.tail = int(s[i+1] - '0')
		s = s[:i]
	}
	for _, r := range s[1:] {
		c.digits = append(c.digits, int(r-'0'))
	}
	return c
}

// digit is the digit for removing k tokens.
func (c code) digit(k int) int {
	if k < len(c.digits) {
		return c.digits[k]
	}
	return c.tail
}

// TakeAnyFrom makes a code whose tail has bits 1 and 2 TakeAny.
func (c code) TakeAnyFrom() (int, bool) { return len(c.digits), c.tail&3 == 3 }

func (c code) Options(n int) [][]int {
	var out [][]int
	for k := 0; k <= n && (k < len(c.digits) || c.tail != 0); k++ {
		d, m := c.digit(k), n-k
		if d&1 != 0 && k > 0 && m == 0 {
			out = append(out, nil)
		}
		if d&2 != 0 && k > 0 && m > 0 {
			out = append(out, []int{m})
		}
		if d&4 != 0 {
			for a := 1; 2*a <= m; a++ {
				out = append(out, []int{a, m - a})
			}
		}
	}
	return out
}

func (c code) Shift() (int, int, bool) {
	h := 1
	for _, d := range c.digits {
		if d&4 != 0 {
			h = 2
		}
	}
	return len(c.digits) - 1, h, c.tail == 0
}

// search decides misère outcomes of sums of heaps by the definition: a sum is a
// P-position exactly when it has moves and none leads to a P-position.
type search struct {
	c    Rules
	memo map[string]bool
}

func (s *search) isP(heaps []int) bool {
	hs := slices.Clone(heaps)
	hs = slices.DeleteFunc(hs, func(h int) bool { return len(s.c.Options(h)) == 0 })
	slices.Sort(hs)
	key := fmt.Sprint(hs)
	if v, ok := s.memo[key]; ok {
		return v
	}
	p := len(hs) > 0
	for i, h := range hs {
		if i > 0 && hs[i-1] == h {
			continue
		}
		for _, o := range s.c.Options(h) {
			next := append(append(slices.Clone(hs[:i]), hs[i+1:]...), o...)
			if s.isP(next) {
				p = false
				break
			}
		}
		if !p {
			break
		}
	}
	s.memo[key] = p
	return p
}

// sums calls f with every multiset of heaps 1..maxHeap with total at most tokens.
func sums(maxHeap, tokens int, f func([]int)) {
	var rec func(cur []int, from, left int)
	rec = func(cur []int, from, left int) {
		f(cur)
		for h := from; h <= maxHeap && h <= left; h++ {
			rec(append(cur, h), h, left-h)
		}
	}
	rec(nil, 1, tokens)
}

// agreesWithSearch checks the quotient's outcome of every sum of heaps 1..maxHeap with
// at most tokens tokens and a heap of at least minHeap against the plain search, and
// returns how many sums it checked.
func agreesWithSearch(t *testing.T, q *Quotient, r Rules, minHeap, maxHeap, tokens int) int {
	t.Helper()
	s := &search{c: r, memo: map[string]bool{}}
	count := 0
	sums(maxHeap, tokens, func(hs []int) {
		if slices.Max(append([]int{0}, hs...)) < minHeap {
			return
		}
		x, err := q.Sum(context.Background(), hs...)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := q.IsP(x), s.isP(hs); got != want {
			t.Fatalf("%v: quotient says P=%v, search says P=%v", hs, got, want)
		}
		count++
	})
	return count
}

// TestAgainstSearch checks the outcome of every sum of heaps the plain search reaches
// quickly against the quotient's product.
func TestAgainstSearch(t *testing.T) {
	for _, tc := range []struct {
		code            string
		maxHeap, tokens int
	}{
		{".77", 20, 26}, {".75", 20, 26}, {".07", 20, 26}, {".754", 14, 22}, {"4.7", 12, 20},
	} {
		c := parseCode(tc.code)
		q := New(c, 1000)
		s := &search{c: c, memo: map[string]bool{}}
		ctx := context.Background()
		count := 0
		sums(tc.maxHeap, tc.tokens, func(hs []int) {
			x, err := q.Sum(ctx, hs...)
			if err != nil {
				t.Fatalf("%s: %v", tc.code, err)
			}
			if got, want := q.IsP(x), s.isP(hs); got != want {
				t.Fatalf("%s %v: quotient says P=%v, search says P=%v", tc.code, hs, got, want)
			}
			count++
		})
		t.Logf("%s: %d sums agree; quotient of heaps up to %d has order %d", tc.code, count, tc.maxHeap, q.Order())
	}
}

// TestRaisedLimits checks a quotient grown past where smaller limits stop it: 0.754
// stops at some heap h within the small limits, and with the default limits it grows
// on, the outcomes of sums with a heap from h on still agreeing with the plain search.
func TestRaisedLimits(t *testing.T) {
	ctx := context.Background()
	c := parseCode(".754")
	q := New(c, 1000)
	q.limits = Limits{Trial: 1 << 10, Rounds: 10, Work: 1 << 16}
	err := q.Grow(ctx, 30)
	var le *LimitsError
	if !errors.As(err, &le) || le.Heap != q.Heaps() || le.Heap > 17 {
		t.Fatalf("0.754 within small limits: %v after %d heaps, want a stop by heap 17", err, q.Heaps())
	}
	h := le.Heap
	if q.Grow(ctx, h+1) != err {
		t.Fatal("growing again within the same limits did not give the same error")
	}
	q.RaiseLimits(DefaultLimits)
	if err := q.Grow(ctx, h+3); err != nil {
		t.Fatalf("0.754 with raised limits: %v", err)
	}
	count := agreesWithSearch(t, q, c, h, h+2, 23)
	t.Logf("%d sums with a heap of %d to %d agree; order %d", count, h, h+2, q.Order())
}

// TestStopInsideARound stops a growth whose rounds are long (much work allowed) by its
// context, and checks that the quotient is left as it was and grows on afterwards.
func TestStopInsideARound(t *testing.T) {
	c := parseCode(".754")
	q := New(c, 1000)
	q.RaiseLimits(LimitsFor(1 << 34))
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if err := q.Grow(ctx, 60); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a growth past its deadline: %v", err)
	}
	before := q.Heaps()
	if err := q.Grow(context.Background(), before+1); err != nil {
		t.Fatal(err)
	}
	s := &search{c: c, memo: map[string]bool{}}
	sums(before, 18, func(hs []int) {
		x, err := q.Sum(context.Background(), hs...)
		if err != nil {
			t.Fatal(err)
		}
		if q.IsP(x) != s.isP(hs) {
			t.Fatalf("%v: the quotient and the search disagree after a stop", hs)
		}
	})
}
