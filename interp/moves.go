package interp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grundy-lang/grundy/lang"
)

// Binding is a generator variable and its value in one move.
type Binding struct {
	Name  string
	Value Value
}

// Move is one labelled move from a position or sum: the label and generator
// bindings of its clause, the component it is made in, and where it leads.
type Move struct {
	Side     lang.Side // who may make it: lang.Both in an impartial game
	Label    string
	Bindings []Binding
	From     Value // the whole position or sum moved from
	Part     Value // the component moved in (equal to From for a single position)
	PartTo   Value // what that component becomes
	To       Value // the whole position or sum after the move
	InSum    bool
	Index    int // which component of the sum the move is made in
	// In a scoring game: the points the move earns its player, and whether that
	// player moves again.
	Gain  int64
	Again bool
}

// NativeMove is a move named by a native fast path: its label and bindings as the
// game's move clause has them, and the arguments of the position it leads to (a
// position of the same game).
type NativeMove struct {
	Label    string
	Bindings []Binding
	To       []Value
}

// String describes the move, e.g. "take 2 -> Nim(1)" or "take 2 from Nim(3) -> Nim(1)".
func (m *Move) String() string { return m.Name() + " -> " + m.PartTo.Repr() }

// Name is the move without where it leads: "take 2", "take 2 from Nim(3)".
func (m *Move) Name() string {
	var b strings.Builder
	if m.Side != lang.Both {
		b.WriteString(m.Side.String())
		if m.Label != "" || len(m.Bindings) > 0 {
			b.WriteString(" ")
		}
	}
	b.WriteString(m.Label)
	// "take 2" when a label has one binding, otherwise "k=1 i=0": no comma, so
	// that in a list of moves each move reads as one item.
	named := m.Label == "" || len(m.Bindings) > 1
	for i, bd := range m.Bindings {
		switch {
		case m.Label != "" && i == 0:
			b.WriteString(" ")
		case i > 0:
			b.WriteString(" ")
		}
		if named {
			b.WriteString(bd.Name + "=")
		}
		b.WriteString(bd.Value.Repr())
	}
	if b.Len() == 0 {
		b.WriteString("move")
	}
	if m.InSum {
		b.WriteString(" from " + m.Part.Repr())
	}
	return b.String()
}

// TooManyMovesError is the error of Moves when a position has more moves than
// the limit it was given.
type TooManyMovesError struct {
	Pos   Value // the position with too many moves
	Limit int
}

func (e *TooManyMovesError) Error() string {
	return fmt.Sprintf("%s has more than %d moves", e.Pos.Brief(), e.Limit)
}

// positionMoves lists the moves of one position with labels and bindings, in the
// order Expand lists its options. Past limit moves (Config.MaxOptions when limit <= 0) it
// stops with a *TooManyMovesError.
func (in *Interp) positionMoves(pos Value, limit int) ([]*Move, error) {
	return in.positionMovesWhere(pos, lang.Both, limit, nil)
}

// positionMovesWhere is positionMoves keeping only the moves side may make
// (lang.Both: every move) to an option that keep accepts (every option when
// keep is nil): the others are gone through but not listed, so limit bounds
// the moves kept. An error of keep stops the listing and is returned.
func (in *Interp) positionMovesWhere(pos Value, side lang.Side, limit int, keep func(to Value) (bool, error)) ([]*Move, error) {
	e := pos.Pos()
	g := e.Game
	if limit <= 0 {
		limit = in.Config.MaxOptions
	}
	var out []*Move
	add := func(mv *Move) bool {
		if len(out) == limit {
			return false
		}
		out = append(out, mv)
		return true
	}
	if g.nimber {
		if keep == nil && e.Args[0].N > int64(limit) {
			return nil, &TooManyMovesError{pos, limit}
		}
		for k := int64(0); k < e.Args[0].N; k++ {
			in.tick()
			to := in.nimber(k)
			if keep != nil {
				if ok, err := keep(to); err != nil {
					return nil, err
				} else if !ok {
					continue
				}
			}
			if !add(&Move{Label: "to", Bindings: []Binding{{"k", Int(k)}}, From: pos, Part: pos, PartTo: to, To: to}) {
				return nil, &TooManyMovesError{pos, limit}
			}
		}
		return out, nil
	}
	fr := newFrame(g.frameSize, nil)
	copy(fr.slots, e.Args)
	var keepErr error
	for _, m := range g.moves {
		if !m.mayMove(side) {
			continue
		}
		complete := m.loops(fr, func(fr *Frame) bool {
			to := m.result(fr)
			if keep != nil {
				ok, err := keep(to)
				if err != nil {
					keepErr = err
					return false
				}
				if !ok {
					return true
				}
			}
			mv := &Move{Side: m.side, Label: m.label, From: pos, Part: pos, PartTo: to, To: to, Again: m.again}
			if m.score != nil {
				mv.Gain = m.score(fr).N
			}
			for i, name := range m.vars {
				mv.Bindings = append(mv.Bindings, Binding{name, fr.slots[m.slots[i]]})
			}
			return add(mv)
		})
		if keepErr != nil {
			return nil, keepErr
		}
		if !complete {
			return nil, &TooManyMovesError{pos, limit}
		}
	}
	return out, nil
}

