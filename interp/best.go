package interp

import (
	"slices"

	"github.com/grundy-lang/grundy/solver"
)

// Best play beyond winning moves: remoteness and the moves a perfect player picks,
// for loopy games as for acyclic ones (see solver.Remoteness).

// movesToP lists the moves of a position or sum to a P-position by going through
// every move: the way to find winning moves when some part is loopy.
func (s *callSite) movesToP(v Value, fn string) []*Move {
	var out []*Move
	for _, m := range s.allMoves(v, fn) {
		if s.outcomeClass(m.To, fn) == 'P' {
			out = append(out, m)
		}
	}
	return out
}

// outcomeClass is the outcome of a position or sum: 'P', 'N' or 'D', by the
// game's native outcome rule where it has one.
func (s *callSite) outcomeClass(v Value, fn string) byte {
	if isP, ok := nativeOutcome(v); ok {
		return outcomeValue(isP).String()[0]
	}
	return s.grundy(v, fn).Outcome()
}

// sumOfParts is the solver's form of a position or sum.
func (s *callSite) sumOfParts(v Value, fn string) solver.Sum {
	var sum solver.Sum
	for _, p := range s.components(v, fn) {
		sum.Comps = append(sum.Comps, solver.Pos(p.N))
	}
	return sum
}

// remoteness returns the remoteness of each position or sum (solver.Drawn for a draw).
func (s *callSite) remoteness(vs []Value, fn string) []int {
	sums := make([]solver.Sum, len(vs))
	for i, v := range vs {
		sums[i] = s.sumOfParts(v, fn)
	}
	in := s.c.in
	rs, err := in.solver.Remoteness(in.ctx, sums)
	if err != nil {
		s.raise(err)
	}
	return rs
}

func biRemoteness(s *callSite, args []Value) Value {
	s.notPartizan(args[0], "remoteness")
	r := s.remoteness(args[:1], "remoteness")[0]
	if r == solver.Drawn {
		// Play can go on forever: the remoteness is infinite, ∞{} (so that
		// one draw does not fail a whole list; isinf tells).
		return GrundyValue(solver.Infinite(nil))
	}
	return Int(int64(r))
}

func biIsInf(s *callSite, args []Value) Value {
	return Bool(args[0].K == KInf)
}

func biBest(s *callSite, args []Value) Value {
	s.notPartizan(args[0], "best")
	if IsScoring(args[0]) {
		return s.scoringBest(args[0])
	}
	return moveValues(s.bestImpartial(args[0]))
}

// bestImpartial lists the moves a perfect player picks in normal play: from an
// N-position the moves to a P-position of least remoteness (a winning move that
// does not bring the end nearer could let the opponent loop back in a loopy
// game), from a D-position the moves to D-positions, and from a P-position the
// moves of greatest remoteness.
func (s *callSite) bestImpartial(v Value) []*Move {
	from := s.outcomeClass(v, "best")
	var cands []*Move
	var targets []Value
	for _, m := range s.allMoves(v, "best") {
		to := s.outcomeClass(m.To, "best")
		if from == 'D' && to == 'D' || from == 'N' && to == 'P' || from == 'P' {
			cands = append(cands, m)
			targets = append(targets, m.To)
		}
	}
	if from == 'D' || len(cands) == 0 {
		return cands
	}
	rs := s.remoteness(targets, "best")
	want := slices.Min(rs)
	if from == 'P' {
		want = slices.Max(rs)
	}
	var out []*Move
	for i, m := range cands {
		if rs[i] == want {
			out = append(out, m)
		}
	}
	return out
}

func biInf(s *callSite, args []Value) Value {
	ks := s.ints(s.elems(args[0], "inf"), "inf")
	for _, k := range ks {
		if k < 0 {
			s.fail("inf: the finite values of options are not negative, but %d is", k)
		}
	}
	return GrundyValue(solver.Infinite(ks))
}
