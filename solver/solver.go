// Package solver computes Sprague-Grundy values of impartial games whose positions
// are interned to dense integer ids. It knows nothing of the language: a Rules
// implementation tells it the options of a position, and the solver walks the game
// DAG lazily, with an explicit stack, memoizing every value it computes. Where the
// moves of a game return to an earlier position, it switches to retrograde analysis
// and Smith's labelling for generalized values (see loopy.go).
package solver

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/grundy-lang/grundy/budget"
)

// Pos is a position interned to a dense id by the caller.
type Pos int32

// Options holds the options of one position. Each option is a disjunctive sum: a run
// of component positions plus a constant nim value (for nimbers such as *3 in a sum).
// Option i has components Comps[start:Ends[i]] where start is Ends[i-1] (or 0).
type Options struct {
	Comps []Pos
	Ends  []int32
	Nims  []int64
}

// Reset empties o, keeping its storage.
func (o *Options) Reset() {
	o.Comps, o.Ends, o.Nims = o.Comps[:0], o.Ends[:0], o.Nims[:0]
}

// Len is the number of options.
func (o *Options) Len() int { return len(o.Ends) }

// Option returns the components and the constant nim value of option i.
func (o *Options) Option(i int) ([]Pos, int64) {
	start := int32(0)
	if i > 0 {
		start = o.Ends[i-1]
	}
	return o.Comps[start:o.Ends[i]], o.Nims[i]
}

// Truncate drops the options from the n-th on.
func (o *Options) Truncate(n int) {
	comps := 0
	if n > 0 {
		comps = int(o.Ends[n-1])
	}
	o.truncate(comps, n)
}

// Add appends one option made of comps and the constant nim value nim.
func (o *Options) Add(nim int64, comps ...Pos) {
	o.Comps = append(o.Comps, comps...)
	o.Ends = append(o.Ends, int32(len(o.Comps)))
	o.Nims = append(o.Nims, nim)
}

// Rules describes a game to the solver.
type Rules interface {
	// Expand appends every option of p to opts with Add (opts may already hold
	// the options of other positions, which Expand must leave alone).
	Expand(p Pos, opts *Options) error
	// Shortcut returns p's normal-play value when it is known without expanding p
	// (a nimber, or a game with a proven closed formula).
	Shortcut(p Pos) (int64, bool)
	// Describe names p for messages, as the user would write it.
	Describe(p Pos) string
}

// Prober is implemented by Rules that can value a position straight from the memo,
// without writing its options out: Probe goes through p's options and adds the value
// of each (the XOR of its components' values, read with Solver.Known, and its nim
// value) to mex; a position with more than 1<<20 options must be expanded instead.
// It stops at the first component that has no finite value memoized
// and returns ProbeNeeds with it; it returns ProbeExpand when it cannot go through
// p's options this way (the solver then expands p with Expand, which reports any
// error of the general path). Errors are those Expand would return.
type Prober interface {
	Probe(p Pos, mex *MexSet) (ProbeResult, Pos, error)
}

// ProbeResult is what a Probe found.
type ProbeResult int

const (
	ProbeSolved ProbeResult = iota // every option was valued: p's value is the mex
	ProbeNeeds                     // a component is not solved yet
	ProbeExpand                    // p must be expanded
)

// maxProbes is how many times a position is probed before it is expanded: each
// failed probe solves one missing component first, so a position whose options
// are solved in the order they are listed needs two probes, and one that keeps
// meeting new unsolved components falls back to its options in the arena.
const maxProbes = 8

// CycleError reports that a query made while solving a position (a where sg(...) in
// its moves) asked for a position that was still being solved, or that the moves of
// a game played in misère returned to an earlier position (misère play of loopy
// games is not supported).
type CycleError struct {
	Cycle []string // the positions of the loop, first repeated at the end
	Query bool     // the loop closes through a query, not through moves alone
}

func (e *CycleError) Error() string {
	if e.Query {
		return fmt.Sprintf("solving %s needs the value of %s, which is still being solved: a query such as sg inside the moves (a where clause) asks for it again (%s)",
			e.Cycle[0], e.Cycle[len(e.Cycle)-1], strings.Join(e.Cycle, " -> "))
	}
	return "misère play of a loopy game is not supported: its moves return to an earlier position (" +
		strings.Join(e.Cycle, " -> ") + "); in normal play sg and outcome handle loops"
}

