package solver

import (
	"context"
	"math/rand/v2"
	"testing"
)

// probingRules adds a Prober to heapRules, written from Prober's definition: the
// options are listed with Expand and valued from the memo of s.
type probingRules struct {
	heapRules
	s      *Solver
	probed map[ProbeResult]int
}

func (r *probingRules) Probe(p Pos, mex *MexSet) (ProbeResult, Pos, error) {
	var o Options
	r.moves(int(p), &o)
	for i := range o.Len() {
		comps, x := o.Option(i)
		for _, c := range comps {
			v, ok := r.s.Known(c)
			if !ok {
				r.probed[ProbeNeeds]++
				return ProbeNeeds, c, nil
			}
			x ^= v
		}
		mex.Add(x)
	}
	r.probed[ProbeSolved]++
	return ProbeSolved, 0, nil
}

// A solver that probes gives the values of one that expands, on random games with
// and without loops, asked in a random order, and on Kayles asked from the top.
func TestProbingGivesTheSameValues(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	ctx := context.Background()
	probed := map[ProbeResult]int{}
	for trial := range 300 {
		n := 1 + r.IntN(60)
		adj := randomGraph(r, n, 1+r.IntN(5))
		if trial%2 == 0 { // acyclic: moves only to smaller positions
			for u := range adj {
				for i, v := range adj[u] {
					if u == 0 {
						adj[u] = nil
						break
					}
					adj[u][i] = v % u
				}
			}
		}
		want := New(graphRules(adj), nil)
		pr := &probingRules{heapRules: graphRules(adj), probed: probed}
		pr.s = New(pr, nil)
		for _, p := range r.Perm(n) {
			w, err := want.Grundy(ctx, Pos(p))
			if err != nil {
				t.Fatal(err)
			}
			got, err := pr.s.Grundy(ctx, Pos(p))
			if err != nil || !got.Equal(w) {
				t.Fatalf("trial %d, graph %v: value of %d = %v, %v when probing; want %v", trial, adj, p, got, err, w)
			}
		}
	}
	k := &probingRules{heapRules: kayles(), probed: probed}
	k.s = New(k, nil)
	want := New(kayles(), nil)
	for _, n := range []Pos{300, 150, 301} {
		got, err := k.s.Value(ctx, n)
		w, _ := want.Value(ctx, n)
		if err != nil || got != w {
			t.Fatalf("Kayles(%d) = %d, %v when probing; want %d", n, got, err, w)
		}
	}
	if probed[ProbeSolved] < 1000 || probed[ProbeNeeds] < 300 {
		t.Fatalf("probes solved %d positions and needed a component %d times: too few to test", probed[ProbeSolved], probed[ProbeNeeds])
	}
}

func TestMexSet(t *testing.T) {
	var m MexSet
	for _, c := range []struct {
		add  []int64
		want int64
	}{{nil, 0}, {[]int64{1, 2}, 0}, {[]int64{0, 1, 2, 4}, 3}, {[]int64{-1, 0, 1 << 40, 1}, 2},
		{[]int64{200, 0}, 1}, {nil, 0}, {[]int64{0}, 1}} {
		m.Reset()
		half := len(c.add) / 2
		for _, v := range c.add[:half] {
			m.Add(v)
		}
		m.AddAll(c.add[half:])
		var vals []int64
		for _, v := range c.add {
			if v >= 0 {
				vals = append(vals, v)
			}
		}
		if got := m.Mex(); got != c.want || got != Mex(vals) {
			t.Errorf("mex of %v = %d, want %d", c.add, got, c.want)
		}
	}
	m.Reset()
	for v := range int64(130) {
		m.Add(v)
	}
	if got := m.Mex(); got != 130 {
		t.Errorf("mex of 0..129 = %d, want 130", got)
	}
}

// A walk deeper than several chunks of its stack: a chain solved from the top, and
// a ring of the same length, whose loop closes at the bottom of the stack.
func TestDeepWalks(t *testing.T) {
	const n = 5*frameChunk + 7
	ctx := context.Background()
	chain := heapRules{moves: func(p int, o *Options) {
		if p > 0 {
			o.Add(0, Pos(p-1))
		}
	}}
	s := New(chain, nil)
	if v, err := s.Value(ctx, n); err != nil || v != n%2 {
		t.Fatalf("Chain(%d) = %d, %v; want %d", n, v, err, n%2)
	}
	if v, ok := s.Known(n - 1); !ok || v != (n-1)%2 {
		t.Fatalf("Chain(%d) = %d, %v; want %d", n-1, v, ok, (n-1)%2)
	}
	ring := heapRules{moves: func(p int, o *Options) { o.Add(0, Pos((p+1)%n)) }}
	s = New(ring, nil)
	if g, err := s.Grundy(ctx, 0); err != nil || !g.Inf {
		t.Fatalf("a ring of %d positions: %v, %v; want ∞", n, g, err)
	}
}

