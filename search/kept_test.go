package search

import (
	"context"
	"math/rand"
	"testing"
	"unsafe"
)

// Every move comes out of the arena as it went in, its gain whatever its size.
func TestKeptMovesRoundTrip(t *testing.T) {
	gains := []int64{0, 1, -1, -bigGain - 1, -bigGain, -bigGain + 1, bigGain - 1, bigGain, bigGain + 1,
		limit - 1, -limit + 1, 1 << 40, -(1 << 40)}
	states := []State{0, 1, 1<<31 - 1, 1 << 20}
	var moves []Move
	for _, g := range gains {
		for _, st := range states {
			moves = append(moves, Move{To: st, Gain: g}, Move{To: st, Gain: g, Again: true})
		}
	}
	s := New(nil, Table, nil)
	for n := 0; n < 3; n++ { // a second and a third state beside the first
		var e entry
		e.n = int32(len(moves))
		if err := s.keep(&e, moves); err != nil {
			t.Fatal(err)
		}
		kept := s.movesOf(&e)
		for i, m := range moves {
			if got := s.move(&e, kept, int32(i)); got != m {
				t.Fatalf("state %d, move %d: got %+v, want %+v", n, i, got, m)
			}
		}
	}
}

// bigBonus is randomBonus with gains of every size up to 2^56.
func bigBonus(r *rand.Rand, n int) bonus {
	b := randomBonus(r, n)
	for _, ms := range b.moves {
		for i := range ms {
			ms[i].Gain <<= r.Intn(57)
		}
	}
	return b
}

func TestBigGainsAgainstDefinition(t *testing.T) {
	r := rand.New(rand.NewSource(6))
	for trial := 0; trial < 200; trial++ {
		b := bigBonus(r, 2+r.Intn(25))
		want := b.plainValue(0)
		for _, m := range []Method{Table, AlphaBeta, Minimax} {
			got, err := New(b, m, nil).Value(context.Background(), 0)
			if err != nil || got != want {
				t.Fatalf("trial %d, %v: got %d (%v), want %d", trial, m, got, err, want)
			}
		}
	}
}

// The table's entry and the arena's move are as small as their comments say.
func TestSizes(t *testing.T) {
	if n := unsafe.Sizeof(entry{}); n != 32 {
		t.Errorf("an entry takes %d bytes, want 32", n)
	}
	if n := unsafe.Sizeof(kept(0)); n != 8 {
		t.Errorf("a kept move takes %d bytes, want 8", n)
	}
}
