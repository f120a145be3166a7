package quotient

import (
	"container/heap"
	"context"
	"fmt"
	"slices"
)

// cyclic is the monoid of the powers of one generator h, with h^(index+period) = h^index.
type cyclic struct{ index, period int }

func (c cyclic) size() int { return c.index + c.period }

func (c cyclic) add(a, b int) int {
	if k := a + b; k < c.size() {
		return k
	}
	return c.index + (a+b-c.index)%c.period
}

// trial is the monoid a candidate quotient is made from: a monoid of the heaps that
// are not free times the powers of each free heap (MisereSolver's direct sum), with a
// P-portion found by the recursion on outcomes (markWordOrder).
type trial struct {
	ctx      context.Context // the growth's: beat stops when it is done
	beats    int
	base     *table
	baseElem []int32  // the element in base of every heap that is not free
	free     []int    // the free heaps
	cyc      []cyclic // their powers
	radix    int      // the number of combinations of powers
	p        []bool
}

func newTrial(ctx context.Context, base *table, baseElem []int32, free []int, cyc []cyclic) *trial {
	t := &trial{ctx: ctx, base: base, baseElem: baseElem, free: free, cyc: cyc, radix: 1}
	for _, c := range cyc {
		t.radix *= c.size()
	}
	return t
}

func (t *trial) size() int { return t.base.n * t.radix }

func (t *trial) beat() {
	if t.beats++; t.beats&1023 == 0 {
		if err := t.ctx.Err(); err != nil {
			panic(stop{err})
		}
	}
}
func (t *trial) isP(a int32) bool   { return t.p[a] }
func (t *trial) lift(x int32) int32 { return x * int32(t.radix) }

// heap is the element of heap h.
func (t *trial) heap(h int) int32 {
	if i := slices.Index(t.free, h); i >= 0 {
		return t.unit(i)
	}
	return t.lift(t.baseElem[h])
}

// unit is the element of one copy of free heap number i.
func (t *trial) unit(i int) int32 {
	k := 1
	for _, c := range t.cyc[:i] {
		k *= c.size()
	}
	return int32(k)
}

func (t *trial) mul(a, b int32) int32 {
	r := int32(t.radix)
	pa, pb := int(a%r), int(b%r)
	k, scale := 0, 1
	for _, c := range t.cyc {
		n := c.size()
		k += c.add(pa%n, pb%n) * scale
		pa, pb, scale = pa/n, pb/n, scale*n
	}
	return t.base.mul(a/r, b/r)*r + int32(k)
}

// lightest calls visit with every element of the submonoid the letters generate and the
// elements of the options of its lightest sum of letters, in order of weight (the
// letters' weights added), so that an option's element is visited before the sum's.
func lightest(m monoid, letters []letter, weight []int, visit func(x int32, opts []int32)) {
	n := m.size()
	done := make([]bool, n)
	dist := make([]int, n)
	for i := range dist {
		dist[i] = -1
	}
	pq := &queue{{x: 0, d: 0}}
	for pq.Len() > 0 {
		m.beat()
		it := heap.Pop(pq).(item)
		if done[it.x] {
			continue
		}
		done[it.x] = true
		visit(it.x, it.opts)
		for i, l := range letters {
			y := m.mul(it.x, l.elem)
			d := it.d + weight[i]
			if done[y] || (dist[y] >= 0 && dist[y] <= d) {
				continue
			}
			dist[y] = d
			var opts []int32
			for _, o := range it.opts {
				opts = append(opts, m.mul(o, l.elem))
			}
			l.opts.each(func(o int32) { opts = append(opts, m.mul(it.x, o)) })
			slices.Sort(opts)
			heap.Push(pq, item{x: y, d: d, opts: slices.Compact(opts)})
		}
	}
}

type item struct {
	x    int32
	d    int
	opts []int32
}

type queue []item

func (q queue) Len() int           { return len(q) }
func (q queue) Less(i, j int) bool { return q[i].d < q[j].d }
func (q queue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *queue) Push(x any)        { *q = append(*q, x.(item)) }
func (q *queue) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}

// Limits bound the search for a new quotient when a heap does not fit the current one:
// a heap that needs more stops the growth with a *LimitsError.
type Limits struct {
	Trial  int // elements of a trial monoid (a candidate before its reduction)
	Rounds int // recalibrations for one heap
	// Work bounds the steps of one heap's search: trial elements times letters, sums
	// walked, and the 64-bit words of the option sets and tables made (see spend).
	Work int
}

// DefaultLimits make a quotient that explodes stop in about a second a heap (0.07
// reaches heap 29 within them, 0.754 heap 29 and 4.7 heap 26).
var DefaultLimits = Limits{Trial: 1 << 14, Rounds: 1000, Work: 1 << 24}

// LimitsFor returns limits for about work steps per heap: DefaultLimits raised with the
// work, in proportion.
func LimitsFor(work int) Limits {
	l := DefaultLimits
	if work > l.Work {
		scale := work / l.Work
		l.Work, l.Trial, l.Rounds = work, min(l.Trial*scale, 1<<20), min(l.Rounds*scale, 1<<16)
	}
	return l
}

// LimitsError is returned when no candidate quotient for a heap passes the check within
// the limits.
type LimitsError struct {
	Heap   int
	Limits Limits
}

func (e *LimitsError) Error() string {
	return fmt.Sprintf("heap %d: no candidate quotient passes the check within the search's limits (%d rounds, %d elements, %d steps)", e.Heap, e.Limits.Rounds, e.Limits.Trial, e.Limits.Work)
}
