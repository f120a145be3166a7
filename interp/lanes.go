package interp

import (
	"math/bits"

	"github.com/grundy-lang/grundy/lang"
)

// Lanes. The innermost generator of a typed reduction, such as gain's
// len([t for t in tri where (S & t) != t and ((S | (1 << e)) & t) == t]),
// runs a block of up to 64 elements at a time when its where condition and
// element are operators over the element, constants and locals: each
// operator is one Go loop over the block, a comparison gives a bit mask that
// and, or and not combine, and the count is the mask's population. A block
// costs one closure call an operator, not one an operator and an element.
//
// Nothing a block evaluates calls a function, so no evaluation of a block is
// nested in another, and each operator keeps its values in buffers of its
// own. Every operator runs on every element, also where the general form
// would not evaluate it (the right of an and whose left is false): when one
// fails (an overflow, a division by zero) anywhere in a block, that block
// runs element by element (reduction.visit), which gives the value, or hands
// the whole reduction to the general form, which gives the error.

// laneWidth is the most elements of a block: the bits of a mask.
const laneWidth = 64

// laneInt is an integer part of a reduction for every element of a block:
// the same value for all (fixed); the element itself (elem), a fixed value
// shifted by the element (shift, of base: 1 << e, S >> e) or another part's
// values (from, or pre), any of them &, | or ^ a fixed k (code) or not (k nil),
// computed where it is used with no call; or any other (each).
type laneInt struct {
	fixed *intArg
	elem  bool
	shift int // laneShr or laneShl, or 0
	base  *intArg
	from  func(fr *Frame, xs []int64) ([]int64, bool)
	pre   *fixedLanes // from values computed before (see laneCall)
	code  int
	k     *intArg
	each  func(fr *Frame, xs []int64) ([]int64, bool)
	buf   *[laneWidth]int64 // where the part's values go
}

// The shifts of laneInt.shift.
const (
	laneShr = 1 + iota
	laneShl
)

// laneBool is a condition for every element of a block: bit i of the mask
// for element i (the bits past the block's end mean nothing).
type laneBool = func(fr *Frame, xs []int64) (uint64, bool)

// laneReduction is the block form of a reduction's innermost generator.
type laneReduction struct {
	where laneBool // nil: none
	elem  laneInt  // the element added, for a sum
	sum   bool
	ints  unboxedList
}

// unboxedList is the last list of boxed values a loop went over (seq) and
// its integers, unboxed once (a list does not change), or nil when they are
// not all integers.
type unboxedList struct {
	seq  *Seq
	ints []int64
}

// lanes compiles the block form of reduction e (sum, or len), or returns nil
// when its innermost generator, where condition or element lacks the shape.
func (c *compiler) lanes(e *lang.Comprehension, sum bool) *laneReduction {
	g := e.Gens[len(e.Gens)-1]
	if len(g.Names) > 0 {
		return nil
	}
	lr := &laneReduction{sum: sum}
	if e.Where != nil {
		if lr.where = c.laneCond(e.Where, g.Slot); lr.where == nil {
			return nil
		}
	}
	if sum {
		var ok bool
		if lr.elem, ok = c.laneInt(e.Elem, g.Slot); !ok {
			return nil
		}
	} else if !safeElem(e.Elem) {
		return nil
	}
	return lr
}

// fixedArith reports whether e is an operator tree over constants and locals
// other than the element's slot: the same for every element of a block, and
// computed with no call. ("Fixed" is for the block: in a call's body run a
// block at a time, the body's own loop variable is fixed too, and the parts
// that loop does not change are laneHoist's.)
func fixedArith(e lang.Expr, slot int) bool {
	switch x := e.(type) {
	case *lang.IntLit:
		return true
	case *lang.Ident:
		return x.Ref.Kind == lang.Local && x.Ref.Depth == 0 && x.Ref.Slot != slot
	case *lang.Unary:
		return (x.Op == "-" || x.Op == "~") && fixedArith(x.X, slot)
	case *lang.Binary:
		_, ok := intOpCodes[x.Op]
		return ok && fixedArith(x.L, slot) && fixedArith(x.R, slot)
	}
	return false
}

