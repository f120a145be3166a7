package quotient

import (
	"fmt"
	"math/bits"
	"slices"
)

// set is a set of monoid elements as a bit mask.
type set []uint64

func newSet(n int) set { return make(set, (n+63)/64) }

func (s set) add(x int32) { s[x>>6] |= 1 << (uint(x) & 63) }

// each calls f with every element of s, in increasing order.
func (s set) each(f func(int32)) {
	for i, w := range s {
		for w != 0 {
			f(int32(i*64 + bits.TrailingZeros64(w)))
			w &= w - 1
		}
	}
}

func (s set) any() bool {
	for _, w := range s {
		if w != 0 {
			return true
		}
	}
	return false
}

func (s set) meets(o set) bool {
	for i, w := range s {
		if w&o[i] != 0 {
			return true
		}
	}
	return false
}

func (s set) within(o set) bool {
	for i, w := range s {
		if w&^o[i] != 0 {
			return false
		}
	}
	return true
}

// monoid is a finite commutative monoid with a P-portion; element 0 is the identity.
type monoid interface {
	size() int
	mul(a, b int32) int32
	isP(a int32) bool
	// beat counts a step of a long walk over the monoid: a trial's stops the growth
	// (panics with a stop) when its context is done.
	beat()
}

// table is a monoid given by its multiplication table.
type table struct {
	n    int
	prod []int32 // prod[a*n+b] = ab
	p    []bool
}

func (t *table) size() int            { return t.n }
func (t *table) mul(a, b int32) int32 { return t.prod[int(a)*t.n+int(b)] }
func (t *table) isP(a int32) bool     { return t.p[a] }
func (t *table) beat()                {}
func trivialTable() *table            { return &table{n: 1, prod: []int32{0}, p: []bool{false}} }

// newTable returns an n-element table, every product and the P-portion to be filled.
func newTable(n int) *table { return &table{n: n, prod: make([]int32, n*n), p: make([]bool, n)} }
func pSet(m monoid) set {
	s := newSet(m.size())
	for x := range int32(m.size()) {
		if m.isP(x) {
			s.add(x)
		}
	}
	return s
}

// letter is a heap as the verification sees it: its element and the elements of its
// options; heap names it in failures.
type letter struct {
	elem int32
	opts set
	heap int
}

// failure says that a candidate quotient does not give the outcome of a sum of heaps.
type failure struct {
	what  string
	heaps []int // the sum
}

func (f *failure) Error() string { return fmt.Sprintf("%s: the sum of heaps %v", f.what, f.heaps) }

// explore walks every sum of the letters as the pair (its element, the elements of its
// options) and checks that each sum whose element is not in P has an option in P: the
// N half of "a sum is a P-position exactly when its element is in P". A state whose option
// set contains another's with the same element is dominated and not followed (its
// options only add winning moves), so per element it keeps the minimal option sets: the
// lower bounds used by the mex interpolation (see Quotient.conservative).
func explore(m monoid, letters []letter) ([][]set, *failure) {
	lower := make([][]set, m.size())
	lower[0] = []set{newSet(m.size())}
	return walk(m, lower, []state{{0, lower[0][0], -1, 0}}, nil, letters, nHalf(m))
}

// exploreWith continues explore: lower holds the minimal option sets of the sums of
// letters, and added is one more letter. Only sums with the new letter are walked.
func exploreWith(m monoid, lower [][]set, letters []letter, added letter) ([][]set, *failure) {
	lower = slices.Clone(lower)
	var seeds []state
	for x, sets := range lower {
		lower[x] = slices.Clone(sets)
		for _, s := range sets {
			seeds = append(seeds, state{int32(x), s, -1, 0})
		}
	}
	return walk(m, lower, seeds, []letter{added}, append(slices.Clone(letters), added), nHalf(m))
}

// nHalf is the check of explore: a sum outside the P-portion has an option in it.
func nHalf(m monoid) func(x int32, s set) string {
	p := pSet(m)
	return func(x int32, s set) string {
		if !m.isP(x) && !s.meets(p) {
			return "a sum outside the P-portion has no move into it"
		}
		return ""
	}
}

