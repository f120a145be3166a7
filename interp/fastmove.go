package interp

import "github.com/grundy-lang/grundy/lang"

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
	start := fr.opts.Len()
	if !fm.loop(in, fr, 0, games[:len(fm.parts)]) {
		fr.opts.Truncate(start)
		return false
	}
	return true
}

// loop runs generator i and those after it, adding an option for each binding.
func (fm *fastMove) loop(in *Interp, fr *Frame, i int, games []*Game) bool {
	if i == len(fm.gens) {
		if fm.where != nil && !fm.where(fr) {
			return true
		}
		return fm.add(in, fr, games)
	}
	g := &fm.gens[i]
	lo, hi := g.lo(fr), g.hi(fr)
	if lo.K != KInt || hi.K != KInt {
		return false
	}
	if i == len(fm.gens)-1 && fm.nargs <= maxStepArgs {
		return fm.innermost(in, fr, g.slot, lo.N, hi.N, games)
	}
	for v := lo.N; v <= hi.N; v++ {
		in.tick()
		fr.slots[g.slot] = Int(v)
		if !fm.loop(in, fr, i+1, games) {
			return false
		}
		if v == maxInt {
			break
		}
	}
	return true
}

// add adds the option of the current bindings, straight into the options' arrays
// (run drops a half-added option with the rest when it reports false).
func (fm *fastMove) add(in *Interp, fr *Frame, games []*Game) bool {
	o := fr.opts
	if o.Len() >= fr.optEnd {
		panic(in.optionLimitError(fr.expanding))
	}
	for j := range fm.parts {
		id, ok := in.internAffine(games[j], fm.parts[j].aff, fr)
		if !ok {
			return false
		}
		o.Comps = append(o.Comps, id)
	}
	o.Ends = append(o.Ends, int32(len(o.Comps)))
	o.Nims = append(o.Nims, 0)
	return true
}

// innermost runs the last generator, v from lo to hi. Every argument is affine, so
// along this loop it moves by a fixed step: it is evaluated once at lo and then
// stepped, instead of evaluated per option.
func (fm *fastMove) innermost(in *Interp, fr *Frame, slot int, lo, hi int64, games []*Game) bool {
	if lo > hi {
		return true
	}
	var cur, step [maxStepArgs]int64
	fr.slots[slot] = Int(lo)
	k := 0
	for j := range fm.parts {
		aff := fm.parts[j].aff
		for a := range aff {
			x, ok := aff[a].eval(fr)
			if !ok {
				return false
			}
			cur[k], step[k] = x, aff[a].coefOf(slot)
			k++
		}
	}
	o := fr.opts
	for v := lo; ; v++ {
		if (v-lo)&63 == 0 {
			in.tick() // cancellation is noticed every 64 options here
		}
		if fm.where != nil {
			fr.slots[slot] = Int(v) // the arguments do not need it; the condition may
		}
		if fm.where == nil || fm.where(fr) {
			if o.Len() >= fr.optEnd {
				panic(in.optionLimitError(fr.expanding))
			}
			k := 0
			for j := range fm.parts {
				aff := fm.parts[j].aff
				if len(aff) == 1 {
					o.Comps = append(o.Comps, in.internInt(games[j], cur[k]))
				} else {
					var buf [4]Value
					for a := range aff {
						buf[a] = Int(cur[k+a])
					}
					o.Comps = append(o.Comps, in.internID(games[j], buf[:len(aff)]))
				}
				k += len(aff)
			}
			o.Ends = append(o.Ends, int32(len(o.Comps)))
			o.Nims = append(o.Nims, 0)
		}
		if v == hi {
			return true
		}
		for a := range k {
			next := cur[a] + step[a]
			if (next > cur[a]) != (step[a] > 0) {
				return false // overflow: the general path reports it
			}
			cur[a] = next
		}
	}
}