// The value table holds a finite value (>= 0), one of these marks, or an infinite
// value encoded as infBase - k, where k indexes the interned sets of finite values.
const (
	unknown = -1
	onStack = -2
	infBase = -3
	// loopBase + i marks position i of a loop graph being solved (loopy.go):
	// the position is being solved, as one marked onStack is, and the mark
	// also tells its place in the graph.
	loopBase = math.MinInt32 + 1 // above the value table's bigEntry
	// maxLoopGraph bounds a loop graph's positions, and so its marks; the codes
	// of infinite values lie above them, from infFloor.
	maxLoopGraph = 1 << 30
	infFloor     = loopBase + maxLoopGraph
)

// Solver memoizes normal-play values. Its tables last for its whole life, so every
// query reuses what earlier queries computed. A Solver is not safe for concurrent use;
// Rules.Expand may call back into the same Solver (for instance for a `where sg(...)`
// condition), which is supported.
type Solver struct {
	rules Rules
	// Config is the solver's budget, shared with its owner.
	Config *budget.Budget
	// OnStore, when set, is called with every finite value memoized, so that the
	// rules can keep a copy laid out for their own fast paths.
	OnStore func(p Pos, v int64)

	vals   valueTable // value per Pos, or a mark (unknown, onStack, loopBase + i), infinite values encoded (infBase)
	solved int        // how many values are memoized
	walks  pool[walk] // reusable walk states
	// arenaBudget is defaultArenaBudget; tests lower it to release options often.
	arenaBudget int
	mex         mexSet
	prober      Prober // rules, when they can probe
	tick        int
	pushes      int // positions expanded, for progress
	hits        int // lookups answered from the memo

	kSets     kTable  // the sets K of the infinite values ∞K
	loopDepth int     // loop graphs being explored, one inside another (see inGraph)
	remo      []int32 // remoteness + 2 per Pos (1: drawn, 0: not known)
}

// New returns a solver for rules, within cfg (nil: no limit).
func New(rules Rules, cfg *budget.Budget) *Solver {
	if cfg == nil {
		cfg = &budget.Budget{PositionsHint: "raise Config.MaxPositions"}
	}
	s := &Solver{rules: rules, Config: cfg, arenaBudget: defaultArenaBudget}
	s.prober, _ = rules.(Prober)
	return s
}

// Stats describes the memo table.
type Stats struct {
	Positions int // values memoized
	Bytes     int // memory held by the value table
	Hits      int // lookups of a value already memoized
}

// Stats reports the size of the memo table and how often it answered.
func (s *Solver) Stats() Stats {
	bytes := s.vals.bytes() + cap(s.remo)*4
	return Stats{Positions: s.solved, Bytes: bytes, Hits: s.hits}
}

// CountHits adds n lookups answered from the memo to Stats().Hits: a Prober reads
// values with Known, which does not count them.
func (s *Solver) CountHits(n int) { s.hits += n }

// Known returns p's memoized value, if any and finite.
func (s *Solver) Known(p Pos) (int64, bool) {
	if v := s.vals.get(p); v >= 0 {
		return v, true
	}
	return 0, false
}

// solvedCode reports whether a value table entry is a value rather than a mark.
func solvedCode(v int64) bool { return v >= 0 || (v <= infBase && v >= infFloor) }

// beingSolved reports whether a value table entry marks a position on a walk's
// stack or in a loop graph.
func beingSolved(v int64) bool { return v == onStack || (v >= loopBase && v < infFloor) }

// Forget drops the memoized values of the given positions (for example when the game
// they belong to is redefined).
func (s *Solver) Forget(ps []Pos) {
	for _, p := range ps {
		if solvedCode(s.vals.get(p)) {
			s.vals.set(p, unknown)
			s.solved--
		}
		if int(p) < len(s.remo) {
			s.remo[p] = 0
		}
	}
}

// Clear drops every memoized value.
func (s *Solver) Clear() {
	s.vals, s.remo = valueTable{}, nil
	s.solved = 0
}

func (s *Solver) state(p Pos) int64 {
	if int(p) >= s.vals.len() {
		s.vals.grow(p)
	}
	return s.vals.get(p)
}

