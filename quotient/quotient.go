// Package quotient computes misère quotients of heap games (Plambeck, "Taming the wild
// in impartial combinatorial games", INTEGERS 5 (2005) G05; Plambeck and Siegel,
// "Misère quotients for impartial games", JCTA 115 (2008) 593-622).
//
// Two sums of heaps G and H are indistinguishable when G + X and H + X have the same
// misère outcome for every sum X of the game's heaps. The classes form a finite
// commutative monoid, the quotient, under addition of sums; its P-portion holds the
// classes of misère P-positions; every heap has an element. The misère outcome of any sum
// of heaps is then one product: the sum is a P-position exactly when the product of its
// heaps' elements is in the P-portion.
//
// The quotient of heaps 0..n is built heap by heap. A heap whose options' elements
// contain those of some sum of element x, and add only options that never win against
// x's company, is x again (the mex interpolation). Otherwise the quotient grows by
// Aaron Siegel's MisereSolver method (see extend): a candidate pairs the old quotient
// with the powers of the new heap, its P-portion comes from the recursion on outcomes,
// and while some sum of heaps fails "a sum is a P-position exactly when its element is
// in P", the candidate is recalibrated at the least such sum, freeing heaps of it. A
// candidate without failures is checked once more on every sum (see explore and
// checkP: both halves, proved by induction over sums) and is the new quotient. Past
// the search's limits the growth stops with an error. The periodicity test (Prove)
// extends a quotient to every heap.
package quotient

import (
	"context"
	"errors"
	"fmt"
	"slices"
)

// Rules are the rules of a heap game.
type Rules interface {
	// Options lists the moves from a heap of n tokens, each as the nonempty heaps it
	// leaves (none when it leaves nothing). Every heap left is smaller than n.
	Options(n int) [][]int
	// Shift tells whether the periodicity test applies: when every move removes at most t
	// tokens and leaves at most h heaps, whatever their sizes (finite take-and-break
	// codes without extra conditions on the heaps left). ok is false otherwise.
	Shift() (t, h int, ok bool)
}

// OptionIterator is Rules that can give a heap's moves one at a time, so that a
// heap with millions of moves (general codes such as "0.*", whose moves grow as
// the partitions of the heap) is never listed whole: yield is called with each
// move's heaps (a slice reused between calls) until it returns false, and
// EachOption reports whether every move was visited.
type OptionIterator interface {
	EachOption(n int, yield func(heaps []int) bool) bool
}

// MaxOptions bounds the moves of one heap: past it the growth stops with a
// *TooManyOptionsError, as it stops past the size bound.
const MaxOptions = 1 << 20

// TooManyOptionsError is returned when a heap has more than MaxOptions moves.
type TooManyOptionsError struct {
	Heap int
}

func (e *TooManyOptionsError) Error() string {
	return fmt.Sprintf("heap %d has more than %d moves", e.Heap, MaxOptions)
}

// stop carries an error out of the enumeration of a heap's moves to Grow,
// which recovers it.
type stop struct{ err error }

// caught runs f and returns the error of the stop it panics with, nil if none.
func caught(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			s, ok := r.(stop)
			if !ok {
				panic(r)
			}
			err = s.err
		}
	}()
	f()
	return nil
}

// eachOption calls f with the heaps of every move of heap n. Every 4096 moves
// it looks at the growth's context; past MaxOptions moves, or when the context
// is done, it unwinds to Grow.
func (q *Quotient) eachOption(n int, f func(heaps []int)) { eachOption(q.ctx, q.rules, n, f) }

// eachOption calls f with the heaps of every move of heap n under r. Every 4096
// moves it looks at ctx; past MaxOptions moves, or when ctx is done, it panics
// with a stop, which the caller recovers.
func eachOption(ctx context.Context, r Rules, n int, f func(heaps []int)) {
	count := 0
	visit := func(heaps []int) bool {
		if count++; count&4095 == 0 {
			if err := ctx.Err(); err != nil {
				panic(stop{err})
			}
			if count > MaxOptions {
				panic(stop{&TooManyOptionsError{Heap: n}})
			}
		}
		f(heaps)
		return true
	}
	if it, ok := r.(OptionIterator); ok {
		it.EachOption(n, visit)
		return
	}
	for _, o := range r.Options(n) {
		visit(o)
	}
}

// TooLargeError is returned when the quotient grows past its size bound.
type TooLargeError struct {
	Heap, Order, Bound int
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("the misère quotient grows to %d elements at heap %d, past the bound %d", e.Order, e.Heap, e.Bound)
}

