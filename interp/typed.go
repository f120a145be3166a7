package interp

import "github.com/grundy-lang/grundy/lang"

// Typed expressions. An expression whose value is an integer or a boolean (a
// where condition, a score, gain(S, e)'s body len([t for t in tri where ...]))
// is compiled a second time into closures that compute it as an int64 or a
// bool: locals are read from the frame and checked for their kind, nothing is
// boxed, a reduction such as len or sum of a comprehension counts or adds its
// elements without making the list, and a call of a top-level function runs
// the typed form of its body.
//
// A typed closure reports false when a value is not of the kind it expects or
// an operation would fail (overflow, division by zero, a list too long, too
// deep a recursion): the whole expression is then evaluated again by its
// general closures, which give the value or the error. The language has no
// mutation, so evaluating an expression twice gives the same result. Parts
// with no typed form (an index, a query) run their general closures inside
// the typed ones, and errors that the general path raises at the same point
// of the evaluation (a generator over something that cannot be looped over)
// are raised as they are.

// intFn computes an integer, or reports false (see above).
type intFn = func(fr *Frame) (int64, bool)

// boolFn computes a boolean, or reports false.
type boolFn = func(fr *Frame) (bool, bool)

// typedCache remembers the typed form of each expression compiled (nil when it
// has none), so that an expression is compiled at most once each way however
// its enclosing expressions are tried.
type typedCache struct {
	ints  map[lang.Expr]intFn
	bools map[lang.Expr]boolFn
	// leaves are the expressions whose typed form only checks the kind of
	// what their general form gives: no typed root of their own.
	leaves map[lang.Expr]bool
}

// maxMisses is how many evaluations in a row may fall back to the general path
// before an expression stops trying its typed form (its values are of other
// kinds, or it fails deep in a recursion).
const maxMisses = 16

// staticKind is what an expression's value is, as far as its shape tells.
type staticKind uint8

const (
	kindUnknown staticKind = iota
	kindInt
	kindBool
	kindOther // neither an integer nor a boolean
)

// kindOf returns what e's shape says of its value.
func kindOf(e lang.Expr) staticKind {
	switch e := e.(type) {
	case *lang.IntLit:
		return kindInt
	case *lang.BoolLit:
		return kindBool
	case *lang.StrLit, *lang.ListLit, *lang.SetLit, *lang.TupleLit, *lang.Comprehension, *lang.Lambda:
		return kindOther
	case *lang.Unary:
		switch e.Op {
		case "not":
			return kindBool
		case "~":
			return kindInt
		case "-":
			if kindOf(e.X) == kindInt {
				return kindInt
			}
			return kindUnknown
		}
		return kindOther
	case *lang.Binary:
		switch e.Op {
		case "and", "or", "<", "<=", ">", ">=", "==", "!=", "in", "not in":
			return kindBool
		case "..":
			return kindOther
		}
		l, r := kindOf(e.L), kindOf(e.R)
		switch {
		case l == kindInt && r == kindInt:
			return kindInt
		case l == kindOther || r == kindOther || l == kindBool || r == kindBool:
			return kindOther
		}
	case *lang.If:
		if t := kindOf(e.Then); t == kindOf(e.Else) {
			return t
		}
	case *lang.LetIn:
		return kindOf(e.Body)
	}
	return kindUnknown
}

// typedRoot compiles e as a typed expression with its general form as the
// fallback, when e is an operation on integers or booleans (nil otherwise).
// The general form's own parts are compiled without typed forms: they run
// only when the typed form could not.
func (c *compiler) typedRoot(e lang.Expr) evalFn {
	if c.untyped || !typedCandidate(e) {
		return nil
	}
	t := c.typedBody(e)
	if t == nil || c.typed.leaves[e] {
		return nil
	}
	return withFallback(c.in, t, c.fallback(e))
}

// withFallback runs a typed form t, and the general form when t reports false
// or under Config.Plain; after maxMisses falls in a row, the general form alone.
func withFallback[T any](in *Interp, t func(*Frame) (T, bool), general func(*Frame) T) func(*Frame) T {
	in.typedRoots++
	misses := 0
	return func(fr *Frame) T {
		if misses < maxMisses && !in.Config.Plain && !in.run.deepTyped {
			if v, ok := t(fr); ok {
				misses = 0
				return v
			}
			misses++
			in.typedMiss++
		}
		return general(fr)
	}
}

