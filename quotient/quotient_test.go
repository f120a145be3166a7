package quotient

import (
	"context"
	"errors"
	"slices"
	"testing"
)

// TestPublishedQuotients checks quotients against published ones.
//   - 0.75: Plambeck, "Taming the wild in impartial combinatorial games", INTEGERS 5
//     (2005) G05, gives its quotient R8 = <a, b, c | a² = 1, b³ = b, bc = ab, c² = b²>,
//     of order 8 with P-portion {a, b²}; Siegel, "The structure and classification of
//     misère quotients" (arXiv math/0703070) proves it is the only quotient of order 8.
//   - misère Nim on heaps *1 and *2 (the code 0.[3] up to heap 2): the tame quotient T2 =
//     <a, b | a² = 1, b³ = b> of order 6 (Plambeck and Siegel, "Misère quotients for
//     impartial games", JCTA 115 (2008), section 2).
func TestPublishedQuotients(t *testing.T) {
	ctx := context.Background()
	q := New(parseCode(".75"), 100)
	if ok, err := q.Prove(ctx, 256); !ok || err != nil {
		t.Fatalf("0.75: proved %v, %v", ok, err)
	}
	pr := q.Present()
	if q.Order() != 8 || !slices.Equal(pr.Relations, []string{"a² = 1", "bc = ab", "c² = b²", "b³ = b"}) {
		t.Errorf("0.75: order %d, relations %v; want R8", q.Order(), pr.Relations)
	}
	var ps []string
	for x, w := range pr.Words {
		if q.IsP(int32(x)) {
			ps = append(ps, w)
		}
	}
	if !slices.Equal(ps, []string{"a", "b²"}) {
		t.Errorf("0.75: P-portion %v, want [a b²]", ps)
	}
	nim := New(parseCode(".33"), 100) // heaps 0, 1, 2 are *0, *1, *2
	if err := nim.Grow(ctx, 3); err != nil {
		t.Fatal(err)
	}
	if pr := nim.Present(); nim.Order() != 6 || !slices.Equal(pr.Relations, []string{"a² = 1", "b³ = b"}) {
		t.Errorf("*1, *2: order %d, relations %v; want T2", nim.Order(), pr.Relations)
	}
}

// TestOrderIsExact checks the order from outside: every two elements are told apart by
// adding a third, the outcomes coming from the plain search on representative sums.
func TestOrderIsExact(t *testing.T) {
	for _, tc := range []struct {
		code  string
		heaps int
	}{{".77", 9}, {".07", 12}, {".75", 10}} {
		c := parseCode(tc.code)
		q := New(c, 100)
		if err := q.Grow(context.Background(), tc.heaps+1); err != nil {
			t.Fatal(err)
		}
		elems, words := reach(q.m, q.letters())
		if len(elems) != q.Order() {
			t.Fatalf("%s: %d elements reached, order %d", tc.code, len(elems), q.Order())
		}
		s := &search{c: c, memo: map[string]bool{}}
		for i, x := range elems {
			for _, y := range elems[:i] {
				apart := false
				for _, z := range elems {
					if s.isP(append(slices.Clone(words[x]), words[z]...)) != s.isP(append(slices.Clone(words[y]), words[z]...)) {
						apart = true
						break
					}
				}
				if !apart {
					t.Fatalf("%s: %v and %v are never told apart", tc.code, words[x], words[y])
				}
			}
		}
	}
}

// TestKayles computes misère Kayles to every heap: the heap map is proved periodic.
func TestKayles(t *testing.T) {
	q := New(parseCode(".77"), 1000)
	ok, err := q.Prove(context.Background(), 1024)
	if !ok || err != nil {
		t.Fatalf("proved %v, %v", ok, err)
	}
	p, _ := q.Proved()
	// The periodicity test needs the heaps up to 2(n0 + p) + 2.
	if q.Heaps() <= 2*(p.Preperiod+p.Period)+2 {
		t.Errorf("proved with %d heaps, period %+v", q.Heaps(), p)
	}
	// Beyond the heaps computed, heaps repeat with the period.
	ctx := context.Background()
	for _, n := range []int{1000, 12345, 1 << 40} {
		x, err := q.Element(ctx, n)
		y, _ := q.Element(ctx, n-p.Period)
		if err != nil || x != y {
			t.Errorf("heap %d: %d, %v; heap %d: %d", n, x, err, n-p.Period, y)
		}
	}
	// Growing heap by heap to 1000 instead gives the same quotient and heap map.
	direct := New(parseCode(".77"), 1000)
	if err := direct.Grow(ctx, 1001); err != nil || direct.Order() != q.Order() {
		t.Fatalf("direct: order %d, %v", direct.Order(), err)
	}
	byPeriod, byHeap := q.Present().Words, direct.Present().Words
	for n := range 1001 {
		x, _ := q.Element(ctx, n)
		if w, v := byPeriod[x], byHeap[direct.elem[n]]; w != v {
			t.Fatalf("heap %d: %s by the period, %s directly", n, w, v)
		}
	}
	t.Logf("misère Kayles: order %d, period %+v, relations %v", q.Order(), p, q.Present().Relations)
}

