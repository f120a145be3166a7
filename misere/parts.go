package misere

import (
	"context"
	"fmt"
	"slices"
)

// Parts (Conway, On Numbers and Games ch. 12). H is a part of G when G = H + X for
// some X; the units 0 and * are parts of every game and G + * has the parts of G,
// so parts are counted up to *: by their even forms. A game other than 0 and * is
// prime when its only even parts are 0 and its own even form. Misère games cancel
// (H + X = H + Y only when X = Y), so a part's complement is unique; but a game
// can be a sum of primes in more than one way (Norton: {*4 + *2} = *2 + A =
// *4 + B).
//
// How the parts of an even G other than 0 are found: if an option of G is 0 or *,
// G is prime (an option of X + Y that is a unit makes X or Y one). Otherwise let G
// = X + Y with X, Y not units. Each option of G's form is an option of X + Y, so
// equals X' + Y or X + Y'. If one option is X' + Y and another X + Y', Y is a part
// of the one and X of the other, so both are among the parts of G's options, and
// the sum of every two such parts is tried. Otherwise every option is X + Y' (or
// every one X' + Y, the roles swapped), so X is a part of every option, and Y's
// options are: Y' = G' - X for every option G' of G (by cancellation), and perhaps
// some Y' with X' + Y' = G for an option X' of X (an option X + Y' left out of G's
// form as reversible has an option equal to G, and X + Y'' = X + Y would make Y'
// reversible in Y's own form). So Y is the form of the first ones with a subset of
// the others, and each subset is tried. The two steps repeat until they find
// nothing new, as a part found may give the Y' of another.

// maxCandidates bounds the options X' whose complements are tried in every subset.
const maxCandidates = 16

// maxPartsStored bounds the options that one search for parts may add to the
// table: the forms it tries stay in the table, which the session shares, so a
// search that explodes (the parts of {{{{{{{*2}}}}}}} filled all of it) must stop
// long before the table is full.
const maxPartsStored = 1 << 18

// PartsError is returned when the parts of a form are beyond the search: a
// complement would try every subset of Candidates options, or the search would
// store more than maxPartsStored options (Candidates 0).
type PartsError struct{ Candidates int }

func (e *PartsError) Error() string {
	if e.Candidates == 0 {
		return fmt.Sprintf("the parts of this form are beyond the search: it would store more than %d options in the table of forms", maxPartsStored)
	}
	return fmt.Sprintf("the parts of this form are beyond the search: a complement would try every subset of %d candidate options (at most %d)", e.Candidates, maxCandidates)
}

// bounded runs f, a search for parts, with at most maxPartsStored options stored
// (when no outer search has bounded them already).
func (t *Table) bounded(f func()) {
	if t.storeCap > 0 {
		f()
		return
	}
	t.storeCap = t.stored + maxPartsStored
	defer func() { t.storeCap = 0 }()
	f()
}

// boundedOK runs f as bounded does and reports whether it finished: false when
// it stopped at the bound (other stops go on up).
func (t *Table) boundedOK(f func()) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if s, isStop := r.(stop); isStop {
				if e, isParts := s.err.(*PartsError); isParts && e.Candidates == 0 {
					return
				}
			}
			panic(r)
		}
	}()
	t.bounded(f)
	return true
}

func unit(g ID) bool { return g == Zero || g == Star }

// even returns the even one of g and g + *.
func (t *Table) even(g ID) ID {
	e, _ := t.evenPart(g)
	return e
}

// partner returns y when (x, y) or (y, x) is one of the pairs.
func partner(pairs [][2]ID, x ID) (ID, bool) {
	for _, p := range pairs {
		switch x {
		case p[0]:
			return p[1], true
		case p[1]:
			return p[0], true
		}
	}
	return 0, false
}

// exact returns w, the even y or y + *, with x + w = g, if one of them is.
func (t *Table) exact(x, y, g ID) (ID, bool) {
	for _, w := range []ID{y, t.add(y, Star)} {
		if t.add(x, w) == g {
			return w, true
		}
	}
	return 0, false
}

// pairs returns the ways of writing the even form g as a sum of two even forms, up
// to *: the pairs (x, y) with x + y = g or g + *, the first (0, g), each once.
func (t *Table) pairs(g ID) [][2]ID {
	if p, ok := t.partPairs[g]; ok {
		return p
	}
	found := [][2]ID{{Zero, g}}
	isPart := map[ID]bool{Zero: true, g: true}
	opts := t.forms[g].opts
	if g != Zero && !slices.ContainsFunc(opts, unit) {
		optParts := make([]map[ID]bool, len(opts))
		var order []ID
		union := map[int][]ID{} // by normal-play value
		inUnion := map[ID]bool{}
		for i, o := range opts {
			optParts[i] = map[ID]bool{}
			for _, p := range t.pairs(t.even(o)) {
				for _, x := range p {
					optParts[i][x] = true
					if x != Zero && !inUnion[x] {
						inUnion[x] = true
						v := t.forms[x].gPlus
						union[v] = append(union[v], x)
						order = append(order, x)
					}
				}
			}
		}
		for changed := true; changed; {
			changed = false
			for _, x := range order {
				if isPart[x] {
					continue
				}
				inAll := !slices.ContainsFunc(optParts, func(m map[ID]bool) bool { return !m[x] })
				if y, ok := t.complement(g, x, union, inAll, found); ok {
					found = append(found, [2]ID{x, y})
					isPart[x], isPart[y] = true, true
					changed = true
				}
			}
		}
	}
	t.partPairs[g] = found
	return found
}

