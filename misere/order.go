package misere

import (
	"cmp"
	"slices"
)

// CGSuite lists the options of a form in a fixed order, and String follows it. The
// first forms (birthday 4 and some of birthday 5) come in the order of CGSuite's
// table of early games; each is even (born before its sum with *), and its sum with
// * follows it. Every other form comes after them, ordered by its even part's
// birthday, number of options, normal-play and misère Grundy values and options (in
// this order, compared one by one), the even one of a pair first.

// earlyOptions lists the early even forms in CGSuite's order, each by its options:
// 2k stands for the k-th early form and 2k+1 for its sum with *.
var earlyOptions = [][]int{
	{}, {0, 1}, {2}, {3}, {4}, {2, 3}, {2, 4}, {0, 4}, {1, 4}, {2, 3, 4}, {0, 3, 4}, {0, 2, 4},
	{1, 3, 4}, {1, 2, 4}, {0, 2, 3, 4}, {0, 1, 2, 4}, {1, 2, 3, 4}, {0, 1, 2, 3}, {0, 1, 2, 3, 4},
	{5}, {8}, {12}, {14}, {16}, {18}, {20}, {22}, {24}, {26}, {28}, {30}, {32}, {34}, {36}, {6}, {10},
}

// earlyOrder makes the early forms and gives each its place.
func (t *Table) earlyOrder() map[ID]int {
	var forms []ID // 2k: the k-th early form, 2k+1: its sum with *
	for _, opts := range earlyOptions {
		ids := make([]ID, len(opts))
		for i, o := range opts {
			ids[i] = forms[o]
		}
		g := t.make(ids)
		forms = append(forms, g, t.add(g, Star))
	}
	place := make(map[ID]int, len(forms))
	for i, g := range forms {
		place[g] = i
	}
	return place
}

// evenPart returns the even one of g and g + *, and 1 when that is g + *.
func (t *Table) evenPart(g ID) (ID, int) {
	if t.odd(g) {
		return t.add(g, Star), 1
	}
	return g, 0
}

// compare orders forms as CGSuite lists options.
func (t *Table) compare(a, b ID) int {
	if a == b {
		return 0
	}
	pa, aEarly := t.early[a]
	pb, bEarly := t.early[b]
	switch {
	case aEarly && bEarly:
		return pa - pb
	case aEarly:
		return -1
	case bEarly:
		return 1
	}
	ea, oa := t.evenPart(a)
	eb, ob := t.evenPart(b)
	if ea == eb {
		return oa - ob
	}
	fa, fb := t.forms[ea], t.forms[eb]
	if c := cmp.Or(cmp.Compare(fa.birthday, fb.birthday), cmp.Compare(len(fa.opts), len(fb.opts)),
		cmp.Compare(fa.gPlus, fb.gPlus), cmp.Compare(fa.gMinus, fb.gMinus)); c != 0 {
		return c
	}
	xs, ys := t.sorted(ea), t.sorted(eb)
	for i := range xs {
		if c := t.compare(xs[i], ys[i]); c != 0 {
			return c
		}
	}
	panic("misere: two forms with the same options")
}

// sorted returns g's options in CGSuite's order.
func (t *Table) sorted(g ID) []ID {
	opts := slices.Clone(t.forms[g].opts)
	slices.SortFunc(opts, t.compare)
	return opts
}
