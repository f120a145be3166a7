package teach

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/render"
)

// A partizan game's graph: each position with its value and outcome, each
// move with the side that makes it (a move of an impartial part is either's).
func TestPartizanGraph(t *testing.T) {
	in := partizanSession(t)
	g, err := GameGraph(context.Background(), in, eval(t, in, "Cutcake(2, 2) + *1"), DefaultMaxNodes)
	if err != nil {
		t.Fatal(err)
	}
	var nodes, edges []string
	for _, n := range g.Nodes {
		nodes = append(nodes, fmt.Sprintf("%s=%s %s", n.Label, n.ValueText, n.Outcome))
	}
	for _, e := range g.Edges {
		edges = append(edges, fmt.Sprintf("%d-%d %s %s", e.From, e.To, e.Side, e.Label))
	}
	wantNodes := "Cutcake(2, 2) + *1=* N, Cutcake(1, 2) + Cutcake(1, 2) + *1=-2* R, Cutcake(2, 1) + Cutcake(2, 1) + *1=2* L, " +
		"Cutcake(2, 2)=0 P, Cutcake(1, 2) + *1=-1* R, Cutcake(1, 2) + Cutcake(1, 2)=-2 R, Cutcake(2, 1) + *1=1* L, " +
		"Cutcake(2, 1) + Cutcake(2, 1)=2 L, *1=* N, Cutcake(1, 2)=-1 R, Cutcake(2, 1)=1 L, *0=0 P, Cutcake(1, 1)=0 P"
	if got := strings.Join(nodes, ", "); got != wantNodes {
		t.Errorf("nodes:\n got %s\nwant %s", got, wantNodes)
	}
	for _, want := range []string{"0-1 L left cut 1 from Cutcake(2, 2)", "0-2 R right cut 1 from Cutcake(2, 2)", "0-3  to 0 from *1"} {
		if !strings.Contains(strings.Join(edges, ", "), want) {
			t.Errorf("no edge %q in %s", want, strings.Join(edges, ", "))
		}
	}
	var dot bytes.Buffer
	if err := render.WriteDOT(&dot, g); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`n0 [label="Cutcake(2, 2) + *1\n*, N"];`, `n0 -> n1 [color="#1f5fbf"`, `n0 -> n2 [color="#c0392b"`,
		`n0 -> n3 [color="#555555", fontcolor="#555555", label="to 0 from *1"];`, `label="Left's move"`, `label="Right's move"`} {
		if !strings.Contains(dot.String(), want) {
			t.Errorf("the DOT lacks %q:\n%s", want, dot.String())
		}
	}
}
