package cgt

// AtomicWeight returns g's atomic weight when g is atomic, as CGSuite computes it (its
// naive atomic weight, confirmed unless g is all-small by comparing g - aw.↑ with ↑* plus
// a far-star red kite); ok is false for games that are not atomic (every game that is not
// infinitesimal among them).
func (s *Space) AtomicWeight(g Game) (aw Game, ok bool) {
	if s.LeftStop(g).Sign() != 0 || s.RightStop(g).Sign() != 0 {
		return nil, false
	}
	aw = s.naiveAtomicWeight(g, map[*Form]*Form{})
	if s.isAllSmall(g, map[*Form]bool{}) {
		return aw, true
	}
	diff := s.Sub(g, s.nortonProduct(aw, s.Up(1), map[*Form]*Form{}))
	pow2 := int64(2)
	for fs := s.farStar(g, map[*Form]int64{}); pow2 < fs; pow2 <<= 1 {
	}
	redKite := s.ordinalSum(s.Nimber(pow2), s.Integer(-1), map[[2]*Form]*Form{})
	eps := s.Add(s.Nus(Dyadic{}, 1, 1), redKite)
	if s.LessEq(diff, eps) && s.LessEq(s.Neg(eps), diff) {
		return aw, true
	}
	return nil, false
}

// naiveAtomicWeight is CGSuite's: n for x + n·↑ + *k; otherwise {awL - 2 | awR + 2},
// rounded to an integer against the far star when that is an integer.
func (s *Space) naiveAtomicWeight(g *Form, memo map[*Form]*Form) *Form {
	if g.nus {
		return s.Integer(g.up)
	}
	if v, ok := memo[g]; ok {
		return v
	}
	two := s.Integer(2)
	var l, r []*Form
	for _, o := range g.LeftOptions() {
		l = append(l, s.Sub(s.naiveAtomicWeight(o, memo), two))
	}
	for _, o := range g.RightOptions() {
		r = append(r, s.Add(s.naiveAtomicWeight(o, memo), two))
	}
	g0 := s.Make(l, r)
	result := g0
	if g0.IsInteger() {
		fs := s.Nimber(s.farStar(g, map[*Form]int64{}))
		le, ge := s.LessEq(g, fs), s.LessEq(fs, g)
		switch {
		case le && !ge:
			// g < far star: the least integer n with n |> every new Left option.
			if len(l) == 0 {
				result = s.Zero()
				break
			}
			var best int64
			for i, o := range l {
				n := s.RightStop(o).Ceil()
				if s.LessEq(s.Integer(n), o) {
					n++
				}
				if i == 0 || n > best {
					best = n
				}
			}
			result = s.Integer(best)
		case ge && !le:
			if len(r) == 0 {
				result = s.Zero()
				break
			}
			var best int64
			for i, o := range r {
				n := s.LeftStop(o).Floor()
				if s.LessEq(o, s.Integer(n)) {
					n--
				}
				if i == 0 || n < best {
					best = n
				}
			}
			result = s.Integer(best)
		}
	}
	memo[g] = result
	return result
}

// farStar is the least k with *k beyond every nimber among g's followers (CGSuite's
// farStar: 1 + the largest such nimber, at least 1).
func (s *Space) farStar(g *Form, memo map[*Form]int64) int64 {
	if g.IsNimber() {
		return g.nim + 1
	}
	if v, ok := memo[g]; ok {
		return v
	}
	fs := int64(1)
	for _, o := range g.LeftOptions() {
		fs = max(fs, s.farStar(o, memo))
	}
	for _, o := range g.RightOptions() {
		fs = max(fs, s.farStar(o, memo))
	}
	memo[g] = fs
	return fs
}

func (s *Space) isAllSmall(g *Form, memo map[*Form]bool) bool {
	if g.nus {
		return g.x == (Dyadic{})
	}
	if v, ok := memo[g]; ok {
		return v
	}
	v := true
	for _, o := range append(append([]*Form(nil), g.LeftOptions()...), g.RightOptions()...) {
		if !s.isAllSmall(o, memo) {
			v = false
			break
		}
	}
	memo[g] = v
	return v
}

// ordinalSum is g:h, g followed by h.
func (s *Space) ordinalSum(g, h *Form, memo map[[2]*Form]*Form) *Form {
	if g.nus && g.up == 0 && h.IsNimber() {
		return s.Nus(g.x, 0, g.nim+h.nim)
	}
	if v, ok := memo[[2]*Form{g, h}]; ok {
		return v
	}
	l := append([]*Form(nil), g.LeftOptions()...)
	r := append([]*Form(nil), g.RightOptions()...)
	for _, o := range h.LeftOptions() {
		l = append(l, s.ordinalSum(g, o, memo))
	}
	for _, o := range h.RightOptions() {
		r = append(r, s.ordinalSum(g, o, memo))
	}
	v := s.Make(l, r)
	memo[[2]*Form{g, h}] = v
	return v
}

// nortonProduct is g.u, Norton's multiplication by the unit u.
func (s *Space) nortonProduct(g, u *Form, memo map[*Form]*Form) *Form {
	if n, ok := g.Integer(); ok {
		r := s.Zero()
		m := u
		if n < 0 {
			m, n = s.Neg(u), negUp(n)
		}
		for ; n > 0; n >>= 1 {
			if n&1 != 0 {
				r = s.Add(r, m)
			}
			if n > 1 {
				m = s.Add(m, m)
			}
		}
		return r
	}
	if v, ok := memo[g]; ok {
		return v
	}
	var inc []*Form
	for _, o := range u.LeftOptions() {
		inc = append(inc, s.Sub(o, u))
	}
	for _, o := range u.RightOptions() {
		inc = append(inc, s.Sub(u, o))
	}
	inc = s.undominated(dedupe(inc), true)
	for i, d := range inc {
		inc[i] = s.Add(u, d)
	}
	var l, r []*Form
	for _, o := range g.LeftOptions() {
		p := s.nortonProduct(o, u, memo)
		for _, d := range inc {
			l = append(l, s.Add(p, d))
		}
	}
	for _, o := range g.RightOptions() {
		p := s.nortonProduct(o, u, memo)
		for _, d := range inc {
			r = append(r, s.Sub(p, d))
		}
	}
	v := s.Make(l, r)
	memo[g] = v
	return v
}