// typedCandidate reports whether e is an operation worth a typed form: an
// arithmetic, comparison or logical operator, a condition, a let, or a call.
func typedCandidate(e lang.Expr) bool {
	if kindOf(e) == kindOther {
		return false
	}
	switch e := e.(type) {
	case *lang.Binary:
		return e.Op != "in" && e.Op != "not in"
	case *lang.Unary, *lang.If, *lang.LetIn:
		return true
	case *lang.Call:
		_, ok := e.Fn.(*lang.Ident)
		return ok
	}
	return false
}

// fallback compiles e's general form, with no typed forms inside.
func (c *compiler) fallback(e lang.Expr) evalFn {
	was := c.untyped
	c.untyped = true
	defer func() { c.untyped = was }()
	return c.general(e)
}

// leafInt reads an integer from e's general form.
func (c *compiler) leafInt(e lang.Expr) intFn {
	c.typed.leaves[e] = true
	f := c.general(e)
	return func(fr *Frame) (int64, bool) {
		v := f(fr)
		return v.N, v.K == KInt
	}
}

// leafBool reads a boolean from e's general form.
func (c *compiler) leafBool(e lang.Expr) boolFn {
	c.typed.leaves[e] = true
	f := c.general(e)
	return func(fr *Frame) (bool, bool) {
		v := f(fr)
		return v.N != 0, v.K == KBool
	}
}

// intExpr returns e's typed integer form, or nil when e is not an integer.
func (c *compiler) intExpr(e lang.Expr) intFn {
	return typedOnce(c, func(t *typedCache) map[lang.Expr]intFn { return t.ints }, e, kindInt, c.compileInt)
}

// boolExpr returns e's typed boolean form, or nil when e is not a boolean.
func (c *compiler) boolExpr(e lang.Expr) boolFn {
	return typedOnce(c, func(t *typedCache) map[lang.Expr]boolFn { return t.bools }, e, kindBool, c.compileBool)
}

// typedOnce compiles e's typed form of a kind by compile, once: the cache
// (which of the session's typedCache) keeps it, or nil for none. While it
// compiles, e has none, so that a cycle ends.
func typedOnce[T any](c *compiler, which func(*typedCache) map[lang.Expr]T, e lang.Expr, kind staticKind, compile func(lang.Expr) T) T {
	c.typedMaps()
	cache := which(&c.typed)
	if f, ok := cache[e]; ok {
		return f
	}
	var f T
	cache[e] = f
	if k := kindOf(e); k == kindUnknown || k == kind {
		f = compile(e)
	}
	cache[e] = f
	return f
}

// typedMaps makes the typed cache's maps on first use.
func (c *compiler) typedMaps() {
	if c.typed.ints == nil {
		c.typed = typedCache{ints: map[lang.Expr]intFn{}, bools: map[lang.Expr]boolFn{}, leaves: map[lang.Expr]bool{}}
	}
}

func (c *compiler) compileInt(e lang.Expr) intFn {
	switch e := e.(type) {
	case *lang.IntLit:
		n := e.Value
		return func(*Frame) (int64, bool) { return n, true }
	case *lang.Ident:
		if e.Ref.Kind == lang.Local && e.Ref.Depth == 0 {
			slot := e.Ref.Slot
			return func(fr *Frame) (int64, bool) {
				v := &fr.slots[slot]
				return v.N, v.K == KInt
			}
		}
	case *lang.Unary:
		return c.intUnary(e)
	case *lang.Binary:
		return c.intBinary(e)
	case *lang.If, *lang.LetIn:
		return typedControl(c, e, c.intExpr)
	case *lang.Call:
		if f := c.intCall(e); f != nil {
			return f
		}
	}
	return c.leafInt(e)
}

