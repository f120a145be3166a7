package interp

import (
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/solver"
)

// fastMove is a move clause that solving runs as one Go loop nest instead of a
// chain of closures per option: its generators range over integers (k in 1..2,
// i in 0..n-k, a in 1..(n-1)/2), and its result is a sum of game calls with
// affine arguments (Kayles(i) + Kayles(n - k - i)). Most heap games have this
// shape, and their options are the solver's whole cost. Anything else about the
// clause (a where condition, the games the names refer to) is handled as usual.
type fastMove struct {
	gens  []fastGen
	where func(fr *Frame) bool // nil when there is none
	parts []emitPart           // each with affine arguments
	nargs int                  // the number of arguments of all parts
}

// maxStepArgs bounds the arguments innermost steps along (arrays on its stack).
const maxStepArgs = 16

type fastGen struct {
	slot   int
	lo, hi evalFn // evaluated once per loop, not per option
}

// fastMoveOf returns the loop nest of a move clause, given its compiled where
// condition and result parts, or nil when it lacks the shape.
func (c *compiler) fastMoveOf(gens []*lang.Gen, where func(*Frame) bool, parts []emitPart) *fastMove {
	fm := &fastMove{where: where, parts: parts}
	for _, g := range gens {
		r, ok := g.In.(*lang.Binary)
		if !ok || r.Op != ".." || len(g.Names) > 0 {
			return nil
		}
		fm.gens = append(fm.gens, fastGen{slot: g.Slot, lo: c.expr(r.L), hi: c.expr(r.R)})
	}
	for _, p := range parts {
		if p.aff == nil {
			return nil
		}
		fm.nargs += len(p.aff)
	}
	return fm
}

// run adds the clause's options for the position in fr. It reports false, having
// added nothing, when something needs the general path: a name that is not a game
// of the right arity, a bound or argument that is not an integer or overflows. The
// general path then gives the options, or the error with its place.
func (fm *fastMove) run(in *Interp, fr *Frame) bool {
	start := fr.opts.Len()
	if !fm.each(in, fr, nil) {
		fr.opts.Truncate(start)
		return false
	}
	return true
}

// probeSink is where a probe (see solverRules.Probe) puts what it finds instead of
// writing options out: each option's value goes into mex, and the first part that
// is not solved yet stops it.
type probeSink struct {
	mex     *solver.MexSet
	options int
	need    solver.Pos
	missing bool // need is set
	hits    int  // part values read from the memo
}

// each runs the loop nest for the position in fr, adding each option to fr.opts,
// or, with a probe sink, its value to the sink. False stops it: the general path
// is needed, or (ps.missing) a part is not solved.
func (fm *fastMove) each(in *Interp, fr *Frame, ps *probeSink) bool {
	var games [8]*Game
	if len(fm.parts) > len(games) {
		return false
	}
	for i := range fm.parts {
		g, ok := fm.parts[i].callee(fr)
		if !ok {
			return false
		}
		games[i] = g
	}
	return fm.loop(in, fr, 0, games[:len(fm.parts)], ps)
}

// loop runs generator i and those after it, adding an option for each binding.
func (fm *fastMove) loop(in *Interp, fr *Frame, i int, games []*Game, ps *probeSink) bool {
	if i == len(fm.gens) {
		if fm.where != nil && !fm.where(fr) {
			return true
		}
		var ids [8]solver.Pos
		for j := range fm.parts {
			id, ok := in.internAffine(games[j], fm.parts[j].aff, fr)
			if !ok {
				return false
			}
			ids[j] = id
		}
		return putOption(in, fr, ids[:len(fm.parts)], ps)
	}
	g := &fm.gens[i]
	lo, hi := g.lo(fr), g.hi(fr)
	if lo.K != KInt || hi.K != KInt {
		return false
	}
	if i == len(fm.gens)-1 && fm.nargs <= maxStepArgs {
		return fm.innermost(in, fr, g.slot, lo.N, hi.N, games, ps)
	}
	for v := lo.N; v <= hi.N; v++ {
		in.tick()
		setInt(&fr.slots[g.slot], v)
		if !fm.loop(in, fr, i+1, games, ps) {
			return false
		}
		if v == maxInt {
			break
		}
	}
	return true
}

