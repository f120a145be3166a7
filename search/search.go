// Package search finds the value of scoring games by game-tree search: negamax
// with alpha-beta pruning and a transposition table. It knows nothing of the
// language: a Rules implementation lists the moves of a state (a position or a
// whole sum, interned to a number by the caller), each with the points it earns
// for the player who makes it and whether that player moves again.
//
// The value of a state is the best final difference, for the player to move,
// between their points and the opponent's from here on: 0 where there is no
// move, otherwise the maximum over the moves of gain - value(next), or
// gain + value(next) after a move that gives the same player another move.
package search

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"unsafe"

	"github.com/grundy-lang/grundy/budget"
	"github.com/grundy-lang/grundy/internal/paged"
)

// State is a position or sum interned to a number by the caller. The numbers
// need not be dense: the table makes room only around the states expanded.
type State int32

// Move is one move of a state: where it leads, the points it earns for the player
// who makes it, and whether that player moves again.
type Move struct {
	Gain  int64
	To    State
	Again bool
}

// Rules describes a scoring game to the searcher.
type Rules interface {
	// Moves appends the moves of s to out and returns it. It may call back into
	// the Searcher (a query inside a move's condition).
	Moves(s State, out []Move) ([]Move, error)
	// Describe names s for messages, as the user would write it.
	Describe(s State) string
}

// RunawayRules is implemented by Rules that can tell a game running away: a
// line of play that never ends because an argument grows or falls without end
// (a move that lacks a where condition). The searcher asks every runawayDepth
// states along one line of play, with the state the search began from.
type RunawayRules interface {
	Runaway(root, s State) error
}

// runawayDepth is how often, in states along one line of play, the searcher
// asks RunawayRules.
const runawayDepth = 1 << 12

// Method is a way to search, from the plain definition to the fastest.
type Method int

// The methods, as the course notes teach them.
const (
	// Table is alpha-beta with the transposition table: each state's bounds and
	// best move are kept, answer later visits and order the moves best-first.
	Table Method = iota
	// AlphaBeta prunes moves that cannot change the answer, without a table.
	AlphaBeta
	// Minimax visits every node of the game tree.
	Minimax
)

var methodNames = [...]string{"table", "alphabeta", "minimax"}

func (m Method) String() string { return methodNames[m] }

// ParseMethod reads a method's name: "table", "alphabeta" or "minimax".
func ParseMethod(name string) (Method, bool) {
	for i, n := range methodNames {
		if n == name {
			return Method(i), true
		}
	}
	return 0, false
}

// Stats counts the work of a search.
type Stats struct {
	Nodes     int // states visited (every visit of the game tree, table hits included)
	Cutoffs   int // times the remaining moves of a state were skipped (alpha-beta)
	TableHits int // visits answered by the table without searching the state
	Positions int // distinct states expanded
}

// LoopError reports that the moves of a scoring game return to an earlier state.
type LoopError struct {
	Cycle []string // the states of the loop, the first repeated at the end
}

func (e *LoopError) Error() string {
	return "a scoring game must end, but its moves return to an earlier position: " + strings.Join(e.Cycle, " -> ")
}

// OverflowError reports a final difference that does not fit the searcher's range.
type OverflowError struct{ At string }

func (e *OverflowError) Error() string {
	return fmt.Sprintf("the score of %s is too large (more than 2^61 in absolute value)", e.At)
}

// inf stands for an unbounded window edge. Values stay strictly inside ±limit,
// so that window arithmetic (saturated at ±inf) never overflows.
const (
	inf   = int64(1) << 62
	limit = int64(1) << 61
)

// entry is what the searcher knows of an expanded state: the bounds lo <=
// value <= hi (exact when equal), the best move found (index+1, 0 for none),
// where its moves lie (n of them from start in chunk of the arena) and whether
// it is being searched. It takes 32 bytes.
type entry struct {
	lo, hi   int64
	chunk, n int32
	best     int32
	start    uint16 // a chunk that holds more than one state has at most 1<<16 moves
	onStack  bool
}

