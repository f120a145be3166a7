package teach

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/render"
)

// DefaultMaxNodes is the most positions GameGraph draws unless told otherwise:
// a bigger graph is not readable.
const DefaultMaxNodes = 300

// GraphTooBigError is the error of GameGraph when more than its limit of
// positions can be reached.
type GraphTooBigError struct {
	Pos   interp.Value
	Limit int
}

func (e *GraphTooBigError) Error() string {
	return fmt.Sprintf("more than %d positions can be reached from %s, too many to draw legibly; try a smaller position (or raise the limit with --max-nodes)", e.Limit, e.Pos.Repr())
}

// GameGraph returns the graph of every position reachable from v (a position
// or sum) by normal-play moves, each with its Sprague-Grundy value, and the
// moves between them labelled (such as "take 2", or "take 2 from Nim(5)" in a
// sum). Positions that differ only in the order of their parts, or in parts
// without moves, are one node. It fails with a *GraphTooBigError when more
// than maxNodes positions can be reached.
func GameGraph(ctx context.Context, in *interp.Interp, v interp.Value, maxNodes int) (render.Graph, error) {
	j := judge{ctx, in, Normal}
	if _, ok := interp.Components(v); !ok {
		return render.Graph{}, fmt.Errorf("graph needs a game position or a sum of positions, not %s %s", v.K, v.Repr())
	}
	g := render.Graph{Title: v.Repr()}
	ids := map[string]int{}
	var queue []interp.Value
	// node returns the id of position p, adding it to the graph if it is new.
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
		val, err := in.SG(ctx, p)
		if err != nil {
			return 0, err
		}
		id := len(ids)
		ids[k] = id
		g.Nodes = append(g.Nodes, render.Node{ID: id, Label: p.Repr(), Value: val})
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
		seen := map[int]bool{}
		for _, m := range ms {
			to, err := node(m.To)
			if err != nil {
				return render.Graph{}, err
			}
			if !seen[to] { // one edge for moves to the same position
				seen[to] = true
				g.Edges = append(g.Edges, render.Edge{From: from, To: to, Label: shortName(m)})
			}
		}
	}
	return g, nil
}

// key identifies a position or sum up to the order of its parts.
func key(v interp.Value) string {
	parts, _ := interp.Components(v)
	ids := make([]int64, len(parts))
	for i, p := range parts {
		ids[i] = p.N
	}
	slices.Sort(ids)
	var b strings.Builder
	for _, id := range ids {
		b.WriteString(strconv.FormatInt(id, 10) + ",")
	}
	return b.String()
}
