package misere

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// pool holds the 22 forms born by day 4, the sums of two of them, and the sums of
// every form with its options' brute-force facts.
type pool struct {
	tab   *Table
	day4  []ID
	pairs []ID // the sums of two forms born by day 4
	all   []ID // day4 and pairs
}

func newPool(t *testing.T) *pool {
	tab := NewTable()
	born := []ID{Zero}
	for range 4 {
		born = subsetForms(t, tab, born)
	}
	p := &pool{tab: tab, day4: born}
	for i, a := range born {
		for _, b := range born[:i+1] {
			p.pairs = append(p.pairs, tab.add(a, b))
		}
	}
	p.all = append(slices.Clone(born), p.pairs...)
	slices.Sort(p.all)
	p.all = slices.Compact(p.all)
	return p
}

// followers returns g and every position of its form's game tree.
func (t *Table) followers(g ID) []ID {
	seen := map[ID]bool{}
	var walk func(ID)
	walk = func(g ID) {
		if !seen[g] {
			seen[g] = true
			for _, o := range t.forms[g].opts {
				walk(o)
			}
		}
	}
	walk(g)
	var out []ID
	for g := range seen {
		out = append(out, g)
	}
	return out
}

func (t *Table) values(g ID) (plus, minus int) { return t.forms[g].gPlus, t.forms[g].gMinus }

// tameSum is the misère value of a sum of two tame games of these values, by
// Conway's rule: the normal values add as in Nim, and the sum is fickle (its
// misère value the normal one XOR 1) exactly when both parts are.
func tameSum(p1, m1, p2, m2 int) int {
	if p1 != m1 && p2 != m2 {
		return p1 ^ p2 ^ 1
	}
	return p1 ^ p2
}

// TestPhylaByDefinition checks each form of the pool and each position of its tree
// against the definitions: tame (hereditarily) when every position has a tame
// pair of values, a nim heap in play when every position has a nim heap's values,
// restive when every option is tame and the values a restive pair; a generally
// tame form adds to every tame game of the pool as a tame game of its values does,
// and its genus is the tame one; a tameable form's sums with tame games of the same
// values have the same misère value; a generally restive form has the genus of a
// restive game; a restless form has generally tame options.
func TestPhylaByDefinition(t *testing.T) {
	p := newPool(t)
	tab := p.tab
	var tame []ID
	for _, g := range p.all {
		if f := tab.followers(g); !slices.ContainsFunc(f, func(x ID) bool { return pairKind(tab.values(x)) != 0 }) {
			tame = append(tame, g)
		}
	}
	counts := map[Phylum]int{}
	checked := map[ID]bool{}
	for _, root := range p.all {
		for _, g := range tab.followers(root) {
			if checked[g] {
				continue
			}
			checked[g] = true
			f := tab.forms[g]
			ph := f.phylum
			counts[ph]++
			plus, minus := tab.values(g)
			every := func(kind func(ID) bool) bool {
				return !slices.ContainsFunc(tab.followers(g), func(x ID) bool { return !kind(x) })
			}
			optionsAll := func(kind func(ID) bool) bool {
				return !slices.ContainsFunc(f.opts, func(x ID) bool { return !kind(x) })
			}
			isTame := func(x ID) bool { return pairKind(tab.values(x)) == 0 }
			nimLike := func(x ID) bool {
				p, m := tab.values(x)
				return (p == 0 && m == 1) || (p == 1 && m == 0) || (p == m && p > 1)
			}
			if ph.IsTame() != every(isTame) {
				t.Errorf("form %d (%s): tame %v, but every position has a tame pair: %v", g, ph, ph.IsTame(), every(isTame))
			}
			if (ph == NimHeap) != every(nimLike) {
				t.Errorf("form %d (%s): every position has a nim heap's values: %v", g, ph, every(nimLike))
			}
			hereditarilyTame := func(x ID) bool { return !slices.ContainsFunc(tab.followers(x), func(y ID) bool { return !isTame(y) }) }
			if want := pairKind(plus, minus) == 1 && optionsAll(hereditarilyTame); (ph == Restive) != want {
				t.Errorf("form %d (%s): tame options and a restive pair: %v", g, ph, want)
			}
			if ph == Restless && (pairKind(plus, minus) != 2 || !optionsAll(func(x ID) bool { return tab.forms[x].phylum.IsGenerallyTame() })) {
				t.Errorf("form %d is restless with values %d, %d and options %v", g, plus, minus, f.opts)
			}
			genus := func(k int) int {
				s := g
				for range k {
					s = tab.add(s, tab.nim(2))
				}
				return tab.forms[s].gMinus
			}
			if ph.IsGenerallyTame() {
				for _, h := range tame {
					hp, hm := tab.values(h)
					if got, want := tab.forms[tab.add(g, h)].gMinus, tameSum(plus, minus, hp, hm); got != want {
						t.Errorf("generally tame form %d (%d, %d) plus tame %d (%d, %d): misère value %d, not %d", g, plus, minus, h, hp, hm, got, want)
					}
				}
				for k := 1; k <= 3; k++ {
					if got, want := genus(k), plus^(k&1)<<1; got != want {
						t.Errorf("generally tame form %d (%d, %d): gamma_%d = %d, not %d", g, plus, minus, k, got, want)
					}
				}
			}
			if ph.IsTameable() {
				byValues := map[[2]int]int{}
				for _, h := range tame {
					hp, hm := tab.values(h)
					v := tab.forms[tab.add(g, h)].gMinus
					if w, ok := byValues[[2]int{hp, hm}]; ok && w != v {
						t.Errorf("tameable form %d: sums with tame games of values (%d, %d) have misère values %d and %d", g, hp, hm, w, v)
					}
					byValues[[2]int{hp, hm}] = v
				}
			}
			if ph.IsGenerallyRestive() {
				base := minus
				if minus >= 4 {
					base = plus
				}
				for k := 1; k <= 3; k++ {
					if got, want := genus(k), base^(k&1)<<1; got != want {
						t.Errorf("generally restive form %d (%d, %d): gamma_%d = %d, not %d", g, plus, minus, k, got, want)
					}
				}
			}
		}
	}
	for _, ph := range []Phylum{NimHeap, Tame, GenerallyTame, Tameable, Restive, GenerallyRestive, Restless, Wild} {
		if counts[ph] == 0 {
			t.Errorf("no %s form in the pool: the test does not reach it", ph)
		}
	}
	t.Logf("forms checked by phylum: %v", counts)
}

