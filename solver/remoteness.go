package solver

import (
	"cmp"
	"context"
	"encoding/binary"
	"slices"

	"github.com/grundy-lang/grundy/budget"
)

// Remoteness (Steinhaus; Smith 1966): the number of moves to the end of the game
// when the winner hurries and the loser delays. A position without moves has
// remoteness 0; a position with an option of even remoteness (a P-position) has
// 1 + the least such; any other position 1 + the largest remoteness of its options.
// Even remoteness is a P-position, odd an N-position; a drawn position has none.
//
// Remoteness of a sum is not a function of its parts' remoteness, so sums are
// searched whole: a state is a multiset of positions and nim heaps, and every
// state reachable from the query is found, then decided by retrograde analysis
// with a first-in first-out queue. The queue takes states in order of remoteness
// (a breadth-first search backwards from the ends), so the first P-option that
// decides an N-state is its nearest and the last N-option that decides a P-state
// its farthest. Loops need nothing more: a state that is never decided is drawn.
// The remoteness of every single position found is memoized for the session; a
// later search takes such a position as decided, without expanding it, and merges
// these known states into the queue in order of remoteness.

// Sum is a disjunctive sum of game positions and nim heaps.
type Sum struct {
	Comps []Pos
	Heaps []int64
}

// Drawn is the remoteness reported for a drawn position.
const Drawn = -1

// sumGraph is the state space of a remoteness query.
type sumGraph struct {
	states         []Sum
	index          map[string]int32
	succ           []int32
	succLo, succHi []int32
	key            []byte
	comps          []Pos   // the state being interned: its positions
	heaps          []int64 // and its heaps
	expanded       map[Pos]*Options
	known          map[int32]int32 // states whose remoteness is memoized: not expanded
}

// Remoteness returns the remoteness of each sum, or Drawn. It honours ctx; the
// position limit bounds the states searched.
func (s *Solver) Remoteness(ctx context.Context, sums []Sum) ([]int, error) {
	g := &sumGraph{index: map[string]int32{}, expanded: map[Pos]*Options{}, known: map[int32]int32{}}
	roots := make([]int32, len(sums))
	for i, sum := range sums {
		id, err := s.intern(g, sum)
		if err != nil {
			return nil, err
		}
		roots[i] = id
	}
	for i := 0; i < len(g.states); i++ {
		if s.tick++; s.tick&1023 == 0 {
			if err := s.Config.Poll(ctx); err != nil {
				return nil, err
			}
		}
		g.succLo = append(g.succLo, int32(len(g.succ)))
		st := g.states[i]
		if r, ok := s.knownRemoteness(st); ok {
			g.known[int32(i)] = r
		} else if err := s.expandSum(g, st); err != nil {
			return nil, err
		}
		g.succHi = append(g.succHi, int32(len(g.succ)))
	}
	rem := retrograde(g)
	for i, st := range g.states {
		if len(st.Comps) == 1 && len(st.Heaps) == 0 {
			p := st.Comps[0]
			for int(p) >= len(s.remo) {
				s.remo = append(s.remo, make([]int32, max(1024, len(s.remo)))...)
			}
			s.remo[p] = rem[i] + 2
		}
	}
	out := make([]int, len(sums))
	for i, id := range roots {
		out[i] = int(rem[id])
	}
	return out, nil
}

// knownRemoteness returns the memoized remoteness of a state that is one position.
func (s *Solver) knownRemoteness(st Sum) (int32, bool) {
	if len(st.Comps) != 1 || len(st.Heaps) != 0 || int(st.Comps[0]) >= len(s.remo) || s.remo[st.Comps[0]] == 0 {
		return 0, false
	}
	return s.remo[st.Comps[0]] - 2, true
}

// intern returns the id of a sum as a state, adding it when new.
func (s *Solver) intern(g *sumGraph, st Sum) (int32, error) {
	g.comps = append(g.comps[:0], st.Comps...)
	g.heaps = append(g.heaps[:0], st.Heaps...)
	return s.internScratch(g)
}

// internScratch returns the id of the state held in g.comps and g.heaps (which it
// sorts, dropping empty heaps), adding a copy when it is new.
func (s *Solver) internScratch(g *sumGraph) (int32, error) {
	slices.Sort(g.comps)
	g.heaps = slices.DeleteFunc(g.heaps, func(h int64) bool { return h == 0 })
	slices.Sort(g.heaps)
	g.key = binary.AppendUvarint(g.key[:0], uint64(len(g.comps)))
	for _, c := range g.comps {
		g.key = binary.AppendUvarint(g.key, uint64(c))
	}
	for _, h := range g.heaps {
		g.key = binary.AppendVarint(g.key, h)
	}
	if id, ok := g.index[string(g.key)]; ok {
		return id, nil
	}
	if err := s.Config.Positions(len(g.states) + 1); err != nil {
		return 0, err
	}
	id := int32(len(g.states))
	g.index[string(g.key)] = id
	g.states = append(g.states, Sum{slices.Clone(g.comps), slices.Clone(g.heaps)})
	return id, nil
}

