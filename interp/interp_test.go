package interp_test

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/stdlib"
)

var update = flag.Bool("update", false, "rewrite golden files")

// run executes src in a fresh session with the standard library and returns what
// it printed and the error (formatted as a user sees it).
func run(t *testing.T, src string) (string, string) {
	t.Helper()
	in := stdlib.New()
	var out, diag bytes.Buffer
	in.Out, in.Diag = &out, &diag
	err := in.Run(context.Background(), "t.game", src)
	msg := diag.String()
	if err != nil {
		msg += formatErr(err)
	}
	return out.String(), msg
}

func formatErr(err error) string {
	switch e := err.(type) {
	case *lang.Error:
		return e.Format()
	case lang.Errors:
		var parts []string
		for _, x := range e {
			parts = append(parts, x.Format())
		}
		return strings.Join(parts, "\n")
	}
	return err.Error()
}

// TestGolden runs every testdata/*.game and compares its output (stdout, then
// stderr after a "--- errors" line) with the .golden file next to it.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.game")
	if len(files) == 0 {
		t.Fatal("no golden programs")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			out, errs := run(t, string(src))
			got := out
			if errs != "" {
				got += "--- errors\n" + strings.ReplaceAll(errs, "t.game", filepath.Base(f)) + "\n"
			}
			golden := strings.TrimSuffix(f, ".game") + ".golden"
			if *update {
				os.WriteFile(golden, []byte(got), 0o644)
			}
			want, _ := os.ReadFile(golden)
			if got != string(want) {
				t.Errorf("output differs from %s:\n--- got\n%s\n--- want\n%s", golden, got, want)
			}
		})
	}
}

func TestCheckFailureNamesCounterexample(t *testing.T) {
	src := "game Nim(n) {\n  move take k in 1..n -> Nim(n - k)\n}\ncheck sg(Nim(n)) == 0 for n in 0..5\ncheck sg(Nim(n)) == n for n in 0..5\n"
	in := interp.New()
	var out, diag bytes.Buffer
	in.Out, in.Diag = &out, &diag
	if err := in.Run(context.Background(), "t.game", src); err != nil {
		t.Fatal(err)
	}
	want := "t.game:4:1: check failed: n = 1: sg(Nim(n)) == 0 is false, sg(Nim(n)) = 1\n    check sg(Nim(n)) == 0 for n in 0..5\n    ^\n"
	if diag.String() != want {
		t.Errorf("got\n%s\nwant\n%s", diag.String(), want)
	}
	if in.Checks.Failed != 1 || in.Checks.Passed != 1 || in.Checks.Cases != 8 {
		t.Errorf("checks = %+v", in.Checks)
	}
}

func TestCanonicalFormSharesPositions(t *testing.T) {
	src := `game W(a, b) {
  canonical (min(a, b), max(a, b))
  move left k in 1..a -> W(a - k, b)
  move right k in 1..b -> W(a, b - k)
}
print W(5, 3)
print W(3, 5) == W(5, 3)
print [sg(W(a, b)) for a in 0..3, b in 0..3] == [sg(Nim(a) + Nim(b)) for a in 0..3, b in 0..3]
game Bad(a, b) {
  canonical a
  move -> Bad(0, 0)
}
print Bad(1, 2)`
	out, errs := run(t, src)
	if out != "W(3, 5)\ntrue\ntrue\n" {
		t.Errorf("output %q", out)
	}
	if !strings.Contains(errs, "t.game:9:1: the canonical form of Bad must be a tuple of 2 values, but it is int 1") {
		t.Errorf("error %q", errs)
	}
}

func TestCancellation(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	in := interp.New()
	err := in.Run(ctx, "t.game", "print sum([x for x in 1..100000000])")
	// The stop is located at the statement that was running, with the
	// context's error as its cause.
	var le *lang.Error
	if !errors.Is(err, context.Canceled) || !errors.As(err, &le) || le.Error() != "t.game:1:1: interrupted" {
		t.Fatalf("got %v, want context.Canceled at t.game:1:1", err)
	}
	// The session still works afterwards.
	var out bytes.Buffer
	in.Out = &out
	if err := in.Run(context.Background(), "t.game", "print 1 + 1"); err != nil || out.String() != "2\n" {
		t.Fatalf("after cancel: %q, %v", out.String(), err)
	}
}

