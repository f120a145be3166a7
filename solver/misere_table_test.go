package solver

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSumTableAgainstMap inserts random sorted atom multisets into a sumTable over a
// flat arena, as the misère solver does, and checks every lookup against a plain map,
// with a hash forced to collide often by few distinct short keys and long ones.
func TestSumTableAgainstMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var arena []int64
	var ends []int32
	atomsOf := func(id int32) []int64 {
		start := int32(0)
		if id > 0 {
			start = ends[id-1]
		}
		return arena[start:ends[id]]
	}
	table := newSumTable(atomsOf)
	want := map[string]int32{}
	randomAtoms := func() []int64 {
		atoms := make([]int64, rng.IntN(6))
		for i := range atoms {
			atoms[i] = rng.Int64N(12) - 4 // heaps -4..-1, positions 0..7
		}
		slices.Sort(atoms)
		return atoms
	}
	for range 20000 {
		atoms := randomAtoms()
		key := fmt.Sprint(atoms)
		id, ok := table.find(atoms)
		wantID, wantOK := want[key]
		if ok != wantOK || ok && id != wantID {
			t.Fatalf("find(%v) = %d, %v; the map says %d, %v", atoms, id, ok, wantID, wantOK)
		}
		if !ok {
			id := int32(len(ends))
			arena = append(arena, atoms...)
			ends = append(ends, int32(len(arena)))
			table.insert(atoms, id)
			want[key] = id
		}
	}
	if table.n != len(want) {
		t.Fatalf("the table holds %d sums, the map %d", table.n, len(want))
	}
	for key, id := range want {
		atoms := atomsOf(id)
		if got, ok := table.find(atoms); !ok || got != id || fmt.Sprint(atoms) != key {
			t.Fatalf("find(%v) = %d, %v after every insert, want %d", atoms, got, ok, id)
		}
	}
	// Slots whose tag equals the hash of a sum they do not hold: the atoms decide.
	probe := []int64{99, 100}
	h := hashAtoms(probe)
	collide := sumTable{slots: make([]uint64, 8), atomsOf: atomsOf}
	for id := range int32(3) {
		collide.slots[(h+uint64(id))&7] = h>>32<<32 | uint64(id+1)
		collide.n++
	}
	if id, ok := collide.find(probe); ok {
		t.Fatalf("find(%v) = %d among colliding slots of other sums", probe, id)
	}
	arena = append(arena, probe...)
	ends = append(ends, int32(len(arena)))
	collide.insert(probe, int32(len(ends)-1))
	if id, ok := collide.find(probe); !ok || id != int32(len(ends)-1) {
		t.Fatalf("find(%v) = %d, %v after inserting it past colliding slots", probe, id, ok)
	}
}
