package interp_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// randomTree is a random partizan game on nodes 0..n-1: each node's Left and
// Right options are nodes with larger numbers, so play always ends.
type randomTree struct{ left, right [][]int }

func newRandomTree(r *rand.Rand, n int) randomTree {
	t := randomTree{make([][]int, n), make([][]int, n)}
	for i := range n {
		for j := i + 1; j < n; j++ {
			if r.IntN(4) == 0 {
				t.left[i] = append(t.left[i], j)
			}
			if r.IntN(4) == 0 {
				t.right[i] = append(t.right[i], j)
			}
		}
	}
	return t
}

// program writes the tree as a game of the language.
func (t randomTree) program() string {
	list := func(xs [][]int) string {
		parts := make([]string, len(xs))
		for i, x := range xs {
			parts[i] = strings.ReplaceAll(fmt.Sprint(x), " ", ", ")
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return fmt.Sprintf("let LT = %s\nlet RT = %s\ngame T(i) {\n  left  j in LT[i] -> T(j)\n  right j in RT[i] -> T(j)\n}\n",
		list(t.left), list(t.right))
}

// firstWins is the plain definition of who wins a sum of tree nodes: whether the
// player to move (left or not) wins when moving first, by trying every move.
func (t randomTree) firstWins(nodes []int, left bool, memo map[string]bool) bool {
	key := fmt.Sprint(nodes, left)
	if w, ok := memo[key]; ok {
		return w
	}
	opts := t.right
	if left {
		opts = t.left
	}
	win := false
	for i, v := range nodes {
		for _, w := range opts[v] {
			next := append([]int(nil), nodes...)
			next[i] = w
			if !t.firstWins(next, !left, memo) {
				win = true
				break
			}
		}
		if win {
			break
		}
	}
	memo[key] = win
	return win
}

// outcome is the plain outcome class of a sum of nodes.
func (t randomTree) outcome(nodes []int, memo map[string]bool) string {
	l, r := t.firstWins(nodes, true, memo), t.firstWins(nodes, false, memo)
	switch {
	case l && r:
		return "N"
	case l:
		return "L"
	case r:
		return "R"
	}
	return "P"
}

// TestPartizanAgainstPlay checks outcome, winning moves and sums of random
// partizan games against the plain definition of who wins, computed by trying
// every line of play on the whole sum (a product space the engine never builds).
func TestPartizanAgainstPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 22))
	for round := range 30 {
		tree := newRandomTree(r, 9)
		var src strings.Builder
		src.WriteString(tree.program())
		var want []string
		memo := map[string]bool{}
		for i := range 9 {
			fmt.Fprintf(&src, "print outcome(T(%d))\n", i)
			want = append(want, tree.outcome([]int{i}, memo))
		}
		for range 8 {
			a, b, c := r.IntN(9), r.IntN(9), r.IntN(9)
			fmt.Fprintf(&src, "print outcome(T(%d) + T(%d) + T(%d))\n", a, b, c)
			want = append(want, tree.outcome([]int{a, b, c}, memo))
			// value(G) + value(H) is the value of the sum; G - G is 0.
			fmt.Fprintf(&src, "print (value(T(%d) + T(%d)) == value(T(%d)) + value(T(%d)), value(T(%d)) - value(T(%d)) == 0)\n", a, b, a, b, c, c)
			want = append(want, "(true, true)")
		}
		// winning(G, L) lists exactly Left's moves to a node Right cannot win
		// from moving first.
		i := r.IntN(3)
		fmt.Fprintf(&src, "print [m.to for m in winning(T(%d), L)]\n", i)
		var wins []string
		for _, j := range tree.left[i] {
			if !tree.firstWins([]int{j}, false, memo) {
				wins = append(wins, fmt.Sprintf("T(%d)", j))
			}
		}
		want = append(want, "["+strings.Join(wins, ", ")+"]")
		out, errs := run(t, src.String())
		if errs != "" {
			t.Fatalf("round %d: %s\n%s", round, errs, src.String())
		}
		got := strings.Split(strings.TrimSpace(out), "\n")
		for k := range want {
			if k >= len(got) || got[k] != want[k] {
				t.Fatalf("round %d, line %d: got %q, want %q\n%s", round, k+1, got, want, src.String())
			}
		}
	}
}

