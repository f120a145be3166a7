package render

import (
	"image/color"
	"slices"
	"strconv"
)

// HeatmapOptions controls [WriteSVG] and [WritePNG].
type HeatmapOptions struct {
	// CellSize is the side of one cell in pixels. 0 picks a size that
	// makes the grid about 800 pixels across: 40 pixels for a 10x10 grid,
	// 20 for 40x40, 4 for 200x200, never less than 1. A grid with very
	// few rows (a sequence) gets taller cells so that it stays visible.
	CellSize int

	// NoNumbers leaves the values out of the cells. By default a value
	// is printed inside its cell whenever the cell is large enough.
	NoNumbers bool
}

// Layout constants, in pixels. Text metrics match both the SVG fonts and
// the 7x13 bitmap font of the PNG writer.
const (
	hmMargin     = 14
	hmCharW      = 7  // width of one character of axis text
	hmLineH      = 14 // height of one line of axis text
	hmTitleCharW = 9  // width of one character of the title (SVG)
	hmTitleH     = 28 // room for the title line
	hmTick       = 4  // length of a tick mark
	hmGap        = 4  // between a tick and its label
	hmAutoSide   = 800
	hmMaxCell    = 40
	hmMinBand    = 28 // least height of a grid with few rows
	hmSwatch     = 14
	hmLegendGap  = 24
	hmMaxSwatch  = 16 // most values listed one by one in the legend
	hmBarH       = 200
	hmGridLineAt = 12 // cells at least this large get white separators
)

// legendEntry is one swatch of a discrete legend.
type legendEntry struct {
	v     int64
	label string
}

// heatmap is the computed layout of one heat map picture.
type heatmap struct {
	g            Grid
	pal          palette
	cellW, cellH int
	gridX, gridY int // top left corner of cell (0, 0)
	gridW, gridH int
	width        int
	height       int
	separators   bool
	numberSize   float64 // font size of in-cell numbers; 0 for none
	numberDigits int

	colTicks, rowTicks []int // indices of labelled columns and rows

	legendX, legendY int
	entries          []legendEntry // discrete legend (nil for a gradient)
	barTicks         []int64       // values labelled on a gradient bar
	missing          bool
}

// newHeatmap lays out a heat map of g.
func newHeatmap(g Grid, opts HeatmapOptions) (*heatmap, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	nr, nc := len(g.Rows), len(g.Cols)
	if nr == 0 || nc == 0 {
		return nil, errEmpty
	}
	maxV, missing, _ := g.stats()
	h := &heatmap{g: g, pal: palette{maxV}, missing: missing}

	cell := opts.CellSize
	if cell <= 0 {
		cell = max(1, min(hmMaxCell, hmAutoSide/max(nr, nc)))
	}
	h.cellW, h.cellH = cell, cell
	if nr*cell < hmMinBand {
		h.cellH = (hmMinBand + nr - 1) / nr
	}
	if nc*cell < hmMinBand {
		h.cellW = (hmMinBand + nc - 1) / nc
	}
	h.gridW, h.gridH = nc*h.cellW, nr*h.cellH
	h.separators = min(h.cellW, h.cellH) >= hmGridLineAt

	// Numbers inside cells.
	h.numberDigits = len(strconv.FormatInt(max(maxV, 0), 10))
	if !opts.NoNumbers {
		size := min(14, 0.5*float64(h.cellH), float64(h.cellW-4)/(0.6*float64(h.numberDigits)))
		if size >= 7 {
			h.numberSize = size
		}
	}

	// Ticks.
	colLabelW := 0
	for _, c := range g.Cols {
		colLabelW = max(colLabelW, len(strconv.FormatInt(c, 10))*hmCharW)
	}
	h.colTicks = ticks(g.Cols, h.cellW, colLabelW+hmCharW)
	rowLabelW := 0
	for i := range g.Rows {
		rowLabelW = max(rowLabelW, len([]rune(g.rowLabel(i)))*hmCharW)
	}
	if g.RowLabels != nil {
		h.rowTicks = ticksByIndex(nr, h.cellH, hmLineH)
	} else {
		h.rowTicks = ticks(g.Rows, h.cellH, hmLineH)
	}

	// Vertical stack above the grid: title, column name, column labels.
	y := hmMargin
	if g.Title != "" {
		y += hmTitleH
	}
	if g.ColName != "" {
		y += hmLineH + 2
	}
	y += hmLineH + hmGap + hmTick
	h.gridY = y

	// Horizontal stack left of the grid: row name (turned), row labels.
	x := hmMargin
	if g.RowName != "" {
		x += hmLineH + 4
	}
	x += rowLabelW + hmGap + hmTick
	h.gridX = x

	// Legend.
	h.legendX = h.gridX + h.gridW + hmLegendGap
	h.legendY = h.gridY
	values := distinctValues(g)
	legendW := len("not computed")*hmCharW + hmSwatch + 8
	legendH := hmLineH + 6
	if len(values) <= hmMaxSwatch {
		for _, v := range values {
			e := legendEntry{v: v, label: strconv.FormatInt(v, 10)}
			switch {
			case v < 0:
				e.label = "not computed"
			case v == 0:
				e.label = "0 (P)"
			}
			h.entries = append(h.entries, e)
		}
		legendH += len(h.entries) * (hmSwatch + 6)
	} else {
		h.barTicks = barTicks(maxV)
		legendH += 2*(hmSwatch+6) + 6 + hmBarH + 8
		legendW = max(legendW, len(strconv.FormatInt(maxV, 10))*hmCharW+hmSwatch+8)
	}
	h.width = h.legendX + legendW + hmMargin
	h.height = max(h.gridY+h.gridH, h.legendY+legendH) + hmMargin
	if g.Title != "" {
		h.width = max(h.width, 2*hmMargin+len([]rune(g.Title))*hmTitleCharW)
	}
	return h, nil
}

