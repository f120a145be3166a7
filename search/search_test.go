package search

import (
	"context"
	"errors"
	"math/rand"
	"strconv"
	"testing"

	"github.com/grundy-lang/grundy/budget"
)

// coins is coins in a row: take the first or the last coin of row[i..j]. States
// are numbered i*n + j, plus n*n for the empty row.
type coins struct{ row []int64 }

func (c coins) state(i, j int) State {
	n := len(c.row)
	if i > j {
		return State(n * n)
	}
	return State(i*n + j)
}

func (c coins) Moves(s State, out []Move) ([]Move, error) {
	n := len(c.row)
	if int(s) == n*n {
		return out, nil
	}
	i, j := int(s)/n, int(s)%n
	return append(out, Move{To: c.state(i+1, j), Gain: c.row[i]}, Move{To: c.state(i, j-1), Gain: c.row[j]}), nil
}

func (c coins) Describe(s State) string { return strconv.Itoa(int(s)) }

// coinsDP is the textbook recurrence: best(i, j) = max(row[i] - best(i+1, j),
// row[j] - best(i, j-1)).
func coinsDP(row []int64) int64 {
	n := len(row)
	best := make([][]int64, n+1)
	for i := range best {
		best[i] = make([]int64, n+1)
	}
	for length := 1; length <= n; length++ {
		for i := 0; i+length-1 < n; i++ {
			j := i + length - 1
			var inner1, inner2 int64
			if i+1 <= j {
				inner1 = best[i+1][j]
				inner2 = best[i][j-1]
			}
			best[i][j] = max(row[i]-inner1, row[j]-inner2)
		}
	}
	return best[0][n-1]
}

// bonus is a random game tree with scores and extra moves: state s < n has up to
// three moves to larger states.
type bonus struct{ moves [][]Move }

func randomBonus(r *rand.Rand, n int) bonus {
	b := bonus{moves: make([][]Move, n)}
	for s := 0; s < n-1; s++ {
		for k := r.Intn(4); k > 0; k-- {
			to := s + 1 + r.Intn(min(5, n-1-s))
			b.moves[s] = append(b.moves[s], Move{To: State(to), Gain: int64(r.Intn(7) - 3), Again: r.Intn(3) == 0})
		}
	}
	return b
}

func (b bonus) Moves(s State, out []Move) ([]Move, error) { return append(out, b.moves[s]...), nil }
func (b bonus) Describe(s State) string                   { return strconv.Itoa(int(s)) }

// plainValue is the definition, by recursion.
func (b bonus) plainValue(s State) int64 {
	if len(b.moves[s]) == 0 {
		return 0
	}
	var best int64
	for i, m := range b.moves[s] {
		v, _ := combine(m, b.plainValue(m.To))
		if i == 0 || v > best {
			best = v
		}
	}
	return best
}

func TestCoinsAgainstRecurrence(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for trial := 0; trial < 200; trial++ {
		row := make([]int64, 1+r.Intn(12))
		for i := range row {
			row[i] = int64(r.Intn(20))
		}
		c := coins{row}
		want := coinsDP(row)
		for _, m := range []Method{Table, AlphaBeta, Minimax} {
			got, err := New(c, m, nil).Value(context.Background(), c.state(0, len(row)-1))
			if err != nil || got != want {
				t.Fatalf("%v on %v: got %d (%v), want %d", m, row, got, err, want)
			}
		}
	}
}

func TestMethodsAgreeAndPruningVisitsLess(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for trial := 0; trial < 300; trial++ {
		b := randomBonus(r, 2+r.Intn(25))
		want := b.plainValue(0)
		var nodes [3]int
		for _, m := range []Method{Table, AlphaBeta, Minimax} {
			s := New(b, m, nil)
			got, err := s.Value(context.Background(), 0)
			if err != nil || got != want {
				t.Fatalf("trial %d, %v: got %d (%v), want %d", trial, m, got, err, want)
			}
			nodes[m] = s.Stats.Nodes
			sign, err := New(b, m, nil).Sign(context.Background(), 0)
			if wantSign := cmpSign(want); err != nil || sign != wantSign {
				t.Fatalf("trial %d, %v: sign %d (%v), want %d", trial, m, sign, err, wantSign)
			}
		}
		if nodes[AlphaBeta] > nodes[Minimax] {
			t.Fatalf("trial %d: alpha-beta visited %d nodes, minimax %d", trial, nodes[AlphaBeta], nodes[Minimax])
		}
	}
}

// One table serves every query of a session, with windows of every kind: its
// bounds must stay true whatever order the queries come in.
func TestSharedTableAcrossQueries(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for trial := 0; trial < 100; trial++ {
		b := randomBonus(r, 2+r.Intn(30))
		s := New(b, Table, nil)
		for q := 0; q < 20; q++ {
			st := State(r.Intn(len(b.moves)))
			want := b.plainValue(st)
			if r.Intn(2) == 0 {
				sign, err := s.Sign(context.Background(), st)
				if err != nil || sign != cmpSign(want) {
					t.Fatalf("trial %d: sign of %d = %d (%v), want %d", trial, st, sign, err, cmpSign(want))
				}
				continue
			}
			v, err := s.Value(context.Background(), st)
			if err != nil || v != want {
				t.Fatalf("trial %d: value of %d = %d (%v), want %d", trial, st, v, err, want)
			}
		}
	}
}

func cmpSign(v int64) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