// laneInt compiles an integer part of a block (false: it has no block form).
func (c *compiler) laneInt(e lang.Expr, slot int) (laneInt, bool) {
	if l, ok, done := c.hoisted(e, slot); done {
		return l, ok
	}
	if fixedArith(e, slot) {
		f, ok := c.intArgOf(e)
		return laneInt{fixed: &f, buf: new([laneWidth]int64)}, ok
	}
	switch x := e.(type) {
	case *lang.Ident:
		if x.Ref.Kind == lang.Local && x.Ref.Depth == 0 && x.Ref.Slot == slot {
			return laneInt{elem: true}, true
		}
	case *lang.Unary:
		a, ok := c.laneInt(x.X, slot)
		if !ok || (x.Op != "-" && x.Op != "~") {
			return laneInt{}, false
		}
		neg, out := x.Op == "-", new([laneWidth]int64)
		return laneInt{each: func(fr *Frame, xs []int64) ([]int64, bool) {
			as, ok := a.values(fr, xs)
			if !ok {
				return nil, false
			}
			o := out[:len(as)]
			for i, v := range as {
				if !neg {
					o[i] = ^v
				} else if o[i] = -v; v == minInt {
					return nil, false
				}
			}
			return o, true
		}}, true
	case *lang.Binary:
		if _, ok := intOpCodes[x.Op]; ok {
			return c.laneArith(x, slot)
		}
	case *lang.Call:
		return c.laneCallOf(x, slot)
	}
	return laneInt{}, false
}

// values is the part's value for each element of the block xs.
func (l *laneInt) values(fr *Frame, xs []int64) ([]int64, bool) {
	switch {
	case l.elem || l.shift != 0 || l.from != nil || l.pre != nil:
		vs, ok := l.shifted(fr, xs)
		if !ok || l.k == nil {
			return vs, ok
		}
		k, ok := l.k.get(fr)
		out := l.buf[:len(xs)]
		bitwiseFixed(l.code, out, vs, k)
		return out, ok
	case l.fixed != nil:
		v, ok := l.fixed.get(fr)
		out := l.buf[:len(xs)]
		for i := range out {
			out[i] = v
		}
		return out, ok
	}
	return l.each(fr, xs)
}

// shifted is the part's values before its & k, | k or ^ k: the element,
// base shifted by it (false where a shift fails, as shlInt and shrInt do)
// or the other part's, for each element of xs.
func (l *laneInt) shifted(fr *Frame, xs []int64) ([]int64, bool) {
	switch {
	case l.pre != nil:
		return l.pre.vals[:len(xs)], true
	case l.from != nil:
		return l.from(fr, xs)
	case l.shift == 0:
		return xs, true
	}
	k, ok := l.base.get(fr)
	if !ok {
		return nil, false
	}
	out := l.buf[:len(xs)]
	// When every count of the block is in 0..63 (the common case), each
	// shift is one instruction: the counts or'ed are that small, and bound
	// the largest.
	var or int64
	for _, x := range xs {
		or |= x
	}
	xs = xs[:len(out)]
	if l.shift == laneShr {
		if uint64(or) < 64 {
			for i := range out {
				out[i] = k >> (uint64(xs[i]) & 63)
			}
			return out, true
		}
		for i, x := range xs {
			if x < 0 {
				return nil, false
			}
			out[i] = k >> min(x, 63)
		}
		return out, true
	}
	if uint64(or) < 63 && bits.Len64(uint64(k^(k>>63)))+int(or) <= 63 { // no bit shifted out
		for i := range out {
			out[i] = k << (uint64(xs[i]) & 63)
		}
		return out, true
	}
	for i, x := range xs {
		if uint64(x) < 63 && (k<<x)>>x == k {
			out[i] = k << x
			continue
		}
		if x < 63 || k != 0 { // a negative count, or bits shifted out
			return nil, false
		}
		out[i] = 0
	}
	return out, true
}

