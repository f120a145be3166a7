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
				fr.slots[slot] = Int(v)
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
	return func(fr *Frame) Value {
		var out []Value
		loops(fr, func(fr *Frame) bool {
			if len(out) == c.in.Config.MaxElems {
				c.fail(pos, "this comprehension makes more than %d elements, the most a list or set may hold", c.in.Config.MaxElems)
			}
			out = append(out, elem(fr))
			return true
		})
		if set {
			return c.checkShape(pos, c.in.set(out))
		}
		return c.checkShape(pos, List(out))
	}
}
