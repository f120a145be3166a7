package solver

import (
	"context"
	"fmt"
	"testing"
)

// panicRules are misRules whose Expand panics once, at the nth expansion of
// one position: a fast path or a move with a bug in it.
type panicRules struct {
	at  Pos
	nth int
}

func (r *panicRules) Expand(p Pos, o *Options) error {
	if p == r.at {
		if r.nth--; r.nth == 0 {
			panic("injected")
		}
	}
	return misRules{}.Expand(p, o)
}
func (r *panicRules) Shortcut(Pos) (int64, bool) { return 0, false }
func (r *panicRules) Describe(p Pos) string      { return misRules{}.Describe(p) }

// mustPanic runs f and reports whether it panicked.
func mustPanic(f func()) (panicked bool) {
	defer func() { panicked = recover() != nil }()
	f()
	return false
}

// A panic that crosses a walk (Solver.value, the loopy labelling, the misère
// search and genus walk) leaves none of its marks: asking again answers, where
// it reported a position "still being solved".
func TestPanicLeavesNoMarks(t *testing.T) {
	ctx := context.Background()
	ref := New(misRules{}, nil)
	refM := NewMisere(New(misRules{}, nil))
	{
		for _, c := range []struct {
			name  string
			at    Pos
			nth   int
			query func(*Solver, *Misere) (any, error)
		}{
			{"a walk", mp(gKayles, 5), 1, func(s *Solver, _ *Misere) (any, error) { return s.Grundy(ctx, mp(gKayles, 12)) }},
			{"a loop", mp(gLoop, 2), 1, func(s *Solver, _ *Misere) (any, error) { return s.Grundy(ctx, mp(gLoop, 0)) }},
			// The walk meets the loop and unwinds; the panic comes as the loop is explored.
			{"the loop's labelling", mp(gLoop, 2), 2, func(s *Solver, _ *Misere) (any, error) { return s.Grundy(ctx, mp(gLoop, 0)) }},
			{"a misère search", mp(gKayles, 3), 1, func(_ *Solver, m *Misere) (any, error) {
				return m.Outcome(ctx, []Pos{mp(gKayles, 9), mp(gKayles, 7), mp(gKayles, 4)})
			}},
			{"a genus walk", mp(gKayles, 4), 1, func(_ *Solver, m *Misere) (any, error) { return m.Genus(ctx, mp(gKayles, 11)) }},
		} {
			want, err := c.query(ref, refM)
			if err != nil {
				t.Fatal(err)
			}
			r := &panicRules{at: c.at, nth: c.nth}
			s := New(r, nil) // no prober: each position is expanded as it is pushed
			m := NewMisere(s)
			if !mustPanic(func() { c.query(s, m) }) {
				t.Fatalf("%s: the injected panic did not happen", c.name)
			}
			if got, err := c.query(s, m); err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s: asked again after a panic: %v, %v; want %v", c.name, got, err, want)
			}
		}
	}
}
