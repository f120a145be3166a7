package native

import (
	"math/rand/v2"
	"testing"
)

// plainNimMul is the mex definition, for a, b < n.
func plainNimMul(n int) [][]uint64 {
	m := make([][]uint64, n)
	for a := range m {
		m[a] = make([]uint64, n)
		for b := range m[a] {
			seen := map[uint64]bool{}
			for x := 0; x < a; x++ {
				for y := 0; y < b; y++ {
					seen[m[x][b]^m[a][y]^m[x][y]] = true
				}
			}
			for seen[m[a][b]] {
				m[a][b]++
			}
		}
	}
	return m
}

func TestNimMulAgainstMex(t *testing.T) {
	n := 48
	if testing.Short() {
		n = 24
	}
	plain := plainNimMul(n)
	for a := range n {
		for b := range n {
			if got := NimMul(uint64(a), uint64(b)); got != plain[a][b] {
				t.Fatalf("NimMul(%d, %d) = %d, mex definition %d", a, b, got, plain[a][b])
			}
		}
	}
}

func TestNimMulKnown(t *testing.T) {
	cases := [][3]uint64{
		{2, 2, 3}, {2, 3, 1}, {3, 3, 2}, {4, 4, 6}, {8, 8, 13}, {16, 16, 24},
		{4, 8, 11}, {1 << 32, 1 << 32, 3 << 31}, {1 << 16, 1 << 16, 3 << 15},
		{0, 12345, 0}, {1, 12345, 12345},
	}
	for _, c := range cases {
		if got := NimMul(c[0], c[1]); got != c[2] {
			t.Errorf("NimMul(%d, %d) = %d, want %d", c[0], c[1], got, c[2])
		}
	}
	// The table and the recursion agree on every byte pair.
	for a := range uint64(256) {
		for b := range uint64(256) {
			if NimMul(a, b) != nimMul(a, b, 8, false) {
				t.Fatalf("table differs at %d, %d", a, b)
			}
		}
	}
}

// Field axioms: every subfield of order 2^(2^k) is closed, and on random
// 64-bit values the product is commutative, associative, distributive over
// XOR, and every nonzero value has an inverse.
func TestNimMulField(t *testing.T) {
	for a := range uint64(16) {
		for b := range uint64(16) {
			if NimMul(a, b) >= 16 {
				t.Fatalf("%d*%d leaves the field of order 16", a, b)
			}
		}
	}
	rng := rand.New(rand.NewPCG(21, 22))
	for i := range 3000 {
		a, b, c := rng.Uint64(), rng.Uint64(), rng.Uint64()
		if i%3 == 0 { // small subfields too
			w := uint(1) << rng.IntN(6)
			mask := uint64(1)<<w - 1
			a, b, c = a&mask, b&mask, c&mask
			if NimMul(a, b) > mask {
				t.Fatalf("subfield of width %d not closed: %d*%d", w, a, b)
			}
		}
		if NimMul(a, b) != NimMul(b, a) {
			t.Fatalf("not commutative: %d, %d", a, b)
		}
		if NimMul(NimMul(a, b), c) != NimMul(a, NimMul(b, c)) {
			t.Fatalf("not associative: %d, %d, %d", a, b, c)
		}
		if NimMul(a, b^c) != NimMul(a, b)^NimMul(a, c) {
			t.Fatalf("not distributive: %d, %d, %d", a, b, c)
		}
		if a != 0 && NimMul(a, NimInv(a)) != 1 {
			t.Fatalf("NimInv(%d) = %d is not an inverse", a, NimInv(a))
		}
		if NimSquare(a) != NimMul(a, a) || NimPow(a, 3) != NimMul(a, NimMul(a, a)) {
			t.Fatalf("powers of %d", a)
		}
	}
	if NimInv(0) != 0 || NimInv(1) != 1 || NimInv(2) != 3 || NimPow(5, 0) != 1 {
		t.Error("small inverses")
	}
}
