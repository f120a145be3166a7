package interp

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/solver"
)

// Games over sets of cells: the clauses of Cram, Domineering and Nk have the
// cellMove shape, and so do the odd ones below; Far's and Mixed's do not (a
// test of a cell that is not affine, a result that is not P less cells).
const cellGames = `
game Cram(B) {
  move across (r, c) in B where (r, c + 1) in B -> Cram(B - {(r, c), (r, c + 1)})
  move down   (r, c) in B where (r + 1, c) in B -> Cram(B - {(r, c), (r + 1, c)})
}
game Domineering(B) {
  left  place (r, c) in B where (r + 1, c) in B -> Domineering(B - {(r, c), (r + 1, c)})
  right place (r, c) in B where (r, c + 1) in B -> Domineering(B - {(r, c), (r, c + 1)})
}
game Nk(S) { move v in S -> Nk(S - {v - 1, v, v + 1}) }
game Odd(B) {
  move (r, c) in B where (r - 1, c + 1) not in B and (c, r) in B -> Odd(B - {(c, r)} - {(r + 8, c), (r + r - c, c - c - 1)})
  move (r, c) in B where (r + r, 3 - c) in B -> Cram(B - {(r, c)})
}
game Skip(S) { move v in S where v + 2 not in S and 63 - v in S -> Nk(S - {v + v, 70 - v}) }
game Far(B) { move (r, c) in B where (r * c, 0) in B -> Far(B - {(r, c)}) }
game Mixed(S) { move v in S -> Mixed(S - {v} - S) }
`