// Searcher searches one game family. Its table lasts for its whole life, so later
// queries reuse what earlier ones found; a Searcher made for one query (NewFresh)
// shows the cost of a search from nothing. It is not safe for concurrent use.
type Searcher struct {
	rules  Rules
	method Method
	// Config's MaxPositions bounds the states expanded (0: no limit), failing
	// with a *budget.LimitError that ends with its PositionsHint, and its
	// MaxMemory the memory held. It is shared with the searcher's owner.
	Config *budget.Budget
	// Stats counts the work of every search so far.
	Stats Stats

	// slots maps a state to its entry's index+1 (0: not expanded), with
	// pages only around the states expanded; entries holds the entries in the
	// order the states were expanded, so that the states searched together lie
	// together. Both grow by pages, never copied: an entry's address stays
	// valid.
	slots   paged.Array[int32]
	entries paged.Array[entry]
	held    int // the entries used
	// arena holds the moves of every expanded state in chunks, each state's
	// in one: a chunk once full is never copied. bigGains holds the gains
	// too big for a kept move, by the move's place (see kept).
	arena    [][]kept
	bigGains map[uint64]int64
	scratch  [][]Move // buffers for listing moves, one per nesting depth
	depth    int
	tick     int
}

// New returns a searcher using method, configured by cfg (nil: no limit).
func New(rules Rules, method Method, cfg *budget.Budget) *Searcher {
	if cfg == nil {
		cfg = &budget.Budget{PositionsHint: "raise Config.MaxPositions"}
	}
	return &Searcher{rules: rules, method: method, Config: cfg}
}

// Bytes estimates the memory the table and the listed moves hold.
func (s *Searcher) Bytes() int {
	moves := 0
	for _, c := range s.arena {
		moves += cap(c)
	}
	return s.slots.Bytes() + s.entries.Bytes() + moves*int(unsafe.Sizeof(kept(0))) + len(s.bigGains)*32
}

// Clear forgets every state (for example after a game is redefined).
func (s *Searcher) Clear() {
	s.slots, s.entries, s.held, s.arena, s.bigGains = paged.Array[int32]{}, paged.Array[entry]{}, 0, nil, nil
	s.Stats.Positions = 0
}

// Value returns the exact value of root. With the table, it first asks for the
// sign (see Sign), which answers a draw outright and otherwise leaves a bound
// and good first moves in the table: on the triangle game the two searches
// together expand 12% fewer states than one search with an open window.
func (s *Searcher) Value(ctx context.Context, root State) (int64, error) {
	if s.method == Table && !s.bounded(root) {
		v, err := s.run(ctx, root, -1, 1)
		if err != nil || v == 0 {
			return v, err
		}
	}
	return s.run(ctx, root, -inf, inf)
}

// bounded reports whether the table knows a bound on st's value.
func (s *Searcher) bounded(st State) bool {
	e := s.lookup(st)
	return e != nil && (e.lo > -inf || e.hi < inf)
}

// lookup returns st's entry, or nil when st was never expanded.
func (s *Searcher) lookup(st State) *entry {
	if k := s.slots.Find(int(st)); k != nil && *k > 0 {
		return s.entries.At(int(*k) - 1)
	}
	return nil
}

// movesOf returns the moves of an expanded state, as the arena keeps them.
func (s *Searcher) movesOf(e *entry) []kept {
	if e.n == 0 {
		return nil
	}
	return s.arena[e.chunk][e.start : int32(e.start)+e.n]
}

// Sign returns -1, 0 or 1, the sign of root's value. It searches with the window
// (-1, 1), which needs only to know on which side of 0 the value lies, so it
// visits fewer states than Value.
func (s *Searcher) Sign(ctx context.Context, root State) (int, error) {
	v, err := s.run(ctx, root, -1, 1)
	switch {
	case err != nil:
		return 0, err
	case v > 0:
		return 1, nil
	case v < 0:
		return -1, nil
	}
	return 0, nil
}

// frame is one state being searched on the explicit stack.
type frame struct {
	state       State
	e           *entry
	moves       []kept
	alpha, beta int64 // the window; alpha rises as moves improve
	alpha0      int64 // alpha on entry, to classify the result as a bound
	best        int64
	bestMove    int32 // index of the best move so far
	first       int32 // the move tried first (from the table), or -1
	next        int32 // how many moves have been tried
}

// moveAt returns the index of the k-th move to try: the table's best first, then
// the others in order.
func (f *frame) moveAt(k int32) int32 {
	switch {
	case f.first < 0:
		return k
	case k == 0:
		return f.first
	case k-1 < f.first:
		return k - 1
	}
	return k
}

