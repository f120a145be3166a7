package interp

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/grundy-lang/grundy/cgt"
)

const (
	minInt = math.MinInt64
	maxInt = math.MaxInt64
)

// intOps are the integer fast paths of binary operators. They return an error
// message instead of a value when the result is undefined or does not fit.
var intOps = map[string]func(a, b int64) (Value, string){
	"+": func(a, b int64) (Value, string) {
		if s, ok := addInt(a, b); ok {
			return Int(s), ""
		}
		return Value{}, fmt.Sprintf("integer overflow: %d + %d does not fit in 64 bits", a, b)
	},
	"-": func(a, b int64) (Value, string) {
		if s, ok := subInt(a, b); ok {
			return Int(s), ""
		}
		return Value{}, fmt.Sprintf("integer overflow: %d - %d does not fit in 64 bits", a, b)
	},
	"*": func(a, b int64) (Value, string) {
		if p, ok := mulInt(a, b); ok {
			return Int(p), ""
		}
		return Value{}, fmt.Sprintf("integer overflow: %d * %d does not fit in 64 bits", a, b)
	},
	"/": func(a, b int64) (Value, string) {
		if q, ok := divInt(a, b); ok {
			return Int(q), ""
		}
		if b == 0 {
			return Value{}, "division by zero"
		}
		return Value{}, fmt.Sprintf("integer overflow: %d / -1 does not fit in 64 bits", a)
	},
	"%": func(a, b int64) (Value, string) {
		if m, ok := modInt(a, b); ok {
			return Int(m), ""
		}
		return Value{}, "remainder of division by zero"
	},
	"^":  func(a, b int64) (Value, string) { return Int(a ^ b), "" },
	"&":  func(a, b int64) (Value, string) { return Int(a & b), "" },
	"|":  func(a, b int64) (Value, string) { return Int(a | b), "" },
	"<<": shiftLeft,
	">>": func(a, b int64) (Value, string) {
		if s, ok := shrInt(a, b); ok {
			return Int(s), ""
		}
		return Value{}, fmt.Sprintf("negative shift count %d", b)
	},
	"==": func(a, b int64) (Value, string) { return Bool(a == b), "" },
	"!=": func(a, b int64) (Value, string) { return Bool(a != b), "" },
	"<":  func(a, b int64) (Value, string) { return Bool(a < b), "" },
	"<=": func(a, b int64) (Value, string) { return Bool(a <= b), "" },
	">":  func(a, b int64) (Value, string) { return Bool(a > b), "" },
	">=": func(a, b int64) (Value, string) { return Bool(a >= b), "" },
	"..": func(a, b int64) (Value, string) { return Range(a, b), "" },
}

// The integer operators that can fail, on two integers: false when the
// result is an error (overflow, division by zero, a negative shift), which
// intOps words and typed expressions leave to the general path.

func addInt(a, b int64) (int64, bool) {
	s := a + b
	return s, (s > a) == (b > 0)
}

func subInt(a, b int64) (int64, bool) {
	s := a - b
	return s, (s < a) == (b > 0)
}

func divInt(a, b int64) (int64, bool) {
	if b == 0 || a == minInt && b == -1 {
		return 0, false
	}
	return floorDiv(a, b), true
}

func modInt(a, b int64) (int64, bool) {
	switch b {
	case 0:
		return 0, false
	case -1:
		return 0, true
	}
	return a - floorDiv(a, b)*b, true
}

func shlInt(a, b int64) (int64, bool) {
	switch {
	case b < 0 || b >= 63 && a != 0 || b < 63 && (a<<b)>>b != a:
		return 0, false
	case b >= 63:
		return 0, true
	}
	return a << b, true
}

func shrInt(a, b int64) (int64, bool) {
	if b < 0 {
		return 0, false
	}
	return a >> min(b, 63), true
}

// floorDiv divides rounding towards minus infinity, so that a % b has b's sign
// and n % 4 is never negative for a positive modulus.
func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func mulInt(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	p := a * b
	if p/b != a || (a == -1 && b == minInt) || (b == -1 && a == minInt) {
		return 0, false
	}
	return p, true
}

func shiftLeft(a, b int64) (Value, string) {
	if s, ok := shlInt(a, b); ok {
		return Int(s), ""
	}
	if b < 0 {
		return Value{}, fmt.Sprintf("negative shift count %d", b)
	}
	return Value{}, fmt.Sprintf("integer overflow: %d << %d does not fit in 64 bits", a, b)
}