func (c *compiler) compileBool(e lang.Expr) boolFn {
	switch e := e.(type) {
	case *lang.BoolLit:
		b := e.Value
		return func(*Frame) (bool, bool) { return b, true }
	case *lang.Ident:
		if e.Ref.Kind == lang.Local && e.Ref.Depth == 0 {
			slot := e.Ref.Slot
			return func(fr *Frame) (bool, bool) {
				v := &fr.slots[slot]
				return v.N != 0, v.K == KBool
			}
		}
	case *lang.Unary:
		if e.Op != "not" {
			return nil
		}
		x := c.boolExpr(e.X)
		if x == nil {
			return nil
		}
		return func(fr *Frame) (bool, bool) {
			b, ok := x(fr)
			return !b, ok
		}
	case *lang.Binary:
		if f := c.boolBinary(e); f != nil {
			return f
		}
	case *lang.If, *lang.LetIn:
		return typedControl(c, e, c.boolExpr)
	case *lang.Call:
		if f := c.boolCall(e); f != nil {
			return f
		}
	}
	return c.leafBool(e)
}

// typedControl compiles if ... then ... else and let ... in, their parts typed
// by sub (c.intExpr or c.boolExpr), or returns nil.
func typedControl[T int64 | bool](c *compiler, e lang.Expr, sub func(lang.Expr) func(*Frame) (T, bool)) func(*Frame) (T, bool) {
	switch e := e.(type) {
	case *lang.If:
		cond, then, els := c.boolExpr(e.Cond), sub(e.Then), sub(e.Else)
		if cond == nil || then == nil || els == nil {
			return nil
		}
		return func(fr *Frame) (T, bool) {
			b, ok := cond(fr)
			if !ok {
				var zero T
				return zero, false
			}
			if b {
				return then(fr)
			}
			return els(fr)
		}
	case *lang.LetIn:
		value, body, slot := c.expr(e.Value), sub(e.Body), e.Slot
		if body == nil {
			return nil
		}
		return func(fr *Frame) (T, bool) {
			fr.slots[slot] = value(fr)
			return body(fr)
		}
	}
	return nil
}

func (c *compiler) intUnary(e *lang.Unary) intFn {
	x := c.intExpr(e.X)
	if x == nil {
		return nil
	}
	switch e.Op {
	case "-":
		return func(fr *Frame) (int64, bool) {
			v, ok := x(fr)
			return -v, ok && v != minInt
		}
	case "~":
		return func(fr *Frame) (int64, bool) {
			v, ok := x(fr)
			return ^v, ok
		}
	}
	return nil
}

// intArg is an operand of a typed operator: a local of the current frame or a
// constant, read inline, or any other typed integer.
type intArg struct {
	fn    intFn  // nil for a local or a constant
	konst *Value // the constant, or nil
	slot  int    // the local's slot
}

// intArgOf compiles an operand (false: it has no typed form).
func (c *compiler) intArgOf(e lang.Expr) (intArg, bool) {
	switch x := e.(type) {
	case *lang.IntLit:
		return intArg{konst: &Value{K: KInt, N: x.Value}}, true
	case *lang.Ident:
		if x.Ref.Kind == lang.Local && x.Ref.Depth == 0 {
			return intArg{slot: x.Ref.Slot}, true
		}
	}
	f := c.intExpr(e)
	return intArg{fn: f}, f != nil
}

// get reads the operand.
func (a *intArg) get(fr *Frame) (int64, bool) {
	if a.fn != nil {
		return a.fn(fr)
	}
	return a.local(fr)
}

// local reads an operand that is a constant or a local (fn is nil); it is
// small enough to be inlined, where a call of fn is not.
func (a *intArg) local(fr *Frame) (int64, bool) {
	v := a.konst
	if v == nil {
		v = &fr.slots[a.slot]
	}
	return v.N, v.K == KInt
}

// The integer operators, for the switch of intBinary's closure.
const (
	opAnd = iota
	opOr
	opXor
	opOther // by its function
	opEq
	opNe
	opLt
	opLe
	opGt
	opGe
)

var intOpCodes = map[string]int{"&": opAnd, "|": opOr, "^": opXor, "+": opOther, "-": opOther, "*": opOther,
	"/": opOther, "%": opOther, "<<": opOther, ">>": opOther}

