package teach

import (
	"context"
	"errors"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/render"
)

// partizanGraph is GameGraph for a position or sum with a partizan part: each
// node has its value and outcome (L, R, N or P), each edge the side that moves
// (moves of impartial parts are either player's).
func partizanGraph(ctx context.Context, in *interp.Interp, v interp.Value, maxNodes int) (render.Graph, error) {
	j := judge{ctx, in, interp.NormalPlay}
	g := render.Graph{Title: v.Repr(), Partizan: true}
	ids := map[string]int{}
	var queue []interp.Value
	node := func(p interp.Value) (int, error) {
		p, err := j.tidy(p)
		if err != nil {
			return 0, err
		}
		k := key(p)
		if id, ok := ids[k]; ok {
			return id, nil
		}
		if len(ids) >= maxNodes {
			return 0, &GraphTooBigError{v, maxNodes}
		}
		f, err := in.GameValue(ctx, p)
		if err != nil {
			return 0, err
		}
		id := len(ids)
		ids[k] = id
		g.Nodes = append(g.Nodes, render.Node{ID: id, Label: nodeLabel(ctx, in, p), Value: -1, ValueText: f.String(), Outcome: outcomeLetter(in.Space(), f)})
		queue = append(queue, p)
		return id, nil
	}
	if _, err := node(v); err != nil {
		return render.Graph{}, err
	}
	for from := 0; from < len(queue); from++ {
		ms, err := j.moves(queue[from])
		var tooMany *interp.TooManyMovesError
		if errors.As(err, &tooMany) {
			return render.Graph{}, &GraphTooBigError{v, maxNodes}
		}
		if err != nil {
			return render.Graph{}, err
		}
		type edgeKey struct {
			to   int
			side lang.Side
		}
		seen := map[edgeKey]bool{}
		for _, m := range ms {
			to, err := node(m.To)
			if err != nil {
				return render.Graph{}, err
			}
			if seen[edgeKey{to, m.Side}] { // one edge for one player's moves to the same position
				continue
			}
			seen[edgeKey{to, m.Side}] = true
			side := map[lang.Side]string{lang.Left: "L", lang.Right: "R"}[m.Side]
			g.Edges = append(g.Edges, render.Edge{From: from, To: to, Label: shortName(m), Side: side})
		}
	}
	return g, nil
}
