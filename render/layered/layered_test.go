package layered

import (
	"bytes"
	"image"
	"image/png"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/render"
)

// chain is 0 -> 1 -> ... -> n-1 with a shortcut from every node to every later one: Nim(n-1).
func chain(n int) render.Graph {
	var g render.Graph
	for i := range n {
		g.Nodes = append(g.Nodes, render.Node{ID: i, Label: "Nim(" + string(rune('0'+n-1-i)) + ")", Value: int64(n - 1 - i)})
		for j := i + 1; j < n; j++ {
			g.Edges = append(g.Edges, render.Edge{From: i, To: j, Label: "take"})
		}
	}
	return g
}

func TestLayersFollowLongestPath(t *testing.T) {
	g := chain(5)
	pic := Layout(g)
	boxes, w, h := pic.Boxes, pic.Width, pic.Height
	for i, b := range boxes {
		if b.Layer != i {
			t.Errorf("node %d in layer %d, want %d (the longest path to it)", i, b.Layer, i)
		}
	}
	for _, e := range g.Edges {
		if boxes[e.To].Y <= boxes[e.From].Y {
			t.Errorf("edge %d -> %d does not go down", e.From, e.To)
		}
	}
	if w <= 0 || h < 5*nodeH {
		t.Errorf("size %dx%d", w, h)
	}
	// An edge that crosses layers passes through a point in each, clear
	// of the boxes there.
	for k, e := range g.Edges {
		if len(pic.Via[k]) != e.To-e.From-1 {
			t.Errorf("edge %d -> %d passes %d points", e.From, e.To, len(pic.Via[k]))
		}
		for _, p := range pic.Via[k] {
			for _, b := range boxes {
				if b.Y == p.Y && p.X > b.X-b.W/2-dummyW/2 && p.X < b.X+b.W/2+dummyW/2 {
					t.Errorf("edge %d -> %d crosses node at %+v", e.From, e.To, b)
				}
			}
		}
	}
}

func TestNoOverlapInALayer(t *testing.T) {
	// A root with 6 children, each with 2 children of its own.
	g := render.Graph{Nodes: []render.Node{{ID: 0, Label: "root"}}}
	for i := 1; i <= 6; i++ {
		g.Nodes = append(g.Nodes, render.Node{ID: i, Label: "child position", Value: 1})
		g.Edges = append(g.Edges, render.Edge{From: 0, To: i})
	}
	for i := 1; i <= 6; i++ {
		for k := range 2 {
			id := 10*i + k
			g.Nodes = append(g.Nodes, render.Node{ID: id, Label: "leaf", Value: 0})
			g.Edges = append(g.Edges, render.Edge{From: i, To: id})
		}
	}
	pic := Layout(g)
	boxes, width := pic.Boxes, pic.Width
	for i, a := range boxes {
		if a.X-a.W/2 < 0 || a.X+a.W/2 > width {
			t.Errorf("node %d is outside the picture", i)
		}
		for j, b := range boxes[:i] {
			if a.Layer == b.Layer && a.X-a.W/2 < b.X+b.W/2+gapX && b.X-b.W/2 < a.X+a.W/2+gapX {
				t.Errorf("nodes %d and %d overlap", i, j)
			}
		}
	}
	// The leaves keep their parents' order: nodes 7, 8 are node 1's, 9, 10 node 2's...
	for i := 1; i < 6; i++ {
		if (boxes[i].X < boxes[i+1].X) != (boxes[5+2*i].X < boxes[7+2*i].X) {
			t.Errorf("the children of node %d are out of their parents' order", i)
		}
	}
}

func TestCycle(t *testing.T) {
	g := render.Graph{Nodes: []render.Node{{ID: 0, Label: "A", Outcome: "D"}, {ID: 1, Label: "B", Outcome: "D"}, {ID: 2, Label: "C", Outcome: "P"}},
		Edges: []render.Edge{{From: 0, To: 1}, {From: 1, To: 0}, {From: 1, To: 2}}}
	boxes := Layout(g).Boxes
	if boxes[0].Layer != 0 || boxes[1].Layer != 1 || boxes[2].Layer != 2 {
		t.Errorf("layers of a cycle: %+v", boxes)
	}
	var b strings.Builder
	if err := WriteSVG(&b, g); err != nil {
		t.Fatal(err)
	}
	if strings.Count(b.String(), `class="edge"`) != 3 || strings.Count(b.String(), `rx="6" fill="#000"`) != 1 || !strings.Contains(b.String(), `font-size="10">D</text>`) {
		t.Errorf("SVG of a cycle:\n%s", b.String())
	}
}