// expandSum adds the edges from st to each state one move away.
func (s *Solver) expandSum(g *sumGraph, st Sum) error {
	for i, c := range st.Comps {
		if i > 0 && st.Comps[i-1] == c {
			continue // the same moves again
		}
		opts, ok := g.expanded[c]
		if !ok {
			opts = &Options{}
			if err := s.rules.Expand(c, opts); err != nil {
				return err
			}
			g.expanded[c] = opts
		}
		for k := range opts.Len() {
			comps, nim := opts.Option(k)
			g.comps = append(append(append(g.comps[:0], st.Comps[:i]...), st.Comps[i+1:]...), comps...)
			g.heaps = append(append(g.heaps[:0], st.Heaps...), nim)
			if err := s.edge(g); err != nil {
				return err
			}
		}
	}
	for i, h := range st.Heaps {
		if i > 0 && st.Heaps[i-1] == h {
			continue
		}
		for j := range h {
			g.comps = append(g.comps[:0], st.Comps...)
			g.heaps = append(g.heaps[:0], st.Heaps...)
			g.heaps[i] = j
			if err := s.edge(g); err != nil {
				return err
			}
		}
	}
	return nil
}

// edge adds an edge to the state held in g.comps and g.heaps.
func (s *Solver) edge(g *sumGraph) error {
	limit := maxSearchMoves
	if s.Config.MaxPositions > 0 {
		limit = min(limit, movesPerState*s.Config.MaxPositions)
	}
	if len(g.succ) >= limit {
		return &budget.LimitError{Limit: "moves searched", Value: limit,
			Hint: "remoteness and best search every sum reachable, move by move; ask about smaller positions"}
	}
	id, err := s.internScratch(g)
	g.succ = append(g.succ, id)
	return err
}

// A remoteness search keeps every move between the states it finds: at most
// maxSearchMoves, and movesPerState per position the position limit allows, so that
// a search through wide positions (big Nim heaps) stops long before memory runs out.
const (
	maxSearchMoves = 1 << 23
	movesPerState  = 4
)

// retrograde decides every state of g, returning its remoteness or Drawn. States
// are taken in order of remoteness: the ends and the known states (sorted) are
// merged with the queue of states decided here, which grows in order.
func retrograde(g *sumGraph) []int32 {
	n := len(g.states)
	predLo := make([]int32, n+1)
	for _, j := range g.succ {
		predLo[j+1]++
	}
	for i := range n {
		predLo[i+1] += predLo[i]
	}
	pred := make([]int32, len(g.succ))
	fill := slices.Clone(predLo[:n])
	open := make([]int32, n) // options of a state not yet known to be N
	rem := make([]int32, n)
	var queue, seeds []int32
	for i := range n {
		for _, j := range g.succ[g.succLo[i]:g.succHi[i]] {
			pred[fill[j]] = int32(i)
			fill[j]++
		}
		open[i] = g.succHi[i] - g.succLo[i]
		rem[i] = Drawn
		if r, ok := g.known[int32(i)]; ok {
			if rem[i] = r; r != Drawn {
				seeds = append(seeds, int32(i))
			}
		} else if open[i] == 0 {
			rem[i] = 0
			queue = append(queue, int32(i))
		}
	}
	slices.SortFunc(seeds, func(a, b int32) int { return cmp.Compare(rem[a], rem[b]) })
	for head := 0; head < len(queue) || len(seeds) > 0; {
		var w int32
		if len(seeds) > 0 && (head == len(queue) || rem[seeds[0]] <= rem[queue[head]]) {
			w, seeds = seeds[0], seeds[1:]
		} else {
			w, head = queue[head], head+1
		}
		for _, u := range pred[predLo[w]:predLo[w+1]] {
			if rem[u] != Drawn {
				continue
			}
			if rem[w]%2 == 0 { // w is a P-state: u moves there and wins
				rem[u] = rem[w] + 1
				queue = append(queue, u)
			} else if open[u]--; open[u] == 0 { // every option of u is an N-state
				rem[u] = rem[w] + 1
				queue = append(queue, u)
			}
		}
	}
	return rem
}
