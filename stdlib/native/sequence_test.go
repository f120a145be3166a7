package native

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// literalSequence is the definition spelled out with Options and a map: the
// value of a heap is the mex of the XORs of the heaps each option leaves.
func literalSequence(c Code, n int) []int {
	g := make([]int, n+1)
	for h := 1; h <= n; h++ {
		seen := map[int]bool{}
		for _, o := range c.Options(h) {
			x := 0
			for _, part := range o.Heaps {
				x ^= g[part]
			}
			seen[x] = true
		}
		for seen[g[h]] {
			g[h]++
		}
	}
	return g
}

// someCodes returns a fixed list of codes covering every kind of digit.
func someCodes() []Code {
	var out []Code
	for d1 := 0; d1 < 8; d1++ {
		for d2 := 0; d2 < 8; d2++ {
			out = append(out, MustParseCode(fmt.Sprintf("0.%d%d", d1, d2)))
			out = append(out, MustParseCode(fmt.Sprintf("4.%d%d", d1, d2)))
		}
	}
	for _, s := range []string{
		"0.137", "0.16", "0.06", "0.26", "0.106", "0.34", "0.14", "0.0007", "0.4", "0.04",
		"0.777", "0.7777", "0.3F", "0.F", "0.8", "0.B", "8.0", "C.0", "0.0F", "0.9",
		"0.[3]", "4.[3]", "0.[1]", "0.1[2]", "0.[7]", "0.[4]", "0.3[6]", "0.[F]", "8.[2]",
		"4.0 unequal", "0.7 unequal", "0.[7] unequal", "0.F unequal", "0.77 unequal",
		"4?.0", "4=.0", "8!.0", "8?.0", "8=.0", "C?.0", "C=.0", "0.7?", "0.7=", "0.F?", "0.F=",
		"0.3F?", "0.[7=]", "0.[F?]", "4=.[3]", "0.7=7=", "0.B?", "0.6=2",
		"0.[37]", "0.[30]", "0.[03]", "0.[13]", "4.[03]", "0.7[03]", "0.[370]", "0.[2F]",
		"0.1[43]", "0.[7!3]", "0.[33]", "0.3[1]", "0.[0007]",
	} {
		out = append(out, MustParseCode(s))
	}
	return out
}

func TestOptionsMatchPlain(t *testing.T) {
	for _, c := range someCodes() {
		n := 60
		if c.MaxHeaps() == 3 {
			n = 40
		}
		if lit, plain := literalSequence(c, n), PlainSequence(c, n); !slices.Equal(lit, plain) {
			t.Errorf("%v: Options-based %v, PlainSequence %v", c, lit, plain)
		}
	}
}

func TestOptionsOrder(t *testing.T) {
	got := fmt.Sprint(MustParseCode("4.7F").Options(6))
	want := "[{0 [1 5]} {0 [2 4]} {0 [3 3]} {1 [5]} {1 [1 4]} {1 [2 3]} " +
		"{2 [4]} {2 [1 3]} {2 [2 2]} {2 [1 1 2]}]"
	if got != want {
		t.Errorf("Options(6) =\n%s, want\n%s", got, want)
	}
	if got := fmt.Sprint(GrundysGame().Options(6)); got != "[{0 [1 5]} {0 [2 4]}]" {
		t.Errorf("Grundy's game Options(6) = %s", got)
	}
	if o := MustParseCode("0.1").Options(1); len(o) != 1 || o[0].Removed != 1 || len(o[0].Heaps) != 0 {
		t.Errorf("0.1 Options(1) = %v", o)
	}
	if len(MustParseCode("0.77").Options(0)) != 0 || len(MustParseCode("0.77").Options(-3)) != 0 {
		t.Error("no options from an empty heap")
	}
}

// variants of the fast engine that the tests force on every code.
var engineVariants = []struct {
	name string
	o    engineOptions
}{
	{"default", defaultOptions},
	{"full scan", engineOptions{}},
	{"sparse from 8", engineOptions{sparseFrom: 8}},
	{"sparse from 100, proofs", engineOptions{prove: true, sparseFrom: 100}},
}

