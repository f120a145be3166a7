package layered

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/grundy-lang/grundy/render"
)

// WriteSVG draws g as SVG: each position a box with its value (g = 3), P-positions
// black, winning moves (from an N-position to a P-position) thick and red,
// moves on a cycle dashed and blue, and under the graph a legend of those it
// shows. Each node is a <g class="node"> whose data-pos holds the position,
// so that a page can act on a click.
func WriteSVG(w io.Writer, g render.Graph) error {
	sc := build(g)
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" class="graph" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Helvetica, Arial, sans-serif" font-size="12">
<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="%s"/></marker>
<marker id="arrow-win" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="%s"/></marker></defs>
`, sc.width, sc.height, sc.width, sc.height, arrowColor, winColor)
	if g.Title != "" {
		fmt.Fprintf(bw, "<title>%s</title>\n", html.EscapeString(g.Title))
	}
	for _, e := range sc.edges {
		var d strings.Builder
		fmt.Fprintf(&d, "M%d,%d", e.segs[0][0].X, e.segs[0][0].Y)
		for _, c := range e.segs {
			fmt.Fprintf(&d, " C%d,%d %d,%d %d,%d", c[1].X, c[1].Y, c[2].X, c[2].Y, c[3].X, c[3].Y)
		}
		fmt.Fprintf(bw, `<path class="edge" d="%s" fill="none" stroke="%s" stroke-width="%d"%s marker-end="url(#%s)"><title>%s</title></path>`+"\n",
			d.String(), e.color, e.width, svgDash(e.dashed), svgMarker(e.win), html.EscapeString(e.title))
	}
	for _, l := range sc.labels {
		fmt.Fprintf(bw, `<text x="%d" y="%d" text-anchor="middle" font-size="10" fill="%s" stroke="#fff" stroke-width="3" paint-order="stroke">%s</text>`+"\n",
			l.x, l.y, labelColor, html.EscapeString(l.text))
	}
	for _, n := range sc.nodes {
		b := n.box
		fmt.Fprintf(bw, `<g class="node" data-pos="%s"><title>%s: %s</title><rect x="%d" y="%d" width="%d" height="%d" rx="6" fill="%s" stroke="%s"/>`,
			html.EscapeString(n.label), html.EscapeString(n.label), n.value, b.X-b.W/2, b.Y-nodeH/2, b.W, nodeH, n.fill, boxStroke)
		fmt.Fprintf(bw, `<text x="%d" y="%d" text-anchor="middle" fill="%s">%s</text><text x="%d" y="%d" text-anchor="middle" fill="%s" font-size="10">%s</text></g>`+"\n",
			b.X, b.Y-2, n.text, html.EscapeString(n.label), b.X, b.Y+11, n.text, n.value)
	}
	if len(sc.legend) > 0 {
		bw.WriteString(`<g class="legend" font-size="11" fill="#333">` + "\n")
		for _, it := range sc.legend {
			mid := it.y + legendRowH/2
			if it.box {
				fmt.Fprintf(bw, `<rect x="%d" y="%d" width="%d" height="12" rx="3" fill="%s" stroke="%s"/>`, it.x+3, mid-6, legendSwatchW-6, it.fill, boxStroke)
			} else {
				fmt.Fprintf(bw, `<path d="M%d,%d H%d" stroke="%s" stroke-width="%d"%s marker-end="url(#%s)"/>`,
					it.x, mid, it.x+legendSwatchW, it.fill, it.width, svgDash(it.dashed), svgMarker(it.win))
			}
			fmt.Fprintf(bw, `<text x="%d" y="%d">%s</text>`+"\n", it.x+legendSwatchW+6, mid+4, html.EscapeString(it.text))
		}
		bw.WriteString("</g>\n")
	}
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

// svgDash returns the attribute that dashes a line, if dashed.
func svgDash(dashed bool) string {
	if !dashed {
		return ""
	}
	return fmt.Sprintf(` stroke-dasharray="%d,%d"`, dashPattern[0], dashPattern[1])
}

// svgMarker names the arrowhead of a move.
func svgMarker(win bool) string {
	if win {
		return "arrow-win"
	}
	return "arrow"
}