func TestSVG(t *testing.T) {
	g := chain(3)
	g.Nodes[0].Label = `<Nim & "x">`
	var b strings.Builder
	WriteSVG(&b, g)
	svg := b.String()
	for _, want := range []string{`data-pos="&lt;Nim &amp; &#34;x&#34;&gt;"`, `>take</text>`} {
		if !strings.Contains(svg, want) {
			t.Errorf("SVG lacks %s:\n%s", want, svg)
		}
	}
	// Nim(2) -> Nim(0) and Nim(1) -> Nim(0) lead from an N-position to a
	// P-position: red. Nim(2) -> Nim(1) does not.
	if n := strings.Count(graphPart(svg), `stroke="#c00"`); n != 2 {
		t.Errorf("%d winning moves drawn, want 2", n)
	}
	// No two labels overlap: every label is placed or left out.
	if n := strings.Count(svg, `>take</text>`); n < 1 || n > 3 {
		t.Errorf("%d labels", n)
	}
}

// A loopy game as teach.GameGraph gives it: generalized values written, draws grey,
// the moves of the cycle dashed and blue.
func TestLoopyValues(t *testing.T) {
	g := render.Graph{Nodes: []render.Node{{ID: 0, Label: "A", Value: -1, ValueText: "∞{}", Outcome: "D"}, {ID: 1, Label: "B", Value: -1, ValueText: "∞{0}", Outcome: "N"}, {ID: 2, Label: "C", Value: 0}},
		Edges: []render.Edge{{From: 0, To: 1, Loop: true}, {From: 1, To: 0, Loop: true}, {From: 1, To: 2}}}
	var b strings.Builder
	if err := WriteSVG(&b, g); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	for _, want := range []string{`font-size="10">g = ∞{}, D</text>`, `font-size="10">g = ∞{0}</text>`, `fill="#c8c8c8"`} {
		if !strings.Contains(svg, want) {
			t.Errorf("SVG lacks %s:\n%s", want, svg)
		}
	}
	if n := strings.Count(graphPart(svg), `stroke-dasharray`); n != 2 {
		t.Errorf("%d moves drawn dashed, want the 2 of the cycle", n)
	}
}

// graphPart is an SVG picture of a graph less its legend.
func graphPart(svg string) string {
	i := strings.Index(svg, `<g class="legend"`)
	if i < 0 {
		return svg
	}
	return svg[:i]
}

// legendTexts returns the entries of the legend of an SVG picture.
func legendTexts(svg string) []string {
	i := strings.Index(svg, `<g class="legend"`)
	if i < 0 {
		return nil
	}
	var texts []string
	for _, part := range strings.Split(svg[i:], "<text")[1:] {
		part = part[strings.Index(part, ">")+1:]
		texts = append(texts, part[:strings.Index(part, "<")])
	}
	return texts
}

// The legend under a graph says what the colours and dashes it uses mean, and
// no more; it widens a narrow graph and keeps clear of the nodes.
func TestLegend(t *testing.T) {
	loopy := render.Graph{Nodes: []render.Node{{ID: 0, Label: "A", Value: -1, ValueText: "∞{}", Outcome: "D"}, {ID: 1, Label: "B", Value: -1, ValueText: "∞{0}", Outcome: "N"}, {ID: 2, Label: "C", Value: 0}},
		Edges: []render.Edge{{From: 0, To: 1, Loop: true}, {From: 1, To: 0, Loop: true}, {From: 1, To: 2}}}
	for _, c := range []struct {
		name string
		g    render.Graph
		want []string
	}{
		{"Nim", chain(3), []string{"P-position: the player to move loses", "winning move"}},
		{"loopy", loopy, []string{"P-position: the player to move loses", "draw", "winning move", "move on a cycle"}},
		{"one position", render.Graph{Nodes: []render.Node{{ID: 0, Label: "Nim(0)"}}}, []string{"P-position: the player to move loses"}},
		{"no P-position", render.Graph{Nodes: []render.Node{{ID: 0, Label: "X", Value: 1}}}, nil},
	} {
		var b strings.Builder
		if err := WriteSVG(&b, c.g); err != nil {
			t.Fatal(err)
		}
		if got := legendTexts(b.String()); !slices.Equal(got, c.want) {
			t.Errorf("%s: legend %q, want %q", c.name, got, c.want)
		}
		sc := build(c.g)
		for _, it := range sc.legend {
			right := it.x + legendSwatchW + 6 + len([]rune(it.text))*legendCharW
			if right > sc.width-margin+1 || it.y+legendRowH > sc.height {
				t.Errorf("%s: legend entry %q outside the %dx%d picture", c.name, it.text, sc.width, sc.height)
			}
			for _, n := range sc.nodes {
				if it.y < n.box.Y+nodeH/2 {
					t.Errorf("%s: legend entry %q overlaps the node %s", c.name, it.text, n.label)
				}
			}
		}
	}
}

