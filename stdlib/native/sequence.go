package native

import (
	"context"
	"fmt"
)

// Sequence returns the nim values g(0), ..., g(n) of a heap under code c,
// equal to PlainSequence(c, n) but computed fast:
//
//   - options are marked in a reusable bitset with tight XOR-pair loops;
//   - for codes whose splits leave two heaps (the repeating digit, if any,
//     not splitting), once 1024 values are known the rare-value method of
//     Gangolli and Plambeck is used whenever a bit mask makes few values rare
//     (see sparse.go): common values come only from pairs with a rare member,
//     and a full scan of the splits is needed only for the rare heaps;
//   - for finite codes without the unequal restriction, the octal
//     periodicity theorem is tried as the sequence grows (see ProvePeriod);
//     once it proves a period the rest is filled in at O(1) a heap, so Kayles
//     to 10^6 heaps is a matter of milliseconds.
//
// ctx is checked every few thousand heaps (and during long scans) and its
// error is returned when it is done. A negative n is an error.
func Sequence(ctx context.Context, c Code, n int) ([]int, error) {
	if n < 0 {
		return nil, fmt.Errorf("nim sequence of %v: negative heap size %d", c, n)
	}
	e := newEngine(c, defaultOptions)
	e.reserve(n)
	if err := e.run(ctx, n); err != nil {
		return nil, err
	}
	return ints(e.g[:n+1]), nil
}

func ints(g []int32) []int {
	out := make([]int, len(g))
	for i, v := range g {
		out[i] = int(v)
	}
	return out
}

// Table is a nim sequence of one code that grows on demand, for repeated
// queries such as a language session asking for heap after heap. Once a
// period is proved, Value answers any n in O(1) without growing. A Table is
// not safe for concurrent use.
type Table struct {
	e *engine
}

// NewTable returns an empty table for code c.
func NewTable(c Code) *Table {
	e := newEngine(c, defaultOptions)
	e.stopAtProof = true
	return &Table{e: e}
}

// Code returns the table's code.
func (t *Table) Code() Code { return t.e.c }

// Value returns g(n), computing the values up to n if needed.
func (t *Table) Value(ctx context.Context, n int) (int, error) {
	if n < 0 {
		return 0, fmt.Errorf("nim value of %v: negative heap size %d", t.e.c, n)
	}
	e := t.e
	if n >= len(e.g) && !e.proved {
		if err := e.run(ctx, n); err != nil {
			return 0, err
		}
	}
	if n < len(e.g) {
		return int(e.g[n]), nil
	}
	s, p := e.proofS, e.proofP
	return int(e.g[s+(n-s)%p]), nil
}

// Proof returns the proved periodicity, if the table has found one so far.
func (t *Table) Proof() (Periodicity, bool) {
	if !t.e.proved {
		return Periodicity{}, false
	}
	return minimalPeriod(t.e.g, t.e.proofS, t.e.proofP), true
}
