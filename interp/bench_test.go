package interp_test

import (
	"context"
	"fmt"
	"io"
	"testing"

	"github.com/grundy-lang/grundy/interp"
)

// The language against a hand-written Go mex loop, on the same games and sizes.
// Run: go test -run XXX -bench . ./interp
// The ratio of the two ns/op figures is the interpreter's overhead.

const benchHeaps = 2000

const kaylesSrc = `
game Kayles(n) {
  move k in 1..2, i in 0..n-k -> Kayles(i) + Kayles(n - k - i)
}
let values = [sg(Kayles(n)) for n in 0..%d]
`

const grundySrc = `
game GrundySplit(n) {
  move a in 1..(n-1)/2 -> GrundySplit(a) + GrundySplit(n - a)
}
let values = [sg(GrundySplit(n)) for n in 0..%d]
`

func benchLanguage(b *testing.B, src string) {
	src = fmt.Sprintf(src, benchHeaps)
	var positions, bytes int
	for b.Loop() {
		in := interp.New()
		in.Out = io.Discard
		if err := in.Run(context.Background(), "bench.game", src); err != nil {
			b.Fatal(err)
		}
		st := in.Solver.Stats()
		positions, bytes = st.Positions, in.MemoryBytes()
	}
	b.ReportMetric(float64(positions)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
	b.ReportMetric(float64(bytes)/float64(positions), "bytes/position")
}

// plainSequence is the hand-written baseline: g(n) = mex of g(a) ^ g(b) over the
// splits produced by splits(n, visit).
func plainSequence(n int, splits func(h int, visit func(a, b int))) []int {
	g := make([]int, n+1)
	seen := make([]bool, n+2)
	for h := 0; h <= n; h++ {
		clear(seen)
		splits(h, func(a, b int) {
			if x := g[a] ^ g[b]; x < len(seen) {
				seen[x] = true
			}
		})
		m := 0
		for seen[m] {
			m++
		}
		g[h] = m
	}
	return g
}

func kaylesSplits(h int, visit func(a, b int)) {
	for k := 1; k <= 2; k++ {
		for i := 0; i <= h-k; i++ {
			visit(i, h-k-i)
		}
	}
}

func grundySplits(h int, visit func(a, b int)) {
	for a := 1; a <= (h-1)/2; a++ {
		visit(a, h-a)
	}
}

func BenchmarkKaylesLanguage(b *testing.B) { benchLanguage(b, kaylesSrc) }
func BenchmarkKaylesGo(b *testing.B) {
	for b.Loop() {
		plainSequence(benchHeaps, kaylesSplits)
	}
}
func BenchmarkGrundyLanguage(b *testing.B) { benchLanguage(b, grundySrc) }
func BenchmarkGrundyGo(b *testing.B) {
	for b.Loop() {
		plainSequence(benchHeaps, grundySplits)
	}
}

// TestBaselineAgrees makes sure the benchmark compares like with like.
func TestBaselineAgrees(t *testing.T) {
	for name, c := range map[string]struct {
		src    string
		splits func(int, func(int, int))
	}{"Kayles": {kaylesSrc, kaylesSplits}, "Grundy": {grundySrc, grundySplits}} {
		in := interp.New()
		if err := in.Run(context.Background(), "t.game", fmt.Sprintf(c.src, 300)); err != nil {
			t.Fatal(err)
		}
		g, _ := in.Lookup("values")
		want := plainSequence(300, c.splits)
		got := g.V.Seq()
		for i := range want {
			if got[i].N != int64(want[i]) {
				t.Fatalf("%s(%d) = %d by the language, %d by the Go loop", name, i, got[i].N, want[i])
			}
		}
	}
}