// bruteParts returns the even parts of g found among the sums: even x not a unit or
// g's even form, with x + y = g or g + * for a sum x + y.
func (p *pool) bruteParts(g ID, sums map[[2]ID]ID) []ID {
	tab := p.tab
	e := tab.even(g)
	var out []ID
	for k, s := range sums {
		if tab.even(s) != e {
			continue
		}
		for _, x := range k {
			if x := tab.even(x); !unit(x) && x != e {
				out = append(out, x)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestPartsByDefinition checks Parts, Partitions and the predicates made from them
// on the pool and random sums of three forms: every part found by brute force over
// the sums of a pool form and a form born by day 4 is listed, every part listed has a complement that
// adds up to the game, a game is prime exactly when it has no part, each partition
// is a sum of primes equal to the game, extraverted and introverted are their
// definitions on the pool, and only 0 and * are introverted.
func TestPartsByDefinition(t *testing.T) {
	ctx := context.Background()
	p := newPool(t)
	tab := p.tab
	sums := map[[2]ID]ID{}
	for _, a := range p.all {
		for _, b := range p.day4 {
			sums[[2]ID{a, b}] = tab.add(a, b)
		}
	}
	games := slices.Clone(p.all)
	r := rand.New(rand.NewPCG(5, 6))
	for range 40 {
		a, b, c := p.day4[r.IntN(22)], p.day4[r.IntN(22)], p.day4[r.IntN(22)]
		games = append(games, tab.add(tab.add(a, b), c))
	}
	primes := 0
	for _, g := range games {
		parts, err := tab.Parts(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		brute := p.bruteParts(g, sums)
		for _, x := range brute {
			if !slices.Contains(parts, x) {
				t.Errorf("form %d: %d is a part by brute force, not listed in %v", g, x, parts)
			}
		}
		for _, x := range parts {
			y, ok, err := tab.Minus(ctx, g, x)
			if err != nil || !ok || tab.add(x, y) != g || unit(y) || unit(x) {
				t.Errorf("form %d: listed part %d has no complement (%d, %v, %v)", g, x, y, ok, err)
			}
		}
		f, err := tab.Facts(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		if f.Prime != (!unit(g) && len(parts) == 0) {
			t.Errorf("form %d: prime %v with parts %v", g, f.Prime, parts)
		}
		if f.Prime {
			primes++
		}
		ps, err := tab.Partitions(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) == 0 {
			t.Errorf("form %d has no partition", g)
		}
		for _, q := range ps {
			sum := Zero
			for _, x := range q {
				sum = tab.add(sum, x)
				if x != Star && (!tab.prime(x) || len(p.bruteParts(x, sums)) > 0) {
					t.Errorf("form %d: partition %v has %d, not prime", g, q, x)
				}
			}
			if sum != g {
				t.Errorf("form %d: partition %v adds up to %d", g, q, sum)
			}
		}
		sharp := tab.make([]ID{g})
		extra := tab.even(g) == tab.even(sharp) || slices.ContainsFunc(p.all, func(y ID) bool { return tab.even(tab.add(g, y)) == tab.even(sharp) })
		if extra && !f.Extraverted {
			t.Errorf("form %d is a part of {form} (brute force), not extraverted", g)
		}
		if f.Extraverted {
			if y, ok, _ := tab.Minus(ctx, sharp, g); !ok || tab.add(g, y) != sharp {
				t.Errorf("form %d: extraverted, but {form} - form is not a game", g)
			}
		}
		if f.Introverted != unit(g) {
			t.Errorf("form %d: introverted %v", g, f.Introverted)
		}
		intro := !slices.ContainsFunc(tab.forms[g].opts, func(o ID) bool {
			return tab.even(o) != tab.even(g) && !slices.ContainsFunc(p.all, func(y ID) bool { return tab.even(tab.add(g, y)) == tab.even(o) })
		})
		if intro && !f.Introverted {
			t.Errorf("form %d is a part of each option (brute force), not introverted", g)
		}
	}
	if primes == 0 {
		t.Error("no prime among the games")
	}
}

// TestLinksAndDistinguishers checks both against their definitions on every two
// games of the pool: a link makes both sums P-positions and exists exactly when
// neither game is an option of the other (then G + T has the option H + T); a
// distinguisher makes G + X a P-position and H + X an N-position.
func TestLinksAndDistinguishers(t *testing.T) {
	ctx := context.Background()
	p := newPool(t)
	tab := p.tab
	isP := func(g, x ID) bool { return tab.forms[tab.add(g, x)].gMinus == 0 }
	games := append(slices.Clone(p.day4), p.pairs[:60]...)
	for _, g := range games {
		for _, h := range games {
			l, ok, err := tab.Link(ctx, g, h)
			if err != nil {
				t.Fatal(err)
			}
			if want := !tab.hasOption(g, h) && !tab.hasOption(h, g); ok != want {
				t.Errorf("forms %d, %d: linked %v, want %v", g, h, ok, want)
			}
			if ok && (!isP(g, l) || !isP(h, l)) {
				t.Errorf("forms %d, %d: link %d makes outcomes %v, %v", g, h, l, isP(g, l), isP(h, l))
			}
			x, ok, err := tab.Distinguisher(ctx, g, h)
			if err != nil {
				t.Fatal(err)
			}
			if ok != (g != h) {
				t.Errorf("forms %d, %d: distinguisher found %v", g, h, ok)
			}
			if ok && (!isP(g, x) || isP(h, x)) {
				t.Errorf("forms %d, %d: distinguisher %d makes outcomes %v, %v", g, h, x, isP(g, x), isP(h, x))
			}
		}
	}
}

// A search for parts that explodes stops at its bound, long before the table that
// the session shares is full: {{{{{{{*2}}}}}}} once filled all 16M options of it.
// Its facts come back with the parts' ones unknown, and the table goes on working.
func TestPartsSearchIsBounded(t *testing.T) {
	ctx := context.Background()
	tab := NewTable()
	g, err := tab.Parse(ctx, "*[[[[[[[[2]]]]]]]]")
	if err != nil {
		t.Fatal(err)
	}
	before := tab.stored
	f, err := tab.Facts(ctx, g)
	if err != nil || !f.PartsUnknown || f.Birthday != 9 {
		t.Fatalf("facts %+v, %v", f, err)
	}
	if grown := tab.stored - before; grown > maxPartsStored+64 {
		t.Errorf("the facts stored %d options (bound %d)", grown, maxPartsStored)
	}
	var pe *PartsError
	if _, err := tab.Parts(ctx, g); !errors.As(err, &pe) || pe.Candidates != 0 {
		t.Errorf("parts: %v", err)
	}
	if tab.storeCap != 0 {
		t.Errorf("the bound stayed set: %d", tab.storeCap)
	}
	// The table still answers, parts included, for a game within the bound.
	k, err := tab.Parse(ctx, "*[[2]] + *[2]")
	if err != nil {
		t.Fatal(err)
	}
	if parts, err := tab.Parts(ctx, k); err != nil || len(parts) == 0 {
		t.Errorf("parts of {*2} + *2 after the bound: %v, %v", parts, err)
	}
}
