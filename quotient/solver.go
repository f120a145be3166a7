package quotient

import (
	"context"
	"fmt"
	"slices"
)

// The search for a new quotient when a heap does not fit the current one follows Aaron
// Siegel's MisereSolver (in CGSuite): a candidate is a pretension, a monoid with a
// P-portion and an element for every heap. The first candidate is the old quotient
// times the cyclic monoid C(2,2) of the new heap's powers; each candidate's P-portion
// comes from the recursion on outcomes over sums taken in word order (see words), and
// it is reduced. Then, while some sum of heaps fails "a sum is a P-position exactly
// when its element is in P", the least failing sum in word order is found and the
// candidate recalibrated at it: the fewest heaps of that sum that, given powers of
// their own, give it the other outcome are freed.

// multiset is a sum of heaps (MisereSolver's word) as its exponents, exp[h] copies of
// heap h.
type multiset []int

// less orders words as MisereSolver does: by their largest heap, then by the exponents
// from the largest heap down. Every option of a sum comes before it.
func (w multiset) less(o multiset) bool {
	for h := max(len(w), len(o)) - 1; h >= 0; h-- {
		a, b := w.exp(h), o.exp(h)
		if a != b {
			return a < b
		}
	}
	return false
}

func (w multiset) exp(h int) int {
	if h < len(w) {
		return w[h]
	}
	return 0
}

// heaps lists the heaps of the sum, smallest first.
func (w multiset) heaps() []int {
	var hs []int
	for h, k := range w {
		for range k {
			hs = append(hs, h)
		}
	}
	return hs
}

func wordOf(heaps []int) multiset {
	var w multiset
	for _, h := range heaps {
		for len(w) <= h {
			w = append(w, 0)
		}
		w[h]++
	}
	return w
}

// words walks the sums of the letters (sorted by heap) in word order, the sum with
// more copies of a larger letter later. At each sum it calls leaf with the sum's element
// and its options' elements (nil when noOpts); a true answer ends the walk. Before a sum
// with one more copy of a letter, and the sums that follow from it with the smaller
// letters, are walked, fresh (on its element) and enter (on its element and options)
// are asked whether to walk them; when one says no, no more copies of that letter are
// added to that sum. The words are exp, indexed by letter. Unless keep, the option sets
// are reused once the walk has left them.
type words struct {
	q       *Quotient
	m       monoid
	letters []letter
	exp     []int
	noOpts  bool
	keep    bool
	bufs    [][2]set // for each letter, two option sets in turn (unless keep)
	fresh   func(x int32) bool
	enter   func(x int32, opts set) bool
	leaf    func(x int32, opts set) bool
}

func (q *Quotient) newWords(m monoid, letters []letter) *words {
	return &words{q: q, m: m, letters: letters, exp: make([]int, len(letters))}
}

// walk walks every sum; it reports whether leaf ended the walk.
func (w *words) walk() bool {
	var none set
	if !w.noOpts {
		none = newSet(w.m.size())
	}
	return w.rec(len(w.letters)-1, 0, none)
}

func (w *words) rec(d int, x int32, opts set) bool {
	if d < 0 {
		return w.leaf(x, opts)
	}
	l := w.letters[d]
	for turn := 0; ; turn ^= 1 {
		if w.rec(d-1, x, opts) {
			return true
		}
		w.exp[d]++
		nx := w.m.mul(x, l.elem)
		if w.fresh != nil && !w.fresh(nx) {
			break
		}
		var nopts set
		if !w.noOpts {
			nopts = w.optionSet(d, turn)
			w.q.spend(len(nopts))
			opts.each(func(y int32) { nopts.add(w.m.mul(y, l.elem)) })
			l.opts.each(func(t int32) { nopts.add(w.m.mul(x, t)) })
		} else {
			w.q.spend(1)
		}
		if w.enter != nil && !w.enter(nx, nopts) {
			break
		}
		x, opts = nx, nopts
	}
	w.exp[d] = 0
	return false
}

// optionSet returns an empty option set for letter d's turn.
func (w *words) optionSet(d, turn int) set {
	if w.keep {
		return newSet(w.m.size())
	}
	if w.bufs == nil {
		w.bufs = make([][2]set, len(w.letters))
	}
	s := w.bufs[d][turn]
	if s == nil {
		s = newSet(w.m.size())
		w.bufs[d][turn] = s
	}
	clear(s)
	return s
}

// word returns the current sum.
func (w *words) word() multiset {
	var hs []int
	for i, k := range w.exp {
		for range k {
			hs = append(hs, w.letters[i].heap)
		}
	}
	return wordOf(hs)
}