// bitwise reports whether the part is fixed, or its values are x &, | or ^
// a fixed k, or x, for x its values before (see shifted): ((x & and) | or)
// ^ xor, the masks read once for the block.
func (l *laneInt) bitwise() bool { return l.each == nil }

// masks are the part's and, or and xor when it is bitwise.
func (l *laneInt) masks(fr *Frame) (and, or, xor int64, ok bool) {
	switch {
	case l.fixed != nil:
		if l.fixed.fn == nil {
			k, ok := l.fixed.local(fr) // inline, as most are
			return 0, k, 0, ok
		}
		k, ok := l.fixed.fn(fr)
		return 0, k, 0, ok
	case l.k == nil:
		return -1, 0, 0, true // the element
	}
	var k int64
	if l.k.fn == nil {
		k, ok = l.k.local(fr) // inline, as most are
	} else {
		k, ok = l.k.fn(fr)
	}
	switch l.code {
	case opAnd:
		return k, 0, 0, ok
	case opOr:
		return -1, k, 0, ok
	}
	return -1, 0, k, ok
}

// bitwiseCompare is a comparison of two bitwise parts (see laneInt.bitwise)
// in one loop: a == b, or a < b, negated by neg. One of them is fixed, or
// both are over the element itself.
func bitwiseCompare(l, r *laneInt, less bool, neg uint64) laneBool {
	over := l // the side whose values before the masks are x
	if l.fixed != nil {
		over = r
	}
	return func(fr *Frame, xs []int64) (uint64, bool) {
		xs, ok := over.shifted(fr, xs)
		if !ok {
			return 0, false
		}
		la, lo, lx, ok := l.masks(fr)
		if !ok {
			return 0, false
		}
		ra, ro, rx, ok := r.masks(fr)
		if !ok {
			return 0, false
		}
		var m uint64
		bit := uint64(1)
		if less {
			for _, x := range xs {
				if (x&la|lo)^lx < (x&ra|ro)^rx {
					m |= bit
				}
				bit <<= 1
			}
			return m ^ neg, true
		}
		return bitwiseEqual(xs, la, lo, lx, ra, ro, rx) ^ neg, true
	}
}

// bitwiseEqual is the mask of the elements x of xs for which (x&la|lo)^lx ==
// (x&ra|ro)^rx, in one and and one comparison each: a bit of a side is its
// constant (lo^lx) xor the bit of x where la is set and lo is not, and the
// sides are equal where they differ in neither.
func bitwiseEqual(xs []int64, la, lo, lx, ra, ro, rx int64) uint64 {
	and, want := la&^lo^ra&^ro, lo^lx^ro^rx
	var m uint64
	for i := len(xs) - 1; i >= 0; i-- {
		m = m<<1 | b2u(xs[i]&and == want)
	}
	return m
}

