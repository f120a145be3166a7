package misere

import (
	"context"
	"slices"
)

// nim returns the nim heap *n, {0, *, ..., *(n-1)}.
func (t *Table) nim(n int) ID {
	for len(t.nims) <= n {
		t.nims = append(t.nims, t.make(slices.Clone(t.nims)))
	}
	return t.nims[n]
}

// add returns the form of g + h: its options are g' + h and g + h'.
func (t *Table) add(g, h ID) ID {
	if g == Zero {
		return h
	}
	if h == Zero {
		return g
	}
	if g > h {
		g, h = h, g
	}
	if s, ok := t.sums[[2]ID{g, h}]; ok {
		return s
	}
	var opts []ID
	for _, o := range t.forms[g].opts {
		opts = append(opts, t.add(o, h))
	}
	for _, o := range t.forms[h].opts {
		opts = append(opts, t.add(g, o))
	}
	s := t.make(opts)
	t.sums[[2]ID{g, h}] = s
	return s
}

// minusNim returns x with x + *n = g and x born before g, if there is one. Such an
// x is an option of g: x + *0 is an option of x + *n, and it is not reversible,
// since x has no option x + *n = g born after x.
func (t *Table) minusNim(g ID, n int) (ID, bool) {
	b := t.forms[g].birthday
	h := t.nim(n)
	for _, x := range t.forms[g].opts {
		if t.forms[x].birthday < b && t.add(x, h) == g {
			return x, true
		}
	}
	return 0, false
}

// mate returns g's mate: * for 0, 0 for *, otherwise the game of its options' mates.
func (t *Table) mate(g ID) ID {
	switch g {
	case Zero:
		return Star
	case Star:
		return Zero
	}
	if m, ok := t.mates[g]; ok {
		return m
	}
	var opts []ID
	for _, o := range t.forms[g].opts {
		opts = append(opts, t.mate(o))
	}
	m := t.make(opts)
	t.mates[g] = m
	return m
}

// odd reports whether g + * is born before g (g is then odd, g + * even).
func (t *Table) odd(g ID) bool {
	return t.forms[t.add(g, Star)].birthday < t.forms[g].birthday
}

// isPartOf reports whether h is a part of g.
func (t *Table) isPartOf(h, g ID) bool {
	e := t.even(h)
	if e == t.even(g) {
		return true
	}
	_, ok := partner(t.pairs(t.even(g)), e)
	return ok
}

func (t *Table) halfTame(g ID) bool {
	if t.forms[g].phylum.IsGenerallyTame() {
		return false
	}
	s := t.forms[t.add(g, g)]
	return s.phylum.IsGenerallyTame() && s.gPlus == 0 && s.gMinus == 0
}

// Make returns the form of the game whose options are these forms.
func (t *Table) Make(ctx context.Context, opts ...ID) (g ID, err error) {
	err = t.run(ctx, func() { g = t.make(opts) })
	return g, err
}

// Nim returns the nim heap *n.
func (t *Table) Nim(ctx context.Context, n int) (g ID, err error) {
	err = t.run(ctx, func() { g = t.nim(n) })
	return g, err
}

// Add returns the form of the sum g + h.
func (t *Table) Add(ctx context.Context, g, h ID) (s ID, err error) {
	err = t.run(ctx, func() { s = t.add(g, h) })
	return s, err
}

// Options returns g's options, by ID.
func (t *Table) Options(g ID) []ID {
	t.mu.Lock()
	defer t.mu.Unlock()
	return slices.Clone(t.forms[g].opts)
}

// Facts are what CGSuite tells of a form besides its options.
type Facts struct {
	Birthday    int
	MisereValue int  // the misère Grundy value (CGSuite's MisereNimValue)
	Value       int  // the normal-play Grundy value
	NimHeap     bool // g is a nim heap
	Even        bool // g is born before g + * (CGSuite's IsEven)
	Mate        ID   // * for 0, 0 for *, else the game of its options' mates (Conway): g's game tree with every end position 0 replaced by *
	Phylum      Phylum
	Prime       bool // not 0 or *, and no parts but the units and itself
	Extraverted bool // g is a part of {g}
	// PartsUnknown: Prime and Extraverted are not known, the search for parts
	// having stopped at its bound (see maxPartsStored).
	PartsUnknown bool
	Introverted  bool // g is a part of each of its options: only 0 and * are (Conway)
	HalfTame     bool // not generally tame, and g + g is generally tame of values 0, 0
}

// Facts returns g's facts.
func (t *Table) Facts(ctx context.Context, g ID) (f Facts, err error) {
	err = t.run(ctx, func() {
		form := t.forms[g]
		f = Facts{Birthday: form.birthday, MisereValue: form.gMinus, Value: form.gPlus,
			NimHeap: t.nim(form.birthday) == g, Even: !t.odd(g), Mate: t.mate(g), Phylum: form.phylum,
			Introverted: unit(g), HalfTame: t.halfTame(g)}
		f.PartsUnknown = !t.boundedOK(func() { f.Prime, f.Extraverted = t.prime(g), t.isPartOf(g, t.make([]ID{g})) })
	})
	return f, err
}
