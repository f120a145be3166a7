package solver

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/budget"
)

// graphRules is a game on a directed graph: position i moves to adj[i].
func graphRules(adj [][]int) heapRules {
	return heapRules{moves: func(n int, o *Options) {
		for _, v := range adj[n] {
			o.Add(0, Pos(v))
		}
	}}
}

// smithLabels is Smith's labelling written from its definition, independently of
// the solver: at level m, label m (repeatedly, until nothing changes) each
// unlabelled u with no option labelled m whose every option that is unlabelled or
// ∞ has an option labelled m; then label ∞ each unlabelled u with no option
// labelled m. Finally ∞ gets the set of finite labels of the options.
func smithLabels(adj [][]int) []Grundy {
	const open, inf = -1, -2
	lab := make([]int, len(adj))
	for i := range lab {
		lab[i] = open
	}
	hasLabel := func(u, m int) bool {
		return slices.ContainsFunc(adj[u], func(v int) bool { return lab[v] == m })
	}
	for m := 0; slices.Contains(lab, open); m++ {
		for changed := true; changed; {
			changed = false
			for u := range adj {
				if lab[u] != open || hasLabel(u, m) {
					continue
				}
				ok := true
				for _, v := range adj[u] {
					if (lab[v] == open || lab[v] == inf) && !hasLabel(v, m) {
						ok = false
					}
				}
				if ok {
					lab[u], changed = m, true
				}
			}
		}
		for u := range adj {
			if lab[u] == open && !hasLabel(u, m) {
				lab[u] = inf
			}
		}
	}
	out := make([]Grundy, len(adj))
	for u, l := range lab {
		if l >= 0 {
			out[u] = Finite(int64(l))
			continue
		}
		var ks []int64
		for _, v := range adj[u] {
			if lab[v] >= 0 {
				ks = append(ks, int64(lab[v]))
			}
		}
		out[u] = Infinite(ks)
	}
	return out
}

func randomGraph(r *rand.Rand, n, maxDeg int) [][]int {
	adj := make([][]int, n)
	for u := range adj {
		for range r.IntN(maxDeg + 1) {
			adj[u] = append(adj[u], r.IntN(n))
		}
	}
	return adj
}

func TestLoopyValuesMatchSmithsLabelling(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	ctx := context.Background()
	for trial := range 400 {
		n := 1 + r.IntN(40)
		adj := randomGraph(r, n, 1+r.IntN(4))
		want := smithLabels(adj)
		s := New(graphRules(adj), nil)
		// Ask in a random order, so that later queries meet solved positions,
		// finite and infinite, as options.
		for _, p := range r.Perm(n) {
			got, err := s.Grundy(ctx, Pos(p))
			if err != nil {
				t.Fatalf("trial %d: Grundy(%d): %v", trial, p, err)
			}
			if !got.Equal(want[p]) {
				t.Fatalf("trial %d, graph %v: value of %d = %v, want %v", trial, adj, p, got, want[p])
			}
		}
	}
}

// A position with many solved options of value ∞ that lack m is kept from m
// however many there are: four such options once wrapped its count around to
// the count of its open options alone, and labelled it 0.
func TestLoopyManyInfiniteSolvedOptions(t *testing.T) {
	ctx := context.Background()
	// Draws d ↔ d+1 for d = 0, 2, ..., 2k-2; then u = 2k moves to each draw and
	// to w = 2k+1, which moves back to u and to the end t = 2k+2.
	for k := 1; k <= 6; k++ {
		u, w, end := 2*k, 2*k+1, 2*k+2
		adj := make([][]int, end+1)
		for d := 0; d < 2*k; d += 2 {
			adj[d], adj[d+1] = []int{d + 1}, []int{d}
			adj[u] = append(adj[u], d)
		}
		adj[u] = append(adj[u], w)
		adj[w] = []int{u, end}
		want := smithLabels(adj)
		s := New(graphRules(adj), nil)
		for d := 0; d < 2*k; d += 2 {
			if _, err := s.Grundy(ctx, Pos(d)); err != nil {
				t.Fatal(err)
			}
		}
		for _, p := range []int{u, w} {
			got, err := s.Grundy(ctx, Pos(p))
			if err != nil {
				t.Fatal(err)
			}
			if !got.Equal(want[p]) {
				t.Errorf("%d draws: value of %d = %v, want %v", k, p, got, want[p])
			}
		}
	}
}