// laneArith compiles an arithmetic operator of a block.
func (c *compiler) laneArith(e *lang.Binary, slot int) (laneInt, bool) {
	l, ok1 := c.laneInt(e.L, slot)
	r, ok2 := c.laneInt(e.R, slot)
	if !ok1 || !ok2 {
		return laneInt{}, false
	}
	code, op := intOpCodes[e.Op], checkedOps[e.Op]
	if code != opOther && l.fixed != nil {
		l, r = r, l // &, | and ^ commute: a fixed operand on the right
	}
	out := new([laneWidth]int64)
	switch {
	case code != opOther && l.fixed == nil && l.each == nil && l.k == nil && r.fixed != nil:
		l.code, l.k, l.buf = code, r.fixed, out
		return l, true
	case code != opOther && l.each != nil && r.fixed != nil:
		return laneInt{from: l.each, code: code, k: r.fixed, buf: out}, true
	case (e.Op == ">>" || e.Op == "<<") && l.fixed != nil && r.elem && r.k == nil:
		shift := laneShr
		if e.Op == "<<" {
			shift = laneShl
		}
		return laneInt{shift: shift, base: l.fixed, buf: out}, true
	}
	return laneInt{each: func(fr *Frame, xs []int64) ([]int64, bool) {
		o := out[:len(xs)]
		if code != opOther && r.fixed != nil {
			as, ok := l.values(fr, xs)
			if !ok {
				return nil, false
			}
			k, ok := r.fixed.get(fr)
			bitwiseFixed(code, o, as[:len(o)], k)
			return o, ok
		}
		as, ok := l.values(fr, xs)
		if !ok {
			return nil, false
		}
		bs, ok := r.values(fr, xs)
		if !ok {
			return nil, false
		}
		as, bs = as[:len(o)], bs[:len(o)]
		switch code {
		case opAnd:
			for i := range o {
				o[i] = as[i] & bs[i]
			}
		case opOr:
			for i := range o {
				o[i] = as[i] | bs[i]
			}
		case opXor:
			for i := range o {
				o[i] = as[i] ^ bs[i]
			}
		default:
			return o, checkedLanes(e.Op, op, o, as, bs)
		}
		return o, true
	}}, true
}

// checkedLanes sets o[i] to as[i] op bs[i] for an operator that may fail
// (named by name, computed by op): shifts, sums and differences inline
// while they cannot.
func checkedLanes(name string, op func(a, b int64) (int64, bool), o, as, bs []int64) bool {
	switch name {
	case "<<":
		for i := range o {
			if b := bs[i]; uint64(b) < 63 && (as[i]<<b)>>b == as[i] {
				o[i] = as[i] << b
				continue
			}
			return false
		}
		return true
	case ">>":
		for i := range o {
			if bs[i] < 0 {
				return false
			}
			o[i] = as[i] >> min(bs[i], 63)
		}
		return true
	}
	for i := range o {
		v, ok := op(as[i], bs[i])
		if !ok {
			return false
		}
		o[i] = v
	}
	return true
}

// bitwiseFixed sets o[i] to as[i] & k, | k or ^ k, by code.
func bitwiseFixed(code int, o, as []int64, k int64) {
	switch code {
	case opAnd:
		for i := range o {
			o[i] = as[i] & k
		}
	case opOr:
		for i := range o {
			o[i] = as[i] | k
		}
	default:
		for i := range o {
			o[i] = as[i] ^ k
		}
	}
}

// laneCond compiles a condition of a block: and, or and not of comparisons
// of integers (nil: it has no block form).
func (c *compiler) laneCond(e lang.Expr, slot int) laneBool {
	switch x := e.(type) {
	case *lang.BoolLit:
		m := uint64(0)
		if x.Value {
			m = ^m
		}
		return func(*Frame, []int64) (uint64, bool) { return m, true }
	case *lang.Unary:
		if a := c.laneCond(x.X, slot); a != nil && x.Op == "not" {
			return func(fr *Frame, xs []int64) (uint64, bool) {
				m, ok := a(fr, xs)
				return ^m, ok
			}
		}
	case *lang.Binary:
		if x.Op == "and" || x.Op == "or" {
			a, b := c.laneCond(x.L, slot), c.laneCond(x.R, slot)
			if a == nil || b == nil {
				return nil
			}
			and := x.Op == "and"
			return func(fr *Frame, xs []int64) (uint64, bool) {
				m, ok := a(fr, xs)
				if !ok {
					return 0, false
				}
				// The right is not needed where the left decides every
				// value of the block, as the general form does not
				// evaluate it.
				if valid := ^uint64(0) >> (laneWidth - len(xs)); and && m&valid == 0 || !and && m&valid == valid {
					return m, true
				}
				n, ok := b(fr, xs)
				if and {
					return m & n, ok
				}
				return m | n, ok
			}
		}
		if _, ok := cmpOpCodes[x.Op]; ok {
			return c.laneCompare(x, slot)
		}
	}
	return nil
}

