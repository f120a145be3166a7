package cgt

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// The plain definition, kept apart from the package: a game is a raw tree of options,
// compared and added by the recursive definitions with no shortcut and no canonical form.

type raw struct {
	l, r []*raw
}

type rawPair [2]*raw

// plainDef memoizes the definitions on raw trees (pointer identity of the trees).
type plainDef struct {
	leq  map[rawPair]bool
	sum  map[rawPair]*raw
	neg  map[*raw]*raw
	zero *raw
}

func newPlainDef() *plainDef {
	return &plainDef{leq: map[rawPair]bool{}, sum: map[rawPair]*raw{}, neg: map[*raw]*raw{}, zero: &raw{}}
}

// plainLEq: G <= H unless some GL >= H or some HR <= G.
func (p *plainDef) plainLEq(g, h *raw) bool {
	k := rawPair{g, h}
	if v, ok := p.leq[k]; ok {
		return v
	}
	v := true
	for _, gl := range g.l {
		if p.plainLEq(h, gl) {
			v = false
			break
		}
	}
	if v {
		for _, hr := range h.r {
			if p.plainLEq(hr, g) {
				v = false
				break
			}
		}
	}
	p.leq[k] = v
	return v
}

func (p *plainDef) plainEq(g, h *raw) bool { return p.plainLEq(g, h) && p.plainLEq(h, g) }

// plainAdd: G + H = {GL + H, G + HL | GR + H, G + HR}.
func (p *plainDef) plainAdd(g, h *raw) *raw {
	k := rawPair{g, h}
	if v, ok := p.sum[k]; ok {
		return v
	}
	v := &raw{}
	for _, gl := range g.l {
		v.l = append(v.l, p.plainAdd(gl, h))
	}
	for _, hl := range h.l {
		v.l = append(v.l, p.plainAdd(g, hl))
	}
	for _, gr := range g.r {
		v.r = append(v.r, p.plainAdd(gr, h))
	}
	for _, hr := range h.r {
		v.r = append(v.r, p.plainAdd(g, hr))
	}
	p.sum[k] = v
	return v
}

func (p *plainDef) plainNeg(g *raw) *raw {
	if v, ok := p.neg[g]; ok {
		return v
	}
	v := &raw{}
	for _, gr := range g.r {
		v.l = append(v.l, p.plainNeg(gr))
	}
	for _, gl := range g.l {
		v.r = append(v.r, p.plainNeg(gl))
	}
	p.neg[g] = v
	return v
}

// plainOutcome: who wins moving first, for each player, by the definition.
func (p *plainDef) plainOutcome(g *raw) Outcome {
	ge, le := p.plainLEq(p.zero, g), p.plainLEq(g, p.zero)
	switch {
	case ge && le:
		return P
	case ge:
		return L
	case le:
		return R
	}
	return N
}

// toRaw expands a canonical form into a raw tree (shared subtrees).
func toRaw(g *Form, memo map[*Form]*raw) *raw {
	if v, ok := memo[g]; ok {
		return v
	}
	v := &raw{}
	for _, o := range g.LeftOptions() {
		v.l = append(v.l, toRaw(o, memo))
	}
	for _, o := range g.RightOptions() {
		v.r = append(v.r, toRaw(o, memo))
	}
	memo[g] = v
	return v
}

// fromRaw builds the canonical form of a raw tree through Make only.
func fromRaw(s *Space, g *raw, memo map[*raw]*Form) *Form {
	if v, ok := memo[g]; ok {
		return v
	}
	var l, r []*Form
	for _, o := range g.l {
		l = append(l, fromRaw(s, o, memo))
	}
	for _, o := range g.r {
		r = append(r, fromRaw(s, o, memo))
	}
	v := s.Make(l, r)
	memo[g] = v
	return v
}

// key is a structural description of a canonical form, comparable across Spaces.
func key(g *Form, memo map[*Form]string) string {
	if v, ok := memo[g]; ok {
		return v
	}
	var b strings.Builder
	b.WriteByte('{')
	for i, o := range g.LeftOptions() {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(key(o, memo))
	}
	b.WriteByte('|')
	for i, o := range g.RightOptions() {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(key(o, memo))
	}
	b.WriteByte('}')
	memo[g] = b.String()
	return memo[g]
}

// randomGames builds n raw games of the given number of generations: each generation's
// games take up to maxOpts options per side from all earlier games. Deterministic.
func randomGames(seed uint64, gens, perGen, maxOpts int) []*raw {
	rng := rand.New(rand.NewPCG(seed, 7))
	pool := []*raw{{}}
	for range gens {
		var next []*raw
		for range perGen {
			g := &raw{}
			for range rng.IntN(maxOpts + 1) {
				g.l = append(g.l, pool[rng.IntN(len(pool))])
			}
			for range rng.IntN(maxOpts + 1) {
				g.r = append(g.r, pool[rng.IntN(len(pool))])
			}
			next = append(next, g)
		}
		pool = append(pool, next...)
	}
	return pool
}

