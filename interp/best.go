package interp

import (
	"slices"

	"github.com/grundy-lang/grundy/solver"
)

// Best play beyond winning moves: remoteness and the moves a perfect player picks,
// for loopy games as for acyclic ones (see solver.Remoteness).

// movesToP lists the moves of a position or sum to a P-position by going through
// every move: the way to find winning moves when some part is loopy.
func (in *Interp) movesToP(v Value, fn string) ([]*Move, error) {
	ms, err := in.moves(v, fn, 0)
	if err != nil {
		return nil, err
	}
	var out []*Move
	for _, m := range ms {
		o, err := in.outcomeClass(m.To, fn)
		if err != nil {
			return nil, err
		}
		if o == 'P' {
			out = append(out, m)
		}
	}
	return out, nil
}

// sumOfParts is the solver's form of a position or sum.
func sumOfParts(v Value, fn string) (solver.Sum, error) {
	parts, err := gameParts(v, fn)
	if err != nil {
		return solver.Sum{}, err
	}
	var sum solver.Sum
	for _, p := range parts {
		sum.Comps = append(sum.Comps, solver.Pos(p.N))
	}
	return sum, nil
}

// remoteness is the core of remoteness(G): the remoteness of each position or
// sum (solver.Drawn for a draw).
func (in *Interp) remoteness(vs []Value, fn string) ([]int, error) {
	sums := make([]solver.Sum, len(vs))
	for i, v := range vs {
		var err error
		if sums[i], err = sumOfParts(v, fn); err != nil {
			return nil, err
		}
	}
	return in.solver.Remoteness(in.run.ctx, sums)
}

func biRemoteness(s *callSite, args []Value) Value {
	s.notPartizan(args[0], "remoteness")
	rs, err := s.c.in.remoteness(args[:1], "remoteness")
	s.check(err)
	if r := rs[0]; r != solver.Drawn {
		return Int(int64(r))
	}
	// Play can go on forever: the remoteness is infinite, ∞{} (so that one draw
	// does not fail a whole list; isinf tells).
	return GrundyValue(solver.Infinite(nil))
}

func biIsInf(s *callSite, args []Value) Value {
	return Bool(args[0].K == KInf)
}

func biBest(s *callSite, args []Value) Value {
	s.notPartizan(args[0], "best")
	in := s.c.in
	var ms []*Move
	var err error
	if IsScoring(args[0]) {
		ms, err = in.scoringBest(args[0])
	} else {
		ms, err = in.bestImpartial(args[0])
	}
	if err != nil {
		s.raiseMoves(err, "best")
	}
	return moveValues(ms)
}

// bestImpartial is the core of best(G) in normal play: the moves a perfect
// player picks. From an N-position the moves to a P-position of least
// remoteness (a winning move that does not bring the end nearer could let the
// opponent loop back in a loopy game), from a D-position the moves to
// D-positions, and from a P-position the moves of greatest remoteness.
func (in *Interp) bestImpartial(v Value) ([]*Move, error) {
	from, err := in.outcomeClass(v, "best")
	if err != nil {
		return nil, err
	}
	ms, err := in.moves(v, "best", 0)
	if err != nil {
		return nil, err
	}
	var cands []*Move
	var targets []Value
	for _, m := range ms {
		to, err := in.outcomeClass(m.To, "best")
		if err != nil {
			return nil, err
		}
		if from == 'D' && to == 'D' || from == 'N' && to == 'P' || from == 'P' {
			cands = append(cands, m)
			targets = append(targets, m.To)
		}
	}
	if from == 'D' || len(cands) == 0 {
		return cands, nil
	}
	rs, err := in.remoteness(targets, "best")
	if err != nil {
		return nil, err
	}
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
	return out, nil
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