func TestRedefinitionForgetsDependents(t *testing.T) {
	in := interp.New()
	var out bytes.Buffer
	in.Out = &out
	steps := []string{
		"game S(n) { move k in moves where k <= n -> S(n - k) }\nlet moves = [1, 2]\nfn v(n) = sg(S(n))\ngame T(n) { move -> S(n) }",
		"print [sg(S(n)) for n in 0..6]",
		"print sg(T(4))",
		"let moves = [1, 2, 3]",
		"print [sg(S(n)) for n in 0..6]",
		"print sg(T(4))",
		"game S(n) { move where n > 0 -> S(n - 1) }",
		"print v(5)",
	}
	for _, s := range steps {
		if err := in.Run(context.Background(), "repl", s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	want := "[0, 1, 2, 0, 1, 2, 0]\n0\n[0, 1, 2, 3, 0, 1, 2]\n1\n1\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

func newSession() *interp.Interp { return stdlib.New() }

func evalIn(in *interp.Interp, src string) (string, error) {
	v, err := in.Eval(context.Background(), "t", src)
	if err != nil {
		return "", err
	}
	return v.Repr(), nil
}

// A position with more options than one position may have fails with the limit's
// message at once, instead of listing them until memory runs out; options that
// repeat a position or are nimbers count too, but do not need the position limit.
func TestPositionWithTooManyOptions(t *testing.T) {
	in := interp.New()
	in.Config.MaxOptions = 1000
	for _, src := range []string{
		"game N(n) { move k in 1..n -> N(n - k) }\nprint sg(N(1000000000000))",
		"print outcome(N(1000000000000) + N(1), misere)",
	} {
		err := in.Run(context.Background(), "t.game", src)
		if err == nil || !strings.Contains(err.Error(), "options limit (1000) was reached; N(1000000000000) has more options than one position may have") {
			t.Errorf("%s: got %v, want the options limit", src, err)
		}
	}
	// Small positions still solve in the same session, and many options that are
	// few positions stay within a small position limit.
	in.Config.MaxPositions = 100
	var out bytes.Buffer
	in.Out = &out
	src := "game D(n) { move k in 1..200 where n > 0 -> D(n - 1) }\nprint sg(N(20))\nprint sg(D(50))"
	if err := in.Run(context.Background(), "t.game", src); err != nil || out.String() != "20\n0\n" {
		t.Errorf("after the limit: %q, %v", out.String(), err)
	}
}

// Values that would exhaust memory are refused with a located error.
func TestTooLongValues(t *testing.T) {
	small := func() *interp.Interp {
		in := interp.New()
		in.Config.MaxElems = 1000
		return in
	}
	for _, c := range []struct{ src, want string }{
		{`print len([x for x in 0..2000])`, "this comprehension makes more than 1000 elements"},
		{"fn dbl(s, n) = if n == 0 then len(s) else dbl(s + s, n - 1)\nprint dbl(\"ab\", 30)", "a string of 1024 bytes is too long"},
		{"fn dbl(s, n) = if n == 0 then len(s) else dbl(s + s, n - 1)\nprint dbl([1], 30)", "a list of 1024 elements is too long"},
		{"fn big(g, n) = if n == 0 then g else big(g + g, n - 1)\nprint big(*1, 30)", "a sum of 1024 components is too long"},
		{`print sorted(0..2000)`, "the range 0..2000 is too long to list"},
		{"print len(set(0..999) | set(1000..1999))", "a set of 2000 elements is too long"},
		{"print len(union(set(0..999), set(1000..1999)))", "a set of 2000 elements is too long"},
		{"fn big(g, n) = if n == 0 then g else big(sum([g, g]), n - 1)\nprint big(*1, 30)", "sum: a sum of 1024 components is too long"},
	} {
		err := small().Run(context.Background(), "t.game", c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "t.game:") {
			t.Errorf("%s: got %v, want %q", c.src, err, c.want)
		}
	}
	in := small()
	var out bytes.Buffer
	in.Out = &out
	if err := in.Run(context.Background(), "t.game", `print len([x for x in 1..1000])`); err != nil || out.String() != "1000\n" {
		t.Errorf("a list of exactly the bound: %q, %v", out.String(), err)
	}
}

// Misère tables of a wide game stay within their share of the position limit.
func TestMisereMemoryWithinLimit(t *testing.T) {
	in := interp.New()
	in.Config.MaxPositions = 2000
	src := `game W(a, b) {
  move k in 1..a -> W(a - k, b)
  move k in 1..b -> W(a, b - k)
  move k in 1..min(a, b) -> W(a - k, b - k)
}
print outcome(W(30, 40), misere)` // 1271 positions: within the limit, which counts every one interned
	err := in.Run(context.Background(), "t.game", src)
	if err == nil || !strings.Contains(err.Error(), "misère play stores every sum it meets") {
		t.Errorf("got %v, want the misère memory limit", err)
	}
	// The tables stay full until they are cleared.
	in.ClearMemo()
	var out bytes.Buffer
	in.Out = &out
	if err := in.Run(context.Background(), "t.game", "print outcome(W(2, 3), misere)"); err != nil || out.String() != "N\n" {
		t.Errorf("a small position after clearing: %q, %v", out.String(), err)
	}
}

// Big collection arguments are keyed by value: equal lists built apart are one
// position, and so are lists holding equal sums in different orders.
func TestBigArgumentsKeyedByValue(t *testing.T) {
	in := stdlib.New()
	for src, want := range map[string]string{
		"Token([[i + 1] for i in 0..30] + [[]], 0) == Token([[j + 1] for j in 0..30] + [[]], 0)":      "true",
		"Token([[i + 1] for i in 0..30] + [[]], 0) == Token([[i + 2] for i in 0..30] + [[]], 0)":      "false",
		"len({Token([[i + 1] for i in 0..30] + [[]], 0), Token([[i + 1] for i in 0..30] + [[]], 0)})": "1",
		"sg(Token([[i + 1] for i in 0..3000] + [[]], 0))":                                             "1",
	} {
		if got, err := evalIn(in, src); err != nil || got != want {
			t.Errorf("%s = %s (%v), want %s", src, got, err, want)
		}
	}
	src := `game Keep(xs) { move where len(xs) > 0 -> Keep(xs[1..-1]) }
let a = [Nim(i) + Kayles(i) for i in 0..20]
let b = [Kayles(i) + Nim(i) for i in 0..20]
print Keep(a) == Keep(b)
print sg(Keep(a))`
	var out bytes.Buffer
	in.Out = &out
	if err := in.Run(context.Background(), "t.game", src); err != nil || out.String() != "true\n1\n" {
		t.Errorf("sums inside a big argument: %q, %v", out.String(), err)
	}
	// Sums inside a set argument are stored in canonical order too, whichever order
	// built the position first.
	out.Reset()
	src = `game S(xs) { move where false -> S(xs) }
print S({Nim(2) + Nim(1)}).xs
print S({Nim(1) + Nim(2)}).xs`
	if err := in.Run(context.Background(), "t.game", src); err != nil || out.String() != "{Nim(1) + Nim(2)}\n{Nim(1) + Nim(2)}\n" {
		t.Errorf("sums inside a set argument: %q, %v", out.String(), err)
	}
}

// Without a position limit, one position may still have at most maxMoves options;
// a sum's moves are bounded by moves times parts; messages cut long positions short.
func TestOptionsAndMovesBounds(t *testing.T) {
	in := interp.New()
	in.Config.MaxOptions = 1000
	for src, want := range map[string]string{
		"game N(n) { move k in 1..n -> N(n - k) }\nprint sg(N(1000000000000))": "stopped: the options limit (1000) was reached; N(1000000000000) has more options than one position may have",
		"print len(moves(sum([*i for i in 1..300])))":                          "moves: *1 + *2 + *3 + *4 + *5 + *6 + *7 + *8 + *9 + *10 + *11 + *12 … 96 + *297 + *298 + *299 + *300 (300 parts) has more than 53 moves, too many to list",
	} {
		err := in.Run(context.Background(), "t.game", src)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s:\n got  %v\n want %s", src, err, want)
		}
	}
}

// A position made before its game was redefined is not solved with a mix of the old
// and the new rules: it says so.
func TestPositionOfReplacedGame(t *testing.T) {
	in := interp.New()
	var out bytes.Buffer
	in.Out = &out
	for _, s := range []string{
		"game G(n) { move k in 1..n -> G(n - k) }\nlet p = G(3)\nprint sg(p)",
		"game G(n) { move where n > 0 -> G(n - 1) }\nprint sg(G(3))",
	} {
		if err := in.Run(context.Background(), "repl", s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	err := in.Run(context.Background(), "repl", "print sg(p)")
	if err == nil || !strings.Contains(err.Error(), "G(3) is a position of G as it was before it was redefined") {
		t.Errorf("got %v, want the redefinition error", err)
	}
	if out.String() != "3\n1\n" {
		t.Errorf("output %q", out.String())
	}
}

// winning finds the moves of a sum part by part, listing only the moves to the
// value each part must reach: the same moves, in the same order, as going
// through every move of the sum.
func TestWinningPartByPart(t *testing.T) {
	in := interp.New()
	var out bytes.Buffer
	in.Out = &out
	src := `game K(n) { move k in 1..2, i in 0..n-k -> K(i) + K(n - k - i) }
game S(n) { move take k in {1, 3, 4} where k <= n -> S(n - k) }
fn plain(g) = [str(m) for m in moves(g) where outcome(m.to) == P]
check [str(m) for m in winning(K(a) + S(b) + K(c))] == plain(K(a) + S(b) + K(c)) for a in 0..9, b in 0..9, c in 0..4
print len(winning(K(9) + S(7) + K(4)))`
	if err := in.Run(context.Background(), "t.game", src); err != nil || in.Checks.Failed > 0 || in.Checks.Cases != 500 {
		t.Fatalf("%v, %+v, output %q", err, in.Checks, out.String())
	}
	if out.String() == "0\n" {
		t.Error("the sum checked has no winning move: the check shows little")
	}
}

// sum([]) is 0, the empty game where a position is expected: a move to the
// sum of no children leads to a terminal position. Any other 0 as a move's
// result is still an error (TestRuntimeErrors: move -> n - 1).
func TestEmptySumAsGame(t *testing.T) {
	in := interp.New()
	var out bytes.Buffer
	in.Out = &out
	src := "game T(n) { move take k in 1..n -> sum([T(j) for j in 1..n - k]) }\nprint [sg(T(n)) for n in 0..4]\nprint moves(T(1))"
	if err := in.Run(context.Background(), "t.game", src); err != nil {
		t.Fatal(err)
	}
	if want := "[0, 1, 2, 2, 2]\n[take 1 -> 0]\n"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

// An error in a game's moves names the position whose moves were listed: the
// line is the same for every position.
func TestErrorNamesPositionExpanded(t *testing.T) {
	in := interp.New()
	err := in.Run(context.Background(), "t.game", "game T(n) { move k in 1..n -> T(n - k) }\nprint sg(T(\"a\"))")
	text, _ := lang.FormatAll(err)
	if !strings.HasPrefix(text, "t.game:1:26: .. needs an integer") || !strings.HasSuffix(text, "\nwhile listing the moves of T(\"a\")") {
		t.Errorf("got\n%s", text)
	}
}

// Values nested too deeply are refused where they are made, whether a program
// builds them or the solver meets them as positions; so are values too large
// counting the elements of the values inside them (shared ones each time).
func TestValueShapeLimits(t *testing.T) {
	small := func() *interp.Interp {
		in := interp.New()
		in.Config.MaxDepth, in.Config.MaxElems = 50, 1000
		return in
	}
	for _, c := range []struct{ src, want string }{
		{"game G(p) { move -> G([p]) }\nprint sg(G([]))", "t.game:1:21: this position is nested too deeply"},
		{"game H(p) { move -> H((p, 0)) }\nprint sg(H(0))", "t.game:1:21: this position is nested too deeply"},
		{"fn d(s, k) = if k == 0 then s else d({s}, k - 1)\nprint d(1, 60)", "t.game:1:38: this value is nested too deeply"},
		{"fn d(s, k) = if k == 0 then s else d([s, s], k - 1)\nprint d([1], 30)", "t.game:1:38: this value is too large: more than 4000 elements"},
		{"fn d(s, k) = if k == 0 then s else d(s + s, k - 1)\nprint d([list(0..99)], 30)", "t.game:1:40: this value is too large"},
		{"fn d(s, k) = if k == 0 then s else d(list(s) + [s], k - 1)\nprint d([], 60)", "this value is"},
	} {
		err := small().Run(context.Background(), "t.game", c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.src, err, c.want)
		}
	}
	var out bytes.Buffer
	in := small()
	in.Out = &out
	src := "fn d(s, k) = if k == 0 then s else d([s], k - 1)\nprint len(str(d(1, 48)))"
	if err := in.Run(context.Background(), "t.game", src); err != nil || out.String() != "97\n" {
		t.Errorf("a value just within the depth: %q, %v", out.String(), err)
	}
}

// TestCanonicalRemembersArguments: a canonical form written in the language
// runs once for each argument tuple, and every tuple made again, in any order,
// is the same position as its canonical form.
func TestCanonicalRemembersArguments(t *testing.T) {
	out, errs := run(t, `game G(a, b) {
  canonical (a % 3, b)
  move where b > 0 -> G(a + 1, b - 1)
}
print (G(4, 1) == G(1, 1), G(1, 1) == G(4, 1), G(7, 2) == G(1, 2), G(2, 2) == G(1, 2), sg(G(5, 9)), G(5, 9))
`)
	if errs != "" {
		t.Fatal(errs)
	}
	if want := "(true, true, true, false, 1, G(2, 9))\n"; out != want {
		t.Errorf("got %s, want %s", out, want)
	}
}

// TestTupleIn: (a, b) in S looks the tuple up without making it when S is a
// set, and answers as the general path does for sets of mixed kinds, lists and
// tuples.
func TestTupleIn(t *testing.T) {
	out, errs := run(t, `let sets = [{(1, 2)}, {(1, 3)}, {1, 2, (1, 2), "x"}, {cg("1/2"), (0, 0), ((1, 2), 3)}, {}, {(1, 2, 3)}, {(1,)}]
print [(1, 2) in S for S in sets]
print [(1, 2) not in S for S in sets]
print ((1, 2) in [(1, 2)], (1, 2) in ((1, 2),), ((1, 2), 3) in sets[3], (0, 0) in sets[3], (1,) in sets[6])
print [(r, c) in {(r2, c2) for r2 in 0..2, c2 in 0..2 where r2 != c2} for r in 0..2 for c in 0..2]
`)
	if errs != "" {
		t.Fatal(errs)
	}
	want := "[true, false, true, false, false, false, false]\n[false, true, false, true, true, true, true]\n" +
		"(true, true, true, true, true)\n[false, true, true, true, false, true, true, true, false]\n"
	if out != want {
		t.Errorf("got\n%swant\n%s", out, want)
	}
}

// A generator over a list written out binds its elements one by one, without
// making the list, while calls inside the loop use the same argument stack;
// its size is checked as the list's would be.
func TestGeneratorOverListLiteral(t *testing.T) {
	out, msg := run(t, `fn f(a) = a + 10
fn g(n) = if n == 0 then 0 else sum([g(n - 1) + k for k in [1, 2]])
print [x * y for x in [1, 2, 3] for y in [x, f(x)]]
print g(3)
print [p for p in [(1, 2), "s", [3], f(1)]]
print [a + b for (a, b) in [(1, 2), (3, 4)]]
game T(n) {
  move m in [n - 1, n - 2, f(n) - 13] where m >= 0 -> T(m)
}
print [sg(T(n)) for n in 0..8]
`)
	want := "[1, 11, 4, 24, 9, 39]\n21\n[(1, 2), \"s\", [3], 11]\n[3, 7]\n[0, 1, 2, 3, 0, 1, 2, 3, 0]\n"
	if out != want || msg != "" {
		t.Errorf("got %q %q, want %q", out, msg, want)
	}
	in := interp.New()
	in.Config.MaxElems = 2 // lists of at most 8 elements, counting those inside
	for _, src := range []string{"print [x for x in [1, 2, 3, 4, 5, 6, 7, 8, 9]]", "print [1, 2, 3, 4, 5, 6, 7, 8, 9]"} {
		err := in.Run(context.Background(), "t.game", src)
		if err == nil || !strings.Contains(err.Error(), "t.game:1:") || !strings.Contains(err.Error(), "this value is too large: more than 8 elements") {
			t.Errorf("%s: got %v, want the list too large", src, err)
		}
	}
}
