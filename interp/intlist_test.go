package interp

import (
	"context"
	"strings"
	"testing"
)

// A list of integers made by a comprehension keeps them unboxed, and reads,
// prints, compares and keys as the same list written out does, before and
// after anything boxes it.
func TestUnboxedListsActAsLists(t *testing.T) {
	in := New()
	src := `
game G(xs) { move i in 0..len(xs) - 1 where xs[i] > 0 -> G(xs[0..i - 1]) }
let n = 5
fn squares(n) = [x * x for x in 0..n - 1]
`
	if err := in.Run(context.Background(), "t.game", src); err != nil {
		t.Fatal(err)
	}
	uses := []string{"L", "len(L)", "L[0]", "L[-1]", "L[4]", "L[1..3]", "L[-2..-1]", "[x * 2 for x in L]",
		"L + [7]", "L == [3, 1, 4, 1, 5]", "L < [3, 1, 5]", "4 in L", "sorted(L)", "sum(L)", "{x for x in L}",
		"(L, L)", "str(L)", "sg(G(L))", "G(L) == G([3, 1, 4, 1, 5])", "L[5]", "L[-6]", "[L, L]", "max(L)"}
	for _, use := range uses {
		var got, want [2]string
		for i, first := range []string{"", "len(str(L)) + "} {
			// Each way once as it comes and once after str(L) has boxed it.
			eval := func(list string) string {
				expr := strings.ReplaceAll(first+"0", "L", list)
				if first == "" {
					expr = "0"
				}
				full := "(" + expr + ", " + strings.ReplaceAll(use, "L", list) + ")"
				v, err := in.Eval(context.Background(), "t", full)
				if err != nil {
					_, msg, _ := strings.Cut(err.Error(), ": ") // not the column
					return "error: " + msg
				}
				return v.Repr()
			}
			got[i], want[i] = eval("[k for k in [3, 1, 4, 1, 5]]"), eval("[3, 1, 4, 1, 5]")
		}
		if got != want {
			t.Errorf("%s: unboxed %q, written out %q", use, got, want)
		}
	}
	v, err := in.Eval(context.Background(), "t", "squares(5)")
	if err != nil {
		t.Fatal(err)
	}
	if ns, ok := unboxed(v); !ok || cap(ns) != 5 {
		t.Errorf("squares(5) is not kept unboxed at its size: %v", ns)
	}
	if v.Repr() != "[0, 1, 4, 9, 16]" || v.Seq()[4].N != 16 {
		t.Errorf("squares(5) is %s", v.Repr())
	}
	mixed, err := in.Eval(context.Background(), "t", `[if x < 2 then x else "a" for x in 0..3]`)
	if err != nil || mixed.Repr() != `[0, 1, "a", "a"]` {
		t.Errorf("a list that stops being integers: %s %v", mixed.Repr(), err)
	}
	in.Config.MaxElems = 3
	if _, err := in.Eval(context.Background(), "t", "[x for x in 0..n - 1]"); err == nil || !strings.Contains(err.Error(), "more than 3 elements") {
		t.Errorf("past MaxElems: %v", err)
	}
}
