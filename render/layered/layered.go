// Package layered draws a small game graph without Graphviz: positions in
// layers from the start at the top (every move goes down when the graph has
// no cycle), ordered within each layer to keep edges short, as SVG.
package layered

import (
	"cmp"
	"math"
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

// route returns the cubic Bézier segments of an edge from box a to box b
// through the points via, each as its start, two control points and its end.
// An edge passes through a layer vertically; a move back up (on a cycle)
// goes from side to side, bowed out to the right.
// A move down leaves a's bottom at x = out and enters b's top at x = in.
func route(a, b Box, via []Point, out, in int) [][4]Point {
	if b.Y <= a.Y {
		// From side to side, bowed out, the more the more layers it climbs,
		// so that it passes beside the boxes between rather than through
		// them: on the right, or on the left when b is to the right of a
		// (the boxes beside a are then likely on its right).
		bow := min(nodeH+(a.Y-b.Y)/layerH*6, 3*nodeH)
		if b.X > a.X {
			from, to := Point{a.X - a.W/2, a.Y}, Point{b.X - b.W/2, b.Y}
			left := max(min(from.X, to.X)-bow, 2)
			return [][4]Point{{from, {left, from.Y}, {left, to.Y}, to}}
		}
		from, to := Point{a.X + a.W/2, a.Y}, Point{b.X + b.W/2, b.Y}
		right := max(from.X, to.X) + bow
		return [][4]Point{{from, {right, from.Y}, {right, to.Y}, to}}
	}
	pts := []Point{{out, a.Y + nodeH/2}}
	for _, p := range via {
		pts = append(pts, Point{p.X, p.Y - nodeH/2}, Point{p.X, p.Y + nodeH/2})
	}
	pts = append(pts, Point{in, b.Y - nodeH/2})
	var segs [][4]Point
	for i := 0; i+1 < len(pts); i++ {
		p, q := pts[i], pts[i+1]
		mid := (p.Y + q.Y) / 2
		segs = append(segs, [4]Point{p, {p.X, mid}, {q.X, mid}, q})
	}
	return segs
}

// portGap is the most room between the ends of two moves at a side of a box.
const portGap = 12

// ports returns, for each edge of g drawn down the picture, the x where it
// leaves its start's box and where it enters its end's: the moves at one
// side of a box are spread along it in the order of where they come from
// or go to, so that their arrowheads do not pile up on one point and they do
// not cross at the box. Moves up (on a cycle) keep the middle.
func ports(g render.Graph, pic Picture, index map[int]int) (out, in []int) {
	out, in = make([]int, len(g.Edges)), make([]int, len(g.Edges))
	leaving := map[int][]int{}        // box -> edges going down from it
	entering := map[int][]int{}       // box -> edges coming down into it
	next := make([]int, len(g.Edges)) // the x an edge goes to after its start
	prev := make([]int, len(g.Edges)) // the x it comes from before its end
	for k, e := range g.Edges {
		f, okf := index[e.From]
		t, okt := index[e.To]
		if !okf || !okt {
			continue
		}
		a, b := pic.Boxes[f], pic.Boxes[t]
		out[k], in[k] = a.X, b.X
		if f == t || b.Y <= a.Y {
			continue
		}
		next[k], prev[k] = b.X, a.X
		if via := pic.Via[k]; len(via) > 0 {
			next[k], prev[k] = via[0].X, via[len(via)-1].X
		}
		leaving[f] = append(leaving[f], k)
		entering[t] = append(entering[t], k)
	}
	spread := func(box Box, edges []int, toward []int, at []int) {
		slices.SortStableFunc(edges, func(i, j int) int { return cmp.Compare(toward[i], toward[j]) })
		n := len(edges)
		if n < 2 {
			return
		}
		gap := min(portGap, (box.W-2*padX)/(n-1))
		for r, k := range edges {
			at[k] = box.X + (2*r-(n-1))*gap/2
		}
	}
	for f, edges := range leaving {
		spread(pic.Boxes[f], edges, next, out)
	}
	for t, edges := range entering {
		spread(pic.Boxes[t], edges, prev, in)
	}
	return out, in
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
