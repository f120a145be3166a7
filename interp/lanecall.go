package interp

import (
	"math/bits"

	"github.com/grundy-lang/grundy/lang"
)

// Calls in a block. A call of a top-level function in a block, such as
// gain(S, e) in the triangle game's where condition (the block over e), is
// computed for every value of the block at once when the function's body has
// a block form over the parameter the block's values go to: an operator tree
// over its parameters, or len or sum of a comprehension with one generator
// over a list or range that the block does not change, whose where condition
// and element are operator trees. The comprehension's loop runs outside,
// the block inside: for each t of tri, the condition is one mask over the
// block's values of e, and each value's count grows by the mask's bits. The
// parts of the body that the loop does not change (S | (1 << e)) are computed
// once a block.
//
// The body's block form calls no function, so a block of a call is never
// nested in another; the call's arguments other than the block's are fixed
// for the block. The call is checked when it runs: another function in the
// global, or one from another file, and the general form decides. A call in
// a move clause over the position's parameters and the generator's variable
// is shared by the clauses of the game, as optionCall shares it value by
// value: computed once a block however many conditions and scores make it.

// laneCall is the block form of a call (see above).
type laneCall struct {
	in    *Interp
	cell  *Global
	fn    *function // the function it was compiled for
	file  string    // the calling file
	args  []*intArg // the fixed arguments, nil at param
	param int       // the parameter given the block's values
	arg   laneInt   // its values
	body  *laneBody
	out   *[laneWidth]int64
	share *laneShared // nil: not shared
}

// laneShared is the last block of values of a call in a move clause, for
// the values xs of the generator's variable (increasing, as a move's blocks
// are), shared by the clauses of the game (see optionCall).
type laneShared struct {
	expansion uint64
	n         int
	xs, vals  [laneWidth]int64
}

// lookup sets out to the values for xs (increasing) when s holds them all for
// expansion, and reports whether it did.
func (s *laneShared) lookup(expansion uint64, xs, out []int64) bool {
	if s.expansion != expansion || len(xs) > s.n {
		return false
	}
	j := 0
	for i, x := range xs {
		for j < s.n && s.xs[j] < x {
			j++
		}
		if j == s.n || s.xs[j] != x {
			return false
		}
		out[i] = s.vals[j]
	}
	return true
}

// laneBody is the block form of a function's body over one parameter: an
// operator tree (direct), or a count or sum over a generator (see above).
type laneBody struct {
	direct laneInt
	isLoop bool
	slot   int                           // the generator's variable
	list   func(fr *Frame) (Value, bool) // what it loops over, or nil for lo..hi
	lo, hi intFn
	where  laneBool // nil: none
	elem   laneInt  // the element added, for a sum
	sum    bool
	fixed  []*fixedLanes // parts the loop does not change, computed once a block
	ints   unboxedList   // the list's integers, unboxed once
	// reducer is the global len or sum, b the built-in it held when compiled.
	reducer *Global
	b       *builtin
}

// fixedLanes is a part of a body's loop that the loop does not change: its
// values for the block, computed before the loop.
type fixedLanes struct {
	part laneInt
	vals []int64
}

// laneCallOf compiles the block form of call over the values of slot, or
// returns false.
func (c *compiler) laneCallOf(call *lang.Call, slot int) (laneInt, bool) {
	id, ok := call.Fn.(*lang.Ident)
	if !ok || id.Ref.Kind != lang.Global || c.inLaneBody || len(call.Args) > maxMemoArgs {
		return laneInt{}, false
	}
	cell := c.in.global(id.Name)
	cl, ok := cell.V.R.(*closure)
	if !cell.Defined || !ok || cell.V.K != KFunc || cl.env != nil || cl.fn.syntax == nil || len(cl.fn.params) != len(call.Args) {
		return laneInt{}, false
	}
	lc := &laneCall{in: c.in, cell: cell, fn: cl.fn, file: call.Pos.Filename, param: -1, out: new([laneWidth]int64)}
	for i, a := range call.Args {
		if fixedArith(a, slot) {
			f, ok := c.intArgOf(a)
			if !ok {
				return laneInt{}, false
			}
			lc.args = append(lc.args, &f)
			continue
		}
		if lc.param >= 0 {
			return laneInt{}, false // the block's values go to one parameter
		}
		l, ok := c.laneInt(a, slot)
		if !ok {
			return laneInt{}, false
		}
		lc.param, lc.arg = i, l
		lc.args = append(lc.args, nil)
	}
	if lc.param < 0 {
		return laneInt{}, false // the same for the whole block: the typed call
	}
	if lc.body = c.laneBodyOf(cl.fn.syntax, lc.param); lc.body == nil {
		return laneInt{}, false
	}
	if c.laneMove && c.calls != nil {
		if key, ok := c.optionKey(call, slot); ok {
			oc := c.calls[key]
			if oc == nil {
				oc = &optionCall{}
				c.calls[key] = oc
			}
			lc.share = &oc.block
		}
	}
	return laneInt{each: lc.values}, true
}

