package teach

import (
	"context"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/render"
)

// partizanNode is the node of a position with a partizan part: its value and
// outcome (L, R, N or P).
func partizanNode(ctx context.Context, in *interp.Interp, p interp.Value) (render.Node, error) {
	f, err := in.GameValue(ctx, p)
	if err != nil {
		return render.Node{}, err
	}
	return render.Node{Value: -1, ValueText: f.String(), Outcome: outcomeLetter(in.Space(), f)}, nil
}
