package solver

import (
	"context"
	"errors"
	"fmt"
)

// Loopy games: when the depth-first walk meets a position that is still on its
// stack, the positions reachable from the query that are not solved yet form a
// loopGraph, explored with an explicit stack and solved by Smith's labelling
// (Fraenkel and Yesha's algorithm for the generalized Sprague-Grundy function):
//
//	for m = 0, 1, 2, ... while some position is unlabelled:
//	  label m every unlabelled u with no option labelled m whose every option
//	    that is unlabelled or ∞ has an option labelled m (retrograde analysis:
//	    each u counts such options not yet known to reach m; a queue holds the
//	    positions just labelled m);
//	  label ∞ every unlabelled u with no option labelled m.
//
// Level 0 is the classic retrograde analysis of win, loss and draw: value 0 is a
// loss for the player to move, a position with an option of value 0 is a win, and
// a position that gets ∞ with no option of value 0 is a draw. Each level costs
// time linear in the positions still open plus their moves; a position still open
// at level m has options of every value below m, so the number of levels is at
// most one more than the largest number of moves of a position.

// LoopySumError reports a move of a loopy game to a sum one of whose parts is on
// the loop being solved: values of such sums need the whole product of the parts,
// which the solver does not search.
type LoopySumError struct {
	From, Part string
}

func (e *LoopySumError) Error() string {
	return fmt.Sprintf("a move from %s leads to a sum with %s, which is on a loop of the same game: loopy games whose moves lead to sums (or add nimbers) inside a loop are not supported", e.From, e.Part)
}

// loopGraph holds the positions being solved by retrograde analysis. Position i
// of the graph is pos[i], marked loopBase + i in the value table (see inGraph).
// Its options are edges to graph positions succ[span[i].succLo:span[i].succHi]
// and options already solved, whose value codes are
// fixed[span[i].fixLo:span[i].fixHi].
// (Positions are numbered as they are found and expanded depth first, so that
// a game that runs away is caught early: the options of position i are not
// stored i-th.) pred lists the reverse edges from predLo, the edges into
// position i being pred[predLo[i]:predLo[i+1]].
type loopGraph struct {
	pos          []Pos
	succ         []int32
	span         []optionSpan
	withSolved   []int32 // the positions with options solved before
	fixed        []int64
	pred, predLo []int32
}

// edges are the options of graph position i that are graph positions.
func (g *loopGraph) edges(i int32) []int32 {
	sp := &g.span[i]
	return g.succ[sp.succLo:sp.succHi]
}

// solvedOptions are the value codes of the options of graph position i that
// were solved before.
func (g *loopGraph) solvedOptions(i int32) []int64 {
	sp := &g.span[i]
	return g.fixed[sp.fixLo:sp.fixHi]
}

// preds are the graph positions that have graph position i as an option.
func (g *loopGraph) preds(i int32) []int32 { return g.pred[g.predLo[i]:g.predLo[i+1]] }

// An optionSpan is where a graph position's options are in succ and in fixed.
type optionSpan struct{ succLo, succHi, fixLo, fixHi int32 }

// roomForOne makes room for one more element in s, doubling its capacity when
// it is full. append grows a large slice by a quarter, which copies each
// element four times on average, a cache miss each in a graph of 10^5
// positions and more; slices.Grow overshoots a doubling by a fifth.
func roomForOne[T any](s []T) []T {
	if len(s) < cap(s) {
		return s
	}
	return moved(s, len(s), max(2*len(s), 64))
}

// lengthened returns s lengthened to n elements, its capacity doubled when it
// must move; the new elements are zero.
func lengthened[T any](s []T, n int) []T {
	if n <= cap(s) {
		return s[:n]
	}
	return moved(s, n, max(n, 2*cap(s)))
}

// moved is s copied to a new array of capacity c, as n elements.
func moved[T any](s []T, n, c int) []T {
	t := make([]T, n, c)
	copy(t, s)
	return t
}

// solveLoopy solves every position reachable from root that is not solved yet.
func (s *Solver) solveLoopy(ctx context.Context, root Pos) error {
	g := &loopGraph{}
	s.loopDepth++
	defer func() { s.loopDepth-- }()
	solved := false
	defer func() {
		// An error or a panic (a runtime error in a move) leaves no position
		// marked: the next query would take it for a cycle.
		if !solved {
			for _, p := range g.pos {
				s.vals.set(p, unknown)
			}
		}
	}()
	err := s.explore(ctx, g, root)
	if err == nil {
		err = s.label(ctx, g)
	}
	solved = err == nil
	return err
}

// add makes p a position of the graph, to be expanded, and marks it with its
// index.
func (s *Solver) add(g *loopGraph, p Pos, todo *[]int32) (int32, error) {
	if err := s.Config.Positions(s.solved + len(g.pos) + 1); err != nil {
		return 0, err
	}
	if len(g.pos) == maxLoopGraph {
		return 0, fmt.Errorf("a loop of more than %d positions is too big to solve", maxLoopGraph)
	}
	i := int32(len(g.pos))
	if i > 0 && i%runawayDepth == 0 {
		if err := s.runaway(g.pos[0], p); err != nil {
			return 0, err
		}
	}
	g.pos = append(roomForOne(g.pos), p)
	s.vals.set(p, loopBase+int64(i))
	*todo = append(roomForOne(*todo), i)
	return i, nil
}