// putOption adds the option made of the positions ids: straight into the options'
// arrays (run drops a half-added option with the rest when it reports false), or,
// with a probe sink, its value into the sink's mex set when every part is solved.
func putOption(in *Interp, fr *Frame, ids []solver.Pos, ps *probeSink) bool {
	if ps != nil {
		if ps.options++; ps.options > in.Config.MaxOptions {
			return false // the general path reports the limit
		}
		var x int64
		for _, id := range ids {
			v, ok := in.solver.Known(id)
			if !ok {
				ps.need, ps.missing = id, true
				return false
			}
			x ^= v
		}
		ps.hits += len(ids)
		ps.mex.Add(x)
		return true
	}
	o := fr.opts
	if o.Len() >= fr.optEnd {
		panic(in.optionLimitError(fr.expanding))
	}
	o.Comps = append(o.Comps, ids...)
	o.Ends = append(o.Ends, int32(len(o.Comps)))
	o.Nims = append(o.Nims, 0)
	return true
}

// innermost runs the last generator, v from lo to hi. Every argument is affine, so
// along this loop it moves by a fixed step: it is evaluated once at lo and then
// stepped, instead of evaluated per option.
func (fm *fastMove) innermost(in *Interp, fr *Frame, slot int, lo, hi int64, games []*Game, ps *probeSink) bool {
	if lo > hi {
		return true
	}
	var cur, step [maxStepArgs]int64
	setInt(&fr.slots[slot], lo)
	k := 0
	single := fm.where == nil // every part has one argument, and there is no condition
	for j := range fm.parts {
		aff := fm.parts[j].aff
		single = single && len(aff) == 1
		for a := range aff {
			x, ok := aff[a].eval(fr)
			if !ok {
				return false
			}
			cur[k], step[k] = x, aff[a].coefOf(slot)
			if !stepsInRange(x, step[k], hi-lo) {
				return false // an argument overflows: the general path reports it
			}
			k++
		}
	}
	if single && ps != nil {
		return fm.probeSingles(in, cur[:k], step[:k], hi-lo, games, ps)
	}
	if ps != nil && fm.where == nil && len(games) == 1 && k == 2 && games[0].canon == nil {
		return probeGrid(in, cur[0], cur[1], step[0], step[1], hi-lo, games[0], ps)
	}
	for v := lo; ; v++ {
		if (v-lo)&63 == 0 {
			in.tick() // cancellation is noticed every 64 options here
		}
		if fm.where != nil {
			setInt(&fr.slots[slot], v) // the arguments do not need it; the condition may
		}
		if fm.where == nil || fm.where(fr) {
			var ids [8]solver.Pos
			k := 0
			for j := range fm.parts {
				aff := fm.parts[j].aff
				if len(aff) == 1 {
					ids[j] = in.internInt(games[j], cur[k])
				} else {
					var buf [4]Value
					for a := range aff {
						buf[a] = Int(cur[k+a])
					}
					ids[j] = in.internID(games[j], buf[:len(aff)])
				}
				k += len(aff)
			}
			if !putOption(in, fr, ids[:len(fm.parts)], ps) {
				return false
			}
		}
		if v == hi {
			return true
		}
		for a := range k {
			cur[a] += step[a]
		}
	}
}

// probeGrid is innermost probing one part of two arguments with no where
// condition, such as Wythoff(a - k, b): options (a + t*sa, b + t*sb) for t from
// 0 to n. Each option's value is read from the game's grid of values (see
// gridIDs.noteValue) into the mex set, a block at a time (MexSet.AddGridRun), as
// a hand-written loop reads its table; an option not there is looked up in the memo, and the first
// one not solved stops the probe, as putOption does.
func probeGrid(in *Interp, a, b, sa, sb, n int64, g *Game, ps *probeSink) bool {
	g.grid.keepValues = true // from now on: the options met now are looked up
	const block = 256
	for t := int64(0); t <= n; {
		in.tick()
		m := int(min(block, n-t+1))
		if room := in.Config.MaxOptions - ps.options; m > room {
			if m = room; m <= 0 {
				return false // past the options limit, as putOption: the general path reports it
			}
		}
		got := ps.mex.AddGridRun(g.grid.vals, g.grid.width, a, b, sa, sb, m)
		ps.options, ps.hits = ps.options+got, ps.hits+got
		t, a, b = t+int64(got), a+sa*int64(got), b+sb*int64(got)
		if got == m {
			continue
		}
		id := in.internID(g, []Value{Int(a), Int(b)})
		if !putOption(in, nil, []solver.Pos{id}, ps) {
			return false
		}
		t, a, b = t+1, a+sa, b+sb
	}
	return true
}

// stepsInRange reports whether x + i*step stays within int64 for i from 0 to n
// (n >= 0); between the ends, an affine argument lies between its end values.
func stepsInRange(x, step, n int64) bool {
	if n < 0 {
		return false // hi - lo overflowed
	}
	if step == 0 || n == 0 {
		return true
	}
	if step == minInt || n > maxInt/max(step, -step) {
		return false
	}
	end := x + step*n
	return (end > x) == (step > 0)
}

