package interp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grundy-lang/grundy/internal/words"
	"github.com/grundy-lang/grundy/lang"
)

// evalFn is a compiled expression.
type evalFn func(fr *Frame) Value

// compiler turns one checked program into closures.
type compiler struct {
	in   *Interp
	src  string    // the program's source, for runtime error messages
	stmt lang.Stmt // the top-level statement compiling or running, for stops that name no place
	// untyped is set while a typed expression's general form compiles: its
	// parts get no typed forms of their own (see typedRoot).
	untyped bool
	typed   typedCache
	// calls are the calls the move clauses of the game compiling share by
	// option (see optionCall), and params its number of parameters.
	calls  map[string]*optionCall
	params int
	// byOption is set while an option call compiles: kept by option, it
	// skips the function's remembered calls (see userCall), whose slots
	// would cost more than they give.
	byOption bool
	// laneMove is set while a move clause's block forms compile (its block
	// calls are shared, see laneCall), inLaneBody while a function's body's
	// block form compiles (it calls nothing), laneHoist while its loop does.
	laneMove, inLaneBody bool
	laneHoist            *laneHoist
}

// fail raises a runtime error located at pos.
func (c *compiler) fail(pos lang.Position, format string, args ...any) {
	panic(&lang.Error{Pos: pos, Msg: fmt.Sprintf(format, args...), Src: c.src})
}

// expr compiles an expression: its typed form first when it has one (see
// typedRoot), its general form otherwise.
func (c *compiler) expr(e lang.Expr) evalFn {
	if f := c.typedRoot(e); f != nil {
		return f
	}
	return c.general(e)
}

// general compiles an expression to closures over Values.
func (c *compiler) general(e lang.Expr) evalFn {
	c.in.tick() // a program of millions of expressions can be stopped while it compiles
	switch e := e.(type) {
	case *lang.IntLit:
		v := Int(e.Value)
		return func(*Frame) Value { return v }
	case *lang.StrLit:
		v := Str(e.Value)
		return func(*Frame) Value { return v }
	case *lang.BoolLit:
		v := Bool(e.Value)
		return func(*Frame) Value { return v }
	case *lang.Ident:
		return c.ident(e)
	case *lang.Unary:
		return c.unary(e)
	case *lang.Binary:
		return c.binary(e)
	case *lang.Call:
		return c.call(e)
	case *lang.Index:
		return c.index(e)
	case *lang.Field:
		return c.field(e)
	case *lang.TupleLit:
		elems, pos := c.exprs(e.Elems), e.Start()
		return func(fr *Frame) Value { return c.checkShape(pos, Tuple(evalAll(fr, elems)...)) }
	case *lang.ListLit:
		elems, pos := c.exprs(e.Elems), e.Start()
		return func(fr *Frame) Value { return c.checkShape(pos, List(evalAll(fr, elems))) }
	case *lang.SetLit:
		elems, pos := c.exprs(e.Elems), e.Start()
		return func(fr *Frame) Value { return c.checkShape(pos, c.in.set(evalAll(fr, elems))) }
	case *lang.Comprehension:
		return c.comprehension(e)
	case *lang.Lambda:
		return c.lambda(e)
	case *lang.LetIn:
		value, body, slot := c.expr(e.Value), c.expr(e.Body), e.Slot
		return func(fr *Frame) Value {
			fr.slots[slot] = value(fr)
			return body(fr)
		}
	case *lang.If:
		cond, then, els := c.cond(e.Cond), c.expr(e.Then), c.expr(e.Else)
		return func(fr *Frame) Value {
			if cond(fr) {
				return then(fr)
			}
			return els(fr)
		}
	}
	panic(fmt.Sprintf("interp: unknown expression %T", e))
}

func (c *compiler) exprs(es []lang.Expr) []evalFn {
	out := make([]evalFn, len(es))
	for i, e := range es {
		out[i] = c.expr(e)
	}
	return out
}

func evalAll(fr *Frame, fns []evalFn) []Value {
	out := make([]Value, len(fns))
	for i, f := range fns {
		out[i] = f(fr)
	}
	return out
}

// maxTupleKey is the longest tuple literal that tupleIn looks up without making it.
const maxTupleKey = 4

