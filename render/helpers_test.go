package render

import (
	"bytes"
	"encoding/xml"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// svgRect is a rect element of an SVG document.
type svgRect struct {
	class      string
	x, y, w, h int
	fill       string
	title      string
}

// parseSVG parses data as XML, failing the test if it is not well formed,
// and returns its rect elements.
func parseSVG(t *testing.T, data []byte) []svgRect {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	var rects []svgRect
	inTitle := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			if e.Name.Local == "rect" {
				var r svgRect
				for _, a := range e.Attr {
					n, _ := strconv.Atoi(a.Value)
					switch a.Name.Local {
					case "class":
						r.class = a.Value
					case "x":
						r.x = n
					case "y":
						r.y = n
					case "width":
						r.w = n
					case "height":
						r.h = n
					case "fill":
						r.fill = a.Value
					}
				}
				rects = append(rects, r)
			}
			inTitle = e.Name.Local == "title"
		case xml.CharData:
			if inTitle && len(rects) > 0 {
				rects[len(rects)-1].title += string(e)
			}
		case xml.EndElement:
			inTitle = false
		}
	}
	return rects
}

// cellPos is the row and column of a cell found in a picture.
type cellPos struct{ row, col int }

// svgCells returns the cells of an SVG heat map laid out as h whose rect
// has the given class, failing the test for a rect off the cell grid.
func svgCells(t *testing.T, data []byte, class string, h *heatmap) []cellPos {
	t.Helper()
	var out []cellPos
	for _, r := range parseSVG(t, data) {
		if !slices.Contains(strings.Fields(r.class), class) {
			continue
		}
		dx, dy := r.x-h.gridX, r.y-h.gridY
		if dx < 0 || dy < 0 || dx%h.cellW != 0 || dy%h.cellH != 0 || dx >= h.gridW || dy >= h.gridH {
			t.Fatalf("rect of class %q at (%d, %d) is not on the cell grid", class, r.x, r.y)
		}
		out = append(out, cellPos{dy / h.cellH, dx / h.cellW})
	}
	return out
}