// cellPositions lists positions of the games of cellGames: every subset of a
// few small boards, sets of integers, and sets that are not packed (a cell off
// the 8 x 8 board, an integer of 64, mixed elements), which both ways take
// through the general path.
func cellPositions() []string {
	var out []string
	board := func(cells [][2]int, mask int) string {
		var parts []string
		for i, c := range cells {
			if mask>>i&1 == 1 {
				parts = append(parts, fmt.Sprintf("(%d, %d)", c[0], c[1]))
			}
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	var grid [][2]int
	for r := range 3 {
		for c := range 3 {
			grid = append(grid, [2]int{r, c})
		}
	}
	edge := [][2]int{{0, 6}, {0, 7}, {1, 7}, {6, 0}, {7, 0}, {7, 7}, {3, 3}, {3, 0}}
	for mask := 0; mask < 1<<9; mask += 3 {
		for _, g := range []string{"Cram", "Domineering", "Odd", "Far"} {
			out = append(out, g+"("+board(grid, mask)+")")
		}
	}
	for mask := 0; mask < 1<<len(edge); mask += 5 {
		for _, g := range []string{"Cram", "Domineering", "Odd"} {
			out = append(out, g+"("+board(edge, mask)+")")
		}
	}
	ints := []int{0, 1, 2, 3, 5, 6, 31, 32, 61, 62, 63}
	for mask := 0; mask < 1<<len(ints); mask += 7 {
		var parts []string
		for i, v := range ints {
			if mask>>i&1 == 1 {
				parts = append(parts, fmt.Sprint(v))
			}
		}
		set := "{" + strings.Join(parts, ", ") + "}"
		out = append(out, "Nk("+set+")", "Skip("+set+")", "Mixed("+set+")", "Cram("+set+")")
	}
	return append(out, "Cram({(0, 0), (0, 1), (8, 0)})", "Cram({(0, -1), (0, 0)})", "Nk({63, 64})",
		"Nk({-1, 0, 1})", "Cram({(0, 0), 1})", "Nk({1, (0, 0)})", `Nk({"a"})`, "Cram({(0, 0, 0)})")
}

// The cell fast path must give exactly the options of the general path, in the
// same order, and the same errors, for each player of a partizan game too.
func TestCellMovesMatchGeneralPath(t *testing.T) {
	fast, plain := New(), New()
	for _, in := range []*Interp{fast, plain} {
		if err := in.Run(context.Background(), "t.game", cellGames); err != nil {
			t.Fatal(err)
		}
	}
	celled := 0
	for _, g := range plain.globals {
		if game, ok := g.V.R.(*Game); ok && g.V.K == KGame {
			for _, m := range game.moves {
				if m.cell != nil {
					celled++
				}
				m.cell = nil
			}
		}
	}
	if celled != 8 {
		t.Errorf("%d move clauses have the cell shape, want 8", celled)
	}
	packed := 0
	for _, pos := range cellPositions() {
		v, err := fast.Eval(context.Background(), "t", pos)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, ok := fast.pos.cellArg(solver.Pos(v.N)); ok {
			packed++
		}
		for _, side := range []lang.Side{lang.Both, lang.Left, lang.Right} {
			got, gotErr := expandSideAll(t, fast, pos, side)
			want, wantErr := expandSideAll(t, plain, pos, side)
			if gotErr != wantErr || !slices.Equal(got, want) {
				t.Errorf("%s for %v:\n fast  %v %s\n plain %v %s", pos, side, got, gotErr, want, wantErr)
			}
		}
	}
	if packed < 1000 {
		t.Errorf("only %d positions were kept as sets of cells", packed)
	}
}

// expandSideAll is expandAll for one side's options (lang.Both: every option).
func expandSideAll(t *testing.T, in *Interp, pos string, side lang.Side) ([]string, string) {
	t.Helper()
	v, err := in.Eval(context.Background(), "t", pos)
	if err != nil {
		t.Fatalf("%s: %v", pos, err)
	}
	var opts solver.Options
	if err := in.expandFor(solver.Pos(v.N), side, &opts, nil); err != nil {
		return nil, err.Error()
	}
	var out []string
	for i := range opts.Len() {
		comps, _ := opts.Option(i)
		for _, c := range comps {
			out = append(out, in.describe(c))
		}
	}
	return out, ""
}

// Solving with the cell fast path (probing the bitmasks) gives the values and
// errors of the plain way, for whole boards and for what is left of them.
func TestCellProbesMatchPlainValues(t *testing.T) {
	queries := []string{
		"[sg(Cram({(r, c) for r in 0..h - 1, c in 0..w - 1})) for h in 1..3, w in 1..4]",
		"sg(Cram({(r, c) for r in 0..3, c in 0..3} - {(1, 1), (2, 3)}))",
		"[sg(Nk({v for v in 0..n - 1})) for n in 0..14]",
		"[sg(Skip({v for v in 0..63 where v % k == 1 or v > 58})) for k in 7..12]",
		"sg(Odd({(r, c) for r in 0..2, c in 0..2}))",
		"sg(Mixed({1, 2, 3}))",
		"outcome(Cram({(0, 0), (0, 1)}) + Nk({1, 2, 3}))",
		"value(Domineering({(r, c) for r in 0..2, c in 0..3}))",
		"sg(Cram({(r, c) for r in 6..7, c in 0..5}))",
	}
	for _, q := range queries {
		var got [2]string
		for i, plain := range []bool{false, true} {
			in := New()
			in.Config.Plain = plain
			if err := in.Run(context.Background(), "t.game", cellGames); err != nil {
				t.Fatal(err)
			}
			v, err := in.Eval(context.Background(), "t", q)
			got[i] = fmt.Sprint(v.Repr(), err)
		}
		if got[0] != got[1] {
			t.Errorf("%s: fast %s, plain %s", q, got[0], got[1])
		}
	}
}

// A set of small cells kept as a bitmask is the same position, and prints
// the same, as the set it was made from, whatever its elements' order, and the
// empty set is one position whichever kind of set it was left of.
func TestCellSetsArePositions(t *testing.T) {
	in := New()
	if err := in.Run(context.Background(), "t.game", cellGames); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ a, b string }{
		{"Cram({(2, 1), (0, 7), (7, 0)})", "Cram({(7, 0), (0, 7)} | {(2, 1)})"},
		{"Cram({})", "Cram({(0, 0)} - {(0, 0)})"},
		{"Cram({})", "Cram({1} - {1})"},
		{"Nk({63, 0, 5})", "Nk({0, 5, 63, 5})"},
	} {
		a, err := in.Eval(context.Background(), "t", c.a)
		if err != nil {
			t.Fatal(err)
		}
		b, err := in.Eval(context.Background(), "t", c.b)
		if err != nil {
			t.Fatal(err)
		}
		if a.N != b.N || a.Repr() != b.Repr() {
			t.Errorf("%s is %s (%d), %s is %s (%d)", c.a, a.Repr(), a.N, c.b, b.Repr(), b.N)
		}
		if _, _, ok := in.pos.cellArg(solver.Pos(a.N)); !ok {
			t.Errorf("%s is not kept as a set of cells", c.a)
		}
	}
	v, _ := in.Eval(context.Background(), "t", "Cram({(7, 0), (2, 1)}).B")
	if v.Repr() != "{(2, 1), (7, 0)}" {
		t.Errorf("the board read back is %s", v.Repr())
	}
}