// state is a sum as explore sees it: its element, its options' elements, and how it was
// reached (parent: index of the sum less one heap, -1 for a starting sum).
type state struct {
	x      int32
	s      set
	parent int
	heap   int
}

// walk explores from the given states, the seeds with the seedLetters only (all the
// letters when there are none), the states it reaches with all the letters, and checks
// each sum it reaches (its element x and its options' elements s): check says what is
// wrong with it, or "". The check must hold of a sum whenever it holds of a sum of the
// same element with fewer options, since dominated sums are not followed.
func walk(m monoid, lower [][]set, states []state, seedLetters, letters []letter, check func(x int32, s set) string) ([][]set, *failure) {
	seeds := len(states)
	if seedLetters == nil {
		seeds = 0
	}
	word := func(i int) []int {
		var hs []int
		for ; states[i].parent >= 0; i = states[i].parent {
			hs = append(hs, states[i].heap)
		}
		slices.Sort(hs)
		return hs
	}
	for i := 0; i < len(states); i++ { // breadth first: short failures first
		m.beat()
		st, ls := states[i], letters
		if i < seeds {
			ls = seedLetters
		}
		for _, l := range ls {
			x := m.mul(st.x, l.elem)
			s := newSet(m.size())
			st.s.each(func(y int32) { s.add(m.mul(y, l.elem)) })
			l.opts.each(func(t int32) { s.add(m.mul(st.x, t)) })
			if what := check(x, s); what != "" {
				return nil, &failure{what, append(word(i), l.heap)}
			}
			if insertMinimal(&lower[x], s) {
				states = append(states, state{x, s, i, l.heap})
			}
		}
	}
	return lower, nil
}

// insertMinimal adds s to the antichain *sets unless some member is within s, dropping
// the members s is within. It reports whether s was added.
func insertMinimal(sets *[]set, s set) bool {
	for _, o := range *sets {
		if o.within(s) {
			return false
		}
	}
	kept := (*sets)[:0]
	for _, o := range *sets {
		if !s.within(o) {
			kept = append(kept, o)
		}
	}
	*sets = append(kept, s)
	return true
}

// reach lists the submonoid generated by the letters' elements, identity first, in
// breadth-first order, and a sum of heaps for each of its elements.
func reach(m monoid, letters []letter) ([]int32, map[int32][]int) {
	words := map[int32][]int{0: nil}
	out := span(m, letters, func(x, y int32, l letter) {
		words[y] = append(slices.Clone(words[x]), l.heap)
	})
	return out, words
}

// span lists the submonoid generated by the letters' elements, identity first, in
// breadth-first order; found, when not nil, is told of each new element y = x·l.
func span(m monoid, letters []letter, found func(x, y int32, l letter)) []int32 {
	seen := make([]bool, m.size())
	seen[0] = true
	out := []int32{0}
	for i := 0; i < len(out); i++ {
		m.beat()
		for _, l := range letters {
			if y := m.mul(out[i], l.elem); !seen[y] {
				seen[y] = true
				if found != nil {
					found(out[i], y, l)
				}
				out = append(out, y)
			}
		}
	}
	return out
}

// checkP checks the P half: no sum whose element is in P has an option whose element is
// in P. A sum is y·e with a letter e, its options in that letter y·t; every y of the
// submonoid is the element of some sum (words[y]).
func checkP(m monoid, elems []int32, words map[int32][]int, letters []letter) *failure {
	for _, y := range elems {
		m.beat()
		for _, l := range letters {
			if !m.isP(m.mul(y, l.elem)) {
				continue
			}
			bad := false
			l.opts.each(func(t int32) { bad = bad || m.isP(m.mul(y, t)) })
			if bad {
				hs := append(slices.Clone(words[y]), l.heap)
				slices.Sort(hs)
				return &failure{"a sum in the P-portion has a move into it", hs}
			}
		}
	}
	return nil
}

