package interp

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/grundy-lang/grundy/quotient"
	"github.com/grundy-lang/grundy/solver"
)

// Misère play: the player who makes the last move loses. Sums do not XOR; the
// solver's Misere decides them by misère Nim, genus theory for tame sums, and a
// memoized search over canonical sums otherwise.

// misereSolver returns the session's misère solver, made on first use.
func (in *Interp) misereSolver() *solver.Misere {
	if in.misere == nil {
		in.misere = solver.NewMisere(in.solver)
	}
	return in.misere
}

// misereParts splits the parts of a position or sum into game components and
// heaps, nimbers and Nim heaps (the solver decides heaps by Bouton's rule).
func (in *Interp) misereParts(parts []Value) (comps []solver.Pos, heaps []int64) {
	for _, p := range parts {
		if n, ok := in.heapSize(p); ok {
			heaps = append(heaps, n)
		} else {
			comps = append(comps, solver.Pos(p.N))
		}
	}
	return comps, heaps
}

// isHeap reports whether v is a single position that plays as a nimber.
func (in *Interp) isHeap(v Value) bool {
	if v.K != KPos {
		return false
	}
	_, ok := in.heapSize(v)
	return ok
}

// MisereMethod is the rule that decided a misère outcome (the solver's type):
// MethodNim, MethodQuotient, MethodTame, MethodGenus or MethodSearch. Its
// String names it for people.
type MisereMethod = solver.MisereMethod

// The rules that decide a misère outcome, as the solver names them.
const (
	MethodSearch   = solver.MethodSearch
	MethodNim      = solver.MethodNim
	MethodTame     = solver.MethodTame
	MethodGenus    = solver.MethodGenus
	MethodQuotient = solver.MethodQuotient
)

// misereVerdict is the core of outcome(G, misere): whether v is a misère
// P-position, and which rule decided it.
func (in *Interp) misereVerdict(v Value, fn string) (solver.Verdict, error) {
	parts, err := gameParts(v, fn)
	if err != nil {
		return solver.Verdict{}, err
	}
	return in.decideMisere(in.run.ctx, v, parts)
}

// misereValue is the core of sg(G, misere): the misère Grundy value of a
// position (CGSuite's MisereNimValue), or of a sum (the first term of its genus).
func (in *Interp) misereValue(v Value, fn string) (int64, error) {
	if _, _, ok := in.QuotientOf(v); !ok && v.K == KPos && !in.isHeap(v) {
		return in.misereSolver().Value(in.run.ctx, solver.Pos(v.N))
	}
	g, _, err := in.sumGenus(v, fn)
	if err != nil {
		return 0, err
	}
	return g.Misere(), nil
}

// sumGenus is the genus of a position or sum, and whether every part is tame: through
// its heaps' quotient when that gives it, else by the solver.
func (in *Interp) sumGenus(v Value, fn string) (solver.Genus, bool, error) {
	parts, err := gameParts(v, fn)
	if err != nil {
		return solver.Genus{}, false, err
	}
	if q, heaps, ok := in.QuotientOf(v); ok && fn != "tame" {
		g, ok, err := q.Genus(in.run.ctx, heaps)
		if err != nil || ok {
			return g, false, err
		}
	}
	comps, heaps := in.misereParts(parts)
	return in.misereSolver().SumGenus(in.run.ctx, comps, heaps...)
}