// explore expands every unsolved position reachable from root into g, depth
// first.
func (s *Solver) explore(ctx context.Context, g *loopGraph, root Pos) error {
	var todo []int32
	if _, err := s.add(g, root, &todo); err != nil {
		return err
	}
	var opts Options
	for len(todo) > 0 {
		if s.tick++; s.tick&1023 == 0 {
			if err := s.Config.Poll(ctx); err != nil {
				return err
			}
		}
		i := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		opts.Reset()
		if err := s.rules.Expand(g.pos[i], &opts); err != nil {
			return err
		}
		g.span = lengthened(g.span, len(g.pos))
		sp := &g.span[i]
		sp.succLo, sp.fixLo = int32(len(g.succ)), int32(len(g.fixed))
		for k := range opts.Len() {
			comps, nim := opts.Option(k)
			if err := s.classify(ctx, g, i, comps, nim, &todo); err != nil {
				return err
			}
		}
		sp.succHi, sp.fixHi = int32(len(g.succ)), int32(len(g.fixed))
		if sp.fixHi > sp.fixLo {
			g.withSolved = append(g.withSolved, i)
		}
		if s.pushes++; s.pushes&(1<<14-1) == 0 && s.Config.OnProgress != nil {
			s.Config.OnProgress(s.solved + len(g.pos))
		}
	}
	g.reverse()
	return nil
}

// classify records one option of graph position i: an edge when it is a single
// position still to solve, a fixed value when every part is solved.
func (s *Solver) classify(ctx context.Context, g *loopGraph, i int32, comps []Pos, nim int64, todo *[]int32) error {
	if len(comps) == 1 && nim == 0 {
		c := comps[0]
		v := s.state(c)
		if j, ok := s.inGraph(g, c, v); ok {
			g.succ = append(roomForOne(g.succ), j)
			return nil
		}
		switch {
		case solvedCode(v):
			g.fixed = append(roomForOne(g.fixed), v)
			return nil
		case beingSolved(v):
			return s.queryCycle(g, i, c)
		}
		if v, ok := s.rules.Shortcut(c); ok {
			s.store(c, v)
			g.fixed = append(roomForOne(g.fixed), v)
			return nil
		}
		j, err := s.add(g, c, todo)
		g.succ = append(roomForOne(g.succ), j)
		return err
	}
	// A sum: each part must be solved on its own, outside the loop.
	for _, c := range comps {
		v := s.state(c)
		if _, ok := s.inGraph(g, c, v); ok {
			return &LoopySumError{From: s.rules.Describe(g.pos[i]), Part: s.rules.Describe(c)}
		}
		if beingSolved(v) {
			return s.queryCycle(g, i, c)
		}
		if _, err := s.value(ctx, c); err != nil {
			var ce *CycleError
			if errors.As(err, &ce) {
				return &LoopySumError{From: s.rules.Describe(g.pos[i]), Part: s.rules.Describe(c)}
			}
			return err
		}
	}
	g.fixed = append(roomForOne(g.fixed), s.sumCode(comps, nim))
	return nil
}

// inGraph returns p's index in g when p, whose value table entry is v, is a
// position of g. A loop mark is g's own unless g was started from inside
// another graph's exploration (for an option of it that is a sum, or by a
// query its moves make, as a where sg(...) does): then the mark may be the
// outer graph's.
func (s *Solver) inGraph(g *loopGraph, p Pos, v int64) (int32, bool) {
	if v < loopBase || v >= infFloor {
		return 0, false
	}
	i := v - loopBase
	return int32(i), i < int64(len(g.pos)) && (s.loopDepth == 1 || g.pos[i] == p)
}

// queryCycle reports that graph position i needs c, which an outer query is solving.
func (s *Solver) queryCycle(g *loopGraph, i int32, c Pos) error {
	return &CycleError{Cycle: []string{s.rules.Describe(c), s.rules.Describe(g.pos[i]), s.rules.Describe(c)}, Query: true}
}

// reverse builds the reverse edges.
func (g *loopGraph) reverse() {
	n := len(g.pos)
	g.predLo = make([]int32, n+1)
	for _, j := range g.succ {
		g.predLo[j+1]++
	}
	for i := range n {
		g.predLo[i+1] += g.predLo[i]
	}
	// Each position's edges are filled in from its start, which moves on to
	// the next position's start; then the starts are moved back into place.
	g.pred = make([]int32, len(g.succ))
	for i := range int32(n) {
		for _, j := range g.edges(i) {
			g.pred[g.predLo[j]] = i
			g.predLo[j]++
		}
	}
	copy(g.predLo[1:], g.predLo[:n])
	g.predLo[0] = 0
}

// Labels of graph positions while labelling: a finite value is >= 0.
const (
	unlabelled = -1
	infinite   = -2
)

