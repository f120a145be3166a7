package interp

import (
	"strings"

	"github.com/grundy-lang/grundy/lang"
)

// loopFn runs body once for every combination of generator values that passes the
// where condition, binding them in fr. It stops early, returning false, when body does.
type loopFn func(fr *Frame, body func(fr *Frame) bool) bool

// whereCond compiles an optional where condition (nil when there is none).
func (c *compiler) whereCond(where lang.Expr) func(*Frame) bool {
	if where == nil {
		return nil
	}
	return c.cond(where)
}

// loops compiles generators and a compiled where condition (or nil) into nested loops.
func (c *compiler) loops(gens []*lang.Gen, where func(*Frame) bool) loopFn {
	var inner loopFn
	if where != nil {
		inner = func(fr *Frame, body func(*Frame) bool) bool {
			if !where(fr) {
				return true
			}
			return body(fr)
		}
	}
	for i := len(gens) - 1; i >= 0; i-- {
		inner = c.generator(gens[i], inner)
	}
	if inner == nil {
		return func(fr *Frame, body func(*Frame) bool) bool { return body(fr) }
	}
	return inner
}

// generator compiles one "x in xs" around next (nil: call the body directly).
// Ranges loop over plain integers.
func (c *compiler) generator(g *lang.Gen, next loopFn) loopFn {
	slot := g.Slot
	in := c.in
	step := func(fr *Frame, body func(*Frame) bool) bool {
		if next == nil {
			return body(fr)
		}
		return next(fr, body)
	}
	if len(g.Names) > 0 {
		plain := step
		step = func(fr *Frame, body func(*Frame) bool) bool {
			c.unpack(g, fr)
			return plain(fr, body)
		}
	}
	if r, ok := g.In.(*lang.Binary); ok && r.Op == ".." {
		lo, hi := c.operand(r.L), c.operand(r.R)
		return func(fr *Frame, body func(*Frame) bool) bool {
			l, h := c.intOf(r.L.Start(), lo.get(fr), ".."), c.intOf(r.R.Start(), hi.get(fr), "..")
			for v := l; v <= h; v++ {
				in.tick()
				setInt(&fr.slots[slot], v)
				if !step(fr, body) {
					return false
				}
				if v == maxInt {
					break
				}
			}
			return true
		}
	}
	if lit, ok := g.In.(*lang.ListLit); ok {
		return c.literalGenerator(lit, slot, step)
	}
	xs := c.expr(g.In)
	pos := g.In.Start()
	return func(fr *Frame, body func(*Frame) bool) bool {
		return c.iterate(pos, xs(fr), func(v Value) bool {
			in.tick()
			fr.slots[slot] = v
			return step(fr, body)
		})
	}
}

// literalGenerator is generator over a list written out, [a, b, c]: its
// elements are held on the run's argument stack while the loop runs, not made
// into a list (a move to one of a few positions made one at every position
// expanded). The list's size is checked as if it were made.
func (c *compiler) literalGenerator(lit *lang.ListLit, slot int, step loopFn) loopFn {
	elems, pos, in := c.exprs(lit.Elems), lit.Start(), c.in
	return func(fr *Frame, body func(*Frame) bool) bool {
		r := in.run
		base := len(r.args)
		for _, e := range elems {
			r.args = append(r.args, e(fr))
		}
		// The body may push more arguments, after these (or on a new array).
		vals := r.args[base:len(r.args):len(r.args)]
		if msg := in.tooBig(shapeAround(vals)); msg != "" {
			c.fail(pos, "%s", msg)
		}
		ok := true
		for _, v := range vals {
			in.tick()
			if v.K == KInt {
				setInt(&fr.slots[slot], v.N)
			} else {
				fr.slots[slot] = v
			}
			if ok = step(fr, body); !ok {
				break
			}
		}
		r.args = r.args[:base]
		return ok
	}
}