// laneCompare compiles a comparison of integers of a block, as a == b or
// a < b with its operands swapped or its mask negated (a >= b is not a < b).
func (c *compiler) laneCompare(e *lang.Binary, slot int) laneBool {
	l, ok1 := c.laneInt(e.L, slot)
	r, ok2 := c.laneInt(e.R, slot)
	if !ok1 || !ok2 {
		return nil
	}
	code := cmpOpCodes[e.Op]
	if code == opGt || code == opLe {
		l, r = r, l
	}
	less := code != opEq && code != opNe
	var neg uint64
	if code == opNe || code == opGe || code == opLe {
		neg = ^neg
	}
	if !less && l.fixed != nil {
		l, r = r, l // == commutes: a fixed operand on the right
	}
	switch {
	case l.fixed != nil && r.fixed != nil:
		return fixedCompare(l.fixed, r.fixed, less, neg)
	case l.bitwise() && r.bitwise() && (l.fixed != nil || r.fixed != nil || l.elem && r.elem):
		return bitwiseCompare(&l, &r, less, neg)
	}
	return func(fr *Frame, xs []int64) (uint64, bool) {
		var m uint64
		switch {
		case l.fixed != nil: // k < bs[i]
			k, ok := l.fixed.get(fr)
			if !ok {
				return 0, false
			}
			bs, ok := r.values(fr, xs)
			if !ok {
				return 0, false
			}
			for i := len(bs) - 1; i >= 0; i-- {
				m = m<<1 | b2u(k < bs[i])
			}
		case r.fixed != nil:
			as, ok := l.values(fr, xs)
			if !ok {
				return 0, false
			}
			k, ok := r.fixed.get(fr)
			if !ok {
				return 0, false
			}
			if less {
				for i := len(as) - 1; i >= 0; i-- {
					m = m<<1 | b2u(as[i] < k)
				}
			} else {
				for i := len(as) - 1; i >= 0; i-- {
					m = m<<1 | b2u(as[i] == k)
				}
			}
		default:
			as, ok := l.values(fr, xs)
			if !ok {
				return 0, false
			}
			bs, ok := r.values(fr, xs)
			if !ok {
				return 0, false
			}
			bs = bs[:len(as)]
			if less {
				for i := len(as) - 1; i >= 0; i-- {
					m = m<<1 | b2u(as[i] < bs[i])
				}
			} else {
				for i := len(as) - 1; i >= 0; i-- {
					m = m<<1 | b2u(as[i] == bs[i])
				}
			}
		}
		return m ^ neg, true
	}
}

// fixedCompare is a comparison of two fixed parts, a == b or a < b negated
// by neg: the same for the whole block.
func fixedCompare(a, b *intArg, less bool, neg uint64) laneBool {
	return func(fr *Frame, _ []int64) (uint64, bool) {
		x, ok := a.get(fr)
		if !ok {
			return 0, false
		}
		y, ok := b.get(fr)
		if !ok {
			return 0, false
		}
		var m uint64
		if less && x < y || !less && x == y {
			m = ^m
		}
		return m ^ neg, true
	}
}

// b2u is 1 for true and 0 for false.
func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// intsOf returns the elements of xs when all are integers (a range is not
// asked for here). Only a short list of boxed integers is unboxed (and kept):
// a long one goes element by element rather than be copied.
func (u *unboxedList) intsOf(xs Value) ([]int64, bool) {
	if ns, ok := unboxed(xs); ok {
		return ns, true
	}
	if xs.K != KList && xs.K != KTuple && xs.K != KSet {
		return nil, false
	}
	s := xs.R.(*Seq)
	if s == u.seq {
		return u.ints, u.ints != nil // nil: not all integers
	}
	elems := s.values()
	if len(elems) > maxUnboxed {
		return nil, false
	}
	ns := make([]int64, len(elems))
	for i, v := range elems {
		if v.K != KInt {
			ns = nil
			break
		}
		ns[i] = v.N
	}
	u.seq, u.ints = s, ns
	return ns, ns != nil
}