// niceSteps are the candidate distances between labelled ticks.
var niceSteps = []int64{1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000}

// ticks returns the indices of the axis values to label, spaced at least
// need pixels apart with cells of size cell. If the axis is a run of
// consecutive integers the labelled values are multiples of a nice step
// (0, 5, 10, ...); otherwise every step-th entry is labelled.
func ticks(axis []int64, cell, need int) []int {
	n := len(axis)
	consecutive := true
	for i := 1; i < n; i++ {
		if axis[i] != axis[i-1]+1 {
			consecutive = false
			break
		}
	}
	if !consecutive {
		return ticksByIndex(n, cell, need)
	}
	step := pickStep(cell, need)
	var idx []int
	for i, v := range axis {
		if v%step == 0 {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 && n > 0 {
		idx = append(idx, 0)
	}
	return idx
}

// ticksByIndex labels every step-th of n entries, starting with the first.
func ticksByIndex(n, cell, need int) []int {
	step := int(pickStep(cell, need))
	var idx []int
	for i := 0; i < n; i += step {
		idx = append(idx, i)
	}
	return idx
}

// pickStep returns the smallest nice step whose ticks are need pixels apart.
func pickStep(cell, need int) int64 {
	for _, s := range niceSteps {
		if s*int64(cell) >= int64(need) {
			return s
		}
	}
	s := niceSteps[len(niceSteps)-1]
	for s*int64(cell) < int64(need) {
		s *= 10
	}
	return s
}

// barTicks returns the values to label on a gradient legend for 1..maxV.
func barTicks(maxV int64) []int64 {
	// Room for about 6 labels along the bar.
	step := int64(1)
	for _, s := range niceSteps {
		step = s
		if maxV/s <= 5 {
			break
		}
	}
	for maxV/step > 5 {
		step *= 10
	}
	t := []int64{1}
	for v := step; v < maxV; v += step {
		if v > 1 && (maxV-v)*hmBarH >= maxV*hmLineH { // keep clear of maxV's label
			t = append(t, v)
		}
	}
	return append(t, maxV)
}

// distinctValues returns the values present in g, sorted, with every
// negative value folded into NotComputed.
func distinctValues(g Grid) []int64 {
	seen := map[int64]bool{}
	var out []int64
	for _, row := range g.Cells {
		for _, v := range row {
			v = max(v, NotComputed)
			if !seen[v] {
				seen[v] = true
				out = append(out, v)
				if len(out) > hmMaxSwatch {
					return out // too many for swatches anyway
				}
			}
		}
	}
	slices.Sort(out)
	// Show the not-computed swatch last.
	if len(out) > 0 && out[0] < 0 {
		out = append(out[1:], NotComputed)
	}
	return out
}

// canvas is what the SVG and PNG writers draw on.
type canvas interface {
	// rect fills a rectangle.
	rect(x, y, w, h int, c color.RGBA)
	// cell fills the rectangle of cell (i, j) holding value v.
	cell(i, j, x, y, w, h int, v int64, c color.RGBA)
	// text writes s with its baseline at y; anchor is -1 (start at x),
	// 0 (centred on x) or 1 (end at x). turned writes it upwards, rotated
	// a quarter turn anticlockwise about (x, y).
	text(x, y int, s string, anchor int, st textStyle, c color.RGBA, turned bool)
	// line draws a one pixel wide straight line.
	line(x1, y1, x2, y2 int, c color.RGBA)
	// gradient fills a vertical bar with the palette from value lo at the
	// top to hi at the bottom.
	gradient(x, y, w, h int, pal palette, lo, hi int64)
}

// textStyle selects a font.
type textStyle struct {
	size  float64 // SVG font size in pixels
	bold  bool
	mono  bool // in-cell numbers
	small bool
}

var (
	styleTitle = textStyle{size: 15, bold: true}
	styleAxis  = textStyle{size: 12}
	styleName  = textStyle{size: 12, bold: true}
)

// draw paints the whole heat map on c.
func (h *heatmap) draw(c canvas) {
	g := h.g
	c.rect(0, 0, h.width, h.height, backgroundColor)

	// Title and axis names.
	if g.Title != "" {
		c.text(hmMargin, hmMargin+16, g.Title, -1, styleTitle, inkColor, false)
	}
	if g.ColName != "" {
		y := h.gridY - hmTick - hmGap - hmLineH - 4
		c.text(h.gridX+h.gridW/2, y, g.ColName, 0, styleName, inkColor, false)
	}
	if g.RowName != "" {
		c.text(hmMargin+hmLineH-3, h.gridY+h.gridH/2, g.RowName, 0, styleName, inkColor, true)
	}

	// Cells.
	sep := 0
	if h.separators {
		sep = 1
		c.rect(h.gridX, h.gridY, h.gridW, h.gridH, backgroundColor)
	}
	for i, row := range g.Cells {
		y := h.gridY + i*h.cellH
		for j, v := range row {
			x := h.gridX + j*h.cellW
			c.cell(i, j, x, y, h.cellW-sep, h.cellH-sep, v, h.pal.color(v))
		}
	}
	if h.numberSize > 0 {
		st := textStyle{size: h.numberSize, mono: true}
		base := int(float64(h.cellH-sep)/2 + 0.36*h.numberSize + 0.5)
		for i, row := range g.Cells {
			y := h.gridY + i*h.cellH + base
			for j, v := range row {
				if v < 0 {
					continue
				}
				x := h.gridX + j*h.cellW + (h.cellW-sep)/2
				c.text(x, y, strconv.FormatInt(v, 10), 0, st, textColor(h.pal.color(v)), false)
			}
		}
	}
	// Frame.
	frame := color.RGBA{0x99, 0x99, 0x99, 255}
	x0, y0 := h.gridX-1, h.gridY-1
	x1, y1 := h.gridX+h.gridW-sep, h.gridY+h.gridH-sep
	c.line(x0, y0, x1, y0, frame)
	c.line(x0, y1, x1, y1, frame)
	c.line(x0, y0, x0, y1, frame)
	c.line(x1, y0, x1, y1, frame)

	// Column ticks (above the grid) and row ticks (left of it).
	for _, j := range h.colTicks {
		x := h.gridX + j*h.cellW + (h.cellW-sep)/2
		c.line(x, y0-hmTick, x, y0-1, faintInkColor)
		c.text(x, y0-hmTick-hmGap, strconv.FormatInt(g.Cols[j], 10), 0, styleAxis, inkColor, false)
	}
	for _, i := range h.rowTicks {
		y := h.gridY + i*h.cellH + (h.cellH-sep)/2
		c.line(x0-hmTick, y, x0-1, y, faintInkColor)
		c.text(x0-hmTick-hmGap, y+4, g.rowLabel(i), 1, styleAxis, inkColor, false)
	}

	// Legend.
	lx, ly := h.legendX, h.legendY
	c.text(lx, ly+10, "value", -1, styleName, inkColor, false)
	ly += hmLineH + 6
	swatch := func(v int64, label string) {
		c.rect(lx, ly, hmSwatch, hmSwatch, h.pal.color(v))
		c.text(lx+hmSwatch+6, ly+hmSwatch-3, label, -1, styleAxis, inkColor, false)
		ly += hmSwatch + 6
	}
	if h.barTicks == nil {
		for _, e := range h.entries {
			swatch(e.v, e.label)
		}
		return
	}
	swatch(0, "0 (P)")
	ly += 6 // room for the label of the top tick
	maxV := h.pal.maxV
	c.gradient(lx, ly, hmSwatch, hmBarH, h.pal, 1, maxV)
	for _, v := range h.barTicks {
		y := ly + int(float64(v-1)/float64(max(1, maxV-1))*float64(hmBarH-1))
		c.line(lx+hmSwatch, y, lx+hmSwatch+3, y, faintInkColor)
		c.text(lx+hmSwatch+6, y+4, strconv.FormatInt(v, 10), -1, styleAxis, inkColor, false)
	}
	ly += hmBarH + 8
	if h.missing {
		swatch(NotComputed, "not computed")
	}
}
