package native

import (
	"context"
	"fmt"
	"os"
	"strconv"
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
					e := newEngine(c, engineOptions{sparseFrom: defaultOptions.sparseFrom})
					e.reserve(n)
					if err := e.run(context.Background(), n); err != nil {
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

// TestBenchRatios is the ad hoc harness behind the numbers in the report:
// it times fast against plain in one run and prints the ratios, then runs
// Grundy's game for a fixed time and prints how far it got. It runs only
// when GRUNDY_NATIVE_BENCH is set (to the Grundy time limit in seconds,
// default 60):
//
//	GRUNDY_NATIVE_BENCH=60 go test ./stdlib/native -run BenchRatios -v -timeout 30m
func TestBenchRatios(t *testing.T) {
	env := os.Getenv("GRUNDY_NATIVE_BENCH")
	if env == "" {
		t.Skip("set GRUNDY_NATIVE_BENCH to run the benchmark harness")
	}
	limit, err := strconv.Atoi(env)
	if err != nil || limit <= 0 {
		limit = 60
	}
	timeIt := func(f func()) time.Duration {
		start := time.Now()
		f()
		return time.Since(start)
	}
	ctx := context.Background()
	// noProof runs the engine without periodicity proofs for at most 60 s.
	noProof := func(c Code, n int) string {
		ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
		defer cancel()
		e := newEngine(c, engineOptions{sparseFrom: defaultOptions.sparseFrom})
		start := time.Now()
		if err := e.run(ctx, n); err != nil {
			return fmt.Sprintf("stopped at n = %d after %v", len(e.g)-1, time.Since(start).Round(time.Second))
		}
		return time.Since(start).Round(time.Millisecond).String()
	}
	for _, game := range benchGames {
		c := MustParseCode(game.code)
		plain := timeIt(func() { PlainSequence(c, 100_000) })
		fast5 := timeIt(func() { Sequence(ctx, c, 100_000) })
		fast6 := timeIt(func() { Sequence(ctx, c, 1_000_000) })
		t.Logf("%-14s 10^5: plain %v, fast %v (plain/fast = %.0f); 10^6: fast %v",
			game.name, plain.Round(time.Millisecond), fast5.Round(time.Microsecond),
			float64(plain)/float64(fast5), fast6.Round(time.Millisecond))
		t.Logf("%-14s without the proof: 10^5 %s; 10^6 %s", game.name,
			noProof(c, 100_000), noProof(c, 1_000_000))
	}
	ctx, cancel := context.WithTimeout(ctx, time.Duration(limit)*time.Second)
	defer cancel()
	e := newEngine(GrundysGame(), defaultOptions)
	start := time.Now()
	err = e.run(ctx, 1<<40)
	t.Logf("Grundy's game in %v: %d heaps (%v), %d rare heaps, mask %#x, largest value %d",
		time.Since(start).Round(time.Millisecond), len(e.g), err, len(e.rare), e.mask, e.maxV)
}
