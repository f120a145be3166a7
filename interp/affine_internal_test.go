package interp

import (
	"testing"

	"github.com/grundy-lang/grundy/lang"
)

// A written negative (-1, -n, -(n - 2)) is affine like the rest, so a move such
// as -> T(n + -1) or a range -1..n keeps its fast form; the value it computes is
// the expression's.
func TestAffineOfWrittenNegatives(t *testing.T) {
	n := func() lang.Expr { return &lang.Ident{Name: "n", Ref: lang.Ref{Kind: lang.Local, Slot: 0}} }
	neg := func(e lang.Expr) lang.Expr { return &lang.Unary{Op: "-", X: e} }
	lit := func(v int64) lang.Expr { return &lang.IntLit{Value: v} }
	bin := func(l lang.Expr, op string, r lang.Expr) lang.Expr { return &lang.Binary{Op: op, L: l, R: r} }
	fr := &Frame{slots: []Value{Int(10)}}
	for _, c := range []struct {
		e    lang.Expr
		want int64
	}{
		{neg(lit(1)), -1},
		{neg(n()), -10},
		{bin(n(), "+", neg(lit(1))), 9},
		{neg(bin(n(), "-", lit(2))), -8},
		{bin(neg(n()), "-", neg(n())), 0},
		{neg(neg(n())), 10},
	} {
		a, ok := affineOf(c.e)
		if !ok {
			t.Errorf("%#v is not taken as affine", c.e)
			continue
		}
		if got, ok := a.eval(fr); !ok || got != c.want {
			t.Errorf("%#v with n = 10 gives %d (%v), want %d", c.e, got, ok, c.want)
		}
	}
	for _, e := range []lang.Expr{neg(lit(minInt)), &lang.Unary{Op: "~", X: n()}} {
		if _, ok := affineOf(e); ok {
			t.Errorf("%#v is taken as affine", e)
		}
	}
	if got, ok := (&affineInt{slots: []int{0}, coefs: []int64{-1}}).eval(&Frame{slots: []Value{Int(minInt)}}); ok {
		t.Errorf("-minInt gives %d, want an overflow", got)
	}
}