// misereWinning is the core of winning(G, misere): the labelled moves of v to a
// misère P-position.
func (in *Interp) misereWinning(v Value) ([]*Move, error) {
	parts, err := gameParts(v, "winning")
	if err != nil {
		return nil, err
	}
	wins, ok, err := in.quotientWinning(v, parts)
	if err != nil {
		return nil, err
	}
	if ok {
		if budget := in.sumMoveBudget(len(parts)); len(wins) > budget {
			return nil, &TooManyMovesError{v, budget}
		}
		return wins, nil
	}
	comps, heaps := in.misereParts(parts)
	solved, err := in.misereSolver().WinningMoves(in.run.ctx, comps, heaps...)
	if err != nil {
		return nil, err
	}
	if budget := in.sumMoveBudget(len(parts)); len(solved) > budget {
		return nil, &TooManyMovesError{v, budget}
	}
	// The solver numbers game components first, then heaps; map back to parts.
	var order []int
	for _, heapsPass := range []bool{false, true} {
		for i, p := range parts {
			if _, ok := in.heapSize(p); ok == heapsPass {
				order = append(order, i)
			}
		}
	}
	// A component's option w.Option is its w.Option-th move; a heap's is the move
	// to the heap of that size, which its fast path names.
	byPart := make(map[int][]*Move)
	var out []*Move
	for _, w := range solved {
		i := order[w.Comp]
		if _, ok := in.heapSize(parts[i]); ok {
			ms, _ := in.nativeMovesTo(parts[i], int64(w.Option))
			out = append(out, placeInSum(v, parts, i, ms[0]))
			continue
		}
		if byPart[i] == nil {
			ms, err := in.positionMoves(parts[i], 0)
			if err != nil {
				return nil, err
			}
			byPart[i] = ms
		}
		out = append(out, placeInSum(v, parts, i, byPart[i][w.Option]))
	}
	// The moves of each part together, parts in the order of the sum.
	slices.SortStableFunc(out, func(a, b *Move) int { return a.Index - b.Index })
	return out, nil
}

// genus is the core of genus(G): Conway's genus of a position or sum.
func (in *Interp) genus(v Value) (solver.Genus, error) {
	if _, _, ok := in.QuotientOf(v); !ok && v.K == KPos && !in.isHeap(v) {
		return in.misereSolver().Genus(in.run.ctx, solver.Pos(v.N))
	}
	g, _, err := in.sumGenus(v, "genus")
	return g, err
}

// tame is the core of tame(G): whether every position of G's game tree has a
// tame genus.
func (in *Interp) tame(v Value) (bool, error) {
	if v.K == KPos && !in.isHeap(v) {
		return in.misereSolver().Tame(in.run.ctx, solver.Pos(v.N))
	}
	_, tame, err := in.sumGenus(v, "tame")
	return tame, err
}

func biGenus(s *callSite, args []Value) Value {
	s.notPartizan(args[0], "genus")
	g, err := s.c.in.genus(args[0])
	s.check(err)
	return Str(g.String())
}

func biTame(s *callSite, args []Value) Value {
	s.notPartizan(args[0], "tame")
	t, err := s.c.in.tame(args[0])
	s.check(err)
	return Bool(t)
}

// HeapQuotient decides misère sums of the heaps of one game by its misère quotient
// (see Game.MisereHeap and the quotient package).
type HeapQuotient interface {
	// IsP reports whether the sum of heaps of these sizes is a misère P-position.
	IsP(ctx context.Context, heaps []int64) (bool, error)
	// Method is the rule IsP decided by: MethodTame for a game proved tame, else
	// MethodQuotient.
	Method() MisereMethod
	// Reason says, for explanations, how IsP decides the sum of these heaps: the
	// quotient, with the heaps it is proved for, or the tame rule with the sum's values.
	Reason(ctx context.Context, heaps []int64) (string, error)
	// Genus is the genus of the sum of heaps of these sizes when the quotient or the
	// game's tameness gives it (ok); otherwise the solver computes it.
	Genus(ctx context.Context, heaps []int64) (g solver.Genus, ok bool, err error)
}

// QuotientOf returns the misère quotient shared by every part of a position or sum
// and the parts' heap sizes, when every part is a heap of one game that has one.
func (in *Interp) QuotientOf(v Value) (HeapQuotient, []int64, bool) {
	parts, ok := Components(v)
	if !ok {
		return nil, nil, false
	}
	var q HeapQuotient
	var heaps []int64
	for _, p := range parts {
		var misereHeap func([]Value) (HeapQuotient, int64, bool)
		if p.K == KPos {
			misereHeap = in.NativesOf(p.Pos().Game).MisereHeap
		}
		if misereHeap == nil {
			return nil, nil, false
		}
		pq, n, ok := misereHeap(p.Pos().Args)
		if !ok || (q != nil && pq != q) {
			return nil, nil, false
		}
		q, heaps = pq, append(heaps, n)
	}
	return q, heaps, q != nil
}

