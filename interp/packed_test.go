package interp

import (
	"math/rand/v2"
	"testing"
)

// packedIDs answers as a map does, through growth, for keys that share their
// slots (multiples of a power of two) and for random ones.
func TestPackedIDsMatchAMap(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var table packedIDs
	want := map[uint64]int32{}
	for i := range 20000 {
		key := r.Uint64()
		if i%2 == 0 {
			key = uint64(i) << 40
		}
		if _, ok := want[key]; ok {
			continue
		}
		if _, ok := table.get(key); ok {
			t.Fatalf("key %#x found before it was put", key)
		}
		want[key] = int32(i)
		table.put(key, int32(i))
	}
	for key, id := range want {
		if got, ok := table.get(key); !ok || got != id {
			t.Fatalf("get(%#x) = %d, %v; want %d", key, got, ok, id)
		}
	}
	if _, ok := table.get(12345); ok {
		t.Error("a key never put was found")
	}
	if table.n != len(want) || 4*table.n > 3*len(table.keys) {
		t.Errorf("%d keys in %d slots, want %d keys at most three quarters full", table.n, len(table.keys), len(want))
	}
}