// sumMoves lists the labelled moves of the parts of v (a position or sum); in a
// sum, each move names the part it is made in and leads to the whole new sum.
func (in *Interp) sumMoves(v Value, parts []Value, limit int) ([]*Move, error) {
	return in.partsMoves(v, parts, func(_ int, p Value) ([]*Move, error) { return in.positionMoves(p, limit) })
}

// partsMoves gathers the moves list gives for each part of v (parts[i] is the
// i-th), each made a move of v (see placeInSum), failing with a
// *TooManyMovesError past sumMoveBudget.
func (in *Interp) partsMoves(v Value, parts []Value, list func(i int, p Value) ([]*Move, error)) ([]*Move, error) {
	var out []*Move
	budget := in.sumMoveBudget(len(parts))
	for i, p := range parts {
		ms, err := list(i, p)
		if err != nil {
			return nil, err
		}
		if len(out)+len(ms) > budget {
			return nil, &TooManyMovesError{v, budget}
		}
		out = append(out, placeAll(v, parts, i, ms)...)
	}
	return out, nil
}

// sumMoveBudget is the most moves of a sum of n parts that may be listed: each
// move holds the whole new sum, so moves times parts stays within 16
// Config.MaxOptions.
func (in *Interp) sumMoveBudget(n int) int {
	most := in.Config.MaxOptions
	if n <= 1 {
		return most
	}
	return max(1, min(most, 16*most/n))
}

// placeInSum makes m, a move of parts[i], a move of v: in a sum it names the
// part it is made in and leads to the whole new sum.
func placeInSum(v Value, parts []Value, i int, m *Move) *Move {
	m.Index = i
	if v.K == KSum {
		// A sum of one part moves as that part: no "from" names it.
		m.From, m.InSum = v, len(parts) > 1
		rest := slices.Clone(parts)
		rest[i] = m.PartTo
		m.To = Sum(rest...)
	}
	return m
}

// placeAll makes moves of parts[i] moves of v (see placeInSum).
func placeAll(v Value, parts []Value, i int, ms []*Move) []*Move {
	for _, m := range ms {
		placeInSum(v, parts, i, m)
	}
	return ms
}

// nativeMovesTo lists the moves from the position p to options of value target
// by its game's fast path, when it has one that answers.
func (in *Interp) nativeMovesTo(p Value, target int64) ([]*Move, bool) {
	e := p.Pos()
	if e.Game.nimber {
		if target < 0 || target >= e.Args[0].N {
			return nil, true
		}
		to := in.nimber(target)
		return []*Move{{Label: "to", Bindings: []Binding{{"k", Int(target)}}, From: p, Part: p, PartTo: to, To: to}}, true
	}
	movesTo := in.NativesOf(e.Game).NativeMovesTo
	if movesTo == nil {
		return nil, false
	}
	nms, ok := movesTo(e.Args, target)
	if !ok {
		return nil, false
	}
	out := make([]*Move, len(nms))
	for i, nm := range nms {
		to := in.position(e.Game, nm.To)
		out[i] = &Move{Label: nm.Label, Bindings: nm.Bindings, From: p, Part: p, PartTo: to, To: to}
	}
	return out, true
}

// heapSize tells whether the position p plays as the nimber *n: a nimber, or a
// position of a game with a NimHeap fast path.
func (in *Interp) heapSize(p Value) (n int64, ok bool) {
	e := p.Pos()
	if e.Game.nimber {
		return e.Args[0].N, true
	}
	if n := in.NativesOf(e.Game); n.NimHeap != nil && n.NativeMovesTo != nil {
		return n.NimHeap(e.Args)
	}
	return 0, false
}
