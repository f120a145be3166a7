package interp

import (
	"errors"
	"fmt"

	"github.com/grundy-lang/grundy/budget"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/solver"
)

// noteValue keeps a copy of the value v of position p in its game's values
// when p has one small non-negative integer argument and no canonical form, or
// in its game's grid when p has two (see gridIDs), so that probing reads a
// part's value by argument, as a hand-written loop over a table does.
func (in *Interp) noteValue(p solver.Pos, v int64) {
	g := in.pos.game(p)
	if g.canon != nil {
		return
	}
	if a, b, ok := in.pos.intPair(p); ok {
		g.grid.noteValue(a, b, v)
		return
	}
	n, ok := in.pos.intArg(p)
	if !ok || v > 1<<31-1 {
		return
	}
	if n < 0 || n >= int64(len(g.dense)) {
		return // not in the dense table
	}
	if n >= int64(len(g.values)) {
		grown := make([]int32, len(g.dense))
		copy(grown, g.values)
		for i := len(g.values); i < len(grown); i++ {
			grown[i] = -1
		}
		g.values = grown
	}
	g.values[n] = int32(v)
}

// solverRules is the session as its solver sees it: its solver.Rules and
// solver.Prober methods, kept off Interp's exported API. It is the Interp itself
// under another type (a conversion, not a copy).
type solverRules Interp

// Expand implements solver.Rules: it runs the position's move clauses. A scoring
// game has no normal-play value, so expanding one for the solver is an error.
func (r *solverRules) Expand(p solver.Pos, opts *solver.Options) (err error) {
	in := (*Interp)(r)
	switch g := in.pos.game(p); {
	case g.scoring:
		return &lang.Error{Pos: g.Pos, Src: g.src, Msg: notNormalPlay(g, in.describe(p))}
	case g.partizan:
		return &partizanError{g}
	}
	return in.expand(p, opts, nil)
}

// expand appends the options of p to opts and, when gains is not nil, what each
// earns (for a scoring game; other games' moves earn nothing).
func (in *Interp) expand(p solver.Pos, opts *solver.Options, gains *[]gain) (err error) {
	return in.expandFor(p, lang.Both, opts, gains)
}

// expandSide appends the options of p for one player (lang.Left or lang.Right):
// the options of the move clauses that player may use. An error panics.
func (in *Interp) expandSide(p solver.Pos, side lang.Side, opts *solver.Options) {
	if err := in.expandFor(p, side, opts, nil); err != nil {
		panic(err)
	}
}

// mayMove reports whether a move clause is open to side (lang.Both: any clause).
func (m *compiledMove) mayMove(side lang.Side) bool {
	return side == lang.Both || m.side == lang.Both || m.side == side
}

// expandFor appends the options of p that side may choose (lang.Both: every
// option) and, when gains is not nil, what each earns.
func (in *Interp) expandFor(p solver.Pos, side lang.Side, opts *solver.Options, gains *[]gain) (err error) {
	g := in.pos.game(p)
	optEnd := len(opts.Ends) + in.Config.MaxOptions
	if g.nimber {
		n := in.nimberOf(p)
		if n > int64(optEnd-len(opts.Ends)) {
			return in.optionLimitError(p)
		}
		for k := int64(0); k < n; k++ {
			opts.Add(k)
		}
		return nil
	}
	defer in.noteExpanding(p, &err) // runs after recoverTo has set err
	defer in.recoverTo(&err)
	if g.replaced {
		// Its moves name the game, which now means the new one: mixing the two
		// would answer neither.
		g.fail("%s is a position of %s as it was before it was redefined; make the position again to use the new rules", in.entry(p), g.Name)
	}
	fr := in.frames.get(g.frameSize)
	defer in.frames.put(fr)
	fr.opts, fr.expanding, fr.optEnd, fr.gains = opts, p, optEnd, gains
	in.expansions++
	fr.expansion = in.expansions
	filled := false // the arguments are in the frame
	for _, m := range g.moves {
		if !m.mayMove(side) {
			continue
		}
		if m.cell != nil && m.runFast(in, fr) {
			continue // moves over cells read the set's mask, not the frame
		}
		if !filled {
			in.pos.args(p, fr.slots[:0])
			filled = true
		}
		if m.cell != nil || !m.runFast(in, fr) {
			m.loops(fr, m.addOption)
		}
	}
	return nil
}

