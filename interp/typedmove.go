package interp

import (
	"math/bits"
	"strconv"
	"strings"

	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/solver"
)

// typedMove is a move clause run as one loop over integers with typed
// expressions (typed.go), when its generators range over integers, its where
// condition and score are integers and booleans, and its result is one game
// called with integers, as the triangle game's
//
//	move draw e in 0..17 where (S >> e) & 1 == 0 and gain(S, e) > 0 score gain(S, e) again -> Triangles(S | (1 << e))
//
// Each option is interned straight from its typed arguments and its gain
// appended, with no value boxed and no closure per generator or option. When a
// typed expression reports false (a value of another kind, a failure), the
// options it added are taken back and the clause runs the general way, which
// gives them or the error (the language has no mutation: running a clause
// twice lists the same options and interns the same positions in the same
// order).
type typedMove struct {
	gens  []typedGen
	where boolFn // nil: none
	score intFn  // nil: none
	again bool
	game  operand // the name called in the result
	args  []intFn
	// The innermost generator runs a block of values at a time (lanes.go)
	// when the where condition starts with conditions of the block's form
	// (conds, the rest of it after them) or the arguments or the score have
	// that form.
	conds     []laneBool // the where condition's first conjuncts, of block form
	rest      []boolFn
	laneArgs  []*laneInt // nil, or nil for an argument with no block form
	laneScore *laneInt   // the score's block form, or nil
	// misses counts the runs in a row that went the general way: past
	// maxMisses the clause stops trying.
	misses int
}

// typedGen is a generator over lo..hi.
type typedGen struct {
	slot   int
	lo, hi intFn
}

// typedMoveOf compiles a clause's typed loop, or returns nil when the clause
// lacks the shape.
func (c *compiler) typedMoveOf(m *lang.Move) *typedMove {
	call, ok := m.Result.(*lang.Call)
	if !ok || c.untyped || len(call.Args) == 0 || len(call.Args) > maxMemoArgs {
		return nil
	}
	if id, ok := call.Fn.(*lang.Ident); !ok || id.Ref.Kind != lang.Global {
		return nil
	}
	tm := &typedMove{again: m.Again, game: c.operand(call.Fn)}
	for _, g := range m.Gens {
		r, ok := g.In.(*lang.Binary)
		if !ok || r.Op != ".." || len(g.Names) > 0 {
			return nil
		}
		lo, hi := c.intExpr(r.L), c.intExpr(r.R)
		if lo == nil || hi == nil {
			return nil
		}
		tm.gens = append(tm.gens, typedGen{slot: g.Slot, lo: lo, hi: hi})
	}
	for _, a := range call.Args {
		f := c.intExpr(a)
		if f == nil {
			return nil
		}
		tm.args = append(tm.args, f)
	}
	if len(tm.gens) > 0 {
		// The where condition and score get typed forms of their own, whose
		// calls are kept by option: forget them once compiled.
		c.forgetTyped(m.Where, m.Score)
		defer c.forgetTyped(m.Where, m.Score)
		c.keepByOption(m, tm.gens[len(tm.gens)-1].slot)
	}
	if m.Where != nil {
		if tm.where = c.boolExpr(m.Where); tm.where == nil {
			return nil
		}
	}
	if m.Score != nil {
		if tm.score = c.intExpr(m.Score); tm.score == nil {
			return nil
		}
	}
	if len(tm.gens) > 0 {
		c.typedMoveLanes(tm, m, tm.gens[len(tm.gens)-1].slot)
	}
	return tm
}

// optionCall is a call in a move clause's where condition or score whose
// arguments are operators over the position's parameters and the innermost
// generator's variable, such as gain(S, e) in the triangle game: while a
// position is expanded its values are kept by that variable's value, and
// the clauses of the game that make the same call share them, so that the
// call runs once an option however many conditions and scores make it.
type optionCall struct {
	slots [laneWidth]struct {
		expansion uint64
		x, v      int64
	}
	block laneShared // its block form's last block (see laneCall)
}

