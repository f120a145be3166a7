package interp_test

import (
	"strings"
	"testing"
)

// TestShow: a game's show clause draws its positions; sums join their parts;
// games without one are written as Name(args); a bad show is a located error.
func TestShow(t *testing.T) {
	out, errs := run(t, `game TTT(b) {
  show [[if c == 0 then "." else if c == 1 then "x" else "o" for c in b[3 * r..3 * r + 2]] for r in 0..2]
  move i in 0..8 where b[i] == 0 -> TTT([if k == i then 1 else b[k] for k in 0..8])
}
game S(n) {
  canonical n
  show "heap of " + str(n)
  move where n > 0 -> S(n - 1)
}
print show(TTT([1, 0, 0, 0, 2, 0, 0, 0, 0]))
print show(TTT([0, 0, 0, 0, 0, 0, 0, 0, 0]) + Nim(2))
print show(S(3) + S(4))
print show(Nim(4))
`)
	if errs != "" {
		t.Fatal(errs)
	}
	want := "x..\n.o.\n...\n...\n...\n...\n+\nNim(2)\nheap of 3 + heap of 4\nNim(4)\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	_, errs = run(t, "game B(n) {\n  show n\n  move -> B(0)\n}\nprint show(B(1))\n")
	if want := "t.game:1:1: the show clause of B must give a string or a list of rows (strings or lists of cells), but it gave int 1"; !strings.Contains(errs, want) {
		t.Errorf("got %s, want %s", errs, want)
	}
}
