package quotient

import "context"

// Prove grows the quotient to at most limit heaps, doubling the heaps computed, until the
// periodicity test proves the heap map periodic for every heap. It reports whether it did.
//
// The test (the misère analogue of Guy and Smith's octal periodicity theorem; compare
// Plambeck and Siegel 2008, the periodicity theorem for quotients): let the moves remove
// at most t tokens and leave at most h heaps. If the elements of heaps 0..N satisfy
// e(n + p) = e(n) for n0 <= n <= N - p, and N >= h(n0 + p) + t, then every heap m > N has
// the options' elements of heap m - p (the largest heap a move leaves is at least
// n0 + p, and shifting it by p keeps its element), so heap m equals heap m - p: the
// quotient stops growing and e(m) = e(m - p) for every m >= n0, by induction on m.
func (q *Quotient) Prove(ctx context.Context, limit int) (bool, error) {
	if _, _, ok := q.rules.Shift(); !ok {
		return false, q.Grow(ctx, limit)
	}
	for n := min(max(64, q.Heaps()), limit); ; n = min(2*n, limit) {
		if q.proof.Period > 0 {
			return true, nil
		}
		if err := q.Grow(ctx, n); err != nil {
			return false, err
		}
		q.findPeriod()
		if n >= limit {
			return q.proof.Period > 0, nil
		}
	}
}

// findPeriod applies the periodicity test to the heaps computed, smallest period first.
func (q *Quotient) findPeriod() {
	if p, ok := shiftPeriod(q.rules, len(q.elem), func(i, j int) bool { return q.elem[i] == q.elem[j] }); ok {
		q.proof = p
	}
}

// shiftPeriod applies the periodicity test (see Prove) to a sequence of n heaps whose
// entries i and j are equal when same(i, j), smallest period first.
func shiftPeriod(r Rules, n int, same func(i, j int) bool) (Period, bool) {
	t, h, ok := r.Shift()
	if !ok {
		return Period{}, false
	}
	h = max(h, 1)
	last := n - 1
	for p := 1; 2*p <= last; p++ {
		n0 := last - p
		for n0 > 0 && same(n0-1, n0-1+p) {
			n0--
		}
		if same(n0, n0+p) && last >= h*(n0+p)+t {
			return Period{Preperiod: n0, Period: p}, true
		}
	}
	return Period{}, false
}
