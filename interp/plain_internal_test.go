package interp

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/solver"
)

// Config.Plain turns the fast paths off, each where it is taken: the natives
// (NativesOf keeps the argument check alone), the loop nests, the moves over
// sets of cells, probing, the sorting canonical forms, typed expressions and blocks.
func TestPlainTurnsFastPathsOff(t *testing.T) {
	src := `
game S(n) { move k in 1..n where k % 3 != 0 -> S(n - k) }
game C(a, b) {
  canonical (min(a, b), max(a, b))
  move k in 1..a -> C(a - k, b)
  move k in 1..b -> C(a, b - k)
}
game Cram(B) { move (r, c) in B where (r, c + 1) in B -> Cram(B - {(r, c), (r, c + 1)}) }
fn add(a, b) = a + b
fn bit(S, e) = (S >> e) & 1
game T(S) { move e in 0..5 where bit(S, e) == 0 -> T(S | (1 << e)) }
fn odd(n) = len([k for k in 0..n where k % 2 == 1])
`
	for _, plain := range []bool{false, true} {
		in := New()
		in.Config.Plain = plain
		if err := in.Run(context.Background(), "t.game", src); err != nil {
			t.Fatal(err)
		}
		s, _ := in.Game("S")
		c, _ := in.Game("C")
		cram, _ := in.Game("Cram")
		cram.moves[0].cell.remove = nil // taken, it leads back to the same board
		loops, forms := 0, 0
		where := s.moves[0].fast.where
		s.moves[0].fast.where = func(fr *Frame) bool { loops++; return where(fr) }
		canon := c.canon
		c.canon = func(fr *Frame) Value { forms++; return canon(fr) }
		s.Natives = Natives{
			CheckArgs: func([]Value) string { return "" },
			Native:    func(context.Context, []Value) (int64, bool, error) { return 0, true, nil },
		}
		expandAll(t, in, "S(6)")
		cramOpts, _ := expandAll(t, in, "Cram({(0, 0), (0, 1)})")
		if _, err := in.Eval(context.Background(), "t", "sg(C(4, 3))"); err != nil {
			t.Fatal(err)
		}
		v, err := in.Eval(context.Background(), "t", "S(7)")
		if err != nil {
			t.Fatal(err)
		}
		var mex solver.MexSet
		mex.Reset()
		probed, _, _ := (*solverRules)(in).Probe(solver.Pos(v.N), &mex)
		if _, err := in.Eval(context.Background(), "t", `add("x", "y")`); err != nil {
			t.Fatal(err) // its typed form is tried, and falls back
		}
		if _, err := in.Eval(context.Background(), "t", "sg(T(0)) + odd(100)"); err != nil {
			t.Fatal(err)
		}
		natives := in.NativesOf(s)
		for what, taken := range map[string]bool{
			"the loop nest":              loops > 0,
			"the sorting canonical form": forms == 0,
			"probing":                    probed != solver.ProbeExpand,
			"the native":                 natives.Native != nil,
			"the typed expressions":      in.typedMiss > 0,
			"the typed move loops":       in.typedMoves > 0,
			"the blocks of values":       in.laneRuns > 0,
			"the calls of a block":       in.laneCalls > 0,
			"the moves over cells":       len(cramOpts) == 1 && strings.HasPrefix(cramOpts[0], "Cram({(0, 0), (0, 1)})"),
		} {
			if taken == plain {
				t.Errorf("plain %v: %s taken %v", plain, what, taken)
			}
		}
		if natives.CheckArgs == nil {
			t.Errorf("plain %v: the argument check is gone", plain)
		}
	}
}