// below reports whether the current sum comes before the sum limit in word order.
func (w *words) below(limit multiset) bool {
	i := len(w.letters) - 1
	top := len(limit) - 1
	if i >= 0 {
		top = max(top, w.letters[i].heap)
	}
	for h := top; h >= 0; h-- {
		for i >= 0 && w.letters[i].heap > h {
			i--
		}
		a := 0
		if i >= 0 && w.letters[i].heap == h {
			a = w.exp[i]
		}
		if b := limit.exp(h); a != b {
			return a < b
		}
	}
	return false
}

// markWordOrder finds the P-portion of m: an element is in P when the first sum of
// heaps in word order that has it has options and none of them is in P. (Options come
// first in word order, so their elements are marked before.) It returns the P-portion.
func (q *Quotient) markWordOrder(m monoid, letters []letter) []bool {
	p := make([]bool, m.size())
	marked := make([]bool, m.size())
	w := q.newWords(m, letters)
	w.fresh = func(x int32) bool { return !marked[x] }
	w.leaf = func(x int32, opts set) bool {
		isP := opts.any()
		opts.each(func(o int32) { isP = isP && !p[o] })
		p[x], marked[x] = isP, true
		return false
	}
	w.walk()
	return p
}

// leastWords returns the least sum in word order of each element of m (nil for an
// element no sum reaches).
func (q *Quotient) leastWords(m monoid, letters []letter) []multiset {
	least := make([]multiset, m.size())
	seen := make([]bool, m.size())
	w := q.newWords(m, letters)
	w.noOpts = true
	w.fresh = func(x int32) bool { return !seen[x] }
	w.leaf = func(x int32, _ set) bool {
		seen[x], least[x] = true, w.word()
		return false
	}
	w.walk()
	return least
}

// leastPFailure returns the least sum in word order whose element is in P and that has
// an option in P, or nil: such a sum is x·e for a letter e with x·t in P for an option
// t of e, and the least sum of x·e is the least of x plus that letter.
func leastPFailure(m monoid, least []multiset, letters []letter) multiset {
	var out multiset
	for x := range int32(m.size()) {
		if least[x] == nil && x != 0 {
			continue
		}
		for _, l := range letters {
			if !m.isP(m.mul(x, l.elem)) {
				continue
			}
			bad := false
			l.opts.each(func(t int32) { bad = bad || m.isP(m.mul(x, t)) })
			if !bad {
				continue
			}
			f := wordOf(append(least[x].heaps(), l.heap))
			if out == nil || f.less(out) {
				out = f
			}
		}
	}
	return out
}

// leastNFailure returns the least sum in word order, below limit when limit is not nil,
// whose element is not in P and that has no option in P, or nil. A sum whose options
// contain those of an earlier sum of the same element is not followed: it only adds
// winning moves (as in explore).
func (q *Quotient) leastNFailure(m monoid, letters []letter, limit multiset) multiset {
	lower := make([][]set, m.size())
	p := pSet(m)
	var out multiset
	w := q.newWords(m, letters)
	w.keep = true // the minimal option sets are kept
	w.enter = func(x int32, opts set) bool { return insertMinimal(&lower[x], opts) }
	w.leaf = func(x int32, opts set) bool { // the sums come in word order
		if limit != nil && !w.below(limit) {
			return true
		}
		if opts.any() && !m.isP(x) && !opts.meets(p) {
			out = w.word()
			return true
		}
		return false
	}
	w.walk()
	return out
}

// spend counts n steps of the current extension's work, and stops the growth (as a
// stop, which next recovers) with a *LimitsError past the limits' work or when the
// growth's context is done. It looks at the context every 1024th call, and at every
// call of 1024 steps or more.
func (q *Quotient) spend(n int) {
	if q.effort += n; q.effort > q.limits.Work {
		panic(stop{&LimitsError{Heap: len(q.elem) - 1, Limits: q.limits}})
	}
	if q.beats++; n >= 1024 || q.beats&1023 == 0 {
		if err := q.ctx.Err(); err != nil {
			panic(stop{err})
		}
	}
}

// MaxTable bounds the order of a table the growth makes (its products take 256 MB),
// whatever the limits allow.
const MaxTable = 1 << 13

// TableError is returned when a candidate quotient has more than MaxTable elements.
type TableError struct {
	Heap, Order int
}