// label runs Smith's labelling on g and stores each position's value: level
// by level, m = 0, 1, ..., the positions labelled m, then those ∞.
func (s *Solver) label(ctx context.Context, g *loopGraph) error {
	l := newLabelling(s, g)
	for m := int32(0); len(l.open) > 0; m++ {
		if err := s.Config.Poll(ctx); err != nil {
			return err
		}
		l.count(m)
		l.labelLevel(m)
		l.closeLevel(m)
	}
	l.store()
	return nil
}

// A labelling is the state of label on one graph.
type labelling struct {
	s     *Solver
	g     *loopGraph
	node  []labelNode
	open  []int32 // the unlabelled positions
	queue []int32 // positions labelled m whose predecessors are not told yet
}

// A labelNode is what the labelling knows of one position, kept together
// because it is read together at a position found by following an edge.
type labelNode struct {
	lab   int32 // unlabelled, infinite or finite
	cnt   int32 // options of an open position not known to reach m
	reach int32 // == m+1: the position has an option labelled m
	open  int32 // options in the graph that are unlabelled or ∞
}

// blocked, added to a position's count, keeps it from being labelled m: one of
// its options is ∞ without m.
const blocked = 1 << 30

func newLabelling(s *Solver, g *loopGraph) *labelling {
	n := len(g.pos)
	l := &labelling{s: s, g: g, node: make([]labelNode, n), open: make([]int32, n)}
	for i := range l.node {
		l.node[i] = labelNode{lab: unlabelled, open: g.span[i].succHi - g.span[i].succLo}
		l.open[i] = int32(i)
	}
	return l
}

// count counts, for each open u, its options that are open or ∞: each must
// reach m before u can be labelled m. It also marks the positions that reach
// m through a solved option.
func (l *labelling) count(m int32) {
	g, node := l.g, l.node
	for _, u := range l.open {
		node[u].cnt = node[u].open
	}
	for _, u := range g.withSolved {
		n := &node[u]
		if n.lab >= 0 {
			continue
		}
		block := int32(0)
		for _, x := range g.solvedOptions(u) {
			if x == int64(m) {
				n.reach = m + 1
			} else if x < 0 && !l.s.kSets.has(infBase-x, int64(m)) {
				block = blocked // once: many would wrap around
			}
		}
		if n.lab == unlabelled {
			n.cnt += block
		}
	}
}

// labelLevel labels m every open position whose options that are open or ∞
// all reach m, and none is m: first by the solved options, then through the
// queue as each position labelled m makes its predecessors reach m.
func (l *labelling) labelLevel(m int32) {
	g, node := l.g, l.node
	// Positions that reach m through a solved option count for their predecessors.
	for _, v := range g.withSolved {
		if node[v].lab < 0 && node[v].reach == m+1 {
			for _, u := range g.preds(v) {
				if node[u].lab == unlabelled {
					node[u].cnt--
				}
			}
		}
	}
	for _, u := range l.open {
		if node[u].cnt == 0 && node[u].reach != m+1 {
			node[u].lab = m
			l.queue = append(l.queue, u)
		}
	}
	for len(l.queue) > 0 {
		w := l.queue[len(l.queue)-1]
		l.queue = l.queue[:len(l.queue)-1]
		for _, v := range g.preds(w) {
			n := &node[v]
			n.open-- // w is labelled now
			if n.reach == m+1 {
				continue
			}
			n.reach = m + 1
			if n.lab < 0 {
				l.uncount(v, m)
			}
		}
	}
}

// uncount tells v's predecessors that v reaches m, labelling m those left
// with no option to wait for.
func (l *labelling) uncount(v int32, m int32) {
	node := l.node
	for _, u := range l.g.preds(v) {
		if node[u].lab == unlabelled {
			if node[u].cnt--; node[u].cnt == 0 && node[u].reach != m+1 {
				node[u].lab = m
				l.queue = append(l.queue, u)
			}
		}
	}
}

// closeLevel ends level m: what reaches m stays open for the next level; the
// rest is ∞.
func (l *labelling) closeLevel(m int32) {
	still := l.open[:0]
	for _, u := range l.open {
		switch n := &l.node[u]; {
		case n.lab >= 0:
		case n.reach != m+1:
			n.lab = infinite
		default:
			still = append(still, u)
		}
	}
	l.open = still
}

// store stores the labels as value codes: a finite label is its own code, and
// an ∞ gets the code of the set of the finite values of its options.
func (l *labelling) store() {
	g := l.g
	var ks []int64
	for u, n := range l.node {
		code := int64(n.lab)
		if n.lab == infinite {
			ks = ks[:0]
			for _, v := range g.edges(int32(u)) {
				if lab := l.node[v].lab; lab >= 0 {
					ks = append(ks, int64(lab))
				}
			}
			for _, x := range g.solvedOptions(int32(u)) {
				if x >= 0 {
					ks = append(ks, x)
				}
			}
			code = l.s.kSets.code(ks)
		}
		l.s.store(g.pos[u], code)
	}
}