// unpack binds the names of a generator's pattern to the parts of the
// element in its slot, which must be a tuple or list of as many.
func (c *compiler) unpack(g *lang.Gen, fr *Frame) {
	v := fr.slots[g.Slot]
	if (v.K != KTuple && v.K != KList) || len(v.Seq()) != len(g.Names) {
		c.fail(g.Pos, "the pattern (%s) needs a tuple of %d elements, but the element is %s %s", strings.Join(g.Names, ", "), len(g.Names), v.K, v.Brief())
	}
	for i, e := range v.Seq() {
		fr.slots[g.Slots[i]] = e
	}
}

// iterate calls f on each element of a range, list, tuple, set or string.
func (c *compiler) iterate(pos lang.Position, v Value, f func(Value) bool) bool {
	switch v.K {
	case KRange:
		r := v.R.(*RangeVal)
		for x := r.Lo; x <= r.Hi; x++ {
			if !f(Int(x)) {
				return false
			}
			if x == maxInt {
				break
			}
		}
		return true
	case KList, KTuple, KSet, KSum:
		if ns, ok := unboxed(v); ok {
			for _, n := range ns {
				if !f(Int(n)) {
					return false
				}
			}
			return true
		}
		for _, e := range v.Seq() {
			if !f(e) {
				return false
			}
		}
		return true
	case KStr:
		for _, r := range v.Str() {
			if !f(Str(string(r))) {
				return false
			}
		}
		return true
	}
	c.fail(pos, "cannot loop over %s %s (a generator needs a range, list, set, tuple, string or sum)", v.K, v.Repr())
	return false
}

func (c *compiler) comprehension(e *lang.Comprehension) evalFn {
	loops := c.loops(e.Gens, c.whereCond(e.Where))
	elem := c.expr(e.Elem)
	set, pos := e.Set, e.Start()
	size := c.sizeHint(e)
	return func(fr *Frame) Value {
		// A list keeps its elements unboxed while they are integers.
		var out []Value
		var ints []int64
		boxed := set
		n := size(fr)
		if n > int64(c.in.Config.MaxElems) || set {
			n = 0 // it fails at the limit, or dedups
		}
		loops(fr, func(fr *Frame) bool {
			if len(out)+len(ints) == c.in.Config.MaxElems {
				c.fail(pos, "this comprehension makes more than %d elements, the most a list or set may hold", c.in.Config.MaxElems)
			}
			v := elem(fr)
			if !boxed {
				if v.K == KInt {
					if ints == nil && n > 0 {
						ints = make([]int64, 0, n) // made once: no copies left behind as it grows
					}
					ints = append(ints, v.N)
					return true
				}
				boxed = true
				out = make([]Value, len(ints), max(n, int64(len(ints))+1))
				for i, k := range ints {
					out[i] = Int(k)
				}
				ints = nil
			}
			out = append(out, v)
			return true
		})
		switch {
		case set:
			return c.checkShape(pos, c.in.set(out))
		case !boxed:
			return c.checkShape(pos, intList(ints))
		}
		return c.checkShape(pos, List(out))
	}
}

// sizeHint returns how many elements a comprehension makes when that is plain
// from its shape, one generator over a range whose bounds are sums and
// differences of variables and constants with no where condition ([x * x for x
// in 0..n - 1]), and otherwise 0.
func (c *compiler) sizeHint(e *lang.Comprehension) func(fr *Frame) int64 {
	none := func(*Frame) int64 { return 0 }
	if len(e.Gens) != 1 || e.Where != nil {
		return none
	}
	r, ok := e.Gens[0].In.(*lang.Binary)
	if !ok || r.Op != ".." {
		return none
	}
	lo, ok1 := affineOf(r.L)
	hi, ok2 := affineOf(r.R)
	if !ok1 || !ok2 {
		return none
	}
	return func(fr *Frame) int64 {
		l, ok1 := lo.eval(fr)
		h, ok2 := hi.eval(fr)
		if !ok1 || !ok2 || h < l || h-l < 0 {
			return 0
		}
		return h - l + 1
	}
}