// checkedOps are the integer operators other than &, | and ^, each reporting
// false where it fails.
var checkedOps = map[string]func(a, b int64) (int64, bool){"+": addInt, "-": subInt, "*": mulInt, "/": divInt,
	"%": modInt, "<<": shlInt, ">>": shrInt}

var cmpOpCodes = map[string]int{"==": opEq, "!=": opNe, "<": opLt, "<=": opLe, ">": opGt, ">=": opGe}

// intBinary compiles an arithmetic operator on two integers.
func (c *compiler) intBinary(e *lang.Binary) intFn {
	code, ok := intOpCodes[e.Op]
	if !ok {
		return nil
	}
	l, ok1 := c.intArgOf(e.L)
	r, ok2 := c.intArgOf(e.R)
	if !ok1 || !ok2 {
		return nil
	}
	op := checkedOps[e.Op]
	// One closure for every operator, its operands read inline when they are
	// locals or constants: a switch on a constant costs less than a call.
	return func(fr *Frame) (int64, bool) {
		var a, b int64
		var ok bool
		if l.fn != nil {
			a, ok = l.fn(fr)
		} else {
			a, ok = l.local(fr)
		}
		if !ok {
			return 0, false
		}
		if r.fn != nil {
			b, ok = r.fn(fr)
		} else {
			b, ok = r.local(fr)
		}
		if !ok {
			return 0, false
		}
		switch code {
		case opAnd:
			return a & b, true
		case opOr:
			return a | b, true
		case opXor:
			return a ^ b, true
		}
		return op(a, b)
	}
}

// compare compiles a comparison of two integers.
func (c *compiler) compare(e *lang.Binary) boolFn {
	l, ok1 := c.intArgOf(e.L)
	r, ok2 := c.intArgOf(e.R)
	if !ok1 || !ok2 {
		return nil
	}
	code := cmpOpCodes[e.Op]
	return func(fr *Frame) (bool, bool) {
		var a, b int64
		var ok bool
		if l.fn != nil {
			a, ok = l.fn(fr)
		} else {
			a, ok = l.local(fr)
		}
		if !ok {
			return false, false
		}
		if r.fn != nil {
			b, ok = r.fn(fr)
		} else {
			b, ok = r.local(fr)
		}
		if !ok {
			return false, false
		}
		switch code {
		case opEq:
			return a == b, true
		case opNe:
			return a != b, true
		case opLt:
			return a < b, true
		case opLe:
			return a <= b, true
		case opGt:
			return a > b, true
		}
		return a >= b, true
	}
}

// boolBinary compiles and, or and the comparisons of integers (and equality
// of booleans); nil for the other operators, which go the general way.
func (c *compiler) boolBinary(e *lang.Binary) boolFn {
	switch e.Op {
	case "and", "or":
		l, r := c.boolExpr(e.L), c.boolExpr(e.R)
		if l == nil || r == nil {
			return nil
		}
		and := e.Op == "and"
		return func(fr *Frame) (bool, bool) {
			a, ok := l(fr)
			if !ok {
				return false, false
			}
			if a != and {
				return a, true // false and ..., true or ...
			}
			return r(fr)
		}
	case "==", "!=":
		if kindOf(e.L) == kindBool || kindOf(e.R) == kindBool {
			l, r := c.boolExpr(e.L), c.boolExpr(e.R)
			if l == nil || r == nil {
				return nil
			}
			ne := e.Op == "!="
			return func(fr *Frame) (bool, bool) {
				a, ok1 := l(fr)
				if !ok1 {
					return false, false
				}
				b, ok2 := r(fr)
				return (a == b) != ne, ok2
			}
		}
		if kindOf(e.L) != kindInt && kindOf(e.R) != kindInt {
			return c.anyEquality(e)
		}
	case "<", "<=", ">", ">=":
	default:
		return nil
	}
	return c.compare(e)
}

