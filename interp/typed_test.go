package interp

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/lang"
)

// typedPrograms exercise the typed forms of expressions (typed.go): each is a
// list of runs in one session, and ends with what it prints or the error it
// stops with. typed says whether every typed expression compiled must run
// without falling back to its general form.
var typedPrograms = []struct {
	name  string
	typed bool
	runs  []string
}{
	{"arithmetic", true, []string{`fn f(a, b) = (a + b) * (a - b) + (a << 2) - (b >> 1) + (a & b) + (a | b) + (a ^ b) + ~a + -b
fn d(a, b) = a / b + a % b * 10
print [f(a, b) for a in -3..3, b in -3..3]
print [d(a, b) for a in -7..7, b in [-3, -2, -1, 1, 2, 3]]
print [(a << b) >> 1 for a in 0..3, b in 0..5]
print [min(a, b, 1) * 100 + max(a, -b) * 10 + abs(a - b) for a in -2..2, b in -2..2]`}},
	{"comparisons and logic", true, []string{`fn p(n) = n > 2 and n % 2 == 0 or not (n < 0) and n != 1
fn q(a, b) = (a <= b) == (b >= a) and (a < b) != (a == b or a > b)
print [p(n) for n in -3..6]
print [q(a, b) for a in -1..1, b in -1..1]
print [if n > 2 then n * 2 else let m = n - 1 in m * m for n in 0..5]`}},
	{"reductions", true, []string{`let tri = [7, 152, 52, 352, 34304, 3200, 71680, 12544, 155648]
fn gain(S, e) = len([t for t in tri where (S & t) != t and ((S | (1 << e)) & t) == t])
fn s(n) = sum([k * k for k in 1..n where k % 3 != 0])
fn pairs(n) = len([1 for a in 0..n, b in a..n where (a + b) % 2 == 0])
print [gain(S, e) for S in [0, 3, 5, 6, 7, 24, 152, 255], e in 0..17]
print [s(n) for n in -1..12]
print [pairs(n) for n in -1..6]
print len([x for x in {3, 1, 2} where x > 1]) + sum([a * b for (a, b) in [(1, 2), (3, 4)]])
print len([c for c in "hello" where c != "l"]) + len([x for x in 0..10 where x > 100])
print sum([x for x in 9..3])
fn g(n) = if n <= 0 then 1 else len([x for x in 0..n where x * (n + 1) < n * 2 + g(n - 1) * (n % 3)])
fn h(n, k) = sum([x * (k - 1) + let m = x * k in m - (k << 1) for x in 0..n where x != k * k])
print [g(n) for n in 0..6]
print [h(n, k) for n in 0..6, k in -2..3]`}},
	{"calls, recursion and lets", true, []string{`fn fact(n) = if n <= 1 then 1 else n * fact(n - 1)
fn even(n) = if n == 0 then true else not even(n - 1)
fn depth(n) = if n == 0 then 0 else depth(n - 1) + 1
let k = 3
fn times(n) = n * k
print [fact(n) for n in 0..20]
print [even(n) for n in 0..7]
print depth(20000)
print [times(n) for n in 0..3]`,
		`let k = 5
print [times(n) for n in 0..3]`,
		`fn times(n) = n - k
print [times(n) for n in 0..3]`}},
	{"games", true, []string{`fn ok(n, k) = len([d for d in 1..k where k % d == 0]) <= 2
game G(n) { move k in 1..n where ok(n, k) -> G(n - k) }
print [sg(G(n)) for n in 0..40]
let row = [3, 9, 1, 2, 7]
game Coins(i, j) {
  move first where i <= j score row[i] * 2 - 1 -> Coins(i + 1, j)
  move last  where i <= j and (j - i) % 2 == 0 score row[j] + len([x for x in row where x > i]) -> Coins(i, j - 1)
  move skip  where i < j and row[i] > row[j] -> Coins(i + 1, j)
}
print [score(Coins(0, j)) for j in 0..4]`}},
	// The rest fall back, for some evaluations or all, to the general form.
	{"values of other kinds", false, []string{`fn add(a, b) = a + b
fn lt(a, b) = a < b
fn same(a, b) = a == b
let b = [1, "x", (1, 2), true]
print [add(1, 2), add("a", "b"), add([1], [2]), add({1}, {2})]
print [add("x", str(i)) for i in 0..40]
print [add(i, 1) for i in 0..3]
print [lt("a", "b"), lt(1, 2), lt((1, 2), (1, 3))]
print [same(b[i], b[j]) for i in 0..3, j in 0..3]
print [b[i] == b[j] for i in 0..3, j in 0..3]
print [{1, 2} & {2, 3}, {1} | {4}, 6 & 3]`}},
	{"overflow", false, []string{`fn f(n) = n * n
print f(3037000499)
print f(3037000500)`}},
	{"division by zero", false, []string{`fn d(a, b) = a / b + 1
print d(7, 2)
print d(1, 0)`}},
	{"shift out of range", false, []string{`fn s(a, b) = (a << b) + (a >> b)
print [s(0, b) for b in 0..70]
print [s(1, b) for b in 0..70]`}},
	{"negative shift", false, []string{`fn s(a, b) = a >> b
print s(8, -1)`}},
	{"abs of the least integer", false, []string{`fn a(n) = abs(n - 1)
print a(-9223372036854775807)`}},
	{"an error in a counted element", false, []string{`fn c(n) = len([1 / x for x in -n..n])
print c(0)
print c(2)`}},
	{"a sum that overflows", false, []string{`fn s(xs) = sum([x for x in xs])
print s([1, 2])
print s([9223372036854775807, 1])`}},
	{"a sum of other kinds", false, []string{`fn s(xs) = sum([x for x in xs])
print s([1, "a"])`}},
	{"a loop over an integer", false, []string{`fn c(n) = len([x for x in n])
print c(5)`}},
	{"a pattern that does not fit", false, []string{`fn c(xs) = len([a for (a, b) in xs])
print c([(1, 2)])
print c([1, 2])`}},
	{"a condition that is no boolean", false, []string{`fn n(x) = not x
print n(false)
print n(1)`}},
	{"a where that is no boolean", false, []string{`game G(n) { move k in 1..n where k -> G(n - k) }
print sg(G(3))`}},
	{"a score that is no integer", false, []string{`game S(n) { move k in 1..n score if k > 1 then "x" else 1 -> S(n - k) }
print score(S(1))
print score(S(2))`}},
	{"too deep", false, []string{`fn f(n) = if n == 0 then 0 else f(n - 1) + 1
print f(200000)`}},
	{"a string deep in a recursion", false, []string{`let z = "s"
fn k(n) = if n == 0 then z else k(n - 1) + 1
print k(3000)`}},
	{"functions redefined", false, []string{`fn h(n) = n + 1
fn f(n) = h(n) * 2
print f(3)`, `fn h(n) = [n]
print f(3)`}},
	{"len redefined", false, []string{`fn c(n) = len([k for k in 0..n])
print c(3)`, `fn len(x) = 42
print c(3)`}},
	{"a lambda's variables", false, []string{`fn mk(a) = fn(x) => x * a + len([y for y in 0..x where y < a])
fn nest(a, b) = len([x for x in 0..a where len([y for y in 0..x where y * b < a * b]) > a - b])
print [mk(2)(x) for x in 0..4]
print [nest(a, b) for a in 0..4, b in 0..3]
print [len([f(x) for x in 0..n where f(n * n) > x]) for n in 0..4, f in [fn(y) => y + n, fn(y) => n - y]]`}},
	{"an invariant that overflows", false, []string{`fn c(n, xs) = len([x for x in xs where x < n * n])
print c(3037000500, [])
print c(3, [1, 5, 9, 10])
print c(3037000500, [1])`}},
}

