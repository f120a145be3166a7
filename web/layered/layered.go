// Package layered draws a small game graph without Graphviz: positions in
// layers from the start at the top (every move goes down when the graph has
// no cycle), ordered within each layer to keep edges short, as SVG.
package layered

import (
	"bufio"
	"cmp"
	"fmt"
	"html"
	"io"
	"math"
	"slices"
	"strings"

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

// Point is a point of the picture.
type Point struct{ X, Y int }

// Picture is a laid out graph.
type Picture struct {
	Boxes []Box // one per node, in the order of the graph's nodes
	// Via lists, for each edge in the order of the graph's edges, the points
	// it passes between its ends: one in each layer it crosses.
	Via           [][]Point
	Width, Height int
}

// dummyW is the width kept in a layer for an edge passing through it.
const dummyW = 10

// Layout places the nodes of g: node 0 (the start) alone in layer 0, every
// other node one layer below the lowest of the nodes with a move to it (the
// longest path from the start; on a cycle, below the nodes already placed).
// An edge that crosses layers passes through a point in each, which takes
// part in the layout like a narrow node. The nodes of each layer are ordered
// by the mean position of their neighbours, then each is moved towards the
// mean of its neighbours' x as far as the boxes beside it allow.
func Layout(g render.Graph) Picture {
	n := len(g.Nodes)
	index := map[int]int{}
	for i, nd := range g.Nodes {
		index[nd.ID] = i
	}
	var succ, pred [][]int
	link := func(f, t int) {
		succ[f] = append(succ[f], t)
		pred[t] = append(pred[t], f)
	}
	succ, pred = make([][]int, n), make([][]int, n)
	ends := make([][2]int, len(g.Edges)) // of each edge, -1 when it is not drawn
	for k, e := range g.Edges {
		f, okf := index[e.From]
		t, okt := index[e.To]
		ends[k] = [2]int{-1, -1}
		if okf && okt && f != t {
			ends[k] = [2]int{f, t}
			link(f, t)
		}
	}
	layer := layers(n, succ, pred)

	// Dummy nodes, n and up, along the edges that cross layers.
	succ, pred = make([][]int, n), make([][]int, n)
	width := make([]int, n)
	for i, nd := range g.Nodes {
		width[i] = max(len([]rune(nd.Label)), 6)*charW + 2*padX
	}
	dummies := make([][]int, len(g.Edges))
	for k, ft := range ends {
		f, t := ft[0], ft[1]
		if f < 0 {
			continue
		}
		from := f
		for l := layer[f] + 1; l < layer[t]; l++ {
			d := len(layer)
			layer, width = append(layer, l), append(width, dummyW)
			succ, pred = append(succ, nil), append(pred, nil)
			link(from, d)
			dummies[k] = append(dummies[k], d)
			from = d
		}
		link(from, t)
	}
	var rows [][]int
	for i := range layer {
		for len(rows) <= layer[i] {
			rows = append(rows, nil)
		}
		rows[layer[i]] = append(rows[layer[i]], i)
	}
	order(rows, succ, pred)
	x := place(rows, width, succ, pred)

	pic := Picture{Boxes: make([]Box, n), Via: make([][]Point, len(g.Edges))}
	right := 0
	for i := range layer {
		right = max(right, x[i]+width[i]/2)
	}
	y := func(i int) int { return margin + nodeH/2 + layer[i]*layerH }
	for i := range n {
		pic.Boxes[i] = Box{X: x[i], Y: y(i), W: width[i], Layer: layer[i]}
	}
	for k, ds := range dummies {
		for _, d := range ds {
			pic.Via[k] = append(pic.Via[k], Point{x[d], y(d)})
		}
	}
	pic.Width = right + margin
	pic.Height = 2*margin + nodeH + (len(rows)-1)*layerH
	return pic
}

// place gives each node of rows (in their order) its x, the centre of its box:
// first packed, then, over a few passes down and up, each moved towards the
// mean x of its neighbours in the layer before, keeping the order and the
// gaps. The leftmost box starts at the margin.
func place(rows [][]int, width []int, succ, pred [][]int) []int {
	x := make([]float64, len(width))
	for _, row := range rows {
		at := 0
		for _, i := range row {
			x[i] = float64(at + width[i]/2)
			at += width[i] + gapX
		}
	}
	sweep(rows, 8, succ, pred, x, func(row []int, want []float64) {
		// Each box as near its wish as the boxes to its left allow, then
		// pushed back left as little as the ones to its right need.
		for k, i := range row {
			x[i] = want[k]
			if k > 0 {
				prev := row[k-1]
				x[i] = max(x[i], x[prev]+float64((width[prev]+width[i])/2+gapX))
			}
		}
		for k := len(row) - 2; k >= 0; k-- {
			i, next := row[k], row[k+1]
			x[i] = min(x[i], x[next]-float64((width[next]+width[i])/2+gapX))
		}
	})
	left := math.Inf(1)
	for i := range x {
		left = min(left, x[i]-float64(width[i]/2))
	}
	out := make([]int, len(x))
	for i := range x {
		out[i] = int(math.Round(x[i]-left)) + margin
	}
	return out
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
	pos := make([]float64, len(succ))
	for _, row := range rows {
		for k, i := range row {
			pos[i] = float64(k)
		}
	}
	sweep(rows, sweeps, succ, pred, pos, func(row []int, want []float64) {
		key := map[int]float64{}
		for k, i := range row {
			key[i] = want[k]
		}
		slices.SortStableFunc(row, func(a, b int) int { return cmp.Compare(key[a], key[b]) })
		for k, i := range row {
			pos[i] = float64(k)
		}
	})
}

// sweep visits the layers top to bottom, then bottom to top, passes times in
// all, and calls visit with each layer and, for each of its nodes, the mean
// of at over its neighbours in the layer visited before (at of the node
// itself when it has none there).
func sweep(rows [][]int, passes int, succ, pred [][]int, at []float64, visit func(row []int, want []float64)) {
	for p := range passes {
		down := p%2 == 0
		for l := range rows {
			if !down {
				l = len(rows) - 1 - l
			}
			row := rows[l]
			want := make([]float64, len(row))
			for k, i := range row {
				nb := pred[i]
				if !down {
					nb = succ[i]
				}
				want[k] = at[i]
				if len(nb) > 0 {
					sum := 0.0
					for _, j := range nb {
						sum += at[j]
					}
					want[k] = sum / float64(len(nb))
				}
			}
			visit(row, want)
		}
	}
}

// WriteSVG draws g as SVG: each position a box with its value (g = 3), P-positions
// black, winning moves (from an N-position to a P-position) thick and red.
// Each node is a <g class="node"> whose data-pos holds the position, so that a
// page can act on a click.
func WriteSVG(w io.Writer, g render.Graph) error {
	pic := Layout(g)
	boxes := pic.Boxes
	index := map[int]int{}
	for i, nd := range g.Nodes {
		index[nd.ID] = i
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" class="graph" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Helvetica, Arial, sans-serif" font-size="12">
<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker>
<marker id="arrow-win" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#c00"/></marker></defs>
`, pic.Width, pic.Height, pic.Width, pic.Height)
	if g.Title != "" {
		fmt.Fprintf(bw, "<title>%s</title>\n", html.EscapeString(g.Title))
	}
	var taken []rect // the nodes, then the labels placed
	for _, b := range boxes {
		taken = append(taken, rect{b.X - b.W/2, b.Y - nodeH/2, b.W, nodeH})
	}
	for k, e := range g.Edges {
		f, okf := index[e.From]
		t, okt := index[e.To]
		if !okf || !okt || f == t {
			continue
		}
		segs := route(boxes[f], boxes[t], pic.Via[k])
		win := !g.Nodes[f].IsP() && g.Nodes[t].IsP()
		stroke, widthPx, marker, dash := "#777", 1, "arrow", ""
		switch {
		case g.Partizan: // by who moves: Left blue, Right red; a winning move thick
			stroke, win = map[string]string{"L": "#1f5fbf", "R": "#c0392b"}[e.Side], partizanWin(e.Side, g.Nodes[t].Outcome)
			if stroke == "" {
				stroke = "#777"
			}
			if win {
				widthPx = 2
			}
		case win:
			stroke, widthPx, marker = "#c00", 2, "arrow-win"
		case e.Loop: // a move on a cycle of a loopy game
			stroke, dash = "#2c6fbb", ` stroke-dasharray="5,3"`
		}
		var d strings.Builder
		fmt.Fprintf(&d, "M%d,%d", segs[0][0].X, segs[0][0].Y)
		for _, c := range segs {
			fmt.Fprintf(&d, " C%d,%d %d,%d %d,%d", c[1].X, c[1].Y, c[2].X, c[2].Y, c[3].X, c[3].Y)
		}
		fmt.Fprintf(bw, `<path class="edge" d="%s" fill="none" stroke="%s" stroke-width="%d"%s marker-end="url(#%s)"><title>%s</title></path>`+"\n",
			d.String(), stroke, widthPx, dash, marker, html.EscapeString(e.Label))
		if e.Label == "" || len(g.Edges) > maxEdge {
			continue
		}
		// The label goes on its edge where it covers no node and no other
		// label, else it is left to the tooltip.
		lw, lh := len([]rune(e.Label))*labelCharW+4, 12
	place:
		for _, c := range segs {
			for _, at := range []float64{0.5, 0.3, 0.7} {
				x, y := bezier(at, c[0].X, c[1].X, c[2].X, c[3].X), bezier(at, c[0].Y, c[1].Y, c[2].Y, c[3].Y)
				r := rect{x - lw/2, y - lh/2, lw, lh}
				if !r.overlapsAny(taken) {
					taken = append(taken, r)
					fmt.Fprintf(bw, `<text x="%d" y="%d" text-anchor="middle" font-size="10" fill="#555" stroke="#fff" stroke-width="3" paint-order="stroke">%s</text>`+"\n",
						x, y+4, html.EscapeString(e.Label))
					break place
				}
			}
		}
	}
	for i, nd := range g.Nodes {
		b := boxes[i]
		fill, text := "#fff", "#000"
		if nd.IsP() {
			fill, text = "#000", "#fff"
		} else if nd.Outcome == "D" {
			fill = "#c8c8c8"
		}
		value := "g = ?"
		switch {
		case g.Partizan: // a game value and its outcome, L, R, N or P
			value = nd.ValueText + ", " + nd.Outcome
			if fill == "#fff" {
				fill = map[string]string{"L": "#dce8f8", "R": "#f8dedb", "N": "#fff"}[nd.Outcome]
			}
		case nd.ValueText != "": // the generalized value of a loopy position
			value = "g = " + nd.ValueText
			if nd.Outcome == "D" {
				value += ", D"
			}
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

// partizanWin reports whether a move of side ("L" or "R") to a position of
// outcome to wins for the player who makes it: to L or P for Left (a value >=
// 0), to R or P for Right.
func partizanWin(side, to string) bool {
	return side == "L" && (to == "L" || to == "P") || side == "R" && (to == "R" || to == "P")
}

// route returns the cubic Bézier segments of an edge from box a to box b
// through the points via, each as its start, two control points and its end.
// An edge passes through a layer vertically; a move back up (on a cycle)
// leaves from the top of a and bends aside.
func route(a, b Box, via []Point) [][4]Point {
	if b.Y <= a.Y {
		from, to := Point{a.X, a.Y - nodeH/2}, Point{b.X, b.Y + nodeH/2}
		mid := (from.Y + to.Y) / 2
		return [][4]Point{{from, {from.X + nodeH, mid}, {to.X + nodeH, mid}, to}}
	}
	pts := []Point{{a.X, a.Y + nodeH/2}}
	for _, p := range via {
		pts = append(pts, Point{p.X, p.Y - nodeH/2}, Point{p.X, p.Y + nodeH/2})
	}
	pts = append(pts, Point{b.X, b.Y - nodeH/2})
	var segs [][4]Point
	for i := 0; i+1 < len(pts); i++ {
		p, q := pts[i], pts[i+1]
		mid := (p.Y + q.Y) / 2
		segs = append(segs, [4]Point{p, {p.X, mid}, {q.X, mid}, q})
	}
	return segs
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
