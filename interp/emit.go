package interp

import (
	"fmt"

	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/solver"
)

// sumBuilder collects one option while a move's result is evaluated.
type sumBuilder struct {
	comps []solver.Pos
	nim   int64
}

// emitPart is one term of a move's result: a game called with arguments (the fast
// case, tried first), or any other expression.
type emitPart struct {
	game    operand
	aff     []affineInt // the arguments, when all are affine in frame variables
	general func(fr *Frame, sb *sumBuilder)
}

// emitParts compiles a move's result into parts: a sum A + B + ... is flattened,
// and a part such as Kayles(n - k - i) or Wythoff(a - k, b) gets its affine
// arguments, so that it can be interned without closure calls.
func (c *compiler) emitParts(e lang.Expr) []emitPart {
	var parts []emitPart
	for _, term := range sumTerms(e) {
		parts = append(parts, c.emitPart(term))
	}
	return parts
}

// callee returns the game an affine part calls, when the name is a game of the
// part's arity (otherwise the general path evaluates or reports it).
func (p *emitPart) callee(fr *Frame) (*Game, bool) {
	f := p.game.get(fr)
	g, ok := f.R.(*Game)
	return g, ok && f.K == KGame && len(g.Params) == len(p.aff)
}

// emit makes the function that adds a move's components to an option without
// building sum values: the hot path of solving.
func (c *compiler) emit(parts []emitPart) func(fr *Frame, sb *sumBuilder) {
	in := c.in
	return func(fr *Frame, sb *sumBuilder) {
		for i := range parts {
			p := &parts[i]
			if p.aff != nil {
				if g, ok := p.callee(fr); ok {
					if id, ok := in.internAffine(g, p.aff, fr); ok {
						sb.comps = append(sb.comps, id)
						continue
					}
				}
			}
			p.general(fr, sb)
		}
	}
}

// sumTerms flattens a + b + c into its terms.
func sumTerms(e lang.Expr) []lang.Expr {
	if b, ok := e.(*lang.Binary); ok && b.Op == "+" {
		return append(sumTerms(b.L), sumTerms(b.R)...)
	}
	return []lang.Expr{e}
}

func (c *compiler) emitPart(e lang.Expr) emitPart {
	call, ok := e.(*lang.Call)
	if !ok {
		f := c.expr(e)
		pos := e.Start()
		return emitPart{general: func(fr *Frame, sb *sumBuilder) { c.addToSum(pos, f(fr), sb) }}
	}
	fn := c.operand(call.Fn)
	args := c.operands(call.Args)
	site := &callSite{c: c, pos: call.Pos, name: c.source(call.Fn)}
	empty := isSumCall(e)
	in := c.in
	p := emitPart{game: fn, general: func(fr *Frame, sb *sumBuilder) {
		f := fn.get(fr)
		if g, ok := f.R.(*Game); ok && f.K == KGame && len(args) == len(g.Params) && len(args) <= 4 && g.CheckArgs == nil {
			// A game called with integers, such as Triangles(S | (1 << e)):
			// interned straight to its id, with no position value made.
			var buf [4]Value
			ints := true
			for i := range args {
				buf[i] = args[i].get(fr)
				ints = ints && buf[i].K == KInt
			}
			if ints {
				sb.comps = append(sb.comps, in.internID(g, buf[:len(args)]))
				return
			}
		}
		vals := make([]Value, len(args))
		for i := range args {
			vals[i] = args[i].get(fr)
		}
		if v := site.apply(f, vals); !empty || !isZero(v) {
			c.addToSum(call.Pos, v, sb)
		}
	}}
	if aff, ok := c.affine(call.Args); ok && len(aff) > 0 && len(aff) <= 4 {
		p.aff = aff
	}
	return p
}

// internAffine interns g(args) for affine arguments; false when an argument is not
// an integer or overflows (the general path then reports it).
func (in *Interp) internAffine(g *Game, aff []affineInt, fr *Frame) (solver.Pos, bool) {
	if len(aff) == 1 {
		v, ok := aff[0].eval(fr)
		if !ok {
			return 0, false
		}
		return in.internOne(g, Int(v)), true
	}
	var buf [4]Value
	for i := range aff {
		v, ok := aff[i].eval(fr)
		if !ok {
			return 0, false
		}
		buf[i] = Int(v)
	}
	return in.internID(g, buf[:len(aff)]), true
}

