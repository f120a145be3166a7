package cgt

import "testing"

// buildExpansion is x + *nim + Σ c_i·↑<i>.
func (s *Space) buildExpansion(e *expansion) *Form {
	g := s.Nus(e.x, 0, e.nim)
	for i, a := range e.c {
		p := s.UpPower(i + 1)
		if a < 0 {
			p, a = s.Neg(p), -a
		}
		for ; a > 0; a-- {
			g = s.Add(g, p)
		}
	}
	return g
}

// uptimalByConstruction is the oracle: the same candidates as uptimal, each confirmed by
// building it and comparing pointers (canonical forms are unique).
func uptimalByConstruction(s *Space, g *Form) *expansion {
	if g.nus {
		return s.uptimal(g)
	}
	try := func(g *Form) *expansion {
		r, _, maxLen := s.uptimalOptions(g)
		if r == nil {
			return nil
		}
		if n := len(r.c); n > 0 && r.c[n-1] > 0 {
			if e := r.increment(n); len(e.c) >= 2 && s.buildExpansion(e) == g {
				return e
			}
		}
		if e := r.increment(max(len(r.c), maxLen) + 1); len(e.c) >= 2 && s.buildExpansion(e) == g {
			return e
		}
		return nil
	}
	if e := try(g); e != nil {
		return e
	}
	if e := try(s.Neg(g)); e != nil {
		return e.negate()
	}
	return nil
}

// TestUptimalExpansions: the expansions found by CGSuite's characterization are those
// confirmed by construction, on many infinitesimal games (where uptimals live), and each
// builds back to its game.
func TestUptimalExpansions(t *testing.T) {
	s := NewSpace()
	pool := []*Form{s.Zero(), s.Nimber(1), s.Nimber(2), s.Up(1), s.Up(-1), s.Nus(Int(0), 1, 1),
		s.Nus(Int(0), -2, 1), s.UpPower(2), s.Neg(s.UpPower(2)), s.UpSum(3), s.Nimber(3)}
	rng := newRand(31)
	found := 0
	for range 3000 {
		var l, r []*Form
		for range 1 + rng.IntN(3) {
			l = append(l, pool[rng.IntN(len(pool))])
		}
		for range 1 + rng.IntN(2) {
			r = append(r, pool[rng.IntN(len(pool))])
		}
		g := s.Make(l, r)
		e, want := s.uptimal(g), uptimalByConstruction(s, g)
		switch {
		case (e == nil) != (want == nil) || e != nil && !e.equal(want):
			t.Fatalf("%s: expansion %v, by construction %v", g, e, want)
		case e != nil:
			if s.buildExpansion(e) != g {
				t.Fatalf("%s: expansion %v builds %s", g, e, s.buildExpansion(e))
			}
			if !g.nus {
				found++
			}
		}
		if len(pool) < 60 && s.Outcome(g) != N || rng.IntN(4) == 0 {
			pool = append(pool, g)
		}
	}
	if found < 50 {
		t.Errorf("only %d general uptimals among the random games", found)
	}
	t.Logf("%d general uptimals", found)
}
