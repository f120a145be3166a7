package cgt

import (
	"fmt"
	"math"
	"strconv"
)

// MaxExp is the largest denominator exponent a Dyadic may have: denominators are at most
// 2^MaxExp.
const MaxExp = 62

// RangeError is the panic value of an operation whose result does not fit: a Dyadic
// numerator outside int64, a denominator above 2^MaxExp, a count of ups or a nimber
// outside int64. Nothing wraps silently; a caller that accepts arbitrary input recovers
// it (errors.As on the recovered value) and reports it.
type RangeError struct {
	Op string // what overflowed, for example "dyadic addition"
}

// Error says what overflowed and the supported range.
func (e *RangeError) Error() string {
	return "cgt: number out of range in " + e.Op + " (numerators must fit in 64 bits, denominators in 2^" +
		strconv.Itoa(MaxExp) + ")"
}

func rangePanic(op string) { panic(&RangeError{Op: op}) }

// Dyadic is an exact dyadic rational m/2^k, normalized (k = 0 or m odd), so == on
// Dyadic values is equality of numbers. The zero value is 0.
type Dyadic struct {
	num int64
	exp uint8
}

// Int returns the dyadic rational n.
func Int(n int64) Dyadic { return Dyadic{num: n} }

// NewDyadic returns num/2^exp, normalized. It panics with *RangeError when the
// normalized denominator exceeds 2^MaxExp.
func NewDyadic(num int64, exp uint) Dyadic {
	for exp > 0 && num%2 == 0 {
		num /= 2
		exp--
	}
	if num == 0 {
		return Dyadic{}
	}
	if exp > MaxExp {
		rangePanic("dyadic denominator")
	}
	return Dyadic{num: num, exp: uint8(exp)}
}

// Num is the numerator m of m/2^k (in lowest terms).
func (d Dyadic) Num() int64 { return d.num }

// Exp is the exponent k of the denominator 2^k (in lowest terms).
func (d Dyadic) Exp() uint { return uint(d.exp) }

// IsInteger tells whether d is an integer.
func (d Dyadic) IsInteger() bool { return d.exp == 0 }

// Sign is -1, 0 or 1.
func (d Dyadic) Sign() int {
	switch {
	case d.num < 0:
		return -1
	case d.num > 0:
		return 1
	}
	return 0
}

// Float is d as a float64 (rounded).
func (d Dyadic) Float() float64 { return math.Ldexp(float64(d.num), -int(d.exp)) }

func shl(n int64, k uint, op string) int64 {
	if k == 0 || n == 0 {
		return n
	}
	if k >= 63 {
		rangePanic(op)
	}
	r := n << k
	if r>>k != n {
		rangePanic(op)
	}
	return r
}

func add64(a, b int64, op string) int64 {
	s := a + b
	if (a > 0 && b > 0 && s < 0) || (a < 0 && b < 0 && s >= 0) {
		rangePanic(op)
	}
	return s
}

// Add returns d + e.
func (d Dyadic) Add(e Dyadic) Dyadic {
	k := max(d.exp, e.exp)
	a := shl(d.num, uint(k-d.exp), "dyadic addition")
	b := shl(e.num, uint(k-e.exp), "dyadic addition")
	return NewDyadic(add64(a, b, "dyadic addition"), uint(k))
}

// Neg returns -d.
func (d Dyadic) Neg() Dyadic {
	if d.num == math.MinInt64 {
		rangePanic("dyadic negation")
	}
	return Dyadic{num: -d.num, exp: d.exp}
}

// Sub returns d - e.
func (d Dyadic) Sub(e Dyadic) Dyadic { return d.Add(e.Neg()) }

// Half returns d/2.
func (d Dyadic) Half() Dyadic { return NewDyadic(d.num, uint(d.exp)+1) }

// Cmp is -1, 0 or 1 as d <, ==, > e.
func (d Dyadic) Cmp(e Dyadic) int {
	if d.exp == e.exp {
		switch {
		case d.num < e.num:
			return -1
		case d.num > e.num:
			return 1
		}
		return 0
	}
	// Compare the integer parts first, then the fractions, without overflow.
	fd, fe := d.Floor(), e.Floor()
	if fd != fe {
		if fd < fe {
			return -1
		}
		return 1
	}
	k := max(d.exp, e.exp)
	// Fractional parts in [0, 1) scaled to 2^k fit: they are below 2^k <= 2^62.
	rd := (d.num - shl(fd, uint(d.exp), "dyadic comparison")) << (k - d.exp)
	re := (e.num - shl(fe, uint(e.exp), "dyadic comparison")) << (k - e.exp)
	switch {
	case rd < re:
		return -1
	case rd > re:
		return 1
	}
	return 0
}

// Less tells whether d < e.
func (d Dyadic) Less(e Dyadic) bool { return d.Cmp(e) < 0 }

// Floor is the largest integer <= d.
func (d Dyadic) Floor() int64 { return d.num >> d.exp }

// Ceil is the smallest integer >= d.
func (d Dyadic) Ceil() int64 {
	f := d.Floor()
	if d.exp != 0 {
		f++
	}
	return f
}

// String writes d as CGSuite does: "0", "-2", "3/4", "-1/2".
func (d Dyadic) String() string {
	if d.exp == 0 {
		return strconv.FormatInt(d.num, 10)
	}
	return fmt.Sprintf("%d/%d", d.num, uint64(1)<<d.exp)
}

// simplestBetween is the simplest number strictly between lo and hi; either bound may be
// absent (hasLo/hasHi false). It assumes lo < hi when both are present.
func simplestBetween(lo Dyadic, hasLo bool, hi Dyadic, hasHi bool) Dyadic {
	switch {
	case !hasLo && !hasHi:
		return Dyadic{}
	case !hasLo:
		if hi.Sign() > 0 {
			return Dyadic{}
		}
		return Int(add64(hi.Ceil(), -1, "integer"))
	case !hasHi:
		if lo.Sign() < 0 {
			return Dyadic{}
		}
		return Int(add64(lo.Floor(), 1, "integer"))
	}
	if lo.Sign() < 0 && hi.Sign() > 0 {
		return Dyadic{}
	}
	// The integers strictly between, if any: the one nearest 0.
	if lo.Sign() >= 0 {
		if n := add64(lo.Floor(), 1, "integer"); Int(n).Less(hi) {
			return Int(n)
		}
	} else {
		if n := add64(hi.Ceil(), -1, "integer"); lo.Less(Int(n)) {
			return Int(n)
		}
	}
	// No integer strictly between: both lie in [f, f+1] for f = floor(lo). The simplest
	// is the dyadic with the smallest denominator strictly between, which is unique.
	f := lo.Floor()
	lf := lo.Sub(Int(f)) // in [0, 1)
	for k := uint(1); k <= MaxExp; k++ {
		// m/2^k is the smallest multiple of 2^-k above lf.
		var m int64
		if uint(lf.exp) <= k {
			m = shl(lf.num, k-uint(lf.exp), "simplest number") + 1
		} else {
			m = lf.num>>(uint(lf.exp)-k) + 1
		}
		if c := Int(f).Add(NewDyadic(m, k)); c.Less(hi) {
			return c
		}
	}
	rangePanic("simplest number")
	return Dyadic{}
}
