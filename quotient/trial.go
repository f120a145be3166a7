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

// trial is a candidate quotient: the current quotient (of the heaps that are not free)
// times the powers of each free heap, with a P-portion found by the recursion on
// outcomes (markP). It is used only once explore and checkP have proved it right.
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

// sum is the element of a sum of heaps.
func (t *trial) sum(heaps []int) int32 {
	var x int32
	for _, h := range heaps {
		x = t.mul(x, t.heap(h))
	}
	return x
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

// markP finds the P-portion: an element is in P when the lightest sum of heaps that has
// it (heap n weighing n², so that every option is lighter than its heap) has options
// and none of them is in P.
func (t *trial) markP(letters []letter, weight []int) {
	t.p = make([]bool, t.size())
	lightest(t, letters, weight, func(x int32, opts []int32) {
		isP := len(opts) > 0
		for _, o := range opts {
			isP = isP && !t.p[o]
		}
		t.p[x] = isP
	})
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
	Trial  int // elements of a candidate (trial) monoid
	Rounds int // candidates tried for one heap
	Work   int // their work, trial elements times letters, summed over one heap
}

// DefaultLimits make a quotient that explodes fail in well under a second.
var DefaultLimits = Limits{Trial: 1 << 12, Rounds: 100, Work: 1 << 18}

// LimitsFor returns limits for about work steps per heap: DefaultLimits raised with the
// work, in proportion, as far as they need (0.07 reaches heap 30, order 360, with 1<<27).
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

// extend grows the quotient by the new heap n, which the mex interpolation could not
// place. The first trial is the current quotient times the powers of heap n. When a sum
// of heaps fails the check, the trial is reduced and some heaps of that sum are freed
// (they get powers of their own, so that sums the old quotient identified can be told
// apart): the first single heap whose freeing flips the outcome the trial gave that sum,
// else all of them. Then it tries again (after Siegel's MisereSolver).
func (q *Quotient) extend(ctx context.Context) error {
	n := len(q.elem) - 1
	base, baseElem := q.m, slices.Clone(q.elem)
	free, cyc := []int{n}, []cyclic{{2, 2}}
	tried := map[string]bool{}
	q.effort = 0
	for range q.limits.Rounds {
		if err := ctx.Err(); err != nil {
			return err
		}
		t := newTrial(ctx, base, baseElem, free, cyc)
		key := fmt.Sprint(base.n, baseElem, free, cyc)
		if t.size() > q.limits.Trial || tried[key] {
			break
		}
		tried[key] = true
		letters, weight := q.trialLetters(t)
		if q.effort += t.size() * len(letters); q.effort > q.limits.Work {
			break
		}
		if q.Report != nil {
			q.Report(n, q.m.n, t.size())
		}
		t.markP(letters, weight)
		f := q.check(t, letters)
		if f == nil {
			return q.adopt(t, letters)
		}
		elems, _ := reach(t, letters)
		m, class := minimize(t, elems, letters)
		baseElem = make([]int32, len(q.elem))
		for h := range baseElem {
			baseElem[h] = class[t.heap(h)]
		}
		base = m
		free, cyc = q.toFree(ctx, m, baseElem, f.heaps, !t.isP(t.sum(f.heaps)))
	}
	return &LimitsError{Heap: n, Limits: q.limits}
}

// toFree chooses the heaps to free after sum failed: the first set of heaps of the sum
// (single heaps first, then pairs..., larger heaps first) whose freeing gives the sum the
// other outcome, wantP; else as many of its largest heaps as fit.
func (q *Quotient) toFree(ctx context.Context, base *table, baseElem []int32, sum []int, wantP bool) ([]int, []cyclic) {
	heaps := slices.Clone(sum)
	slices.Reverse(heaps)
	heaps = slices.Compact(heaps)
	powers := func(free []int) []cyclic {
		var cyc []cyclic
		for _, h := range free {
			cyc = append(cyc, cyclic{max(2, count(sum, h)), 2})
		}
		return cyc
	}
	for k := 1; k <= len(heaps); k++ {
		var found []int
		subsets(heaps, k, func(free []int) bool {
			t := newTrial(ctx, base, baseElem, free, powers(free))
			if t.size() > q.limits.Trial || ctx.Err() != nil {
				return ctx.Err() != nil
			}
			letters, weight := q.trialLetters(t)
			if q.effort += t.size() * len(letters); q.effort > q.limits.Work {
				return true
			}
			t.markP(letters, weight)
			if t.isP(t.sum(sum)) == wantP {
				found = slices.Clone(free)
				return true
			}
			return false
		})
		if found != nil {
			return found, powers(found)
		}
	}
	for k := len(heaps); k > 1; k-- {
		if t := newTrial(ctx, base, baseElem, heaps[:k], powers(heaps[:k])); t.size() <= q.limits.Trial {
			return heaps[:k], powers(heaps[:k])
		}
	}
	return heaps[:1], []cyclic{{count(sum, heaps[0]) + 2, 2}}
}

// subsets calls f with every k-element subset of xs, in lexicographic order of
// positions, until f returns true.
func subsets(xs []int, k int, f func([]int) bool) bool {
	var rec func(from int, cur []int) bool
	rec = func(from int, cur []int) bool {
		if len(cur) == k {
			return f(cur)
		}
		for i := from; i < len(xs); i++ {
			if rec(i+1, append(cur, xs[i])) {
				return true
			}
		}
		return false
	}
	return rec(0, nil)
}

func count(xs []int, x int) int {
	k := 0
	for _, y := range xs {
		if y == x {
			k++
		}
	}
	return k
}

// trialLetters returns every heap 1..n with moves as a letter of trial t (heaps with the
// same element and options once), with its weight n².
func (q *Quotient) trialLetters(t *trial) ([]letter, []int) {
	elem := make([]int32, len(q.elem))
	for h := range q.elem {
		elem[h] = t.heap(h)
	}
	var letters []letter
	var weight []int
	seen := map[string]bool{}
	for h := 1; h < len(q.elem); h++ {
		s, moves := newSet(t.size()), false
		q.eachOption(h, func(o []int) {
			var x int32
			for _, part := range o {
				x = t.mul(x, elem[part])
			}
			s.add(x)
			moves = true
		})
		if !moves {
			continue
		}
		key := fmt.Sprint(elem[h], s)
		if seen[key] {
			continue
		}
		seen[key] = true
		letters = append(letters, letter{elem: elem[h], opts: s, heap: h})
		weight = append(weight, h*h)
	}
	return letters, weight
}

// check proves that trial t gives the outcome of every sum of heaps, or returns a sum
// where it does not.
func (q *Quotient) check(t *trial, letters []letter) *failure {
	if _, f := explore(t, minimalLetters(letters)); f != nil {
		return f
	}
	elems, words := reach(t, letters)
	return checkP(t, elems, words, letters)
}

// adopt makes the trial's reduction the quotient, unless it is larger than the bound.
func (q *Quotient) adopt(t *trial, letters []letter) error {
	elems, _ := reach(t, letters)
	m, class := minimize(t, elems, letters)
	if m.n > q.bound {
		return &TooLargeError{Heap: len(q.elem) - 1, Order: m.n, Bound: q.bound}
	}
	// The heaps' options are listed before anything changes: a stop while they
	// are listed leaves the quotient as it was.
	elem := make([]int32, len(q.elem))
	for h := 1; h < len(q.elem); h++ {
		elem[h] = class[t.heap(h)]
	}
	opts := make([][]int32, len(q.elem))
	for h := 1; h < len(q.elem); h++ {
		opts[h] = q.optionElementsIn(m, elem, h)
	}
	q.m = m
	copy(q.elem, elem)
	copy(q.opts, opts)
	q.meximal = meximal(m)
	lower, f := explore(m, minimalLetters(q.letters()))
	if f != nil {
		panic("quotient: the reduction of a checked trial fails its check: " + f.Error())
	}
	q.lower = lower
	return nil
}