func TestMakeAgreesWithPlainDefinition(t *testing.T) {
	for _, plain := range []bool{false, true} {
		s := NewSpace()
		if plain {
			s = NewPlainSpace()
		}
		p := newPlainDef()
		games := randomGames(1, 4, 40, 3)
		fmemo := map[*raw]*Form{}
		rmemo := map[*Form]*raw{}
		forms := make([]*Form, len(games))
		for i, g := range games {
			f := fromRaw(s, g, fmemo)
			forms[i] = f
			if !p.plainEq(g, toRaw(f, rmemo)) {
				t.Fatalf("plain=%v: game %d: canonical form %s is not equal to the game", plain, i, f)
			}
		}
		// Unique: equal games are the same form, different games different forms.
		for i := range games {
			for j := range i {
				eq := p.plainEq(games[i], games[j])
				if eq != (forms[i] == forms[j]) {
					t.Fatalf("plain=%v: games %d, %d: plainEq %v but forms %s, %s", plain, i, j, eq, forms[i], forms[j])
				}
			}
		}
	}
}

func TestOperationsAgreeWithPlainDefinition(t *testing.T) {
	for _, plain := range []bool{false, true} {
		s := NewSpace()
		if plain {
			s = NewPlainSpace()
		}
		p := newPlainDef()
		games := randomGames(2, 3, 30, 3)
		fmemo := map[*raw]*Form{}
		rmemo := map[*Form]*raw{}
		rng := rand.New(rand.NewPCG(3, 3))
		for range 300 {
			a, b := games[rng.IntN(len(games))], games[rng.IntN(len(games))]
			fa, fb := fromRaw(s, a, fmemo), fromRaw(s, b, fmemo)
			if got, want := s.LessEq(fa, fb), p.plainLEq(a, b); got != want {
				t.Fatalf("plain=%v: LessEq(%s, %s) = %v, want %v", plain, fa, fb, got, want)
			}
			sum := s.Add(fa, fb)
			if !p.plainEq(toRaw(sum, rmemo), p.plainAdd(a, b)) {
				t.Fatalf("plain=%v: %s + %s = %s, not equal to the plain sum", plain, fa, fb, sum)
			}
			if s.Add(fb, fa) != sum {
				t.Fatalf("plain=%v: addition of %s and %s is not commutative", plain, fa, fb)
			}
			neg := s.Neg(fa)
			if !p.plainEq(toRaw(neg, rmemo), p.plainNeg(a)) {
				t.Fatalf("plain=%v: -(%s) = %s, not the plain negative", plain, fa, neg)
			}
			if s.Add(fa, neg) != s.Zero() || s.Neg(neg) != fa {
				t.Fatalf("plain=%v: %s - %s != 0", plain, fa, fa)
			}
			if got, want := s.Outcome(fa), p.plainOutcome(a); got != want {
				t.Fatalf("plain=%v: Outcome(%s) = %v, want %v", plain, fa, got, want)
			}
		}
	}
}