// tupleIn compiles (a, b) in S, the test of board games over sets of cells:
// when S is a set, the tuple's elements are looked up without making the
// tuple; anything else goes the general way.
func (c *compiler) tupleIn(t *lang.TupleLit, e *lang.Binary) evalFn {
	elems, coll := c.exprs(t.Elems), c.expr(e.R)
	negate, member, pos := e.Op == "not in", binaryOps[e.Op], e.OpPos
	return func(fr *Frame) Value {
		var buf [maxTupleKey]Value
		key := buf[:len(elems)]
		for i, f := range elems {
			key[i] = f(fr)
		}
		s := coll(fr)
		if s.K == KSet {
			return Bool(setHasTuple(s, key) != negate)
		}
		v, msg := member(c.in, Tuple(slices.Clone(key)...), s)
		if msg != "" {
			c.fail(pos, "%s", msg)
		}
		return v
	}
}

// cond compiles an expression that must be true or false, typed when it can
// be (see typedRoot).
func (c *compiler) cond(e lang.Expr) func(fr *Frame) bool {
	var t boolFn
	if !c.untyped && typedCandidate(e) {
		t = c.boolExpr(e)
	}
	var f evalFn
	if t != nil {
		f = c.fallback(e)
	} else {
		f = c.expr(e)
	}
	pos := e.Start()
	general := func(fr *Frame) bool {
		v := f(fr)
		if v.K != KBool {
			c.fail(pos, "a condition must be true or false, but this is %s %s", v.K, v.Repr())
		}
		return v.N != 0
	}
	if t == nil {
		return general
	}
	return withFallback(c.in, t, general)
}

// sourceLine returns the trimmed text of the line at pos.
func (c *compiler) sourceLine(pos lang.Position) string {
	return strings.TrimSpace(lineOf(c.src, pos.Line))
}

// lineOf returns line n (from 1) of src, or "?" when there is none.
func lineOf(src string, n int) string {
	for i := 1; ; i++ {
		line, rest, found := strings.Cut(src, "\n")
		if i == n {
			return line
		}
		if !found {
			return "?"
		}
		src = rest
	}
}

// source returns the text of an expression.
func (c *compiler) source(e lang.Expr) string {
	start, end := e.Span()
	if start < 0 || end > len(c.src) || start > end {
		return "?"
	}
	return c.src[start:end]
}

func (c *compiler) ident(id *lang.Ident) evalFn {
	switch id.Ref.Kind {
	case lang.Local:
		slot, depth := id.Ref.Slot, id.Ref.Depth
		if depth == 0 {
			return func(fr *Frame) Value { return fr.slots[slot] }
		}
		return func(fr *Frame) Value {
			for range depth {
				fr = fr.up
			}
			return fr.slots[slot]
		}
	case lang.Global:
		g := c.in.global(id.Name)
		name, pos := id.Name, id.Pos
		return func(*Frame) Value {
			if !g.Defined {
				c.fail(pos, "%s is used before it is defined", name)
			}
			return g.V
		}
	}
	panic("interp: unresolved name " + id.Name)
}

func (c *compiler) unary(e *lang.Unary) evalFn {
	if e.Op == "not" {
		// The operand is compiled once, as a condition: compiling it twice
		// doubled the work with every "not" in a chain.
		cond := c.cond(e.X)
		return func(fr *Frame) Value { return Bool(!cond(fr)) }
	}
	x := c.expr(e.X)
	pos := e.Pos
	switch e.Op {
	case "-":
		return func(fr *Frame) Value {
			if g := x(fr); g.K == KValue || g.K == KPos || g.K == KSum {
				neg, msg := c.in.negateGame(g)
				if msg != "" {
					c.fail(pos, "%s", msg)
				}
				return neg
			}
			v := c.intOf(pos, x(fr), "-")
			if v == minInt {
				c.fail(pos, "integer overflow: -(%d) does not fit in 64 bits", v)
			}
			return Int(-v)
		}
	case "~":
		return func(fr *Frame) Value { return Int(^c.intOf(pos, x(fr), "~")) }
	case "*":
		return func(fr *Frame) Value {
			k := c.intOf(pos, x(fr), "*")
			if k < 0 {
				c.fail(pos, "a nimber *k needs k >= 0, not %d", k)
			}
			return c.in.nimber(k)
		}
	}
	panic("interp: unknown unary operator " + e.Op)
}

func (c *compiler) intOf(pos lang.Position, v Value, op string) int64 {
	if v.K != KInt {
		c.fail(pos, "%s needs an integer, but got %s %s", op, v.K, v.Repr())
	}
	return v.N
}