// probeSingles is innermost probing parts of one argument each, with no where
// condition: the loop that most heap games spend their time in. Each option's value
// is the XOR of its parts' memoized values, straight into the mex set. Options go
// in blocks, part by part (one simple loop per part), and the part reported
// unsolved is the one the options in order meet first.
func (fm *fastMove) probeSingles(in *Interp, cur, step []int64, n int64, games []*Game, ps *probeSink) bool {
	if ps.options += int(n) + 1; n >= int64(in.Config.MaxOptions) || ps.options > in.Config.MaxOptions {
		return false // the general path reports the limit
	}
	const block = 256
	var xs [block]int64
	for base := int64(0); base <= n; base += block {
		in.tick()
		m := int(min(block, n-base+1))
		if len(games) == 2 && fm.probePairs(in, cur, step, m, games, ps) {
			continue
		}
		missing := m // the first option, in this block, with a part not solved
		clear(xs[:m])
		for j, g := range games {
			c, st := cur[j], step[j]
			for t := 0; t < missing; {
				done := xorValues(xs[t:missing], g.values, c, st)
				t, c, ps.hits = t+done, c+st*int64(done), ps.hits+done
				if t == missing {
					break
				}
				v, ok := in.probeMiss(g, c, ps)
				if !ok {
					missing = t
					break
				}
				xs[t] ^= v
				t, c, ps.hits = t+1, c+st, ps.hits+1
			}
			cur[j] += st * int64(m)
		}
		if ps.missing {
			return false
		}
		ps.mex.AddAll(xs[:m])
	}
	return true
}

// probePairs is probeSingles' block of m options of two parts when both parts'
// values are all known and each part's argument moves by one per option (a
// split into two heaps, as in Grundy's game): each option's value goes straight
// into the mex set. It reports false, having moved nothing, when it cannot do
// the whole block that way (values added on the way stay: a set does not mind).
func (fm *fastMove) probePairs(in *Interp, cur, step []int64, m int, games []*Game, ps *probeSink) bool {
	var runs [2][]int32
	for j, g := range games {
		lo := cur[j]
		switch step[j] {
		case 1:
		case -1:
			lo = cur[j] - int64(m) + 1
		default:
			return false
		}
		if lo < 0 || lo > int64(len(g.values))-int64(m) {
			return false
		}
		runs[j] = g.values[lo : lo+int64(m)]
	}
	if step[0] != 1 || ps.mex.AddXorPairs(runs[0], runs[1], step[1] < 0) < m {
		return false
	}
	for j := range games {
		cur[j] += step[j] * int64(m)
	}
	ps.hits += 2 * m
	return true
}

// xorValues XORs into each xs[t] the value of argument c + t*st in values,
// stopping at the first not there: it returns how many it did. This loop is where
// probing spends its time, so it calls nothing.
func xorValues(xs []int64, values []int32, c, st int64) int {
	if n := int64(len(xs)); st == 1 || st == -1 {
		lo := c
		if st < 0 {
			lo = c - n + 1
		}
		if lo >= 0 && lo <= int64(len(values))-n {
			// A run of consecutive arguments: no bounds or sign test per value.
			run := values[lo : lo+n]
			if xorRun(xs, run, st < 0) >= 0 {
				return len(xs)
			}
			xorRun(xs, run, st < 0) // a value is missing: undo, and find it below
		}
	}
	for t := range xs {
		if uint64(c) >= uint64(len(values)) || values[c] < 0 {
			return t
		}
		xs[t] ^= int64(values[c])
		c += st
	}
	return len(xs)
}

// xorRun XORs run (read backwards when back) into xs, of the same length, and
// returns the OR of the values: negative when one of them is missing.
func xorRun(xs []int64, run []int32, back bool) int32 {
	var or int32
	if back {
		for t := range xs {
			v := run[len(run)-1-t]
			xs[t] ^= int64(v)
			or |= v
		}
		return or
	}
	run = run[:len(xs)]
	for t, v := range run {
		xs[t] ^= int64(v)
		or |= v
	}
	return or
}

// probeMiss is the value of g(n) for probeSingles when g's values do not have it:
// from the memo, or, when it is not solved, ok is false and ps.need is g(n).
func (in *Interp) probeMiss(g *Game, n int64, ps *probeSink) (int64, bool) {
	id := in.internInt(g, n)
	if v, ok := in.solver.Known(id); ok {
		return v, true
	}
	ps.need, ps.missing = id, true
	return 0, false
}
