package cgt

import (
	"cmp"
	"slices"
)

// Make returns the canonical form of {left | right}: dominated options removed and
// reversible options bypassed until none is left; the result is a number, nimber or nus
// in compact form when it equals one. The options must belong to s; the slices are not
// kept or modified.
func (s *Space) Make(left, right []Game) Game {
	l := dedupe(left)
	r := dedupe(right)
	for _, g := range l {
		s.own(g)
	}
	for _, g := range r {
		s.own(g)
	}
	if s.plain {
		l, r = s.canonicalize(l, r)
		return s.intern(l, r)
	}
	// The same sets of options come back often (positions with the same options' values):
	// remember the result of each set.
	key := appendOptionsKey(s.makeKey[:0], l, r)
	s.makeKey = key
	if g := s.made[string(key)]; g != nil {
		return g
	}
	k := string(key)
	g := s.numberOptions(l, r)
	if g == nil {
		l, r = s.canonicalize(l, r)
		g = s.intern(l, r)
	}
	s.made[k] = g
	return g
}

// dedupe copies fs without repeated pointers (canonical forms: repeated values), sorted
// by id.
func dedupe(fs []*Form) []*Form {
	out := make([]*Form, len(fs))
	copy(out, fs)
	if len(out) > 24 {
		slices.SortFunc(out, func(a, b *Form) int { return cmp.Compare(a.id, b.id) })
	} else {
		for i := 1; i < len(out); i++ {
			for j := i; j > 0 && out[j-1].id > out[j].id; j-- {
				out[j-1], out[j] = out[j], out[j-1]
			}
		}
	}
	n := 0
	for i, f := range out {
		if i == 0 || f != out[n-1] {
			out[n] = f
			n++
		}
	}
	return out[:n]
}

// numberOptions is the shortcut for games whose options are all numbers: the simplest
// number strictly between the best options when Left's best is below Right's best, and
// otherwise the switch {max left | min right}, which is canonical (a number option of a
// game that is not a number is never reversible, and the other options are dominated).
func (s *Space) numberOptions(l, r []*Form) *Form {
	for _, g := range l {
		if !g.IsNumber() {
			return nil
		}
	}
	for _, g := range r {
		if !g.IsNumber() {
			return nil
		}
	}
	var lo, hi *Form
	for _, g := range l {
		if lo == nil || lo.x.Less(g.x) {
			lo = g
		}
	}
	for _, g := range r {
		if hi == nil || g.x.Less(hi.x) {
			hi = g
		}
	}
	if lo != nil && hi != nil && !lo.x.Less(hi.x) {
		return s.intern([]*Form{lo}, []*Form{hi})
	}
	var a, b Dyadic
	if lo != nil {
		a = lo.x
	}
	if hi != nil {
		b = hi.x
	}
	return s.nusForm(simplestBetween(a, lo != nil, b, hi != nil), 0, 0)
}

// canonicalize removes dominated options and bypasses reversible ones until stable.
func (s *Space) canonicalize(l, r []*Form) ([]*Form, []*Form) {
	for {
		l = s.undominated(l, true)
		r = s.undominated(r, false)
		changed := false
		var nl, nr []*Form
		raw := &rawGame{s: s, l: l, r: r}
		for i, gl := range l {
			if rev := raw.reverseLeft(gl); rev != nil {
				if !changed {
					nl = append(nl, l[:i]...)
				}
				changed = true
				nl = append(nl, rev.LeftOptions()...)
			} else if changed {
				nl = append(nl, gl)
			}
		}
		changedL := changed
		changed = false
		for i, gr := range r {
			if rev := raw.reverseRight(gr); rev != nil {
				if !changed {
					nr = append(nr, r[:i]...)
				}
				changed = true
				nr = append(nr, rev.RightOptions()...)
			} else if changed {
				nr = append(nr, gr)
			}
		}
		if !changedL && !changed {
			return l, r
		}
		if changedL {
			l = dedupe(nl)
		}
		if changed {
			r = dedupe(nr)
		}
	}
}

// undominated keeps the options not dominated by another: for Left, those not <= another
// Left option; for Right, those not >= another Right option. Options are distinct
// canonical forms, so domination is strict and never mutual. Each option is compared with
// the maximal ones kept so far (few, in a canonical form), not with every other.
func (s *Space) undominated(fs []*Form, left bool) []*Form {
	if len(fs) < 2 {
		return fs
	}
	le := func(a, b *Form) bool { // a is no better than b for the player
		if left {
			return s.LessEq(a, b)
		}
		return s.LessEq(b, a)
	}
	out := make([]*Form, 0, 4)
next:
	for _, f := range fs {
		n := 0
		for _, k := range out {
			if le(f, k) {
				continue next // f is dominated; nothing kept is dominated by f then
			}
			if !le(k, f) {
				out[n] = k
				n++
			}
		}
		out = append(out[:n], f)
	}
	return out
}

