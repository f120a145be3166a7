package interp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
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
		s10, _ := in.Position(ctx, s, Int(k+10))
		if g, err := in.SG(ctx, s10); err != nil || g != (k+10)%4 {
			problems = append(problems, fmt.Sprintf("SG: %v, %v", g, err))
		}
		s5, _ := in.Position(ctx, s, Int(5))
		if ms, err := in.Moves(ctx, s5, 0); err != nil || len(ms) != 3 {
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
	q8, _ := in.Position(context.Background(), q, Int(8))
	if g, err := in.SG(context.Background(), q8); err != nil || g != 2 {
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
		s1m, _ := in.Position(ctx, s, Int(1_000_000))
		_, sgErr := in.SG(child, s1m)
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

// Config.MaxPositions counts the positions of a whole evaluation, those that
// the runs nested in it intern included: a built-in written in Go that runs
// the interpreter again neither restarts the count for its run nor, when it
// returns, for the rest of the evaluation. Before the count's start was a run's,
// every Eval, nested or not, restarted it.
func TestNestedRunPositionLimit(t *testing.T) {
	// Making a position interns it, solved or not: these programs make n of
	// C, D (in the nested run) and E, and solve none. The limit is 50.
	src := `game C(n) { move where n > 0 -> C(n - 1) }
game D(n) { move where n > 0 -> D(n - 1) }
game E(n) { move where n > 0 -> E(n - 1) }
fn make(g, n) = len([g(k) for k in 1..n])
`
	for _, c := range []struct {
		prog    string
		stopped bool
	}{
		{"print make(C, 20)\nprint nested(20)\nprint make(E, 10)", false},
		{"print make(C, 30)\nprint nested(30)", true},
		{"print make(C, 30)\nprint nested(2)\nprint make(E, 25)", true},
		{"print nested(30)\nprint make(E, 25)", true},
	} {
		in := New()
		in.Out = &bytes.Buffer{}
		in.Config.MaxPositions = 50
		in.Define("nested", 1, 1, "makes n positions of D in a nested run", func(ctx context.Context, args []Value) (Value, error) {
			return in.Eval(ctx, "inner", fmt.Sprintf("make(D, %d)", args[0].N))
		})
		err := in.Run(context.Background(), "t.game", src+c.prog)
		switch {
		case c.stopped && (err == nil || !strings.Contains(err.Error(), "the positions limit (50) was reached")):
			t.Errorf("%q: got %v, want the positions limit's error", c.prog, err)
		case !c.stopped && err != nil:
			t.Errorf("%q: %v", c.prog, err)
		}
	}
}

// A recursion too deep fails with every level uncounted as it unwinds, even
// in the run between runs, where internal callers such as expandAll expand
// positions: the same failure again in the same session fails exactly as in a
// fresh one, and the counters are back at zero. Before, the failure set the
// counters to zero and the unwinding took them below it, so that the next
// recursion could go twice as deep before it failed.
func TestTooDeepUnwindsCounters(t *testing.T) {
	src := `fn f(n) = f(n + 1)
game G(n) { move where f(n) > 0 -> G(n - 1) }
`
	in := New()
	if err := in.Run(context.Background(), "t.game", src); err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for range 2 {
		_, msg := expandAll(t, in, "G(0)")
		msgs = append(msgs, msg)
		if in.run != &in.idle || in.idle.depth != 0 || in.idle.queries != 0 {
			t.Errorf("after the failure, depth %d and %d queries, want 0 and 0", in.run.depth, in.run.queries)
		}
	}
	if !strings.Contains(msgs[0], "recursion is too deep") || msgs[1] != msgs[0] {
		t.Errorf("failed with\n%s\nthen with\n%s", msgs[0], msgs[1])
	}
	// A query refused at the limit (an sg in a where clause, one level per
	// position solved: too slow to reach here) uncounts itself at once.
	in.idle.depth, in.idle.queries = maxDepth, 30_000
	if err := in.enterQuery(); err == nil || !strings.Contains(err.Error(), "30001 of them queries") {
		t.Errorf("a query past the limit: %v", err)
	}
	if in.idle.depth != maxDepth || in.idle.queries != 30_000 {
		t.Errorf("a refused query left depth %d and %d queries, want %d and 30000", in.idle.depth, in.idle.queries, maxDepth)
	}
}

// Position, called between runs or from a built-in written in Go, returns the
// error of a position that cannot be made, located in the program, where it
// used to panic out to its caller: arguments the game refuses, or a canonical
// form that fails.
func TestPositionErrors(t *testing.T) {
	in := New()
	src := `game T(a, b) { canonical a move where false -> T(a, b) }
game U(a, b) { canonical (a % b, b) move where a > 0 -> U(a - 1, b) }
`
	if err := in.Run(context.Background(), "t.game", src); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	tg, _ := in.Game("T")
	ug, _ := in.Game("U")
	for _, c := range []struct {
		g    *Game
		args []Value
		want string
	}{
		{tg, []Value{Int(1), Int(2)}, "t.game:1:1: the canonical form of T must be a tuple of 2 values, but it is int 1"},
		{ug, []Value{Int(1), Int(0)}, "t.game:2:29: remainder of division by zero"},
		{ug, []Value{Int(1)}, "U takes 2 arguments, but is given 1"},
	} {
		v, err := in.Position(ctx, c.g, c.args...)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s%v = %v, %v; want the error %q", c.g.Name, c.args, v, err, c.want)
		}
	}
	// The session goes on: a position that can be made is made, and solved.
	u, err := in.Position(ctx, ug, Int(7), Int(3))
	if err != nil || u.Repr() != "U(1, 3)" {
		t.Fatalf("U(7, 3) = %v, %v; want U(1, 3)", u, err)
	}
	if g, err := in.SG(ctx, u); err != nil || g != 1 {
		t.Errorf("sg(U(1, 3)) = %d, %v; want 1", g, err)
	}
}
