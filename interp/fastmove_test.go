package interp

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/solver"
)

// The loop-nest fast path for move clauses must give exactly the options of the
// general path (closures per option), in the same order, and the same errors: the
// misère solver and winning-move listings rely on that order.
func TestFastMovesMatchGeneralPath(t *testing.T) {
	src := fastMoveGames
	fast, plain := New(), New()
	for _, in := range []*Interp{fast, plain} {
		in.Config.MaxOptions = 1000 // Split(9223372036854775807) stops at it both ways
		if err := in.Run(context.Background(), "t.game", src); err != nil {
			t.Fatal(err)
		}
	}
	fastened := 0
	for _, g := range plain.globals {
		if game, ok := g.V.R.(*Game); ok && g.V.K == KGame {
			for _, m := range game.moves {
				if m.fast != nil {
					fastened++
				}
				m.fast = nil
			}
		}
	}
	if fastened < 10 {
		t.Fatalf("only %d move clauses took the fast path", fastened)
	}
	var positions []string
	for n := 0; n <= 14; n++ {
		for _, f := range []string{"Kayles(%d)", "Split(%d)", "S(%d)", "T(%d)", "R(%d)", "M(%d)", "Z(%d)", "W(%d, 3)", "W(2, %d)", "C(%d, 4)", "C(4, %d)"} {
			positions = append(positions, fmt.Sprintf(f, n))
		}
	}
	positions = append(positions, "O(1)", "O(9223372036854775806)", `L([1, 2, 3])`, `L([])`,
		"W(-1, 2)", "Split(9223372036854775807)")
	for _, pos := range positions {
		got, gotErr := expandAll(t, fast, pos)
		want, wantErr := expandAll(t, plain, pos)
		if gotErr != wantErr || !slices.Equal(got, want) {
			t.Errorf("%s:\n fast  %v %s\n plain %v %s", pos, got, gotErr, want, wantErr)
		}
	}
}

// These games' move clauses have the loop-nest shape (L's does not: a list).
const fastMoveGames = `
game Kayles(n) { move k in 1..2, i in 0..n-k -> Kayles(i) + Kayles(n - k - i) }
game Split(n) { move a in 1..(n-1)/2 -> Split(a) + Split(n - a) }
game W(a, b) {
  move k in 1..a -> W(a - k, b)
  move k in 1..b -> W(a, b - k)
  move k in 1..min(a, b) -> W(a - k, b - k)
}
game S(n) { move k in 1..n where k % 3 != 0 -> S(n - k) }
game T(n) { move i in 0..n-1, j in i..n-1 where i + j < n -> T(i) + T(j) }
game C(a, b) {
  canonical (min(a, b), max(a, b))
  move k in 1..a -> C(a - k, b)
  move k in 1..b -> C(a, b - k)
}
game R(n) { move k in 1..n/2 -> R(n - k - k) }
game M(n) { move k in 1..n -> M(n - k) + *1 }
game Z(n) { move k in 5..n -> Z(n - 5) }
game O(n) { move k in 0..2 where n < 10 or k == 0 -> O(n + k) }
game L(xs) { move k in 0..len(xs)-1 -> L(xs[0..k-1]) }
`

// Probing a position (valuing it from the memo through the same loop nests) must
// agree with its options listed by the general path: before anything is solved it
// names a part of one of them that is not solved, and once they are all solved it
// gives the mex of their values.
func TestProbeMatchesGeneralPath(t *testing.T) {
	src := fastMoveGames + `
game W3(a, b) {
  move where a > 0 -> W3(a - 1, b)
  move where b > 0 -> W3(a, b - 1)
  move where a > 1 and b > 0 -> W3(a - 2, b - 1)
}
`
	solvedByProbe := 0
	for n := 0; n <= 14; n++ {
		for _, f := range []string{"Kayles(%d)", "Split(%d)", "S(%d)", "T(%d)", "R(%d)", "Z(%d)", "W(%d, 3)", "C(%d, 4)", "W3(%d, 2)", "M(%d)"} {
			pos := fmt.Sprintf(f, n)
			fresh := New()
			if err := fresh.Run(context.Background(), "t.game", src); err != nil {
				t.Fatal(err)
			}
			v, err := fresh.Eval(context.Background(), "t", pos)
			if err != nil {
				t.Fatal(err)
			}
			p := solver.Pos(v.N)
			opts, _ := expandAll(t, fresh, pos)
			var mex solver.MexSet
			mex.Reset()
			res, need, err := (*solverRules)(fresh).Probe(p, &mex)
			switch {
			case err != nil:
				t.Fatalf("%s: %v", pos, err)
			case res == solver.ProbeNeeds:
				if _, ok := fresh.solver.Known(need); ok || !strings.Contains(strings.Join(opts, " "), fresh.describe(need)) {
					t.Errorf("%s: the probe needs %s, not an unsolved part of its options %v", pos, fresh.describe(need), opts)
				}
			case res == solver.ProbeSolved && len(opts) > 0:
				t.Errorf("%s: probed as solved with nothing solved", pos)
			}
			want, err := fresh.Eval(context.Background(), "t", "sg("+pos+")")
			if err != nil {
				t.Fatal(err)
			}
			mex.Reset()
			res, _, err = (*solverRules)(fresh).Probe(p, &mex)
			if err != nil || res == solver.ProbeNeeds {
				t.Fatalf("%s: probe after solving: %v %v", pos, res, err)
			}
			if res == solver.ProbeSolved {
				solvedByProbe++
				if got := mex.Mex(); got != want.N {
					t.Errorf("%s: probed value %d, solved %d", pos, got, want.N)
				}
			}
		}
	}
	if solvedByProbe < 100 {
		t.Errorf("only %d positions were valued by probing", solvedByProbe)
	}
}

