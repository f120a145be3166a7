package solver

import (
	"context"
	"fmt"
	"slices"
)

// Misère play: the player who cannot move WINS (equivalently, whoever makes the last
// move loses). Sums do not reduce to XOR there, so the misère solver decides a sum by
// the first of these rules that applies:
//
//  1. Misère Nim (C. L. Bouton, "Nim, a game with a complete mathematical theory",
//     Annals of Mathematics 3 (1901-02) 35-39): a sum of nimbers is a P-position iff
//     all heaps are <= 1 and their nim-sum is 1, or some heap is >= 2 and the
//     nim-sum is 0. Positions whose options are exactly *0 ... *(k-1) are nimbers too.
//  2. Tame genus arithmetic (J. H. Conway, On Numbers and Games, 2nd ed. 2001, ch. 12;
//     Berlekamp, Conway and Guy, Winning Ways, 2nd ed., vol. 2, ch. 13): when every
//     component is tame, the sum adds like misère Nim (see Genus and Tame).
//  3. The genus (below) of the rest when the sum is that rest plus some *2 heaps and at
//     most one other heap: R + n·*2 + *k is a P-position iff γn(R) = k.
//  4. Otherwise a memoized depth-first search over the sums reached, each kept in
//     canonical form (a sorted multiset of components and heaps), stopping at the first
//     move to a P-position and deciding sub-sums by rules 1-3 where they apply.
//
// The misère Grundy value g⁻ (CGSuite's MisereNimValue) is 1 for a game without
// options and otherwise the mex of the options' g⁻. It answers one question exactly:
// G + *m is a misère P-position iff g⁻(G) = m (by induction on G; so G alone is P iff
// g⁻(G) = 0), but unlike normal play it does not determine how G adds to other games.
//
// An option's constant nim value (Options.Nims) is one heap *k: since *a + *b is not
// *(a XOR b) in misère play, Rules must not fold several nimbers of an option into one.

// MisereMethod is the rule that decided a misère outcome. Explanations switch
// on it; String gives its name for people. The zero value is no method (the
// verdict of a query that failed).
type MisereMethod int8

// The rules that decide a misère outcome.
const (
	MethodSearch   MisereMethod = iota + 1 // searching the moves of the sum
	MethodNim                              // Bouton's rule for misère Nim: every part plays as a Nim heap
	MethodTame                             // the sum is tame: the genus of its parts, as misère Nim
	MethodGenus                            // Conway's genus of the parts, known without a search
	MethodQuotient                         // a misère quotient of heap games (never the solver's own: its callers', see package quotient)
)

// String names the method: "search", "misère Nim (Bouton)", "tame genus",
// "genus" or "misère quotient".
func (m MisereMethod) String() string {
	switch m {
	case MethodSearch:
		return "search"
	case MethodNim:
		return "misère Nim (Bouton)"
	case MethodTame:
		return "tame genus"
	case MethodGenus:
		return "genus"
	case MethodQuotient:
		return "misère quotient"
	}
	return fmt.Sprintf("MisereMethod(%d)", int8(m))
}

// Verdict is a misère outcome and the rule that decided it.
type Verdict struct {
	P      bool // the player to move loses
	Method MisereMethod
}

// Move is one move in a sum: option Option of component Comp, numbered as given to
// WinningMoves. Heaps are numbered after the components; for a heap the option is the
// new size j (the move *k -> *j).
type Move struct {
	Comp   int
	Option int
}

// Misere answers misère-play questions about the positions of a Solver's Rules. It
// shares the solver's Rules, limits (Config.MaxPositions bounds the number of sums it
// memoizes) and PositionsHint; its memo tables last as long as it does. Like Solver it is
// not safe for concurrent use, and Rules.Expand may call back into it. After the rules
// change (Solver.Forget or Clear), call Clear.
//
// Every walk uses an explicit stack, so the depth of a game never becomes Go recursion:
// a chain of 10^6 positions takes about 1.5 s and 85 MB, or fails with a *LimitError
// when Config.MaxPositions is smaller.
type Misere struct {
	s *Solver

	pos    []posInfo
	opts   Options // the cached options of every expanded position
	states []mstate
	atoms  atomArena // the atoms of every state
	keys   sumTable  // the states of more than one atom

	genera    []Genus
	kinds     []int8 // wild, small or big, per genus id
	genusIDs  map[string]int32
	nimGenera []int32 // 1 + the genus id of *k, or 0

	walks   pool[mwalk]   // reusable walk states
	bufs    pool[Options] // reusable option buffers for expand
	mex     mexSet
	keyBuf  []byte
	gidBuf  []int32
	seqBuf  []int64
	seenBuf []bool
	ticks   int
	grown   int64 // bytes stored since the memory was last looked at
}

// mwalk is the state of one query; a nested query (from Rules.Expand) gets its own.
type mwalk struct {
	gstack []gframe
	kids   []int32
	ostack []oframe
	cur    []int64
	rest   []int64
	buf    []int64
}

