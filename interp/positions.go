package interp

import "github.com/grundy-lang/grundy/solver"

// positionTable holds every interned position by id. A position whose arguments
// are integers that pack into one word (one integer, or two to four of 16 bits;
// see packKey) is compact: the index of its game (4 bytes) and its packed
// arguments (8 bytes), and its PosEntry is made when it is asked for. Any other
// position keeps its PosEntry. The columns grow in chunks, so that a table of
// 10^7 positions is never copied.
//
// A position whose one argument is a set of small cells (see cellMask) is
// compact too: its key is the set's mask, and a bit says which kind of cells.
type positionTable struct {
	chunks  []*positionChunk
	n       int
	games   []*Game // by game index
	entries []*PosEntry
	cells   cellValues
}

const positionChunkBits = 16

// positionChunk holds the columns of 1<<positionChunkBits positions; the first
// chunk starts small and grows to that size, as a slice does.
type positionChunk struct {
	game  []int32  // index in games
	key   []uint64 // the packed arguments, or the index in entries
	entry []uint64 // bit per position: it keeps a PosEntry
	// Bits per position: its key is the mask of a set of cells of either kind.
	// They are made with the chunk's first such position (as long as entry).
	cells, pairs []uint64
}

// grow makes room for n positions in c.
func (c *positionChunk) grow(n int) {
	c.game = append(c.game, make([]int32, n-len(c.game))...)
	c.key = append(c.key, make([]uint64, n-len(c.key))...)
	words := (n+63)/64 - len(c.entry)
	c.entry = append(c.entry, make([]uint64, words)...)
	if c.cells != nil {
		c.cells = append(c.cells, make([]uint64, words)...)
		c.pairs = append(c.pairs, make([]uint64, words)...)
	}
}

// packing is how a compact position's key holds its arguments.
type packing uint8

const (
	packedInts  packing = iota // integers (see packKey)
	packedCells                // a set of integers 0..63 (see cellMask)
	packedPairs                // a set of pairs of integers 0..7
)

// packingOf is the packing of a set of cells of kind.
func packingOf(kind cellKind) packing {
	if kind == pairCells {
		return packedPairs
	}
	return packedCells
}

// len is the number of positions.
func (t *positionTable) len() int { return t.n }

func (t *positionTable) chunk(p solver.Pos) (*positionChunk, int) {
	return t.chunks[p>>positionChunkBits], int(p & (1<<positionChunkBits - 1))
}

// game is p's game.
func (t *positionTable) game(p solver.Pos) *Game {
	c, i := t.chunk(p)
	return t.games[c.game[i]]
}

// compactKey packs args when the position can be kept compact.
func compactKey(g *Game, args []Value) (uint64, packing, bool) {
	if len(args) != len(g.Params) {
		return 0, 0, false
	}
	if len(args) == 1 {
		if mask, kind, ok := cellMask(args[0]); ok {
			return mask, packingOf(kind), true
		}
		return uint64(args[0].N), packedInts, args[0].K == KInt
	}
	key, ok := packKey(args)
	return key, packedInts, ok
}

// add records a new position of g with id len(); e is its PosEntry, or nil to
// keep it compact under key, packed as pk says.
func (t *positionTable) add(g *Game, key uint64, pk packing, e *PosEntry) {
	if t.n>>positionChunkBits == len(t.chunks) {
		size := 1 << positionChunkBits
		if t.n == 0 {
			size = 64 // most sessions hold few positions
		}
		c := &positionChunk{}
		c.grow(size)
		t.chunks = append(t.chunks, c)
	}
	if c := t.chunks[len(t.chunks)-1]; t.n&(1<<positionChunkBits-1) == len(c.game) {
		c.grow(2 * len(c.game))
	}
	if g.tableIndex == 0 || g.tableIndex > len(t.games) || t.games[g.tableIndex-1] != g {
		t.games = append(t.games, g)
		g.tableIndex = len(t.games) // 1-based: 0 is none yet
	}
	c, i := t.chunk(solver.Pos(t.n))
	switch {
	case e != nil:
		key = uint64(len(t.entries))
		t.entries = append(t.entries, e)
		c.entry[i/64] |= 1 << (i % 64)
	case pk != packedInts:
		if c.cells == nil {
			c.cells, c.pairs = make([]uint64, len(c.entry)), make([]uint64, len(c.entry))
		}
		column := c.cells
		if pk == packedPairs {
			column = c.pairs
		}
		column[i/64] |= 1 << (i % 64)
	}
	c.game[i], c.key[i] = int32(g.tableIndex-1), key
	t.n++
}

