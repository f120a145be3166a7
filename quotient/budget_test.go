package quotient

import (
	"context"
	"errors"
	"testing"
)

// The tables the search makes stay within MaxTable elements whatever the work allows
// (0.6 needs a candidate of more at heap 17), and within the memory budget: a budget
// that refuses stops the growth before its first table, for that growth only.
func TestTablesWithinCaps(t *testing.T) {
	ctx := context.Background()
	q := New(parseCode(".6"), 1<<16)
	q.RaiseLimits(LimitsFor(1 << 40))
	var te *TableError
	if err := q.Grow(ctx, 30); !errors.As(err, &te) || te.Order <= MaxTable || te.Heap != q.Heaps() {
		t.Fatalf("0.6 within 2^40 steps: %v at heap %d", err, q.Heaps())
	}
	full := errors.New("the memory budget is spent")
	q = New(parseCode(".6"), 1<<16)
	var asked int64
	q.Memory = func(extra int64) error { asked = extra; return full }
	if err := q.Grow(ctx, 30); !errors.Is(err, full) || asked <= 0 || q.Order() != 1 {
		t.Fatalf("with no memory: %v (asked for %d bytes), order %d", err, asked, q.Order())
	}
	q.Memory = nil // memory freed: the heap is tried again
	if err := q.Grow(ctx, 12); err != nil || q.Order() == 1 {
		t.Fatalf("with memory again: %v, order %d", err, q.Order())
	}
}

// A large spend looks at the context at once: a table asked for in a cancelled growth
// is not made.
func TestLargeSpendLooksAtTheContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	q := New(parseCode(".07"), 100)
	q.ctx = ctx
	if err := caught(func() { q.newTable(64) }); !errors.Is(err, context.Canceled) {
		t.Fatalf("a 64-element table in a cancelled growth: %v", err)
	}
}

// The final check counts in the search's work: it passes within what it spends, and
// stops with a *LimitsError within half of it.
func TestCheckCountsItsWork(t *testing.T) {
	ctx := context.Background()
	q := New(parseCode(".07"), 100)
	if err := q.Grow(ctx, 20); err != nil {
		t.Fatal(err)
	}
	q.ctx, q.effort = ctx, 0
	letters := q.letters()
	if err := caught(func() {
		if _, f := q.check(q.m, letters); f != nil {
			t.Fatalf("the quotient of 0.07 fails its check: %v", f)
		}
	}); err != nil {
		t.Fatal(err)
	}
	spent := q.effort
	if spent < len(letters) {
		t.Fatalf("the check spent %d steps", spent)
	}
	q.effort, q.limits.Work = 0, spent/2
	var le *LimitsError
	if err := caught(func() { q.check(q.m, letters) }); !errors.As(err, &le) {
		t.Fatalf("the check within %d of its %d steps: %v", spent/2, spent, err)
	}
}