func (c *compiler) binary(e *lang.Binary) evalFn {
	switch e.Op {
	case "and", "or":
		l, r := c.cond(e.L), c.cond(e.R)
		if e.Op == "and" {
			return func(fr *Frame) Value { return Bool(l(fr) && r(fr)) }
		}
		return func(fr *Frame) Value { return Bool(l(fr) || r(fr)) }
	}
	if t, ok := e.L.(*lang.TupleLit); ok && (e.Op == "in" || e.Op == "not in") && len(t.Elems) <= maxTupleKey {
		return c.tupleIn(t, e)
	}
	lo, ro := c.operand(e.L), c.operand(e.R)
	slow := c.binaryOp(e)
	// The common integer operators get their own closures: the hot path of moves.
	switch e.Op {
	case "+":
		return func(fr *Frame) Value {
			a, b := lo.get(fr), ro.get(fr)
			if a.K == KInt && b.K == KInt {
				if s := a.N + b.N; (s > a.N) == (b.N > 0) {
					return Int(s)
				}
			}
			return slow(a, b)
		}
	case "-":
		return func(fr *Frame) Value {
			a, b := lo.get(fr), ro.get(fr)
			if a.K == KInt && b.K == KInt {
				if s := a.N - b.N; (s < a.N) == (b.N > 0) {
					return Int(s)
				}
			}
			return slow(a, b)
		}
	case "<", "<=", ">", ">=", "==", "!=", "&", "|", "^":
		// Operators that cannot overflow: one Go operation on two integers.
		fast := map[string]func(a, b int64) Value{
			"<": func(a, b int64) Value { return Bool(a < b) }, "<=": func(a, b int64) Value { return Bool(a <= b) },
			">": func(a, b int64) Value { return Bool(a > b) }, ">=": func(a, b int64) Value { return Bool(a >= b) },
			"==": func(a, b int64) Value { return Bool(a == b) }, "!=": func(a, b int64) Value { return Bool(a != b) },
			"&": func(a, b int64) Value { return Int(a & b) }, "|": func(a, b int64) Value { return Int(a | b) },
			"^": func(a, b int64) Value { return Int(a ^ b) },
		}[e.Op]
		return func(fr *Frame) Value {
			a, b := lo.get(fr), ro.get(fr)
			if a.K == KInt && b.K == KInt {
				return fast(a.N, b.N)
			}
			return slow(a, b)
		}
	case "<<", ">>":
		right := e.Op == ">>"
		return func(fr *Frame) Value {
			a, b := lo.get(fr), ro.get(fr)
			if a.K == KInt && b.K == KInt && uint64(b.N) < 63 {
				if right {
					return Int(a.N >> b.N)
				}
				if a.N<<b.N>>b.N == a.N {
					return Int(a.N << b.N)
				}
			}
			return slow(a, b)
		}
	}
	return func(fr *Frame) Value { return slow(lo.get(fr), ro.get(fr)) }
}

// binaryOp returns the function that applies e's operator to two values of
// any kinds, failing at the operator as the language says.
func (c *compiler) binaryOp(e *lang.Binary) func(a, b Value) Value {
	op, intOp := binaryOps[e.Op], intOps[e.Op]
	if op == nil {
		panic("interp: unknown operator " + e.Op)
	}
	pos := e.OpPos
	return func(a, b Value) Value {
		var v Value
		var msg string
		if intOp != nil && a.K == KInt && b.K == KInt {
			v, msg = intOp(a.N, b.N)
		} else {
			v, msg = op(c.in, a, b)
		}
		if msg == "" {
			msg = c.in.tooBig(shapeOf(v))
		}
		if msg != "" {
			c.fail(pos, "%s", msg)
		}
		return v
	}
}

// operand reads a sub-expression, inlining the common leaves (a variable of the
// current frame, a constant) to save a call.
type operand struct {
	kind  uint8 // operandSlot, operandConst, operandGlobal or operandFn
	slot  int
	konst Value
	cell  *Global
	fn    evalFn // the general evaluation (for a global, it reports "not defined")
}

const (
	operandSlot = iota
	operandConst
	operandGlobal
	operandFn
)

func (c *compiler) operand(e lang.Expr) operand {
	switch x := e.(type) {
	case *lang.Ident:
		if x.Ref.Kind == lang.Local && x.Ref.Depth == 0 {
			return operand{kind: operandSlot, slot: x.Ref.Slot}
		}
		if x.Ref.Kind == lang.Global {
			return operand{kind: operandGlobal, cell: c.in.global(x.Name), fn: c.expr(x)}
		}
	case *lang.IntLit:
		return operand{kind: operandConst, konst: Int(x.Value)}
	}
	return operand{kind: operandFn, fn: c.expr(e)}
}

