package solver

import (
	"context"
	"math"
)

// oframe is one sum being searched on the outcome walk's stack. Its moves are
// enumerated lazily, component by component, so that the search stops at the first
// move to a P-position.
type oframe struct {
	st   int32
	ai   int   // index in the sum's atoms of the component being moved in
	oi   int64 // next option of it: an option index for a position, the new size for a heap
	lim  int64 // end of that option range
	pend int32 // the option whose outcome is awaited, or -1
	// wild counts the atoms of the sum not known to be tame, up to 2, and
	// wildAtom is one of them: a child keeps every atom but the one moved in, so
	// it can be tame only when at most that one is wild.
	wild     int8
	wildAtom int64
	sum      uint64 // the sumHash of its atoms
}

// childMayBeTame reports whether the child made by moving in atom a of f's sum
// may be tame (when not, quickOut need not look at each of its atoms).
func (f *oframe) childMayBeTame(a int64) bool {
	return f.wild == 0 || f.wild == 1 && a == f.wildAtom
}

// quickOut decides the misère outcome of the sorted sum atoms without a search when it
// can: by Bouton's rule, by tame genus arithmetic, from the memo, or from a known genus.
// st is the state of atoms when found says it has one, so that a caller who goes on
// to search it does not look it up again.
// When mayBeTame is false, some atom is known not to be tame (nor a nimber) and
// the first two ways are skipped.
// sum is the sumHash of the atoms.
func (m *Misere) quickOut(atoms []int64, sum uint64, mayBeTame bool) (isP, known bool, st int32, found bool) {
	if mayBeTame {
		if p, ok := m.nimOnly(atoms); ok {
			return p, true, 0, false
		}
		if gid, ok := m.tameGenusOf(atoms); ok {
			return m.genera[gid].Seq[0] == 0, true, 0, false
		}
	}
	if st, found = m.lookupHashed(atoms, sum); found {
		if out := m.states[st].out; out == outP || out == outN {
			return out == outP, true, st, true
		}
	}
	isP, known = m.genusOut(atoms, st, found)
	return isP, known, st, found
}

// genusOut decides a sum R + n·*2 + *k (k >= 0) from the genus of R when it is known:
// it is a P-position iff γn(R) = k, since γn(R) is the misère Grundy value of R + n·*2
// (see Misere). st and found are the lookup of atoms, already made by the caller.
func (m *Misere) genusOut(atoms []int64, st int32, found bool) (isP, known bool) {
	i, twos, others := 0, 0, 0
	var k int64
	for ; i < len(atoms) && atoms[i] < 0; i++ { // heaps sort first
		if atoms[i] == -2 {
			twos++
		} else {
			k, others = -atoms[i], others+1
		}
	}
	if others > 1 {
		return false, false
	}
	if i > 0 {
		st, found = m.lookup(atoms[i:])
	}
	if !found || m.states[st].genus < 0 {
		return false, false
	}
	return m.genera[m.states[st].genus].Gamma(twos) == k, true
}

// knownTame reports whether atom a is a nimber or a position known to be tame.
func (m *Misere) knownTame(a int64) bool {
	if _, ok := m.atomNim(a); ok {
		return true
	}
	if ps := m.pos[a].state; ps > 0 {
		s := m.states[ps-1]
		return s.genus >= 0 && s.tame
	}
	return false
}

// tameGenusOf returns the genus of the sum atoms when every component of it is known to
// be tame.
func (m *Misere) tameGenusOf(atoms []int64) (int32, bool) {
	gids := m.gidBuf[:0]
	defer func() { m.gidBuf = gids }()
	for _, a := range atoms {
		if k, ok := m.atomNim(a); ok {
			gids = append(gids, m.nimGenus(k))
			continue
		}
		ps := m.pos[a].state
		if ps == 0 {
			return 0, false
		}
		s := m.states[ps-1]
		if s.genus < 0 || !s.tame {
			return 0, false
		}
		gids = append(gids, s.genus)
	}
	return m.tameSum(gids), true
}

// outcome decides the sorted sum atoms: quickly if it can, else by search.
func (m *Misere) outcome(ctx context.Context, atoms []int64) (bool, error) {
	p, known, st, found := m.quickOut(atoms, sumHash(atoms), true)
	if known {
		return p, nil
	}
	if !found {
		var err error
		if st, err = m.add(atoms); err != nil {
			return false, err
		}
	}
	w := m.walks.get()
	defer m.putWalk(w)
	defer m.unwindSearch(w) // after an error or a panic; a finished search left none
	return m.search(ctx, w, st)
}