// anyEquality compiles == or != of two values whose kinds the shape does not
// tell ((S & t) != t, b[i] == p): compared as integers when both are, and
// otherwise as the general form compares them. An operand whose typed form is
// its general one checked (b[i]) is evaluated once, as a value; the others
// are evaluated again, the general way, when they are not integers.
func (c *compiler) anyEquality(e *lang.Binary) boolFn {
	lv, rv := c.operand(e.L), c.operand(e.R)
	ne, cmp := e.Op == "!=", c.binaryOp(e)
	byValue := func(fr *Frame) (bool, bool) {
		a, b := lv.get(fr), rv.get(fr)
		if a.K == KInt && b.K == KInt {
			return (a.N == b.N) != ne, true
		}
		v := cmp(a, b)
		return v.N != 0, v.K == KBool
	}
	l, ok1 := c.intArgOf(e.L)
	r, ok2 := c.intArgOf(e.R)
	if !ok1 || !ok2 || c.typed.leaves[e.L] || c.typed.leaves[e.R] {
		return byValue
	}
	return func(fr *Frame) (bool, bool) {
		var a, b int64
		var ok bool
		if l.fn != nil {
			a, ok = l.fn(fr)
		} else {
			a, ok = l.local(fr)
		}
		if ok {
			if r.fn != nil {
				b, ok = r.fn(fr)
			} else {
				b, ok = r.local(fr)
			}
			if ok {
				return (a == b) != ne, true
			}
		}
		return byValue(fr)
	}
}

// intCall compiles a call that gives an integer: len or sum of a list
// comprehension (counted or added, with no list made), abs, min and max of
// integers, or a top-level function with a typed body. Nil: the general way.
func (c *compiler) intCall(e *lang.Call) intFn {
	if id, ok := e.Fn.(*lang.Ident); ok && id.Ref.Kind == lang.Global {
		cell := c.in.global(id.Name)
		if b, ok := cell.V.R.(*builtin); ok && cell.Defined && cell.V.K == KFunc {
			return c.builtinCall(cell, b, c.builtinInt(e, b))
		}
	}
	call := c.userCallOf(e)
	if call == nil {
		return nil
	}
	return func(fr *Frame) (int64, bool) {
		v, ok := call(fr)
		return v.N, ok && v.K == KInt
	}
}

// boolCall compiles a call of a top-level function with a typed boolean body.
func (c *compiler) boolCall(e *lang.Call) boolFn {
	call := c.userCallOf(e)
	if call == nil {
		return nil
	}
	return func(fr *Frame) (bool, bool) {
		v, ok := call(fr)
		return v.N != 0, ok && v.K == KBool
	}
}

// builtinCall is the typed form f of a call of the built-in b, held by cell
// when compiled, or nil. The call counts as the general one does: a step, and
// a level of nesting that may be one too many (the general path says so).
func (c *compiler) builtinCall(cell *Global, b *builtin, f intFn) intFn {
	if f == nil {
		return nil
	}
	in := c.in
	return func(fr *Frame) (int64, bool) {
		if cell.V.R != any(b) { // the name was defined again
			return 0, false
		}
		v, ok := f(fr)
		in.tick()
		if in.run.depth >= maxDepth {
			in.run.deepTyped = true
			return 0, false
		}
		return v, ok
	}
}

// userCallOf compiles a call of a top-level function by name (see userCall),
// or returns nil when e calls anything else.
func (c *compiler) userCallOf(e *lang.Call) func(fr *Frame) (Value, bool) {
	id, ok := e.Fn.(*lang.Ident)
	if !ok || id.Ref.Kind != lang.Global {
		return nil
	}
	return c.userCall(e, c.in.global(id.Name))
}

// builtinInt compiles the built-ins that have typed forms.
func (c *compiler) builtinInt(e *lang.Call, b *builtin) intFn {
	switch b.name {
	case "len", "sum":
		if len(e.Args) != 1 {
			return nil
		}
		if comp, ok := e.Args[0].(*lang.Comprehension); ok && !comp.Set {
			return c.reduce(comp, b.name == "sum")
		}
	case "abs":
		if len(e.Args) != 1 {
			return nil
		}
		if x := c.intExpr(e.Args[0]); x != nil {
			return func(fr *Frame) (int64, bool) {
				v, ok := x(fr)
				return abs64(v), ok && v != minInt
			}
		}
	case "min", "max":
		if len(e.Args) < 2 {
			return nil // min(xs): the general way
		}
		args := make([]intFn, len(e.Args))
		for i, a := range e.Args {
			if args[i] = c.intExpr(a); args[i] == nil {
				return nil
			}
		}
		least := b.name == "min"
		return func(fr *Frame) (int64, bool) {
			best, ok := args[0](fr)
			if !ok {
				return 0, false
			}
			for _, a := range args[1:] {
				v, ok := a(fr)
				if !ok {
					return 0, false
				}
				if (v < best) == least && v != best {
					best = v
				}
			}
			return best, true
		}
	}
	return nil
}

