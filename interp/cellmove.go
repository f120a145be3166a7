package interp

import (
	"math/bits"
	"slices"

	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/solver"
)

// cellMove is a move clause that solving runs on the bitmask of a set of cells
// (see cells.go) instead of building sets: the position's one argument is the
// set P, the clause's one generator ranges over P ((r, c) in B for cells of a
// board, v in S for integers), its where condition, if any, is membership tests
// joined by and ((r, c + 1) in B, (r + 1, c) not in B), and its result is a game
// called with P less sets of cells (Cram(B - {(r, c), (r, c + 1)})), every cell
// written with coordinates affine in the generator's variables. Cram,
// Domineering and games on the vertices of a small graph have this shape.
type cellMove struct {
	vars   []int // the generator's slots: one (integers) or two (cells)
	tests  []cellTest
	game   operand      // the game the result calls
	remove []cellCoords // the cells the result takes away
}

// cellCoords is a cell written in a clause: coordinate i is
// c[i] + k[i][0]*x + k[i][1]*y for the generator's variables x and y (x
// alone for a set of integers).
type cellCoords struct {
	c [2]int64
	k [2][2]int64
}

// cellTest is "cell in P" (in is true) or "cell not in P".
type cellTest struct {
	cell cellCoords
	in   bool
}

// maxCellCoef bounds the constants and coefficients of a cell's coordinates,
// so that computing them from variables below 64 cannot overflow.
const maxCellCoef = 1 << 40

// cellMoveOf returns the clause m as a cellMove, or nil when it lacks the shape.
func (c *compiler) cellMoveOf(m *lang.Move) *cellMove {
	if len(m.Gens) != 1 || !isFirstParam(m.Gens[0].In) {
		return nil
	}
	gen, cm := m.Gens[0], &cellMove{}
	switch len(gen.Names) {
	case 0:
		cm.vars = []int{gen.Slot}
	case 2:
		cm.vars = gen.Slots
	default:
		return nil
	}
	if m.Where != nil && !cm.addTests(m.Where) {
		return nil
	}
	call, ok := m.Result.(*lang.Call)
	if !ok || len(call.Args) != 1 || !cm.addRemoved(call.Args[0]) {
		return nil
	}
	cm.game = c.operand(call.Fn)
	return cm
}

// isFirstParam reports whether e names the game's first parameter, the one
// argument of a position that is a set of cells.
func isFirstParam(e lang.Expr) bool {
	id, ok := e.(*lang.Ident)
	return ok && id.Ref.Kind == lang.Local && id.Ref.Depth == 0 && id.Ref.Slot == 0
}

// addTests adds the membership tests of a where condition, reporting false when
// it is anything else.
func (cm *cellMove) addTests(e lang.Expr) bool {
	b, ok := e.(*lang.Binary)
	if !ok {
		return false
	}
	switch b.Op {
	case "and":
		return cm.addTests(b.L) && cm.addTests(b.R)
	case "in", "not in":
		cell, ok := cm.coords(b.L)
		if !ok || !isFirstParam(b.R) {
			return false
		}
		cm.tests = append(cm.tests, cellTest{cell, b.Op == "in"})
		return true
	}
	return false
}

// addRemoved adds the cells of P - {...} - {...}, reporting false when e is
// anything else.
func (cm *cellMove) addRemoved(e lang.Expr) bool {
	b, ok := e.(*lang.Binary)
	if !ok || b.Op != "-" || (!isFirstParam(b.L) && !cm.addRemoved(b.L)) {
		return false
	}
	set, ok := b.R.(*lang.SetLit)
	if !ok {
		return false
	}
	for _, x := range set.Elems {
		cell, ok := cm.coords(x)
		if !ok {
			return false
		}
		cm.remove = append(cm.remove, cell)
	}
	return true
}

// coords compiles a cell: a pair of coordinates for cells of a board, an
// integer for a set of integers, each affine in the generator's variables.
func (cm *cellMove) coords(e lang.Expr) (cellCoords, bool) {
	es := []lang.Expr{e}
	if t, ok := e.(*lang.TupleLit); ok {
		es = t.Elems
	}
	var out cellCoords
	if len(es) != len(cm.vars) {
		return out, false
	}
	for i, x := range es {
		a, ok := affineOf(x)
		if !ok || a.c > maxCellCoef || a.c < -maxCellCoef {
			return out, false
		}
		for _, s := range a.slots {
			if !slices.Contains(cm.vars, s) {
				return out, false
			}
		}
		out.c[i] = a.c
		for j, v := range cm.vars {
			k := a.coefOf(v)
			if k > maxCellCoef || k < -maxCellCoef {
				return out, false
			}
			out.k[i][j] = k
		}
	}
	return out, true
}

// bit is the bit of the cell for the variables x and y in a set of kind, or
// false when the cell cannot be in such a set.
func (cc *cellCoords) bit(x, y int64, kind cellKind) (uint, bool) {
	a := cc.c[0] + cc.k[0][0]*x + cc.k[0][1]*y
	if kind == intCells {
		return uint(a), uint64(a) < 64
	}
	b := cc.c[1] + cc.k[1][0]*x + cc.k[1][1]*y
	return uint(a*cellSide + b), uint64(a) < cellSide && uint64(b) < cellSide
}

// each runs the clause for position p, adding each option to fr.opts, or, with
// a probe sink, its value to the sink (see fastMove.each). It reports false when
// the general path is needed: p is not a set of cells kept packed, of the kind
// the generator's pattern needs, or the result's name is not a game of one
// argument without an argument check. It needs nothing from fr but its options.
func (cm *cellMove) each(in *Interp, p solver.Pos, fr *Frame, ps *probeSink) bool {
	mask, kind, ok := in.pos.cellArg(p)
	if !ok {
		return false
	}
	if mask == 0 {
		return true // no element, no option
	}
	if (kind == pairCells) != (len(cm.vars) == 2) || in.tooBig(shape{depth: 3, size: 3 * 64}) != "" {
		return false
	}
	f := cm.game.get(fr)
	g, ok := f.R.(*Game)
	if !ok || f.K != KGame || len(g.Params) != 1 || g.CheckArgs != nil {
		return false
	}
	for m := mask; m != 0; m &= m - 1 {
		in.tick()
		bit := int64(bits.TrailingZeros64(m))
		x, y := bit, int64(0)
		if kind == pairCells {
			x, y = bit/cellSide, bit%cellSide
		}
		if !cm.passes(mask, x, y, kind) {
			continue
		}
		to := mask
		for i := range cm.remove {
			if b, ok := cm.remove[i].bit(x, y, kind); ok {
				to &^= 1 << b
			}
		}
		var id solver.Pos
		if g.canon != nil {
			id = in.internID(g, []Value{in.pos.cells.set(to, kind)})
		} else {
			id = in.internCells(g, to, kind)
		}
		if !putOption(in, fr, []solver.Pos{id}, ps) {
			return false
		}
	}
	return true
}

// passes reports whether the where condition holds for the variables x and y.
func (cm *cellMove) passes(mask uint64, x, y int64, kind cellKind) bool {
	for i := range cm.tests {
		t := &cm.tests[i]
		b, ok := t.cell.bit(x, y, kind)
		if (ok && mask&(1<<b) != 0) != t.in {
			return false
		}
	}
	return true
}
