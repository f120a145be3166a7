package stdlib_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/stdlib"
)

// Every fast path is compared with the library's own move-by-move definition: the
// same session with the natives removed.

func sessions(t *testing.T) (fast, plain *interp.Interp) {
	t.Helper()
	return stdlib.New(), plainSession()
}

// plainSession is a session whose library games have no fast paths.
func plainSession() *interp.Interp {
	plain := stdlib.New()
	for _, g := range plain.Globals() {
		if g.V.K == interp.KGame {
			game := g.V.R.(*interp.Game)
			game.Native, game.NativeOutcome, game.NativeMovesTo, game.NimHeap, game.MisereHeap = nil, nil, nil, nil, nil
		}
	}
	return plain
}

func eval(t *testing.T, in *interp.Interp, src string) string {
	t.Helper()
	v, err := in.Eval(context.Background(), "test", src)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	return v.Repr()
}

// same evaluates src in both sessions and requires equal results.
func same(t *testing.T, fast, plain *interp.Interp, src string) {
	t.Helper()
	f, p := eval(t, fast, src), eval(t, plain, src)
	if f != p {
		t.Errorf("%s:\n fast  %s\n plain %s", src, f, p)
	}
}

func TestHeapGamesAgree(t *testing.T) {
	fast, plain := sessions(t)
	for _, src := range []string{
		"[sg(Nim(n)) for n in 0..200]",
		"[sg(Kayles(n)) for n in 0..300]",
		"[sg(DawsonsKayles(n)) for n in 0..300]",
		"[sg(GrundysGame(n)) for n in 0..300]",
		"[sg(Lasker(n)) for n in 0..200]",
		"[[sg(Bash(m, n)) for n in 0..100] for m in 1..6]",
	} {
		same(t, fast, plain, src)
	}
}

func TestSubtractionGamesAgree(t *testing.T) {
	fast, plain := sessions(t)
	for _, set := range []string{"{1}", "{1, 2, 3}", "{2, 5}", "{1, 3, 4}", "{3, 5, 7, 12}", "{}", "[4, 1]"} {
		same(t, fast, plain, fmt.Sprintf("[sg(Subtract(%s, n)) for n in 0..300]", set))
	}
	for _, set := range []string{"{1}", "{2, 3}", "{1, 2, 5}", "{}"} {
		same(t, fast, plain, fmt.Sprintf("[sg(AllBut(%s, n)) for n in 0..150]", set))
	}
}

func TestTakeBreakCodesAgree(t *testing.T) {
	fast, plain := sessions(t)
	for _, code := range []string{"0.77", "0.07", "0.137", "4.0", "0.[3]", "0.16", "0.6", "0.4", "0.51", "0.7F", "0.8", "0.04", "4.07",
		"4?.0", "4=.0", "8?.0", "8=.0", "0.F=", "0.[37]", "0.[7=3]", "4.[03]"} {
		same(t, fast, plain, fmt.Sprintf(`[sg(TakeBreak("%s", n)) for n in 0..90]`, code))
	}
	// General codes: tokens added, four or more heaps, marks on some splits.
	for _, code := range []string{"80.0", "0.G", "0.*", "0.{0,2+}", "0.*!", "0.{2,3?+}", "4!.8?", "0.{0,2!,3}", "G0.[3]"} {
		same(t, fast, plain, fmt.Sprintf(`[sg(TakeBreak("%s", n)) for n in 0..24]`, code))
	}
	// The named games, move by move, agree with TakeBreak's native engine.
	for name, code := range map[string]string{"Kayles": "0.77", "DawsonsKayles": "0.07", "Lasker": "4.[3]"} {
		named := eval(t, plain, fmt.Sprintf(`[sg(%s(n)) for n in 0..60]`, name))
		native := eval(t, fast, fmt.Sprintf(`[sg(TakeBreak("%s", n)) for n in 0..60]`, code))
		if named != native {
			t.Errorf("%s differs from TakeBreak(%q):\n named  %s\n native %s", name, code, named, native)
		}
	}
}

