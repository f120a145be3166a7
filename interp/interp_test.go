package interp_test

import (
	"bytes"
	"context"
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

func TestValues(t *testing.T) {
	cases := map[string]string{
		"7 / 2":                        "3",
		"-7 / 2":                       "-4",
		"-7 % 4":                       "1",
		"5 ^ 3":                        "6",
		"1 << 62":                      "4611686018427387904",
		"[1, 2] + [3]":                 "[1, 2, 3]",
		"{3, 1, 2, 1}":                 "{1, 2, 3}",
		"{(0, 1), (1, 2)} - {(0, 1)}":  "{(1, 2)}",
		"{1, 2} | {2, 3}":              "{1, 2, 3}",
		"{1, 2} & {2, 3}":              "{2}",
		"(1,)":                         "(1,)",
		"()":                           "()",
		"\"a\" + \"b\"":                "ab",
		"[\"a\"]":                      "[\"a\"]",
		"len(1..10)":                   "10",
		"(0..9223372036854775807)[-1]": "9223372036854775807",
		"(0..9223372036854775807)[9223372036854775807]":       "9223372036854775807",
		"(-9223372036854775807 - 1..9223372036854775807)[-1]": "9223372036854775807",
		"(1..3)[-3]":        "1",
		"[1, 2, 3][-2..-1]": "[2, 3]",
		"[1, 2, 3][-5..1]":  "[1, 2]",
		"[1, 2, 3][1..-1]":  "[2, 3]",
		// Only a bound written with a minus sign counts from the end: a
		// computed one is clipped, never wrapped.
		"[7][0..len([7]) - 2]":                  "[]",
		"[1, 2, 3][0..len([1, 2, 3]) - 2]":      "[1, 2]",
		"let k = 1 in [1, 2, 3][-k]":            "3",
		"let r = -2..-1 in [1, 2, 3][r]":        "[]",
		"let i = 0 - 2 in [1, 2, 3][i..2]":      "[1, 2, 3]",
		"\"hello\"[-3..-1]":                     "llo",
		"5..1":                                  "5..1",
		"[x for x in 5..1]":                     "[]",
		"3 in 1..5":                             "true",
		"3 not in {1, 2}":                       "true",
		"sorted([3, 1, 2])":                     "[1, 2, 3]",
		"min(3, 1, 2)":                          "1",
		"max([3, 1, 2])":                        "3",
		"mex([0, 1, 3])":                        "2",
		"nimsum(3, 5, 6)":                       "0",
		"isfib(8)":                              "true",
		"isfib(9)":                              "false",
		"sum(1..100)":                           "5050",
		"all([true, 1 < 2])":                    "true",
		"any([])":                               "false",
		"map(fn(x) => x * x, 1..4)":             "[1, 4, 9, 16]",
		"filter(fn(x) => x % 2 == 0, 1..6)":     "[2, 4, 6]",
		"[fn(y) => x + y for x in 1..3][0](10)": "11",
		"if 1 < 2 then \"yes\" else \"no\"":     "yes",
		"range(3)":                              "0..2",
		"(1, 2) < (1, 3)":                       "true",
		"sg(*3 + *5)":                           "6",
		"*3 + *5":                               "*3 + *5",
		"outcome(*0)":                           "P",
		"grounded({(0, 1), (2, 3), (1, 1)}, 0)": "{(0, 1), (1, 1)}",
		"grounded([(0, 1), (0, 1), (2, 3)], 0)": "[(0, 1), (0, 1)]",
		"period([0, 1, 2, 3, 4, 5, 6])":         "preperiod 0, period 1, saltus 1, observed in 7 values",
		"period([5, 0, 1, 0, 1, 0, 1])":         "preperiod 1, period 2, observed in 7 values",
		"period([5, 0, 1, 0, 1, 0, 1]).status":  "observed in 7 values",
		"period([1, 3, 2, 7, 4]).period":        "0",
		"union({1}, {2}, {3})":                  "{1, 2, 3}",
		"str(12) + \"!\"":                       "12!",
		"abs(-4)":                               "4",
		"reversed(1..3)":                        "[3, 2, 1]",
		"winning(*1 + *1)":                      "[]",
		"winning(*3)":                           "[to 0 -> *0]",
		"P == P":                                "true",
		"misere":                                "misere",
	}
	for src, want := range cases {
		out, errs := run(t, "print "+src)
		if errs != "" || strings.TrimSuffix(out, "\n") != want {
			t.Errorf("print %s:\n got %q %s\nwant %q", src, strings.TrimSuffix(out, "\n"), errs, want)
		}
	}
}

func TestRuntimeErrors(t *testing.T) {
	cases := map[string]string{
		"print 1 / 0":                                        "t.game:1:9: division by zero",
		"print 5 % 0":                                        "t.game:1:9: remainder of division by zero",
		"print 9223372036854775807 + 1":                      "t.game:1:27: integer overflow: 9223372036854775807 + 1 does not fit in 64 bits",
		"print 3037000500 * 3037000500":                      "integer overflow",
		"print -(0 - 9223372036854775807 - 1)":               "integer overflow",
		"print 1 << 63":                                      "integer overflow",
		"print [1, 2][2]":                                    "t.game:1:14: index 2 is out of range (the list has 2 elements)",
		"print (1..3)[-4]":                                   "index -4 is out of range (the range has 3 elements)",
		"let i = 0 - 1\nprint [1, 2][i]":                     "t.game:2:14: index -1 is out of range: only an index written with a minus sign, such as -1, counts from the end",
		"print len(0..9223372036854775807)":                  "the range 0..9223372036854775807 has 9223372036854775808 elements, more than an integer can hold",
		"print 1 + \"a\"":                                    "+ cannot combine int 1 and string \"a\"",
		"print Nim(1) + 1\ngame Nim(n) { move -> Nim(n) }":   "a sum of games needs positions on both sides",
		"game G(n) { move -> G(n) }\nprint sg(G(1), misere)": "t.game:2:7: misère play of a loopy game is not supported: its moves return to an earlier position (G(1) -> G(1)); in normal play sg and outcome handle loops",
		"game T(n) { move take s in {1, 3, 4} -> T(n - s) }\nprint sg(T(5))":                "t.game:2:7: T(-4090) was reached from T(5): the argument n fell below 0 and keeps falling, so the game never ends; is a `where s <= n` missing?",
		"game T(n) { move -> T(n - 1)\nmove -> T(n + 1) }\nprint sg(T(5))":                  "t.game:3:7: T(-4090) was reached from T(5): the argument n fell below 0 and keeps falling, so the game never ends; is a `where 1 <= n` missing?",
		"game W(n) { move -> W(n + 2)\nmove where n > 0 -> W(n - 1) }\nprint outcome(W(5))": "t.game:3:7: W(8195) was reached from W(5): the argument n grows without end, so the game never ends (the move -> W(n + 2) has no where condition)",
		"game G(n) { move -> G(n) }\nprint remoteness(G(1))":                                "t.game:2:7: remoteness: G(1) is a draw (neither player can force a win, so play can go on forever): it has no remoteness",
		"game G(n) { move -> G(n) + G(n)\nmove -> G(n) }\nprint sg(G(1))":                   "t.game:3:7: a move from G(1) leads to a sum with G(1), which is on a loop of the same game: loopy games whose moves lead to sums (or add nimbers) inside a loop are not supported",
		"game G(n) { move where sg(G(n)) == 0 -> G(n - 1) }\nprint sg(G(5))":                "solving G(5) needs the value of G(5), which is still being solved: a query such as sg inside the moves",
		"game G(n) { move -> G(n * 2) }\nprint sg(G(1))":                                    "integer overflow: 4611686018427387904 * 2",
		"game G(n) { move where n -> G(0) }\nprint sg(G(1))":                                "t.game:1:24: a condition must be true or false, but this is int 1",
		"game G(n) { move -> n - 1 }\nprint sg(G(1))":                                       "t.game:1:21: a move must lead to a game position or a sum of them, but this is int 0",
		"game G(n) { move k in n -> G(k) }\nprint sg(G(3))":                                 "t.game:1:23: cannot loop over int 3",
		"print sg(3)":                    "t.game:1:7: sg needs a game position or a sum of positions, but got int 3",
		"fn f(n) = f(n + 1)\nprint f(0)": "recursion is too deep (more than 100000 nested calls)\n",
		"game G(n) {\n  move k in 1..min(n, 2) where sg(G(n - k)) >= 0 -> G(n - k)\n}\nprint sg(G(200000))": "of them queries such as sg made while solving a position: a where clause",
		"let f = 3\nprint f(1)": "t.game:2:7: f is int 3, which cannot be called",
		"print *(-1)":           "a nimber *k needs k >= 0",
		"print (1..3).x":        "range 1..3 has no field \"x\"",
		"print min([])":         "min of nothing",
		"print 1 < \"a\"":       "cannot order int 1 and string \"a\"",
	}
	for src, want := range cases {
		_, errs := run(t, src)
		if !strings.Contains(errs, want) {
			t.Errorf("%q:\n got  %s\n want %s", src, errs, want)
		}
		if strings.Contains(errs, "internal error") {
			t.Errorf("%q: internal error:\n%s", src, errs)
		}
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
	if err != context.Canceled {
		t.Fatalf("got %v, want context.Canceled", err)
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
	defer interp.SetMaxMoves(1000)()
	in := interp.New()
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
	in.Solver.Limits.MaxPositions = 100
	var out bytes.Buffer
	in.Out = &out
	src := "game D(n) { move k in 1..200 where n > 0 -> D(n - 1) }\nprint sg(N(20))\nprint sg(D(50))"
	if err := in.Run(context.Background(), "t.game", src); err != nil || out.String() != "20\n0\n" {
		t.Errorf("after the limit: %q, %v", out.String(), err)
	}
}

// Values that would exhaust memory are refused with a located error.
func TestTooLongValues(t *testing.T) {
	defer interp.SetMaxElems(1000)()
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
		err := interp.New().Run(context.Background(), "t.game", c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "t.game:") {
			t.Errorf("%s: got %v, want %q", c.src, err, c.want)
		}
	}
	in := interp.New()
	var out bytes.Buffer
	in.Out = &out
	if err := in.Run(context.Background(), "t.game", `print len([x for x in 1..1000])`); err != nil || out.String() != "1000\n" {
		t.Errorf("a list of exactly the bound: %q, %v", out.String(), err)
	}
}

// Misère tables of a wide game stay within their share of the position limit.
func TestMisereMemoryWithinLimit(t *testing.T) {
	in := interp.New()
	in.Solver.Limits.MaxPositions = 2000
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
	defer interp.SetMaxMoves(1000)()
	in := interp.New()
	in.Solver.Limits.MaxPositions = 0
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

// A printed list of moves reads as one item per move: the variables of a move
// are not separated by commas, which separate the moves.
func TestMoveListReadsOneItemPerMove(t *testing.T) {
	in := interp.New()
	var out bytes.Buffer
	in.Out = &out
	src := "game K(n) { move k in 1..2, i in 0..n-k -> K(i) + K(n - k - i) }\nprint moves(K(2) + K(1))"
	if err := in.Run(context.Background(), "t.game", src); err != nil {
		t.Fatal(err)
	}
	want := "[k=1 i=0 from K(2) -> K(0) + K(1), k=1 i=1 from K(2) -> K(1) + K(0), k=2 i=0 from K(2) -> K(0) + K(0), k=1 i=0 from K(1) -> K(0) + K(0)]\n"
	if out.String() != want {
		t.Errorf("got  %s\nwant %s", out.String(), want)
	}
}

// Tuple patterns in generators: in comprehensions, move clauses and checks.
func TestTuplePatterns(t *testing.T) {
	in := interp.New()
	var out bytes.Buffer
	in.Out, in.Diag = &out, &out
	src := `game G(es) { move cut (u, v) in es -> G(difference(es, {(u, v)})) }
print moves(G({(1, 2), (2, 3)}))
check u < v for (u, v) in {(1, 2), (3, 1)}`
	if err := in.Run(context.Background(), "t.game", src); err != nil {
		t.Fatal(err)
	}
	want := "[cut u=1 v=2 -> G({(2, 3)}), cut u=2 v=3 -> G({(1, 2)})]\nt.game:3:1: check failed: (u, v) = (3, 1): u < v is false"
	if !strings.HasPrefix(out.String(), want) {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
	for src, want := range map[string]string{
		"print [x for (x, y) in [(1, 2), 3]]":   "t.game:1:14: the pattern (x, y) needs a tuple of 2 elements, but the element is int 3",
		"print [x for (x, x) in [(1, 2)]]":      "t.game:1:14: the pattern binds x twice",
		"print [x for (x) in [(1, 2)]]":         `t.game:1:16: unexpected ")", expected ","`,
		"check x > 0 for (x, y, z) in [(1, 2)]": "t.game:1:17: the pattern (x, y, z) needs a tuple of 3 elements, but the element is tuple (1, 2)",
	} {
		err := in.Run(context.Background(), "t.game", src)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s:\n got  %v\n want %s", src, err, want)
		}
	}
}

// Values nested too deeply are refused where they are made, whether a program
// builds them or the solver meets them as positions; so are values too large
// counting the elements of the values inside them (shared ones each time).
func TestValueShapeLimits(t *testing.T) {
	defer interp.SetMaxValueDepth(50)()
	defer interp.SetMaxElems(1000)()
	for _, c := range []struct{ src, want string }{
		{"game G(p) { move -> G([p]) }\nprint sg(G([]))", "t.game:1:21: this position is nested too deeply"},
		{"game H(p) { move -> H((p, 0)) }\nprint sg(H(0))", "t.game:1:21: this position is nested too deeply"},
		{"fn d(s, k) = if k == 0 then s else d({s}, k - 1)\nprint d(1, 60)", "t.game:1:38: this value is nested too deeply"},
		{"fn d(s, k) = if k == 0 then s else d([s, s], k - 1)\nprint d([1], 30)", "t.game:1:38: this value is too large: more than 4000 elements"},
		{"fn d(s, k) = if k == 0 then s else d(s + s, k - 1)\nprint d([list(0..99)], 30)", "t.game:1:40: this value is too large"},
		{"fn d(s, k) = if k == 0 then s else d(list(s) + [s], k - 1)\nprint d([], 60)", "this value is"},
	} {
		err := interp.New().Run(context.Background(), "t.game", c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.src, err, c.want)
		}
	}
	var out bytes.Buffer
	in := interp.New()
	in.Out = &out
	src := "fn d(s, k) = if k == 0 then s else d([s], k - 1)\nprint len(str(d(1, 48)))"
	if err := in.Run(context.Background(), "t.game", src); err != nil || out.String() != "97\n" {
		t.Errorf("a value just within the depth: %q, %v", out.String(), err)
	}
}