// TestShortcutsAgreeWithPlainSpace runs the same queries in an ordinary Space and in one
// with every shortcut off, and checks that the answers are the same forms.
func TestShortcutsAgreeWithPlainSpace(t *testing.T) {
	fast, slow := NewSpace(), NewPlainSpace()
	fk, sk := map[*Form]string{}, map[*Form]string{}
	same := func(what string, a, b *Form) {
		t.Helper()
		if key(a, fk) != key(b, sk) {
			t.Fatalf("%s: %s with shortcuts, %s without", what, a, b)
		}
	}
	// Numbers, nimbers and ups built compactly and through their options.
	var fn, sn []*Form
	for _, x := range []Dyadic{Int(0), Int(1), Int(-2), Int(3), NewDyadic(1, 1), NewDyadic(-3, 2), NewDyadic(5, 3), NewDyadic(-1, 1)} {
		for _, up := range []int64{0, 1, -1, 2, -2, 3, -4} {
			for _, nim := range []int64{0, 1, 2, 3} {
				a, b := fast.Nus(x, up, nim), slow.Nus(x, up, nim)
				same("Nus", a, b)
				fn, sn = append(fn, a), append(sn, b)
			}
		}
	}
	// Random general games, in both.
	games := randomGames(4, 3, 25, 3)
	fm, sm := map[*raw]*Form{}, map[*raw]*Form{}
	for _, g := range games {
		a, b := fromRaw(fast, g, fm), fromRaw(slow, g, sm)
		same("Make", a, b)
		fn, sn = append(fn, a), append(sn, b)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	for range 1500 {
		i, j := rng.IntN(len(fn)), rng.IntN(len(fn))
		a, b, c, d := fn[i], fn[j], sn[i], sn[j]
		same("Add", fast.Add(a, b), slow.Add(c, d))
		same("Neg", fast.Neg(a), slow.Neg(c))
		if fast.LessEq(a, b) != slow.LessEq(c, d) {
			t.Fatalf("LessEq(%s, %s) differs", a, b)
		}
		if fast.Outcome(a) != slow.Outcome(c) {
			t.Fatalf("Outcome(%s) differs", a)
		}
		same("Make", fast.Make([]*Form{a, b}, []*Form{fast.Neg(b)}), slow.Make([]*Form{c, d}, []*Form{slow.Neg(d)}))
		if a.String() != c.String() || a.ASCII() != c.ASCII() {
			t.Fatalf("String: %s with shortcuts, %s without", a, c)
		}
		if fast.LeftStop(a) != slow.LeftStop(c) || fast.RightStop(a) != slow.RightStop(c) ||
			fast.Mean(a) != slow.Mean(c) || fast.Temperature(a) != slow.Temperature(c) {
			t.Fatalf("stops, mean or temperature of %s differ", a)
		}
	}
}

func TestNusAgreeWithPlainDefinition(t *testing.T) {
	s := NewSpace()
	p := newPlainDef()
	rm := map[*Form]*raw{}
	var fs []*Form
	for _, x := range []Dyadic{Int(0), Int(1), Int(-1), NewDyadic(1, 1), NewDyadic(-3, 2)} {
		for _, up := range []int64{0, 1, -1, 2, -3} {
			for _, nim := range []int64{0, 1, 2, 3} {
				fs = append(fs, s.Nus(x, up, nim))
			}
		}
	}
	for _, a := range fs {
		for _, b := range fs {
			ra, rb := toRaw(a, rm), toRaw(b, rm)
			if s.LessEq(a, b) != p.plainLEq(ra, rb) {
				t.Fatalf("LessEq(%s, %s) = %v, not the definition's", a, b, s.LessEq(a, b))
			}
			if !p.plainEq(toRaw(s.Add(a, b), rm), p.plainAdd(ra, rb)) {
				t.Fatalf("%s + %s = %s, not the plain sum", a, b, s.Add(a, b))
			}
		}
	}
}

func TestNumbersAndSimplest(t *testing.T) {
	s := NewSpace()
	for _, c := range []struct {
		l, r []Dyadic
		want string
	}{
		{nil, nil, "0"},
		{[]Dyadic{Int(0)}, nil, "1"},
		{nil, []Dyadic{Int(0)}, "-1"},
		{[]Dyadic{Int(0)}, []Dyadic{Int(1)}, "1/2"},
		{[]Dyadic{Int(1)}, []Dyadic{Int(3)}, "2"},
		{[]Dyadic{Int(-5)}, []Dyadic{Int(3)}, "0"},
		{[]Dyadic{NewDyadic(1, 1)}, []Dyadic{Int(1)}, "3/4"},
		{[]Dyadic{NewDyadic(3, 3)}, []Dyadic{NewDyadic(7, 3)}, "1/2"},
		{[]Dyadic{NewDyadic(5, 4)}, []Dyadic{NewDyadic(3, 3)}, "11/32"},
		{[]Dyadic{Int(3)}, []Dyadic{Int(-1)}, "{3|-1}"},
		{[]Dyadic{Int(1)}, []Dyadic{Int(1)}, "1*"},
		{[]Dyadic{Int(2), Int(7)}, []Dyadic{Int(8), Int(9)}, "15/2"},
		{[]Dyadic{Int(-7), Int(-3)}, nil, "0"},
		{nil, []Dyadic{NewDyadic(5, 1)}, "0"},
		{nil, []Dyadic{NewDyadic(-3, 1)}, "-2"},
		{[]Dyadic{NewDyadic(5, 1)}, nil, "3"},
		{[]Dyadic{NewDyadic(-1, 3)}, []Dyadic{NewDyadic(1, 8)}, "0"},
	} {
		var l, r []*Form
		for _, d := range c.l {
			l = append(l, s.Dyadic(d))
		}
		for _, d := range c.r {
			r = append(r, s.Dyadic(d))
		}
		if got := s.Make(l, r).String(); got != c.want {
			t.Errorf("{%v | %v} = %s, want %s", c.l, c.r, got, c.want)
		}
	}
}

func TestOptionsAreSortedAndDeterministic(t *testing.T) {
	// The same games built in opposite orders print the same: the order of options does
	// not depend on the history of the Space.
	build := func(backward bool) []string {
		s := NewSpace()
		games := randomGames(9, 3, 30, 3)
		m := map[*raw]*Form{}
		out := make([]string, len(games))
		for i := range games {
			if backward {
				i = len(games) - 1 - i
			}
			f := fromRaw(s, games[i], m)
			out[i] = f.String()
			for _, opts := range [][]*Form{f.LeftOptions(), f.RightOptions()} {
				for k := 1; k < len(opts); k++ {
					if cmpForms(opts[k-1], opts[k]) >= 0 {
						t.Fatalf("options of %s are not sorted", f)
					}
				}
			}
		}
		return out
	}
	if a, b := build(false), build(true); !slices.Equal(a, b) {
		t.Fatal("the same games gave different results in different orders")
	}
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed)) }