// search decides the sum of state root by a memoized depth-first search over the sums
// its moves reach, in canonical form, on an explicit stack. A sum is P when every move
// leads to an N-position (a sum without moves is N: the player to move has already won).
func (m *Misere) search(ctx context.Context, w *mwalk, root int32) (bool, error) {
	if err := m.pushSearch(w, root); err != nil {
		return false, err
	}
	for len(w.ostack) > 0 {
		if err := m.tick(ctx); err != nil {
			return false, err
		}
		f := &w.ostack[len(w.ostack)-1]
		if f.pend >= 0 {
			won := m.states[f.pend].out == outP
			f.pend = -1
			if won {
				m.finishSearch(w, outN)
				continue
			}
		}
		child, sum, ok, err := m.nextChild(w, f)
		if err != nil {
			return false, err
		}
		if !ok { // every move leads to an N-position
			m.finishSearch(w, outP)
			continue
		}
		p, known, cs, found := m.quickOut(child, sum, f.childMayBeTame(m.atomsOf(f.st)[f.ai]))
		if known {
			if p {
				m.finishSearch(w, outN)
			}
			continue
		}
		if !found {
			if cs, err = m.add(child); err != nil {
				return false, err
			}
		}
		f.pend = cs
		if err := m.pushSearch(w, cs); err != nil {
			return false, err
		}
	}
	return m.states[root].out == outP, nil
}

func (m *Misere) pushSearch(w *mwalk, st int32) error {
	if m.states[st].out == busy {
		return m.cycleError(w, st)
	}
	m.states[st].out = busy
	f := oframe{st: st, ai: -1, pend: -1}
	for _, a := range m.atomsOf(st) {
		f.sum += atomMix(a)
		if !m.knownTame(a) {
			f.wild, f.wildAtom = min(f.wild+1, 2), a
		}
	}
	w.ostack = append(w.ostack, f)
	return nil
}

func (m *Misere) finishSearch(w *mwalk, out int8) {
	top := len(w.ostack) - 1
	m.states[w.ostack[top].st].out = out
	w.ostack = w.ostack[:top]
}

// unwindSearch clears the marks of an abandoned search.
func (m *Misere) unwindSearch(w *mwalk) {
	for _, f := range w.ostack {
		m.states[f.st].out = outUnknown
	}
	w.ostack = w.ostack[:0]
}

// nextChild builds the next option of f's sum into w.buf (sorted), with its sumHash
// made from f's, or reports that there are no more. Copies of one component give the
// same options, so only the first is moved in. A heap *k next to a rest R offers R + *j for j < k, but R + *j is a misère
// P-position exactly when j = g⁻(R) (see Misere), and g⁻(R) is at most R's number of
// options (or 1 when R has none), so larger j are skipped: they are all N-positions.
func (m *Misere) nextChild(w *mwalk, f *oframe) (child []int64, sum uint64, ok bool, err error) {
	atoms := m.atomsOf(f.st)
	for f.oi >= f.lim {
		f.ai++
		for f.ai > 0 && f.ai < len(atoms) && atoms[f.ai] == atoms[f.ai-1] {
			f.ai++
		}
		if f.ai >= len(atoms) {
			return nil, 0, false, nil
		}
		a := atoms[f.ai]
		if a < 0 {
			f.oi, f.lim = 0, min(-a, m.heapBound(atoms, f.ai))
			continue
		}
		if err := m.expand(Pos(a)); err != nil {
			return nil, 0, false, err
		}
		f.oi, f.lim = int64(m.pos[a].first), int64(m.pos[a].last)
	}
	rest := append(append(w.buf[:0], atoms[:f.ai]...), atoms[f.ai+1:]...)
	sorted := len(rest)
	sum = f.sum - atomMix(atoms[f.ai])
	o := f.oi
	f.oi++
	if a := atoms[f.ai]; a < 0 {
		if o > 0 {
			rest = append(rest, -o)
			sum += atomMix(-o)
		}
		insertSorted(rest, sorted)
		w.buf = rest
		return rest, sum, true, nil
	}
	comps, nim := m.opts.Option(int(o))
	child, err = m.appendAtoms(rest, comps, nim)
	for _, a := range child[sorted:] {
		sum += atomMix(a)
	}
	insertSorted(child, sorted)
	w.buf = child
	return child, sum, err == nil, err
}

// insertSorted sorts s, whose first n elements are sorted already: each of the
// few after them is moved into place (a child sum is its parent's sorted atoms
// less one, plus the one or two atoms of the option).
func insertSorted(s []int64, n int) {
	for i := n; i < len(s); i++ {
		x, j := s[i], i
		for j > 0 && s[j-1] > x {
			s[j] = s[j-1]
			j--
		}
		s[j] = x
	}
}

// heapBound is one more than the largest misère Grundy value the sum atoms without
// atoms[skip] (skip < 0 for none) can have: see nextChild.
func (m *Misere) heapBound(atoms []int64, skip int) int64 {
	return max(m.optionCount(atoms, skip, math.MaxInt64-1), 1) + 1
}
