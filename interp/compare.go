package interp

import (
	"cmp"
	"encoding/binary"
	"slices"

	"github.com/grundy-lang/grundy/cgt"
)

// compareForms orders canonical forms that are not numbers (those sort with the
// integers: see sortKind) by their text, so that the order is the same in every
// session whatever was computed first.
func compareForms(a, b cgt.Game) int {
	if a == b {
		return 0
	}
	return cmp.Compare(a.String(), b.String())
}

// sortKind is the kind a value sorts among: a game value that is a number sorts
// with the integers, so that cg("1") and 1 are one value and cg("1/2") lies
// between 0 and 1.
func sortKind(v Value) Kind {
	if v.K == KValue && v.Form().IsNumber() {
		return KInt
	}
	return v.K
}

// number is an integer or a game value that is a number, as a dyadic.
func number(v Value) cgt.Dyadic {
	if v.K == KInt {
		return cgt.Int(v.N)
	}
	d, _ := v.Form().Number()
	return d
}

// Compare orders any two values: first by kind, then by content. It is the order
// of sets and of sorted(), and Compare(a, b) == 0 is equality.
func Compare(a, b Value) int {
	if a.K != b.K || a.K == KValue {
		ka, kb := sortKind(a), sortKind(b)
		if ka != kb {
			return cmp.Compare(ka, kb)
		}
		if ka == KInt {
			return number(a).Cmp(number(b))
		}
		if a.K != b.K {
			return cmp.Compare(a.K, b.K)
		}
	}
	switch a.K {
	case KInt, KBool, KOutcome, KMode:
		return cmp.Compare(a.N, b.N)
	case KStr:
		return cmp.Compare(a.Str(), b.Str())
	case KTuple, KList, KSet, KInf:
		return compareSeqs(a.Seq(), b.Seq())
	case KRange:
		ra, rb := a.R.(*RangeVal), b.R.(*RangeVal)
		if ra.Len() == 0 && rb.Len() == 0 {
			return 0
		}
		return cmp.Or(cmp.Compare(ra.Lo, rb.Lo), cmp.Compare(ra.Hi, rb.Hi))
	case KPos:
		pa, pb := a.Pos(), b.Pos()
		if pa == pb {
			return 0
		}
		return cmp.Or(cmp.Compare(pa.Game.Name, pb.Game.Name), cmp.Compare(pa.Game.serial, pb.Game.serial),
			compareSeqs(pa.Args, pb.Args))
	case KSum:
		return compareSeqs(sortedParts(a), sortedParts(b))
	case KMove:
		ma, mb := a.R.(*Move), b.R.(*Move)
		return cmp.Or(Compare(ma.From, mb.From), Compare(ma.To, mb.To), cmp.Compare(ma.String(), mb.String()))
	case KRecord:
		ra, rb := a.R.(*Record), b.R.(*Record)
		return compareSeqs(ra.Values, rb.Values)
	case KFunc:
		return cmp.Compare(a.R.(Callable).serialNo(), b.R.(Callable).serialNo())
	case KGame:
		return cmp.Compare(a.R.(*Game).serial, b.R.(*Game).serial)
	case KValue:
		return compareForms(a.Form(), b.Form())
	case KPicture:
		return cmp.Compare(a.Picture().String(), b.Picture().String())
	}
	return 0
}

// Equal reports whether two values are the same.
func Equal(a, b Value) bool {
	if a.K == KInt && b.K == KInt {
		return a.N == b.N
	}
	return Compare(a, b) == 0
}

func compareSeqs(a, b []Value) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if c := Compare(a[i], b[i]); c != 0 {
			return c
		}
	}
	return cmp.Compare(len(a), len(b))
}

func sortValues(vs []Value) { slices.SortStableFunc(vs, Compare) }

// sortValues is sortValues ticking once a comparison, so that sorting
// millions of values can be stopped.
func (in *Interp) sortValues(vs []Value) {
	slices.SortStableFunc(vs, func(a, b Value) int {
		in.tick()
		return Compare(a, b)
	})
}

// set is Set ticking as it sorts.
func (in *Interp) set(elems []Value) Value {
	in.sortValues(elems)
	return sortedSet(elems)
}

// sortedParts returns the components of a sum in canonical order: sums are
// commutative, so Nim(3) + Nim(5) equals Nim(5) + Nim(3).
func sortedParts(v Value) []Value {
	parts := slices.Clone(v.Seq())
	sortValues(parts)
	return parts
}

// appendKey appends a byte encoding of v that is equal for equal values and
// different for different ones; positions are keyed on it when interned.
func appendKey(buf []byte, v Value) []byte {
	if v.K == KValue {
		if n, ok := v.Form().Integer(); ok {
			v = Int(n) // one value, whichever way it was made
		}
	}
	buf = append(buf, byte(v.K))
	switch v.K {
	case KInt, KBool, KOutcome, KMode:
		buf = binary.AppendVarint(buf, v.N)
	case KStr:
		buf = binary.AppendUvarint(buf, uint64(len(v.Str())))
		buf = append(buf, v.Str()...)
	case KTuple, KList, KSet, KInf:
		buf = appendKeys(buf, v.Seq())
	case KRange:
		r := v.R.(*RangeVal)
		if r.Len() == 0 {
			r = &RangeVal{0, -1}
		}
		buf = binary.AppendVarint(buf, r.Lo)
		buf = binary.AppendVarint(buf, r.Hi)
	case KPos:
		buf = binary.AppendUvarint(buf, uint64(v.Pos().ID))
	case KSum:
		buf = appendKeys(buf, sortedParts(v))
	case KMove:
		m := v.R.(*Move)
		buf = appendKey(buf, m.From)
		buf = appendKey(buf, m.To)
		buf = append(buf, m.String()...)
	case KRecord:
		buf = appendKeys(buf, v.R.(*Record).Values)
	case KFunc:
		buf = binary.AppendUvarint(buf, uint64(v.R.(Callable).serialNo()))
	case KGame:
		buf = binary.AppendUvarint(buf, uint64(v.R.(*Game).serial))
	case KValue:
		buf = append(buf, v.Form().String()...)
	case KPicture:
		buf = append(buf, v.Picture().String()...)
	}
	return buf
}

func appendKeys(buf []byte, vs []Value) []byte {
	buf = binary.AppendUvarint(buf, uint64(len(vs)))
	for _, e := range vs {
		buf = appendKey(buf, e)
	}
	return buf
}
