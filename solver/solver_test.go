package solver

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/budget"
)

// heapRules is a toy game on heaps 0..n-1 (Pos = heap size): options are given by moves.
type heapRules struct {
	moves    func(n int, o *Options)
	shortcut func(n int) (int64, bool)
}

func (r heapRules) Expand(p Pos, o *Options) error { r.moves(int(p), o); return nil }
func (r heapRules) Shortcut(p Pos) (int64, bool) {
	if r.shortcut == nil {
		return 0, false
	}
	return r.shortcut(int(p))
}
func (r heapRules) Describe(p Pos) string { return fmt.Sprintf("H(%d)", p) }

func kayles() heapRules {
	return heapRules{moves: func(n int, o *Options) {
		for k := 1; k <= 2; k++ {
			for i := 0; i <= n-k; i++ {
				o.Add(0, Pos(i), Pos(n-k-i))
			}
		}
	}}
}

func TestKaylesMatchesPlainLoop(t *testing.T) {
	const n = 300
	plain := make([]int64, n+1)
	for h := 0; h <= n; h++ {
		var opts []int64
		for k := 1; k <= 2; k++ {
			for i := 0; i <= h-k; i++ {
				opts = append(opts, plain[i]^plain[h-k-i])
			}
		}
		plain[h] = Mex(opts)
	}
	s := New(kayles(), nil)
	// Ask for the largest first, so the lazy walk goes deep.
	if v, err := s.Value(context.Background(), n); err != nil || v != plain[n] {
		t.Fatalf("Value(%d) = %d, %v; want %d", n, v, err, plain[n])
	}
	for h := 0; h <= n; h++ {
		if v, ok := s.Known(Pos(h)); !ok || v != plain[h] {
			t.Fatalf("Known(%d) = %d, %v; want %d", h, v, ok, plain[h])
		}
	}
	if got := s.Stats().Positions; got != n+1 {
		t.Errorf("Stats().Positions = %d, want %d", got, n+1)
	}
}

// With a tiny arena budget every frame releases its options before descending and
// expands again on resuming: the values must not change.
func TestReleasedFramesGiveTheSameValues(t *testing.T) {
	expansions := 0
	k := kayles()
	counting := heapRules{moves: func(n int, o *Options) { expansions++; k.moves(n, o) }}
	s := New(counting, nil)
	s.arenaBudget = 16
	v, err := s.Value(context.Background(), 300)
	if err != nil {
		t.Fatal(err)
	}
	want := New(kayles(), nil)
	w, _ := want.Value(context.Background(), 300)
	if v != w {
		t.Fatalf("Kayles(300) = %d with released frames, %d without", v, w)
	}
	for n := 0; n <= 300; n++ {
		a, _ := s.Known(Pos(n))
		b, _ := want.Known(Pos(n))
		if a != b {
			t.Fatalf("Kayles(%d): %d vs %d", n, a, b)
		}
	}
	// Each position is expanded once, plus once more per time it resumed.
	if expansions < 301 || expansions > 3*301 {
		t.Errorf("%d expansions for 301 positions", expansions)
	}
}

func TestDeepChainDoesNotRecurse(t *testing.T) {
	s := New(heapRules{moves: func(n int, o *Options) {
		if n > 0 {
			o.Add(0, Pos(n-1))
		}
	}}, nil)
	var reports []int
	s.Config.OnProgress = func(n int) { reports = append(reports, n) }
	defer func() {
		// Reports come while descending (expansions) and while solving (stores).
		if len(reports) != 2*(1_000_001/(1<<14)) || reports[0] != 1<<14 {
			t.Errorf("progress reports: %d, first %v", len(reports), reports[:1])
		}
	}()
	v, err := s.Value(context.Background(), 1_000_000)
	if err != nil || v != 0 {
		t.Fatalf("chain of 10^6: %d, %v", v, err)
	}
	if v, _ := s.Value(context.Background(), 999_999); v != 1 {
		t.Fatalf("chain of 999999 = %d, want 1", v)
	}
}

func TestNimbersInOptionsAndShortcut(t *testing.T) {
	// Position n has one option: the nimber *n alone, so its value is mex{n} = 0 unless n = 0.
	s := New(heapRules{
		moves:    func(n int, o *Options) { o.Add(int64(n)) },
		shortcut: func(n int) (int64, bool) { return 7, n == 5 },
	}, nil)
	for n, want := range map[int]int64{0: 1, 1: 0, 5: 7} {
		if v, err := s.Value(context.Background(), Pos(n)); err != nil || v != want {
			t.Errorf("Value(%d) = %d, %v; want %d", n, v, err, want)
		}
	}
}

// A ring of moves is a loop: every position is a draw, ∞{}, asked first or later.
func TestRingIsADraw(t *testing.T) {
	s := New(heapRules{moves: func(n int, o *Options) {
		o.Add(0, Pos((n+1)%3))
	}}, nil)
	for _, p := range []Pos{0, 1, 2} {
		if g, err := s.Grundy(context.Background(), p); err != nil || g.String() != "∞{}" || g.Outcome() != 'D' {
			t.Errorf("H(%d) = %v, %v; want ∞{}, a draw", p, g, err)
		}
	}
}

func TestPositionLimitAndCancel(t *testing.T) {
	s := New(kayles(), nil)
	s.Config.MaxPositions = 50
	_, err := s.Value(context.Background(), 200)
	var le *budget.LimitError
	if !errors.As(err, &le) || !strings.HasSuffix(err.Error(), "raise Config.MaxPositions") {
		t.Fatalf("want a LimitError with the default hint, got %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s = New(kayles(), nil)
	if _, err := s.Value(ctx, 3000); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled context: %v", err)
	}
	// After the cancelled walk the solver answers normally.
	if v, err := s.Value(context.Background(), 10); err != nil || v != 2 {
		t.Fatalf("after cancel: %d, %v", v, err)
	}
}

func TestMex(t *testing.T) {
	for _, c := range []struct {
		in   []int64
		want int64
	}{{nil, 0}, {[]int64{0, 1, 3}, 2}, {[]int64{5, 0, 1, 2, 3, 4}, 6}, {[]int64{1, 1, 100}, 0}} {
		if got := Mex(c.in); got != c.want {
			t.Errorf("Mex(%v) = %d, want %d", c.in, got, c.want)
		}
	}
	big := make([]int64, 200)
	for i := range big {
		big[i] = int64(i)
	}
	if got := Mex(big); got != 200 {
		t.Errorf("Mex(0..199) = %d", got)
	}
}
