package cgt

// maxUpPower bounds the powers of ↑ built (↑<n>, ↑[n]) and recognized in expansions.
const maxUpPower = 64

// UpPower is ↑ to the n-th power (1 <= n <= 64), ↑<n> in CGSuite's plain text (a
// superscript n in its graphical output): ↑<n> = {0 | * - ↑[n-1]}, so ↑<1> = ↑ and
// ↑<2> = {0 | ↓*}.
func (s *Space) UpPower(n int) Game {
	if n < 1 || n > maxUpPower {
		rangePanic("power of up")
	}
	for len(s.upPow) < n {
		k := len(s.upPow) // building ↑<k+1>
		s.upPow = append(s.upPow, s.Make([]*Form{s.Zero()}, []*Form{s.Sub(s.Nimber(1), s.UpSum(k))}))
	}
	return s.upPow[n-1]
}

// UpSum is ↑[n] = ↑ + ↑<2> + ... + ↑<n> (0 for n = 0), in CGSuite's notation; it is
// also {↑[n-1] | *}, which is how it is built.
func (s *Space) UpSum(n int) Game {
	if n < 0 || n > maxUpPower {
		rangePanic("power of up")
	}
	if len(s.upSum) == 0 {
		s.upSum = append(s.upSum, s.Zero())
	}
	for len(s.upSum) <= n {
		s.upSum = append(s.upSum, s.Make([]*Form{s.upSum[len(s.upSum)-1]}, []*Form{s.Nimber(1)}))
	}
	return s.upSum[n]
}

// expansion is an uptimal expansion x + *nim + c[0]·↑ + c[1]·↑<2> + ... (CGSuite's
// UptimalExpansion); c has no trailing zeros.
type expansion struct {
	x   Dyadic
	nim int64
	c   []int64
}

// cmp is CGSuite's order of expansions: number part, coefficients, length, nimber.
func (e *expansion) cmp(f *expansion) int {
	if c := e.x.Cmp(f.x); c != 0 {
		return c
	}
	for i := 0; i < len(e.c) && i < len(f.c); i++ {
		if c := cmp64(e.c[i], f.c[i]); c != 0 {
			return c
		}
	}
	if c := len(e.c) - len(f.c); c != 0 {
		return c
	}
	return cmp64(e.nim, f.nim)
}

func (e *expansion) isUnit() bool {
	for i, a := range e.c {
		if a != 0 && (i != len(e.c)-1 || a > 1 || a < -1) {
			return false
		}
	}
	return true
}

func (e *expansion) isUnitSum() bool {
	for _, a := range e.c {
		if a != e.c[0] || a > 1 || a < -1 {
			return false
		}
	}
	return true
}

// uptimal returns g's uptimal expansion, or nil when g has none. For a general form the
// candidate comes from its options as in CGSuite (the Right option's expansion
// incremented) and is confirmed by building x + *nim + Σ c_i·↑<i> and comparing: the
// canonical form is unique, so a match is a proof.
func (s *Space) uptimal(g *Form) *expansion {
	if g.nus {
		e := &expansion{x: g.x, nim: g.nim}
		if g.up != 0 {
			e.c = []int64{g.up}
		}
		return e
	}
	if e, ok := s.upt[g]; ok {
		return e
	}
	s.upt[g] = nil // while computing (options are simpler, so never reached again)
	e := s.uptimalOf(g, false)
	if e == nil {
		e = s.uptimalOf(s.Neg(g), true)
	}
	s.upt[g] = e
	return e
}

// uptimalOf tries g as an expansion whose last coefficient is positive (or, with neg,
// -g's, returning the negated expansion of g).
func (s *Space) uptimalOf(g *Form, neg bool) *expansion {
	if len(g.rght) != 1 {
		return nil
	}
	r := s.uptimal(g.rght[0])
	if r == nil {
		return nil
	}
	maxLen := 0
	for _, gl := range g.left {
		e := s.uptimal(gl)
		if e == nil || e.x != r.x {
			return nil
		}
		maxLen = max(maxLen, len(e.c))
	}
	try := func(toLen int) *expansion {
		c := make([]int64, max(toLen, len(r.c)))
		for i := range c {
			if i < len(r.c) {
				c[i] = r.c[i]
			}
			if i < toLen {
				c[i]++
			}
		}
		for len(c) > 0 && c[len(c)-1] == 0 {
			c = c[:len(c)-1]
		}
		e := &expansion{x: r.x, nim: r.nim ^ 1, c: c}
		if len(c) < 2 || len(c) > maxUpPower || s.buildExpansion(e) != g {
			return nil
		}
		if neg {
			n := &expansion{x: e.x.Neg(), nim: e.nim, c: make([]int64, len(c))}
			for i, a := range c {
				n.c[i] = -a
			}
			return n
		}
		return e
	}
	if len(r.c) > 0 && r.c[len(r.c)-1] > 0 {
		if e := try(len(r.c)); e != nil {
			return e
		}
	}
	return try(max(len(r.c), maxLen) + 1)
}

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

// Tiny is Tiny(g) = {0 || 0 | -g}, written ⧾g in Winning Ways; for a positive number g
// it is a positive infinitesimal.
func (s *Space) Tiny(g Game) Game {
	z := s.Zero()
	return s.Make([]*Form{z}, []*Form{s.Make([]*Form{z}, []*Form{s.Neg(g)})})
}

// Miny is Miny(g) = {g | 0 || 0} = -Tiny(g).
func (s *Space) Miny(g Game) Game {
	z := s.Zero()
	return s.Make([]*Form{s.Make([]*Form{g}, []*Form{z})}, []*Form{z})
}

// PlusMinus is ±{g1, g2, ...} = {g1, g2, ... | -g1, -g2, ...}.
func (s *Space) PlusMinus(gs ...Game) Game {
	neg := make([]*Form, len(gs))
	for i, g := range gs {
		neg[i] = s.Neg(g)
	}
	return s.Make(gs, neg)
}