// runTyped runs a program's runs in one session and returns what it printed,
// its errors, and the session.
func runTyped(runs []string, plain bool, maxElems int) (string, *Interp) {
	return runConfigured(runs, plain, func(c *Config) {
		if maxElems > 0 {
			c.MaxElems = maxElems
		}
	})
}

// runConfigured is runTyped with the session's configuration set by set.
func runConfigured(runs []string, plain bool, set func(*Config)) (string, *Interp) {
	in := New()
	in.Config.Plain = plain
	set(&in.Config)
	var out bytes.Buffer
	in.Out, in.Diag = &out, &out
	for _, src := range runs {
		if err := in.Run(context.Background(), "t.game", src); err != nil {
			text, _ := lang.FormatAll(err)
			out.WriteString(text + "\n")
		}
	}
	return out.String(), in
}

// bothWays runs a program's runs with the fast paths and under Config.Plain,
// fails unless they print the same, and returns the output and both sessions.
func bothWays(t *testing.T, runs []string) (string, *Interp, *Interp) {
	t.Helper()
	typed, in := runTyped(runs, false, 0)
	plain, pin := runTyped(runs, true, 0)
	if typed != plain {
		t.Fatalf("typed:\n%s\ngeneral:\n%s", typed, plain)
	}
	return plain, in, pin
}

