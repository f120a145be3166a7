package interp

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/grundy-lang/grundy/internal/words"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/solver"
)

// badPosition says what is wrong with the arguments of g(args), a position a
// program or the Go API makes: their number, what g's native check refuses, or
// their size; "" when nothing is.
func (in *Interp) badPosition(g *Game, args []Value) string {
	if len(args) != len(g.Params) {
		return fmt.Sprintf("%s takes %s, but is given %d", g.Name, words.Plural(len(g.Params), "argument"), len(args))
	}
	if g.CheckArgs != nil {
		if msg := g.CheckArgs(args); msg != "" {
			return msg
		}
	}
	if msg := in.tooBig(positionShape(args)); msg != "" {
		return strings.Replace(msg, "this value", "this position", 1)
	}
	return ""
}

// position interns g(args) and returns the position value. args may be reused by
// the caller afterwards.
func (in *Interp) position(g *Game, args []Value) Value {
	id := in.internID(g, args)
	if g.canon == nil && allInts(args) {
		// A compact position's packed arguments are args: its entry is made
		// from them, without reading the table at a place that is often far
		// from the last one read.
		if _, kept := in.pos.kept(id); !kept {
			return Value{K: KPos, N: int64(id), R: compactEntry(g, id, args)}
		}
	}
	return Value{K: KPos, N: int64(id), R: in.entry(id)}
}

// allInts reports whether every argument is an integer.
func allInts(args []Value) bool {
	for _, a := range args {
		if a.K != KInt {
			return false
		}
	}
	return true
}

const (
	denseLimit = 1 << 26
	packBits   = 16
)

// forgetValues drops g's copies of the memo's values (the memo forgot them).
func (g *Game) forgetValues() {
	g.values = nil
	g.grid.forgetValues()
}

// internOne is internID for a game of one argument.
func (in *Interp) internOne(g *Game, arg Value) solver.Pos {
	if arg.K == KInt {
		return in.internInt(g, arg.N)
	}
	return in.internID(g, []Value{arg})
}

// internInt is internOne for an integer argument, with the common case (a heap
// already seen) first and no slice built.
func (in *Interp) internInt(g *Game, n int64) solver.Pos {
	if uint64(n) < uint64(len(g.dense)) && g.canon == nil {
		if id := g.dense[n]; id != 0 {
			return solver.Pos(id - 1)
		}
	}
	return in.internID(g, []Value{Int(n)})
}

// internCanonical interns g(args) for a game whose canonical form is an
// expression of the language: the arguments as given are remembered with the
// position their canonical form made, so that the canonical form (which may
// build several images of a board) runs once for each distinct argument tuple,
// not once for each move that makes it.
func (in *Interp) internCanonical(g *Game, args []Value) solver.Pos {
	in.keyBuf = in.keyBuf[:0]
	for _, a := range args {
		in.keyBuf = in.appendArgKey(in.keyBuf, a)
	}
	if id, ok := g.asGiven[string(in.keyBuf)]; ok {
		return solver.Pos(id)
	}
	key := string(in.keyBuf)
	id := in.internArgs(g, in.canonical(g, args))
	if g.asGiven == nil {
		g.asGiven = map[string]int32{}
	}
	g.asGiven[key] = int32(id)
	return id
}

// internID returns the dense id of g(args), creating it if it is new.
func (in *Interp) internID(g *Game, args []Value) solver.Pos {
	switch {
	case g.canon != nil && (g.canonSort == nil || in.Config.Plain):
		return in.internCanonical(g, args)
	case g.canon != nil:
		args = in.canonical(g, args)
	}
	return in.internArgs(g, args)
}

// internArgs interns g(args), args being canonical already.
func (in *Interp) internArgs(g *Game, args []Value) solver.Pos {
	if len(args) == 1 && args[0].K == KInt && args[0].N >= 0 && args[0].N < denseLimit {
		n := int(args[0].N)
		if n < len(g.dense) && g.dense[n] != 0 {
			return solver.Pos(g.dense[n] - 1)
		}
		id := in.newPosition(g, args)
		if n >= len(g.dense) {
			grown := make([]int32, max(n+1, 2*len(g.dense), 64))
			copy(grown, g.dense)
			g.dense = grown
		}
		g.dense[n] = int32(id) + 1
		return id
	}
	if len(args) == 1 {
		if mask, kind, ok := cellMask(args[0]); ok {
			return in.internCells(g, mask, kind)
		}
	}
	if key, ok := packKey(args); ok {
		twoInts := len(args) == 2 // packKey checked both are integers
		if twoInts {
			if id, ok := g.grid.get(args[0].N, args[1].N); ok {
				return solver.Pos(id)
			}
		}
		if id, ok := g.packed.get(key, in.pos.packedKey); ok {
			return solver.Pos(id)
		}
		id := in.newPosition(g, args)
		if !twoInts || !g.grid.put(args[0].N, args[1].N, int32(id)) {
			g.packed.put(key, int32(id), in.pos.packedKey)
		}
		return id
	}
	if size := positionShape(args).size; size > 1<<16 {
		// A big key is kept with the position: at least two bytes an element.
		in.checkMemory(4 * size)
	}
	in.keyBuf = in.keyBuf[:0]
	for _, a := range args {
		in.keyBuf = in.appendArgKey(in.keyBuf, a)
	}
	if id, ok := g.general[string(in.keyBuf)]; ok {
		return solver.Pos(id)
	}
	key := string(in.keyBuf)
	id := in.newPosition(g, args)
	if g.general == nil {
		g.general = map[string]int32{}
	}
	g.general[key] = int32(id)
	return id
}

