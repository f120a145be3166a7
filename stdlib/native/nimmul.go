package native

import "sync"

// Nim multiplication makes the non-negative integers (under nim addition,
// XOR) a field of characteristic 2 (Conway, On Numbers and Games, ch. 6);
// the integers below 2^(2^k) form the subfield of order 2^(2^k). The nim
// product is the mex definition
//
//	a*b = mex{ a'*b ^ a*b' ^ a'*b' : a' < a, b' < b }
//
// computed here by the Fermat 2-power recursion: with F = 2^(2^k) and
// a = a1*F + a0, b = b1*F + b0 (a0, a1, b0, b1 < F), products by F below F
// are ordinary, and F*F = F ^ F/2 (that is 3F/2), so
//
//	a*b = ((a0^a1)*(b0^b1) ^ a0*b0) * F  ^  a0*b0 ^ (a1*b1)*(F/2)
//
// with three half-size products (Karatsuba) and bytes from a table.

var nimTable struct {
	once sync.Once
	t    [256][256]uint8
}

func nimByte(a, b uint8) uint8 {
	nimTable.once.Do(func() {
		for x := range 256 {
			for y := range 256 {
				nimTable.t[x][y] = uint8(nimMul(uint64(x), uint64(y), 8, false))
			}
		}
	})
	return nimTable.t[a][b]
}

// NimMul returns the nim product of a and b.
func NimMul(a, b uint64) uint64 { return nimMul(a, b, 64, true) }

// nimMul multiplies a, b < 2^width (width a power of two).
func nimMul(a, b uint64, width uint, table bool) uint64 {
	if a < 2 || b < 2 {
		return a * b
	}
	if width <= 8 && table {
		return uint64(nimByte(uint8(a), uint8(b)))
	}
	half := width / 2
	for half > 1 && a>>(half/2) == 0 && b>>(half/2) == 0 {
		half /= 2 // both fit a smaller subfield
	}
	lo := uint64(1)<<half - 1
	a1, a0, b1, b0 := a>>half, a&lo, b>>half, b&lo
	c00 := nimMul(a0, b0, half, table)
	c11 := nimMul(a1, b1, half, table)
	cm := nimMul(a0^a1, b0^b1, half, table)
	return (cm^c00)<<half | c00 ^ nimMul(c11, 1<<(half-1), half, table)
}

// NimSquare returns the nim square a*a.
func NimSquare(a uint64) uint64 { return NimMul(a, a) }

// NimPow returns the nim power a^e (a^0 = 1).
func NimPow(a, e uint64) uint64 {
	r := uint64(1)
	for ; e > 0; e >>= 1 {
		if e&1 != 0 {
			r = NimMul(r, a)
		}
		a = NimMul(a, a)
	}
	return r
}

// NimInv returns the nim inverse of a != 0, the x with NimMul(a, x) = 1:
// a^(2^64-2) in the field of order 2^64. NimInv(0) returns 0 (0 has none).
func NimInv(a uint64) uint64 {
	return NimPow(a, ^uint64(0)-1)
}
