package solver

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/grundy-lang/grundy/budget"
)

// plainRemoteness is the recursive definition on an acyclic graph game.
func plainRemoteness(adj [][]int, u int, memo map[int]int) int {
	if r, ok := memo[u]; ok {
		return r
	}
	r := 0
	if len(adj[u]) > 0 {
		win, lose := -1, -1
		for _, v := range adj[u] {
			rv := plainRemoteness(adj, v, memo)
			if rv%2 == 0 && (win < 0 || rv < win) {
				win = rv
			}
			lose = max(lose, rv)
		}
		if win >= 0 {
			r = win + 1
		} else {
			r = lose + 1
		}
	}
	memo[u] = r
	return r
}

// pairRules is the sum of two copies of an acyclic graph game, as one game whose
// position a*n+b is the pair: its remoteness is the plain definition on pairs.
func pairAdj(adj [][]int) [][]int {
	n := len(adj)
	out := make([][]int, n*n)
	for a := range n {
		for b := range n {
			for _, v := range adj[a] {
				out[a*n+b] = append(out[a*n+b], v*n+b)
			}
			for _, v := range adj[b] {
				out[a*n+b] = append(out[a*n+b], a*n+v)
			}
		}
	}
	return out
}

func TestRemotenessMatchesDefinitionOnAcyclicGames(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	ctx := context.Background()
	for trial := range 100 {
		n := 1 + r.IntN(15)
		adj := make([][]int, n)
		for u := 1; u < n; u++ {
			for range r.IntN(4) {
				adj[u] = append(adj[u], r.IntN(u)) // moves only down: acyclic
			}
		}
		s := New(graphRules(adj), nil)
		pairs, memo := pairAdj(adj), map[int]int{}
		for a := range n {
			for b := range n {
				got, err := s.Remoteness(ctx, []Sum{{Comps: []Pos{Pos(a)}}, {Comps: []Pos{Pos(a), Pos(b)}}})
				if err != nil {
					t.Fatal(err)
				}
				if want := plainRemoteness(adj, a, map[int]int{}); got[0] != want {
					t.Fatalf("trial %d, graph %v: remoteness of %d = %d, want %d", trial, adj, a, got[0], want)
				}
				if want := plainRemoteness(pairs, a*n+b, memo); got[1] != want {
					t.Fatalf("trial %d, graph %v: remoteness of %d + %d = %d, want %d", trial, adj, a, b, got[1], want)
				}
			}
		}
	}
}

// On loopy graphs remoteness agrees with the outcome (even P, odd N, none for a
// draw) and satisfies its defining equations at every position.
func TestRemotenessOnLoopyGames(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	ctx := context.Background()
	for trial := range 200 {
		n := 1 + r.IntN(30)
		adj := randomGraph(r, n, 3)
		s := New(graphRules(adj), nil)
		sums := make([]Sum, n)
		for i := range sums {
			sums[i] = Sum{Comps: []Pos{Pos(i)}}
		}
		rem, err := s.Remoteness(ctx, sums)
		if err != nil {
			t.Fatal(err)
		}
		// One at a time in a random order, later searches start from memoized
		// positions: the same answers.
		one := New(graphRules(adj), nil)
		for _, u := range r.Perm(n) {
			got, err := one.Remoteness(ctx, sums[u:u+1])
			if err != nil || got[0] != rem[u] {
				t.Fatalf("trial %d, graph %v: remoteness of %d alone = %v, %v; all at once %d", trial, adj, u, got, err, rem[u])
			}
		}
		for u := range n {
			g, _ := s.Grundy(ctx, Pos(u))
			want := map[byte]int{'P': 0, 'N': 1, 'D': Drawn}[g.Outcome()]
			if got := rem[u]; (got == Drawn) != (want == Drawn) || got != Drawn && got%2 != want {
				t.Fatalf("trial %d, graph %v: %d has remoteness %d but value %v", trial, adj, u, got, g)
			}
			if rem[u] == Drawn {
				continue
			}
			win, lose := -1, -1
			for _, v := range adj[u] {
				if rv := rem[v]; rv != Drawn && rv%2 == 0 && (win < 0 || rv < win) {
					win = rv
				} else if rv != Drawn {
					lose = max(lose, rv)
				}
			}
			want = lose + 1
			if win >= 0 {
				want = win + 1
			}
			if rem[u] != want {
				t.Fatalf("trial %d, graph %v: remoteness of %d is %d, its options say %d", trial, adj, u, rem[u], want)
			}
		}
	}
}

func TestRemotenessOfNimHeaps(t *testing.T) {
	s := New(graphRules([][]int{{}}), nil)
	got, err := s.Remoteness(context.Background(), []Sum{{Heaps: []int64{3}}, {Heaps: []int64{2, 2}}, {Heaps: []int64{1, 2}}})
	if err != nil {
		t.Fatal(err)
	}
	// *3: take it all (1); *2 + *2: the loser delays, 4 moves; *1 + *2: to *1 + *1, then 2 more.
	if want := []int{1, 4, 3}; got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Errorf("remoteness = %v, want %v", got, want)
	}
}

// A search through wide positions stops at its bound on moves, with a LimitError.
func TestRemotenessSearchIsBounded(t *testing.T) {
	s := New(graphRules([][]int{{}}), nil)
	s.Config.MaxPositions = 1000
	_, err := s.Remoteness(context.Background(), []Sum{{Heaps: []int64{900}}})
	var le *budget.LimitError
	if !errors.As(err, &le) || le.Value != movesPerState*1000 {
		t.Fatalf("want the moves bound, got %v", err)
	}
}