func runEngine(t *testing.T, c Code, o engineOptions, n int) []int {
	t.Helper()
	r := newRun(c, o)
	if err := r.Extend(context.Background(), n); err != nil {
		t.Fatal(err)
	}
	out := make([]int, n+1)
	for i := range out {
		out[i] = r.Value(i)
	}
	return out
}

func TestSequenceMatchesPlainManyCodes(t *testing.T) {
	t.Parallel()
	for _, c := range someCodes() {
		n := 1500
		switch {
		case c.MaxHeaps() == 3:
			n = 120
		case !c.IsFinite() && c.MaxHeaps() == 2:
			n = 300
		}
		plain := PlainSequence(c, n)
		for _, v := range engineVariants {
			if got := runEngine(t, c, v.o, n); !slices.Equal(got, plain) {
				i := firstDiff(got, plain)
				t.Errorf("%v (%s): g(%d) = %d, plain %d", c, v.name, i, got[i], plain[i])
			}
		}
		got, err := Sequence(context.Background(), c, n)
		if err != nil || !slices.Equal(got, plain) {
			t.Errorf("%v: Sequence differs from PlainSequence (%v)", c, err)
		}
	}
}

func TestSequenceMatchesPlainRandomCodes(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 60; i++ {
		digits := []byte("0.")
		if rng.IntN(3) == 0 {
			digits[0] = '4'
		}
		for k := 1 + rng.IntN(5); k > 0; k-- {
			digits = append(digits, "01234567"[rng.IntN(8)])
		}
		c := MustParseCode(string(digits))
		if rng.IntN(5) == 0 {
			c = c.Unequal()
		}
		plain := PlainSequence(c, 1000)
		for _, v := range engineVariants {
			if got := runEngine(t, c, v.o, 1000); !slices.Equal(got, plain) {
				i := firstDiff(got, plain)
				t.Errorf("%v (%s): g(%d) = %d, plain %d", c, v.name, i, got[i], plain[i])
			}
		}
	}
}

// The classic games, as far as the plain loop goes in a second or so.
func TestSequenceMatchesPlainClassics(t *testing.T) {
	n := 30000
	if testing.Short() {
		n = 8000
	}
	for _, s := range []string{"0.77", "0.07", "0.137", "4.0 unequal", "0.16", "0.26"} {
		t.Run(s, func(t *testing.T) {
			t.Parallel()
			c := MustParseCode(s)
			plain := PlainSequence(c, n)
			for _, v := range engineVariants {
				m := n
				if v.o.sparseFrom == 0 {
					m = min(n, 10000) // the full scan is the plain loop's cost again
				}
				if got := runEngine(t, c, v.o, m); !slices.Equal(got, plain[:m+1]) {
					i := firstDiff(got, plain)
					t.Errorf("%v (%s): g(%d) = %d, plain %d", c, v.name, i, got[i], plain[i])
				}
			}
		})
	}
}

func firstDiff(a, b []int) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

func TestKnownSequences(t *testing.T) {
	cases := []struct {
		code string
		want []int
	}{
		// Kayles, as in DESIGN.md.
		{"0.77", []int{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4}},
		// Dawson's Kayles (Winning Ways; OEIS A002187).
		{"0.07", []int{0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3}},
		// Grundy's game (OEIS A002188).
		{"4.0 unequal", []int{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4}},
		// Nim.
		{"0.[3]", []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}},
		// Split into two heaps, equal allowed: not Grundy's game.
		{"4.0", []int{0, 0, 1, 0, 1, 0, 1, 0, 1}},
	}
	for _, c := range cases {
		got, err := Sequence(context.Background(), MustParseCode(c.code), len(c.want)-1)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("%s: got %v (%v), want %v", c.code, got, err, c.want)
		}
	}
}

func TestDawsonsChessIsDawsonsKaylesShifted(t *testing.T) {
	n := 5000
	kayles, _ := Sequence(context.Background(), MustParseCode("0.07"), n+1)
	chess, _ := Sequence(context.Background(), MustParseCode("0.137"), n)
	if !slices.Equal(chess, kayles[1:]) {
		t.Errorf("g_0.137(n) != g_0.07(n+1) at n = %d", firstDiff(chess, kayles[1:]))
	}
}