// userCall compiles a call of a top-level function (the global cell's value
// when it runs) through the typed form of its body, its calls remembered as
// the general path remembers them (but for an option call, see
// compiler.byOption). It reports false, for the general path to
// make the call, when the cell holds anything else, the function's body has no
// typed form or lives in another file (whose errors name the call), the
// arguments do not match, or the calls nest too deeply.
func (c *compiler) userCall(e *lang.Call, cell *Global) func(fr *Frame) (Value, bool) {
	if cell.Defined {
		if cl, ok := cell.V.R.(*closure); !ok || cell.V.K != KFunc || cl.env != nil {
			return nil // a game, a built-in or a value
		}
	}
	if len(e.Args) > maxMemoArgs {
		return nil
	}
	args := c.operands(e.Args)
	in, file, remember := c.in, e.Pos.Filename, !c.byOption
	return func(fr *Frame) (Value, bool) {
		cl, ok := cell.V.R.(*closure)
		if !ok || !cell.Defined || cell.V.K != KFunc || cl.env != nil {
			return Value{}, false
		}
		fn := cl.fn
		if fn.typed == nil || len(fn.params) != len(args) || fn.file != file {
			return Value{}, false
		}
		var vals [maxMemoArgs]Value
		for i := range args {
			vals[i] = args[i].get(fr)
		}
		in.tick()
		r := in.run
		if r.depth >= maxDepth {
			r.deepTyped = true
			return Value{}, false // the general path says so
		}
		var slot *memoSlot
		if remember {
			var cached bool
			if slot, cached = fn.recall(in, nil, vals[:len(args)]); cached {
				return slot.v, true
			}
		}
		r.depth++
		defer func() { r.depth-- }()
		callee := in.frames.get(fn.frameSize)
		copy(callee.slots, vals[:len(args)])
		v, ok := fn.typed(callee)
		in.frames.put(callee)
		if ok && slot != nil {
			*slot = memoSlot{gen: in.memoGeneration(), n: len(args), v: v}
			for i, a := range vals[:len(args)] {
				slot.args[i] = a.N
			}
		}
		return v, ok
	}
}

// typedBody is an expression's typed form (an integer's, or else a
// boolean's), its value boxed (which allocates nothing), or nil: a function's
// body for userCall, or a typed root.
func (c *compiler) typedBody(body lang.Expr) func(fr *Frame) (Value, bool) {
	if call, ok := body.(*lang.Call); ok {
		// A function's value may be an integer or a boolean: the call's
		// own, with no kind required.
		if f := c.userCallOf(call); f != nil {
			return f
		}
	}
	if f := c.intExpr(body); f != nil {
		return func(fr *Frame) (Value, bool) {
			v, ok := f(fr)
			return Int(v), ok
		}
	}
	if f := c.boolExpr(body); f != nil {
		return func(fr *Frame) (Value, bool) {
			v, ok := f(fr)
			return Bool(v), ok
		}
	}
	return nil
}

// reduction is len or sum of a list comprehension, computed as its loops run.
type reduction struct {
	c      *compiler
	gens   []*lang.Gen
	bounds [][2]intFn     // a generator over lo..hi: its bounds
	colls  []evalFn       // any other generator: what it loops over
	where  boolFn         // nil: none
	elem   intFn          // the element added (sum)
	check  evalFn         // the element of a count, evaluated when it may fail
	lanes  *laneReduction // the innermost generator a block at a time, or nil
	// invariants are the parts of where and elem the loops do not change.
	invariants []*invariant
}

// reduceAcc is what a reduction has counted and added so far.
type reduceAcc struct{ n, total int64 }

