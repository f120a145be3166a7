package native

import (
	"context"
	"errors"
	"fmt"
	"io"
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
	r := newRun(c, defaultOptions)
	if err := r.Reserve(n); err != nil {
		return nil, err
	}
	if err := r.Extend(ctx, n); err != nil {
		return nil, err
	}
	out := make([]int, n+1)
	for i := range out {
		out[i] = int(r.e.at(i))
	}
	return out, nil
}

// stepper is an engine of any value type (engine.go).
type stepper interface {
	run(ctx context.Context, n int) error
	reserve(n int) error
	length() int
	at(i int) int32
	widen() (stepper, error)
	width() int
	values(dst []int32, from, to int) []int32
	proof() (s, p int, ok bool)
	observed() (s, p int, ok bool)
	checkProof() bool
	minimalPeriod(s, p int) Periodicity
	stats() *state
	writeValues(w io.Writer) error
	restore(sparse bool, mask uint32, nextEval, nextCheck int) error
}

// Run is the nim sequence of one code under computation: it grows on demand
// (Extend), keeping one byte a value while every value is below 256, two
// while below 65536, then four, and reports what it found. A Run is not safe
// for concurrent use.
type Run struct {
	e stepper
}

// NewRun starts the nim sequence of code c with g(0) = 0 known.
func NewRun(c Code) *Run { return newRun(c, defaultOptions) }

func newRun(c Code, o engineOptions) *Run { return &Run{e: newEngine(c, o)} }

// SetMemory makes the run ask memory before it holds extra more bytes; its
// error (a *budget.MemoryError, whose What the run fills in with the
// figures) stops Extend.
func (r *Run) SetMemory(memory func(extra int64) error) { r.e.stats().memory = memory }

// SetProgress makes the run tell heaps, every few thousand heaps it
// computes (and more often when each costs much), how many it holds, for a
// progress line; it must return quickly.
func (r *Run) SetProgress(heaps func(n int)) { r.e.stats().onHeaps = heaps }

// Extend computes the values up to g(n). Once a period is proved the values
// past the proof are copied from it (at O(1) a heap), unless StopAtProof.
func (r *Run) Extend(ctx context.Context, n int) error {
	for {
		err := r.e.run(ctx, n)
		if !errors.Is(err, errWiden) {
			return err
		}
		e, err := r.e.widen()
		if err != nil {
			return err
		}
		r.e = e
	}
}

// StopAtProof makes Extend stop computing values once a period is proved.
func (r *Run) StopAtProof() { r.e.stats().stopAtProof = true }

// Reserve makes room for g(0..n) at once, asking the memory set by
// SetMemory: a run that will need it all anyway says at once when it
// cannot have it, not hours later.
func (r *Run) Reserve(n int) error { return r.e.reserve(n) }

// Code returns the run's code.
func (r *Run) Code() Code { return r.e.stats().c }

// Len returns the number of values computed, g(0) to g(Len()-1).
func (r *Run) Len() int { return r.e.length() }

// Value returns g(i) for i < Len(), or from the proved period for any i.
func (r *Run) Value(i int) int {
	if i < r.e.length() {
		return int(r.e.at(i))
	}
	s, p, _ := r.e.proof()
	return int(r.e.at(s + (i-s)%p))
}

// Values appends g(from), ..., g(to-1) to dst (to <= Len()).
func (r *Run) Values(dst []int32, from, to int) []int32 { return r.e.values(dst, from, to) }

// Width returns the bytes the run keeps a value in: 1, 2 or 4.
func (r *Run) Width() int { return r.e.width() }

// Max returns the largest value computed and the first heap that has it.
func (r *Run) Max() (value, at int) {
	st := r.e.stats()
	return int(st.maxV), st.maxAt
}

// Rare returns the mask of the rare-value method (0 when it is not in use)
// and the rare heaps: those h >= 1 whose value v has popcount(v & mask)
// even, ascending. The slice is the run's own.
func (r *Run) Rare() (mask uint32, heaps []int32) {
	st := r.e.stats()
	if !st.sparse {
		return 0, nil
	}
	return st.mask, st.rare
}

// Proof returns the proved periodicity, if the run has found one so far.
func (r *Run) Proof() (Periodicity, bool) {
	s, p, ok := r.e.proof()
	if !ok {
		return Periodicity{}, false
	}
	return r.e.minimalPeriod(s, p), true
}

// CheckProof looks for a period the theorem proves in all the values
// computed (Extend looks every eighth or so of the length as it grows) and
// reports whether one is proved.
func (r *Run) CheckProof() bool {
	if _, _, proved := r.e.proof(); proved || !r.e.stats().prove {
		return proved
	}
	return r.e.checkProof()
}

// Observed returns the period that the values computed show when none is
// proved (the smallest, with at least two periods seen and no longer a
// preperiod than the periodic part, as [Period] asks), and the largest heap
// whose value the periodicity theorem needs to prove it (see
// [ProvePeriod]; 0 when the theorem does not cover the code). false when
// the values show no period, or it is proved.
func (r *Run) Observed() (p Periodicity, needed int, ok bool) {
	if _, _, proved := r.e.proof(); proved {
		return Periodicity{}, 0, false
	}
	s, q, ok := r.e.observed()
	if !ok {
		return Periodicity{}, 0, false
	}
	if c := r.Code(); Unprovable(c) == "" {
		needed = theoremNeeds(c, s, q)
	}
	return Periodicity{Preperiod: s, Period: q}, needed, true
}

// Table is a nim sequence of one code that grows on demand, for repeated
// queries such as a language session asking for heap after heap. Once a
// period is proved, Value answers any n in O(1) without growing. A Table is
// not safe for concurrent use.
type Table struct {
	r *Run
}

// NewTable returns an empty table for code c.
func NewTable(c Code) *Table {
	r := NewRun(c)
	r.StopAtProof()
	return &Table{r: r}
}

// SetMemory makes the table ask memory before it grows (see Run.SetMemory).
func (t *Table) SetMemory(memory func(extra int64) error) { t.r.SetMemory(memory) }

// SetProgress makes the table tell heaps how many it holds as it grows (see
// Run.SetProgress).
func (t *Table) SetProgress(heaps func(n int)) { t.r.SetProgress(heaps) }

// Code returns the table's code.
func (t *Table) Code() Code { return t.r.Code() }

// Value returns g(n), computing the values up to n if needed.
func (t *Table) Value(ctx context.Context, n int) (int, error) {
	if n < 0 {
		return 0, fmt.Errorf("nim value of %v: negative heap size %d", t.r.Code(), n)
	}
	if _, _, proved := t.r.e.proof(); n >= t.r.Len() && !proved {
		if Unprovable(t.r.Code()) != "" { // no proof on the way: all of it
			if err := t.r.Reserve(max(n, 2*t.r.Len())); err != nil {
				return 0, err
			}
		}
		if err := t.r.Extend(ctx, n); err != nil {
			return 0, err
		}
	}
	return t.r.Value(n), nil
}

// Proof returns the proved periodicity, if the table has found one so far.
func (t *Table) Proof() (Periodicity, bool) { return t.r.Proof() }