// NewMisere returns a misère solver sharing s's rules and limits.
func NewMisere(s *Solver) *Misere {
	m := &Misere{s: s}
	m.Clear()
	return m
}

// Clear drops every memoized misère result.
func (m *Misere) Clear() {
	*m = Misere{s: m.s, genusIDs: map[string]int32{}}
	m.keys = newSumTable(&m.atoms)
}

// Stats reports the size of the misère memo: the sums memoized and an estimate of the
// memory they hold.
func (m *Misere) Stats() Stats {
	bytes := cap(m.pos)*16 + cap(m.states)*12 + m.atoms.bytes() + m.keys.bytes() +
		cap(m.opts.Comps)*4 + cap(m.opts.Ends)*4 + cap(m.opts.Nims)*8
	return Stats{Positions: len(m.states), Bytes: bytes}
}

func (m *Misere) putWalk(w *mwalk) {
	if cap(w.gstack)+cap(w.ostack) > 1<<16 {
		return // let a deep walk's stacks go
	}
	w.gstack, w.kids, w.ostack = w.gstack[:0], w.kids[:0], w.ostack[:0]
	m.walks.put(w)
}

// tick checks for cancellation every 1024 steps.
func (m *Misere) tick(ctx context.Context) error {
	if m.ticks++; m.ticks&1023 == 0 {
		return m.s.Config.Poll(ctx)
	}
	return nil
}

// cycleError reports a move from the top of w's stack back to st, which is on it.
func (m *Misere) cycleError(w *mwalk, st int32) error {
	var stack []int32
	for _, f := range w.gstack {
		stack = append(stack, f.st)
	}
	for _, f := range w.ostack {
		stack = append(stack, f.st)
	}
	i := len(stack) - 1
	for i > 0 && stack[i] != st {
		i--
	}
	var names []string
	if i < 0 || stack[i] != st {
		// st is on the stack of an outer query: show what this walk knows.
		names = append(names, m.describe(m.atomsOf(st)))
		i = max(i, 0)
	}
	for _, s := range stack[i:] {
		names = append(names, m.describe(m.atomsOf(s)))
	}
	names = append(names, m.describe(m.atomsOf(st)))
	return &CycleError{Cycle: names}
}

// rootAtoms canonicalizes the sum comps + heaps into dst.
func (m *Misere) rootAtoms(dst []int64, comps []Pos, heaps []int64) ([]int64, error) {
	dst, err := m.appendAtoms(dst, comps, 0)
	if err != nil {
		return nil, err
	}
	for _, h := range heaps {
		if dst, err = m.appendAtoms(dst, nil, h); err != nil {
			return nil, err
		}
	}
	slices.Sort(dst)
	return dst, nil
}

// prepare computes the genus of every component of atoms, so that tame components
// are known (and components identical to nimbers become heaps), and returns atoms in
// canonical form again.
func (m *Misere) prepare(ctx context.Context, atoms []int64) ([]int64, error) {
	for i, a := range atoms {
		if a < 0 || (i > 0 && a == atoms[i-1]) {
			continue
		}
		st, err := m.single(Pos(a))
		if err != nil {
			return nil, err
		}
		if err := m.solveGenus(ctx, st); err != nil {
			return nil, err
		}
	}
	return m.renim(atoms), nil
}

// Decide returns the misère outcome of the sum of the positions comps and the nim
// heaps *h for h in heaps (each heap is one component: in misère play *a + *b is not
// *(a XOR b)), and the rule that decided it.
func (m *Misere) Decide(ctx context.Context, comps []Pos, heaps ...int64) (Verdict, error) {
	atoms, err := m.rootAtoms(nil, comps, heaps)
	if err != nil {
		return Verdict{}, err
	}
	if p, ok := m.nimOnly(atoms); ok {
		return Verdict{P: p, Method: MethodNim}, nil
	}
	if atoms, err = m.prepare(ctx, atoms); err != nil {
		return Verdict{}, err
	}
	if p, ok := m.nimOnly(atoms); ok {
		return Verdict{P: p, Method: MethodNim}, nil
	}
	if gid, ok := m.tameGenusOf(atoms); ok {
		return Verdict{P: m.genera[gid].Seq[0] == 0, Method: MethodTame}, nil
	}
	st, found := m.lookup(atoms)
	if p, ok := m.genusOut(atoms, st, found); ok {
		return Verdict{P: p, Method: MethodGenus}, nil
	}
	p, err := m.outcome(ctx, atoms)
	return Verdict{P: p, Method: MethodSearch}, err
}

// Outcome reports whether the sum of comps and the heaps (see Decide) is a misère
// P-position: the player to move loses when the last player to move loses.
// Outcome(ctx, nil) is false: the empty sum is N, its player to move has no move and wins.
func (m *Misere) Outcome(ctx context.Context, comps []Pos, heaps ...int64) (isP bool, err error) {
	v, err := m.Decide(ctx, comps, heaps...)
	return v.P, err
}

