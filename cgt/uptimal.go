package cgt

import "cmp"

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
		if c := cmp.Compare(e.c[i], f.c[i]); c != 0 {
			return c
		}
	}
	if c := len(e.c) - len(f.c); c != 0 {
		return c
	}
	return cmp.Compare(e.nim, f.nim)
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
// candidates come from its options and are validated as in CGSuite (its
// uptimalExpansion2 and isValidUptimalExpansion, from the characterization of an
// uptimal's canonical options). It creates no forms but -g, so it is safe to call while
// options are being sorted; the tests confirm it against building x + *k + Σ c_i·↑<i>.
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
	e := s.uptimalOf(g)
	if e == nil {
		if n := s.uptimalOf(s.Neg(g)); n != nil {
			e = n.negate()
		}
	}
	s.upt[g] = e
	return e
}

// uptimalOf tries the expansions of g whose last coefficient is positive.
func (s *Space) uptimalOf(g *Form) *expansion {
	r, lexp, maxLen := s.uptimalOptions(g)
	if r == nil {
		return nil
	}
	if n := len(r.c); n > 0 && r.c[n-1] > 0 {
		if e := r.increment(n); validUptimal(e, lexp, r) {
			return e
		}
	}
	if e := r.increment(max(len(r.c), maxLen) + 1); validUptimal(e, lexp, r) {
		return e
	}
	return nil
}

// uptimalOptions returns the expansions of g's single Right option and of its Left
// options (all with the same number part), or nil.
func (s *Space) uptimalOptions(g *Form) (r *expansion, lexp []*expansion, maxLen int) {
	if len(g.rght) != 1 {
		return nil, nil, 0
	}
	if r = s.uptimal(g.rght[0]); r == nil {
		return nil, nil, 0
	}
	for _, gl := range g.left {
		e := s.uptimal(gl)
		if e == nil || e.x != r.x {
			return nil, nil, 0
		}
		lexp = append(lexp, e)
		maxLen = max(maxLen, len(e.c))
	}
	if len(r.c) >= maxUpPower || maxLen >= maxUpPower {
		return nil, nil, 0
	}
	return r, lexp, maxLen
}

// validUptimal is CGSuite's isValidUptimalExpansion: whether exp (last coefficient
// positive) has exactly these Left options' expansions and this Right option's, given
// Left's options in CGSuite's order.
func validUptimal(exp *expansion, lexp []*expansion, rexp *expansion) bool {
	match := -1
	firstNonNimber := len(lexp)
	for i, e := range lexp {
		if firstNonNimber == len(lexp) && (len(e.c) > 0 || e.nim != int64(i)) {
			firstNonNimber = i
		}
		if e.nim == rexp.nim {
			if match >= 0 {
				return false // only one Left option may have the Right option's nimber
			}
			match = i
		}
	}
	lastConsecutiveNimber := firstNonNimber - 1
	rightmostNegative := exp.rightmostLeq(-1)
	trunc := exp.rightmostLeq(0)
	if exp.coef(len(exp.c)) == 1 {
		trunc = len(exp.c) - 1
	}
	switch {
	case rightmostNegative >= 1:
		if len(lexp) != 2 || match < 0 {
			return false
		}
		t := exp.truncate(rightmostNegative)
		return lexp[match].equal(t.increment(len(t.c))) && lexp[1-match].equal(exp.truncate(trunc))
	case exp.coef(1) == 0:
		return int64(len(lexp)) == exp.nim+1 && int64(lastConsecutiveNimber) >= exp.nim-1 &&
			lexp[len(lexp)-1].equal(exp.truncate(trunc))
	case exp.coef(1) == 1 && exp.isConfused():
		return len(lexp) == 2 && lexp[0].nim == 0 && len(lexp[0].c) == 0 && lexp[1].equal(exp.truncate(trunc))
	}
	return len(lexp) == 1 && lexp[0].equal(exp.sharplyTruncate(trunc))
}

// coef is the n-th coefficient (from 1), 0 beyond the length.
func (e *expansion) coef(n int) int64 {
	if n < 1 || n > len(e.c) {
		return 0
	}
	return e.c[n-1]
}

func (e *expansion) equal(f *expansion) bool {
	if e.x != f.x || e.nim != f.nim || len(e.c) != len(f.c) {
		return false
	}
	for i := range e.c {
		if e.c[i] != f.c[i] {
			return false
		}
	}
	return true
}

func trimmed(c []int64) []int64 {
	for len(c) > 0 && c[len(c)-1] == 0 {
		c = c[:len(c)-1]
	}
	return c
}

// increment adds 1 to the first toLen coefficients (extending with 1s) and * to the
// nimber: the expansion of {... | e} from its Right option's.
func (e *expansion) increment(toLen int) *expansion {
	c := make([]int64, max(toLen, len(e.c)))
	for i := range c {
		if i < len(e.c) {
			c[i] = e.c[i]
		}
		if i < toLen {
			c[i]++
		}
	}
	return &expansion{x: e.x, nim: e.nim ^ 1, c: trimmed(c)}
}

func (e *expansion) truncate(n int) *expansion {
	n = max(0, min(n, len(e.c)))
	return &expansion{x: e.x, nim: e.nim, c: trimmed(append([]int64(nil), e.c[:n]...))}
}

func (e *expansion) sharplyTruncate(n int) *expansion {
	t := e.truncate(n)
	if len(t.c) == 0 {
		t.nim = 0
	}
	return t
}

func (e *expansion) rightmostLeq(n int64) int {
	for i := len(e.c) - 1; i >= 0; i-- {
		if e.c[i] <= n {
			return i + 1
		}
	}
	return 0
}

func (e *expansion) isConfused() bool {
	switch {
	case e.nim == 0:
		return false
	case len(e.c) == 0 || e.c[0] == 0:
		return true
	case e.nim >= 2:
		return false
	}
	positive := e.c[0] > 0
	for _, a := range e.c {
		if !positive && a < -1 || positive && a > 1 {
			return false
		}
		if !positive && a > -1 || positive && a < 1 {
			return true
		}
	}
	return true
}

func (e *expansion) negate() *expansion {
	n := &expansion{x: e.x.Neg(), nim: e.nim, c: make([]int64, len(e.c))}
	for i, a := range e.c {
		n.c[i] = -a
	}
	return n
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