func (s *Solver) store(p Pos, v int64) {
	s.vals.set(p, v)
	if v >= 0 && s.OnStore != nil {
		s.OnStore(p, v)
	}
	s.solved++
	if s.solved&(1<<14-1) == 0 && s.Config.OnProgress != nil {
		s.Config.OnProgress(s.solved)
	}
}

// frame is one position being solved on the explicit stack: its options live in the
// walk's arena from compBase/optBase, and next is the index of the next component
// to make sure is solved. A frame whose options were released (to bound memory)
// keeps only how far it had scanned, and expands again when it resumes.
type frame struct {
	pos      Pos
	compBase int32 // where this frame's components start in arena.Comps
	optBase  int32 // where its options start in arena.Ends / Nims
	next     int32 // next component (absolute index in arena.Comps) to make sure is solved
	released bool
	scanned  int32 // with released: how many components were already checked
	probes   int8  // how many times it was probed (see Prober); -1 once expanded
}

// frameStack is a walk's stack, in chunks: a deep walk (a chain of 10^7 positions)
// grows it without copying it or leaving old copies to collect. The first chunk
// starts small and grows to the chunk size.
type frameStack struct {
	chunks [][]frame // each of frameChunk frames
	n      int
}

const frameChunk = 1 << 14

func (st *frameStack) len() int        { return st.n }
func (st *frameStack) at(i int) *frame { return &st.chunks[i/frameChunk][i%frameChunk] }
func (st *frameStack) top() *frame     { return st.at(st.n - 1) }
func (st *frameStack) pop()            { st.n-- }

func (st *frameStack) push(f frame) {
	switch {
	case len(st.chunks) == 0:
		st.chunks = append(st.chunks, make([]frame, 16))
	case st.n < frameChunk && st.n == len(st.chunks[0]):
		// The first chunk grows as a slice does: most walks are shallow.
		st.chunks[0] = append(st.chunks[0], make([]frame, min(st.n, frameChunk-st.n))...)
	case st.n == len(st.chunks)*frameChunk:
		st.chunks = append(st.chunks, make([]frame, frameChunk))
	}
	*st.at(st.n) = f
	st.n++
}

// reset empties the stack, keeping its first chunk.
func (st *frameStack) reset() {
	clear(st.chunks[min(1, len(st.chunks)):])
	st.chunks = st.chunks[:min(1, len(st.chunks))]
	st.n = 0
}

// defaultArenaBudget bounds the components kept in a walk's arena (see
// Solver.arenaBudget). A deep walk through wide positions (sg(Kayles(100000))
// asked first) would otherwise hold the options of every open level, quadratic in
// the depth; past the budget, a frame that must descend releases its options and
// expands again when it resumes.
const defaultArenaBudget = 1 << 22

// walk is the state of one Value call. Nested calls (from Expand) get their own.
type walk struct {
	stack frameStack
	arena Options
	probe MexSet // a Probe may call back into the solver, which then uses another walk
}

// Value returns the normal-play Sprague-Grundy value of p, solving every position
// it needs. It honours ctx and the solver's limits. When p's generalized value is
// infinite (p is in or leads to a loop), it returns an *InfiniteError: use Grundy
// for games that may loop.
func (s *Solver) Value(ctx context.Context, p Pos) (int64, error) {
	g, err := s.Grundy(ctx, p)
	if err == nil && g.Inf {
		return 0, &InfiniteError{Pos: s.rules.Describe(p), Value: g}
	}
	return g.Nim, err
}

// Grundy returns the generalized Sprague-Grundy value of p (Smith): its nim value,
// or ∞K when p is in or leads to a loop. Positions are solved by the memoized
// depth-first walk; when a move returns to a position on the walk's stack, the
// positions reachable from p that are not solved yet are solved together by
// retrograde analysis (see solveLoopy).
func (s *Solver) Grundy(ctx context.Context, p Pos) (Grundy, error) {
	v, err := s.value(ctx, p)
	if err != nil {
		return Grundy{}, err
	}
	return s.decode(v), nil
}

