package solver

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSumTableAgainstMap inserts random sorted atom multisets into a sumTable over
// an atomArena, as the misère solver does, and checks every lookup against a plain
// map, with a hash forced to collide often by few distinct short keys, and long
// sums that start new chunks of the arena.
func TestSumTableAgainstMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var arena atomArena
	var at []atomAt // by id
	table := newSumTable(&arena)
	want := map[string]int32{}
	randomAtoms := func() []int64 {
		n := rng.IntN(6)
		if rng.IntN(4000) == 0 {
			n = atomChunk + rng.IntN(atomChunk) // longer than a chunk, at times
		}
		atoms := make([]int64, n)
		for i := range atoms {
			atoms[i] = rng.Int64N(12) - 4 // heaps -4..-1, positions 0..7
		}
		slices.Sort(atoms)
		return atoms
	}
	for range 20000 {
		atoms := randomAtoms()
		key := fmt.Sprint(atoms)
		id, ok := table.find(atoms, hashAtoms(atoms))
		wantID, wantOK := want[key]
		if ok != wantOK || ok && id != wantID {
			t.Fatalf("find(%v) = %d, %v; the map says %d, %v", atoms, id, ok, wantID, wantOK)
		}
		if !ok {
			id := int32(len(at))
			where, _ := arena.add(id, atoms)
			at = append(at, where)
			table.insert(atoms, where)
			want[key] = id
		}
	}
	if table.n != len(want) || len(arena.chunks) < 2 {
		t.Fatalf("the table holds %d sums, the map %d; the arena has %d chunks", table.n, len(want), len(arena.chunks))
	}
	for key, id := range want {
		gotID, atoms := arena.get(at[id])
		if got, ok := table.find(atoms, hashAtoms(atoms)); !ok || got != id || gotID != id || fmt.Sprint(atoms) != key {
			t.Fatalf("find(%v) = %d, %v after every insert, want %d (the arena says %d)", atoms, got, ok, id, gotID)
		}
	}
	// Slots whose tag equals the hash of a sum they do not hold: the atoms decide.
	probe := []int64{99, 100}
	h := hashAtoms(probe)
	collide := sumTable{slots: make([]uint64, 8), arena: &arena}
	for i := range 3 {
		collide.slots[(h+uint64(i))&7] = h>>32<<32 | uint64(at[i]+1)
		collide.n++
	}
	if id, ok := collide.find(probe, h); ok {
		t.Fatalf("find(%v) = %d among colliding slots of other sums", probe, id)
	}
	id := int32(len(at))
	where, _ := arena.add(id, probe)
	collide.insert(probe, where)
	if got, ok := collide.find(probe, h); !ok || got != id {
		t.Fatalf("find(%v) = %d, %v after inserting it past colliding slots", probe, got, ok)
	}
}
