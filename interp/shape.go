package interp

import (
	"fmt"

	"github.com/grundy-lang/grundy/lang"
)

// Every container value (tuple, list, set, sum) and every position records its
// shape: how deeply values nest inside it and how many elements it holds
// counting those of the values inside. Comparing, printing and keying a value
// walk it recursively and in full, so both are bounded where values are made:
// no value is nested more than Config.MaxDepth levels deep (Go's stack), and
// none holds more than four times Config.MaxElems elements in all (memory and
// time, even when parts are shared, as in [s, s]; about 2 GB by default if
// nothing were shared).

// shape is the nesting depth and the total element count of a value.
type shape struct {
	depth int32
	size  int64
}

// shapeOf returns the shape of v: 0 deep and of no elements for a value that
// holds none.
func shapeOf(v Value) shape {
	switch v.K {
	case KTuple, KList, KSet, KSum:
		return v.R.(*Seq).shape
	case KPos:
		return v.R.(*PosEntry).shape
	}
	return shape{}
}

// shapeAround returns the shape of a value holding elems.
func shapeAround(elems []Value) shape {
	sh := shape{size: int64(len(elems))}
	for _, e := range elems {
		s := shapeOf(e)
		sh.depth = max(sh.depth, s.depth)
		sh.size = min(sh.size+s.size, 1<<62) // saturates: shared parts double it
	}
	sh.depth++
	return sh
}

// positionShape returns the shape of a position with args: one level deeper
// than they are, and holding their elements (a position is one element of a
// list, however many arguments it has, as an integer is).
func positionShape(args []Value) shape {
	sh := shapeAround(args)
	sh.size -= int64(len(args))
	return sh
}

// newSeq returns the elements as a Seq, its shape measured.
func newSeq(elems []Value) *Seq { return &Seq{Elems: elems, shape: shapeAround(elems)} }

// sortedSeq is newSeq for elements whose sums are all in canonical order.
func sortedSeq(elems []Value) *Seq {
	s := newSeq(elems)
	s.sumsSorted = true
	return s
}

// tooBig says why a value of shape sh is refused, or "" when it is not.
func (in *Interp) tooBig(sh shape) string {
	switch maxNested := 4 * int64(in.Config.MaxElems); {
	case sh.depth > in.Config.MaxDepth:
		return fmt.Sprintf("this value is nested too deeply: more than %d levels of lists, tuples, sets, sums and positions inside one another", in.Config.MaxDepth)
	case sh.size > maxNested:
		return fmt.Sprintf("this value is too large: more than %d elements counting those of the values inside it (a value used twice counts twice)", maxNested)
	}
	return ""
}

// checkShape fails at pos when v is too deep or too large.
func (c *compiler) checkShape(pos lang.Position, v Value) Value {
	if msg := c.in.tooBig(shapeOf(v)); msg != "" {
		c.fail(pos, "%s", msg)
	}
	return v
}