// value is Grundy with the value encoded as in the value table.
func (s *Solver) value(ctx context.Context, p Pos) (int64, error) {
	if v := s.state(p); solvedCode(v) {
		s.hits++
		return v, nil
	}
	if v, ok := s.rules.Shortcut(p); ok {
		s.store(p, v)
		return v, nil
	}
	if beingSolved(s.vals.get(p)) {
		return 0, &CycleError{Cycle: []string{s.rules.Describe(p), s.rules.Describe(p)}, Query: true}
	}
	w := s.walks.get()
	defer s.putWalk(w)
	// A panic that crosses the walk (a runtime error in a move, a fast path's
	// stop) must not leave its marks: the next query of these positions would
	// take them for a cycle. A walk that finished has nothing left to unwind.
	defer s.unwind(w)
	if err := s.push(w, p); err != nil {
		return 0, err
	}
	for w.stack.len() > 0 {
		if s.tick++; s.tick&1023 == 0 {
			if err := s.Config.Poll(ctx); err != nil {
				s.unwind(w)
				return 0, err
			}
		}
		f := w.stack.top()
		if f.released && s.prober != nil && f.probes >= 0 && f.probes < maxProbes {
			need, err := s.probeTop(w)
			if err != nil {
				s.unwind(w)
				return 0, err
			}
			if need >= 0 {
				if err := s.push(w, need); err != nil {
					s.unwind(w)
					return 0, err
				}
			}
			continue
		}
		if f.released {
			f.probes = -1
			if err := s.rules.Expand(f.pos, &w.arena); err != nil {
				s.unwind(w)
				return 0, err
			}
			f.released, f.next = false, f.compBase+f.scanned
		}
		pushed := false
		for int(f.next) < len(w.arena.Comps) {
			c := w.arena.Comps[f.next]
			v := s.state(c)
			if solvedCode(v) {
				s.hits++
				f.next++
				continue
			}
			if beingSolved(v) {
				if !w.holds(c) {
					err := s.cycle(w, c)
					s.unwind(w)
					return 0, err
				}
				// A loop: what is solved so far stays; the rest goes to retrograde analysis.
				s.unwind(w)
				if err := s.solveLoopy(ctx, p); err != nil {
					return 0, err
				}
				return s.vals.get(p), nil
			}
			if sv, ok := s.rules.Shortcut(c); ok {
				s.store(c, sv)
				f.next++
				continue
			}
			if len(w.arena.Comps) > s.arenaBudget {
				// f is the top frame, so its options are the end of the arena.
				f.released, f.scanned = true, f.next-f.compBase
				w.arena.truncate(int(f.compBase), int(f.optBase))
			}
			if err := s.push(w, c); err != nil {
				s.unwind(w)
				return 0, err
			}
			pushed = true
			break
		}
		if pushed {
			continue
		}
		v := s.mexOf(&w.arena, int(f.optBase), int(f.compBase))
		pos := f.pos
		w.arena.truncate(int(f.compBase), int(f.optBase))
		w.stack.pop()
		s.store(pos, v)
	}
	return s.vals.get(p), nil
}

// probeTop probes the position on top of w's stack (see Prober). When it is solved,
// it is stored and popped; when it needs a component that can be solved first, that
// component is returned; otherwise (-1) the frame is left to be expanded.
func (s *Solver) probeTop(w *walk) (Pos, error) {
	f := w.stack.top()
	f.probes++
	w.probe.Reset()
	res, need, err := s.prober.Probe(f.pos, &w.probe)
	if err != nil {
		return -1, err
	}
	switch res {
	case ProbeSolved:
		w.stack.pop()
		s.store(f.pos, w.probe.Mex())
		return -1, nil
	case ProbeNeeds:
		v := s.state(need)
		if v == unknown {
			if sv, ok := s.rules.Shortcut(need); ok {
				s.store(need, sv)
				return -1, nil
			}
			return need, nil
		}
	}
	f.probes = -1 // a loop or an infinite value: the general path handles it
	return -1, nil
}