// reduce compiles len (sum false) or sum of a list comprehension.
func (c *compiler) reduce(e *lang.Comprehension, sum bool) intFn {
	r := &reduction{c: c, gens: e.Gens}
	for _, g := range e.Gens {
		var b [2]intFn
		var coll evalFn
		if rg, ok := g.In.(*lang.Binary); ok && rg.Op == ".." {
			b = [2]intFn{c.intExpr(rg.L), c.intExpr(rg.R)}
		}
		if b[0] == nil || b[1] == nil {
			b, coll = [2]intFn{}, c.expr(g.In)
		}
		r.bounds, r.colls = append(r.bounds, b), append(r.colls, coll)
	}
	r.invariants = c.hoist(e)
	if e.Where != nil {
		r.where = c.boolExpr(e.Where)
	}
	switch {
	case sum:
		r.elem = c.intExpr(e.Elem)
	case !safeElem(e.Elem):
		r.check = c.expr(e.Elem)
	}
	r.lanes = c.lanes(e, sum)
	c.unhoist(e)
	if e.Where != nil && r.where == nil || sum && r.elem == nil {
		return nil
	}
	return func(fr *Frame) (int64, bool) {
		// The invariants are computed afresh by each evaluation, and kept
		// for the one this may be nested in (a recursion through a call).
		var saved [maxInvariants]invariant
		for i, v := range r.invariants {
			saved[i] = *v
			v.known = false
		}
		var acc reduceAcc
		ok := r.loop(fr, 0, &acc)
		for i, v := range r.invariants {
			*v = saved[i]
		}
		if !ok {
			return 0, false
		}
		if sum {
			return acc.total, true
		}
		return acc.n, true
	}
}

// invariant is a part of a reduction's where condition or element that its
// generators do not change, such as S | (1 << e) in len([t for t in tri where
// ((S | (1 << e)) & t) == t]): computed once by each evaluation of the
// reduction, when it is first needed (so where the general form first
// computes it, with the same value or error), and read after that.
type invariant struct {
	known bool
	v     int64
}

// maxInvariants is the most invariants a reduction keeps.
const maxInvariants = 4

// hoist finds the invariants of e's where condition and element: the biggest
// operator trees over constants and locals that e's generators, lets and
// inner comprehensions do not bind. While e's typed forms compile, each reads
// its invariant (see unhoist).
func (c *compiler) hoist(e *lang.Comprehension) []*invariant {
	bound := map[int]bool{}
	bind := func(gens []*lang.Gen) {
		for _, g := range gens {
			bound[g.Slot] = true
			for _, s := range g.Slots {
				bound[s] = true
			}
		}
	}
	bind(e.Gens)
	parts := []lang.Expr{e.Where, e.Elem}
	for _, part := range parts {
		if part != nil {
			lang.Walk(part, func(x lang.Expr) {
				switch x := x.(type) {
				case *lang.LetIn:
					bound[x.Slot] = true
				case *lang.Comprehension:
					bind(x.Gens)
				}
			})
		}
	}
	var cells []*invariant
	covered := map[lang.Expr]bool{}
	for _, part := range parts {
		if part == nil {
			continue
		}
		lang.Walk(part, func(x lang.Expr) {
			if covered[x] {
				return
			}
			if _, ok := x.(*lang.Lambda); ok || !invariantArith(x, bound, 0) || len(cells) == maxInvariants {
				if ok {
					lang.Walk(x, func(y lang.Expr) { covered[y] = true }) // a frame of its own
				}
				return
			}
			lang.Walk(x, func(y lang.Expr) { covered[y] = true })
			compute := c.intExpr(x)
			if compute == nil {
				return
			}
			cell := &invariant{}
			cells = append(cells, cell)
			c.typed.ints[x] = func(fr *Frame) (int64, bool) {
				if cell.known {
					return cell.v, true
				}
				v, ok := compute(fr)
				cell.known, cell.v = ok, v
				return v, ok
			}
		})
	}
	return cells
}

// unhoist forgets the typed forms of e's where condition and element compiled
// with their invariants, which only the reduction may use.
func (c *compiler) unhoist(e *lang.Comprehension) { c.forgetTyped(e.Where, e.Elem) }

