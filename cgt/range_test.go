package cgt

import (
	"cmp"
	"errors"
	"math"
	"testing"
)

func mustRangePanic(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		var re *RangeError
		if err, ok := r.(error); !ok || !errors.As(err, &re) {
			t.Errorf("%s: recovered %v, want a *RangeError", what, r)
		}
	}()
	f()
}

func TestRangeErrors(t *testing.T) {
	s := NewSpace()
	mustRangePanic(t, "integer overflow", func() { s.Add(s.Integer(math.MaxInt64), s.Integer(1)) })
	mustRangePanic(t, "negating MinInt64", func() { s.Neg(s.Integer(math.MinInt64)) })
	mustRangePanic(t, "denominator", func() { s.Dyadic(NewDyadic(1, MaxExp+1)) })
	mustRangePanic(t, "successor of MaxInt64", func() { s.Make([]*Form{s.Integer(math.MaxInt64)}, nil) })
	mustRangePanic(t, "ups", func() { s.Add(s.Up(math.MaxInt64), s.Up(1)) })
	mustRangePanic(t, "negative nimber", func() { s.Nimber(-1) })
	mustRangePanic(t, "sum of fractions", func() {
		s.Add(s.Dyadic(NewDyadic(math.MaxInt64, 3)), s.Dyadic(NewDyadic(math.MaxInt64, 2)))
	})
	// Limits that hold: the largest values work.
	if g := s.Add(s.Integer(math.MaxInt64-1), s.Integer(1)); g != s.Integer(math.MaxInt64) {
		t.Errorf("MaxInt64 - 1 + 1 = %s", g)
	}
	if g := s.Add(s.Dyadic(NewDyadic(1, MaxExp)), s.Dyadic(NewDyadic(1, MaxExp))); g.String() != "1/"+"2305843009213693952" {
		t.Errorf("2^-62 + 2^-62 = %s", g)
	}
	if !s.LessEq(s.Integer(math.MinInt64), s.Integer(math.MaxInt64)) {
		t.Error("MinInt64 <= MaxInt64 failed")
	}
	// Parse reports range errors as errors.
	_, err := s.Parse("9223372036854775807 + 1")
	var re *RangeError
	if !errors.As(err, &re) {
		t.Errorf("Parse of an overflowing sum: %v, want a *RangeError", err)
	}
}

func TestDyadic(t *testing.T) {
	for _, c := range []struct {
		d    Dyadic
		want string
	}{
		{Int(0), "0"}, {Int(-2), "-2"}, {NewDyadic(6, 3), "3/4"}, {NewDyadic(-4, 3), "-1/2"},
		{NewDyadic(3, 0), "3"}, {NewDyadic(-1, 6), "-1/64"},
	} {
		if c.d.String() != c.want {
			t.Errorf("%#v prints %s, want %s", c.d, c.d, c.want)
		}
	}
	vals := []Dyadic{Int(-3), NewDyadic(-5, 1), NewDyadic(-1, 3), Int(0), NewDyadic(1, 5), NewDyadic(7, 3), Int(1), NewDyadic(9, 3), Int(math.MaxInt64)}
	for i, a := range vals {
		for j, b := range vals {
			if got := a.Cmp(b); got != cmp.Compare(i, j) {
				t.Errorf("Cmp(%s, %s) = %d", a, b, got)
			}
		}
	}
	if NewDyadic(-5, 1).Floor() != -3 || NewDyadic(-5, 1).Ceil() != -2 || NewDyadic(5, 1).Floor() != 2 {
		t.Error("Floor/Ceil")
	}
}

func TestExpandLimit(t *testing.T) {
	s := NewSpace()
	pm := s.PlusMinus(s.Integer(1))
	big := s.Up(MaxExpand + 1)
	mustRangePanic(t, "adding a huge up multiple to a switch", func() { s.Add(pm, big) })
	mustRangePanic(t, "comparing a huge nimber with ↑<2>", func() { s.LessEq(s.UpPower(2), s.Nimber(MaxExpand+1)) })
	// Among nus, no options are needed.
	if s.Add(big, s.Up(-1)) != s.Up(MaxExpand) || !s.LessEq(s.Zero(), big) {
		t.Error("compact arithmetic of large nus")
	}
	if g := s.Add(pm, s.Up(1000)); s.Compare(g, s.Zero()) != Fuzzy {
		t.Errorf("±1 + ↑1000 = %s is not fuzzy with 0", g)
	}
}