func TestSequenceLongPeriodic(t *testing.T) {
	// Proved periodic after ~170 values; the rest is filled in O(1) a heap.
	start := time.Now()
	g, err := Sequence(context.Background(), MustParseCode("0.77"), 1_000_000)
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Kayles to 10^6 took %v", d)
	}
	for _, n := range []int{71, 1000, 999_999, 1_000_000} {
		if g[n] != g[71+(n-71)%12] {
			t.Errorf("g(%d) = %d breaks the period", n, g[n])
		}
	}
	// And the fill agrees with the engine that never uses the proof.
	want := runEngine(t, MustParseCode("0.77"), engineOptions{sparseFrom: 64}, 30000)
	if !slices.Equal(g[:30001], want) {
		t.Error("periodic fill differs from the computed values")
	}
}

func TestSequenceContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Sequence(ctx, GrundysGame(), 100); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: got %v", err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := Sequence(ctx, MustParseCode("0.[7]"), 200_000) // cubic-ish: far too long
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("deadline: got %v", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("took %v to notice the deadline", d)
	}
	if _, err := Sequence(context.Background(), GrundysGame(), -1); err == nil {
		t.Error("negative n: no error")
	}
}

func TestTable(t *testing.T) {
	ctx := context.Background()
	tab := NewTable(MustParseCode("0.77"))
	if tab.Code() != MustParseCode("0.77") {
		t.Error("Code")
	}
	if v, _ := tab.Value(ctx, 11); v != 6 {
		t.Errorf("g(11) = %d", v)
	}
	if _, ok := tab.Proof(); ok {
		t.Error("proof before enough values")
	}
	big := 1_000_000_000_000
	v, err := tab.Value(ctx, big)
	if err != nil {
		t.Fatal(err)
	}
	seq, _ := Sequence(ctx, MustParseCode("0.77"), 200)
	if want := seq[71+(big-71)%12]; v != want {
		t.Errorf("g(10^12) = %d, want %d", v, want)
	}
	if p, ok := tab.Proof(); !ok || p != (Periodicity{Preperiod: 71, Period: 12}) {
		t.Errorf("Proof = %v, %v", p, ok)
	}
	gt := NewTable(GrundysGame())
	for n := 0; n < 300; n += 7 {
		v, _ := gt.Value(ctx, n)
		if want := PlainSequence(GrundysGame(), n)[n]; v != want {
			t.Errorf("Grundy table g(%d) = %d, want %d", n, v, want)
		}
	}
	if _, err := gt.Value(ctx, -1); err == nil {
		t.Error("negative n: no error")
	}
}

// compositions lists every ordered list of parts positive integers summing
// to m (the empty list when parts and m are 0).
func compositions(m, parts int) [][]int {
	if parts == 0 {
		if m == 0 {
			return [][]int{{}}
		}
		return nil
	}
	var out [][]int
	for first := 1; first <= m; first++ {
		for _, rest := range compositions(m-first, parts-1) {
			out = append(out, append([]int{first}, rest...))
		}
	}
	return out
}

// TestSplitRulesMatchDefinition checks the marks "!", "?" and "=" of
// CGSuite's codes against the definition, on every heap up to 40.
func TestSplitRulesMatchDefinition(t *testing.T) {
	for _, s := range []string{
		"4!.0", "4?.0", "4=.0", "8!.0", "8?.0", "8=.0", "C?.0", "C=.0", "0.7=", "0.F?",
		"0.F=", "0.3F!", "0.3F?", "0.[7=]", "0.[F?]", "4=.[3]", "0.B=", "0.6=2",
	} {
		c := MustParseCode(s)
		mark := s[strings.IndexAny(s, "!?=")] // as written: "4?.0" is read as "4!.0"
		if c.Rule() == AnySplit {
			t.Fatalf("%s: no mark parsed", s)
		}
		want := bruteSequence(c, 40, mark)
		if got := PlainSequence(c, 40); !slices.Equal(got, want) {
			t.Errorf("%s: PlainSequence %v, definition %v", s, got, want)
		}
	}
}

