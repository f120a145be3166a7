package interp

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/grundy-lang/grundy/solver"
)

// Kind is the type of a value.
type Kind uint8

// The kinds of values, in the order used to sort values of different kinds.
const (
	KInt Kind = iota
	KBool
	KStr
	KOutcome
	KMode
	KTuple
	KList
	KSet
	KRange
	KPos
	KSum
	KMove
	KRecord
	KFunc
	KGame
	KInf
	KValue
	KPicture
)

var kindNames = [...]string{"int", "bool", "string", "outcome", "play mode", "tuple", "list", "set",
	"range", "position", "sum", "move", "record", "function", "game", "infinite value", "game value", "picture"}

func (k Kind) String() string { return kindNames[k] }

// Value is any value of the language. Integers, booleans and outcomes live in N
// without allocation; other kinds keep their data in R. Values are immutable.
type Value struct {
	K Kind
	N int64
	R any
}

// Int makes an integer value.
func Int(n int64) Value { return Value{K: KInt, N: n} }

// setInt sets *v to Int(n) writing no pointer when v holds none: the loops
// that bind integers then pay no write barrier while the collector marks.
func setInt(v *Value, n int64) {
	if v.R != nil {
		*v = Int(n)
		return
	}
	v.K, v.N = KInt, n
}

// Bool makes a boolean value.
func Bool(b bool) Value {
	if b {
		return Value{K: KBool, N: 1}
	}
	return Value{K: KBool}
}

// Str makes a string value.
func Str(s string) Value { return Value{K: KStr, R: s} }

// Outcome values: P (the previous player wins), N (the next player wins) and D
// (a draw: neither player can force a win, in a loopy game or by score).
var (
	OutcomeP = Value{K: KOutcome, N: 0}
	OutcomeN = Value{K: KOutcome, N: 1}
	OutcomeD = Value{K: KOutcome, N: 2}
	// OutcomeL and OutcomeR are the outcomes of partizan games that Left (or
	// Right) wins whoever starts.
	OutcomeL = Value{K: KOutcome, N: 3}
	OutcomeR = Value{K: KOutcome, N: 4}
)

// GrundyValue is the language's value for a generalized Sprague-Grundy value: an
// integer, or ∞K (kind KInf, its elements the integers of K) for a position of a
// loopy game.
func GrundyValue(g solver.Grundy) Value {
	if !g.Inf {
		return Int(g.Nim)
	}
	elems := make([]Value, len(g.K))
	for i, k := range g.K {
		elems[i] = Int(k)
	}
	return Value{K: KInf, R: &Seq{Elems: elems}}
}

// The play modes as values of the language (normal and misere), passed to sg,
// outcome and winning.
var (
	normalValue = Value{K: KMode, N: int64(NormalPlay)}
	misereValue = Value{K: KMode, N: int64(MiserePlay)}
)

// Mode returns the play mode v is, when it is one.
func (v Value) Mode() (Mode, bool) { return Mode(v.N), v.K == KMode }

// Seq holds the elements of a tuple, list or set (sets sorted, without duplicates).
// Read them with Value.Seq: a list of integers made by a comprehension keeps
// them unboxed until then.
type Seq struct {
	Elems []Value
	// ints holds the elements of a list of integers, 8 bytes each where a Value
	// takes 32, while Elems is nil: len, indexing and loops read them as they
	// are, and Value.Seq boxes them once, for everything else. (A pointer: a
	// slice here would make every tuple, list and set 16 bytes bigger.)
	ints *[]int64
	// The id of this value among the interpreter's big position arguments, once
	// it has been one (see Interp.valueID).
	owner   *Interp
	valueID uint32
	// sumsSorted: every sum inside is in canonical order (see canonicalSums).
	sumsSorted bool
	shape      shape
}

// Tuple makes a tuple value.
func Tuple(elems ...Value) Value { return Value{K: KTuple, R: newSeq(elems)} }

// List makes a list value.
func List(elems []Value) Value { return Value{K: KList, R: newSeq(elems)} }

// Set makes a set value, sorting the elements and dropping duplicates.
func Set(elems []Value) Value {
	sortValues(elems)
	return sortedSet(elems)
}

