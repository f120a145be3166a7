package interp

import (
	"bytes"
	"context"
	"testing"
)

// sg of a position of one integer reads the game's copy of the memo by
// argument when the value is there: the same values and the same count of
// memo hits as the memo by position gives under Config.Plain, which does not
// read the copy; values ∞ and positions not solved go to the memo.
func TestKnownByArgumentAgreesWithTheMemo(t *testing.T) {
	src := `game H(v) {
  move w in [(3 * v + 1) % 101, (5 * v + 2) % 101] where v % 7 != 0 -> H(w)
}
print [sg(H(v)) for v in 0..100]
print [sg(H(v)) for v in 0..100]
print [sg(H(v) + H(v + 1)) for v in 0..99]
`
	var outs [2]string
	var hits [2]int
	for i, plain := range []bool{false, true} {
		in := New()
		in.Config.Plain = plain
		var out bytes.Buffer
		in.Out = &out
		if err := in.Run(context.Background(), "t.game", src); err != nil {
			t.Fatal(err)
		}
		outs[i], hits[i] = out.String(), in.SolverStats().Hits
		var known, infinite int
		for n := range int64(101) {
			v, err := in.Eval(context.Background(), "t", "H("+Int(n).String()+")")
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := in.knownByArgument(v); ok {
				known++
			} else if g, err := in.positionValue(v); err == nil && g.Inf {
				infinite++
			}
		}
		if plain && known != 0 {
			t.Errorf("under Config.Plain the copy was read %d times", known)
		}
		if !plain && (known == 0 || known+infinite != 101) {
			t.Errorf("the copy answered %d of 101 positions, %d infinite", known, infinite)
		}
	}
	if outs[0] != outs[1] || hits[0] != hits[1] {
		t.Errorf("with the copy: %d hits\n%s\nplain: %d hits\n%s", hits[0], outs[0], hits[1], outs[1])
	}
}