func (o *operand) get(fr *Frame) Value {
	switch o.kind {
	case operandSlot:
		return fr.slots[o.slot]
	case operandConst:
		return o.konst
	case operandGlobal:
		if o.cell.Defined {
			return o.cell.V
		}
	}
	return o.fn(fr)
}

func (c *compiler) operands(es []lang.Expr) []operand {
	out := make([]operand, len(es))
	for i, e := range es {
		out[i] = c.operand(e)
	}
	return out
}

func (c *compiler) call(e *lang.Call) evalFn {
	fn := c.expr(e.Fn)
	args := c.exprs(e.Args)
	site := &callSite{c: c, pos: e.Pos, name: c.source(e.Fn)}
	in := c.in
	return func(fr *Frame) Value {
		f := fn(fr)
		if _, ok := f.R.(*closure); (ok && f.K == KFunc) || f.K == KGame {
			// A user function copies its arguments into its frame, and a game
			// copies them into the position it makes: neither keeps the slice,
			// so the arguments can live on the run's argument stack.
			r := in.run
			base := len(r.args)
			for _, a := range args {
				r.args = append(r.args, a(fr))
			}
			v := site.apply(f, r.args[base:len(r.args):len(r.args)])
			r.args = r.args[:base]
			return v
		}
		vals := make([]Value, len(args))
		for i, a := range args {
			vals[i] = a(fr)
		}
		return site.apply(f, vals)
	}
}

// callSite is where a call happens, for error messages.
type callSite struct {
	c    *compiler
	pos  lang.Position
	name string
}

func (s *callSite) fail(format string, args ...any) { s.c.fail(s.pos, format, args...) }

// apply calls a function or constructs a game position.
func (s *callSite) apply(f Value, args []Value) Value {
	switch f.K {
	case KGame:
		g := f.R.(*Game)
		if msg := s.c.in.badPosition(g, args); msg != "" {
			s.fail("%s", msg)
		}
		return s.c.in.position(g, args)
	case KFunc:
		in := s.c.in
		in.tick()
		r := in.run
		if r.depth++; r.depth > maxDepth {
			r.depth-- // this call is not made
			s.tooDeep()
		}
		defer func() { r.depth-- }()
		return f.R.(Callable).call(s, args)
	}
	s.fail("%s is %s %s, which cannot be called", s.name, f.K, f.Repr())
	return Value{}
}

const maxDepth = 100_000

// writtenNegative reports whether an index or a slice bound is written with a
// minus sign (-1, -k): only those count from the end. A bound computed
// otherwise (len(xs) - 2) is taken as it is, so that it never wraps around:
// xs[0..len(xs) - 2] of a one-element list is empty, not the whole list.
func writtenNegative(e lang.Expr) bool {
	u, ok := e.(*lang.Unary)
	return ok && u.Op == "-"
}

func (c *compiler) index(e *lang.Index) evalFn {
	x, i := c.expr(e.X), c.expr(e.I)
	pos := e.I.Start()
	var ends [2]bool // a slice's bounds that count from the end when negative
	if r, ok := e.I.(*lang.Binary); ok && r.Op == ".." {
		ends = [2]bool{writtenNegative(r.L), writtenNegative(r.R)}
	}
	fromEnd := writtenNegative(e.I)
	return func(fr *Frame) Value {
		v, iv := x(fr), i(fr)
		if iv.K != KInt && iv.K != KRange {
			c.fail(pos, "an index must be an integer (or a range, for a slice), not %s %s", iv.K, iv.Repr())
		}
		if iv.K == KRange {
			return c.slice(e.Pos, v, iv.R.(*RangeVal), ends)
		}
		n := iv.N
		if n < 0 && !fromEnd {
			c.fail(pos, "index %d is out of range: only an index written with a minus sign, such as -1, counts from the end", n)
		}
		if ns, ok := unboxed(v); ok {
			if n < 0 {
				n += int64(len(ns))
			}
			if n < 0 || n >= int64(len(ns)) {
				c.fail(pos, "index %d is out of range (the %s has %s)", iv.N, v.K, words.Plural(len(ns), "element"))
			}
			return Int(ns[n])
		}
		switch v.K {
		case KTuple, KList, KSum:
			elems := v.Seq()
			if n < 0 {
				n += int64(len(elems))
			}
			if n < 0 || n >= int64(len(elems)) {
				c.fail(pos, "index %d is out of range (the %s has %s)", iv.N, v.K, words.Plural(len(elems), "element"))
			}
			return elems[n]
		case KRange:
			r := v.R.(*RangeVal)
			x, ok := r.At(n)
			if !ok {
				c.fail(pos, "index %d is out of range (the range has %s elements)", iv.N, r.countString())
			}
			return Int(x)
		case KStr:
			s := []rune(v.Str())
			if n < 0 {
				n += int64(len(s))
			}
			if n < 0 || n >= int64(len(s)) {
				c.fail(pos, "index %d is out of range (the string has %d characters)", iv.N, len(s))
			}
			return Str(string(s[n]))
		}
		c.fail(e.Pos, "%s %s cannot be indexed", v.K, v.Repr())
		return Value{}
	}
}