// rawGame is {l | r} before it is canonical, with the memo of comparisons against it
// (shared followers are compared once).
type rawGame struct {
	s      *Space
	l, r   []*Form
	le, ge map[*Form]bool // x <= G, G <= y
}

// reverseLeft returns a Right option GLR of gl with GLR <= G, or nil.
func (g *rawGame) reverseLeft(gl *Form) *Form {
	for _, glr := range gl.RightOptions() {
		if g.geq(glr) {
			return glr
		}
	}
	return nil
}

// reverseRight returns a Left option GRL of gr with GRL >= G, or nil.
func (g *rawGame) reverseRight(gr *Form) *Form {
	for _, grl := range gr.LeftOptions() {
		if g.leq(grl) {
			return grl
		}
	}
	return nil
}

// geq tells whether x <= G: no GR <= x and no Left option of x is >= G.
func (g *rawGame) geq(x *Form) bool {
	if v, ok := g.le[x]; ok {
		return v
	}
	v := true
	for _, gr := range g.r {
		if g.s.LessEq(gr, x) {
			v = false
			break
		}
	}
	if v {
		for _, xl := range x.LeftOptions() {
			if g.leq(xl) {
				v = false
				break
			}
		}
	}
	if g.le == nil {
		g.le = map[*Form]bool{}
	}
	g.le[x] = v
	return v
}

// leq tells whether G <= y: no GL >= y and no Right option of y is <= G.
func (g *rawGame) leq(y *Form) bool {
	if v, ok := g.ge[y]; ok {
		return v
	}
	v := true
	for _, gl := range g.l {
		if g.s.LessEq(y, gl) {
			v = false
			break
		}
	}
	if v {
		for _, yr := range y.RightOptions() {
			if g.geq(yr) {
				v = false
				break
			}
		}
	}
	if g.ge == nil {
		g.ge = map[*Form]bool{}
	}
	g.ge[y] = v
	return v
}

// own panics when g is not a game of s: games of two Spaces must not be mixed.
func (s *Space) own(g *Form) {
	if g.sp != s {
		panic("cgt: a game of another Space (or nil) was given to this Space")
	}
}

func pairKey(a, b *Form) uint64 { return uint64(a.id)<<32 | uint64(b.id) }

// LessEq tells whether a <= b (b - a >= 0: Left wins b - a when Right starts). Results
// are memoized in the Space.
func (s *Space) LessEq(a, b Game) bool {
	if a == b {
		return true
	}
	s.step() // comparisons of compact forms are quick, but there can be billions
	if a.sp != s || b.sp != s {
		s.own(a)
		s.own(b)
	}
	if !s.plain {
		switch {
		case a.nus && b.nus:
			return nusLessEq(a, b)
		case a.IsNumber():
			// Number avoidance: b is not a number, so a <= b unless some bR <= a.
			for _, br := range b.RightOptions() {
				if s.LessEq(br, a) {
					return false
				}
			}
			return true
		case b.IsNumber():
			for _, al := range a.LeftOptions() {
				if s.LessEq(b, al) {
					return false
				}
			}
			return true
		}
	}
	if !s.plain {
		// Stops are monotone: a <= b needs LeftStop(a) <= LeftStop(b) and RightStop(a) <=
		// RightStop(b); and LeftStop(a) < RightStop(b) makes a - b negative.
		s.stops(a)
		s.stops(b)
		if b.lst.Less(a.lst) || b.rst.Less(a.rst) {
			return false
		}
		if a.lst.Less(b.rst) {
			return true
		}
	}
	k := pairKey(a, b)
	if v, ok := s.leq.get(k); ok {
		return v
	}
	v := s.leqDef(a, b)
	s.leq.put(k, v)
	return v
}

// leqDef is the definition: a <= b unless some aL >= b or some bR <= a.
func (s *Space) leqDef(a, b *Form) bool {
	for _, br := range b.RightOptions() {
		if s.LessEq(br, a) {
			return false
		}
	}
	for _, al := range a.LeftOptions() {
		if s.LessEq(b, al) {
			return false
		}
	}
	return true
}

// nusLessEq compares x + n·↑ + *k with y + m·↑ + *j: numbers first; with equal numbers,
// the difference (m - n)·↑ + *(j^k) is >= 0 when m - n >= 2, when m - n = 1 unless
// j^k = 1 (↑* is fuzzy), and when m = n and j = k. No subtraction, so no overflow.
func nusLessEq(a, b *Form) bool {
	if c := a.x.Cmp(b.x); c != 0 {
		return c < 0
	}
	k := a.nim ^ b.nim
	switch {
	case a.up == b.up:
		return k == 0
	case a.up < b.up:
		return a.up+1 != b.up || k != 1
	}
	return false
}

