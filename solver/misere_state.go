package solver

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grundy-lang/grundy/budget"
)

// The misère solver works on sums in canonical form: a sorted multiset of atoms.
// A component position p is the atom int64(p) (>= 0); a nim heap *k (k >= 1) is the
// atom -k. Zero games (*0, and positions without options) are dropped, and a position
// found to be identical to a nimber *k is written as the heap -k, so that equal sums
// share one memo entry.

// posInfo is what the misère solver knows of one position.
type posInfo struct {
	first, last int32 // its options are m.opts options [first, last); last < 0 until expanded
	state       int32 // 1 + the id of the singleton sum {p}, or 0
	nim         int32 // k > 0 once p is known to be identical to the nimber *k
}

// mstate is one canonical sum.
type mstate struct {
	at    atomAt // where it is in m.atoms
	genus int32  // genus id, or noGenus / busy
	out   int8   // outcome: outUnknown, outP, outN or busy
	tame  bool   // with genus >= 0: every position of this sum has a tame genus
}

const (
	noGenus = -1
	busy    = -2 // on the stack of a running walk

	outUnknown = 0
	outP       = 1
	outN       = 2
)

// grow makes sure m.pos covers p.
func (m *Misere) grow(p Pos) {
	if int(p) < len(m.pos) {
		return
	}
	n := max(int(p)+1, 2*len(m.pos), 1024)
	grown := make([]posInfo, n)
	copy(grown, m.pos)
	for i := len(m.pos); i < n; i++ {
		grown[i].last = -1
	}
	m.pos = grown
}

// expand caches the options of p.
func (m *Misere) expand(p Pos) error {
	if p < 0 {
		return fmt.Errorf("invalid position id %d", p)
	}
	m.grow(p)
	if m.pos[p].last >= 0 {
		return nil
	}
	buf := m.bufs.get()
	defer m.putBuf(buf)
	if err := m.s.rules.Expand(p, buf); err != nil {
		return err
	}
	for _, c := range buf.Comps {
		if c < 0 {
			return fmt.Errorf("invalid position id %d among the options of %s", c, m.s.rules.Describe(p))
		}
	}
	if m.pos[p].last >= 0 { // a nested query expanded p meanwhile
		return nil
	}
	if err := m.withinMemory(buf.Len()); err != nil {
		return err
	}
	first := int32(m.opts.Len())
	for i := range buf.Len() {
		comps, nim := buf.Option(i)
		m.opts.Add(nim, comps...)
	}
	m.pos[p].first, m.pos[p].last = first, int32(m.opts.Len())
	return nil
}

func (m *Misere) putBuf(b *Options) {
	b.Reset()
	m.bufs.put(b)
}

// appendAtoms appends the atoms of the sum comps + *nim to dst (unsorted).
func (m *Misere) appendAtoms(dst []int64, comps []Pos, nim int64) ([]int64, error) {
	for _, c := range comps {
		if err := m.expand(c); err != nil {
			return dst, err
		}
		pi := m.pos[c]
		switch {
		case pi.last == pi.first: // no options: the zero game
		case pi.nim > 0:
			dst = append(dst, -int64(pi.nim))
		default:
			dst = append(dst, int64(c))
		}
	}
	if nim < 0 {
		return dst, fmt.Errorf("invalid nimber *%d", nim)
	}
	if nim > 0 {
		dst = append(dst, -nim)
	}
	return dst, nil
}

// atomsOf returns the atoms of state st. Callers must not append to them.
func (m *Misere) atomsOf(st int32) []int64 {
	_, atoms := m.atoms.get(m.states[st].at)
	return atoms
}

// lookup finds the state of sorted atoms, if it exists.
func (m *Misere) lookup(atoms []int64) (int32, bool) {
	return m.lookupHashed(atoms, sumHash(atoms))
}

// lookupHashed is lookup given the sumHash of the atoms.
func (m *Misere) lookupHashed(atoms []int64, sum uint64) (int32, bool) {
	if len(atoms) == 1 && atoms[0] >= 0 {
		m.grow(Pos(atoms[0]))
		s := m.pos[atoms[0]].state
		return s - 1, s > 0
	}
	return m.keys.find(atoms, finishHash(sum))
}

// memoryPerPosition is how many stored atoms and options the misère tables may
// hold per position of Config.MaxPositions (about 16 bytes each): a wide game such
// as Wythoff's, or a sum of many components, stores far more of them than states.
const memoryPerPosition = 4

// withinMemory checks that storing extra more atoms or options stays within the
// tables' share of the position limit, and every megabyte of them (at about 16
// bytes each) looks at the memory budget.
func (m *Misere) withinMemory(extra int) error {
	if m.grown += int64(extra) * 16; m.grown >= 1<<20 {
		m.grown = 0
		if err := m.s.Config.Memory(0); err != nil {
			return err
		}
	}
	lim := m.s.Config.MaxPositions
	if lim <= 0 || m.atoms.n+m.opts.Len()+extra <= memoryPerPosition*lim {
		return nil
	}
	return &budget.LimitError{Limit: "positions", Value: lim,
		Hint: fmt.Sprintf("misère play stores every sum it meets and the options of its positions, and these passed %d times the limit; %s", memoryPerPosition, m.s.Config.PositionsHint)}
}