// TestBound stops at the size bound with the heap where it was passed.
func TestBound(t *testing.T) {
	q := New(parseCode(".77"), 10)
	err := q.Grow(context.Background(), 30)
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Bound != 10 || tl.Order <= 10 {
		t.Fatalf("got %v", err)
	}
	if q.Heaps() != tl.Heap || q.Order() > 10 {
		t.Errorf("after the error: %d heaps, order %d (error at heap %d)", q.Heaps(), q.Order(), tl.Heap)
	}
	if err2 := q.Grow(context.Background(), 30); err2 != err {
		t.Errorf("growing again: %v", err2)
	}
}

// nim is Nim: heap n moves to any smaller heap.
type nim struct{}

func (nim) Options(n int) [][]int {
	out := [][]int{nil}
	for k := 1; k < n; k++ {
		out = append(out, []int{k})
	}
	return out[:n]
}

func (nim) Shift() (int, int, bool) { return 0, 0, false }

// TestMisereNim checks the quotient of Nim heaps against Bouton's rule. Its order is
// that of the tame quotient of Plambeck and Siegel: 2^(k+1) + 2 for heaps below 2^(k+1).
// Nim's even heaps fail the mex interpolation (no sum of their element lacks a move to
// b², where the heap has *0), so they exercise the direct check of conservative.
func TestMisereNim(t *testing.T) {
	q := New(nim{}, 100)
	ctx := context.Background()
	for _, c := range [][2]int{{2, 6}, {3, 6}, {7, 10}, {15, 18}, {40, 66}} {
		n, order := c[0], c[1]
		if err := q.Grow(ctx, n+1); err != nil || q.Order() != order {
			t.Fatalf("heaps to %d: order %d, %v; want %d", n, q.Order(), err, order)
		}
	}
	for a := range 41 {
		for b := a; b <= 40; b++ {
			for c := b; c <= 40; c += 3 {
				x, err := q.Sum(ctx, a, b, c)
				bouton := a^b^c == 0
				if max(a, b, c) <= 1 {
					bouton = a^b^c == 1
				}
				if err != nil || q.IsP(x) != bouton {
					t.Fatalf("%d + %d + %d: P = %v, %v; Bouton says %v", a, b, c, q.IsP(x), err, bouton)
				}
			}
		}
	}
}

// endless is Nim below heap 50, and heap 50 has moves without end (to heap 1,
// again and again), given one at a time; the first time onMove is set, it is
// called at heap 50's move 10,000.
type endless struct{ onMove func() }

func (e *endless) Options(n int) [][]int { panic("listed whole") }

func (e *endless) Shift() (int, int, bool) { return 0, 0, false }

func (e *endless) EachOption(n int, yield func(heaps []int) bool) bool {
	if n < 50 {
		return nim{}.eachOption(n, yield)
	}
	for i := 1; ; i++ {
		if i == 10_000 && e.onMove != nil {
			e.onMove()
			e.onMove = nil
		}
		if !yield([]int{1}) {
			return false
		}
	}
}

func (nim) eachOption(n int, yield func([]int) bool) bool {
	for _, o := range (nim{}).Options(n) {
		if !yield(o) {
			return false
		}
	}
	return true
}

// The moves of a heap are listed under the growth's context and up to
// MaxOptions: quotient("0.*") listed every partition of its heaps, past 3 GB
// and deaf to Ctrl-C. A stopped growth leaves the quotient as it was.
func TestEndlessMoves(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r := &endless{onMove: cancel}
	q := New(r, 4096)
	if err := q.Grow(ctx, 60); !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted at heap 50: %v, want context.Canceled", err)
	}
	if q.Heaps() != 50 || len(q.opts) != 50 {
		t.Fatalf("after the interrupt %d heaps (%d options), want 50", q.Heaps(), len(q.opts))
	}
	err := q.Grow(context.Background(), 60)
	var many *TooManyOptionsError
	if !errors.As(err, &many) || many.Heap != 50 || err.Error() != "heap 50 has more than 1048576 moves" {
		t.Fatalf("heap 50: %v, want too many moves", err)
	}
	if x, err := q.Element(context.Background(), 49); err != nil || q.Heaps() != 50 {
		t.Fatalf("heap 49: %d, %v; %d heaps", x, err, q.Heaps())
	}
}
