package teach

import (
	"context"
	"fmt"

	"github.com/grundy-lang/grundy/interp"
)

// Register defines the built-in explain in a session: explain(G) is the
// explanation of G (see [Explain]) as a string, in the session's default mode;
// explain(G, misere) and explain(G, normal) choose the mode.
func Register(in *interp.Interp) {
	in.Define("explain", 1, 2, "explain(G): who wins G and why, in words: its outcome, its value as the mex of its options' values or the nim-sum of its parts, and the winning moves; explain(G, misere) for misère play",
		func(ctx context.Context, args []interp.Value) (interp.Value, error) {
			mode := in.Config.Mode
			if len(args) == 2 {
				var ok bool
				if mode, ok = args[1].Mode(); !ok {
					return interp.Value{}, fmt.Errorf("the play mode must be normal or misere, not %s %s", args[1].K, args[1].Repr())
				}
			}
			// A stopped context's error stops the whole evaluation (see
			// interp.GoFunc), as an interrupted sg does.
			s, err := Explain(ctx, in, args[0], mode)
			return interp.Str(s), err
		})
	defineThermograph(in)
}