// laneBodyOf compiles the block form of a function's body over parameter
// param (its slot), or returns nil. Its typed forms are forgotten, so that
// the function's own compile makes its own.
func (c *compiler) laneBodyOf(body lang.Expr, param int) *laneBody {
	c.inLaneBody = true
	defer func() { c.inLaneBody = false }()
	defer c.forgetTyped(body)
	if l, ok := c.laneInt(body, param); ok && l.fixed == nil {
		return &laneBody{direct: l}
	}
	call, ok := body.(*lang.Call)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	fn, ok := call.Fn.(*lang.Ident)
	comp, isComp := call.Args[0].(*lang.Comprehension)
	if !ok || fn.Ref.Kind != lang.Global || (fn.Name != "len" && fn.Name != "sum") || !isComp || comp.Set || len(comp.Gens) != 1 {
		return nil
	}
	reducer := c.in.global(fn.Name)
	b, ok := reducer.V.R.(*builtin)
	if !ok || !reducer.Defined || reducer.V.K != KFunc {
		return nil // len or sum defined again
	}
	g := comp.Gens[0]
	if len(g.Names) > 0 || g.Slot == param {
		return nil
	}
	lb := &laneBody{isLoop: true, slot: g.Slot, sum: fn.Name == "sum", reducer: reducer, b: b}
	if r, ok := g.In.(*lang.Binary); ok && r.Op == ".." {
		if !fixedArith(r.L, param) || !fixedArith(r.R, param) || mentions(r, g.Slot) {
			return nil
		}
		if lb.lo, lb.hi = c.intExpr(r.L), c.intExpr(r.R); lb.lo == nil || lb.hi == nil {
			return nil
		}
	} else if lb.list = c.readName(g.In, param); lb.list == nil {
		return nil
	}
	h := &laneHoist{slot: g.Slot}
	c.laneHoist = h
	defer func() { c.laneHoist = nil }()
	if comp.Where != nil {
		if lb.where = c.laneCond(comp.Where, param); lb.where == nil {
			return nil
		}
	}
	if lb.sum {
		var ok bool
		if lb.elem, ok = c.laneInt(comp.Elem, param); !ok {
			return nil
		}
	} else if !safeElem(comp.Elem) {
		return nil
	}
	lb.fixed = h.parts
	return lb
}

// readName compiles the reading of a name (a global, or a local other than
// slot) that cannot fail nor call anything: false when it is not defined.
func (c *compiler) readName(e lang.Expr, slot int) func(fr *Frame) (Value, bool) {
	id, ok := e.(*lang.Ident)
	switch {
	case !ok:
		return nil
	case id.Ref.Kind == lang.Global:
		cell := c.in.global(id.Name)
		return func(*Frame) (Value, bool) { return cell.V, cell.Defined }
	case id.Ref.Kind == lang.Local && id.Ref.Depth == 0 && id.Ref.Slot != slot:
		s := id.Ref.Slot
		return func(fr *Frame) (Value, bool) { return fr.slots[s], true }
	}
	return nil
}

// mentions reports whether e reads the local in slot.
func mentions(e lang.Expr, slot int) bool {
	found := false
	lang.Walk(e, func(x lang.Expr) {
		if id, ok := x.(*lang.Ident); ok && id.Ref.Kind == lang.Local && id.Ref.Depth == 0 && id.Ref.Slot == slot {
			found = true
		}
	})
	return found
}

// laneHoist collects, while a body's loop compiles, its parts over the
// block that the loop's variable (slot) does not change.
type laneHoist struct {
	slot  int
	parts []*fixedLanes
}