// Probe implements solver.Prober: a position whose move clauses all run as loop
// nests (see fastMove) is valued straight from the memo, each option's value going
// into mex without the option being written out.
func (r *solverRules) Probe(p solver.Pos, mex *solver.MexSet) (res solver.ProbeResult, need solver.Pos, err error) {
	in := (*Interp)(r)
	g := in.pos.game(p)
	if g.nimber || g.replaced || g.partizan || in.Config.MaxOptions > DefaultMaxOptions || in.Config.Plain {
		return solver.ProbeExpand, 0, nil
	}
	cellsOnly := true // no clause needs the arguments in the frame
	for _, m := range g.moves {
		if m.fast == nil && m.cell == nil {
			return solver.ProbeExpand, 0, nil
		}
		cellsOnly = cellsOnly && m.fast == nil
	}
	return in.probe(p, g, cellsOnly, mex)
}

// probe is the rest of Probe: its defers are open-coded (cheap) only in a
// function with few returns.
func (in *Interp) probe(p solver.Pos, g *Game, cellsOnly bool, mex *solver.MexSet) (res solver.ProbeResult, need solver.Pos, err error) {
	defer in.noteExpanding(p, &err)
	defer in.recoverTo(&err)
	fr := in.frames.get(g.frameSize)
	defer in.frames.put(fr)
	if !cellsOnly {
		in.pos.args(p, fr.slots[:0])
	}
	fr.expanding = p
	ps := probeSink{mex: mex}
	defer func() { in.solver.CountHits(ps.hits) }()
	res = solver.ProbeSolved
	for _, m := range g.moves {
		if !m.probe(in, fr, &ps) {
			res = solver.ProbeExpand
			if ps.missing {
				res, need = solver.ProbeNeeds, ps.need
			}
			break
		}
	}
	return res, need, nil
}

// noteExpanding adds to a located error raised while listing the options of
// p which position that was: the error's line is the game's, the same for
// every position.
func (in *Interp) noteExpanding(p solver.Pos, err *error) {
	if *err == nil {
		return // the common case, which must not allocate
	}
	if le, ok := errors.AsType[*lang.Error](*err); ok {
		le.Notes = append(le.Notes, "while listing the moves of "+in.describe(p))
	}
}

// optionLimitError says that position p has more than Config.MaxOptions options: each is
// interned, so a position with billions of them would exhaust memory long before
// it could be solved.
func (in *Interp) optionLimitError(p solver.Pos) *budget.LimitError {
	return &budget.LimitError{Limit: "options", Value: in.Config.MaxOptions,
		Hint: fmt.Sprintf("%s has more options than one position may have", in.describe(p))}
}

// Shortcut implements solver.Rules: nimbers and games with a native fast path.
func (r *solverRules) Shortcut(p solver.Pos) (int64, bool) {
	in := (*Interp)(r)
	g := in.pos.game(p)
	if g.nimber {
		return in.nimberOf(p), true
	}
	if native := in.NativesOf(g).Native; native != nil {
		v, ok, err := native(in.run.ctx, in.pos.args(p, nil))
		if err != nil {
			panic(err)
		}
		if ok {
			return v, true
		}
		// A fast path gives up when the run is stopped: the stop must not
		// turn into expanding the position the slow way.
		if err := in.run.ctx.Err(); err != nil {
			panic(err)
		}
	}
	return 0, false
}

// nimberOf is k for the nimber *k at p.
func (in *Interp) nimberOf(p solver.Pos) int64 {
	var buf [1]Value
	return in.pos.args(p, buf[:0])[0].N
}

// Describe implements solver.Rules.
func (r *solverRules) Describe(p solver.Pos) string { return (*Interp)(r).describe(p) }

// describe names position p in a message, cut to about a line.
func (in *Interp) describe(p solver.Pos) string {
	return Value{K: KPos, N: int64(p), R: in.entry(p)}.Brief()
}
