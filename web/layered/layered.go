// Package layered draws a small game graph without Graphviz: positions in
// layers from the start at the top (every move goes down when the graph has
// no cycle), ordered within each layer to keep edges short, as SVG.
package layered

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"slices"

	"github.com/grundy-lang/grundy/render"
)

// Layout constants, in pixels.
const (
	charW      = 7  // width of a character of a label
	nodeH      = 34 // height of a node's box
	padX       = 8  // inside a box, left and right of the text
	gapX       = 18 // between boxes in a layer
	layerH     = 84 // from one layer to the next
	margin     = 16
	sweeps     = 12 // passes of the barycentre ordering
	maxEdge    = 60 // the most edges whose labels are written (more would clutter)
	labelCharW = 6  // width of a character of an edge's label
)

// Box is where a node is drawn: the centre of its box and its width.
type Box struct {
	X, Y, W int
	Layer   int
}

// Layout places the nodes of g: node 0 (the start) alone in layer 0, every
// other node one layer below the lowest of the nodes with a move to it (the
// longest path from the start; on a cycle, below the nodes already placed),
// and the nodes of a layer ordered by the mean position of their neighbours.
// It returns one box per node, in the order of g.Nodes, and the size of the
// picture.
func Layout(g render.Graph) (boxes []Box, width, height int) {
	n := len(g.Nodes)
	index := map[int]int{}
	for i, nd := range g.Nodes {
		index[nd.ID] = i
	}
	succ, pred := make([][]int, n), make([][]int, n)
	for _, e := range g.Edges {
		f, okf := index[e.From]
		t, okt := index[e.To]
		if okf && okt && f != t {
			succ[f] = append(succ[f], t)
			pred[t] = append(pred[t], f)
		}
	}
	layer := layers(n, succ, pred)
	var rows [][]int
	for i := range n {
		for len(rows) <= layer[i] {
			rows = append(rows, nil)
		}
		rows[layer[i]] = append(rows[layer[i]], i)
	}
	order(rows, succ, pred)

	boxes = make([]Box, n)
	for i, nd := range g.Nodes {
		boxes[i].W = max(len([]rune(nd.Label)), 6)*charW + 2*padX
		boxes[i].Layer = layer[i]
	}
	for _, row := range rows {
		w := -gapX
		for _, i := range row {
			w += boxes[i].W + gapX
		}
		width = max(width, w)
	}
	for l, row := range rows {
		w := -gapX
		for _, i := range row {
			w += boxes[i].W + gapX
		}
		x := margin + (width-w)/2
		for _, i := range row {
			boxes[i].X = x + boxes[i].W/2
			boxes[i].Y = margin + nodeH/2 + l*layerH
			x += boxes[i].W + gapX
		}
	}
	return boxes, width + 2*margin, 2*margin + nodeH + (len(rows)-1)*layerH
}

// layers gives each node its layer: the length of the longest path to it from
// node 0 among the edges that do not close a cycle.
func layers(n int, succ, pred [][]int) []int {
	layer := make([]int, n)
	waiting := make([]int, n) // predecessors not yet placed
	for i := range n {
		waiting[i] = len(pred[i])
	}
	placed := make([]bool, n)
	var ready []int
	for len(ready) > 0 || slices.Contains(placed, false) {
		if len(ready) == 0 {
			// Only cycles are left: place the first node not placed,
			// below the predecessors it has that are.
			i := slices.Index(placed, false)
			for _, p := range pred[i] {
				if placed[p] {
					layer[i] = max(layer[i], layer[p]+1)
				}
			}
			ready = append(ready, i)
		}
		i := ready[0]
		ready = ready[1:]
		if placed[i] {
			continue
		}
		placed[i] = true
		for _, s := range succ[i] {
			if placed[s] {
				continue
			}
			layer[s] = max(layer[s], layer[i]+1)
			if waiting[s]--; waiting[s] == 0 {
				ready = append(ready, s)
			}
		}
	}
	return layer
}

// order sorts each layer by the mean position of each node's neighbours in
// the layer above, then below, alternately, which removes most crossings of a
// small graph.
func order(rows [][]int, succ, pred [][]int) {
	pos := map[int]float64{}
	place := func() {
		for _, row := range rows {
			for k, i := range row {
				pos[i] = float64(k)
			}
		}
	}
	place()
	for s := range sweeps {
		down := s%2 == 0
		for l := range rows {
			if !down {
				l = len(rows) - 1 - l
			}
			row := rows[l]
			key := map[int]float64{}
			for _, i := range row {
				nb := pred[i]
				if !down {
					nb = succ[i]
				}
				key[i] = pos[i]
				if len(nb) > 0 {
					sum := 0.0
					for _, j := range nb {
						sum += pos[j]
					}
					key[i] = sum / float64(len(nb))
				}
			}
			slices.SortStableFunc(row, func(a, b int) int {
				switch {
				case key[a] < key[b]:
					return -1
				case key[a] > key[b]:
					return 1
				}
				return 0
			})
			for k, i := range row {
				pos[i] = float64(k)
			}
		}
	}
}