// run searches root in the window (alpha, beta), fail-soft: a result at or below
// alpha is an upper bound of the value, at or above beta a lower bound, and
// anything between is exact.
func (s *Searcher) run(ctx context.Context, root State, alpha, beta int64) (result int64, err error) {
	var stack []frame
	defer func() {
		for _, f := range stack {
			f.e.onStack = false
		}
	}()
	v, done, err := s.enter(ctx, &stack, root, alpha, beta)
	if err != nil || done {
		return v, err
	}
	var childValue int64
	returning := false
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if returning {
			returning = false
			if err := s.answer(f, childValue); err != nil {
				return 0, err
			}
		}
		if f.next < int32(len(f.moves)) {
			m := s.move(f.e, f.moves, f.moveAt(f.next))
			f.next++
			a, b := childWindow(m, f.alpha, f.beta)
			v, done, err := s.enter(ctx, &stack, m.To, a, b)
			if err != nil {
				return 0, err
			}
			if done {
				childValue, returning = v, true
			}
			continue
		}
		e, best, bm := f.e, f.best, f.bestMove
		a0, b0 := f.alpha0, f.beta
		stack = stack[:len(stack)-1]
		e.onStack = false
		s.store(e, best, a0, b0, bm)
		childValue, returning = best, true
	}
	return childValue, nil
}

// enter visits st in the window (alpha, beta): it either answers at once
// (done) or pushes a frame on the stack.
func (s *Searcher) enter(ctx context.Context, stack *[]frame, st State, alpha, beta int64) (v int64, done bool, err error) {
	s.Stats.Nodes++
	if s.tick++; s.tick&1023 == 0 {
		if err := s.Config.Poll(ctx); err != nil {
			return 0, false, err
		}
	}
	e, err := s.expand(st)
	if err != nil {
		return 0, false, err
	}
	if e.onStack {
		return 0, false, s.loop(*stack, st)
	}
	first := int32(-1)
	if s.method == Table {
		switch {
		case e.lo == e.hi, e.lo >= beta:
			s.Stats.TableHits++
			return e.lo, true, nil
		case e.hi <= alpha:
			s.Stats.TableHits++
			return e.hi, true, nil
		}
		alpha, beta = max(alpha, e.lo), min(beta, e.hi)
		first = e.best - 1
	}
	if e.n == 0 {
		e.lo, e.hi = 0, 0 // the game is over: nothing more to score
		return 0, true, nil
	}
	if s.method == Minimax {
		alpha, beta = -inf, inf
	}
	moves := s.movesOf(e)
	if s.method == Table {
		if v, k, ok := s.cutByTable(e, moves, beta); ok {
			s.Stats.TableHits++
			e.lo, e.best = max(e.lo, v), k+1
			return v, true, nil
		}
	}
	e.onStack = true
	*stack = append(*stack, frame{state: st, e: e, moves: moves, alpha: alpha, beta: beta, alpha0: alpha, best: -inf, bestMove: -1, first: first})
	if len(*stack)%runawayDepth == 0 {
		if rr, ok := s.rules.(RunawayRules); ok {
			if err := rr.Runaway((*stack)[0].state, st); err != nil {
				return 0, false, err
			}
		}
	}
	return 0, false, nil
}

// cutByTable looks for one of moves whose next state the table already bounds
// well enough to cut off at once (an enhanced transposition cutoff): a move
// worth at least beta by its child's bound. It returns that move's worth,
// a lower bound of e's value, and its index. On the triangle game it saves a
// fifth of the states expanded.
func (s *Searcher) cutByTable(e *entry, moves []kept, beta int64) (v int64, k int32, ok bool) {
	for i, mk := range moves {
		c := s.lookup(mk.to())
		if c == nil {
			continue
		}
		switch m := s.move(e, moves, int32(i)); {
		case m.Again && c.lo > -inf:
			v = m.Gain + c.lo
		case !m.Again && c.hi < inf:
			v = m.Gain - c.hi
		default:
			continue
		}
		if v >= beta && -limit < v && v < limit {
			return v, int32(i), true
		}
	}
	return 0, 0, false
}

// answer takes the value of the child searched for the move last tried in
// f: it may be f's best, raise f's alpha, and cut off the moves left.
func (s *Searcher) answer(f *frame, child int64) error {
	k := f.moveAt(f.next - 1)
	val, ok := combine(s.move(f.e, f.moves, k), child)
	if !ok {
		return &OverflowError{At: s.rules.Describe(f.state)}
	}
	if val > f.best {
		f.best, f.bestMove = val, k
	}
	if s.method != Minimax {
		f.alpha = max(f.alpha, val)
		if f.alpha >= f.beta && f.next < int32(len(f.moves)) {
			s.Stats.Cutoffs++
			f.next = int32(len(f.moves))
		}
	}
	return nil
}

// combine is the value of a move whose next state has value child.
func combine(m Move, child int64) (int64, bool) {
	v := m.Gain - child
	if m.Again {
		v = m.Gain + child
	}
	return v, -limit < v && v < limit
}

// childWindow is the window of the state after m, given the window (alpha, beta)
// of the state before it.
func childWindow(m Move, alpha, beta int64) (int64, int64) {
	if m.Again {
		return clamp(alpha - m.Gain), clamp(beta - m.Gain)
	}
	return clamp(m.Gain - beta), clamp(m.Gain - alpha)
}