// Typed expressions give what their general forms give, values and errors
// alike, on every program; the first programs run wholly typed.
func TestTypedExpressionsMatchGeneralPath(t *testing.T) {
	for _, p := range typedPrograms {
		t.Run(p.name, func(t *testing.T) {
			plain, in, _ := bothWays(t, p.runs)
			if in.typedRoots == 0 {
				t.Errorf("no typed expression compiled")
			}
			if p.typed && (in.typedMiss > 0 || strings.Contains(plain, "error")) {
				t.Errorf("%d evaluations fell back to the general form; output:\n%s", in.typedMiss, plain)
			}
		})
	}
}

// A count stops where the list it stands for would be too long, as the list
// does.
func TestTypedCountKeepsTheListLimit(t *testing.T) {
	for _, runs := range [][]string{
		{"fn c(n) = len([x for x in 0..n where x >= 0])\nprint c(5)\nprint c(10)"},
		// A count in a call computed for a block of values (lanecall.go).
		{"fn c(S, e) = len([t for t in 0..S where t > e])\nprint len([e for e in 0..3 where c(6, e) > 1])\nprint len([e for e in 0..3 where c(12, e) > 1])"},
	} {
		typed, in := runTyped(runs, false, 8)
		plain, _ := runTyped(runs, true, 8)
		if typed != plain || !strings.Contains(plain, "more than 8 elements") {
			t.Fatalf("typed:\n%s\ngeneral:\n%s", typed, plain)
		}
		if strings.Contains(runs[0], "c(S, e)") && in.laneCalls == 0 {
			t.Errorf("no call computed a block at a time")
		}
	}
}

// An expression whose values are never integers or booleans stops trying its
// typed form after maxMisses evaluations: here the call and add's body.
func TestTypedFormGivenUp(t *testing.T) {
	_, in := runTyped([]string{`fn add(a, b) = a + b
print len([add("x", str(i)) for i in 0..1000])`}, false, 0)
	if in.typedMiss != 2*maxMisses {
		t.Fatalf("%d evaluations fell back, want %d", in.typedMiss, 2*maxMisses)
	}
}

// A recursion too deep is reported by the general form once a typed form
// reaches the limit, without retrying the typed forms of the run (each retry
// repeats the whole recursion); the next run computes as before.
func TestTypedFormsStopAtTheDepthLimit(t *testing.T) {
	out, in := runTyped([]string{"fn f(n) = f(n + 1) + 1\nprint f(0)", "fn g(n) = if n == 0 then 0 else g(n - 1) + 1\nprint g(5000)"}, false, 0)
	plain, _ := runTyped([]string{"fn f(n) = f(n + 1) + 1\nprint f(0)", "fn g(n) = if n == 0 then 0 else g(n - 1) + 1\nprint g(5000)"}, true, 0)
	if out != plain || !strings.Contains(out, "recursion is too deep") || !strings.Contains(out, "5000") {
		t.Fatalf("typed:\n%s\ngeneral:\n%s", out, plain)
	}
	if in.typedMiss > 1 {
		t.Errorf("%d evaluations fell back after the depth limit, want at most 1", in.typedMiss)
	}
	// A call computed for a block of values, near the limit and past it.
	deep := []string{`fn bit(S, e) = (S >> e) & 1
game G(S) { move e in 0..3 where bit(S, e) == 0 -> G(S | (1 << e)) }
fn deep(n) = if n == 0 then len([e for e in 0..3 where bit(5, e) == 0]) else deep(n - 1)
print deep(99999)`, "print deep(99990)"}
	out, _ = runTyped(deep, false, 0)
	plain, _ = runTyped(deep, true, 0)
	if out != plain || !strings.Contains(out, "recursion is too deep") {
		t.Fatalf("typed:\n%s\ngeneral:\n%s", out, plain)
	}
}