// minimize merges the elements of the submonoid elems (generated by gens) that no sum
// tells apart: x ~ y when xz is in P exactly when yz is, for every z. It is the
// minimization of a finite automaton whose letters are the generators. It returns the
// quotient table, made by alloc, and the class of every element of elems (-1
// elsewhere).
func minimize(m monoid, elems []int32, letters []letter, alloc func(n int) *table) (*table, []int32) {
	gens := generators(m, letters)
	class := make([]int32, m.size())
	for i := range class {
		class[i] = -1
	}
	for _, x := range elems {
		class[x] = 0
		if m.isP(x) {
			class[x] = 1
		}
	}
	classes := 1
	for _, x := range elems {
		classes = max(classes, int(class[x])+1)
	}
	acts := make([][]int32, len(gens)) // acts[i][x] = x·gens[i], for x in elems
	for i, g := range gens {
		acts[i] = make([]int32, m.size())
		for _, x := range elems {
			m.beat()
			acts[i][x] = m.mul(x, g)
		}
	}
	for {
		// Each element's signature (its class, the classes of its products with the
		// generators) gets the next class: hashed, and told apart from the first
		// element of each class by comparison (a hash taken by another signature is
		// passed over to the next hash).
		ids := map[uint64]int32{}
		var first []int32
		same := func(x, y int32) bool {
			if class[x] != class[y] {
				return false
			}
			for _, act := range acts {
				if class[act[x]] != class[act[y]] {
					return false
				}
			}
			return true
		}
		next := slices.Clone(class)
		for _, x := range elems { // identity first: it gets class 0
			m.beat()
			h := fnv(14695981039346656037, class[x])
			for _, act := range acts {
				h = fnv(h, class[act[x]])
			}
			for {
				id, ok := ids[h]
				if !ok {
					id = int32(len(first))
					ids[h] = id
					first = append(first, x)
				} else if !same(first[id], x) {
					h++
					continue
				}
				next[x] = id
				break
			}
		}
		class = next
		if len(first) == classes {
			break
		}
		classes = len(first)
	}
	rep := make([]int32, classes)
	for i := len(elems) - 1; i >= 0; i-- {
		rep[class[elems[i]]] = elems[i]
	}
	t := alloc(classes)
	for a := range classes {
		m.beat()
		t.p[a] = m.isP(rep[a])
		for b := range classes {
			t.prod[a*classes+b] = class[m.mul(rep[a], rep[b])]
		}
	}
	return t, class
}

// generators returns letters' elements that generate the submonoid all of them
// generate, each not a product of the ones before (as MisereSolver drops extraneous
// generators): Moore's refinement needs only generators.
func generators(m monoid, letters []letter) []int32 {
	in := make([]bool, m.size())
	in[0] = true
	closure := []int32{0}
	var gens []int32
	for _, l := range letters {
		if in[l.elem] {
			continue
		}
		gens = append(gens, l.elem)
		add := func(y int32) {
			if !in[y] {
				in[y] = true
				closure = append(closure, y)
			}
		}
		closed := len(closure) // closed under the earlier generators
		for i := 0; i < len(closure); i++ {
			m.beat()
			if i < closed {
				add(m.mul(closure[i], l.elem))
				continue
			}
			for _, g := range gens {
				add(m.mul(closure[i], g))
			}
		}
	}
	return gens
}

// fnv adds v to the FNV-1a hash h.
func fnv(h uint64, v int32) uint64 { return (h ^ uint64(uint32(v))) * 1099511628211 }

// meximal returns, for every element x, the elements y that can be added as options of a
// game of element x without changing any outcome: for every z, xz in P implies yz not in
// P (Plambeck and Siegel's mex interpolation).
func meximal(m monoid) []set {
	n := m.size()
	inP := make([]set, n) // inP[x] = {z : xz in P}
	for x := range int32(n) {
		inP[x] = newSet(n)
		for z := range int32(n) {
			if m.isP(m.mul(x, z)) {
				inP[x].add(z)
			}
		}
	}
	out := make([]set, n)
	for x := range n {
		out[x] = newSet(n)
		for y := range int32(n) {
			if !inP[x].meets(inP[y]) {
				out[x].add(y)
			}
		}
	}
	return out
}