// complement looks for the even y with x + y = g or g + *: among the parts of g's
// options (by their normal-play values, which add as in Nim), and when x is a part
// of every option, as the form of its options (see the comment at the top).
func (t *Table) complement(g, x ID, union map[int][]ID, inAll bool, found [][2]ID) (ID, bool) {
	v := t.forms[g].gPlus ^ t.forms[x].gPlus
	for _, y := range slices.Concat(union[v], union[v^1]) {
		t.step()
		if t.even(t.add(x, y)) == g {
			return y, true
		}
	}
	if !inAll {
		return 0, false
	}
	var must, cands []ID
	for _, o := range t.forms[g].opts {
		y, _ := partner(t.pairs(t.even(o)), x)
		if w, ok := t.exact(x, y, o); ok {
			must = append(must, w)
		}
	}
	for _, xo := range t.forms[x].opts {
		if y, ok := partner(found, t.even(xo)); ok {
			if w, ok := t.exact(xo, y, g); ok && !slices.Contains(must, w) {
				cands = append(cands, w)
			}
		}
	}
	slices.Sort(cands)
	cands = slices.Compact(cands)
	if len(cands) > maxCandidates {
		panic(stop{&PartsError{len(cands)}})
	}
	for mask := range 1 << len(cands) {
		opts := slices.Clone(must)
		for i, c := range cands {
			if mask&(1<<i) != 0 {
				opts = append(opts, c)
			}
		}
		if y := t.make(opts); t.add(x, y) == g {
			return t.even(y), true
		}
	}
	return 0, false
}

// parts returns g's even parts other than 0 and g's even form, in CGSuite's order.
func (t *Table) parts(g ID) []ID {
	e := t.even(g)
	var out []ID
	for _, p := range t.pairs(e)[1:] {
		out = append(out, p[0], p[1])
	}
	slices.SortFunc(out, t.compare)
	return slices.Compact(out)
}

func (t *Table) prime(g ID) bool {
	return !unit(g) && len(t.pairs(t.even(g))) == 1
}

// partitions returns the ways of writing g as a sum of even primes, with * last when
// they sum to g + *, each sum in CGSuite's order and the sums in the order of their
// first primes.
func (t *Table) partitions(g ID) [][]ID {
	var out [][]ID
	var from []ID
	var walk func(g ID)
	walk = func(g ID) {
		t.step()
		if unit(g) {
			p := slices.Clone(from)
			if g == Star {
				p = append(p, Star)
			}
			out = append(out, p)
			return
		}
		e := t.even(g)
		primes := []ID{}
		if t.prime(e) {
			primes = append(primes, e)
		}
		for _, p := range t.parts(e) {
			if t.prime(p) {
				primes = append(primes, p)
			}
		}
		slices.SortFunc(primes, t.compare)
		for _, p := range primes {
			if len(from) > 0 && t.compare(from[len(from)-1], p) > 0 {
				continue
			}
			y, _ := partner(t.pairs(e), p)
			rest, _ := t.exact(p, y, g)
			from = append(from, p)
			walk(rest)
			from = from[:len(from)-1]
		}
	}
	walk(g)
	return out
}

// Parts returns g's parts other than the units 0 and * and g itself, up to *: the
// even forms H with g = H + X or g + * = H + X for some X not 0 or * (CGSuite's
// Parts).
func (t *Table) Parts(ctx context.Context, g ID) (parts []ID, err error) {
	err = t.run(ctx, func() { t.bounded(func() { parts = t.parts(g) }) })
	return parts, err
}

// Partitions returns every way of writing g as a sum of even primes, with * added
// when they sum to g + * (CGSuite's Partitions): [[]] for 0 (the empty sum), [[*]] for *.
func (t *Table) Partitions(ctx context.Context, g ID) (ps [][]ID, err error) {
	err = t.run(ctx, func() { t.bounded(func() { ps = t.partitions(g) }) })
	return ps, err
}

// Minus returns x with h + x = g, if h is a part of g (CGSuite's MisereMinus).
func (t *Table) Minus(ctx context.Context, g, h ID) (x ID, ok bool, err error) {
	err = t.run(ctx, func() { t.bounded(func() { x, ok = t.minus(g, h) }) })
	return x, ok, err
}

// minus is Minus under the table's lock.
func (t *Table) minus(g, h ID) (x ID, ok bool) {
	var y ID
	switch e := t.even(h); {
	case e == t.even(g):
		y, ok = Zero, true
	default:
		y, ok = partner(t.pairs(t.even(g)), e)
	}
	if ok {
		x, ok = t.exact(h, y, g)
	}
	return x, ok
}