// WinningMoves returns every move of the sum of comps and heaps (see Decide) to a misère
// P-position, in order: components first, each in the order of its options as
// Rules.Expand gives them, then heaps. It is empty when the sum is a P-position.
func (m *Misere) WinningMoves(ctx context.Context, comps []Pos, heaps ...int64) ([]Move, error) {
	root, err := m.rootAtoms(nil, comps, heaps)
	if err != nil {
		return nil, err
	}
	if root, err = m.prepare(ctx, root); err != nil {
		return nil, err
	}
	var atom []int64 // the atom a component became
	var moves []Move
	for i, c := range comps {
		pi := m.pos[c]
		if pi.last == pi.first {
			continue
		}
		if atom, err = m.appendAtoms(atom[:0], []Pos{c}, 0); err != nil {
			return nil, err
		}
		rest := without(root, atom[0])
		for o := pi.first; o < pi.last; o++ {
			if err := m.tick(ctx); err != nil {
				return nil, err
			}
			oc, nim := m.opts.Option(int(o))
			child, err := m.appendAtoms(slices.Clone(rest), oc, nim)
			if err != nil {
				return nil, err
			}
			slices.Sort(child)
			p, err := m.outcome(ctx, child)
			if err != nil {
				return nil, err
			}
			if p {
				moves = append(moves, Move{Comp: i, Option: int(o - pi.first)})
			}
		}
	}
	for h, k := range heaps {
		if k == 0 {
			continue
		}
		rest := without(root, -k)
		// Only j = g⁻(rest) can win (see nextChild).
		lim := min(k, m.heapBound(rest, -1))
		for j := int64(0); j < lim; j++ {
			if err := m.tick(ctx); err != nil {
				return nil, err
			}
			child := slices.Clone(rest)
			if j > 0 {
				child = append(child, -j)
				slices.Sort(child)
			}
			p, err := m.outcome(ctx, child)
			if err != nil {
				return nil, err
			}
			if p {
				moves = append(moves, Move{Comp: len(comps) + h, Option: int(j)})
				break
			}
		}
	}
	return moves, nil
}

// without returns a copy of sorted atoms less one copy of a.
func without(atoms []int64, a int64) []int64 {
	i := slices.Index(atoms, a)
	return append(slices.Clone(atoms[:i]), atoms[i+1:]...)
}

// SumGenus returns the genus of the sum of comps and heaps (see Decide), and whether
// the sum is tame: whether every position of it, itself included, has a tame genus.
func (m *Misere) SumGenus(ctx context.Context, comps []Pos, heaps ...int64) (Genus, bool, error) {
	atoms, err := m.rootAtoms(nil, comps, heaps)
	if err != nil {
		return Genus{}, false, err
	}
	st, err := m.intern(atoms)
	if err != nil {
		return Genus{}, false, err
	}
	if err := m.solveGenus(ctx, st); err != nil {
		return Genus{}, false, err
	}
	s := m.states[st]
	g := m.genera[s.genus]
	return Genus{G: g.G, Seq: slices.Clone(g.Seq)}, s.tame, nil
}

// Value returns the misère Grundy value g⁻(p) (CGSuite's MisereNimValue): 1 if p has no
// options, else the mex of its options' misère Grundy values, an option being a whole
// sum. p + *m is a misère P-position iff Value(p) = m.
func (m *Misere) Value(ctx context.Context, p Pos) (int64, error) {
	g, _, err := m.SumGenus(ctx, []Pos{p})
	if err != nil {
		return 0, err
	}
	return g.Misere(), nil
}

// Genus returns Conway's genus of p (see the Genus type).
func (m *Misere) Genus(ctx context.Context, p Pos) (Genus, error) {
	g, _, err := m.SumGenus(ctx, []Pos{p})
	return g, err
}

// Tame reports whether p is tame in the sense of Conway (On Numbers and Games, ch. 12):
// every position of p's game tree, p and the sums it leads to included, has one of the
// tame genera 0^120, 1^031 or a^{a, a⊕2} (see Genus.IsTame). Tame games add like misère
// Nim positions. This is the strict test on the game as given; CGSuite's IsTame applies
// it to the misère canonical form, where reversible wild options are bypassed, so it
// accepts more games.
func (m *Misere) Tame(ctx context.Context, p Pos) (bool, error) {
	_, tame, err := m.SumGenus(ctx, []Pos{p})
	return tame, err
}

// MisereNimP reports whether the Nim position with the given heap sizes is a misère
// P-position, by Bouton's rule: P iff all heaps are <= 1 and the nim-sum is 1, or some
// heap is >= 2 and the nim-sum is 0.
func MisereNimP(heaps ...int64) bool {
	var x int64
	anyBig := false
	for _, h := range heaps {
		x ^= h
		anyBig = anyBig || h >= 2
	}
	return boutonP(x, anyBig)
}

// boutonP is Bouton's misère rule for nim-sum x, given whether some heap is >= 2.
func boutonP(x int64, anyBig bool) bool {
	if anyBig {
		return x == 0
	}
	return x == 1
}