// isSumCall reports whether e is a call of sum: in a move's result, its 0
// (the sum of an empty list) is the empty game, a move to sum([T(c) for c in
// children]) when there are no children. Any other 0 there is an error, the
// mark of a forgotten position (move -> n - 1).
func isSumCall(e lang.Expr) bool {
	call, ok := e.(*lang.Call)
	if !ok {
		return false
	}
	id, ok := call.Fn.(*lang.Ident)
	return ok && id.Name == "sum"
}

func isZero(v Value) bool { return v.K == KInt && v.N == 0 }

// addToSum adds a position, nimber or sum to the option being built.
func (c *compiler) addToSum(pos lang.Position, v Value, sb *sumBuilder) {
	switch v.K {
	case KPos:
		// Nimbers stay separate components: under misère play *3 + *5 is not *6.
		sb.comps = append(sb.comps, solver.Pos(v.N))
	case KSum:
		for _, p := range v.Seq() {
			c.addToSum(pos, p, sb)
		}
	default:
		c.fail(pos, "%s", notAGame(v))
	}
}

// notAGame is the error of a move that leads to v, which is no game. A 0 there
// is refused too, as the mark of a forgotten position (move -> n - 1), unless
// it comes from a call of sum written in the move itself (see isSumCall); a
// function that returns sum([]) returns the number 0, which says how to write
// the empty game instead.
func notAGame(v Value) string {
	msg := fmt.Sprintf("a move must lead to a game position or a sum of them, but this is %s %s", v.K, v.Repr())
	if isZero(v) {
		msg += "; for a move to the empty game, write *0, or call sum in the move itself (-> sum([...])): " +
			"elsewhere, such as in a function that returns sum([]), the sum of an empty list is the number 0"
	}
	return msg
}

// affineInt is an integer expression c + sum of coef * slot over variables of the
// current frame, such as n - k - i. It is evaluated without closure calls.
type affineInt struct {
	c     int64
	slots []int
	coefs []int64
}

// affine recognizes argument lists made only of affine integer expressions.
func (c *compiler) affine(es []lang.Expr) ([]affineInt, bool) {
	out := make([]affineInt, len(es))
	for i, e := range es {
		a, ok := affineOf(e)
		if !ok {
			return nil, false
		}
		out[i] = a
	}
	return out, true
}

func affineOf(e lang.Expr) (affineInt, bool) {
	switch x := e.(type) {
	case *lang.IntLit:
		return affineInt{c: x.Value}, true
	case *lang.Ident:
		if x.Ref.Kind == lang.Local && x.Ref.Depth == 0 {
			return affineInt{slots: []int{x.Ref.Slot}, coefs: []int64{1}}, true
		}
	case *lang.Unary: // -1, -n, -(n - k): written negative
		a, ok := affineOf(x.X)
		if x.Op != "-" || !ok || a.c == minInt {
			return affineInt{}, false
		}
		out := affineInt{c: -a.c, slots: a.slots}
		for _, k := range a.coefs {
			out.coefs = append(out.coefs, -k)
		}
		return out, true
	case *lang.Binary:
		if x.Op != "+" && x.Op != "-" {
			return affineInt{}, false
		}
		l, ok1 := affineOf(x.L)
		r, ok2 := affineOf(x.R)
		if !ok1 || !ok2 || len(l.slots)+len(r.slots) > 4 {
			return affineInt{}, false
		}
		sign := int64(1)
		if x.Op == "-" {
			sign = -1
		}
		if sign == -1 && r.c == minInt {
			return affineInt{}, false
		}
		sum, ok := intOps["+"](l.c, sign*r.c)
		if ok != "" {
			return affineInt{}, false
		}
		out := affineInt{c: sum.N, slots: append(l.slots, r.slots...), coefs: l.coefs}
		for _, k := range r.coefs {
			out.coefs = append(out.coefs, sign*k)
		}
		return out, true
	}
	return affineInt{}, false
}

// coefOf is the coefficient of the variable in slot (0 when it does not appear).
func (a *affineInt) coefOf(slot int) int64 {
	var c int64
	for i, s := range a.slots {
		if s == slot {
			c += a.coefs[i]
		}
	}
	return c
}

// eval computes the value; ok is false when a variable is not an integer or the
// arithmetic overflows, and the caller then takes the general path, which reports it.
func (a *affineInt) eval(fr *Frame) (int64, bool) {
	v := a.c
	for i, slot := range a.slots {
		x := fr.slots[slot]
		if x.K != KInt {
			return 0, false
		}
		t := x.N
		if a.coefs[i] == -1 {
			if t == minInt {
				return 0, false
			}
			t = -t
		}
		s := v + t
		if (s > v) != (t > 0) {
			return 0, false
		}
		v = s
	}
	return v, true
}