func (e *TableError) Error() string {
	return fmt.Sprintf("heap %d: a candidate quotient has %d elements, more than the %d the search makes a table of", e.Heap, e.Order, MaxTable)
}

// OutOfMemory is the error of a growth that Quotient.Memory stopped. Unlike the
// other errors it is not kept: a later growth tries the heap again.
type OutOfMemory struct{ Err error }

func (e *OutOfMemory) Error() string { return e.Err.Error() }
func (e *OutOfMemory) Unwrap() error { return e.Err }

// newTable returns an n-element table for the growth, counted in the work as its size
// in 64-bit words. Past MaxTable elements, the limits' work, or the memory budget
// (q.Memory), it stops the growth as spend does.
func (q *Quotient) newTable(n int) *table {
	if n > MaxTable {
		panic(stop{&TableError{Heap: len(q.elem) - 1, Order: n}})
	}
	q.spend(n * n / 2)
	if q.Memory != nil {
		if err := q.Memory(int64(n) * int64(n) * 4); err != nil {
			panic(stop{&OutOfMemory{err}})
		}
	}
	return newTable(n)
}

// extend grows the quotient by the new heap n, which the mex interpolation could not
// place: MisereSolver's search, within the limits.
func (q *Quotient) extend(ctx context.Context) error {
	n := len(q.elem) - 1
	q.effort = 0
	cur := q.candidate(ctx, q.m, q.elem, []int{n}, []cyclic{{2, 2}})
	for round := 0; cur != nil && round < q.limits.Rounds; round++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		q.spend(cur.m.n * len(cur.letters))
		least := q.leastWords(cur.m, cur.letters)
		f := leastPFailure(cur.m, least, cur.letters)
		if nf := q.leastNFailure(cur.m, cur.letters, f); nf != nil {
			f = nf
		}
		if f == nil {
			// The least failures found none; explore and checkP prove it on every sum.
			lower, fail := q.check(cur.m, cur.letters)
			if fail == nil {
				return q.adopt(cur, lower)
			}
			f = wordOf(fail.heaps)
		}
		cur = q.recalibrate(ctx, cur, f)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return &LimitsError{Heap: n, Limits: q.limits}
}

// pretension is a candidate quotient: a reduced monoid with a P-portion, generated by
// the elements of the heaps (elem[h] is heap h's), and the heaps with moves as letters.
type pretension struct {
	m       *table
	elem    []int32
	letters []letter
}

// sum returns the element of a sum of heaps.
func (c *pretension) sum(w multiset) int32 {
	var x int32
	for _, h := range w.heaps() {
		x = c.m.mul(x, c.elem[h])
	}
	return x
}

// candidate is the pretension of base times the powers of the free heaps (free[i] with
// the powers cyc[i]; baseElem gives the other heaps' elements in base): its P-portion is
// marked in word order and it is reduced. It is nil past the limits.
func (q *Quotient) candidate(ctx context.Context, base *table, baseElem []int32, free []int, cyc []cyclic) *pretension {
	t := newTrial(ctx, base, baseElem, free, cyc)
	if t.size() > q.limits.Trial {
		return nil
	}
	elem := make([]int32, len(q.elem))
	for h := range elem {
		elem[h] = t.heap(h)
	}
	letters := q.lettersIn(t, elem)
	q.spend(t.size() * len(letters))
	if q.Report != nil {
		q.Report(len(q.elem)-1, q.m.n, t.size())
	}
	t.p = q.markWordOrder(t, letters)
	elems := span(t, letters, nil)
	q.spend(len(elems) * len(letters))
	m, class := minimize(t, elems, letters, q.newTable)
	c := &pretension{m: m, elem: make([]int32, len(elem))}
	for h, x := range elem {
		c.elem[h] = class[x]
	}
	for _, l := range letters {
		s := newSet(m.n)
		l.opts.each(func(o int32) { s.add(class[o]) })
		c.letters = append(c.letters, letter{elem: class[l.elem], opts: s, heap: l.heap})
	}
	return c
}