// sortedSet makes a set of sorted elements, dropping duplicates.
func sortedSet(elems []Value) Value {
	out := elems[:0]
	for i, e := range elems {
		if i == 0 || Compare(e, out[len(out)-1]) != 0 {
			out = append(out, e)
		}
	}
	return Value{K: KSet, R: newSeq(out)}
}

// RangeVal is an inclusive integer range lo..hi (empty when hi < lo).
type RangeVal struct{ Lo, Hi int64 }

// Len is the number of integers in the range, at most the largest int64: see
// Count for the exact number.
func (r *RangeVal) Len() int64 {
	if n, ok := r.Count(); ok {
		return n
	}
	return maxInt
}

// Count is the number of integers in the range; ok is false when it is more than
// the largest int64 (a range such as 0..9223372036854775807).
func (r *RangeVal) Count() (n int64, ok bool) {
	if r.Hi < r.Lo {
		return 0, true
	}
	n = r.Hi - r.Lo + 1
	return n, n > 0
}

// countString is Count in words, exact even when it does not fit an int64.
func (r *RangeVal) countString() string {
	if n, ok := r.Count(); ok {
		return strconv.FormatInt(n, 10)
	}
	span := new(big.Int).Sub(big.NewInt(r.Hi), big.NewInt(r.Lo))
	return span.Add(span, big.NewInt(1)).String()
}

// At returns the element at index i, counting from the end when i is negative
// (-1 is the last); ok is false when there is none.
func (r *RangeVal) At(i int64) (int64, bool) {
	if r.Hi < r.Lo {
		return 0, false
	}
	span := uint64(r.Hi) - uint64(r.Lo) // the count minus one, exact
	if i >= 0 {
		return r.Lo + i, uint64(i) <= span
	}
	k := uint64(-(i + 1))
	return r.Hi - int64(k), k <= span
}

// Sum returns the disjunctive sum of games: positions, nimbers and sums, whose
// parts it takes apart, in the order given.
func Sum(games ...Value) Value {
	var all []Value
	for _, g := range games {
		if g.K == KSum {
			all = append(all, g.Seq()...)
		} else {
			all = append(all, g)
		}
	}
	return Value{K: KSum, R: newSeq(all)}
}

// Range makes a range value.
func Range(lo, hi int64) Value { return Value{K: KRange, R: &RangeVal{lo, hi}} }

// Record is a value with named fields, such as the result of period().
type Record struct {
	Names    []string
	Values   []Value
	OmitZero []bool // fields not printed when they are the integer 0
}

// Field returns the named field.
func (r *Record) Field(name string) (Value, bool) {
	for i, n := range r.Names {
		if n == name {
			return r.Values[i], true
		}
	}
	return Value{}, false
}

// Bool reports the truth of a boolean value (callers check the kind first).
func (v Value) Bool() bool { return v.N != 0 }

// Str returns the text of a string value.
func (v Value) Str() string { return v.R.(string) }

// Seq returns the elements of a tuple, list or set (or the set K of ∞K).
func (v Value) Seq() []Value { return v.R.(*Seq).values() }

// values returns the elements, boxing a list of integers kept unboxed.
func (s *Seq) values() []Value {
	if s.ints != nil {
		elems := make([]Value, len(*s.ints))
		for i, n := range *s.ints {
			elems[i] = Int(n)
		}
		s.Elems, s.ints = elems, nil
	}
	return s.Elems
}

// intList makes a list of the integers ns, kept unboxed.
func intList(ns []int64) Value {
	if len(ns) == 0 {
		return List(nil)
	}
	return Value{K: KList, R: &Seq{ints: &ns, shape: shape{depth: 1, size: int64(len(ns))}}}
}

// seqLen is the number of elements of a tuple, list, set or sum.
func seqLen(v Value) int {
	if s := v.R.(*Seq); s.ints != nil {
		return len(*s.ints)
	}
	return len(v.R.(*Seq).Elems)
}

// unboxed returns the integers of a list kept unboxed, or false.
func unboxed(v Value) ([]int64, bool) {
	if v.K != KList {
		return nil, false
	}
	s := v.R.(*Seq)
	if s.ints == nil {
		return nil, false
	}
	return *s.ints, true
}

// Pos returns the position entry of a position value.
func (v Value) Pos() *PosEntry { return v.R.(*PosEntry) }

