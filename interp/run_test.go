package interp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
)

// runSnapshot is what a run holds, to compare before and after a nested run.
type runSnapshot struct {
	r              *run
	ctx            context.Context
	depth, queries int
	args           []Value
}

func snapshot(in *Interp) runSnapshot {
	r := in.run
	return runSnapshot{r, r.ctx, r.depth, r.queries, slices.Clone(r.args)}
}

func (s runSnapshot) differs(in *Interp) string {
	now := snapshot(in)
	switch {
	case now.r != s.r:
		return "the session's run is another"
	case now.ctx != s.ctx:
		return "the run's context changed"
	case now.depth != s.depth || now.queries != s.queries:
		return fmt.Sprintf("depth %d, %d queries became %d, %d", s.depth, s.queries, now.depth, now.queries)
	case !slices.EqualFunc(now.args, s.args, Equal):
		return fmt.Sprintf("the argument stack %v became %v", s.args, now.args)
	}
	return ""
}

const reentrantSrc = `
fn h(a, b) = a + b
fn f(a, b) = a * 10 + b
fn deep(n, k) = if n == 0 then f(7, reenter(k)) else h(n, deep(n - 1, k))
fn endless(n) = endless(n + 1)
game S(n) { move k in 1..3 where k <= n -> S(n - k) }
game Q(n) { move k in 1..2 where k <= n and reenter(n) >= 0 -> Q(n - k) }
`

// reenter(k), k >= 0, runs the interpreter again by every door and returns k;
// reenter(k), k < 0, returns k.

// A built-in written in Go may run the interpreter again with the context it
// was given, by every door (Eval, Call, the queries), from a user function's
// arguments or from the where clause of a position being solved: each is a
// run nested in the caller's, whose context, depth and argument stack are
// intact afterwards, even when the nested run fails. Before runs were their
// own, Eval and Call reset the session's argument stack under the caller,
// which then passed f the wrong arguments.
func TestReentrantRuns(t *testing.T) {
	in := New()
	var out bytes.Buffer
	in.Out = &out
	var problems []string
	tooDeep := true
	in.Define("reenter", 1, 1, "runs the interpreter again", func(ctx context.Context, args []Value) (Value, error) {
		before := snapshot(in)
		if before.ctx != ctx {
			problems = append(problems, "the built-in's context is not its run's")
		}
		k := args[0].N
		if k < 0 {
			return Int(k), nil
		}
		// A run in a run in a run: 3 + f(7, -1).
		if v, err := in.Eval(ctx, "inner", "h(1, 2) + deep(0, -1)"); err != nil || v.N != 72 {
			problems = append(problems, fmt.Sprintf("Eval: %v, %v", v, err))
		}
		h, _ := in.Lookup("h")
		if v, err := in.Call(ctx, h.V, Int(4), Int(5)); err != nil || v.N != 9 {
			problems = append(problems, fmt.Sprintf("Call: %v, %v", v, err))
		}
		s, _ := in.Game("S")
		if g, err := in.SG(ctx, in.Position(s, Int(k+10))); err != nil || g != (k+10)%4 {
			problems = append(problems, fmt.Sprintf("SG: %v, %v", g, err))
		}
		if ms, err := in.Moves(ctx, in.Position(s, Int(5)), 0); err != nil || len(ms) != 3 {
			problems = append(problems, fmt.Sprintf("Moves: %v, %v", ms, err))
		}
		if _, err := in.Eval(ctx, "inner", "[1][5]"); err == nil {
			problems = append(problems, "a failing nested run did not fail")
		}
		if tooDeep {
			tooDeep = false // once: it takes 100,000 calls
			if _, err := in.Eval(ctx, "inner", "endless(0)"); err == nil {
				problems = append(problems, "a nested run too deep did not fail")
			}
		}
		if d := before.differs(in); d != "" {
			problems = append(problems, "after the nested runs, "+d)
		}
		return Int(k), nil
	})
	if err := in.Run(context.Background(), "t.game", reentrantSrc+"print deep(20, 5)\nprint sg(Q(6))\n"); err != nil {
		t.Fatal(err)
	}
	// deep(20, 5) is 1 + 2 + ... + 20 + f(7, 5); Q plays as S with moves of 1 or 2.
	if want := fmt.Sprintf("%d\n%d\n", 210+75, 0); out.String() != want {
		t.Errorf("printed %q, want %q", out.String(), want)
	}
	// The same from the Go API: two queries nested, the outer one solving Q.
	q, _ := in.Game("Q")
	if g, err := in.SG(context.Background(), in.Position(q, Int(8))); err != nil || g != 2 {
		t.Errorf("SG(Q(8)) = %d, %v; want 2", g, err)
	}
	if in.run != &in.idle {
		t.Error("after the runs, the session's run is not the idle one")
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// A nested run starts at the depth of the run it is nested in, so that a
// recursion through a built-in written in Go counts every level; a run started
// between runs starts at 0.
func TestNestedRunDepth(t *testing.T) {
	in := New()
	in.Out = &bytes.Buffer{}
	var depths []int
	in.Define("depth", 0, 0, "the run's depth", func(context.Context, []Value) (Value, error) {
		depths = append(depths, in.run.depth)
		return Int(0), nil
	})
	in.Define("again", 0, 0, "evaluates depth() in a nested run", func(ctx context.Context, _ []Value) (Value, error) {
		return in.Eval(ctx, "inner", "depth()")
	})
	if err := in.Run(context.Background(), "t.game", "fn down(n) = if n == 0 then again() else down(n - 1)\nprint down(10)\nprint depth()"); err != nil {
		t.Fatal(err)
	}
	if _, err := in.Eval(context.Background(), "t", "depth()"); err != nil {
		t.Fatal(err)
	}
	// down(10) nests 11 calls of down, again and depth; a statement's call is 1 deep.
	if want := []int{13, 1, 1}; !slices.Equal(depths, want) {
		t.Errorf("depths %v, want %v", depths, want)
	}
}

// A nested run whose context is cancelled stops, with the context's error,
// in the evaluator's loops and in the solver alike; the run it is nested in
// goes on under its own context and finishes.
func TestCancelledInnerRun(t *testing.T) {
	in := New()
	var out bytes.Buffer
	in.Out = &out
	in.Define("inner", 0, 0, "runs the interpreter under a cancelled context", func(ctx context.Context, _ []Value) (Value, error) {
		before := snapshot(in)
		child, cancel := context.WithCancel(ctx)
		cancel()
		_, evalErr := in.Eval(child, "inner", "len([x for x in 1..100000000])")
		s, _ := in.Game("S")
		_, sgErr := in.SG(child, in.Position(s, Int(1_000_000)))
		if d := before.differs(in); d != "" {
			return Value{}, errors.New(d)
		}
		return Tuple(Bool(errors.Is(evalErr, context.Canceled)), Bool(errors.Is(sgErr, context.Canceled))), nil
	})
	src := "game S(n) { move k in 1..3 where k <= n -> S(n - k) }\nprint [inner(), sum([x for x in 1..100000])]\n"
	if err := in.Run(context.Background(), "t.game", src); err != nil {
		t.Fatal(err)
	}
	if want := "[(true, true), 5000050000]\n"; out.String() != want {
		t.Errorf("printed %q, want %q", out.String(), want)
	}
}