// binaryOps handle every operand kind; intOps are tried first for two integers.
var binaryOps = map[string]func(in *Interp, a, b Value) (Value, string){
	"+":      plus,
	"-":      minus,
	"*":      arith("*"),
	"/":      arith("/"),
	"%":      arith("%"),
	"<<":     arith("<<"),
	">>":     arith(">>"),
	"^":      setOrInt("^", symmetricDifference),
	"&":      setOrInt("&", intersection),
	"|":      setOrInt("|", union),
	"==":     equality(false),
	"!=":     equality(true),
	"<":      order(func(c int) bool { return c < 0 }),
	"<=":     order(func(c int) bool { return c <= 0 }),
	">":      order(func(c int) bool { return c > 0 }),
	">=":     order(func(c int) bool { return c >= 0 }),
	"..":     arith(".."),
	"in":     member(false),
	"not in": member(true),
}

func mismatch(op string, a, b Value) string {
	msg := fmt.Sprintf("%s cannot combine %s %s and %s %s", op, a.K, a.Repr(), b.K, b.Repr())
	switch {
	case op == "+" && a.K == KStr && b.K != KStr:
		msg += fmt.Sprintf("; str turns a value into text: %s + str(%s)", a.Repr(), b.Repr())
	case op == "+" && b.K == KStr && a.K != KStr:
		msg += fmt.Sprintf("; str turns a value into text: str(%s) + %s", a.Repr(), b.Repr())
	}
	return msg
}

func arith(op string) func(*Interp, Value, Value) (Value, string) {
	return func(in *Interp, a, b Value) (Value, string) {
		if a.K == KInt && b.K == KInt {
			return intOps[op](a.N, b.N)
		}
		return Value{}, mismatch(op, a, b)
	}
}

func isGame(v Value) bool { return v.K == KPos || v.K == KSum }

// plus adds integers, sums games (the disjunctive sum), and joins lists, tuples
// and strings.
func plus(in *Interp, a, b Value) (Value, string) {
	switch {
	case a.K == KInt && b.K == KInt:
		return intOps["+"](a.N, b.N)
	case (a.K == KValue || b.K == KValue) && comparedAsGames(a, b):
		return in.valueArith(a, b, (*cgt.Space).Add)
	case isGame(a) && isGame(b):
		if msg := in.tooLong(partCount(a)+partCount(b), "a sum", "components"); msg != "" {
			return Value{}, msg
		}
		return gameSum(a, b), ""
	case a.K == b.K && (a.K == KList || a.K == KTuple):
		if msg := in.tooLong(len(a.Seq())+len(b.Seq()), "a "+a.K.String(), "elements"); msg != "" {
			return Value{}, msg
		}
		if err := in.Config.Memory(int64(len(a.Seq())+len(b.Seq())) * valueBytes); err != nil {
			return Value{}, err.Error()
		}
		elems := append(append([]Value(nil), a.Seq()...), b.Seq()...)
		return Value{K: a.K, R: newSeq(elems)}, ""
	case a.K == KStr && b.K == KStr:
		if msg := in.tooLong(len(a.Str())+len(b.Str()), "a string", "bytes"); msg != "" {
			return Value{}, msg
		}
		return Str(a.Str() + b.Str()), ""
	}
	if isGame(a) || isGame(b) {
		return Value{}, mismatch("+", a, b) + " (a sum of games needs positions on both sides; *k is the nimber k)"
	}
	return Value{}, mismatch("+", a, b)
}

// tooLong says why a value of n elements is refused (see Config.MaxElems), or ""
// when it is not.
func (in *Interp) tooLong(n int, what, unit string) string {
	if n <= in.Config.MaxElems {
		return ""
	}
	return fmt.Sprintf("%s of %d %s is too long (at most %d)", what, n, unit, in.Config.MaxElems)
}

func partCount(v Value) int {
	if v.K == KSum {
		return len(v.Seq())
	}
	return 1
}

// gameSum is the disjunctive sum of two positions or sums.
func gameSum(a, b Value) Value { return Sum(a, b) }

func minus(in *Interp, a, b Value) (Value, string) {
	switch {
	case a.K == KInt && b.K == KInt:
		return intOps["-"](a.N, b.N)
	case comparedAsGames(a, b):
		return in.valueArith(a, b, (*cgt.Space).Sub)
	case a.K == KSet && b.K == KSet:
		return difference(in, a, b), ""
	case a.K == KList && b.K == KSet:
		// Remove every occurrence of the set's elements from a list.
		var out []Value
		for _, e := range a.Seq() {
			in.tick()
			if !setHas(b, e) {
				out = append(out, e)
			}
		}
		return List(out), ""
	case a.K == KList && b.K == KList:
		return listMinus(in, a, b), ""
	}
	return Value{}, mismatch("-", a, b)
}

// listMinus removes one occurrence from a per element of b (multiset difference),
// so that E - [e] removes one copy of a parallel edge.
func listMinus(in *Interp, a, b Value) Value {
	out := append([]Value(nil), a.Seq()...)
	for _, e := range b.Seq() {
		for i, x := range out {
			in.tick() // quadratic: |a| times |b| comparisons
			if Equal(x, e) {
				out = append(out[:i], out[i+1:]...)
				break
			}
		}
	}
	return List(out)
}