// Quotient is the misère quotient of a heap game's heaps 0..Heaps()-1, grown on demand.
// Elements are numbered 0 (the identity: the empty sum) to Order()-1; growth renumbers
// them, so an element is valid until the next call that may grow. It is not safe for
// concurrent use.
type Quotient struct {
	rules Rules
	bound int
	m     *table
	elem  []int32   // the element of each heap
	opts  [][]int32 // the elements of each heap's options, sorted, without repeats
	// for the mex interpolation, kept for the current quotient
	meximal []set
	lower   [][]set
	proof   Period
	limits  Limits
	// Report, when set, is called as the quotient grows: with each heap added and the
	// order, and, while a heap searches for a new quotient, with the size of each
	// candidate it checks (candidate > 0).
	Report func(heap, order, candidate int)
	// Memory, when set, is asked before the growth makes a table of extra bytes; an
	// error stops the growth as an *OutOfMemory (the interpreter's memory budget).
	Memory    func(extra int64) error
	err       error // the growth stopped for good
	values    []int // the misère values of the elements (see Values), for valuesAt heaps
	valuesErr error // why there are none
	valuesAt  int
	effort    int             // the work of the current extension (see spend)
	beats     int             // spend's calls, to look at ctx now and then
	ctx       context.Context // the growth's, while it runs
}

// Period is the periodicity of the heap map: heap n + Period has the element of heap n
// for every n >= Preperiod.
type Period struct {
	Preperiod, Period int
}

// New returns the quotient of heap 0 alone (the trivial monoid), growing to at most bound
// elements.
func New(r Rules, bound int) *Quotient {
	q := &Quotient{rules: r, bound: bound, limits: DefaultLimits, m: trivialTable(), elem: []int32{0}, opts: [][]int32{nil}}
	q.meximal = meximal(q.m)
	q.lower = [][]set{{newSet(1)}}
	return q
}

// RaiseLimits lets the growth search further, trying again a heap where it stopped
// within smaller limits. Limits never shrink.
func (q *Quotient) RaiseLimits(l Limits) {
	raised := l.Trial > q.limits.Trial || l.Rounds > q.limits.Rounds || l.Work > q.limits.Work
	q.limits = Limits{max(l.Trial, q.limits.Trial), max(l.Rounds, q.limits.Rounds), max(l.Work, q.limits.Work)}
	var le *LimitsError
	if raised && errors.As(q.err, &le) {
		q.err = nil
	}
}

// RaiseBound lets the quotient grow to b elements, trying again a heap where it
// stopped at a smaller bound. The bound never shrinks.
func (q *Quotient) RaiseBound(b int) {
	var tl *TooLargeError
	if b > q.bound {
		q.bound = b
		if errors.As(q.err, &tl) {
			q.err = nil
		}
	}
}

// Bound returns the largest order the quotient may grow to.
func (q *Quotient) Bound() int { return q.bound }

// Limits returns the limits the growth searches within.
func (q *Quotient) Limits() Limits { return q.limits }

// Heaps returns how many heaps are computed: 0..Heaps()-1.
func (q *Quotient) Heaps() int { return len(q.elem) }

// Order returns the number of elements of the quotient of the heaps computed.
func (q *Quotient) Order() int { return q.m.n }

// Mul returns the product of two elements: the element of the sum of their games.
func (q *Quotient) Mul(a, b int32) int32 { return q.m.mul(a, b) }

// IsP reports whether element a is in the P-portion: its sums are misère P-positions.
func (q *Quotient) IsP(a int32) bool { return q.m.p[a] }

// Proved returns the periodicity of the heap map when the periodicity test has proved it
// for every heap: then the quotient is that of all heaps.
func (q *Quotient) Proved() (Period, bool) { return q.proof, q.proof.Period > 0 }

// Element returns the element of heap n, growing the quotient when n is beyond the heaps
// computed and no period is proved.
func (q *Quotient) Element(ctx context.Context, n int) (int32, error) {
	if n < 0 {
		return 0, fmt.Errorf("heap %d: a heap has at least 0 tokens", n)
	}
	if n >= len(q.elem) && q.proof.Period > 0 {
		n = q.proof.Preperiod + (n-q.proof.Preperiod)%q.proof.Period
	}
	if err := q.Grow(ctx, n+1); err != nil {
		return 0, err
	}
	return q.elem[n], nil
}

// Sum returns the element of the sum of heaps of the given sizes.
func (q *Quotient) Sum(ctx context.Context, heaps ...int) (int32, error) {
	if len(heaps) > 0 { // grow first: growth renumbers the elements
		if _, err := q.Element(ctx, slices.Max(heaps)); err != nil {
			return 0, err
		}
	}
	var x int32
	for _, h := range heaps {
		e, err := q.Element(ctx, h)
		if err != nil {
			return 0, err
		}
		x = q.Mul(x, e)
	}
	return x, nil
}