func TestHackenbushAgrees(t *testing.T) {
	fast, plain := sessions(t)
	r := rand.New(rand.NewSource(7))
	for i := 0; i < 60; i++ {
		n := 2 + r.Intn(5)
		var edges []string
		for e := 0; e < 2+r.Intn(6); e++ {
			edges = append(edges, fmt.Sprintf("(%d, %d)", r.Intn(n), r.Intn(n)))
		}
		same(t, fast, plain, "sg(Hackenbush(["+strings.Join(edges, ", ")+"]))")
	}
	same(t, fast, plain, "sg(Hackenbush({(0, 1), (1, 2), (1, 3)}))")
}

func TestMockTurtlesAgrees(t *testing.T) {
	fast, plain := sessions(t)
	same(t, fast, plain, "[sg(MockTurtles({h})) for h in 0..12]")
	same(t, fast, plain, "[sg(MockTurtles(set([h for h in 0..6 where (m >> h) & 1 == 1]))) for m in 0..127]")
	if got := eval(t, fast, "[sg(MockTurtles({h})) for h in 0..7]"); got != "[1, 2, 4, 7, 8, 11, 13, 14]" {
		t.Errorf("Mock Turtles single coins = %s, want the odious numbers", got)
	}
}

func TestOutcomeFastPathsAgree(t *testing.T) {
	fast, plain := sessions(t)
	same(t, fast, plain, "[[outcome(Wythoff(a, b)) for b in 0..25] for a in 0..25]")
	same(t, fast, plain, "[winning(Wythoff(a, b)) for a in 0..20, b in 0..20]")
	same(t, fast, plain, "[[outcome(FibNim(n, l)) for l in 1..40] for n in 0..40]")
	same(t, fast, plain, "[winning(FibNim(n, l)) for n in 0..60, l in 1..60]")
	same(t, fast, plain, "[outcome(fibnim(n)) for n in 2..80]")
	// A sum still needs values: the fast path must not be used for it.
	same(t, fast, plain, "outcome(Wythoff(1, 2) + Wythoff(3, 5))")
	same(t, fast, plain, "[winning(Wythoff(a, 2) + Wythoff(3, b)) for a in 0..5, b in 0..5]")
	// Nim and nimbers find the move to the value that makes the nim-sum 0, in sums.
	same(t, fast, plain, "[winning(Nim(a) + Nim(b) + Nim(c)) for a in 0..7, b in 0..7, c in 0..7]")
	same(t, fast, plain, "[winning(*a + Nim(b) + Kayles(c)) for a in 0..9, b in 0..9, c in 0..9]")
	same(t, fast, plain, "[winning(Nim(a) + FibNim(5, 2) + Wythoff(1, b)) for a in 0..6, b in 0..6]")
}

// Nim's heaps are heaps in misère play too: Bouton's rule against the search.
func TestMisereNimHeapsAgree(t *testing.T) {
	fast, plain := sessions(t)
	same(t, fast, plain, "[outcome(Nim(a) + Nim(b) + Nim(c), misere) for a in 0..6, b in 0..6, c in 0..6]")
	// Within one heap the fast path may order the winning moves differently.
	same(t, fast, plain, "[sorted([str(m) for m in winning(Nim(a) + Nim(b) + Kayles(c), misere)]) for a in 0..6, b in 0..6, c in 0..5]")
	same(t, fast, plain, "[sorted([str(m) for m in winning(Nim(a) + *b, misere)]) for a in 0..7, b in 0..7]")
	same(t, fast, plain, "[[genus(Nim(a)), str(tame(Nim(a))), sg(Nim(a), misere)] for a in 0..12]")
	same(t, fast, plain, "[genus(Nim(a) + Nim(b) + Kayles(4)) for a in 0..5, b in 0..5]")
}