// maxUnboxed is the longest list of boxed integers a reduction unboxes.
const maxUnboxed = 4096

// runLanes runs the innermost generator over xs (integers), a block at a time,
// with slot its variable; false when the general form is needed.
func (r *reduction) runLanes(fr *Frame, slot int, xs []int64, acc *reduceAcc) bool {
	for len(xs) > 0 {
		n := min(len(xs), laneWidth)
		if !r.block(fr, slot, xs[:n], acc) {
			return false
		}
		xs = xs[n:]
	}
	return true
}

// laneBlocks lends blocks of values: an evaluation with a block in hand may
// call a function that runs the same loop (a recursion), so each takes its
// own, and gives it back when done (one lost to an error is made again).
type laneBlocks []*[laneWidth]int64

func (b *laneBlocks) get() *[laneWidth]int64 {
	if n := len(*b); n > 0 {
		xs := (*b)[n-1]
		*b = (*b)[:n-1]
		return xs
	}
	return new([laneWidth]int64)
}

func (b *laneBlocks) put(xs *[laneWidth]int64) { *b = append(*b, xs) }

// runRange is runLanes over lo..hi.
func (r *reduction) runRange(fr *Frame, slot int, lo, hi int64, acc *reduceAcc) bool {
	xs := r.c.in.laneBlocks.get()
	defer r.c.in.laneBlocks.put(xs)
	for lo <= hi {
		n := int(min(hi-lo, laneWidth-1)) + 1
		for i := range n {
			xs[i] = lo + int64(i)
		}
		if !r.block(fr, slot, xs[:n], acc) {
			return false
		}
		if hi-lo < laneWidth {
			break // lo + 64 may overflow
		}
		lo += laneWidth
	}
	return true
}

// block counts or adds the elements xs of the innermost generator that pass
// the where condition; a block that fails goes element by element.
func (r *reduction) block(fr *Frame, slot int, xs []int64, acc *reduceAcc) bool {
	lr, in := r.lanes, r.c.in
	in.ticks(len(xs))
	in.laneRuns++
	m := ^uint64(0) >> (laneWidth - len(xs))
	if lr.where != nil {
		w, ok := lr.where(fr, xs)
		if !ok {
			return r.oneByOne(fr, slot, xs, acc)
		}
		m &= w
	}
	n := int64(bits.OnesCount64(m))
	if acc.n+n > int64(in.Config.MaxElems) {
		return false // the list would be too long: the general path says so
	}
	if !lr.sum {
		acc.n += n
		return true
	}
	vs, ok := lr.elem.values(fr, xs)
	if !ok {
		return r.oneByOne(fr, slot, xs, acc)
	}
	total := acc.total
	for ; m != 0; m &= m - 1 {
		if total, ok = addInt(total, vs[bits.TrailingZeros64(m)]); !ok {
			return false // the sum overflows: the general path says so
		}
	}
	acc.n, acc.total = acc.n+n, total
	return true
}

// oneByOne is block for a block whose operators failed: element by element,
// as the general form does (the steps are counted).
func (r *reduction) oneByOne(fr *Frame, slot int, xs []int64, acc *reduceAcc) bool {
	for _, x := range xs {
		setInt(&fr.slots[slot], x)
		if !r.visit(fr, acc) {
			return false
		}
	}
	return true
}

// ticks counts n steps at once (see tick).
func (in *Interp) ticks(n int) {
	r := in.run
	before := r.steps
	r.steps += n
	if before>>12 != r.steps>>12 {
		if err := r.ctx.Err(); err != nil {
			panic(err)
		}
		if before>>16 != r.steps>>16 {
			in.checkMemory(0)
		}
	}
}
