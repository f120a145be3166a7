package native

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestParseCodeCanonical(t *testing.T) {
	cases := []struct{ in, want string }{
		{"0.77", "0.77"},
		{".77", "0.77"},
		{"0.770", "0.77"},
		{"0.07", "0.07"},
		{"0.137", "0.137"},
		{"4.0", "4.0"},
		{"4.", "4.0"},
		{"0.", "0.0"},
		{".0", "0.0"},
		{"0.[3]", "0.[3]"},
		{"0.33[3]", "0.[3]"},
		{"4.[3]", "4.[3]"},
		{"0.1[0]", "0.1"},
		{"0.f", "0.F"},
		{"C.8a", "C.8A"},
		{"0.3[7]", "0.3[7]"},
		{"4.0 unequal", "4.0 unequal"},
		{"0.16", "0.16"},
		// CGSuite's notation: "!" for unequal heaps, normal forms, digits
		// written as lists of heap counts.
		{"4!.0", "4.0 unequal"},
		{"4!.0 unequal", "4.0 unequal"},
		{"04.30", "4.3"},
		{"004.3", "4.3"},
		{"0.{0,1}{1,2}", "0.36"},
		{"0.{0,1,2}", "0.7"},
		{"4.{1,3}", "4.A"},
		{"0.7!7!", "0.77 unequal"},
		{"0.[3!]", "0.[3]"},
		{"4?.0", "4.0 unequal"},
		{"0.7?7?", "0.77 unequal"},
		{"4=.0", "4=.0"},
		{"8?.0", "8?.0"},
		{"0.7=7=", "0.7=7="},
		{"0.3F?", "0.3F?"},
		{"0.3?F?", "0.3F?"},
		{"04=.37=0", "4=.37="},
		{"0.[7=]", "0.[7=]"},
		{"0.{0,2}=", "0.5="},
		{"0.3?", "0.3"},
		{"0.{1,2!}", "0.6 unequal"}, // CGSuite: 0.6!
		{"0.{0!,2!,3!}", "0.D unequal"},
		{"0.{0,2=,3=}", "0.D="},
		{"0.{0,2,3}?", "0.D?"},
		// periods of several digits, in CGSuite's normal form (TBCodeTest.scala)
		{"0.[37]", "0.[37]"},
		{"0.[3737]", "0.[37]"},
		{"0.3[73]", "0.[37]"},
		{"0.73[73]", "0.[73]"},
		{"0.7[37]", "0.[73]"},
		{"04.00[30]", "4.0[03]"}, // CGSuite keeps 4.00[30]
		{"0.3[1]", "0.3[1]"},
		{"04.00[00]", "4.0"},
		{"0.[00]", "0.0"},
		{"0.[7!0]", "0.[70] unequal"},
		{"0.[7=3]", "0.[7=3]"},
		// general codes: digits that add tokens, four or more heaps,
		// different marks on different splits
		{"80.0", "80.0"},
		{"0080.0", "80.0"},
		{"0.G", "0.G"},
		{"0.g", "0.G"},
		{"0.V", "0.V"},
		{"0.&32;", "0.{5}"},
		{"0.&48;", "0.{4,5}"},
		{"0.{4}", "0.G"},
		{"0.*", "0.*"},
		{"0.{0+}", "0.*"},
		{"0.{0,2+}", "0.{0,2+}"},
		{"0.{0,1,2+}", "0.*"},
		{"0.{2+}!", "0.{2+}!"},
		{"0.*?", "0.*?"},
		{"4!.4", "4!.4"},
		{"4?.4=", "4?.4="},
		{"0.{2!,3?}", "0.{2!,3?}"},
		{"0.{0,2!,3}", "0.{0,2!,3}"},
		{"0.{0,2!,3+}", "0.{0,2!,3+}"},
		{"0.{1,2!}G", "0.6!G"},
		{"0.[G]", "0.[G]"},
		{"0.GG[G]", "0.[G]"},
		{"0.G0", "0.G"},
		{"4.[3G]", "4.[3G]"},
		{"G0.0", "G0.0"},
		{"G.0", "G.0"},
		{"0.{0,2+} unequal", "0.{0,2+}!"},
		// CGSuite's normal forms of general digits (TBCodeTest.scala)
		{"0.{0!,2!,3}", "0.{0,2!,3}"},
		{"0.{0!,2!,3!+}", "0.{0,2+}!"},
		{"0.{0!,2,3!+}", "0.{0,2,3!+}"},
		{"0.{0!,3+}", "0.{0,3+}"},
		{"0.{0,2!,4!+}", "0.{0,2,4+}!"},
		{"0.{0!,2!,4+}", "0.{0,2!,4+}"},
		{"0.{0!,2!,4?+}", "0.{0,2!,4?+}"},
		{"0.{0!,2?,4?+}", "0.{0,2,4+}?"},
		{"0.{0!,2=,4?+}", "0.{0,2=,4?+}"},
		{"0.{0!,2=,3?,4?+}", "0.{0,2=,3?+}"},
		{"0.{0!,2?,3?,4?+}", "0.{0,2+}?"},
		{"0.{0,1!,2,3,4+}", "0.*"},
		{"0.{0,1,2!,3!,4!+}", "0.*!"},
	}
	for _, c := range cases {
		got, err := ParseCode(c.in)
		if err != nil {
			t.Errorf("ParseCode(%q): %v", c.in, err)
			continue
		}
		if got.String() != c.want {
			t.Errorf("ParseCode(%q).String() = %q, want %q", c.in, got.String(), c.want)
		}
		again, err := ParseCode(got.String())
		if err != nil || again != got {
			t.Errorf("round trip of %q: %v, %v", c.in, again, err)
		}
	}
	if MustParseCode("0.33[3]") != MustParseCode("0.[3]") {
		t.Error("equal games in canonical form should compare equal")
	}
	if GrundysGame() != MustParseCode("4.0 unequal") {
		t.Error("GrundysGame() != 4.0 unequal")
	}
	if MustParseCode("0.{4}") != MustParseCode("0.G") || MustParseCode("0.G").IsGeneral() != true {
		t.Error("general codes in canonical form should compare equal")
	}
	if got := MustParseCode("0.G").Unequal().String(); got != "0.G!" {
		t.Errorf("0.G unequal = %s", got)
	}
	if (Code{}).String() != "0.0" {
		t.Errorf("zero Code = %q", Code{}.String())
	}
}