func TestTableAnswersRepeatedQueries(t *testing.T) {
	c := coins{[]int64{3, 9, 1, 2, 7, 7, 4, 1}}
	s := New(c, Table, nil)
	root := c.state(0, 7)
	if _, err := s.Sign(context.Background(), root); err != nil {
		t.Fatal(err)
	}
	v, err := s.Value(context.Background(), root)
	if err != nil || v != coinsDP(c.row) {
		t.Fatalf("value after sign: %d (%v), want %d", v, err, coinsDP(c.row))
	}
	before := s.Stats.Nodes
	if _, err := s.Value(context.Background(), root); err != nil {
		t.Fatal(err)
	}
	if s.Stats.Nodes != before+1 {
		t.Fatalf("a repeated query visited %d nodes, want 1 (the table answers)", s.Stats.Nodes-before)
	}
}

func TestSignVisitsFewerNodesThanValue(t *testing.T) {
	row := []int64{5, 1, 8, 3, 9, 2, 7, 4, 6, 1, 3, 8, 2, 9}
	c := coins{row}
	for _, m := range []Method{Table, AlphaBeta} {
		value, sign := New(c, m, nil), New(c, m, nil)
		if _, err := value.Value(context.Background(), c.state(0, len(row)-1)); err != nil {
			t.Fatal(err)
		}
		if _, err := sign.Sign(context.Background(), c.state(0, len(row)-1)); err != nil {
			t.Fatal(err)
		}
		if sign.Stats.Nodes >= value.Stats.Nodes {
			t.Fatalf("%v: the sign took %d nodes, the value %d", m, sign.Stats.Nodes, value.Stats.Nodes)
		}
	}
}

// chain is a line of n states, each scoring 1 point with another move.
type chain struct{ n int }

func (c chain) Moves(s State, out []Move) ([]Move, error) {
	if int(s) == c.n {
		return out, nil
	}
	return append(out, Move{To: s + 1, Gain: 1, Again: int(s)%2 == 0}), nil
}
func (c chain) Describe(s State) string { return strconv.Itoa(int(s)) }

func TestDeepGameNeedsNoRecursion(t *testing.T) {
	const n = 100000
	for _, m := range []Method{Table, AlphaBeta, Minimax} {
		v, err := New(chain{n}, m, nil).Value(context.Background(), 0)
		want := chainPlain(n)
		if err != nil || v != want {
			t.Fatalf("%v: %d (%v), want %d", m, v, err, want)
		}
	}
}

// chainPlain evaluates the chain from the end, by the definition.
func chainPlain(n int) int64 {
	var v int64
	for s := n - 1; s >= 0; s-- {
		v, _ = combine(Move{Gain: 1, Again: s%2 == 0}, v)
	}
	return v
}

type loop struct{}

func (loop) Moves(s State, out []Move) ([]Move, error) {
	return append(out, Move{To: (s + 1) % 3, Gain: 1}), nil
}
func (loop) Describe(s State) string { return "L" + strconv.Itoa(int(s)) }

func TestLoopIsNamed(t *testing.T) {
	_, err := New(loop{}, Table, nil).Value(context.Background(), 0)
	var le *LoopError
	if !errors.As(err, &le) || err.Error() != "a scoring game must end, but its moves return to an earlier position: L0 -> L1 -> L2 -> L0" {
		t.Fatalf("got %v", err)
	}
}

func TestLimitsAndCancellation(t *testing.T) {
	s := New(chain{1000}, Table, nil)
	s.Config.MaxPositions = 10
	if _, err := s.Value(context.Background(), 0); !errors.As(err, new(*budget.LimitError)) {
		t.Fatalf("position limit: got %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := New(chain{100000}, Table, nil).Value(ctx, 0); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: got %v", err)
	}
}

// spread is a game whose states are numbered far apart (state s of b is
// s*stride), so that the searcher's table spans many pages.
type spread struct {
	b      bonus
	stride State
}

func (g spread) Moves(s State, out []Move) ([]Move, error) {
	for _, m := range g.b.moves[s/g.stride] {
		m.To *= g.stride
		out = append(out, m)
	}
	return out, nil
}
func (g spread) Describe(s State) string { return strconv.Itoa(int(s)) }

func TestStatesFarApart(t *testing.T) {
	r := rand.New(rand.NewSource(4))
	for trial := 0; trial < 50; trial++ {
		b := randomBonus(r, 2+r.Intn(40))
		g := spread{b, State(1 + r.Intn(3000))}
		s := New(g, Table, nil)
		for q := 0; q < 10; q++ {
			st := State(r.Intn(len(b.moves)))
			v, err := s.Value(context.Background(), st*g.stride)
			if want := b.plainValue(st); err != nil || v != want {
				t.Fatalf("trial %d: value of %d = %d (%v), want %d", trial, st, v, err, want)
			}
		}
	}
}

// A state with more moves than a chunk of the arena holds is kept in a chunk
// of its own, and states whose moves fill chunks to their ends lie beside it.
func TestManyMoves(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	for _, wide := range []int{arenaChunk - 1, arenaChunk, arenaChunk + 7} {
		// State 0 moves to states 1..wide, each with up to 3 moves to the
		// last state, wide+1.
		b := bonus{moves: make([][]Move, wide+2)}
		for s := 1; s <= wide; s++ {
			b.moves[0] = append(b.moves[0], Move{To: State(s), Gain: int64(r.Intn(9) - 4), Again: r.Intn(4) == 0})
			for k := r.Intn(4); k > 0; k-- {
				b.moves[s] = append(b.moves[s], Move{To: State(wide + 1), Gain: int64(r.Intn(9) - 4), Again: r.Intn(4) == 0})
			}
		}
		for _, m := range []Method{Table, AlphaBeta} {
			s := New(b, m, nil)
			for _, st := range []State{State(wide), 1, 0} {
				v, err := s.Value(context.Background(), st)
				if want := b.plainValue(st); err != nil || v != want {
					t.Fatalf("%d moves, %v: value of %d = %d (%v), want %d", wide, m, st, v, err, want)
				}
			}
		}
	}
}