// keepByOption gives the calls of m's where condition and score that are
// option calls (see optionCall; slot is the innermost generator's variable)
// the typed form that keeps their values, until forgetTyped.
func (c *compiler) keepByOption(m *lang.Move, slot int) {
	if c.calls == nil {
		return
	}
	c.typedMaps()
	for _, part := range []lang.Expr{m.Where, m.Score} {
		if part == nil {
			continue
		}
		lang.Walk(part, func(e lang.Expr) {
			call, ok := e.(*lang.Call)
			if !ok {
				return
			}
			key, ok := c.optionKey(call, slot)
			if !ok {
				return
			}
			c.byOption = true
			inner := c.intCall(call)
			c.byOption = false
			if inner == nil {
				return
			}
			oc := c.calls[key]
			if oc == nil {
				oc = &optionCall{}
				c.calls[key] = oc
			}
			c.typed.ints[call] = func(fr *Frame) (int64, bool) {
				x := fr.slots[slot]
				s := &oc.slots[x.N&(laneWidth-1)]
				if s.expansion == fr.expansion && s.x == x.N && x.K == KInt {
					return s.v, true
				}
				v, ok := inner(fr)
				if ok && x.K == KInt {
					s.expansion, s.x, s.v = fr.expansion, x.N, v
				}
				return v, ok
			}
		})
	}
}

// optionKey is the key of an option call, the same for the same call in
// every clause of the game (parameters by their slots, the generator's
// variable as x), or false when call is none.
func (c *compiler) optionKey(call *lang.Call, slot int) (string, bool) {
	id, ok := call.Fn.(*lang.Ident)
	if !ok || id.Ref.Kind != lang.Global || len(call.Args) > maxMemoArgs {
		return "", false
	}
	var b strings.Builder
	b.WriteString(id.Name)
	var arg func(e lang.Expr) bool
	arg = func(e lang.Expr) bool {
		b.WriteString("(")
		defer b.WriteString(")")
		switch x := e.(type) {
		case *lang.IntLit:
			b.WriteString(strconv.FormatInt(x.Value, 10))
			return true
		case *lang.Ident:
			switch {
			case x.Ref.Kind != lang.Local || x.Ref.Depth != 0:
				return false
			case x.Ref.Slot == slot:
				b.WriteString("x")
				return true
			case x.Ref.Slot < c.params:
				b.WriteString("p" + strconv.Itoa(x.Ref.Slot))
				return true
			}
		case *lang.Unary:
			b.WriteString(x.Op)
			return (x.Op == "-" || x.Op == "~") && arg(x.X)
		case *lang.Binary:
			if _, ok := intOpCodes[x.Op]; ok && arg(x.L) {
				b.WriteString(x.Op)
				return arg(x.R)
			}
		}
		return false
	}
	for _, a := range call.Args {
		if !arg(a) {
			return "", false
		}
	}
	return b.String(), true
}

// forgetTyped forgets the typed forms compiled for the parts of exprs (nil
// ones are skipped).
func (c *compiler) forgetTyped(exprs ...lang.Expr) {
	for _, part := range exprs {
		if part != nil {
			lang.Walk(part, func(x lang.Expr) {
				delete(c.typed.ints, x)
				delete(c.typed.bools, x)
				delete(c.typed.leaves, x)
			})
		}
	}
}

// typedMoveLanes compiles the block forms of tm's innermost generator (its
// variable in slot): the where condition's first conjuncts and the
// arguments, where they have one.
func (c *compiler) typedMoveLanes(tm *typedMove, m *lang.Move, slot int) {
	c.laneMove = true
	defer func() { c.laneMove = false }()
	if m.Where != nil {
		conj := conjuncts(m.Where)
		k := 0
		for ; k < len(conj); k++ {
			f := c.laneCond(conj[k], slot)
			if f == nil {
				break
			}
			tm.conds = append(tm.conds, f)
		}
		for _, e := range conj[k:] {
			f := c.boolExpr(e)
			if f == nil {
				tm.conds, tm.rest = nil, nil
				break
			}
			tm.rest = append(tm.rest, f)
		}
	}
	if m.Score != nil {
		if l, ok := c.laneInt(m.Score, slot); ok && l.fixed == nil {
			tm.laneScore = &l
		}
	}
	laned := false
	args := make([]*laneInt, len(m.Result.(*lang.Call).Args))
	for i, a := range m.Result.(*lang.Call).Args {
		if l, ok := c.laneInt(a, slot); ok && l.fixed == nil {
			args[i], laned = &l, true
		}
	}
	if laned {
		tm.laneArgs = args
	}
}

