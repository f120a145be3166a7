package layered

import (
	"fmt"

	"github.com/grundy-lang/grundy/render"
)

// scene is a laid out graph as the shapes to draw, in the order they are
// drawn: the edges, their labels, the nodes, then the legend. WriteSVG and
// WritePNG draw the same scene, so the two pictures agree.
type scene struct {
	width, height int
	edges         []edgeShape
	labels        []textShape // the edges' labels
	nodes         []nodeShape
	legend        []legendItem
}

// The colours of the picture.
const (
	edgeColor  = "#777"    // a move
	arrowColor = "#555"    // its arrowhead
	winColor   = "#c00"    // a winning move: from an N-position to a P-position
	loopColor  = "#2c6fbb" // a move on a cycle of a loopy game
	drawFill   = "#c8c8c8" // a draw
	boxStroke  = "#333"    // the outline of a node
	labelColor = "#555"    // an edge's label
)

// edgeShape is a move: a path of cubic Bézier segments ending in an arrowhead.
type edgeShape struct {
	segs   [][4]Point
	color  string
	width  int
	dashed bool
	win    bool // its arrowhead is the winning move's
	title  string
}

// textShape is a line of text centred on x, its baseline at y.
type textShape struct {
	x, y int
	text string
}

// nodeShape is a position: a box with the position and its value.
type nodeShape struct {
	box          Box
	fill, text   string // colours
	label, value string
}

// legendItem is one entry of the legend: a swatch (a box, or a move's line)
// at x, y (its top left corner) and the text after it.
type legendItem struct {
	x, y   int
	box    bool   // a box filled with fill; else a line like an edge's
	fill   string // of a box, or the line's colour
	width  int    // of a line
	dashed bool
	win    bool
	text   string
}

// Legend sizes, in pixels.
const (
	legendRowH    = 20 // a row of the legend
	legendSwatchW = 26 // a box or a line before an entry's text
	legendCharW   = 6  // width of a character of the legend's text (11px)
	legendGap     = 18 // between two entries in a row
)

// The colours of a partizan game: Left's moves and the positions Left wins, and
// Right's.
const (
	leftColor  = "#1f5fbf"
	rightColor = "#c0392b"
	leftFill   = "#dce8f8"
	rightFill  = "#f8dedb"
)

// partizanWin reports whether a move of side ("L" or "R") to a position of
// outcome to wins for the player who makes it: to L or P for Left (a value >=
// 0), to R or P for Right.
func partizanWin(side, to string) bool {
	return side == "L" && (to == "L" || to == "P") || side == "R" && (to == "R" || to == "P")
}

// dashPattern is the dash pattern of a move on a cycle: 5 drawn, 3 not.
var dashPattern = [2]int{5, 3}

// build lays out g and lists what to draw.
func build(g render.Graph) scene {
	pic := Layout(g)
	boxes := pic.Boxes
	index := map[int]int{}
	for i, nd := range g.Nodes {
		index[nd.ID] = i
	}
	sc := scene{width: pic.Width, height: pic.Height}
	var taken []rect // the nodes, then the labels placed
	for _, b := range boxes {
		taken = append(taken, rect{b.X - b.W/2, b.Y - nodeH/2, b.W, nodeH})
	}
	out, in := ports(g, pic, index)
	var anyWin, anyLoop, anyP, anyDraw, anyLeft, anyRight bool
	for k, e := range g.Edges {
		f, okf := index[e.From]
		t, okt := index[e.To]
		if !okf || !okt || f == t {
			continue
		}
		segs := route(boxes[f], boxes[t], pic.Via[k], out[k], in[k])
		es := edgeShape{segs: segs, color: edgeColor, width: 1, title: e.Label}
		switch {
		case g.Partizan: // by who moves: Left blue, Right red; a winning move thick
			switch e.Side {
			case "L":
				es.color, anyLeft = leftColor, true
			case "R":
				es.color, anyRight = rightColor, true
			}
			if partizanWin(e.Side, g.Nodes[t].Outcome) {
				es.width = 2
			}
		case !g.Nodes[f].IsP() && g.Nodes[t].IsP():
			es.color, es.width, es.win = winColor, 2, true
			anyWin = true
		case e.Loop:
			es.color, es.dashed = loopColor, true
			anyLoop = true
		}
		sc.edges = append(sc.edges, es)
		for _, c := range segs { // a curve stays within its control points
			for _, pt := range c {
				sc.width = max(sc.width, pt.X+margin)
			}
		}
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
					sc.labels = append(sc.labels, textShape{x, y + 4, e.Label})
					break place
				}
			}
		}
	}
	for i, nd := range g.Nodes {
		ns := nodeShape{box: boxes[i], fill: "#fff", text: "#000", label: nd.Label}
		if nd.IsP() {
			ns.fill, ns.text = "#000", "#fff"
			anyP = true
		} else if nd.Outcome == "D" {
			ns.fill = drawFill
			anyDraw = true
		}
		ns.value = "g = ?"
		switch {
		case g.Partizan: // a game value and its outcome, L, R, N or P
			ns.value = nd.ValueText + ", " + nd.Outcome
			if ns.fill == "#fff" {
				ns.fill = map[string]string{"L": leftFill, "R": rightFill, "N": "#fff"}[nd.Outcome]
			}
		case nd.ValueText != "": // the generalized value of a loopy position
			ns.value = "g = " + nd.ValueText
			if nd.Outcome == "D" {
				ns.value += ", D"
			}
		case nd.Outcome != "" && nd.Outcome != "P" && nd.Outcome != "N":
			ns.value = nd.Outcome // a draw has no value
		case nd.Value >= 0:
			ns.value = fmt.Sprintf("g = %d", nd.Value)
		}
		sc.nodes = append(sc.nodes, ns)
	}

	// The legend, under the graph: what its colours and dashes mean, for
	// those it uses.
	var items []legendItem
	if anyP {
		items = append(items, legendItem{box: true, fill: "#000", text: "P-position: the player to move loses"})
	}
	if anyDraw {
		items = append(items, legendItem{box: true, fill: drawFill, text: "draw"})
	}
	if anyWin {
		items = append(items, legendItem{fill: winColor, width: 2, win: true, text: "winning move"})
	}
	if anyLoop {
		items = append(items, legendItem{fill: loopColor, width: 1, dashed: true, text: "move on a cycle"})
	}
	if anyLeft {
		items = append(items, legendItem{fill: leftColor, width: 1, text: "Left's move (thick: it wins)"})
	}
	if anyRight {
		items = append(items, legendItem{fill: rightColor, width: 1, text: "Right's move (thick: it wins)"})
	}
	if g.NoLegend {
		items = nil
	}
	itemW := func(it legendItem) int { return legendSwatchW + 6 + len([]rune(it.text))*legendCharW }
	rowW := sc.width - 2*margin // entries wrap at the graph's width...
	for _, it := range items {
		rowW = max(rowW, itemW(it)) // ...or at the widest entry's
	}
	x, y := margin, sc.height
	for _, it := range items {
		if x > margin && x+itemW(it) > margin+rowW {
			x, y = margin, y+legendRowH
		}
		it.x, it.y = x, y
		sc.legend = append(sc.legend, it)
		x += itemW(it) + legendGap
		sc.width = max(sc.width, x-legendGap+margin)
	}
	if len(items) > 0 {
		sc.height = y + legendRowH + margin/2
	}
	return sc
}