// Grow computes the quotient up to heap n-1. Its error is a *TooLargeError, a failed
// check (the construction does not apply) or the context's.
func (q *Quotient) Grow(ctx context.Context, n int) (err error) {
	saved := q.ctx
	q.ctx = ctx
	defer func() { q.ctx = saved }()
	for len(q.elem) < n {
		if q.err != nil {
			return q.err
		}
		if len(q.elem)&63 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if err := q.next(ctx); err != nil {
			if ctx.Err() == nil && !errors.As(err, new(*OutOfMemory)) {
				q.err = err // a cancelled growth, or one out of memory, may be tried again
			}
			return err
		}
		if q.Report != nil {
			q.Report(len(q.elem)-1, q.m.n, 0)
		}
	}
	return nil
}

// next adds the next heap.
func (q *Quotient) next(ctx context.Context) (err error) {
	n := len(q.elem)
	defer func() {
		// A stop while the moves were listed leaves the quotient as it was.
		if r := recover(); r != nil {
			s, ok := r.(stop)
			if !ok {
				panic(r)
			}
			q.elem, q.opts, err = q.elem[:n], q.opts[:n], s.err
		}
	}()
	q.elem = append(q.elem, 0)
	opts := q.optionElements(n)
	q.opts = append(q.opts, opts)
	if len(opts) == 0 { // no move: the heap is 0
		return nil
	}
	if x, ok := q.conservative(opts); ok {
		q.elem[n] = x
		return nil
	}
	if err := q.extend(ctx); err != nil {
		q.elem, q.opts = q.elem[:n], q.opts[:n]
		return err
	}
	return nil
}

// optionElements returns the elements of the options of heap n, sorted, without repeats.
func (q *Quotient) optionElements(n int) []int32 {
	return q.optionElementsIn(q.m, q.elem, n)
}

// optionElementsIn is optionElements in monoid m with heap elements elem.
func (q *Quotient) optionElementsIn(m *table, elem []int32, n int) []int32 {
	s := newSet(m.n)
	q.eachOption(n, func(o []int) {
		var x int32
		for _, h := range o {
			x = m.mul(x, elem[h])
		}
		s.add(x)
	})
	var opts []int32
	s.each(func(x int32) { opts = append(opts, x) })
	return opts
}

// conservative looks for an element x the new heap, of option elements opts, equals, so
// that the quotient does not grow. Its outcome alone must be x's and every element of
// opts meximal for x: adding an option of such an element to a game of element x never
// gives a sum a new winning move. Then either (Plambeck and Siegel's mex interpolation)
// some sum of element x has option elements within opts, so the heap has every winning
// move such a sum has, and replacing the heap by that sum never changes an outcome, by
// induction over sums; or, failing that, explore checks directly that with the heap as x
// every sum outside the P-portion still has a move into it (the meximal condition is the
// other half of that check).
func (q *Quotient) conservative(opts []int32) (int32, bool) {
	t := newSet(q.m.n)
	heapP := true
	for _, o := range opts {
		t.add(o)
		heapP = heapP && !q.m.p[o]
	}
	var candidates []int32
	for x := range int32(q.m.n) {
		if q.m.p[x] != heapP || !t.within(q.meximal[x]) {
			continue
		}
		for _, s := range q.lower[x] {
			if s.within(t) {
				return x, true
			}
		}
		candidates = append(candidates, x)
	}
	n := len(q.elem) - 1
	old := slices.DeleteFunc(q.letters(), func(l letter) bool { return l.heap == n })
	for _, x := range candidates {
		if lower, f := exploreWith(q.m, q.lower, minimalLetters(old), letter{elem: x, opts: t, heap: n}); f == nil {
			q.lower = lower
			return x, true
		}
	}
	return 0, false
}

// letters returns the heaps with moves as letters of the current quotient.
func (q *Quotient) letters() []letter {
	var out []letter
	for h, opts := range q.opts {
		if len(opts) == 0 {
			continue
		}
		s := newSet(q.m.n)
		for _, o := range opts {
			s.add(o)
		}
		out = append(out, letter{elem: q.elem[h], opts: s, heap: h})
	}
	return out
}

// minimalLetters keeps, per element, the letters whose option sets are minimal: a letter
// with more options only adds moves, so explore need not follow it.
func minimalLetters(ls []letter) []letter {
	var out []letter
	for i, l := range ls {
		dominated := false
		for j, o := range ls {
			if j != i && o.elem == l.elem && o.opts.within(l.opts) && (!l.opts.within(o.opts) || j < i) {
				dominated = true
				break
			}
		}
		if !dominated {
			out = append(out, l)
		}
	}
	return out
}