// AddGridRun adds the known values along a row, a column or a diagonal of a
// grid, as adding them one by one does, and stops at the first not known.
func TestAddGridRun(t *testing.T) {
	// rows[x][y] = 1 + value, 0 for none: row 2 is short, (1, 1) unknown.
	rows := [][]uint16{{1, 2, 3, 4}, {5, 0, 7, 8}, {9, 10, 0, 0}, {11, 12, 13, 2001}}
	var cells []uint16
	for _, r := range rows {
		cells = append(cells, r...)
	}
	for _, c := range []struct {
		a, b, sa, sb int64
		n, added     int
	}{
		{0, 0, 0, 1, 4, 4}, {0, 1, 0, 1, 9, 3}, {1, 0, 0, 1, 3, 1}, {0, 0, 1, 0, 4, 4},
		{0, 3, 1, 0, 4, 2}, {0, 0, 1, 1, 4, 1}, {0, 1, 1, 1, 4, 2}, {3, 3, -1, -1, 4, 1},
		{2, 1, -1, -1, 2, 2}, {4, 0, 0, 1, 2, 0}, {0, 0, 0, 1, 0, 0}, {3, 3, 0, 1, 1, 1},
		{3, 0, -1, 0, 9, 4}, {0, 3, 0, -1, 9, 4}, {3, 3, -1, 0, 9, 1}, {-1, 0, 1, 0, 3, 0},
		{0, 4, 1, 0, 3, 0}, {1, 0, 2, 0, 3, 2}, {3, 2, -2, 1, 3, 2},
	} {
		var want MexSet
		want.Reset()
		a, b := c.a, c.b
		for range c.added {
			want.Add(int64(rows[a][b]) - 1)
			a, b = a+c.sa, b+c.sb
		}
		var m MexSet
		m.Reset()
		got := m.AddGridRun(cells, 4, c.a, c.b, c.sa, c.sb, c.n)
		if got != c.added || m.Mex() != want.Mex() {
			t.Errorf("run from (%d, %d) by (%d, %d): added %d, mex %d; want %d, %d", c.a, c.b, c.sa, c.sb, got, m.Mex(), c.added, want.Mex())
		}
		if c.added > 0 && c.a == 3 && c.b == 3 && m.stamps[2000] != m.gen {
			t.Errorf("the value 2000 was not added")
		}
	}
	// Long runs, some cells unknown, in every direction: the same values
	// added as one by one, and the same count.
	r := rand.New(rand.NewPCG(3, 4))
	const w, h = 37, 29
	big := make([]uint16, w*h)
	for trial := range 2000 {
		for i := range big {
			big[i] = uint16(1 + r.IntN(300))
			if r.IntN(40) == 0 {
				big[i] = 0
			}
		}
		a, b := int64(r.IntN(h+2)-1), int64(r.IntN(w+2)-1)
		sa, sb := int64(r.IntN(5)-2), int64(r.IntN(5)-2)
		n := r.IntN(60)
		var m MexSet
		m.Reset()
		got := m.AddGridRun(big, w, a, b, sa, sb, n)
		want := map[int]bool{}
		added := 0
		for x, y := a, b; added < n && x >= 0 && x < h && y >= 0 && y < w && big[x*w+y] != 0; x, y = x+sa, y+sb {
			want[int(big[x*w+y])-1] = true
			added++
			if sa == 0 && sb == 0 {
				added = n // a run that stays on one cell adds it n times
			}
		}
		if got != added {
			t.Fatalf("trial %d: run from (%d, %d) by (%d, %d), %d cells: added %d, want %d", trial, a, b, sa, sb, n, got, added)
		}
		for v := range 300 {
			if (m.stamps[v] == m.gen) != want[v] {
				t.Fatalf("trial %d: value %d added %v, want %v", trial, v, m.stamps[v] == m.gen, want[v])
			}
		}
	}
}

// AddXorPairs adds a[t] ^ b[t] (or b read backwards) as adding them one by one
// does, stops at the first pair with a value not known (negative), and grows
// the set for values past its size.
func TestAddXorPairs(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 3000 {
		n := r.IntN(40)
		a, b := make([]int32, n), make([]int32, n+r.IntN(3))
		top := 1 + r.IntN(5000) // values past the set's first size too
		for i := range a {
			a[i] = int32(r.IntN(top))
		}
		for i := range b {
			b[i] = int32(r.IntN(top))
		}
		if n > 0 && r.IntN(3) == 0 {
			a[r.IntN(n)] = -1
		}
		if n > 0 && r.IntN(3) == 0 {
			b[r.IntN(n)] = -1
		}
		back := r.IntN(2) == 0
		var m, want MexSet
		m.Reset()
		want.Reset()
		wantN := n
		for i := range n {
			y := b[i]
			if back {
				y = b[n-1-i]
			}
			if a[i] < 0 || y < 0 {
				wantN = i
				break
			}
			want.Add(int64(a[i] ^ y))
		}
		if got := m.AddXorPairs(a, b, back); got != wantN {
			t.Fatalf("trial %d: added %d pairs, want %d", trial, got, wantN)
		}
		has := func(m *MexSet, v int) bool { return v < len(m.stamps) && m.stamps[v] == m.gen }
		for v := range 8192 {
			if has(&m, v) != has(&want, v) {
				t.Fatalf("trial %d: %d in the set %v, want %v", trial, v, has(&m, v), has(&want, v))
			}
		}
	}
}