// bigValue is the length from which a list, tuple or set argument of a position
// is keyed by an id of its value instead of by its elements.
const bigValue = 16

// appendArgKey appends the key of a position argument. A big collection, such as
// the adjacency lists every position of Token(adj, v) carries, costs its full key
// once per value object, not once per position.
func (in *Interp) appendArgKey(buf []byte, a Value) []byte {
	if (a.K == KList || a.K == KTuple || a.K == KSet) && len(a.Seq()) >= bigValue {
		buf = append(buf, 0xFF) // no Kind has this value
		return binary.AppendUvarint(buf, uint64(in.valueID(a)))
	}
	return appendKey(buf, a)
}

// valueID numbers the distinct big collections used as position arguments: equal
// values get one id, remembered on the value so that it is computed once.
func (in *Interp) valueID(a Value) uint32 {
	s := a.R.(*Seq)
	if s.owner == in {
		return s.valueID
	}
	key := string(appendKey(nil, a))
	id, ok := in.bigValues[key]
	if !ok {
		if in.bigValues == nil {
			in.bigValues = map[string]uint32{}
		}
		id = uint32(len(in.bigValues))
		in.bigValues[key] = id
	}
	s.owner, s.valueID = in, id
	return id
}

// packKey packs up to four small integers into one word.
func packKey(args []Value) (uint64, bool) {
	if len(args) > 64/packBits {
		return 0, false
	}
	var key uint64
	for _, a := range args {
		if a.K != KInt || a.N < -(1<<(packBits-1)) || a.N >= 1<<(packBits-1) {
			return 0, false
		}
		key = key<<packBits | uint64(a.N)&(1<<packBits-1)
	}
	return key, true
}

// canonicalSums returns v with every sum inside it in canonical (sorted) order.
func canonicalSums(v Value) Value {
	if v.K != KSum && v.K != KList && v.K != KTuple && v.K != KSet {
		return v
	}
	if s := v.R.(*Seq); s.sumsSorted {
		return v
	}
	if v.K == KSum {
		return Value{K: KSum, R: sortedSeq(sortedParts(v))}
	}
	elems := v.Seq()
	for i, e := range elems {
		if c := canonicalSums(e); c.R != e.R {
			out := append([]Value(nil), elems...)
			out[i] = c
			for j := i + 1; j < len(out); j++ {
				out[j] = canonicalSums(out[j])
			}
			if v.K == KSet {
				set := Set(out) // the canonical sums may order (or merge) differently
				set.R.(*Seq).sumsSorted = true
				return set
			}
			return Value{K: v.K, R: sortedSeq(out)}
		}
	}
	v.R.(*Seq).sumsSorted = true // checked once: a big argument is not walked per position
	return v
}

// canonical applies a game's declared canonical form to its arguments.
func (in *Interp) canonical(g *Game, args []Value) []Value {
	if g.canonBusy {
		g.fail("the canonical form of %s builds a position of %s, which needs the canonical form again: a canonical form must only rearrange the arguments", g.Name, g.Name)
	}
	if g.canonSort != nil && !in.Config.Plain {
		if sorted, ok := g.canonSort.apply(args, in.canonBuf); ok {
			in.canonBuf = sorted
			return sorted
		}
	}
	g.canonBusy = true
	defer func() { g.canonBusy = false }()
	fr := newFrame(g.frameSize, nil)
	copy(fr.slots, args)
	v := g.canon(fr)
	if len(args) == 1 {
		return []Value{v}
	}
	if v.K != KTuple || len(v.Seq()) != len(args) {
		g.fail("the canonical form of %s must be a tuple of %d values, but it is %s %s", g.Name, len(args), v.K, v.Repr())
	}
	return v.Seq()
}

func (in *Interp) newPosition(g *Game, args []Value) solver.Pos {
	id := in.nextPosition()
	if key, pk, ok := compactKey(g, args); ok {
		in.pos.add(g, key, pk, nil)
		return id
	}
	if len(in.entrySlab) == 0 {
		in.entrySlab = make([]PosEntry, 1024)
	}
	if len(in.argSlab) < len(args) {
		in.argSlab = make([]Value, max(4096, len(args)))
	}
	e := &in.entrySlab[0]
	in.entrySlab = in.entrySlab[1:]
	*e = PosEntry{Game: g, Args: in.argSlab[:len(args):len(args)], ID: id}
	in.argSlab = in.argSlab[len(args):]
	for i, a := range args {
		// Equal sums are one key whatever their order, so the stored argument must
		// not depend on which order came first: keep sums in canonical order.
		e.Args[i] = canonicalSums(a)
	}
	e.shape = positionShape(e.Args)
	in.pos.add(g, 0, packedInts, e)
	return id
}

// nextPosition is the id of the next new position, once the limits allow one
// more.
func (in *Interp) nextPosition() solver.Pos {
	if in.pos.len() >= 1<<31-1 {
		panic(&lang.Error{Msg: "too many positions (more than 2^31)"})
	}
	id := solver.Pos(in.pos.len())
	// Every interned position counts, solved or not: a position with many
	// options interns them all before any is solved.
	if err := in.Config.Positions(int(id) - in.run.positionBase + 1); err != nil {
		panic(err)
	}
	if id&4095 == 0 {
		in.checkMemory(0)
	}
	return id
}

// nimber returns the position *k.
func (in *Interp) nimber(k int64) Value {
	return in.position(in.nimberGame, []Value{Int(k)})
}
