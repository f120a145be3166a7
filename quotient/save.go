package quotient

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
)

// Saving and resuming a quotient (MisereSolver's --persist): Save writes the monoid, its
// P-portion, the heap map and the limits; Load reads them back for the same rules and
// checks them as the growth checks a candidate, so a file that was changed, or saved for
// other rules, is refused rather than believed.

// saved is a quotient as Save writes it.
type saved struct {
	Format string  `json:"format"`
	Bound  int     `json:"bound"`
	Limits Limits  `json:"limits"`
	Order  int     `json:"order"`
	Prod   []int32 `json:"prod"` // the multiplication table, row by row
	P      []bool  `json:"p"`
	Elem   []int32 `json:"elem"` // the element of each heap
}

const savedFormat = "grundy misère quotient 1"

// Save writes the quotient of the heaps computed, to be resumed by Load.
func (q *Quotient) Save(w io.Writer) error {
	return json.NewEncoder(w).Encode(saved{Format: savedFormat, Bound: q.bound, Limits: q.limits, Order: q.m.n, Prod: q.m.prod, P: q.m.p, Elem: q.elem})
}

// Load reads a quotient that Save wrote for the rules r and checks it: a commutative
// monoid with identity 0, every sum of the heaps a P-position exactly when its element is
// in the P-portion (both halves, as for a candidate), and no two elements that no sum
// tells apart. The growth then goes on from the heaps it holds, within the caller's
// bound and limits l: the file's are a record of how it was made and never raise them
// (a quotient of more than bound elements is refused). ctx stops the listing of the
// heaps' moves.
func Load(ctx context.Context, r Rules, rd io.Reader, bound int, l Limits) (*Quotient, error) {
	var s saved
	if err := json.NewDecoder(rd).Decode(&s); err != nil {
		return nil, fmt.Errorf("not a saved quotient: %v", err)
	}
	n := s.Order
	if s.Format != savedFormat || n < 1 || len(s.Prod) != n*n || len(s.P) != n || len(s.Elem) < 1 || s.Elem[0] != 0 || s.Bound < 1 {
		return nil, fmt.Errorf("not a saved quotient (%q, order %d)", s.Format, n)
	}
	if n > s.Bound {
		return nil, fmt.Errorf("the saved quotient has %d elements, more than its bound %d", n, s.Bound)
	}
	if n > bound {
		return nil, fmt.Errorf("the saved quotient has %d elements, more than the bound %d (a bound of %d or more resumes it)", n, bound, n)
	}
	m := &table{n: n, prod: s.Prod, p: s.P}
	for _, xs := range [][]int32{s.Prod, s.Elem} {
		for _, x := range xs {
			if x < 0 || int(x) >= n {
				return nil, fmt.Errorf("the saved quotient names element %d of %d", x, n)
			}
		}
	}
	for a := range int32(n) {
		if m.mul(0, a) != a {
			return nil, fmt.Errorf("the saved quotient's element 0 is not its identity")
		}
		for b := range int32(n) {
			if m.mul(a, b) != m.mul(b, a) {
				return nil, fmt.Errorf("the saved quotient is not commutative")
			}
		}
	}
	q := New(r, bound)
	q.limits = l
	q.m, q.elem = m, s.Elem
	q.opts = make([][]int32, len(q.elem))
	q.ctx = ctx
	defer func() { q.ctx = nil }()
	if err := caught(func() {
		for h := 1; h < len(q.elem); h++ {
			q.opts[h] = q.optionElements(h)
		}
	}); err != nil {
		return nil, err
	}
	letters := q.letters()
	elems := span(m, letters, nil)
	if len(elems) != n {
		return nil, fmt.Errorf("the saved quotient has %d elements, and its heaps reach %d", n, len(elems))
	}
	if err := associative(ctx, m, letters); err != nil {
		return nil, err
	}
	lower, f := explore(m, minimalLetters(letters))
	if f == nil {
		elems, words := reach(m, letters)
		f = checkP(m, elems, words, letters)
	}
	if f != nil {
		return nil, fmt.Errorf("the saved quotient does not give the outcomes of these rules: %v", f)
	}
	if reduced, _ := minimize(m, elems, letters, newTable); reduced.n != n {
		return nil, fmt.Errorf("the saved quotient has %d elements, and only %d are told apart", n, reduced.n)
	}
	q.meximal, q.lower = meximal(m), lower
	q.findPeriod()
	return q, nil
}

// associative checks that m is associative by Light's test: since every element
// is a product of the letters, it is enough that (x·a)·y = x·(a·y) for every
// letter a and all x, y (Clifford and Preston, 1.2), n² checks a letter rather
// than n³ in all. ctx stops it.
func associative(ctx context.Context, m *table, letters []letter) error {
	n := int32(m.n)
	for _, l := range letters {
		a := l.elem
		for x := range n {
			if x%64 == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			xa := m.mul(x, a)
			for y := range n {
				if m.mul(xa, y) != m.mul(x, m.mul(a, y)) {
					return fmt.Errorf("the saved quotient is not associative")
				}
			}
		}
	}
	return nil
}
