package interp_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/quotient"
	"github.com/grundy-lang/grundy/solver"
)

// The Anti-Nim rule: the first player wins misère Nim iff (every heap is at most 1
// and the nim-sum is 0) or (some heap is larger than 1 and the nim-sum is not 0).
func TestAntiNimRule(t *testing.T) {
	src := `check (outcome(Nim(a) + Nim(b) + Nim(c) + Nim(d), misere) == N) == ((max(a, b, c, d) <= 1 and a ^ b ^ c ^ d == 0) or (max(a, b, c, d) > 1 and a ^ b ^ c ^ d != 0)) for a in 0..7, b in 0..7, c in 0..7, d in 0..7 where a <= b and b <= c and c <= d`
	_, errs := run(t, src)
	if errs != "" {
		t.Fatal(errs)
	}
}

func TestMisereDefaultMode(t *testing.T) {
	in := newSession()
	in.Config.Mode = interp.MiserePlay
	v, err := evalIn(in, "outcome(Nim(1))")
	if err != nil || v != "P" {
		t.Fatalf("outcome(Nim(1)) with misère by default = %s, %v", v, err)
	}
	v, _ = evalIn(in, "outcome(Nim(1), normal)")
	if v != "N" {
		t.Errorf("an explicit normal mode wins over the default: %s", v)
	}
}

// failingQuotient is a heap quotient that never answers: it stopped with err.
type failingQuotient struct{ err error }

func (f failingQuotient) IsP(context.Context, []int64) (bool, error) { return false, f.err }
func (failingQuotient) Method() interp.MisereMethod                  { return interp.MethodQuotient }
func (failingQuotient) Genus(context.Context, []int64) (solver.Genus, bool, error) {
	return solver.Genus{}, false, nil
}
func (failingQuotient) Reason(context.Context, []int64) (string, error) {
	return "a quotient that never answers", nil
}

// A sum its heaps' quotient cannot answer goes to the search, for a bounded time:
// a small sum is answered, a large one stops with a message that names the reason.
func TestSearchAfterAQuotientThatCannotAnswer(t *testing.T) {
	defer interp.SetQuotientFallback(100 * time.Millisecond)()
	in := newSession()
	if err := in.Run(context.Background(), "t", "game H(n) { move knock k in 1..2, i in 0..n-k -> H(i) + H(n - k - i) }"); err != nil {
		t.Fatal(err)
	}
	g, _ := in.Game("H")
	var stop error = &quotient.LimitsError{Heap: 3, Limits: quotient.DefaultLimits}
	g.Natives.MisereHeap = func(args []interp.Value) (interp.HeapQuotient, int64, bool) {
		return failingQuotient{stop}, args[0].N, true
	}
	if v, err := evalIn(in, "[outcome(H(a) + H(b), misere) for a in 0..4, b in 0..4]"); err != nil {
		t.Fatal(err)
	} else if want, _ := evalIn(in, "[outcome(Kayles(a) + Kayles(b), misere) for a in 0..4, b in 0..4]"); v != want {
		t.Errorf("small sums by search: %s, want %s", v, want)
	}
	_, err := evalIn(in, "outcome(H(300) + H(200) + H(100), misere)")
	if err == nil || !strings.Contains(err.Error(), "this sum has a heap of 300 tokens, and the misère quotient of its heaps answers sums of heaps up to 2 tokens only (at heap 3 no candidate quotient passes the check within the search's limits); a search over the sum's positions found no answer within 100ms") {
		t.Errorf("a large sum: %v", err)
	}
	stop = &quotient.TooLargeError{Heap: 30, Order: 360, Bound: 256}
	_, err = evalIn(in, "outcome(H(100) + H(40), misere)")
	if err == nil || !strings.Contains(err.Error(), "this sum has a heap of 100 tokens, and the misère quotient of its heaps answers sums of heaps up to 29 tokens only (at heap 30 it would grow to 360 elements, past its size bound 256); a search over the sum's positions found no answer within 100ms") {
		t.Errorf("a large sum past the size bound: %v", err)
	}
}
