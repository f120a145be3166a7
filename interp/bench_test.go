package interp_test

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
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

func benchLanguage(b *testing.B, src string) { benchProgram(b, fmt.Sprintf(src, benchHeaps)) }

// benchProgram runs src in a fresh session per iteration and reports positions
// solved per second and bytes per position.
func benchProgram(b *testing.B, src string) {
	var positions, bytes int
	for b.Loop() {
		in := interp.New()
		in.Out = io.Discard
		if err := in.Run(context.Background(), "bench.game", src); err != nil {
			b.Fatal(err)
		}
		st := in.SolverStats()
		positions, bytes = st.Positions, in.MemoryBytes()
	}
	if positions > 0 { // the misère search keeps its own tables: no figures then
		b.ReportMetric(float64(positions)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
		b.ReportMetric(float64(bytes)/float64(positions), "bytes/position")
	}
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

// TestBaselineAgrees makes sure the benchmark compares like with like, and checks
// the probing fast paths against the Go loop: values asked in order (every option's
// parts known, the one-pass loop of two-heap splits) past a few blocks of options,
// and asked from the top (parts missing, solved on the way).
func TestBaselineAgrees(t *testing.T) {
	const n = 1200
	for name, c := range map[string]struct {
		src    string
		splits func(int, func(int, int))
	}{"Kayles": {kaylesSrc, kaylesSplits}, "Grundy": {grundySrc, grundySplits}} {
		want := plainSequence(n, c.splits)
		for _, order := range []string{"up", "down"} {
			src := fmt.Sprintf(c.src, n)
			if order == "down" {
				src = strings.Replace(src, "let values", fmt.Sprintf("let top = sg(%s(%d))\nlet values", map[string]string{"Kayles": "Kayles", "Grundy": "GrundySplit"}[name], n), 1)
			}
			in := interp.New()
			if err := in.Run(context.Background(), "t.game", src); err != nil {
				t.Fatal(err)
			}
			g, _ := in.Lookup("values")
			got := g.V.Seq()
			for i := range want {
				if got[i].N != int64(want[i]) {
					t.Fatalf("%s(%d), asked %s = %d by the language, %d by the Go loop", name, i, order, got[i].N, want[i])
				}
			}
		}
	}
}

// A loopy game of 200,003 positions against an acyclic game of the same size and
// shape (two moves, the same where), every position queried:
// go test -run XXX -bench 'Loopy|SameSize' ./interp
const loopySrc = `
game H(v) {
  move w in [(3 * v + 1) % 200003, (5 * v + 2) % 200003] where v % 7 != 0 -> H(w)
}
let values = [sg(H(v)) for v in 0..200002]
print len([x for x in values where str(x)[0] == "∞"])
`

const acyclicSameSizeSrc = `
game A(v) {
  move w in [v / 3, v / 5] where v % 7 != 0 -> A(w)
}
let values = [sg(A(v)) for v in 0..200002]
print len([x for x in values where str(x)[0] == "∞"])
`

func BenchmarkLoopyH(b *testing.B)          { benchProgram(b, loopySrc) }
func BenchmarkAcyclicSameSize(b *testing.B) { benchProgram(b, acyclicSameSizeSrc) }

// The triangle game of DESIGN.md (POJ 1085) from the empty board: 2^18 edge sets.
const trianglesSrc = `
let tri = [7, 152, 52, 352, 34304, 3200, 71680, 12544, 155648]
fn gain(S, e) = len([t for t in tri where (S & t) != t and ((S | (1 << e)) & t) == t])
game Triangles(S) {
  move draw e in 0..17 where (S >> e) & 1 == 0 and gain(S, e) > 0 score gain(S, e) again -> Triangles(S | (1 << e))
  move draw e in 0..17 where (S >> e) & 1 == 0 and gain(S, e) == 0 -> Triangles(S | (1 << e))
}
`

// BenchmarkTriangles is search(Triangles(0)) in a fresh session: alpha-beta with
// the table, every state's moves listed by the language. (Without the table it
// visits about 160 million nodes, see BenchmarkTrianglesGo in package search;
// plain minimax cannot finish.)
func BenchmarkTriangles(b *testing.B) {
	benchSearch(b, trianglesSrc, "search(Triangles(0))")
}

// BenchmarkTicTacToe compares the three methods on the whole game of
// tic-tac-toe, small enough for plain minimax.
func BenchmarkTicTacToe(b *testing.B) {
	for _, method := range []string{"table", "alphabeta", "minimax"} {
		b.Run(method, func(b *testing.B) {
			benchSearch(b, ticTacToeSrc, fmt.Sprintf("search(TicTacToe([0, 0, 0, 0, 0, 0, 0, 0, 0], 1), %q)", method))
		})
	}
}

// benchSearch runs src and then the search query in a fresh session each time,
// and reports the search's counts and its nodes per second.
func benchSearch(b *testing.B, src, query string) {
	var rec interp.Value
	for b.Loop() {
		in := interp.New()
		in.Out = io.Discard
		if err := in.Run(context.Background(), "bench.game", src); err != nil {
			b.Fatal(err)
		}
		v, err := in.Eval(context.Background(), "bench", query)
		if err != nil {
			b.Fatal(err)
		}
		rec = v
	}
	field := func(name string) float64 {
		v, _ := rec.R.(*interp.Record).Field(name)
		return float64(v.N)
	}
	for _, f := range []string{"nodes", "cutoffs", "hits", "positions"} {
		b.ReportMetric(field(f), f)
	}
	b.ReportMetric(field("nodes")*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// Partizan games: Domineering written in the language, its board a set of cells.
// Run: go test -run XXX -bench Domineering ./interp (4x6 is the size:
// go test -run XXX -bench Domineering ./interp -domineering 4x6).
const domineeringSrc = `
game Domineering(B) {
  left  place (r, c) in B where (r + 1, c) in B -> Domineering(B - {(r, c), (r + 1, c)})
  right place (r, c) in B where (r, c + 1) in B -> Domineering(B - {(r, c), (r, c + 1)})
}
let v = value(Domineering({(r, c) for r in 0..%d, c in 0..%d}))
`

var domineeringSize = flag.String("domineering", "4x4", "the board of BenchmarkDomineering, HxW")

func BenchmarkDomineering(b *testing.B) {
	var h, w int
	if _, err := fmt.Sscanf(*domineeringSize, "%dx%d", &h, &w); err != nil {
		b.Fatal(err)
	}
	benchPartizan(b, fmt.Sprintf(domineeringSrc, h-1, w-1))
}

// A sum of ten hot components, the switches {n | -n} for n = 1..10: its
// canonical form has about 2^10 distinct partial sums, each made from its parts'
// forms. (Ten different hotter games such as {2n || n | 0} have a canonical
// form that doubles with each part: over 600 KB of text for seven of them.)
func BenchmarkHotSum(b *testing.B) {
	benchPartizan(b, `let hot = [cg("{" + str(n) + "|-" + str(n) + "}") for n in 1..10]
let g = sum(hot)
let t = (outcome(g), temperature(g), mean(g))
`)
}

// benchPartizan runs src in a fresh session per iteration and reports positions
// valued per second and bytes per position.
func benchPartizan(b *testing.B, src string) {
	var positions, forms, bytes int
	for b.Loop() {
		in := interp.New()
		in.Out = io.Discard
		if err := in.Run(context.Background(), "bench.game", src); err != nil {
			b.Fatal(err)
		}
		positions, forms = in.FormStats()
		bytes = in.MemoryBytes()
	}
	b.ReportMetric(float64(positions), "positions")
	b.ReportMetric(float64(forms), "forms")
	if positions > 0 {
		b.ReportMetric(float64(positions)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
		b.ReportMetric(float64(bytes)/float64(positions), "bytes/position")
	}
}