// intern returns the state of sorted atoms, creating it if needed; a new state counts
// against Config.MaxPositions.
func (m *Misere) intern(atoms []int64) (int32, error) {
	if st, ok := m.lookup(atoms); ok {
		return st, nil
	}
	return m.add(atoms)
}

// add makes a new state of sorted atoms, which have none yet.
func (m *Misere) add(atoms []int64) (int32, error) {
	if err := m.s.Config.Positions(len(m.states) + 1); err != nil {
		return 0, err
	}
	if err := m.withinMemory(len(atoms)); err != nil {
		return 0, err
	}
	st := int32(len(m.states))
	at, ok := m.atoms.add(st, atoms)
	if !ok {
		return 0, &budget.LimitError{Limit: "positions", Value: len(m.states),
			Hint: "misère play stores the sums it meets in at most 2^16 blocks of 65,536 components, and they are full"}
	}
	m.states = append(m.states, mstate{at: at, genus: noGenus})
	if len(atoms) == 1 && atoms[0] >= 0 {
		m.pos[atoms[0]].state = st + 1
	} else {
		m.keys.insert(atoms, at)
	}
	return st, nil
}

// single returns the singleton state {p}.
func (m *Misere) single(p Pos) (int32, error) {
	return m.intern([]int64{int64(p)})
}

// atomNim reports whether atom a is a nimber, and which.
func (m *Misere) atomNim(a int64) (int64, bool) {
	if a < 0 {
		return -a, true
	}
	if k := m.pos[a].nim; k > 0 {
		return int64(k), true
	}
	return 0, false
}

// nimOnly reports whether atoms are all nimbers, and if so whether the sum is a misère
// P-position by Bouton's rule.
func (m *Misere) nimOnly(atoms []int64) (isP, ok bool) {
	var x int64
	anyBig := false
	for _, a := range atoms {
		k, isNim := m.atomNim(a)
		if !isNim {
			return false, false
		}
		x ^= k
		anyBig = anyBig || k >= 2
	}
	return boutonP(x, anyBig), true
}

// renim rewrites positions known to be nimbers as heaps, keeping atoms sorted.
func (m *Misere) renim(atoms []int64) []int64 {
	changed := false
	for i, a := range atoms {
		if a >= 0 && m.pos[a].nim > 0 {
			atoms[i] = -int64(m.pos[a].nim)
			changed = true
		}
	}
	if changed {
		slices.Sort(atoms)
	}
	return atoms
}

// optionCount is the number of options of the sum atoms without atoms[skip] (skip < 0
// for none), saturating at limit. Its positions must be expanded.
func (m *Misere) optionCount(atoms []int64, skip int, limit int64) int64 {
	var n int64
	for i, a := range atoms {
		if i == skip {
			continue
		}
		if a < 0 {
			n += min(-a, limit)
		} else {
			n += int64(m.pos[a].last - m.pos[a].first)
		}
		if n >= limit {
			return limit
		}
	}
	return n
}

// describe names a sum as the user would write it.
func (m *Misere) describe(atoms []int64) string {
	if len(atoms) == 0 {
		return "0"
	}
	var parts []string
	for _, a := range atoms {
		if a >= 0 {
			parts = append(parts, m.s.rules.Describe(Pos(a)))
		}
	}
	for _, a := range atoms {
		if a < 0 {
			parts = append(parts, fmt.Sprintf("*%d", -a))
		}
	}
	return strings.Join(parts, " + ")
}

// atomArena holds the atoms of every state in chunks that are never copied as
// it grows (copying a doubling slice of hundreds of megabytes was an eighth of a
// long misère search). Each state is a header (its id and its number of atoms)
// followed by its atoms, so that a lookup in sumTable finds all it compares in
// one place. A state never straddles two chunks: one too long for the rest of a
// chunk starts a new one, of its own length when that is more than atomChunk.
type atomArena struct {
	chunks [][]int64
	n      int // atoms held, headers included
}

// atomChunk is the length of a chunk, and atomAt's bound on the index in one.
const atomChunk = 1 << 16

// atomAt is where a state's header is: chunk<<16 | index.
type atomAt uint32

// add appends the state id with its atoms and returns where it starts; ok is
// false when the arena is full (2^16 - 1 chunks, so that atomAt+1 fits 32 bits).
func (a *atomArena) add(id int32, atoms []int64) (at atomAt, ok bool) {
	last := len(a.chunks) - 1
	if last < 0 || len(a.chunks[last])+1+len(atoms) > cap(a.chunks[last]) {
		if len(a.chunks) == 1<<16-1 {
			return 0, false
		}
		a.chunks = append(a.chunks, make([]int64, 0, max(atomChunk, 1+len(atoms))))
		last++
	}
	c := a.chunks[last]
	at = atomAt(last<<16 | len(c))
	c = append(c, int64(id)<<32|int64(len(atoms)))
	a.chunks[last] = append(c, atoms...)
	a.n += 1 + len(atoms)
	return at, true
}

// get returns the id and the atoms of the state at at. Callers must not append
// to the atoms.
func (a *atomArena) get(at atomAt) (id int32, atoms []int64) {
	c := a.chunks[at>>16]
	i := int(at & (1<<16 - 1))
	h := c[i]
	n := i + 1 + int(uint32(h))
	return int32(h >> 32), c[i+1 : n : n]
}

// bytes is the memory the arena holds.
func (a *atomArena) bytes() int {
	n := 0
	for _, c := range a.chunks {
		n += 8 * cap(c)
	}
	return n
}