func TestCodeAccessors(t *testing.T) {
	cases := []struct {
		code           string
		maxRemove      int
		maxHeaps       int
		digit2, digit9 int
	}{
		{"0.77", 2, 2, 7, 0},
		{"0.07", 2, 2, 7, 0},
		{"0.137", 3, 2, 3, 0},
		{"4.0", 0, 2, 0, 0},
		{"0.[3]", -1, 1, 3, 3},
		{"0.1", 1, 0, 0, 0},
		{"0.F", 1, 3, 0, 0},
		{"0.3[1]", -1, 1, 1, 1},
	}
	for _, c := range cases {
		code := MustParseCode(c.code)
		if got := code.MaxRemove(); got != c.maxRemove {
			t.Errorf("%s MaxRemove = %d, want %d", c.code, got, c.maxRemove)
		}
		if got := code.MaxHeaps(); got != c.maxHeaps {
			t.Errorf("%s MaxHeaps = %d, want %d", c.code, got, c.maxHeaps)
		}
		if code.Digit(2) != c.digit2 || code.Digit(9) != c.digit9 {
			t.Errorf("%s digits 2, 9 = %d, %d", c.code, code.Digit(2), code.Digit(9))
		}
		if code.IsFinite() != (c.maxRemove >= 0) || code.IsOctal() != (c.maxHeaps < 3) {
			t.Errorf("%s IsFinite/IsOctal wrong", c.code)
		}
	}
	if MustParseCode("4.0").Unequal() != GrundysGame() || !GrundysGame().IsUnequal() {
		t.Error("Unequal")
	}
}

