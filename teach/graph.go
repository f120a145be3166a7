package teach

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
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
// than maxNodes positions can be reached. A partizan game's graph has each
// position's value and outcome (L, R, N or P) and each move's side.
func GameGraph(ctx context.Context, in *interp.Interp, v interp.Value, maxNodes int) (render.Graph, error) {
	j := judge{ctx, in, interp.NormalPlay}
	if _, ok := interp.Components(v); !ok {
		return render.Graph{}, fmt.Errorf("graph needs a game position or a sum of positions, not %s %s", v.K, v.Repr())
	}
	g := render.Graph{Title: v.Repr(), Partizan: interp.IsPartizan(v)}
	value := impartialNode
	if g.Partizan {
		value = partizanNode
	}
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
		n, err := value(ctx, in, p)
		if err != nil {
			return 0, err
		}
		n.ID, n.Label = len(ids), nodeLabel(ctx, in, p)
		ids[k] = n.ID
		g.Nodes = append(g.Nodes, n)
		queue = append(queue, p)
		return n.ID, nil
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
	markLoops(g.Edges, len(g.Nodes))
	return g, nil
}

// impartialNode is a position's node with its Sprague-Grundy value (∞K and its
// outcome in a loopy game).
func impartialNode(ctx context.Context, in *interp.Interp, p interp.Value) (render.Node, error) {
	val, err := in.Grundy(ctx, p)
	if err != nil {
		return render.Node{}, err
	}
	n := render.Node{Value: val.Nim}
	if val.Inf {
		n.Value, n.ValueText, n.Outcome = -1, val.String(), string(val.Outcome())
	}
	return n, nil
}

// markLoops marks the edges on a cycle: those from u to v where u can be reached
// from v.
func markLoops(edges []render.Edge, n int) {
	succ := make([][]int, n)
	for _, e := range edges {
		succ[e.From] = append(succ[e.From], e.To)
	}
	seen := make([]int, n) // seen[u] == from+1: u is reachable from `from`
	for from := range n {
		stack := []int{from}
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, v := range succ[u] {
				if seen[v] != from+1 {
					seen[v] = from + 1
					stack = append(stack, v)
				}
			}
		}
		for i := range edges {
			// An edge u -> from is on a cycle when u is reachable from from.
			if edges[i].To == from && seen[edges[i].From] == from+1 {
				edges[i].Loop = true
			}
		}
	}
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

// nodeLabel names a position in a graph: as its game's show clause draws it,
// rows joined by "|" as in CGSuite's boards, or as written.
func nodeLabel(ctx context.Context, in *interp.Interp, p interp.Value) string {
	if text, drawn, err := in.Show(ctx, p); err == nil && drawn {
		return strings.ReplaceAll(text, "\n", "|")
	}
	return p.Repr()
}