// An option of a loop's position that is a sum whose part is on another loop
// solves that loop while the first is being explored: two loop graphs, whose
// marks both start at index 0. The values must be those found when the inner
// loops are solved first; an inner loop that leads back into the outer one is
// refused (LoopySumError), never given a value.
func TestLoopyGraphInsideAnother(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	ctx := context.Background()
	for trial := range 300 {
		n, m := 1+r.IntN(12), 1+r.IntN(12) // outer positions 0..n-1, inner n..n+m-1
		outer, inner := randomGraph(r, n, 3), randomGraph(r, m, 3)
		heap := n + m          // a Nim heap of size 1: a move to the heap of size 0
		back := make([]int, m) // a move from an inner position to an outer one
		for i := range back {
			back[i] = -1
			if r.IntN(6) == 0 {
				back[i] = r.IntN(n)
			}
		}
		sums := make([][]int, n)
		for u := range n {
			for range r.IntN(2) {
				sums[u] = append(sums[u], n+r.IntN(m))
			}
		}
		rules := heapRules{moves: func(p int, o *Options) {
			switch {
			case p < n:
				for _, v := range outer[p] {
					o.Add(0, Pos(v))
				}
				for _, c := range sums[p] {
					o.Add(0, Pos(c), Pos(heap))
				}
			case p < n+m:
				for _, v := range inner[p-n] {
					o.Add(0, Pos(n+v))
				}
				if back[p-n] >= 0 {
					o.Add(0, Pos(back[p-n]))
				}
			case p == heap:
				o.Add(0, Pos(heap+1))
			}
		}}
		// The inner loops first: no graph inside another (but sums inside a
		// loop when an inner loop leads back).
		first := New(rules, nil)
		for p := range n + m {
			var sumErr *LoopySumError
			if _, err := first.Grundy(ctx, Pos((p+n)%(n+m))); err != nil && !errors.As(err, &sumErr) {
				t.Fatal(err)
			}
		}
		s := New(rules, nil)
		for _, p := range r.Perm(n + m) {
			got, err := s.Grundy(ctx, Pos(p))
			var sumErr *LoopySumError
			if errors.As(err, &sumErr) {
				continue
			}
			if err != nil {
				t.Fatalf("trial %d: Grundy(%d): %v", trial, p, err)
			}
			want, err := first.Grundy(ctx, Pos(p))
			if err != nil {
				t.Fatalf("trial %d: %d has the value %v, but not when the inner loops come first: %v", trial, p, got, err)
			}
			if !got.Equal(want) {
				t.Fatalf("trial %d: value of %d = %v, want %v (outer %v, inner %v, sums %v)", trial, p, got, want, outer, inner, sums)
			}
		}
	}
}

// The generalized value of a sum follows Smith's rules: checked against the outcome
// found by retrograde analysis of the graph of pairs (win, loss or draw), for sums
// of a position of one random graph game and a position of another.
func TestSumOutcomesMatchProductGraph(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	ctx := context.Background()
	for trial := range 200 {
		na, nb := 1+r.IntN(12), 1+r.IntN(12)
		ga, gb := randomGraph(r, na, 3), randomGraph(r, nb, 3)
		// One solver for both games: b's positions come after a's.
		both := slices.Clone(ga)
		for _, vs := range gb {
			shifted := make([]int, len(vs))
			for i, v := range vs {
				shifted[i] = v + na
			}
			both = append(both, shifted)
		}
		s := New(graphRules(both), nil)
		product := productOutcomes(ga, gb)
		for a := range na {
			for b := range nb {
				va, _ := s.Grundy(ctx, Pos(a))
				vb, _ := s.Grundy(ctx, Pos(na+b))
				if got, want := va.Add(vb).Outcome(), product[a*nb+b]; got != want {
					t.Fatalf("trial %d, games %v and %v: %d + %d = %v + %v: outcome %c, the product graph says %c", trial, ga, gb, a, b, va, vb, got, want)
				}
			}
		}
	}
}

// productOutcomes decides every pair (a, b) of the sum of two graph games by plain
// retrograde analysis: iterate until nothing changes; what is left is drawn.
func productOutcomes(ga, gb [][]int) []byte {
	nb := len(gb)
	out := make([]byte, len(ga)*nb)
	moves := func(a, b int) [][2]int {
		var ms [][2]int
		for _, v := range ga[a] {
			ms = append(ms, [2]int{v, b})
		}
		for _, v := range gb[b] {
			ms = append(ms, [2]int{a, v})
		}
		return ms
	}
	for changed := true; changed; {
		changed = false
		for a := range ga {
			for b := range nb {
				if out[a*nb+b] != 0 {
					continue
				}
				allN, someP := true, false
				for _, m := range moves(a, b) {
					switch out[m[0]*nb+m[1]] {
					case 'P':
						someP = true
					case 'N':
					default:
						allN = false
					}
				}
				switch {
				case someP:
					out[a*nb+b], changed = 'N', true
				case allN:
					out[a*nb+b], changed = 'P', true
				}
			}
		}
	}
	for i := range out {
		if out[i] == 0 {
			out[i] = 'D'
		}
	}
	return out
}

