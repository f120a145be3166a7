package interp_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/budget"
	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/stdlib"
)

// Long built-ins and operators look at the context as they go: an interrupt
// during a large sorted, a set union, grounded or MockTurtles arrived late or
// was dropped. Each statement runs under a context already cancelled, on
// values made before; it must print nothing (it stopped inside, not after)
// and return the interrupt, located at the statement.
func TestLongBuiltinsStop(t *testing.T) {
	in := stdlib.New()
	in.Out, in.Diag = io.Discard, io.Discard
	const setup = `
let L = list(reversed(list(0..300000)))
let M = list(0..2000)
let S = set(0..300000)
let T = set([2 * i for i in 0..300000])
let E = set([(i, i + 1) for i in 0..100000])
`
	if err := in.Run(context.Background(), "setup.game", setup); err != nil {
		t.Fatal(err)
	}
	stopped, cancel := context.WithCancel(context.Background())
	cancel()
	for _, src := range []string{
		"print len(sorted(L))",
		"print len(set(L))",
		"print len({x for x in L})",
		"print len(S | T)",
		"print len(S & T)",
		"print len(S - T)",
		"print len(S ^ T)",
		"print len(union(S, T))",
		"print len(L - M)",
		"print len(L - S)",
		"print len(grounded(E, 0))",
		"print sg(MockTurtles(S))",
		"print max(L)",
		"print sum(L)",
		"print len(list(0..1000000))",
	} {
		var out bytes.Buffer
		in.Out = &out
		err := in.Run(stopped, "t.game", src)
		var le *lang.Error
		if !errors.Is(err, context.Canceled) || !errors.As(err, &le) || le.Pos.Line != 1 || le.Msg != "interrupted" {
			t.Errorf("%s: %v, want an interrupt located at the statement", src, err)
		}
		if out.Len() > 0 {
			t.Errorf("%s printed %q before it noticed the interrupt", src, out.String())
		}
	}
	// The session is still usable.
	var out bytes.Buffer
	in.Out = &out
	if err := in.Run(context.Background(), "t.game", "print len(S | T)\nprint sg(MockTurtles({1, 2}))"); err != nil || out.String() != "450001\n6\n" {
		t.Errorf("after the interrupts: %q, %v", out.String(), err)
	}
}

// A run whose context is cancelled while its last statement runs, after the
// last check, is still a stopped run, not a finished one: grundy run exited 0.
func TestStopAfterTheLastCheck(t *testing.T) {
	in := interp.New()
	in.Out = io.Discard
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	in.Define("stopnow", 0, 0, "cancels the run and returns", func(context.Context, []interp.Value) (interp.Value, error) {
		cancel()
		return interp.Int(1), nil
	})
	err := in.Run(ctx, "t.game", "let a = 1\nprint stopnow()\n")
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want the interrupt", err)
	}
	if text, _ := lang.FormatAll(err); !strings.HasPrefix(text, "t.game:2:1: interrupted\n    print stopnow()\n    ^") {
		t.Errorf("the message is\n%s", text)
	}
}

// After a fast path panics inside the solver, the next identical query
// answers: the panic used to leave the walk's marks behind, and the session
// reported a false "still being solved" cycle ever after.
func TestFastPathPanicDoesNotPoison(t *testing.T) {
	in := interp.New()
	var out bytes.Buffer
	in.Out = &out
	ctx := context.Background()
	if err := in.Run(ctx, "t.game", "game G(n) { move k in 1..2 where k <= n -> G(n - k) }"); err != nil {
		t.Fatal(err)
	}
	g, _ := in.Game("G")
	armed := true
	g.Native = func(_ context.Context, args []interp.Value) (int64, bool, error) {
		if args[0].N == 3 && armed {
			armed = false
			panic("a bug in a fast path")
		}
		return 0, false, nil
	}
	if err := in.Run(ctx, "t.game", "print sg(G(10))"); err == nil || !strings.Contains(err.Error(), "internal error") {
		t.Fatalf("the injected panic gave %v", err)
	}
	out.Reset()
	if err := in.Run(ctx, "t.game", "print sg(G(10))"); err != nil || out.String() != "1\n" {
		t.Fatalf("asked again: %q, %v; want 1", out.String(), err)
	}
}

// A memory stop noticed by a tick inside a comprehension names the statement
// that was running; it named no place.
func TestMemoryStopIsLocated(t *testing.T) {
	in := interp.New()
	in.Out = io.Discard
	in.Config.MaxMemory, in.Config.MemoryHint = 1<<20, "raise it"
	// (The list is made: len of a comprehension alone counts without one.)
	err := in.Run(context.Background(), "t.game", "let a = 1\nprint len([i * i for i in 0..1000000 where i >= 0] + [0])\n")
	var mem *budget.MemoryError
	if !errors.As(err, &mem) {
		t.Fatalf("got %v, want a memory stop", err)
	}
	text, ok := lang.FormatAll(err)
	if !ok || !strings.HasPrefix(text, "t.game:2:") || !strings.Contains(text, "stopped: the memory budget (1MB) is used up; raise it\n    print len(") {
		t.Errorf("the message is\n%s", text)
	}
}