// conjuncts flattens a and b and c into its parts, in order.
func conjuncts(e lang.Expr) []lang.Expr {
	if b, ok := e.(*lang.Binary); ok && b.Op == "and" {
		return append(conjuncts(b.L), conjuncts(b.R)...)
	}
	return []lang.Expr{e}
}

// run adds the clause's options (and gains, when fr.gains is set) for the
// position in fr, reporting false, having added nothing, when the general way
// is needed.
func (tm *typedMove) run(in *Interp, fr *Frame) bool {
	if tm.misses >= maxMisses || in.run.deepTyped {
		return false
	}
	f := tm.game.get(fr)
	g, ok := f.R.(*Game)
	if ok && f.K == KGame && len(g.Params) == len(tm.args) && g.CheckArgs == nil {
		start, gains := fr.opts.Len(), 0
		if fr.gains != nil {
			gains = len(*fr.gains)
		}
		if tm.loop(in, fr, 0, g) {
			tm.misses = 0
			in.typedMoves++
			return true
		}
		fr.opts.Truncate(start)
		if fr.gains != nil {
			*fr.gains = (*fr.gains)[:gains]
		}
	}
	tm.misses++
	in.typedMiss++
	return false
}

// loop runs generator i and those after it.
func (tm *typedMove) loop(in *Interp, fr *Frame, i int, g *Game) bool {
	if i == len(tm.gens) {
		return tm.option(in, fr, g, tm.where, nil, 0)
	}
	gen := &tm.gens[i]
	lo, ok := gen.lo(fr)
	if !ok {
		return false
	}
	hi, ok := gen.hi(fr)
	if !ok {
		return false
	}
	if i == len(tm.gens)-1 && (tm.conds != nil || tm.laneArgs != nil || tm.laneScore != nil) {
		return tm.blocks(in, fr, gen.slot, lo, hi, g)
	}
	for v := lo; v <= hi; v++ {
		in.tick()
		setInt(&fr.slots[gen.slot], v)
		if !tm.loop(in, fr, i+1, g) {
			return false
		}
		if v == maxInt {
			break
		}
	}
	return true
}

// blockVals are the arguments and the score of the options of a block,
// computed for the whole block (nil: for each option), copied out of their
// operators' buffers: the rest of the condition may call a function that
// expands a position of this game, and runs the same operators.
type blockVals struct {
	args  [maxMemoArgs][]int64
	score []int64
}

// blocks runs the innermost generator, in slot, over lo..hi a block at a time:
// each of the where condition's first conjuncts is computed for the values
// of the block the conjuncts before it kept (as the general form does not
// evaluate the right of an and whose left is false), then the arguments and
// the score for those it keeps, and the rest of the condition for each. A
// block whose condition fails runs value by value.
func (tm *typedMove) blocks(in *Interp, fr *Frame, slot int, lo, hi int64, g *Game) bool {
	xs, ys := in.laneBlocks.get(), in.laneBlocks.get()
	defer in.laneBlocks.put(xs)
	defer in.laneBlocks.put(ys)
	var own [maxMemoArgs + 1]*[laneWidth]int64 // the arguments', then the score's
	for j, l := range tm.laneArgs {
		if l != nil {
			own[j] = in.laneBlocks.get()
		}
	}
	if tm.laneScore != nil {
		own[maxMemoArgs] = in.laneBlocks.get()
	}
	defer func() {
		for _, b := range own {
			if b != nil {
				in.laneBlocks.put(b)
			}
		}
	}()
	var bv blockVals
	for lo <= hi {
		n := int(min(hi-lo, laneWidth-1)) + 1
		for i := range n {
			xs[i] = lo + int64(i)
		}
		in.ticks(n)
		in.laneRuns++
		block, kept := xs[:n], xs[:n]
		masked := true
		for _, f := range tm.conds {
			w, ok := f(fr, kept)
			if !ok {
				masked = false
				break
			}
			if kept = keep(kept, w, ys); len(kept) == 0 {
				break
			}
		}
		if !masked {
			// Value by value, the whole condition each.
			for _, x := range block {
				setInt(&fr.slots[slot], x)
				if !tm.option(in, fr, g, tm.where, nil, 0) {
					return false
				}
			}
		} else if len(kept) > 0 && !tm.options(in, fr, slot, kept, g, &bv, &own) {
			return false
		}
		if hi-lo < laneWidth {
			break // lo + 64 may overflow
		}
		lo += laneWidth
	}
	return true
}