// push puts p on the walk's stack: expanded, or, when the rules can probe, to be
// probed first.
func (s *Solver) push(w *walk, p Pos) error {
	if err := s.Config.Positions(s.solved + w.stack.len() + 1); err != nil {
		return err
	}
	s.vals.set(p, onStack)
	// Options are appended straight to the arena: Options.Add records absolute ends.
	f := frame{pos: p, compBase: int32(len(w.arena.Comps)), optBase: int32(len(w.arena.Ends))}
	f.next = f.compBase
	f.released = s.prober != nil // expanded, if at all, when it is on top and probing fails
	w.stack.push(f)              // before Expand, so that unwind clears the mark after a panic
	if s.prober == nil {
		if err := s.rules.Expand(p, &w.arena); err != nil {
			w.stack.pop()
			s.vals.set(p, unknown)
			w.arena.truncate(int(f.compBase), int(f.optBase))
			return err
		}
	}
	if w.stack.len()%runawayDepth == 0 {
		if err := s.runaway(w.stack.at(0).pos, p); err != nil {
			w.stack.pop()
			s.vals.set(p, unknown)
			w.arena.truncate(int(f.compBase), int(f.optBase))
			return err
		}
	}
	if s.pushes++; s.pushes&(1<<14-1) == 0 && s.Config.OnProgress != nil {
		s.Config.OnProgress(s.solved + w.stack.len())
	}
	return nil
}

// truncate drops the options from the given component and option indices on.
func (o *Options) truncate(comps, opts int) {
	o.Comps, o.Ends, o.Nims = o.Comps[:comps], o.Ends[:opts], o.Nims[:opts]
}

// mexOf computes the mex of the options stored from optBase (components from
// compBase): the value of a position whose options are all solved. An option with
// an infinite value (it leads to a loop) takes the generalized rule, mexOfLoopy.
func (s *Solver) mexOf(a *Options, optBase, compBase int) int64 {
	n := len(a.Ends) - optBase
	s.mex.reset(n)
	start := int32(compBase)
	for i := optBase; i < len(a.Ends); i++ {
		x := a.Nims[i]
		for _, c := range a.Comps[start:a.Ends[i]] {
			v := s.vals.get(c)
			if v < 0 {
				return s.mexOfLoopy(a, optBase, compBase)
			}
			x ^= v
		}
		start = a.Ends[i]
		s.mex.add(x)
	}
	return s.mex.mex()
}

// mexOfLoopy is the generalized value of a position whose options are all solved,
// some of them infinite: its value is the mex m of the finite option values when
// every infinite option ∞K has m in K (it can answer a move to it by moving to m),
// and ∞ with the finite option values otherwise.
func (s *Solver) mexOfLoopy(a *Options, optBase, compBase int) int64 {
	var finite []int64
	var infinite []int64
	start := int32(compBase)
	for i := optBase; i < len(a.Ends); i++ {
		x := s.sumCode(a.Comps[start:a.Ends[i]], a.Nims[i])
		start = a.Ends[i]
		if x >= 0 {
			finite = append(finite, x)
		} else {
			infinite = append(infinite, x)
		}
	}
	m := Mex(finite)
	for _, x := range infinite {
		if !s.kSets.has(infBase-x, m) {
			return s.kSets.code(finite)
		}
	}
	return m
}

// sumCode is the encoded value of the sum of solved components and a nim value.
func (s *Solver) sumCode(comps []Pos, nim int64) int64 {
	g := Finite(nim)
	for _, c := range comps {
		g = g.Add(s.decode(s.vals.get(c)))
	}
	return s.encode(g)
}

// cycle builds the error for a move from the top of the stack back to c.
func (s *Solver) cycle(w *walk, c Pos) error {
	i := w.stack.len() - 1
	for i > 0 && w.stack.at(i).pos != c {
		i--
	}
	var names []string
	query := w.stack.at(i).pos != c
	if query {
		// c is on the stack of an outer Value call: show what this walk knows.
		names = append(names, s.rules.Describe(c))
		i = 0
	}
	for ; i < w.stack.len(); i++ {
		names = append(names, s.rules.Describe(w.stack.at(i).pos))
	}
	names = append(names, s.rules.Describe(c))
	return &CycleError{Cycle: names, Query: query}
}

// holds reports whether p is on w's stack.
func (w *walk) holds(p Pos) bool {
	for i := range w.stack.len() {
		if w.stack.at(i).pos == p {
			return true
		}
	}
	return false
}