// kept returns p's PosEntry when it keeps one.
func (t *positionTable) kept(p solver.Pos) (*PosEntry, bool) {
	c, i := t.chunk(p)
	if c.entry[i/64]&(1<<(i%64)) != 0 {
		return t.entries[c.key[i]], true
	}
	return nil, false
}

// packedAs reports how p is kept: compact with a packing, or (false) with a
// PosEntry.
func (c *positionChunk) packedAs(i int) (packing, bool) {
	word, bit := i/64, uint64(1)<<(i%64)
	switch {
	case c.entry[word]&bit != 0:
		return 0, false
	case c.cells == nil:
		return packedInts, true
	case c.cells[word]&bit != 0:
		return packedCells, true
	case c.pairs[word]&bit != 0:
		return packedPairs, true
	}
	return packedInts, true
}

// intArg is the argument of p when it is one integer.
func (t *positionTable) intArg(p solver.Pos) (int64, bool) {
	c, i := t.chunk(p)
	if pk, ok := c.packedAs(i); !ok || pk != packedInts || len(t.games[c.game[i]].Params) != 1 {
		return 0, false
	}
	return int64(c.key[i]), true
}

// cellArg is the mask and kind of p's argument when it is a set of cells kept
// packed.
func (t *positionTable) cellArg(p solver.Pos) (uint64, cellKind, bool) {
	c, i := t.chunk(p)
	switch pk, _ := c.packedAs(i); pk {
	case packedCells:
		return c.key[i], intCells, true
	case packedPairs:
		return c.key[i], pairCells, true
	}
	return 0, 0, false
}

// intPair is the arguments of p when they are two integers kept packed.
func (t *positionTable) intPair(p solver.Pos) (a, b int64, ok bool) {
	c, i := t.chunk(p)
	if pk, ok := c.packedAs(i); !ok || pk != packedInts || len(t.games[c.game[i]].Params) != 2 {
		return 0, 0, false
	}
	key := c.key[i]
	return int64(int16(key >> packBits)), int64(int16(key)), true
}

// packedKey is the packKey of position p's arguments, for packedIDs.
func (t *positionTable) packedKey(p int32) uint64 {
	if e, ok := t.kept(solver.Pos(p)); ok {
		key, _ := packKey(e.Args)
		return key
	}
	c, i := t.chunk(solver.Pos(p))
	if len(t.games[c.game[i]].Params) == 1 {
		return c.key[i] & (1<<packBits - 1) // the whole integer is kept
	}
	return c.key[i]
}

// args appends p's arguments to buf.
func (t *positionTable) args(p solver.Pos, buf []Value) []Value {
	if e, ok := t.kept(p); ok {
		return append(buf, e.Args...)
	}
	if mask, kind, ok := t.cellArg(p); ok {
		return append(buf, t.cells.set(mask, kind))
	}
	c, i := t.chunk(p)
	key, n := c.key[i], len(t.games[c.game[i]].Params)
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
	var buf [4]Value
	return compactEntry(in.pos.game(p), p, in.pos.args(p, buf[:0]))
}

// compactEntry makes the PosEntry of compact position p of g, with a copy of
// args: in one allocation when there is one argument, the common case.
func compactEntry(g *Game, p solver.Pos, args []Value) *PosEntry {
	var e *PosEntry
	if len(args) == 1 {
		one := &struct {
			PosEntry
			arg [1]Value
		}{}
		e = &one.PosEntry
		e.Args = one.arg[:]
	} else {
		e = &PosEntry{Args: make([]Value, len(args))}
	}
	copy(e.Args, args)
	e.Game, e.ID, e.shape = g, p, positionShape(e.Args)
	return e
}

// bytes is the memory the table holds.
func (t *positionTable) bytes() int {
	n := cap(t.entries) * 8
	for _, c := range t.chunks {
		n += cap(c.game)*4 + cap(c.key)*8 + (cap(c.entry)+cap(c.cells)+cap(c.pairs))*8
	}
	for _, e := range t.entries {
		n += 8 + 24 + 4 + 16 + len(e.Args)*int(valueBytes) // game, args, id, shape
	}
	return n
}