// Winning moves of positions far too big to list their moves. The expected moves
// were computed apart (Python: the golden ratio to 60 digits for Wythoff, the
// Zeckendorf rule for Fibonacci Nim).
func TestWinningMovesOfHugePositions(t *testing.T) {
	in := stdlib.New()
	fibTakes := []int64{3, 16, 105, 338, 3909, 50277, 171670, 1003710, 10231175, 711639908, 2547951811, 10326693860, 43277973959}
	var fib []string
	for _, k := range fibTakes {
		fib = append(fib, fmt.Sprintf("take %d -> FibNim(%d, %d)", k, 1000000000000-k, 2*k))
	}
	for src, want := range map[string]string{
		"winning(Nim(1000000000000) + Nim(5))":                     "[take 999999999995 from Nim(1000000000000) -> Nim(5)]",
		"winning(*1000000000000 + *3)":                             "[to 3 from *1000000000000 -> *3]",
		"winning(Wythoff(1000000000, 1000000007))":                 "[left 381966007 -> Wythoff(618033993, 1000000007), both 999999989 -> Wythoff(11, 18)]",
		"winning(fibnim(1000000000000))":                           "[" + strings.Join(fib, ", ") + "]",
		"winning(FibNim(11, 20))":                                  "[take 3 -> FibNim(8, 6), take 11 -> FibNim(0, 22)]",
		"outcome(Wythoff(618033988, 999999999))":                   "P",
		"winning(Wythoff(618033988, 999999999))":                   "[]",
		"winning(Nim(1000000000000) + Nim(5) + Kayles(3), misere)": "[take 999999999994 from Nim(1000000000000) -> Nim(6)]",
		"genus(Nim(1000000000000))":                                `"1000000000000^(1000000000000,1000000000002)"`,
	} {
		if got := eval(t, in, src); got != want {
			t.Errorf("%s = %s, want %s", src, got, want)
		}
	}
}

func TestLibraryHelpers(t *testing.T) {
	in := stdlib.New()
	for src, want := range map[string]string{
		"nimmul(2, 2)":                     "3",
		"nimmul(8, 8)":                     "13",
		"nimmul(5, niminv(5))":             "1",
		"zeckendorf(100)":                  "[89, 8, 3]",
		"ppositions(DawsonsKayles, 0, 40)": "[0, 1, 5, 9, 15, 21, 25, 29, 35, 39]",
		"ppositions(fibnim, 2, 30)":        "[2, 3, 5, 8, 13, 21]",
		"ppairs(Wythoff, 0..5, 0..5)":      "[(0, 0), (1, 2), (2, 1), (3, 5), (5, 3)]",
		"sgtable(Bash, 1..2, 0..5)":        "[[0, 1, 0, 1, 0, 1], [0, 1, 2, 0, 1, 2]]",
		"period(Kayles)":                   "preperiod 71, period 12, proved",
		"period(DawsonsKayles)":            "preperiod 53, period 34, proved",
		"period(\"0.137\")":                "preperiod 52, period 34, proved",
		"period(\"0.[3]\").saltus":         "1",
		"period(\"0.[3]\").status":         `"not proved; observed up to 153600 (the code 0.[3] has a repeating digit; the periodicity theorem needs a largest number t of tokens removed)"`,
		// Three-heap splits cost O(n^2) a heap: the work is bounded, and the
		// values, which grow, are arithmetically periodic as far as seen.
		"period(\"0.3F\")": "preperiod 0, period 6, saltus 3, not proved; observed up to 2140 (about half a second of work; period(G, seconds) looks longer)",
		// .354 is not proved in the default look; it says how far it went.
		"period(\"0.354\").status":                                         `"not proved; no period observed up to 1048576 (period(G, seconds) looks further)"`,
		"period([1, 3, 2, 7, 4]).period":                                   "0",
		"period([1, 3, 2, 7, 4])":                                          "no period in 5 values",
		"sg(Kayles(1000000)) == sg(Kayles(71 + (1000000 - 71) % 12 + 12))": "true",
		"sg(TakeBreak(\"0.137\", 1000000)) == sg(TakeBreak(\"0.137\", 52 + (1000000 - 52) % 34 + 34))": "true",
		"sg(Kayles(1000000000000)) == sg(Kayles(71 + (1000000000000 - 71) % 12))":                      "true",
		"outcome(Wythoff(1618033988, 2618033988))":                                                     "P",
		"outcome(Wythoff(1618033988, 2618033989))":                                                     "N",
		"len(takebreak(\"0.77\", 5))":                                                                  "5",
		"sg(Token([[1, 2], [3], [3], []], 0))":                                                         "0",
		"[sg(Token([[1], [2, 0], [1, 3], []], v)) for v in 0..3]":                                      "[∞{}, ∞{}, ∞{0}, 0]",
		"[outcome(Token([[1], [2, 0], [1, 3], []], v)) for v in 0..3]":                                 "[D, D, N, P]",
		// More moves than may be listed (2 per token): the winning moves are
		// found part by part.
		"[outcome(m.to) for m in winning(Kayles(600000) + Nim(5))]": "[P, P, P, P, P, P, P, P, P]",
	} {
		if got := eval(t, in, src); got != want {
			t.Errorf("%s = %s, want %s", src, got, want)
		}
	}
}