// unwind clears the on-stack marks of an abandoned walk.
func (s *Solver) unwind(w *walk) {
	for i := range w.stack.len() {
		s.vals.set(w.stack.at(i).pos, unknown)
	}
	w.stack.reset()
}

func (s *Solver) putWalk(w *walk) {
	w.stack.reset()
	w.arena.Reset()
	if cap(w.arena.Comps) > s.arenaBudget {
		w.arena = Options{} // give a huge walk's memory back
	}
	s.walks.put(w)
}

// Expand returns the options of p (a fresh copy the caller may keep).
func (s *Solver) Expand(p Pos) (*Options, error) {
	o := &Options{}
	if err := s.rules.Expand(p, o); err != nil {
		return nil, err
	}
	for _, c := range o.Comps {
		s.state(c)
	}
	return o, nil
}

// Mex returns the least non-negative integer not in vals.
func Mex(vals []int64) int64 {
	var m mexSet
	m.reset(len(vals))
	for _, v := range vals {
		m.add(v)
	}
	return m.mex()
}

// mexSet is a reusable bitset for mex: values at or above the number of options can
// never be the mex, so they are ignored.
type mexSet struct {
	bits []uint64
	n    int
}

func (m *mexSet) reset(n int) {
	words := n/64 + 1
	if cap(m.bits) < words {
		m.bits = make([]uint64, words)
	} else {
		m.bits = m.bits[:words]
		clear(m.bits)
	}
	m.n = n
}

func (m *mexSet) add(v int64) {
	if v >= 0 && v <= int64(m.n) {
		m.bits[v>>6] |= 1 << (v & 63)
	}
}

func (m *mexSet) mex() int64 {
	for i, w := range m.bits {
		if w != ^uint64(0) {
			for b := 0; b < 64; b++ {
				if w&(1<<b) == 0 {
					return int64(i*64 + b)
				}
			}
		}
	}
	return int64(len(m.bits) * 64)
}

// MexSet collects option values for a mex, for Prober; Reset it before use. Values
// past 1<<22 are ignored: a probed position has at most 1<<20 options (see Prober),
// so none of them can be its mex. A value is present when its stamp is the set's
// generation, so that Add is one store inlined in the prober's loop and Reset
// clears nothing; the stamps grow to the largest value added.
type MexSet struct {
	stamps []uint32
	gen    uint32
}

const maxMexSetValue = 1 << 22

// Reset empties the set.
func (m *MexSet) Reset() {
	if m.stamps == nil {
		m.stamps = make([]uint32, 1024)
	}
	if m.gen++; m.gen == 0 {
		clear(m.stamps)
		m.gen = 1
	}
}

// Add adds v (a negative v is ignored).
func (m *MexSet) Add(v int64) {
	if uint64(v) < uint64(len(m.stamps)) {
		m.stamps[v] = m.gen
	} else {
		m.grow(v)
	}
}

// AddAll adds every value of vs.
func (m *MexSet) AddAll(vs []int64) {
	stamps, gen := m.stamps, m.gen
	for _, v := range vs {
		if uint64(v) < uint64(len(stamps)) {
			stamps[v] = gen
		} else {
			m.grow(v)
			stamps = m.stamps
		}
	}
}

// AddGridRun adds the values of the cells (a + t*sa, b + t*sb) of a grid for
// t from 0 to n-1, cells[x*width+y] being 1 + the value of cell (x, y) and 0
// one not known, as long as they are known: it stops at the first cell not
// known or outside the grid, and returns how many it added. It is the loop of
// a move along a row, a column or a diagonal of a table of values, in one
// pass, at one stride in memory.
func (m *MexSet) AddGridRun(cells []uint16, width int, a, b, sa, sb int64, n int) int {
	// Room for every value a cell holds, so that the loop needs no check.
	if len(m.stamps) < 1<<16 {
		m.stamps = append(m.stamps, make([]uint32, 1<<16-len(m.stamps))...)
	}
	if width <= 0 {
		return 0
	}
	n = min(n, steps(a, sa, len(cells)/width), steps(b, sb, width))
	stamps, gen := (*[1 << 16]uint32)(m.stamps), m.gen
	at, by := int(a)*width+int(b), int(sa)*width+int(sb)
	t := 0
	// Four cells at a time while all four are known: a loop of one cell ran
	// 15% faster or slower as the linker placed it against the processor's
	// 64-byte fetch windows.
	for ; t+4 <= n; t += 4 {
		v0, v1, v2, v3 := cells[at], cells[at+by], cells[at+2*by], cells[at+3*by]
		if v0 == 0 || v1 == 0 || v2 == 0 || v3 == 0 {
			break
		}
		stamps[v0-1], stamps[v1-1], stamps[v2-1], stamps[v3-1] = gen, gen, gen, gen
		at += 4 * by
	}
	for ; t < n; t++ {
		v := cells[at]
		if v == 0 {
			return t
		}
		stamps[v-1] = gen
		at += by
	}
	return n
}