// invariantArith reports whether e is an operator tree (with at least one
// operator, when depth is 0) over constants and locals not in bound.
func invariantArith(e lang.Expr, bound map[int]bool, depth int) bool {
	switch x := e.(type) {
	case *lang.IntLit:
		return depth > 0
	case *lang.Ident:
		return depth > 0 && x.Ref.Kind == lang.Local && x.Ref.Depth == 0 && !bound[x.Ref.Slot]
	case *lang.Unary:
		return (x.Op == "-" || x.Op == "~") && invariantArith(x.X, bound, depth+1)
	case *lang.Binary:
		_, ok := intOpCodes[x.Op]
		return ok && invariantArith(x.L, bound, depth+1) && invariantArith(x.R, bound, depth+1)
	}
	return false
}

// safeElem reports whether evaluating a comprehension's element cannot fail.
func safeElem(e lang.Expr) bool {
	switch e.(type) {
	case *lang.Ident, *lang.IntLit, *lang.BoolLit, *lang.StrLit:
		return true
	}
	return false
}

// loop runs generator i and those inside it, then the where condition and the
// element, in the order of the general comprehension; false when a part has
// no typed value.
func (r *reduction) loop(fr *Frame, i int, acc *reduceAcc) bool {
	g := r.gens[i]
	last := i == len(r.gens)-1
	if b := r.bounds[i]; b[0] != nil {
		lo, ok := b[0](fr)
		if !ok {
			return false
		}
		hi, ok := b[1](fr)
		if !ok {
			return false
		}
		if last && r.lanes != nil {
			return r.runRange(fr, g.Slot, lo, hi, acc)
		}
		each := r.step(fr, i, acc)
		for v := lo; v <= hi; v++ {
			if !each(Int(v)) {
				return false
			}
			if v == maxInt {
				break
			}
		}
		return true
	}
	xs := r.colls[i](fr)
	if last && r.lanes != nil {
		if ns, ok := r.lanes.ints.intsOf(xs); ok {
			return r.runLanes(fr, g.Slot, ns, acc)
		}
	}
	return r.loopOver(fr, i, xs, acc)
}

// step binds generator i to a value and runs what is inside it.
func (r *reduction) step(fr *Frame, i int, acc *reduceAcc) func(v Value) bool {
	g, in, last := r.gens[i], r.c.in, i == len(r.gens)-1
	return func(v Value) bool {
		in.tick()
		fr.slots[g.Slot] = v
		if len(g.Names) > 0 {
			r.c.unpack(g, fr)
		}
		if last {
			return r.visit(fr, acc)
		}
		return r.loop(fr, i+1, acc)
	}
}

// loopOver is loop for generator i over the collection xs.
func (r *reduction) loopOver(fr *Frame, i int, xs Value, acc *reduceAcc) bool {
	g, in := r.gens[i], r.c.in
	last := i == len(r.gens)-1
	each := r.step(fr, i, acc)
	if xs.K == KList || xs.K == KTuple || xs.K == KSet {
		if _, unboxedInts := unboxed(xs); !unboxedInts {
			// The common case, without iterate's closure (nor each's, for
			// the innermost loop over plain names).
			if !last || len(g.Names) > 0 {
				for _, v := range xs.Seq() {
					if !each(v) {
						return false
					}
				}
				return true
			}
			for _, v := range xs.Seq() {
				in.tick()
				fr.slots[g.Slot] = v
				if !r.visit(fr, acc) {
					return false
				}
			}
			return true
		}
	}
	ok := true
	r.c.iterate(g.In.Start(), xs, func(v Value) bool {
		ok = each(v)
		return ok
	})
	return ok
}

// visit is the innermost step: the where condition, then the element.
func (r *reduction) visit(fr *Frame, acc *reduceAcc) bool {
	if r.where != nil {
		b, ok := r.where(fr)
		if !ok {
			return false
		}
		if !b {
			return true
		}
	}
	if acc.n == int64(r.c.in.Config.MaxElems) {
		return false // the list would be too long: the general path says so
	}
	acc.n++
	if r.check != nil {
		r.check(fr)
	}
	if r.elem != nil {
		v, ok := r.elem(fr)
		if !ok {
			return false
		}
		if acc.total, ok = addInt(acc.total, v); !ok {
			return false
		}
	}
	return true
}