func setOrInt(op string, setOp func(in *Interp, a, b Value) Value) func(*Interp, Value, Value) (Value, string) {
	return func(in *Interp, a, b Value) (Value, string) {
		switch {
		case a.K == KInt && b.K == KInt:
			return intOps[op](a.N, b.N)
		case a.K == KSet && b.K == KSet:
			r := setOp(in, a, b)
			return r, in.tooLong(len(r.Seq()), "a set", "elements")
		}
		return Value{}, mismatch(op, a, b)
	}
}

func order(test func(int) bool) func(*Interp, Value, Value) (Value, string) {
	return func(in *Interp, a, b Value) (Value, string) {
		if orderedAsGames(a, b) {
			o, msg := in.gameOrder(a, b)
			if msg != "" {
				return Value{}, msg
			}
			// A game is not ordered against one it is fuzzy with: every test is false.
			return Bool(o != cgt.Fuzzy && test(orderSign(o))), ""
		}
		if a.K != b.K || a.K == KFunc || a.K == KGame {
			return Value{}, fmt.Sprintf("cannot order %s %s and %s %s", a.K, a.Repr(), b.K, b.Repr())
		}
		return Bool(test(Compare(a, b))), ""
	}
}

func member(negate bool) func(*Interp, Value, Value) (Value, string) {
	return func(_ *Interp, x, xs Value) (Value, string) {
		found := false
		switch xs.K {
		case KSet:
			found = setHas(xs, x)
		case KList, KTuple:
			for _, e := range xs.Seq() {
				if Equal(e, x) {
					found = true
					break
				}
			}
		case KRange:
			r := xs.R.(*RangeVal)
			found = x.K == KInt && r.Lo <= x.N && x.N <= r.Hi
		case KStr:
			if x.K != KStr {
				return Value{}, fmt.Sprintf("in a string, 'in' looks for a string, not %s %s", x.K, x.Repr())
			}
			found = strings.Contains(xs.Str(), x.Str())
		default:
			return Value{}, fmt.Sprintf("'in' needs a set, list, tuple, range or string on the right, not %s %s", xs.K, xs.Repr())
		}
		return Bool(found != negate), ""
	}
}

// setHas looks x up in a set by binary search.
func setHas(set, x Value) bool {
	_, ok := slices.BinarySearchFunc(set.Seq(), x, Compare)
	return ok
}

// setHasTuple reports whether set holds the tuple of the values key, as setHas
// does for Tuple(key...) without making the tuple.
func setHasTuple(set Value, key []Value) bool {
	_, ok := slices.BinarySearchFunc(set.Seq(), key, compareToTuple)
	return ok
}

// compareToTuple is Compare(e, Tuple(key...)).
func compareToTuple(e Value, key []Value) int {
	if e.K == KTuple {
		return compareSeqs(e.Seq(), key)
	}
	return cmp.Compare(sortKind(e), KTuple)
}

// The set operations tick once an element, so that an interrupt or the time
// limit stops them on sets of millions of elements.

// union merges two sets in order: linear, where sorting their concatenation
// was not.
func union(in *Interp, a, b Value) Value {
	x, y := a.Seq(), b.Seq()
	out := make([]Value, 0, max(len(x), len(y)))
	i, j := 0, 0
	for i < len(x) && j < len(y) {
		in.tick()
		switch c := Compare(x[i], y[j]); {
		case c < 0:
			out = append(out, x[i])
			i++
		case c > 0:
			out = append(out, y[j])
			j++
		default:
			out = append(out, x[i])
			i, j = i+1, j+1
		}
	}
	out = append(append(out, x[i:]...), y[j:]...)
	return Value{K: KSet, R: newSeq(out)}
}

func intersection(in *Interp, a, b Value) Value {
	var out []Value
	for _, e := range a.Seq() {
		in.tick()
		if setHas(b, e) {
			out = append(out, e)
		}
	}
	return Value{K: KSet, R: newSeq(out)}
}

func difference(in *Interp, a, b Value) Value {
	out := make([]Value, 0, len(a.Seq()))
	for _, e := range a.Seq() {
		in.tick()
		if !setHas(b, e) {
			out = append(out, e)
		}
	}
	return Value{K: KSet, R: newSeq(fitted(out))}
}

// fitted returns xs, copied to a slice of its own length when most of its
// capacity is unused: a set kept as a position's argument keeps its storage.
func fitted(xs []Value) []Value {
	if len(xs) < cap(xs)/2 {
		return slices.Clone(xs)
	}
	return xs
}

func symmetricDifference(in *Interp, a, b Value) Value {
	return union(in, difference(in, a, b), difference(in, b, a))
}

func abs64(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}