func clamp(v int64) int64 { return min(max(v, -inf), inf) }

// store records the result v of searching e's state in the window (alpha,
// beta) as an exact value or a bound, with its best move.
func (s *Searcher) store(e *entry, v, alpha, beta int64, bestMove int32) {
	if s.method != Table {
		return
	}
	switch {
	case v <= alpha:
		e.hi = min(e.hi, v)
	case v >= beta:
		e.lo = max(e.lo, v)
	default:
		e.lo, e.hi = v, v
	}
	if bestMove >= 0 {
		e.best = bestMove + 1
	}
}

// expand returns st's entry, listing its moves the first time it is met.
func (s *Searcher) expand(st State) (*entry, error) {
	if e := s.lookup(st); e != nil {
		return e, nil
	}
	if err := s.Config.Positions(s.Stats.Positions + 1); err != nil {
		return nil, err
	}
	// Moves may search (a query in a condition), which may expand states
	// and grow the arena: list the moves apart, in a buffer of this nesting
	// depth, then copy them in.
	if s.depth == len(s.scratch) {
		s.scratch = append(s.scratch, nil)
	}
	s.depth++
	moves, err := s.rules.Moves(st, s.scratch[s.depth-1][:0])
	s.depth--
	if err != nil {
		return nil, err
	}
	s.scratch[s.depth] = moves
	if e := s.lookup(st); e != nil {
		return e, nil // a query inside the moves searched st already
	}
	byGain(moves)
	e := entry{lo: -inf, hi: inf, n: int32(len(moves))}
	if err := s.keep(&e, moves); err != nil {
		return nil, err
	}
	slot, err := s.slots.Place(int(st), s.Config.Memory)
	if err != nil {
		return nil, err
	}
	if err := s.entries.Grow(s.held, s.Config.Memory); err != nil {
		return nil, err
	}
	p := s.entries.At(s.held)
	*p = e
	s.held++
	*slot = int32(s.held)
	s.Stats.Positions++
	return p, nil
}

// byGain puts the moves that score first, the biggest first, keeping the order
// of equal gains: a good guess at the best move makes alpha-beta cut off
// sooner. Moves often come in that order already.
func byGain(moves []Move) {
	for i := 1; i < len(moves); i++ {
		if moves[i].Gain > moves[i-1].Gain {
			slices.SortStableFunc(moves, func(a, b Move) int { return cmp.Compare(b.Gain, a.Gain) })
			return
		}
	}
}

// keep copies moves into the arena and says in e where they lie.
func (s *Searcher) keep(e *entry, moves []Move) error {
	if len(moves) == 0 {
		return nil
	}
	last := len(s.arena) - 1
	if last < 0 || len(s.arena[last])+len(moves) > cap(s.arena[last]) {
		n := arenaChunk // the first chunks smaller, doubling
		if last >= 0 {
			n = min(n, 2*cap(s.arena[last]))
		} else {
			n = firstChunk
		}
		n = max(n, len(moves)) // a chunk of its own for a bigger state
		if err := s.Config.Memory(int64(n) * int64(unsafe.Sizeof(kept(0)))); err != nil {
			return err
		}
		s.arena = append(s.arena, make([]kept, 0, n))
		last++
	}
	c := s.arena[last]
	e.chunk, e.start = int32(last), uint16(len(c))
	s.arena[last] = c[:len(c)+len(moves)]
	out := c[len(c) : len(c)+len(moves)]
	for i, m := range moves {
		k, big := pack(m)
		out[i] = k
		if big {
			if s.bigGains == nil {
				s.bigGains = map[uint64]int64{}
			}
			s.bigGains[place(e, int32(i))] = m.Gain
		}
	}
	return nil
}

// arenaChunk is how many moves a chunk of the arena holds (more for a state
// with more, alone in its chunk), once the first chunks, from firstChunk on,
// have doubled to it. It is at most 1<<16, so that a state's start in a
// chunk shared with others fits an entry's uint16.
const arenaChunk = 1 << 16

// firstChunk is the size of the arena's first chunk.
const firstChunk = 256

// loop builds the error for a move from the top of the stack back to st.
func (s *Searcher) loop(stack []frame, st State) error {
	i := len(stack) - 1
	for i > 0 && stack[i].state != st {
		i--
	}
	var names []string
	for _, f := range stack[i:] {
		names = append(names, s.rules.Describe(f.state))
	}
	return &LoopError{Cycle: append(names, s.rules.Describe(st))}
}