// Order is the result of comparing two games.
type Order int

// The four relations between games.
const (
	Equal   Order = iota // G = H
	Less                 // G < H
	Greater              // G > H
	Fuzzy                // G || H: neither G <= H nor G >= H
)

// String writes the relation as CGSuite does: "=", "<", ">" or "||".
func (o Order) String() string {
	return [...]string{"=", "<", ">", "||"}[o]
}

// Compare is the relation between a and b.
func (s *Space) Compare(a, b Game) Order {
	le, ge := s.LessEq(a, b), s.LessEq(b, a)
	switch {
	case le && ge:
		return Equal
	case le:
		return Less
	case ge:
		return Greater
	}
	return Fuzzy
}

// Outcome is the outcome class of a game under normal play.
type Outcome int

// The four outcome classes.
const (
	P Outcome = iota // the second player wins (G = 0)
	N                // the first player wins (G || 0)
	L                // Left wins whoever starts (G > 0)
	R                // Right wins whoever starts (G < 0)
)

// String is "P", "N", "L" or "R".
func (o Outcome) String() string { return [...]string{"P", "N", "L", "R"}[o] }

// Outcome is g's outcome class: L, R, N or P.
func (s *Space) Outcome(g Game) Outcome {
	switch s.Compare(g, s.zero) {
	case Equal:
		return P
	case Greater:
		return L
	case Less:
		return R
	}
	return N
}

// Neg returns -g: Left's and Right's options swapped, recursively.
func (s *Space) Neg(g Game) Game {
	if g.nus && !s.plain {
		return s.nusForm(g.x.Neg(), negUp(g.up), g.nim)
	}
	if g.neg != nil {
		return g.neg
	}
	l, r := g.LeftOptions(), g.RightOptions()
	nl := make([]*Form, len(r))
	nr := make([]*Form, len(l))
	for i, f := range r {
		nl[i] = s.Neg(f)
	}
	for i, f := range l {
		nr[i] = s.Neg(f)
	}
	var n *Form
	if s.plain {
		n = s.Make(nl, nr)
	} else {
		n = s.intern(nl, nr) // the negative of a canonical form is canonical
	}
	g.neg, n.neg = n, g
	return n
}

func negUp(n int64) int64 {
	if n == -n && n != 0 {
		rangePanic("up multiple")
	}
	return -n
}

// Add returns a + b.
func (s *Space) Add(a, b Game) Game {
	if a.sp != s || b.sp != s {
		s.own(a)
		s.own(b)
	}
	if !s.plain {
		switch {
		case a == s.zero:
			return b
		case b == s.zero:
			return a
		case a.nus && b.nus:
			return s.nusForm(a.x.Add(b.x), add64(a.up, b.up, "up multiple"), a.nim^b.nim)
		}
	}
	if a.id > b.id {
		a, b = b, a
	}
	k := pairKey(a, b)
	if v := s.sums[k]; v != nil {
		return v
	}
	s.step()
	var v *Form
	switch {
	case !s.plain && a.IsNumber():
		v = s.translate(b, a)
	case !s.plain && b.IsNumber():
		v = s.translate(a, b)
	default:
		al, ar, bl, br := a.LeftOptions(), a.RightOptions(), b.LeftOptions(), b.RightOptions()
		l := make([]*Form, 0, len(al)+len(bl))
		r := make([]*Form, 0, len(ar)+len(br))
		for _, x := range al {
			l = append(l, s.Add(x, b))
		}
		for _, x := range bl {
			l = append(l, s.Add(a, x))
		}
		for _, x := range ar {
			r = append(r, s.Add(x, b))
		}
		for _, x := range br {
			r = append(r, s.Add(a, x))
		}
		v = s.Make(l, r)
	}
	s.sums[k] = v
	return v
}

// translate is g + x for a number x and a game g that is not a number: by the number
// translation theorem it is {gL + x | gR + x}.
func (s *Space) translate(g, x *Form) *Form {
	gl, gr := g.LeftOptions(), g.RightOptions()
	l := make([]*Form, len(gl))
	r := make([]*Form, len(gr))
	for i, o := range gl {
		l[i] = s.Add(o, x)
	}
	for i, o := range gr {
		r[i] = s.Add(o, x)
	}
	return s.Make(l, r)
}

// Sub returns a - b.
func (s *Space) Sub(a, b Game) Game { return s.Add(a, s.Neg(b)) }
