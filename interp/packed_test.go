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
