package misere

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// A game is a node of a random DAG: its options are nodes made before it.
type dag [][]int

func randomDAG(r *rand.Rand, n int) dag {
	d := make(dag, n)
	for i := range d {
		for j := range i {
			if r.IntN(3) == 0 {
				d[i] = append(d[i], j)
			}
		}
	}
	return d
}

// misereP decides by brute force whether a sum of games is a misère P-position:
// each part is a position (node) of its own move function.
type sumGame struct {
	moves []func(int) []int
	memo  map[[3]int]bool
}

func (s *sumGame) isP(pos [3]int) bool {
	if v, ok := s.memo[pos]; ok {
		return v
	}
	p, moved := true, false
	for i, m := range s.moves {
		for _, o := range m(pos[i]) {
			next := pos
			next[i] = o
			moved = true
			if s.isP(next) {
				p = false
			}
		}
	}
	p = p && moved // with no move, the player to move has won
	s.memo[pos] = p
	return p
}

func (d dag) moves(i int) []int { return d[i] }

func (t *Table) moves(g int) []int {
	var out []int
	for _, o := range t.forms[g].opts {
		out = append(out, int(o))
	}
	return out
}

func none(int) []int { return nil }

// formsOf makes the forms of a DAG's nodes.
func formsOf(t *testing.T, tab *Table, d dag) []ID {
	forms := make([]ID, len(d))
	for i, opts := range d {
		ids := make([]ID, len(opts))
		for k, o := range opts {
			ids[k] = forms[o]
		}
		g, err := tab.Make(context.Background(), ids...)
		if err != nil {
			t.Fatal(err)
		}
		forms[i] = g
	}
	return forms
}

// TestFormsPlayAsTheirGames checks forms against the definition of misère equality:
// a game and its form have the same misère outcome in sums with every game of a
// random DAG, and so do sums of two games and the form Add gives.
func TestFormsPlayAsTheirGames(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 30 {
		tab := NewTable()
		d := randomDAG(r, 9)
		x := randomDAG(r, 8)
		forms := formsOf(t, tab, d)
		raw := &sumGame{moves: []func(int) []int{d.moves, x.moves, d.moves}, memo: map[[3]int]bool{}}
		form := &sumGame{moves: []func(int) []int{tab.moves, x.moves, none}, memo: map[[3]int]bool{}}
		for g := range d {
			for h := range d {
				s, err := tab.Add(context.Background(), forms[g], forms[h])
				if err != nil {
					t.Fatal(err)
				}
				for k := range x {
					if raw.isP([3]int{g, k, 0}) != form.isP([3]int{int(forms[g]), k, 0}) {
						t.Fatalf("round %d: game %d plus game %d of X: the form plays otherwise", round, g, k)
					}
					if raw.isP([3]int{g, k, h}) != form.isP([3]int{int(s), k, 0}) {
						t.Fatalf("round %d: games %d + %d plus game %d of X: their sum's form plays otherwise", round, g, h, k)
					}
				}
			}
		}
	}
}

// TestFormsAreSimplest checks each form against the definition of simplest form:
// its options are distinct forms, none is reversible (an option of the option equal
// to the game itself), the form is 0 or has no option whose options all reverse
// through 0, it is born no later than its game, and its values are the mex rules.
func TestFormsAreSimplest(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	tab := NewTable()
	for range 40 {
		d := randomDAG(r, 10)
		forms := formsOf(t, tab, d)
		for i, g := range forms {
			if b := tab.forms[g].birthday; b > height(d, i) {
				t.Errorf("a game of height %d has a form born on day %d", height(d, i), b)
			}
		}
	}
	for g := range tab.forms {
		f := tab.forms[g]
		if !slices.IsSorted(f.opts) || len(slices.Compact(slices.Clone(f.opts))) != len(f.opts) {
			t.Fatalf("form %d: options %v not distinct and sorted", g, f.opts)
		}
		for _, o := range f.opts {
			if tab.hasOption(o, ID(g)) {
				t.Errorf("form %d: option %d is reversible", g, o)
			}
		}
		if g != int(Zero) && tab.isZero(f.opts) {
			t.Errorf("form %d equals 0", g)
		}
		var minus, plus []int
		for _, o := range f.opts {
			minus, plus = append(minus, tab.forms[o].gMinus), append(plus, tab.forms[o].gPlus)
		}
		if len(f.opts) > 0 && (f.gMinus != mex(minus) || f.gPlus != mex(plus)) {
			t.Errorf("form %d: values %d, %d", g, f.gMinus, f.gPlus)
		}
		if s, err := tab.String(context.Background(), ID(g)); err != nil {
			t.Fatal(err)
		} else if back, err := tab.ParseForm(context.Background(), s); !strings.Contains(s, "-") && (err != nil || back != ID(g)) {
			t.Errorf("form %d prints as %s, which reads back as %d (%v)", g, s, back, err)
		}
		plusStar := tab.add(ID(g), Star)
		if d := tab.forms[plusStar].birthday - f.birthday; d != 1 && d != -1 {
			t.Errorf("form %d and its sum with * are born %d days apart", g, d)
		}
	}
}

func height(d dag, i int) int {
	h := 0
	for _, o := range d[i] {
		h = max(h, height(d, o)+1)
	}
	return h
}

// TestDistinctFormsDiffer checks that forms are distinct games: every two forms up
// to birthday 4 made from the options of 0, *, *2, *3 and {*2} have a distinguishing
// game among those forms and their sums with nim heaps.
func TestDistinctFormsDiffer(t *testing.T) {
	ctx := context.Background()
	tab := NewTable()
	base := []string{"0", "*", "*2", "*3", "*[[2]]"}
	var ids []ID
	for _, s := range base {
		g, err := tab.Parse(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g)
	}
	forms := subsetForms(t, tab, ids)
	var testers []ID
	for _, g := range forms {
		for n := range 4 {
			testers = append(testers, tab.add(g, tab.nim(n)))
		}
	}
	for i, g := range forms {
		for _, h := range forms[:i] {
			if !slices.ContainsFunc(testers, func(x ID) bool {
				return (tab.forms[tab.add(g, x)].gMinus == 0) != (tab.forms[tab.add(h, x)].gMinus == 0)
			}) {
				t.Errorf("forms %d and %d: no game tells them apart", g, h)
			}
		}
	}
}

// TestFormsByDay counts the forms born by each day, as the subsets of the forms born
// by the day before: 1, 2, 3, 5, 22 (Conway, On Numbers and Games, ch. 12; day 5
// has 4171780, too many for a unit test).
func TestFormsByDay(t *testing.T) {
	tab := NewTable()
	born := []ID{Zero}
	for day, want := range []int{2, 3, 5, 22} {
		born = subsetForms(t, tab, born)
		if len(born) != want {
			t.Errorf("%d forms born by day %d, want %d", len(born), day+1, want)
		}
	}
}

// subsetForms returns the distinct forms whose options are subsets of ids, sorted.
func subsetForms(t *testing.T, tab *Table, ids []ID) []ID {
	var forms []ID
	for mask := range 1 << len(ids) {
		var opts []ID
		for i, g := range ids {
			if mask&(1<<i) != 0 {
				opts = append(opts, g)
			}
		}
		g, err := tab.Make(context.Background(), opts...)
		if err != nil {
			t.Fatal(err)
		}
		forms = append(forms, g)
	}
	slices.Sort(forms)
	return slices.Compact(forms)
}