// expandAll returns the options of the position written pos, each as its parts'
// names, or the error of expanding it.
func expandAll(t *testing.T, in *Interp, pos string) ([]string, string) {
	t.Helper()
	v, err := in.Eval(context.Background(), "t", pos)
	if err != nil {
		t.Fatalf("%s: %v", pos, err)
	}
	var opts solver.Options
	if err := (*solverRules)(in).Expand(solver.Pos(v.N), &opts); err != nil {
		return nil, err.Error()
	}
	var out []string
	for i := range opts.Len() {
		comps, nim := opts.Option(i)
		var names []string
		for _, c := range comps {
			names = append(names, in.describe(c))
		}
		out = append(out, fmt.Sprintf("%s+*%d", strings.Join(names, "+"), nim))
	}
	return out, ""
}

// The values probing reads by argument follow the memo: a game whose rules change
// through a name it uses starts afresh, and clearing the memo drops them.
func TestProbedValuesFollowTheMemo(t *testing.T) {
	in := New()
	var out strings.Builder
	in.Out = &out
	src := `let k = 1
game G(n) { move i in 1..min(k, n) -> G(n - i) }
print [sg(G(n)) for n in 0..6]
`
	if err := in.Run(context.Background(), "t.game", src); err != nil {
		t.Fatal(err)
	}
	if err := in.Run(context.Background(), "t.game", "let k = 2\nprint [sg(G(n)) for n in 0..6]"); err != nil {
		t.Fatal(err)
	}
	if want := "[0, 1, 0, 1, 0, 1, 0]\n[0, 1, 2, 0, 1, 2, 0]\n"; out.String() != want {
		t.Errorf("got\n%swant\n%s", out.String(), want)
	}
	g, _ := in.Lookup("G")
	game := g.V.R.(*Game)
	if len(game.values) < 7 || game.values[6] != 0 || game.values[5] != 2 {
		t.Errorf("G's values by argument: %v", game.values)
	}
	in.ClearMemo()
	if game.values != nil {
		t.Errorf("G's values by argument after the memo is cleared: %v", game.values)
	}
}

// The same for the grid of values of a game of two arguments (Wythoff's game
// with a limit k on what the first pile gives).
func TestGridValuesFollowTheMemo(t *testing.T) {
	in := New()
	var out strings.Builder
	in.Out = &out
	src := `let k = 1
game W(a, b) {
  move i in 1..min(k, a) -> W(a - i, b)
  move i in 1..b -> W(a, b - i)
  move i in 1..min(a, b) -> W(a - i, b - i)
}
print [sg(W(a, 2)) for a in 0..5]
`
	if err := in.Run(context.Background(), "t.game", src); err != nil {
		t.Fatal(err)
	}
	if err := in.Run(context.Background(), "t.game", "let k = 5\nprint [sg(W(a, 2)) for a in 0..5]"); err != nil {
		t.Fatal(err)
	}
	// Taking one from the first pile at most, then as in Wythoff's game.
	if want := "[2, 0, 1, 0, 1, 0]\n[2, 0, 1, 5, 3, 4]\n"; out.String() != want {
		t.Errorf("got\n%swant\n%s", out.String(), want)
	}
	g, _ := in.Lookup("W")
	game := g.V.R.(*Game)
	var mex solver.MexSet
	mex.Reset()
	for v := range int64(4) {
		mex.Add(v)
	}
	if n := mex.AddGridRun(game.grid.vals, game.grid.width, 5, 2, 0, 1, 1); n != 1 || mex.Mex() != 5 {
		t.Errorf("W(5, 2) in the grid of values: mex %d (%d read), want its value 4 read", mex.Mex(), n)
	}
	in.ClearMemo()
	if n := mex.AddGridRun(game.grid.vals, game.grid.width, 5, 2, 0, 1, 1); n != 0 {
		t.Error("W(5, 2) is still in the grid of values after the memo is cleared")
	}
}

