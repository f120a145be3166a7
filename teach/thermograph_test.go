package teach

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/stdlib"
)

// thermograph(G) is a picture that prints as the thermograph in words.
func TestThermographBuiltin(t *testing.T) {
	in := stdlib.New()
	Register(in)
	for src, want := range map[string]string{
		`thermograph(cg("{3|-1}"))`:   "thermograph of {3|-1}: mast at 1 from temperature 2; left wall 3 at t=0 to 1 at t=2; right wall -1 at t=0 to 1 at t=2",
		`thermograph(cg("{2||1|0}"))`: "thermograph of {2||1|0}: mast at 5/4 from temperature 3/4; left wall 2 at t=0 to 5/4 at t=3/4; right wall 1 at t=0 to 1 at t=1/2 to 5/4 at t=3/4",
		`thermograph(cg("3"))`:        "thermograph of 3: mast at 3 from temperature -1",
		`thermograph(Nim(1))`:         "thermograph of *: mast at 0 from temperature 0",
		`thermograph(-2)`:             "thermograph of -2: mast at -2 from temperature -1",
	} {
		v := eval(t, in, src)
		if v.K != interp.KPicture || v.String() != want {
			t.Errorf("%s = %s %s, want %s", src, v.K, v, want)
		}
	}
	if _, err := in.Eval(context.Background(), "test", `thermograph("x")`); err == nil || !strings.Contains(err.Error(), "thermograph") {
		t.Errorf("thermograph(\"x\"): %v", err)
	}
}
