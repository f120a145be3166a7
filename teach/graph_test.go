package teach

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/stdlib"
)

func TestGameGraph(t *testing.T) {
	in := stdlib.New()
	ctx := context.Background()
	g, err := GameGraph(ctx, in, eval(t, in, "Nim(2) + Nim(2)"), DefaultMaxNodes)
	if err != nil {
		t.Fatal(err)
	}
	var nodes, edges []string
	for _, n := range g.Nodes {
		nodes = append(nodes, fmt.Sprintf("%s=%d", n.Label, n.Value))
	}
	for _, e := range g.Edges {
		edges = append(edges, fmt.Sprintf("%d-%d %s", e.From, e.To, e.Label))
	}
	// Positions equal up to order, or up to parts without moves, are one node;
	// moves to the same position are one edge.
	wantNodes := "Nim(2) + Nim(2)=0, Nim(1) + Nim(2)=3, Nim(2)=2, Nim(1) + Nim(1)=0, Nim(1)=1, Nim(0)=0"
	wantEdges := "0-1 take 1 from Nim(2), 0-2 take 2 from Nim(2), 1-2 take 1 from Nim(1), 1-3 take 1 from Nim(2), " +
		"1-4 take 2 from Nim(2), 2-4 take 1, 2-5 take 2, 3-4 take 1 from Nim(1), 4-5 take 1"
	if got := strings.Join(nodes, ", "); got != wantNodes {
		t.Errorf("nodes:\n got %s\nwant %s", got, wantNodes)
	}
	if got := strings.Join(edges, ", "); got != wantEdges {
		t.Errorf("edges:\n got %s\nwant %s", got, wantEdges)
	}

	_, err = GameGraph(ctx, in, eval(t, in, "Nim(30) + Nim(30)"), 100)
	var big *GraphTooBigError
	if !errors.As(err, &big) || big.Limit != 100 {
		t.Errorf("a big graph: %v", err)
	}
}

// A graph with a cycle: infinite values and draws on the nodes, the moves of the
// cycle marked as loops, the move out of it not.
func TestGameGraphOfALoopyGame(t *testing.T) {
	in := stdlib.New()
	g, err := GameGraph(context.Background(), in, eval(t, in, "Token([[1], [2, 0], [1, 3], []], 0)"), DefaultMaxNodes)
	if err != nil {
		t.Fatal(err)
	}
	var nodes, edges []string
	for _, n := range g.Nodes {
		nodes = append(nodes, fmt.Sprintf("%s %s", n.ValueText, n.Outcome))
	}
	for _, e := range g.Edges {
		edges = append(edges, fmt.Sprintf("%d-%d %v", e.From, e.To, e.Loop))
	}
	if got, want := strings.Join(nodes, ", "), "∞{} D, ∞{} D, ∞{0} N,  "; got != want {
		t.Errorf("nodes: got %q, want %q", got, want)
	}
	if got, want := strings.Join(edges, ", "), "0-1 true, 1-2 true, 1-0 true, 2-1 true, 2-3 false"; got != want {
		t.Errorf("edges: got %q, want %q", got, want)
	}
}