// A canonical form recognized as a sort of the parameters gives the arguments the
// form as written gives, for integers of every order and sign; other arguments, and
// a form whose names were redefined, run as written.
func TestSortCanonMatchesTheForm(t *testing.T) {
	src := `
game T(a, b, c) { canonical tuple(sorted([c, a, b])) move where false -> T(a, b, c) }
game P(a, b) { canonical (min(b, a), max(b, a)) move where false -> P(a, b) }
game Q(a, b) { canonical (min(a, b), max(b, a)) move where false -> Q(a, b) }
game U(a, b) { canonical tuple(sorted([a, a])) move where false -> U(a, b) }
game V(a) { canonical tuple(sorted([a])) move where false -> V(a) }
`
	in := New()
	if err := in.Run(context.Background(), "t.game", src); err != nil {
		t.Fatal(err)
	}
	games := map[string]*Game{}
	for _, name := range []string{"T", "P", "Q", "U", "V"} {
		g, _ := in.Lookup(name)
		games[name] = g.V.R.(*Game)
	}
	if games["T"].canonSort == nil || games["P"].canonSort == nil {
		t.Fatal("tuple(sorted([c, a, b])) and (min(b, a), max(b, a)) are not recognized")
	}
	for _, name := range []string{"Q", "U", "V"} {
		if games[name].canonSort != nil {
			t.Errorf("%s's canonical form is taken for a sort of its parameters", name)
		}
	}
	ints := []int64{-3, 0, 2, 2, 7, -9223372036854775808, 9223372036854775807}
	check := func(g *Game, args []Value) {
		t.Helper()
		got := slices.Clone(in.canonical(g, args))
		sort := g.canonSort
		g.canonSort = nil
		want := in.canonical(g, args)
		g.canonSort = sort
		if !slices.EqualFunc(got, want, func(a, b Value) bool { return a.Repr() == b.Repr() }) {
			t.Errorf("%s%v: sorted %v, the form gives %v", g.Name, args, got, want)
		}
	}
	for _, x := range ints {
		for _, y := range ints {
			check(games["P"], []Value{Int(x), Int(y)})
			for _, z := range ints[:4] {
				check(games["T"], []Value{Int(x), Int(y), Int(z)})
			}
		}
	}
	check(games["T"], []Value{Int(1), Str("a"), Int(0)})
	if err := in.Run(context.Background(), "t.game", "fn sorted(xs) = xs"); err != nil {
		t.Fatal(err)
	}
	check(games["T"], []Value{Int(3), Int(1), Int(2)})
	if got := in.canonical(games["T"], []Value{Int(3), Int(1), Int(2)}); got[0].N != 2 || got[1].N != 3 {
		t.Errorf("with sorted redefined, T's form gives %v, want [c, a, b] = [2 3 1]", got)
	}
}

// xorValues (runs of consecutive arguments without per-value tests, and the
// general loop) against the definition: XOR values in order, stop at the first
// argument that is outside the table or not solved, leave the rest alone.
func TestXorValues(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for trial := range 20000 {
		values := make([]int32, r.IntN(40))
		for i := range values {
			values[i] = int32(r.IntN(8))
			if r.IntN(30) == 0 {
				values[i] = -1
			}
		}
		xs := make([]int64, 1+r.IntN(30))
		for i := range xs {
			xs[i] = int64(r.IntN(8))
		}
		c, st := int64(r.IntN(50)-5), []int64{1, -1, 2, -3, 0}[r.IntN(5)]
		want, wantDone := slices.Clone(xs), len(xs)
		for i, a := 0, c; i < len(want); i, a = i+1, a+st {
			if a < 0 || a >= int64(len(values)) || values[a] < 0 {
				wantDone = i
				break
			}
			want[i] ^= int64(values[a])
		}
		got := slices.Clone(xs)
		if done := xorValues(got, values, c, st); done != wantDone || !slices.Equal(got, want) {
			t.Fatalf("trial %d: xorValues(%v, %v, %d, %d) did %d: %v; want %d: %v", trial, xs, values, c, st, done, got, wantDone, want)
		}
	}
}