func TestParseCodeErrors(t *testing.T) {
	cases := []struct {
		in   string
		pos  int
		want string
	}{
		{"", 0, "empty code"},
		{".", 1, "at least one digit"},
		{"0", 1, "expected '.'"},
		{"077", 3, "expected '.'"},
		{"0.7#", 3, "expected a digit 0-9 or A-V"},
		{"0.7x", 3, "expected a digit 0-9 or A-V"}, // CGSuite's digits stop at V (31)
		{"0.{0,2", 6, "expected '}'"},
		{"0.{0,x}", 5, "number of heaps"},
		{"0.{64}", 3, "number of heaps"},
		{"0.&12", 5, "expected ';'"},
		{"0.&x;", 3, "expected a number"},
		{"0.&9223372036854775808;", 3, "expected a number"},
		{"4=.0 unequal", 4, "contradict"},
		{"0.{2!,3?} unequal", 9, "contradict"},
		{"0.{2!,3!}?", 9, "a mark after '}' and another"},
		{"20.0", 0, "d-1 = 2 adds 1 token and may leave 1 heap"},
		{"400.0", 0, "d-2 = 4 adds 2 tokens and may leave 2 heaps"},
		{"{3+}00.0", 0, "may leave 3 heaps"},
		{"*.0", 0, "d0 = *: removing no tokens must split the heap"},
		{"0.7.7", 3, "only one '.'"},
		{"$.7", 0, "expected a digit"},
		{"1.7", 0, "cannot leave 0 heaps or 1 heap"},
		{"2.7", 0, "cannot leave 0 heaps or 1 heap"},
		{"0.[3", 4, "expected ']'"},
		{"0.[]", 3, "digits inside"},
		{"0.[", 3, "digits inside"},
		{"0.[33", 5, "expected ']'"},
		{"0.[3]4", 5, "after the repeat"},
		{"0.[#]", 3, "expected a digit"},
		{"0.7 ", 3, "expected a digit"},
		{" unequal", 0, "expected"},
	}
	for _, c := range cases {
		_, err := ParseCode(c.in)
		var ce *CodeError
		if !errors.As(err, &ce) {
			t.Errorf("ParseCode(%q) = %v, want a *CodeError", c.in, err)
			continue
		}
		if ce.Pos != c.pos || !strings.Contains(ce.Error(), c.want) {
			t.Errorf("ParseCode(%q): pos %d, %q; want pos %d containing %q", c.in, ce.Pos, ce.Error(), c.pos, c.want)
		}
	}
	_, err := ParseCode("0.7#")
	if want := `code "0.7#": at character 4 ('#'): expected a digit 0-9 or A-V, '&', '{', '*', '.' or '['`; err.Error() != want {
		t.Errorf("error text %q, want %q", err, want)
	}
	_, err = ParseCode("0")
	if want := `code "0": at the end: expected '.'`; err.Error() != want {
		t.Errorf("error text %q, want %q", err, want)
	}
}

func FuzzParseCode(f *testing.F) {
	for _, s := range []string{"0.77", "4.0", "0.[3]", "C.8F[1] unequal", "0.[", "x", "8?.0", "0.[7=3]", "0.{1,2!}",
		"80.0", "0.{0,2!,3+}", "0.*?", "&48;.0", "G0.[3G!]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCode(s)
		if err != nil {
			var ce *CodeError
			if !errors.As(err, &ce) || ce.Pos < 0 || ce.Pos > len(s) {
				t.Fatalf("bad error for %q: %v", s, err)
			}
			return
		}
		again, err := ParseCode(c.String())
		if err != nil || again != c {
			t.Fatalf("%q: round trip %q gives %v, %v", s, c.String(), again, err)
		}
		plain := PlainSequence(c, 12)
		if fast, err := Sequence(context.Background(), c, 12); err != nil || !slices.Equal(fast, plain) {
			t.Fatalf("%q: engine %v, %v; plain %v", s, fast, err, plain)
		}
	})
}

// TakeAnyFrom against the moves: from L on, a heap of n can leave nothing and
// every heap of at most n - L tokens.
func TestTakeAnyFrom(t *testing.T) {
	for code, want := range map[string]int{"0.[3]": 1, "4.[3]": 1, "0.00[3]": 3, "0.[37]": 1, "0.3[7]": 2, "0.[32]": 0, "0.77": 0, "0.[1]": 0} {
		c := MustParseCode(code)
		l, ok := c.TakeAnyFrom()
		if !ok {
			l = 0
		}
		if l != want {
			t.Errorf("%s: TakeAnyFrom %d, %v; want %d", code, l, ok, want)
			continue
		}
		for n := l; ok && n < 12; n++ {
			left := map[int]bool{}
			c.EachOption(n, func(k int, heaps []int) bool {
				switch {
				case len(heaps) == 0:
					left[0] = k >= l || left[0]
				case len(heaps) == 1 && k >= l:
					left[heaps[0]] = true
				}
				return true
			})
			for m := 0; m <= n-l; m++ {
				if !left[m] {
					t.Errorf("%s: heap %d cannot leave %d by taking %d >= %d", code, n, m, n-m, l)
				}
			}
		}
	}
}