// The PNG picture is the SVG's scene at twice the size: a P-position's box is
// black, an N-position's white, a winning move red, a move on a cycle blue,
// the legend's swatch black, and its text is drawn.
func TestPNG(t *testing.T) {
	g := render.Graph{Nodes: []render.Node{{ID: 0, Label: "Start", Value: 1}, {ID: 1, Label: "Loop", Value: -1, ValueText: "∞{0}", Outcome: "N"}, {ID: 2, Label: "End", Value: 0}},
		Edges: []render.Edge{{From: 0, To: 2, Label: "win"}, {From: 0, To: 1}, {From: 1, To: 0, Loop: true}, {From: 1, To: 2}}}
	var b bytes.Buffer
	if err := WritePNG(&b, g); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	sc := build(g)
	if got, want := img.Bounds().Size(), image.Pt(sc.width*pngScale, sc.height*pngScale); got != want {
		t.Fatalf("size %v, want %v", got, want)
	}
	rgb := func(x, y int) [3]uint32 {
		r, g, b, _ := img.At(x*pngScale, y*pngScale).RGBA()
		return [3]uint32{r >> 8, g >> 8, b >> 8}
	}
	black, white := [3]uint32{0, 0, 0}, [3]uint32{255, 255, 255}
	// Inside a box, left of its text.
	inside := func(n int) [3]uint32 { b := sc.nodes[n].box; return rgb(b.X-b.W/2+4, b.Y) }
	if got := inside(2); got != black {
		t.Errorf("the P-position's box is %v, want black", got)
	}
	if got := inside(0); got != white {
		t.Errorf("the N-position's box is %v, want white", got)
	}
	// Along each move, somewhere, its colour.
	for _, e := range sc.edges {
		want := parseColor(e.color)
		found := false
		for _, c := range e.segs {
			for _, pt := range flatten(c, false) {
				if got := rgb(int(pt.x), int(pt.y)); got == [3]uint32{uint32(want.R), uint32(want.G), uint32(want.B)} {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("the move %q drawn in %s is not that colour anywhere along it", e.title, e.color)
		}
	}
	// The legend: its first swatch is a black box, and its text is drawn
	// (dark pixels after the swatch).
	if len(sc.legend) != 3 {
		t.Fatalf("legend %+v", sc.legend)
	}
	it := sc.legend[0]
	if got := rgb(it.x+legendSwatchW/2, it.y+legendRowH/2); got != black {
		t.Errorf("the legend's P-position swatch is %v, want black", got)
	}
	dark := 0
	for x := it.x + legendSwatchW + 6; x < it.x+legendSwatchW+60; x++ {
		for y := it.y; y < it.y+legendRowH; y++ {
			if c := rgb(x, y); c[0] < 128 {
				dark++
			}
		}
	}
	if dark < 20 {
		t.Errorf("the legend's text is not drawn: %d dark pixels", dark)
	}
}

// A move back up a long chain (on a cycle) passes beside the boxes it climbs
// past, not through them, and inside the picture.
func TestBackEdgeBesideBoxes(t *testing.T) {
	g := render.Graph{}
	for i := range 6 {
		g.Nodes = append(g.Nodes, render.Node{ID: i, Label: "position " + string(rune('A'+i)), Outcome: "D"})
		if i > 0 {
			g.Edges = append(g.Edges, render.Edge{From: i - 1, To: i, Loop: true})
		}
	}
	g.Edges = append(g.Edges, render.Edge{From: 5, To: 1, Loop: true}, render.Edge{From: 2, To: 0, Loop: true})
	sc := build(g)
	for _, e := range sc.edges {
		for _, c := range e.segs {
			for _, pt := range flatten(c, false) {
				if pt.x < 0 || pt.x > float64(sc.width) || pt.y < 0 || pt.y > float64(sc.height) {
					t.Errorf("a move passes outside the %dx%d picture at %v", sc.width, sc.height, pt)
				}
				for _, n := range sc.nodes {
					b := n.box
					if pt.x > float64(b.X-b.W/2+1) && pt.x < float64(b.X+b.W/2-1) && pt.y > float64(b.Y-nodeH/2+1) && pt.y < float64(b.Y+nodeH/2-1) {
						t.Fatalf("a move passes through the box of %s at %v", n.label, pt)
					}
				}
			}
		}
	}
}
