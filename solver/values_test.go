package solver

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
)

// TestValueTableAgainstMap drives the chunked int32 table and a plain map with
// the same random writes, values of every size included (those past 32 bits go
// to the side map), across chunk boundaries.
func TestValueTableAgainstMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var table valueTable
	want := map[Pos]int64{}
	size := Pos(0)
	values := []int64{unknown, onStack, infBase, infBase - 70000, 0, 1, math.MaxInt32,
		math.MaxInt32 + 1, 1 << 40, math.MaxInt64, math.MinInt32, math.MinInt32 - 5}
	for range 50_000 {
		if rng.IntN(1000) == 0 {
			size += Pos(rng.IntN(3 << valueChunkBits))
			table.grow(size)
		}
		p := Pos(rng.IntN(int(size) + 1))
		if int(p) >= table.len() {
			table.grow(p)
		}
		v := values[rng.IntN(len(values))]
		if rng.IntN(2) == 0 {
			v = rng.Int64N(1 << 33)
		}
		table.set(p, v)
		want[p] = v
	}
	for p := Pos(0); int(p) < table.len()+5; p++ {
		v, ok := want[p]
		if !ok {
			v = unknown
		}
		if got := table.get(p); got != v {
			t.Fatalf("get(%d) = %d, want %d", p, got, v)
		}
	}
	bigs := 0
	for _, v := range want {
		if v > math.MaxInt32 || v <= math.MinInt32 {
			bigs++
		}
	}
	if len(table.big) != bigs {
		t.Errorf("side map holds %d entries, want %d: overwritten big values must leave it", len(table.big), bigs)
	}
}

// TestBigValuesThroughTheSolver solves a game whose positions and options have
// nimbers past 32 bits, given by shortcut and in options' nim parts, and checks
// every value against a plain loop.
func TestBigValuesThroughTheSolver(t *testing.T) {
	const big = int64(1) << 40
	const n = 3<<valueChunkBits + 5 // past a few chunks
	// H(0) is *2^40 by shortcut. H(k) for k > 0 moves to H(k-1), H(k-2), to
	// H(0) + *2^40 (value 0) and, when k%7 == 0, to *(2^40 + k).
	option := func(k int, add func(nim int64, parts ...Pos)) {
		add(0, Pos(k-1))
		if k >= 2 {
			add(0, Pos(k-2))
		}
		add(big, 0)
		if k%7 == 0 {
			add(big + int64(k))
		}
	}
	rules := heapRules{
		moves:    func(k int, o *Options) { option(k, o.Add) },
		shortcut: func(k int) (int64, bool) { return big, k == 0 },
	}
	plain := make([]int64, n+1)
	plain[0] = big
	for k := 1; k <= n; k++ {
		var opts []int64
		option(k, func(nim int64, parts ...Pos) {
			for _, p := range parts {
				nim ^= plain[p]
			}
			opts = append(opts, nim)
		})
		plain[k] = Mex(opts)
	}
	s := New(rules, nil)
	if v, err := s.Value(context.Background(), n); err != nil || v != plain[n] {
		t.Fatalf("Value(%d) = %d, %v; want %d", n, v, err, plain[n])
	}
	for k := range plain {
		if v, ok := s.Known(Pos(k)); !ok || v != plain[k] {
			t.Fatalf("Known(%d) = %d, %v; want %d", k, v, ok, plain[k])
		}
	}
}