// TestPartizanErrors: the questions partizan games do not answer are located
// errors that say what to ask instead.
func TestPartizanErrors(t *testing.T) {
	game := "game C(w) {\n  left cut i in 1..w - 1 -> C(i) + C(w - i)\n}\n"
	for _, c := range []struct{ src, want string }{
		{"print sg(C(3))", "t.game:4:7: C is a partizan game (it has left or right moves): it has no Sprague-Grundy value; ask value(G)"},
		{"print outcome(C(3), misere)", "t.game:4:7: outcome(G, misere) is for impartial games, and C is a partizan game"},
		{"print winning(C(3))", "t.game:4:7: winning of a partizan game needs the player who moves first: winning(G, L)"},
		{"print remoteness(C(3))", "t.game:4:7: remoteness is for impartial games, and C is a partizan game"},
		{"print best(C(3))", "t.game:4:7: best is for impartial and scoring games, and C is a partizan game"},
		{"game Loop(n) {\n  left -> Loop(1 - n)\n}\nprint value(Loop(0))", "can be reached again from itself: a partizan game whose play can loop has no canonical form"},
	} {
		_, errs := run(t, game+c.src)
		if !strings.Contains(errs, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.src, errs, c.want)
		}
	}
}

// TestGameEquality: == compares game values as games, and positions as
// positions.
func TestGameEquality(t *testing.T) {
	out, errs := run(t, `print (*3 + *5 == *6, value(*3 + *5) == *6, value(Nim(3)) == *3, Nim(3) == *3)
print (*1 < *2, fuzzy(*1, *2), value(Nim(2)) != *2, [*3 + *5] == [*6])
print (-cg("^") == cg("v"), cg("1/2") + cg("1/2") == 1, value(Nim(0)) == 0)
`)
	if errs != "" {
		t.Fatal(errs)
	}
	want := "(true, true, true, false)\n(false, true, false, false)\n(true, true, true)\n"
	if out != want {
		t.Errorf("got\n%swant\n%s", out, want)
	}
}

// TestPartizanOrder: positions are ordered as games, not by their arguments.
func TestPartizanOrder(t *testing.T) {
	out, errs := run(t, `game C(w) {
  left cut i in 1..w - 1 -> C(i) + C(w - i)
}
game D(w) {
  right cut i in 1..w - 1 -> D(i) + D(w - i)
}
print (C(3) < C(4), D(3) < D(4), C(2) > D(2), C(1) <= *0, *1 < *2, Nim(1) >= *1)
`)
	if errs != "" {
		t.Fatal(errs)
	}
	if want := "(true, false, true, true, false, true)\n"; out != want {
		t.Errorf("got %s, want %s", out, want)
	}
}

// TestNumbersAreOneValue: a game value that is a number is the number, in lists,
// sets and sorting too.
func TestNumbersAreOneValue(t *testing.T) {
	out, errs := run(t, `print ([cg("1")] == [1], cg("1") in {1}, sorted([cg("1"), 1, cg("1/2"), cg("*"), -1, true]))
print ({cg("2"), 2, value(Cutcake(3, 1))}, [value(Cutcake(w, 1)) for w in 1..3] == [0, 1, 2])
`)
	if errs != "" {
		t.Fatal(errs)
	}
	if want := "(true, true, [-1, 1/2, 1, 1, true, *])\n({2}, true)\n"; out != want {
		t.Errorf("got %s, want %s", out, want)
	}
}

// TestHeatCoolAtomicWeight: the language's heat, cool and atomicweight are
// CGSuite's (values from its tests and Lessons in Play).
func TestHeatCoolAtomicWeight(t *testing.T) {
	out, errs := run(t, `print (cool(cg("{3|-1}"), 1), cool(cg("{3|-1}"), 3), heat(cg("*"), 1), atomicweight(cg("^")), atomicweight(cg("^") + cg("^")))
print (cool(cg("{3|-1}"), 2) == cg("1*"), heat(cg("1/2"), 5), cool(7, 1), leftoptions(2), rightoptions(-1))
`)
	if errs != "" {
		t.Fatal(errs)
	}
	if want := "({2|0}, 1, ±1, 1, 2)\n(true, 1/2, 7, [1], [0])\n"; out != want {
		t.Errorf("got %s, want %s", out, want)
	}
	_, errs = run(t, "print atomicweight(cg(\"{1|-1}\"))")
	if !strings.Contains(errs, "t.game:1:7: atomicweight: ±1 is not atomic") {
		t.Errorf("got %s", errs)
	}
}
