package render

import (
	"bufio"
	"fmt"
	"image/color"
	"io"
	"strings"
)

// WriteSVG writes g as an SVG heat map: one square per cell, row 0 and
// column 0 at the top left as in a table, P-positions (value 0) in black
// and other values along the viridis scale ([ValueColor]), with the title,
// axis names, labelled ticks and a legend. Values are printed inside the
// cells when the cells are large enough (see [HeatmapOptions]).
//
// Each cell is one <rect>; the rect of a P-position has class="p" and that
// of a cell not computed class="nc", so that a style sheet or a script can
// find them. On grids of up to 10,000 cells each rect carries a <title>
// tooltip such as "a=3, b=5: 0". A grid with no cells is an error ([ErrEmptyGrid]).
func WriteSVG(w io.Writer, g Grid, opts HeatmapOptions) error {
	h, err := newHeatmap(g, opts)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	s := &svgCanvas{w: bw, g: g, tooltips: len(g.Rows)*len(g.Cols) <= 10000}
	fmt.Fprintf(bw, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Helvetica, Arial, sans-serif">
`, h.width, h.height, h.width, h.height)
	if g.Title != "" {
		fmt.Fprintf(bw, "<title>%s</title>\n", xmlEscape(g.Title))
	}
	fmt.Fprintf(bw, "<defs>%s</defs>\n", gradientDef(h))
	bw.WriteString(`<g shape-rendering="crispEdges">` + "\n")
	h.draw(s)
	bw.WriteString("</g>\n</svg>\n")
	return bw.Flush()
}

// svgCanvas draws on an SVG document.
type svgCanvas struct {
	w        *bufio.Writer
	g        Grid
	tooltips bool
}

func (s *svgCanvas) rect(x, y, w, h int, c color.RGBA) {
	fmt.Fprintf(s.w, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", x, y, w, h, hex(c))
}

func (s *svgCanvas) cell(i, j, x, y, w, h int, v int64, c color.RGBA) {
	class := ""
	switch {
	case v == 0:
		class = ` class="p"`
	case v == Loopy:
		class = ` class="loopy"`
	case v < 0:
		class = ` class="nc"`
	}
	fmt.Fprintf(s.w, `<rect%s x="%d" y="%d" width="%d" height="%d" fill="%s"`, class, x, y, w, h, hex(c))
	if !s.tooltips {
		s.w.WriteString("/>\n")
		return
	}
	var tip strings.Builder
	if s.g.RowLabels != nil {
		tip.WriteString(s.g.RowLabels[i])
	} else {
		if s.g.RowName != "" {
			tip.WriteString(s.g.RowName + "=")
		}
		fmt.Fprint(&tip, s.g.Rows[i])
	}
	tip.WriteString(", ")
	if s.g.ColName != "" {
		tip.WriteString(s.g.ColName + "=")
	}
	fmt.Fprintf(&tip, "%d: ", s.g.Cols[j])
	switch {
	case v == Loopy:
		tip.WriteString(loopyText + " (loopy)")
	case v < 0:
		tip.WriteString("not computed")
	case v == 0 && s.g.ValueNames == nil:
		tip.WriteString("0 (P)")
	default:
		tip.WriteString(s.g.valueName(v))
	}
	fmt.Fprintf(s.w, "><title>%s</title></rect>\n", xmlEscape(tip.String()))
}

func (s *svgCanvas) text(x, y int, str string, anchor int, st textStyle, c color.RGBA, turned bool) {
	var attrs strings.Builder
	switch anchor {
	case 0:
		attrs.WriteString(` text-anchor="middle"`)
	case 1:
		attrs.WriteString(` text-anchor="end"`)
	}
	fmt.Fprintf(&attrs, ` font-size="%.3g"`, st.size)
	if st.bold {
		attrs.WriteString(` font-weight="bold"`)
	}
	if c != inkColor {
		fmt.Fprintf(&attrs, ` fill="%s"`, hex(c))
	} else {
		attrs.WriteString(` fill="#222"`)
	}
	if turned {
		fmt.Fprintf(&attrs, ` transform="rotate(-90 %d %d)"`, x, y)
	}
	fmt.Fprintf(s.w, `<text x="%d" y="%d"%s>%s</text>`+"\n", x, y, attrs.String(), xmlEscape(str))
}

func (s *svgCanvas) line(x1, y1, x2, y2 int, c color.RGBA) {
	// Pixel centres, so that a one pixel line covers whole pixels.
	fmt.Fprintf(s.w, `<path d="M%d.5 %d.5L%d.5 %d.5" stroke="%s" fill="none"/>`+"\n", x1, y1, x2, y2, hex(c))
}

func (s *svgCanvas) gradient(x, y, w, h int, pal palette, lo, hi int64, horizontal bool) {
	// The gradient itself is defined by gradientDef.
	fmt.Fprintf(s.w, `<rect x="%d" y="%d" width="%d" height="%d" fill="url(#values)"/>`+"\n", x, y, w, h)
}

// gradientDef returns the <linearGradient> used by the legend bar.
func gradientDef(h *heatmap) string {
	if h.bar == nil {
		return ""
	}
	var b strings.Builder
	x2, y2 := 0, 1
	if h.bar.horizontal {
		x2, y2 = 1, 0
	}
	fmt.Fprintf(&b, `<linearGradient id="values" x1="0" y1="0" x2="%d" y2="%d">`, x2, y2)
	const stops = 10
	for k := 0; k <= stops; k++ {
		t := float64(k) / stops
		v := 1 + int64(t*float64(h.pal.maxV-1)+0.5)
		fmt.Fprintf(&b, `<stop offset="%g" stop-color="%s"/>`, t, hex(h.pal.color(v)))
	}
	b.WriteString(`</linearGradient>`)
	return b.String()
}

// xmlEscape escapes s for XML text and attribute values, dropping
// characters that XML 1.0 does not allow.
func xmlEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"':
			b.WriteString("&quot;")
		case r == '\'':
			b.WriteString("&apos;")
		case r == '\t' || r == '\n' || r == '\r':
			b.WriteRune(r)
		case r < 0x20 || r == 0xFFFE || r == 0xFFFF || (r >= 0xD800 && r <= 0xDFFF):
			// not allowed in XML 1.0
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