// hoisted is laneInt for a part of a body's loop that the loop does not
// change (done set): its block form, read from values computed once a
// block, or false when it has none.
func (c *compiler) hoisted(e lang.Expr, slot int) (l laneInt, ok, done bool) {
	h := c.laneHoist
	if h == nil || fixedArith(e, slot) || mentions(e, h.slot) {
		return laneInt{}, false, false
	}
	c.laneHoist = nil
	l, ok = c.laneInt(e, slot)
	c.laneHoist = h
	if !ok || l.elem && l.k == nil {
		return l, ok, true // the block's values themselves: nothing to compute
	}
	p := &fixedLanes{part: l}
	h.parts = append(h.parts, p)
	return laneInt{pre: p}, true, true
}

// values computes the call for each value of the block xs (of the
// caller's frame fr), or reports false for the general form.
func (lc *laneCall) values(fr *Frame, xs []int64) ([]int64, bool) {
	in := lc.in
	cl, ok := lc.cell.V.R.(*closure)
	if !ok || !lc.cell.Defined || lc.cell.V.K != KFunc || cl.fn != lc.fn || cl.env != nil || lc.fn.file != lc.file {
		return nil, false
	}
	if s := lc.share; s != nil && s.lookup(fr.expansion, xs, lc.out[:len(xs)]) {
		return lc.out[:len(xs)], true
	}
	vs, ok := lc.arg.values(fr, xs)
	if !ok {
		return nil, false
	}
	if in.run.depth+2 > maxDepth { // the call, and len or sum in it
		return nil, false // the general path says so
	}
	callee := in.frames.get(lc.fn.frameSize)
	defer in.frames.put(callee)
	for i, a := range lc.args {
		if a == nil {
			continue
		}
		v, ok := a.get(fr)
		if !ok {
			return nil, false
		}
		setInt(&callee.slots[i], v)
	}
	in.ticks(len(xs))
	in.laneCalls++
	out := lc.out[:len(xs)]
	if !lc.body.run(in, callee, vs, out) {
		return nil, false
	}
	if s := lc.share; s != nil {
		s.expansion, s.n = fr.expansion, len(xs)
		copy(s.xs[:], xs)
		copy(s.vals[:], out)
	}
	return out, true
}

// run sets out to the body's value for each value xs of its parameter,
// the other parameters in fr.
func (lb *laneBody) run(in *Interp, fr *Frame, xs, out []int64) bool {
	if !lb.isLoop {
		vs, ok := lb.direct.values(fr, xs)
		copy(out, vs)
		return ok
	}
	if lb.reducer.V.R != any(lb.b) {
		return false // len or sum defined again
	}
	for _, p := range lb.fixed {
		vs, ok := p.part.values(fr, xs)
		if !ok {
			return false
		}
		p.vals = vs
	}
	clear(out)
	if lb.list != nil {
		v, ok := lb.list(fr)
		if !ok {
			return false
		}
		ts, ok := lb.ints.intsOf(v)
		if !ok {
			return false
		}
		for _, t := range ts {
			if !lb.add(in, fr, t, xs, out) {
				return false
			}
		}
		return true
	}
	lo, ok := lb.lo(fr)
	if !ok {
		return false
	}
	hi, ok := lb.hi(fr)
	if !ok || hi >= lo && uint64(hi-lo) >= uint64(in.Config.MaxElems) {
		return false // the list would be too long: the general path says so
	}
	for t := lo; t <= hi; t++ {
		if !lb.add(in, fr, t, xs, out) {
			return false
		}
		if t == hi {
			break // t + 1 may overflow
		}
	}
	return true
}

// add counts, or adds, the loop's element t for each value of the block
// for which the where condition holds.
func (lb *laneBody) add(in *Interp, fr *Frame, t int64, xs, out []int64) bool {
	in.ticks(len(xs))
	setInt(&fr.slots[lb.slot], t)
	m := ^uint64(0) >> (laneWidth - len(xs))
	if lb.where != nil {
		w, ok := lb.where(fr, xs)
		if !ok {
			return false
		}
		if m &= w; m == 0 {
			return true
		}
	}
	if !lb.sum {
		for ; m != 0; m &= m - 1 {
			out[bits.TrailingZeros64(m)]++
		}
		return true
	}
	vs, ok := lb.elem.values(fr, xs)
	if !ok {
		return false
	}
	for ; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		if out[i], ok = addInt(out[i], vs[i]); !ok {
			return false
		}
	}
	return true
}