// WriteSVG draws g as SVG: each position a box with its value (g = 3), P-positions
// black, winning moves (from an N-position to a P-position) thick and red.
// Each node is a <g class="node"> whose data-pos holds the position, so that a
// page can act on a click.
func WriteSVG(w io.Writer, g render.Graph) error {
	boxes, width, height := Layout(g)
	index := map[int]int{}
	for i, nd := range g.Nodes {
		index[nd.ID] = i
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" class="graph" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Helvetica, Arial, sans-serif" font-size="12">
<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker>
<marker id="arrow-win" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#c00"/></marker></defs>
`, width, height, width, height)
	if g.Title != "" {
		fmt.Fprintf(bw, "<title>%s</title>\n", html.EscapeString(g.Title))
	}
	var taken []rect // the nodes, then the labels placed
	for _, b := range boxes {
		taken = append(taken, rect{b.X - b.W/2, b.Y - nodeH/2, b.W, nodeH})
	}
	for _, e := range g.Edges {
		f, okf := index[e.From]
		t, okt := index[e.To]
		if !okf || !okt || f == t {
			continue
		}
		a, b := boxes[f], boxes[t]
		y1, y2, bend := a.Y+nodeH/2, b.Y-nodeH/2, 0
		if b.Y <= a.Y { // a move back up, on a cycle: it bends aside
			y1, y2, bend = a.Y-nodeH/2, b.Y+nodeH/2, nodeH
		}
		mid := (y1 + y2) / 2
		win := !isP(g.Nodes[f]) && isP(g.Nodes[t])
		stroke, widthPx, marker := "#777", 1, "arrow"
		if win {
			stroke, widthPx, marker = "#c00", 2, "arrow-win"
		}
		fmt.Fprintf(bw, `<path class="edge" d="M%d,%d C%d,%d %d,%d %d,%d" fill="none" stroke="%s" stroke-width="%d" marker-end="url(#%s)"><title>%s</title></path>`+"\n",
			a.X, y1, a.X+bend, mid, b.X+bend, mid, b.X, y2, stroke, widthPx, marker, html.EscapeString(e.Label))
		if e.Label == "" || len(g.Edges) > maxEdge {
			continue
		}
		// The label goes at the middle of its edge, or a little before or
		// after, wherever it covers no node and no other label; else it is
		// left to the tooltip.
		lw, lh := len([]rune(e.Label))*labelCharW+4, 12
		for _, at := range []float64{0.5, 0.35, 0.65, 0.2, 0.8} {
			x, y := bezier(at, a.X, a.X+bend, b.X+bend, b.X), bezier(at, y1, mid, mid, y2)
			r := rect{x - lw/2, y - lh/2, lw, lh}
			if !r.overlapsAny(taken) {
				taken = append(taken, r)
				fmt.Fprintf(bw, `<text x="%d" y="%d" text-anchor="middle" font-size="10" fill="#555" stroke="#fff" stroke-width="3" paint-order="stroke">%s</text>`+"\n",
					x, y+4, html.EscapeString(e.Label))
				break
			}
		}
	}
	for i, nd := range g.Nodes {
		b := boxes[i]
		fill, text := "#fff", "#000"
		if isP(nd) {
			fill, text = "#000", "#fff"
		}
		value := "g = ?"
		switch {
		case nd.Outcome != "" && nd.Outcome != "P" && nd.Outcome != "N":
			value = nd.Outcome // a draw has no value
		case nd.Value >= 0:
			value = fmt.Sprintf("g = %d", nd.Value)
		}
		fmt.Fprintf(bw, `<g class="node" data-pos="%s"><title>%s: %s</title><rect x="%d" y="%d" width="%d" height="%d" rx="6" fill="%s" stroke="#333"/>`,
			html.EscapeString(nd.Label), html.EscapeString(nd.Label), value, b.X-b.W/2, b.Y-nodeH/2, b.W, nodeH, fill)
		fmt.Fprintf(bw, `<text x="%d" y="%d" text-anchor="middle" fill="%s">%s</text><text x="%d" y="%d" text-anchor="middle" fill="%s" font-size="10">%s</text></g>`+"\n",
			b.X, b.Y-2, text, html.EscapeString(nd.Label), b.X, b.Y+11, text, value)
	}
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

// isP reports whether a node is a P-position: its outcome says so, or it has
// none and its value is 0.
func isP(n render.Node) bool {
	return n.Outcome == "P" || n.Outcome == "" && n.Value == 0
}

// bezier returns the coordinate at t of a cubic Bézier curve.
func bezier(t float64, p0, p1, p2, p3 int) int {
	u := 1 - t
	return int(u*u*u*float64(p0) + 3*u*u*t*float64(p1) + 3*u*t*t*float64(p2) + t*t*t*float64(p3))
}

// rect is a rectangle: its top left corner and size.
type rect struct{ x, y, w, h int }

// overlapsAny reports whether r overlaps one of rs.
func (r rect) overlapsAny(rs []rect) bool {
	for _, o := range rs {
		if r.x < o.x+o.w && o.x < r.x+r.w && r.y < o.y+o.h && o.y < r.y+r.h {
			return true
		}
	}
	return false
}