// period's time argument is for games, in positive seconds.
func TestPeriodTimeArgument(t *testing.T) {
	in := stdlib.New()
	for src, want := range map[string]string{
		"period(Kayles, 0)":      "the time to look must be a positive number of seconds, not 0",
		"period(Kayles, \"1s\")": `the time to look must be a positive number of seconds, not "1s"`,
		"period([1, 2, 1], 3)":   "the time applies to a take-and-break game, not to list [1, 2, 1]",
	} {
		if _, err := in.Eval(context.Background(), "t", src); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error saying %q", src, err, want)
		}
	}
	// A look bounded by time says for how long (how far it gets depends on
	// the machine's load).
	long := eval(t, in, `period("0.3F", 1)`)
	var n int
	fmt.Sscanf(long, `preperiod 0, period 6, saltus 3, not proved; observed up to %d`, &n)
	if n < 100 || !strings.HasSuffix(long, `(looked for 1s; period(G, seconds) looks longer)`) {
		t.Errorf("period(\"0.3F\", 1) = %s", long)
	}
}

// A heap game whose table would pass the memory budget says so with the
// figures, at once, instead of listing its moves.
func TestHeapTableMemoryMessage(t *testing.T) {
	in := stdlib.New()
	in.Config.MaxMemory = 64 << 20
	_, err := in.Eval(context.Background(), "t", "sg(GrundysGame(100000000))")
	if err == nil || !strings.Contains(err.Error(), "the nim values of 4.0 unequal up to heap 100000000 take about 95.4MB (1 byte a value)") {
		t.Fatalf("got %v", err)
	}
	_, err = in.Eval(context.Background(), "t", "sg(TakeBreak(\"4!.0\", 100000000))")
	if err == nil || !strings.Contains(err.Error(), "memory budget (64MB)") {
		t.Fatalf("got %v", err)
	}
}

func TestUserDefinitionShadowsLibrary(t *testing.T) {
	in := stdlib.New()
	var out strings.Builder
	in.Out = &out
	src := "game Nim(n) {\n  move take k in 1..n where k <= 2 -> Nim(n - k)\n}\nprint sg(Nim(5))"
	if err := in.Run(context.Background(), "t.game", src); err != nil {
		t.Fatal(err)
	}
	if out.String() != "2\n" {
		t.Errorf("the user's Nim gave %q, want 2 (its own rules, not the library's)", out.String())
	}
}

// A program's definition of a name that the library's own code uses (one of
// its helpers, or a built-in) shadows it in the program's code only, even in
// code the program wrote before: the library's games and functions answer as
// in a fresh session. Before, the definition replaced the library's, and
// fn cells(s, ch) = {} made every Domineering board empty.
func TestLibraryKeepsItsNames(t *testing.T) {
	library := []string{`value(domineering("...|..."))`, `clobber("xo|ox")`, `value(clobber("xo.|ox."))`,
		`toadsLower("TF.")`, `sg(Nim(3) + Kayles(4))`, `value(bluered([(0, 1, "L"), (1, 2, "R")]))`}
	fresh := stdlib.New()
	var want []string
	for _, src := range library {
		want = append(want, eval(t, fresh, src))
	}
	for _, c := range []struct{ def, user, got string }{
		{"fn cells(s, ch) = {}", `cells("..", ".")`, "{}"},
		{"fn regions(B) = []", "regions({(0, 0)})", "[]"},
		{"fn join(xs) = \"?\"", `join(["a", "b"])`, `"?"`},
		{"fn sumOf(Gs) = *0", "sumOf([*1])", "*0"},
		{"fn len(xs) = 0", "len([1, 2])", "0"},
		{"fn sum(xs) = *0", "sum([*1])", "*0"},
		{"game Domineering(B) { move where false -> Domineering(B) }", "value(Domineering({(0, 0), (1, 0)}))", "0"},
	} {
		in := stdlib.New()
		in.Out = &strings.Builder{}
		// The program's code written before the definition sees it too.
		if err := in.Run(context.Background(), "before.game", "fn mine() = "+c.user); err != nil {
			t.Fatal(err)
		}
		if err := in.Run(context.Background(), "t.game", c.def); err != nil {
			t.Fatalf("%s: %v", c.def, err)
		}
		if got := eval(t, in, "mine()"); got != c.got {
			t.Errorf("after %s, the program's %s = %s, want %s", c.def, c.user, got, c.got)
		}
		for i, src := range library {
			if got := eval(t, in, src); got != want[i] {
				t.Errorf("after %s, %s = %s, want %s as in a fresh session", c.def, src, got, want[i])
			}
		}
	}
}