// decideMisere returns the misère verdict on v: by its heaps' quotient when they have
// one that answers, else by the solver. A quotient that stopped below the sum's largest
// heap (no candidate within its limits, or past its size bound) leaves the sum to the
// solver for quotientFallback at most: past it, the error says how far the quotient
// reaches. Other errors leave it to the solver unbounded.
func (in *Interp) decideMisere(ctx context.Context, v Value, parts []Value) (solver.Verdict, error) {
	comps, heaps := in.misereParts(parts)
	if q, sizes, ok := in.QuotientOf(v); ok {
		isP, qerr := q.IsP(ctx, sizes)
		if qerr == nil {
			return solver.Verdict{P: isP, Method: q.Method()}, nil
		}
		if ctx.Err() != nil {
			return solver.Verdict{}, ctx.Err()
		}
		stop, stopped := quotientStop(qerr)
		if !stopped {
			return in.misereSolver().Decide(ctx, comps, heaps...)
		}
		short, cancel := context.WithTimeout(ctx, quotientFallback)
		defer cancel()
		verdict, err := in.misereSolver().Decide(short, comps, heaps...)
		if err != nil && ctx.Err() == nil && short.Err() != nil {
			return verdict, fmt.Errorf("this sum has a heap of %d tokens, and the misère quotient of its heaps answers sums of heaps up to %d tokens only (%s); a search over the sum's positions found no answer within %v. quotient(G).status says how far the quotient reaches and how to grow it further", slices.Max(sizes), stop.heap-1, stop.why, quotientFallback)
		}
		return verdict, err
	}
	return in.misereSolver().Decide(ctx, comps, heaps...)
}

// stopped is where and why a quotient stopped growing.
type stopped struct {
	heap int
	why  string
}

// quotientStop tells whether err says that a quotient stopped growing, and where.
func quotientStop(err error) (stopped, bool) {
	var limits *quotient.LimitsError
	var tooLarge *quotient.TooLargeError
	switch {
	case errors.As(err, &limits):
		return stopped{limits.Heap, fmt.Sprintf("at heap %d no candidate quotient passes the check within the search's limits", limits.Heap)}, true
	case errors.As(err, &tooLarge):
		return stopped{tooLarge.Heap, fmt.Sprintf("at heap %d it would grow to %d elements, past its size bound %d", tooLarge.Heap, tooLarge.Order, tooLarge.Bound)}, true
	}
	return stopped{}, false
}

// quotientFallback bounds the search that answers a sum of heaps its quotient does
// not reach: such sums are mostly far too large to search, and those the search
// decides at all it mostly decides in well under a second. (A variable for tests.)
var quotientFallback = 2 * time.Second

// quotientWinning lists the moves of v to a misère P-position by its heaps' quotient,
// when it has one that answers (ok).
func (in *Interp) quotientWinning(v Value, parts []Value) (wins []*Move, ok bool, err error) {
	q, heaps, ok := in.QuotientOf(v)
	if !ok {
		return nil, false, nil
	}
	var out []*Move
	for i, p := range parts {
		ms, err := in.positionMoves(p, 0)
		if err != nil {
			return nil, false, err
		}
		for _, m := range ms {
			_, to, ok := in.QuotientOf(m.PartTo)
			if !ok {
				return nil, false, nil
			}
			after := append(append(slices.Clone(heaps[:i]), heaps[i+1:]...), to...)
			isP, err := q.IsP(in.run.ctx, after)
			if err != nil {
				if in.run.ctx.Err() != nil {
					return nil, false, in.run.ctx.Err()
				}
				return nil, false, nil
			}
			if isP {
				out = append(out, placeInSum(v, parts, i, m))
			}
		}
	}
	return out, true, nil
}
