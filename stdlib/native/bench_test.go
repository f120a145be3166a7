package native

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// Benchmarks of nim sequences: the fast engine (with and without the
// periodicity proof) against the plain loop, which runs only at 10^5
// (it is quadratic). Run with
//
//	go test ./stdlib/native -run '^$' -bench Sequence -benchtime 1x
var benchGames = []struct{ name, code string }{
	{"Kayles", "0.77"},
	{"DawsonsKayles", "0.07"},
	{"DawsonsChess", "0.137"},
	{"GrundysGame", "4.0 unequal"},
}

func BenchmarkSequence(b *testing.B) {
	for _, game := range benchGames {
		c := MustParseCode(game.code)
		for _, n := range []int{100_000, 1_000_000} {
			b.Run(fmt.Sprintf("%s/n=%d/fast", game.name, n), func(b *testing.B) {
				for b.Loop() {
					if _, err := Sequence(context.Background(), c, n); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run(fmt.Sprintf("%s/n=%d/fast-no-proof", game.name, n), func(b *testing.B) {
				for b.Loop() {
					r := newRun(c, engineOptions{sparseFrom: defaultOptions.sparseFrom})
					if err := r.Extend(context.Background(), n); err != nil {
						b.Fatal(err)
					}
				}
			})
			if n <= 100_000 {
				b.Run(fmt.Sprintf("%s/n=%d/plain", game.name, n), func(b *testing.B) {
					for b.Loop() {
						PlainSequence(c, n)
					}
				})
			}
		}
	}
}

func BenchmarkHackenbushPath(b *testing.B) {
	path := make([][2]int, 100_000)
	for i := range path {
		path[i] = [2]int{i, i + 1}
	}
	for b.Loop() {
		HackenbushSG(path)
	}
}

func BenchmarkNimMul(b *testing.B) {
	x := uint64(0x0123456789abcdef)
	for b.Loop() {
		x = NimMul(x, 0xfedcba9876543210) ^ 1
	}
}

// BenchmarkGrundysGameReach runs Grundy's game by the rare-value method for ten
// seconds and reports how many heaps it solved (heaps/10s), with the rare heaps and
// the largest value found. The plain/fast ratios are BenchmarkSequence's figures
// side by side.
//
//	go test ./stdlib/native -run '^$' -bench GrundysGameReach -benchtime 1x
func BenchmarkGrundysGameReach(b *testing.B) {
	for b.Loop() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		r := NewRun(GrundysGame())
		err := r.Extend(ctx, 1<<40)
		cancel()
		if err == nil {
			b.Fatal("Grundy's game cannot be finished")
		}
		_, rare := r.Rare()
		maxV, _ := r.Max()
		b.ReportMetric(float64(r.Len()), "heaps/10s")
		b.ReportMetric(float64(len(rare)), "rare-heaps")
		b.ReportMetric(float64(maxV), "max-value")
	}
}