// keep returns the values of xs at the set bits of m (those past its end
// ignored): xs itself when it keeps them all, else in ys.
func keep(xs []int64, m uint64, ys *[laneWidth]int64) []int64 {
	m &= ^uint64(0) >> (laneWidth - len(xs))
	if bits.OnesCount64(m) == len(xs) {
		return xs
	}
	n := 0
	for ; m != 0; m &= m - 1 {
		ys[n] = xs[bits.TrailingZeros64(m)]
		n++
	}
	return ys[:n]
}

// options adds the options of the values kept of a block, whose where
// condition's first conjuncts hold: their arguments and score a block at a
// time where they can, the rest of the condition value by value.
func (tm *typedMove) options(in *Interp, fr *Frame, slot int, kept []int64, g *Game, bv *blockVals, own *[maxMemoArgs + 1]*[laneWidth]int64) bool {
	*bv = blockVals{}
	for j, l := range tm.laneArgs {
		if l == nil {
			continue
		}
		vs, ok := l.values(fr, kept)
		if !ok {
			bv.args = [maxMemoArgs][]int64{}
			break
		}
		bv.args[j] = own[j][:copy(own[j][:], vs)]
	}
	if tm.laneScore != nil && fr.gains != nil {
		if vs, ok := tm.laneScore.values(fr, kept); ok {
			bv.score = own[maxMemoArgs][:copy(own[maxMemoArgs][:], vs)]
		}
	}
	for i, x := range kept {
		setInt(&fr.slots[slot], x)
		if !tm.rested(in, fr, g, bv, i) {
			return false
		}
	}
	return true
}

// rested is option for a value whose where condition's first conjuncts hold:
// the rest of it, then the option.
func (tm *typedMove) rested(in *Interp, fr *Frame, g *Game, bv *blockVals, i int) bool {
	for _, f := range tm.rest {
		b, ok := f(fr)
		if !ok {
			return false
		}
		if !b {
			return true
		}
	}
	return tm.option(in, fr, g, nil, bv, i)
}

// intern interns the option of the bindings in fr, its arguments from bv at
// i where it has them, or reports false.
func (tm *typedMove) intern(in *Interp, fr *Frame, g *Game, bv *blockVals, i int) (solver.Pos, bool) {
	if len(tm.args) == 1 && bv != nil && bv.args[0] != nil {
		return in.internInt(g, bv.args[0][i]), true // the common case: one integer
	}
	var args [maxMemoArgs]Value
	for j, a := range tm.args {
		if bv != nil && bv.args[j] != nil {
			args[j] = Int(bv.args[j][i])
			continue
		}
		n, ok := a(fr)
		if !ok {
			return 0, false
		}
		args[j] = Int(n)
	}
	return in.internID(g, args[:len(tm.args)]), true
}

// option adds the option of the bindings in fr when the where condition
// holds, in the order of the general way: the condition, the arguments, the
// position interned, the option, its score. The arguments and the score come
// from bv at i where it has them.
func (tm *typedMove) option(in *Interp, fr *Frame, g *Game, where boolFn, bv *blockVals, i int) bool {
	if where != nil {
		b, ok := where(fr)
		if !ok {
			return false
		}
		if !b {
			return true
		}
	}
	id, ok := tm.intern(in, fr, g, bv, i)
	if !ok {
		return false
	}
	if fr.opts.Len() >= fr.optEnd {
		panic(in.optionLimitError(fr.expanding))
	}
	fr.opts.Add(0, id)
	if fr.gains != nil {
		gn := gain{again: tm.again}
		switch {
		case bv != nil && bv.score != nil:
			gn.points = bv.score[i]
		case tm.score != nil:
			p, ok := tm.score(fr)
			if !ok {
				return false
			}
			gn.points = p
		}
		*fr.gains = append(*fr.gains, gn)
	}
	return true
}