// TestSplitRuleOptionsMatchCGSuite compares the moves, in order, with
// CGSuite's own listing (TBCodeTest.scala, "traversals", in
// aaron-siegel/cgsuite); "-" is a heap that vanished.
func TestSplitRuleOptionsMatchCGSuite(t *testing.T) {
	cases := []struct {
		code string
		n    int
		want string
	}{
		{"0.3", 9, "8"},
		{"0.7", 9, "8  1,7  2,6  3,5  4,4"},
		{"0.77", 9, "8  1,7  2,6  3,5  4,4  7  1,6  2,5  3,4"},
		{"4.0", 8, "1,7  2,6  3,5  4,4"},
		{"4!.0", 8, "1,7  2,6  3,5"},
		{"0.3F", 9, "8  7  1,6  2,5  3,4  1,1,5  1,2,4  1,3,3  2,2,3"},
		{"0.3F?", 9, "8  7  1,6  2,5  3,4  1,1,5  1,2,4  1,3,3  2,2,3"},
		{"0.3F!", 9, "8  7  1,6  2,5  3,4  1,2,4"},
		{"0.3f", 11, "10  9  1,8  2,7  3,6  4,5  1,1,7  1,2,6  1,3,5  1,4,4  2,2,5  2,3,4  3,3,3"},
		{"0.3f?", 11, "10  9  1,8  2,7  3,6  4,5  1,1,7  1,2,6  1,3,5  1,4,4  2,2,5  2,3,4"},
		{"0.3f!", 11, "10  9  1,8  2,7  3,6  4,5  1,2,6  1,3,5  2,3,4"},
		{"0.*3", 7, "6  1,5  2,4  3,3  1,1,4  1,2,3  2,2,2  1,1,1,3  1,1,2,2  1,1,1,1,2  1,1,1,1,1,1  5"},
		{"0.*?3", 7, "6  1,5  2,4  1,1,4  1,2,3  1,1,1,3  1,1,2,2  1,1,1,1,2  5"},
		{"0.*!3", 7, "6  1,5  2,4  1,2,3  5"},
		{"0.[3]", 7, "6  5  4  3  2  1  -"},
		{"0.[2]", 7, "6  5  4  3  2  1"},
		{"0.3[1]", 7, "6  -"},
		{"0.7[03]", 7, "6  1,5  2,4  3,3  4  2  -"},
		{"80.0", 7, "1,1,6  1,2,5  1,3,4  2,2,4  2,3,3"},
		{"0.*=", 11, "10  5,5  2,2,2,2,2  1,1,1,1,1,1,1,1,1,1"},
		{"{2+}=.0", 10, "5,5  2,2,2,2,2  1,1,1,1,1,1,1,1,1,1"},
		{"0.{0,1,3+}", 1, "-"},
		{"0.{0,1,3+}", 2, "1"},
		{"0.{0,1,3+}", 7, "6  1,1,4  1,2,3  2,2,2  1,1,1,3  1,1,2,2  1,1,1,1,2  1,1,1,1,1,1"},
		{"0.{1,3+}", 1, ""},
		{"0.{2,3?+}", 7, "1,5  2,4  3,3  1,1,4  1,2,3  1,1,1,3  1,1,2,2  1,1,1,1,2"},
	}
	for _, c := range cases {
		var got []string
		for _, o := range MustParseCode(c.code).Options(c.n) {
			heaps := strings.Trim(strings.ReplaceAll(fmt.Sprint(o.Heaps), " ", ","), "[]")
			if heaps == "" {
				heaps = "-"
			}
			got = append(got, heaps)
		}
		if s := strings.Join(got, "  "); s != c.want {
			t.Errorf("%s options of %d:\n%s\nCGSuite:\n%s", c.code, c.n, s, c.want)
		}
	}
}

// TestSeveralRepeatedDigits checks periods of several digits on games whose
// values follow by hand: removing an odd number of tokens ("0.[30]") leaves
// the parity of the heap, removing an even number ("0.[03]") half of it.
func TestSeveralRepeatedDigits(t *testing.T) {
	for _, c := range []struct {
		code string
		f    func(n int) int
	}{
		{"0.[30]", func(n int) int { return n % 2 }},
		{"0.[03]", func(n int) int { return n / 2 }},
		{"0.[003]", func(n int) int { return n / 3 }},
	} {
		got, err := Sequence(context.Background(), MustParseCode(c.code), 500)
		if err != nil {
			t.Fatal(err)
		}
		for n, v := range got {
			if v != c.f(n) {
				t.Errorf("%s: g(%d) = %d, want %d", c.code, n, v, c.f(n))
				break
			}
		}
	}
}