// String formats a value the way print shows it: strings bare, everything else as
// it would be written in the language.
func (v Value) String() string {
	if v.K == KStr {
		return v.Str()
	}
	var b strings.Builder
	writeValue(&b, v)
	return b.String()
}

// Brief is Repr cut to about a line for messages: the start and the end of a long
// value, such as a sum of hundreds of positions, with its length.
func (v Value) Brief() string {
	r := []rune(v.Repr())
	if len(r) <= 100 {
		return string(r)
	}
	size := ""
	switch v.K {
	case KSum:
		size = fmt.Sprintf(" (%d parts)", len(v.Seq()))
	case KList, KTuple, KSet:
		size = fmt.Sprintf(" (%d elements)", len(v.Seq()))
	}
	return string(r[:60]) + " … " + string(r[len(r)-30:]) + size
}

// Repr formats a value as it would be written in the language (strings quoted).
func (v Value) Repr() string {
	var b strings.Builder
	writeValue(&b, v)
	return b.String()
}

// maxText bounds the text of one value: past it, the elements left are written
// as "…". A value holds at most 64M elements counting those inside it (by
// default), but shared strings could still make its text endless.
const maxText = 4 * DefaultMaxElems

func writeSeq(b *strings.Builder, open, close string, elems []Value) {
	b.WriteString(open)
	for i, e := range elems {
		if i > 0 {
			b.WriteString(", ")
		}
		if b.Len() > maxText {
			b.WriteString("…")
			break
		}
		writeValue(b, e)
	}
	b.WriteString(close)
}

func writeValue(b *strings.Builder, v Value) {
	switch v.K {
	case KInt:
		b.WriteString(strconv.FormatInt(v.N, 10))
	case KBool:
		b.WriteString(strconv.FormatBool(v.Bool()))
	case KStr:
		b.WriteString(strconv.Quote(v.Str()))
	case KOutcome:
		b.WriteString([]string{"P", "N", "D", "L", "R"}[v.N])
	case KMode:
		b.WriteString([]string{"normal", "misere"}[v.N])
	case KTuple:
		elems := v.Seq()
		if len(elems) == 1 {
			b.WriteString("(")
			writeValue(b, elems[0])
			b.WriteString(",)")
			return
		}
		writeSeq(b, "(", ")", elems)
	case KList:
		writeSeq(b, "[", "]", v.Seq())
	case KSet:
		writeSeq(b, "{", "}", v.Seq())
	case KRange:
		r := v.R.(*RangeVal)
		b.WriteString(strconv.FormatInt(r.Lo, 10) + ".." + strconv.FormatInt(r.Hi, 10))
	case KPos:
		writePos(b, v.Pos())
	case KSum:
		parts := v.Seq()
		if len(parts) == 0 {
			b.WriteString("0")
		}
		for i, p := range parts {
			if i > 0 {
				b.WriteString(" + ")
			}
			writeValue(b, p)
		}
	case KMove:
		b.WriteString(v.R.(*Move).String())
	case KRecord:
		r := v.R.(*Record)
		first := true
		for i, name := range r.Names {
			if r.OmitZero[i] && r.Values[i].K == KInt && r.Values[i].N == 0 {
				continue
			}
			if !first {
				b.WriteString(", ")
			}
			first = false
			if name != "status" {
				b.WriteString(name + " ")
			}
			if r.Values[i].K == KStr {
				b.WriteString(r.Values[i].Str()) // a word or a sentence, without quotes
				continue
			}
			writeValue(b, r.Values[i])
		}
	case KFunc:
		b.WriteString("<" + v.R.(Callable).describe() + ">")
	case KInf:
		writeSeq(b, "∞{", "}", v.Seq())
	case KValue:
		b.WriteString(v.Form().String())
	case KPicture:
		b.WriteString(v.Picture().String())
	case KGame:
		g := v.R.(*Game)
		b.WriteString("<game " + g.Name + "/" + strconv.Itoa(len(g.Params)) + ">")
	}
}

func writePos(b *strings.Builder, p *PosEntry) {
	if p.Game.nimber {
		b.WriteString("*" + strconv.FormatInt(p.Args[0].N, 10))
		return
	}
	b.WriteString(p.Game.Name)
	writeSeq(b, "(", ")", p.Args)
}
