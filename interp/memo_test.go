package interp_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/interp"
)

// Remembered calls give what evaluating every call gives: the same programs run
// in a session that remembers calls and in one that does not, entry by entry, with
// redefinitions, lets, lambdas and the default play mode changing in between.
func TestRememberedCallsAgreeWithPlainCalls(t *testing.T) {
	entries := []string{
		"fn f(n) = n * n + k\nlet k = 1\nprint [f(n) for n in 0..5]",
		"let k = 10\nprint [f(n) for n in 0..5]",
		"fn f(n) = n + k\nprint [f(n) for n in 0..5]",
		"print 3\n_",
		"fn g(n) = _ + n\nprint g(1)",
		"print 4\nprint g(1)",
		"fn adder(a) = fn(x) => x + a\nprint [adder(a)(1) for a in 0..3]",
		"game Nim(n) { move take k in 1..n -> Nim(n - k) }\nfn v(n) = sg(Nim(n) + Nim(1))\nprint [v(n) for n in 0..4]",
		"MISERE\nprint [v(n) for n in 0..4]",
		"NORMAL\nprint [v(n) for n in 0..4]",
		"fn fib(n) = if n < 2 then n else fib(n - 1) + fib(n - 2)\nprint fib(20)",
		ticTacToeSrc + "print search(TicTacToe([1, 0, 0, 0, 0, 0, 0, 0, 0], 2))",
	}
	run := func(remember bool) string {
		in := interp.New()
		if !remember {
			in.RememberNoCalls()
		}
		var out bytes.Buffer
		in.Out, in.Diag = &out, &out
		for _, e := range entries {
			switch e {
			case "MISERE\nprint [v(n) for n in 0..4]":
				in.Config.Mode = interp.MiserePlay
			case "NORMAL\nprint [v(n) for n in 0..4]":
				in.Config.Mode = interp.NormalPlay
			}
			if err := in.Run(context.Background(), "t.game", e); err != nil {
				out.WriteString(formatErr(err) + "\n")
			}
		}
		return out.String()
	}
	remembered, plain := run(true), run(false)
	if remembered != plain {
		t.Fatalf("remembered calls:\n%s\nplain calls:\n%s", remembered, plain)
	}
	if !bytes.Contains([]byte(plain), []byte("[1, 2, 5, 10, 17, 26]\n[10, 11, 14, 19, 26, 35]\n[10, 11, 12, 13, 14, 15]")) {
		t.Fatalf("the lets did not change the calls' values:\n%s", plain)
	}
}

// Arguments of calls nested in arguments, in bodies and after an error keep
// their values (they share the session's argument stack).
func TestNestedCallArguments(t *testing.T) {
	out, errs := run(t, `
fn h(a, b) = a * 10 + b
fn k(a, b) = h(a, h(b, a)) + h(b, 0) * 1000
print h(h(1, 2), h(3, h(4, 5)))
print [k(a, b) for a in 1..2 for b in 3..4]
print h("x", 1 / 0)
`)
	want := "195\n[30041, 40051, 30052, 40062]\n"
	if out != want || !strings.Contains(errs, "division by zero") {
		t.Fatalf("got %q, errors %q; want %q", out, errs, want)
	}
	in := interp.New()
	var b bytes.Buffer
	in.Out = &b
	for _, src := range []string{"fn h(a, b) = a * 10 + b\nprint h(1, 1 / 0)", "print h(h(1, 2), 3)"} {
		in.Run(context.Background(), "t.game", src)
	}
	if b.String() != "123\n" {
		t.Fatalf("after an error: %q", b.String())
	}
}