// bruteSequence is the nim sequence of code c by the definition, written
// independently of the engine, of Options and of SplitRule's methods: for
// every number of tokens removed or added and every allowed count, every
// ordered way to cut the rest into that many parts, the mark checked on the
// set of sizes. mark, when not 0, is a mark as written, checked on every
// split instead of the parsed one.
func bruteSequence(c Code, n int, mark byte) []int {
	s := c.spec()
	g := make([]int, n+1)
	for h := 1; h <= n; h++ {
		seen := map[int]bool{}
		for k := -len(s.add); k <= h; k++ {
			d, m := s.digit(k), h-k
			for parts := 0; parts <= m; parts++ {
				if !d.allows(parts) || (parts < 2 && k <= 0) {
					continue
				}
				rule := d.mark(parts)
				if mark != 0 && parts >= 2 {
					rule = ruleOf(mark)
				}
				for _, cut := range compositions(m, parts) {
					sizes := map[int]bool{}
					v := 0
					for _, x := range cut {
						sizes[x] = true
						v ^= g[x]
					}
					if rule == AnySplit ||
						(rule == Unequal && len(sizes) == parts) ||
						(rule == NotAllEqual && len(sizes) > 1) ||
						(rule == AllEqual && len(sizes) == 1) {
						seen[v] = true
					}
				}
			}
		}
		for seen[g[h]] {
			g[h]++
		}
	}
	return g
}

// generalCodes covers every kind of general digit.
var generalCodes = []string{
	"0.G", "0.H", "0.V", "0.{0,4}", "0.1G", "0.7G", "0.[G]", "0.3[G]", "4.[3G]", "0.&48;",
	"0.*", "0.*!", "0.*?", "0.*=", "0.*3", "0.{0,2+}", "0.{2+}!", "0.{2,3?+}", "0.{1,3+}",
	"{2+}=.0", "{2+}.0", "80.0", "G0.0", "G00.0", "80.7", "80.[3]", "{3+}0.1",
	"4!.8?", "4?.4=", "0.{2!,3?}", "0.{0,2!,3}", "0.{0,2!,3+}", "0.F!7?", "4!.4",
	"0.G!", "0.G?", "0.G=", "0.{0,2=,4?+}",
}

// TestGeneralCodesMatchDefinition checks the engine on general codes
// against the definition (every composition), and against the moves that
// Options lists, on every heap they reach in a moment.
func TestGeneralCodesMatchDefinition(t *testing.T) {
	t.Parallel()
	for _, s := range generalCodes {
		c := MustParseCode(s)
		if !c.IsGeneral() {
			t.Fatalf("%s is not a general code", s)
		}
		small, large := 26, 120
		if c.MaxHeaps() < 0 {
			small, large = 15, 40
		}
		want := bruteSequence(c, small, 0)
		if got := PlainSequence(c, small); !slices.Equal(got, want) {
			t.Errorf("%s: PlainSequence %v, definition %v", s, got, want)
		}
		plain := PlainSequence(c, large)
		lit := literalSequence(c, min(large, 60)) // Options allocates every move
		if !slices.Equal(lit, plain[:len(lit)]) {
			t.Errorf("%s: Options-based %v, PlainSequence %v", s, lit, plain)
		}
		for _, v := range engineVariants {
			if got := runEngine(t, c, v.o, large); !slices.Equal(got, plain) {
				t.Errorf("%s, %s: engine %v, plain %v (first difference at %d)", s, v.name, got, plain, firstDiff(got, plain))
			}
		}
	}
}

// TestGeneralTableAsked checks a general code's table asked from the top,
// then below, then further up, against one run.
func TestGeneralTableAsked(t *testing.T) {
	ctx := context.Background()
	for _, s := range []string{"0.*", "80.0", "0.{0,2!,3}"} {
		c := MustParseCode(s)
		want := PlainSequence(c, 60)
		tab := NewTable(c)
		for _, n := range []int{40, 7, 60, 0, 33} {
			if v, err := tab.Value(ctx, n); err != nil || v != want[n] {
				t.Errorf("%s: Value(%d) = %d, %v; want %d", s, n, v, err, want[n])
			}
		}
	}
}
