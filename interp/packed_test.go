package interp

import (
	"math/rand/v2"
	"testing"

	"github.com/grundy-lang/grundy/solver"
)

// packedIDs answers as a map does, through growth, for keys that share their
// slots (multiples of a power of two) and for random ones.
func TestPackedIDsMatchAMap(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var table packedIDs
	var keys []uint64 // by id
	keyOf := func(id int32) uint64 { return keys[id] }
	want := map[uint64]int32{}
	for i := range 20000 {
		key := r.Uint64()
		if i%2 == 0 {
			key = uint64(i) << 40
		}
		if _, ok := want[key]; ok {
			continue
		}
		if _, ok := table.get(key, keyOf); ok {
			t.Fatalf("key %#x found before it was put", key)
		}
		id := int32(len(keys))
		keys = append(keys, key)
		want[key] = id
		table.put(key, id, keyOf)
	}
	for key, id := range want {
		if got, ok := table.get(key, keyOf); !ok || got != id {
			t.Fatalf("get(%#x) = %d, %v; want %d", key, got, ok, id)
		}
	}
	if _, ok := table.get(12345, keyOf); ok {
		t.Error("a key never put was found")
	}
	if table.n != len(want) || 4*table.n > 3*len(table.ids) {
		t.Errorf("%d keys in %d slots, want %d keys at most three quarters full", table.n, len(table.ids), len(want))
	}
}

// The position table keeps compact positions' games and arguments, and the
// entries of the others, across the growth of its first chunk and into the next.
func TestPositionTable(t *testing.T) {
	in := New()
	g1 := &Game{Name: "A", Params: []string{"n"}}
	g3 := &Game{Name: "B", Params: []string{"a", "b", "c"}}
	const n = 1<<positionChunkBits + 100
	for i := range n {
		switch i % 3 {
		case 0:
			in.newPosition(g1, []Value{Int(int64(i) - 1<<40)})
		case 1:
			in.newPosition(g3, []Value{Int(int64(i % 30000)), Int(-7), Int(int64(-i % 32768))})
		default:
			in.newPosition(g3, []Value{Int(1), Str("x"), Int(int64(i))})
		}
	}
	for i := range n {
		e := in.entry(solver.Pos(i))
		var want []Value
		game := g3
		switch i % 3 {
		case 0:
			game, want = g1, []Value{Int(int64(i) - 1<<40)}
		case 1:
			want = []Value{Int(int64(i % 30000)), Int(-7), Int(int64(-i % 32768))}
		default:
			want = []Value{Int(1), Str("x"), Int(int64(i))}
		}
		if e.Game != game || e.ID != solver.Pos(i) || Tuple(e.Args...).Repr() != Tuple(want...).Repr() {
			t.Fatalf("position %d: %s%v, want %s%v", i, e.Game.Name, e.Args, game.Name, want)
		}
		if key, ok := packKey(want); ok && in.pos.packedKey(int32(i)) != key {
			t.Fatalf("position %d: packed key %#x, want %#x", i, in.pos.packedKey(int32(i)), key)
		}
		if _, kept := in.pos.kept(solver.Pos(i)); kept != (i%3 == 2) {
			t.Fatalf("position %d keeps its entry: %v", i, kept)
		}
	}
	neg := in.newPosition(g1, []Value{Int(-5)})
	if key, _ := packKey([]Value{Int(-5)}); in.pos.packedKey(int32(neg)) != key {
		t.Errorf("A(-5): packed key %#x, want %#x", in.pos.packedKey(int32(neg)), key)
	}
}

// internID gives every two-integer position one id whichever index holds it:
// dense corners go to the grid, far and negative arguments to the packed table
// once the grid would grow too sparse, and every later lookup finds the same id.
func TestGridAndPackedIDsAgree(t *testing.T) {
	in := New()
	g := &Game{Name: "W", Params: []string{"a", "b"}}
	r := rand.New(rand.NewPCG(7, 8))
	want := map[[2]int64]solver.Pos{}
	for i := range 60000 {
		var a, b int64
		switch i % 4 {
		case 0, 1: // a dense corner
			a, b = r.Int64N(150), r.Int64N(150)
		case 2: // far apart: the grid refuses most of them
			a, b = r.Int64N(gridLimit+100), r.Int64N(gridLimit+100)
		default: // negative, or one argument large and one small
			a, b = r.Int64N(200)-100, r.Int64N(30000)
		}
		id := in.internID(g, []Value{Int(a), Int(b)})
		if old, ok := want[[2]int64{a, b}]; ok && old != id {
			t.Fatalf("W(%d, %d) is %d, and was %d", a, b, id, old)
		}
		want[[2]int64{a, b}] = id
	}
	if len(want) != in.pos.len() {
		t.Fatalf("%d positions interned for %d distinct ones", in.pos.len(), len(want))
	}
	for k, id := range want {
		if got := in.internID(g, []Value{Int(k[0]), Int(k[1])}); got != id {
			t.Fatalf("W(%d, %d) is %d, was %d", k[0], k[1], got, id)
		}
		if e := in.entry(id); e.Args[0].N != k[0] || e.Args[1].N != k[1] {
			t.Fatalf("position %d is W%v, want W(%d, %d)", id, e.Args, k[0], k[1])
		}
	}
	// Arguments past 16 bits do not pack: those positions are keyed by bytes.
	if g.grid.n == 0 || g.packed.n == 0 || g.grid.n+g.packed.n+len(g.general) != len(want) {
		t.Errorf("grid %d + packed %d + general %d positions, want the first two used and %d in all",
			g.grid.n, g.packed.n, len(g.general), len(want))
	}
	if g.grid.cells > 4*g.grid.n+4096 {
		t.Errorf("the grid has %d cells for %d positions", g.grid.cells, g.grid.n)
	}
}