func TestLibraryDocsAndErrors(t *testing.T) {
	in := stdlib.New()
	for _, name := range []string{"Nim", "Bash", "Subtract", "AllBut", "Wythoff", "FibNim", "fibnim", "Lasker", "Kayles", "DawsonsKayles", "GrundysGame", "TakeBreak", "Hackenbush", "Token", "MockTurtles", "takebreak", "period"} {
		g, ok := in.Lookup(name)
		if !ok || len(g.Doc) < 20 {
			t.Errorf("%s has no doc comment", name)
		}
	}
	_, err := in.Eval(context.Background(), "test", `sg(TakeBreak("0.7x", 3))`)
	if err == nil || !strings.Contains(err.Error(), "takebreak: code \"0.7x\": at character 4") || !strings.Contains(err.(*lang.Error).Format(), "test:1:1") {
		t.Errorf("bad code: %v", err)
	}
	// A game given where a library function expects a position-maker of one
	// argument: the error is shown at the user's call, the library's line below.
	_, err = in.Eval(context.Background(), "test", "ppositions(Wythoff, 0, 10)")
	want := "test:1:1: Wythoff takes 2 arguments, but is given 1\n    ppositions(Wythoff, 0, 10)\n    ^\n" +
		"inside the library, at stdlib.game:"
	if text, _ := lang.FormatAll(err); !strings.HasPrefix(text, want) || !strings.Contains(text, "outcome(G(n))") {
		t.Errorf("ppositions(Wythoff, ...):\n%s\nwant it to begin\n%s", text, want)
	}
	// A nim product may need the 64th bit: an overflow error, not a negative number.
	// 2^62 * 3 = 2^64 - 2^62 in nim arithmetic.
	for _, src := range []string{"nimmul(4611686018427387904, 3)", "niminv(9223372036854775807)"} {
		_, err := in.Eval(context.Background(), "test", src)
		if err == nil || !strings.Contains(err.Error(), "does not fit a 64-bit signed integer") {
			t.Errorf("%s: got %v, want an overflow error", src, err)
		}
	}
}

// While a native table grows, the session's OnHeaps is told its name and
// the heaps it holds, more and more: the progress line moves during
// sg(GrundysGame(n)) and period(code, seconds), which are stopped once seen.
func TestNativeTableProgress(t *testing.T) {
	for _, tc := range []struct{ expr, table string }{
		{"sg(GrundysGame(5000000))", "GrundysGame"},
		{"sg(TakeBreak(\"4!.0\", 5000000))", "GrundysGame"},
		{`period("0.354", 60)`, "0.354"},
	} {
		in := stdlib.New()
		told := make(chan int, 64)
		in.Config.OnHeaps = func(table string, n int) {
			if table != tc.table {
				t.Errorf("%s: told of table %q, want %q", tc.expr, table, tc.table)
			}
			select {
			case told <- n:
			default:
			}
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			_, err := in.Eval(ctx, "test", tc.expr)
			done <- err
		}()
		first, deadline := -1, time.After(time.Minute)
	wait:
		for {
			select {
			case n := <-told:
				if first >= 0 && n > first {
					break wait
				}
				first = n
			case err := <-done:
				t.Fatalf("%s: finished (%v) before the heaps were seen to grow (first told %d)", tc.expr, err, first)
			case <-deadline:
				t.Fatalf("%s: the heaps were not seen to grow in a minute (first told %d)", tc.expr, first)
			}
		}
		cancel()
		if err := <-done; !errors.Is(err, context.Canceled) {
			t.Fatalf("%s: stopped with %v, want the cancellation", tc.expr, err)
		}
	}
}