// recalibrate returns the next candidate after cur failed at the sum f: the first set
// of heaps of f, fewest first (in colexicographic order), whose freeing gives f the
// other outcome. A freed heap gets powers of its own: as many as its element's powers
// in cur, or as f's copies of it, with a period of 2 (more for long powers); the other
// heaps keep their elements in cur. It is nil when no set does it within the limits.
func (q *Quotient) recalibrate(ctx context.Context, cur *pretension, f multiset) *pretension {
	wantP := !cur.m.p[cur.sum(f)]
	var involved []int
	for h, k := range f {
		if k > 0 {
			involved = append(involved, h)
		}
	}
	var found *pretension
	for k := 1; k <= len(involved) && found == nil; k++ {
		colex(involved, k, func(free []int) bool {
			elem := slices.Clone(cur.elem)
			var cyc []cyclic
			for _, h := range free {
				elem[h] = 0
				index := max(powerIndex(cur.m, cur.elem[h]), f.exp(h)-1)
				cyc = append(cyc, cyclic{index, max(2, 2*((index-4)/2))})
			}
			base, baseElem := q.regenerate(cur.m, elem)
			c := q.candidate(ctx, base, baseElem, free, cyc)
			if c != nil && c.m.p[c.sum(f)] == wantP {
				found = c
			}
			return found != nil
		})
	}
	return found
}

// colex calls f with every k-element subset of xs in colexicographic order of positions
// (by their last position first), until f returns true.
func colex(xs []int, k int, f func([]int) bool) bool {
	var rec func(n, k int, tail []int) bool // the k-subsets of xs[:n], then tail
	rec = func(n, k int, tail []int) bool {
		if k == 0 {
			return f(tail)
		}
		for i := k - 1; i < n; i++ {
			if rec(i, k-1, append([]int{xs[i]}, tail...)) {
				return true
			}
		}
		return false
	}
	return rec(len(xs), k, nil)
}

// powerIndex returns the index of x in m: the least i with x^i = x^j for some j > i.
func powerIndex(m *table, x int32) int {
	seen := map[int32]int{}
	y := int32(0)
	for k := 0; ; k++ {
		if i, ok := seen[y]; ok {
			return i
		}
		seen[y] = k
		y = m.mul(y, x)
	}
}

// regenerate returns the submonoid of m generated by the elements elem, as a table with
// its P-portion, and the elements in it.
func (q *Quotient) regenerate(m *table, elem []int32) (*table, []int32) {
	var gens []letter
	for _, x := range elem {
		gens = append(gens, letter{elem: x})
	}
	elems := span(m, gens, nil)
	index := make([]int32, m.n)
	for i, x := range elems {
		index[x] = int32(i)
	}
	n := len(elems)
	t := q.newTable(n)
	for i, x := range elems {
		q.spend(0)
		t.p[i] = m.p[x]
		for j, y := range elems {
			t.prod[i*n+j] = index[m.mul(x, y)]
		}
	}
	out := make([]int32, len(elem))
	for h, x := range elem {
		out[h] = index[x]
	}
	return t, out
}

// lettersIn returns every heap 1..n with moves as a letter of monoid m, where heap h has
// element elem[h] (heaps with the same element and options once).
func (q *Quotient) lettersIn(m monoid, elem []int32) []letter {
	var letters []letter
	seen := map[string]bool{}
	for h := 1; h < len(q.elem); h++ {
		s, moves := newSet(m.size()), false
		q.eachOption(h, func(o []int) {
			var x int32
			for _, part := range o {
				x = m.mul(x, elem[part])
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
	}
	return letters
}

// check proves that m gives the outcome of every sum of the letters, or returns a sum
// where it does not. It returns explore's lower bounds. Its walks count in the work
// (see counted).
func (q *Quotient) check(t *table, letters []letter) ([][]set, *failure) {
	m := counted{t, q, len(letters)}
	lower, f := explore(m, minimalLetters(letters))
	if f != nil {
		return nil, f
	}
	elems, words := reach(m, letters)
	return lower, checkP(m, elems, words, letters)
}

// counted is a table whose walks count in the growth's work: each beat (a sum or an
// element, with each letter) spends cost steps, so a walk stops past the limits or
// when the growth's context is done.
type counted struct {
	*table
	q    *Quotient
	cost int
}

func (c counted) beat() { c.q.spend(c.cost) }

// adopt makes the checked candidate the quotient, unless it is larger than the bound.
func (q *Quotient) adopt(c *pretension, lower [][]set) error {
	if c.m.n > q.bound {
		return &TooLargeError{Heap: len(q.elem) - 1, Order: c.m.n, Bound: q.bound}
	}
	// The heaps' options are listed before anything changes: a stop while they
	// are listed leaves the quotient as it was.
	opts := make([][]int32, len(q.elem))
	for h := 1; h < len(q.elem); h++ {
		opts[h] = q.optionElementsIn(c.m, c.elem, h)
	}
	q.m = c.m
	copy(q.elem, c.elem)
	copy(q.opts, opts)
	q.meximal = meximal(c.m)
	q.lower = lower
	return nil
}