// steps is how many of x, x + s, x + 2s, ... lie in 0..size-1 (at most a
// billion when s is 0).
func steps(x, s int64, size int) int {
	switch {
	case x < 0 || x >= int64(size):
		return 0
	case s > 0:
		return int((int64(size)-1-x)/s) + 1
	case s < 0:
		return int(x/-s) + 1
	}
	return 1 << 30
}

// AddXorPairs adds a[t] ^ b[t] for each t, or a[t] ^ b[len(b)-1-t] when bBack,
// as long as both are non-negative, and returns how many it added: a negative
// value marks one not known, and the caller takes over from there. It is the
// loop of a split into two heaps whose values are all known, in one pass.
func (m *MexSet) AddXorPairs(a, b []int32, bBack bool) int {
	stamps, gen := m.stamps, m.gen
	b = b[:len(a)]
	// Two pairs at a time while both are known and within the stamps, one
	// loop for each direction of b; then one at a time, which also grows the
	// stamps. A loop of one pair ran up to 1.45x slower or faster as the
	// linker placed it against the processor's 64-byte fetch windows.
	t, n := 0, len(a)
	if bBack {
		for ; t+2 <= n; t += 2 {
			x0, x1, y0, y1 := a[t], a[t+1], b[n-1-t], b[n-2-t]
			v0, v1 := x0^y0, x1^y1
			if x0|x1|y0|y1 < 0 || uint64(v0) >= uint64(len(stamps)) || uint64(v1) >= uint64(len(stamps)) {
				break
			}
			stamps[v0], stamps[v1] = gen, gen
		}
	} else {
		for ; t+2 <= n; t += 2 {
			x0, x1, y0, y1 := a[t], a[t+1], b[t], b[t+1]
			v0, v1 := x0^y0, x1^y1
			if x0|x1|y0|y1 < 0 || uint64(v0) >= uint64(len(stamps)) || uint64(v1) >= uint64(len(stamps)) {
				break
			}
			stamps[v0], stamps[v1] = gen, gen
		}
	}
	for ; t < n; t++ {
		x, y := a[t], b[t]
		if bBack {
			y = b[n-1-t]
		}
		if x|y < 0 {
			return t
		}
		if v := int64(x ^ y); uint64(v) < uint64(len(stamps)) {
			stamps[v] = gen
		} else {
			m.grow(v)
			stamps = m.stamps
		}
	}
	return n
}

//go:noinline
func (m *MexSet) grow(v int64) { // out of line, so that Add inlines
	if v >= 0 && v < maxMexSetValue && m.stamps != nil {
		m.stamps = append(m.stamps, make([]uint32, int(v)+1-len(m.stamps)+len(m.stamps))...)
		m.stamps[v] = m.gen
	}
}

// Mex is the least non-negative integer not added.
func (m *MexSet) Mex() int64 {
	v := 0
	for v < len(m.stamps) && m.stamps[v] == m.gen {
		v++
	}
	return int64(v)
}

// RunawayRules is implemented by Rules that can tell a game running away: a
// position whose arguments, reached from root, fall or grow without end (a move
// that lacks a where condition). The solver asks every runawayDepth positions
// deep, long before the position limit is reached.
type RunawayRules interface {
	Runaway(root, p Pos) error
}

// runawayDepth is how often, in positions along one line of play, the solver
// asks RunawayRules.
const runawayDepth = 1 << 12

func (s *Solver) runaway(root, p Pos) error {
	if r, ok := s.rules.(RunawayRules); ok {
		return r.Runaway(root, p)
	}
	return nil
}
