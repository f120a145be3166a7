package interp

import "github.com/grundy-lang/grundy/solver"

// positionTable holds every interned position by id. A position whose arguments
// are integers that pack into one word (one integer, or two to four of 16 bits;
// see packKey) is compact: its game and its packed arguments, 16 bytes, and its
// PosEntry is made when it is asked for. Any other position keeps its PosEntry.
type positionTable struct {
	games   []*Game  // by id
	keys    []uint64 // by id: the packed arguments, or the index in entries
	entry   []uint64 // bit per id: the position keeps a PosEntry in entries
	entries []*PosEntry
}

// len is the number of positions.
func (t *positionTable) len() int { return len(t.games) }

// compactKey packs args when the position can be kept compact.
func compactKey(g *Game, args []Value) (uint64, bool) {
	if len(args) != len(g.Params) {
		return 0, false
	}
	if len(args) == 1 {
		return uint64(args[0].N), args[0].K == KInt
	}
	return packKey(args)
}

// add records a new position of g with id len(); e is its PosEntry, or nil to
// keep it compact under key.
func (t *positionTable) add(g *Game, key uint64, e *PosEntry) {
	id := len(t.games)
	if id%64 == 0 {
		t.entry = append(t.entry, 0)
	}
	if e != nil {
		key = uint64(len(t.entries))
		t.entries = append(t.entries, e)
		t.entry[id/64] |= 1 << (id % 64)
	}
	t.games = append(t.games, g)
	t.keys = append(t.keys, key)
}

// kept returns p's PosEntry when it keeps one.
func (t *positionTable) kept(p solver.Pos) (*PosEntry, bool) {
	if t.entry[p/64]&(1<<(p%64)) != 0 {
		return t.entries[t.keys[p]], true
	}
	return nil, false
}

// args appends p's arguments to buf.
func (t *positionTable) args(p solver.Pos, buf []Value) []Value {
	if e, ok := t.kept(p); ok {
		return append(buf, e.Args...)
	}
	key, n := t.keys[p], len(t.games[p].Params)
	if n == 1 {
		return append(buf, Int(int64(key)))
	}
	for i := n - 1; i >= 0; i-- {
		buf = append(buf, Int(int64(int16(key>>(packBits*i)))))
	}
	return buf
}

// entry returns p's PosEntry, made afresh for a compact position.
func (in *Interp) entry(p solver.Pos) *PosEntry {
	if e, ok := in.pos.kept(p); ok {
		return e
	}
	args := in.pos.args(p, nil)
	return &PosEntry{Game: in.pos.games[p], Args: args, ID: p, shape: positionShape(args)}
}

// bytes is the memory the table holds.
func (t *positionTable) bytes() int {
	n := cap(t.games)*8 + cap(t.keys)*8 + cap(t.entry)*8 + cap(t.entries)*8
	for _, e := range t.entries {
		n += 8 + 24 + 4 + 16 + len(e.Args)*int(valueBytes) // game, args, id, shape
	}
	return n
}