func (c *compiler) field(e *lang.Field) evalFn {
	x := c.expr(e.X)
	name := e.Name
	return func(fr *Frame) Value {
		v := x(fr)
		if f, ok := fieldOf(v, name); ok {
			return f
		}
		c.fail(e.Pos, "%s %s has no field %q%s", v.K, v.Repr(), name, fieldHint(v))
		return Value{}
	}
}

// slice returns the elements of a list, tuple, string or sum at the indices of an
// inclusive range, clipped to the length: xs[0..2] is the first three. A negative
// bound written with a minus sign counts from the end, as an index does:
// xs[-2..-1] is the last two; ends says which bounds are so written. Other
// bounds are clipped, never wrapped: xs[0..len(xs) - 2] of [7] is [].
func (c *compiler) slice(pos lang.Position, v Value, r *RangeVal, ends [2]bool) Value {
	var n int64
	switch v.K {
	case KList, KTuple, KSum:
		n = int64(len(v.Seq()))
	case KStr:
		n = int64(len([]rune(v.Str())))
	default:
		c.fail(pos, "%s %s cannot be sliced", v.K, v.Repr())
	}
	fromEnd := func(i int64, written bool) int64 {
		if i < 0 && written {
			return i + n
		}
		return i
	}
	lo, hi := max(fromEnd(r.Lo, ends[0]), 0), min(fromEnd(r.Hi, ends[1]), n-1)
	if lo > hi {
		lo, hi = 0, -1
	}
	if v.K == KStr {
		return Str(string([]rune(v.Str())[lo : hi+1]))
	}
	elems := append([]Value(nil), v.Seq()[lo:hi+1]...)
	return Value{K: v.K, R: newSeq(elems)}
}

// fieldOf returns a named part of a record, move or position.
func fieldOf(v Value, name string) (Value, bool) {
	switch v.K {
	case KRecord:
		return v.R.(*Record).Field(name)
	case KMove:
		m := v.R.(*Move)
		switch name {
		case "label":
			return Str(m.Label), true
		case "from":
			return m.From, true
		case "to":
			return m.To, true
		case "part":
			return m.Part, true
		case "partto":
			return m.PartTo, true
		case "gain":
			return Int(m.Gain), true
		case "again":
			return Bool(m.Again), true
		}
		for _, b := range m.Bindings {
			if b.Name == name {
				return b.Value, true
			}
		}
	case KPos:
		p := v.Pos()
		for i, param := range p.Game.Params {
			if param == name {
				return p.Args[i], true
			}
		}
	}
	return Value{}, false
}

func fieldHint(v Value) string {
	var names []string
	switch v.K {
	case KRecord:
		names = v.R.(*Record).Names
	case KMove:
		names = []string{"label", "from", "to", "part", "partto", "gain", "again"}
		for _, b := range v.R.(*Move).Bindings {
			names = append(names, b.Name)
		}
	case KPos:
		names = v.Pos().Game.Params
	}
	if len(names) == 0 {
		return ""
	}
	return fmt.Sprintf(" (it has %v)", names)
}

func (c *compiler) lambda(e *lang.Lambda) evalFn {
	fn := &function{name: "fn", params: paramNames(e.Params), frameSize: e.FrameSize, serial: c.in.nextSerial(), file: e.Pos.Filename}
	fn.body = c.expr(e.Body)
	return func(fr *Frame) Value {
		snapshot := &Frame{slots: append([]Value(nil), fr.slots...), up: fr.up}
		return Value{K: KFunc, R: &closure{fn: fn, env: snapshot}}
	}
}

func paramNames(ps []*lang.Param) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}