func TestGrundyAddAndString(t *testing.T) {
	for _, c := range []struct {
		a, b Grundy
		want string
	}{
		{Finite(3), Finite(5), "6"},
		{Finite(1), Infinite([]int64{0}), "∞{1}"},
		{Infinite([]int64{2, 0, 2}), Finite(3), "∞{1, 3}"},
		{Infinite(nil), Finite(0), "∞{}"},
		{Infinite([]int64{0}), Infinite([]int64{1}), "∞{}"},
	} {
		if got := c.a.Add(c.b).String(); got != c.want {
			t.Errorf("%v + %v = %s, want %s", c.a, c.b, got, c.want)
		}
	}
}

// Walk of the design notes: 0 <- 1 <-> 2 <-> 3.
func TestWalk(t *testing.T) {
	s := New(graphRules([][]int{{}, {0, 2}, {1, 3}, {2}}), nil)
	var got []string
	for p := range 4 {
		g, err := s.Grundy(context.Background(), Pos(p))
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, g.String()+string(g.Outcome()))
	}
	if s := strings.Join(got, " "); s != "0P ∞{0}N ∞{}D ∞{}D" {
		t.Errorf("Walk = %s", s)
	}
	var inf *InfiniteError
	if _, err := s.Value(context.Background(), 1); !errors.As(err, &inf) {
		t.Errorf("Value of an infinite position: %v", err)
	}
}

func TestLoopyPositionLimitAndCancel(t *testing.T) {
	ring := heapRules{moves: func(n int, o *Options) { o.Add(0, Pos((n+1)%1000)) }}
	s := New(ring, nil)
	s.Config.MaxPositions = 100
	var le *budget.LimitError
	if _, err := s.Grundy(context.Background(), 0); !errors.As(err, &le) {
		t.Fatalf("want a LimitError, got %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s = New(ring, nil)
	if _, err := s.Grundy(ctx, 0); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	// Nothing stays marked: the next query answers.
	if g, err := s.Grundy(context.Background(), 5); err != nil || g.String() != "∞{}" {
		t.Fatalf("after cancel: %v, %v", g, err)
	}
}

// Options that are sums of solved, loop-free parts enter the labelling as fixed
// values. Checked against Smith's labelling of the same graph where each such
// option is a nim heap of the sum's value (which plays the same).
func TestLoopyOptionsThatAreSums(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	ctx := context.Background()
	const heaps = 8 // positions n..n+7 are Nim heaps 0..7, loop-free
	for trial := range 200 {
		n := 1 + r.IntN(20)
		adj := randomGraph(r, n, 3)
		type sumOpt struct{ a, b int }
		sums := make([][]sumOpt, n)
		for u := range n {
			for range r.IntN(2) {
				sums[u] = append(sums[u], sumOpt{r.IntN(heaps), r.IntN(heaps)})
			}
		}
		rules := heapRules{moves: func(p int, o *Options) {
			if p >= n { // the heap p - n
				for k := range p - n {
					o.Add(0, Pos(n+k))
				}
				return
			}
			for _, v := range adj[p] {
				o.Add(0, Pos(v))
			}
			for _, s := range sums[p] {
				o.Add(0, Pos(n+s.a), Pos(n+s.b))
			}
		}}
		// The same game with each sum replaced by the heap of its value.
		plain := make([][]int, n+heaps)
		for u := range n {
			plain[u] = slices.Clone(adj[u])
			for _, s := range sums[u] {
				plain[u] = append(plain[u], n+(s.a^s.b))
			}
		}
		for h := range heaps {
			for k := range h {
				plain[n+h] = append(plain[n+h], n+k)
			}
		}
		want := smithLabels(plain)
		s := New(rules, nil)
		for _, p := range r.Perm(n) {
			got, err := s.Grundy(ctx, Pos(p))
			if err != nil {
				t.Fatal(err)
			}
			if !got.Equal(want[p]) {
				t.Fatalf("trial %d: value of %d = %v, want %v", trial, p, got, want[p])
			}
		}
	}
}
