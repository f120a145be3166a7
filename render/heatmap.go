package render

import (
	"image/color"
	"math"
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

	// Scale multiplies every length of a PNG picture, text included, for
	// a sharp picture on a projector or a printed page; 0 means 1. (An
	// SVG picture scales by itself.)
	Scale int
}

// Layout constants, in pixels. Text metrics are those of the SVG fonts,
// which the PNG writer uses too (the Go fonts).
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
	hmMaxStrip   = 200 // the longest strip whose cells are widened for numbers
	hmLegendGap  = 24
	hmMaxSwatch  = 16  // most values listed one by one in the legend
	hmBarH       = 200 // length of a vertical colour bar
	hmBarW       = 240 // length of a horizontal colour bar
	hmGridLineAt = 12  // cells at least this large get white separators
)

// swatch is one entry of the legend: a square of the colour of value v.
type swatch struct {
	x, y  int
	v     int64
	label string
}

// bar is the legend's colour bar for values 1..maxV, used when there are
// too many values to list one by one.
type bar struct {
	x, y, w, h int
	horizontal bool    // left to right, under a strip; else top to bottom
	ticks      []int64 // values labelled along it
}

// heatmap is the computed layout of one heat map picture.
type heatmap struct {
	g            Grid
	pal          palette
	cellW, cellH int
	gridX, gridY int // top left corner of cell (0, 0)
	gridW, gridH int
	colLabelW    int // width of the widest column label
	width        int
	height       int
	separators   bool
	numberSize   float64 // font size of in-cell numbers; 0 for none
	numberDigits int

	colTicks, rowTicks []int // indices of labelled columns and rows

	headX, headY int // the legend's heading
	swatches     []swatch
	bar          *bar // nil if every value has a swatch
	missing      bool
}

// newHeatmap lays out a heat map of g.
func newHeatmap(g Grid, opts HeatmapOptions) (*heatmap, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	nr, nc := len(g.Rows), len(g.Cols)
	if nr == 0 || nc == 0 {
		return nil, ErrEmptyGrid
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
	if nr == 1 && opts.CellSize <= 0 && !opts.NoNumbers && nc <= hmMaxStrip {
		// A strip is wide enough to show its numbers.
		digits := len(strconv.FormatInt(max(maxV, 0), 10))
		h.cellW = max(h.cellW, int(math.Ceil(0.6*9*float64(digits)))+4)
	}
	h.gridW, h.gridH = nc*h.cellW, nr*h.cellH
	h.separators = min(h.cellW, h.cellH) >= hmGridLineAt

	// Numbers inside cells.
	h.numberDigits = len(strconv.FormatInt(max(maxV, 0), 10))
	for _, name := range g.ValueNames {
		// Names of up to 4 characters are fitted; longer ones are left to
		// the legend when they do not fit (see draw).
		h.numberDigits = max(h.numberDigits, min(len([]rune(name)), 4))
	}
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
	rowLabelW := 0
	for i := range g.Rows {
		rowLabelW = max(rowLabelW, len([]rune(g.rowLabel(i)))*hmCharW)
	}
	colStep := pickStep(h.cellW, colLabelW+hmCharW)
	rowStep := pickStep(h.cellH, hmLineH+4)
	if g.RowLabels == nil && h.cellW == h.cellH {
		// Square cells: the same step on both axes.
		colStep = max(colStep, rowStep)
		rowStep = colStep
	}
	h.colTicks = ticks(g.Cols, colStep)
	if g.RowLabels != nil {
		for i := 0; i < nr; i += int(rowStep) {
			h.rowTicks = append(h.rowTicks, i)
		}
	} else {
		h.rowTicks = ticks(g.Rows, rowStep)
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
	// Room for half a column label left of the first column.
	h.gridX = max(x, hmMargin+colLabelW/2)
	h.colLabelW = colLabelW

	h.layoutLegend(maxV)
	if g.Title != "" {
		h.width = max(h.width, 2*hmMargin+len([]rune(g.Title))*hmTitleCharW)
	}
	return h, nil
}

// layoutLegend places the legend right of the grid, or under it when the
// grid is a strip (a sequence) too low to stand a legend beside, and sets
// the size of the picture.
func (h *heatmap) layoutLegend(maxV int64) {
	values := distinctValues(h.g)
	useBar := len(values) > hmMaxSwatch
	labelOf := func(v int64) string {
		switch {
		case v == Loopy:
			return loopyText + " (loopy: infinite value or draw)"
		case v < 0:
			return "not computed"
		case v == 0 && h.g.ValueNames == nil:
			return "0 (P)"
		}
		return h.g.valueName(v)
	}
	// The legend lists the values in order; a colour bar for 1..maxV
	// stands in for the values that are not listed (barAt is its place).
	barAt := len(values)
	if useBar {
		values, barAt = []int64{0}, 1
		if h.hasLoopy() {
			values = append(values, Loopy)
		}
		if h.missing {
			values = append(values, NotComputed)
		}
	}
	// Room for half a column label right of the last column.
	right, bottom := h.gridX+h.gridW+max(0, h.colLabelW/2-h.cellW/2), h.gridY+h.gridH
	maxLabelW := len(strconv.FormatInt(maxV, 10)) * hmCharW

	if h.gridH >= 100 {
		// A column right of the grid.
		x, y := h.gridX+h.gridW+hmLegendGap, h.gridY
		h.headX, h.headY = x, y+10
		y += hmLineH + 6
		for k := 0; k <= len(values); k++ {
			if useBar && k == barAt {
				y += 6 // room for the label of the bar's first tick
				h.bar = &bar{x: x, y: y, w: hmSwatch, h: hmBarH, ticks: barTicks(maxV, hmBarH, hmLineH)}
				right = max(right, x+hmSwatch+6+maxLabelW)
				y += hmBarH + 8
			}
			if k < len(values) {
				v := values[k]
				h.swatches = append(h.swatches, swatch{x, y, v, labelOf(v)})
				right = max(right, x+hmSwatch+6+len(labelOf(v))*hmCharW)
				y += hmSwatch + 6
			}
		}
		bottom = max(bottom, y)
	} else {
		// Rows under the strip, wrapped at the width of the grid.
		x0, y := h.gridX, h.gridY+h.gridH+18
		h.headX, h.headY = x0, y+hmSwatch-3
		x0 += len("value")*hmCharW + 14
		limit := max(h.gridX+h.gridW, x0+400)
		x := x0
		// place moves to the next row if w pixels do not fit on this one.
		place := func(w int) {
			if x > x0 && x+w > limit {
				x, y = x0, y+hmSwatch+hmLineH+10
			}
		}
		for k := 0; k <= len(values); k++ {
			if useBar && k == barAt {
				place(hmBarW)
				h.bar = &bar{x: x, y: y, w: hmBarW, h: hmSwatch, horizontal: true,
					ticks: barTicks(maxV, hmBarW, maxLabelW+hmCharW)}
				right = max(right, x+hmBarW+maxLabelW/2)
				x += hmBarW + maxLabelW/2 + 16
			}
			if k < len(values) {
				v := values[k]
				w := hmSwatch + 6 + len(labelOf(v))*hmCharW
				place(w)
				h.swatches = append(h.swatches, swatch{x, y, v, labelOf(v)})
				right = max(right, x+w)
				x += w + 16
			}
		}
		bottom = y + hmSwatch
		if h.bar != nil {
			bottom += hmLineH + 4 // tick labels under the bar
		}
	}
	h.width = right + hmMargin
	h.height = bottom + hmMargin
}

// niceSteps are the candidate distances between labelled ticks.
var niceSteps = []int64{1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000}

// ticks returns the indices of the axis values to label, step apart. If
// the axis is a run of consecutive integers the labelled values are the
// multiples of step (0, 5, 10, ...); otherwise every step-th entry is
// labelled, starting with the first.
func ticks(axis []int64, step int64) []int {
	consecutive := true
	for i := 1; i < len(axis); i++ {
		if axis[i] != axis[i-1]+1 {
			consecutive = false
			break
		}
	}
	var idx []int
	for i, v := range axis {
		if consecutive && v%step == 0 || !consecutive && int64(i)%step == 0 {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 && len(axis) > 0 {
		idx = append(idx, 0)
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

// barTicks returns the values to label on a colour bar for 1..maxV that
// is length pixels long, with labels that need need pixels each.
func barTicks(maxV int64, length, need int) []int64 {
	// Room for about six labels along the bar.
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
		// Keep clear of the labels of 1 and maxV.
		if (v-1)*int64(length) >= maxV*int64(need) && (maxV-v)*int64(length) >= maxV*int64(need) {
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
			if v != Loopy {
				v = max(v, NotComputed)
			}
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
	// Show the loopy and not-computed swatches last.
	var special []int64
	for len(out) > 0 && out[0] < 0 {
		special = append(special, out[0])
		out = out[1:]
	}
	slices.Reverse(special)
	return append(out, special...)
}

// hasLoopy reports whether some cell is Loopy.
func (h *heatmap) hasLoopy() bool {
	for _, row := range h.g.Cells {
		if slices.Contains(row, Loopy) {
			return true
		}
	}
	return false
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
	// gradient fills a bar with the palette from value lo at the top (or
	// left, if horizontal) to hi at the bottom (or right).
	gradient(x, y, w, h int, pal palette, lo, hi int64, horizontal bool)
}

// textStyle selects a font.
type textStyle struct {
	size float64 // SVG font size in pixels
	bold bool
	mono bool // in-cell numbers
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
				if v < 0 && v != Loopy {
					continue
				}
				x := h.gridX + j*h.cellW + (h.cellW-sep)/2
				name := g.valueName(v)
				if n := len([]rune(name)); n > h.numberDigits && 0.6*h.numberSize*float64(n) > float64(h.cellW-sep-2) {
					continue // too long for the cell: the legend names it
				}
				c.text(x, y, name, 0, st, textColor(h.pal.color(v)), false)
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
	// The start of each period of a strip: a mark below the strip.
	if g.Period > 0 && len(g.Rows) == 1 {
		for j := g.Preperiod; j < len(g.Cols); j += g.Period {
			x := h.gridX + j*h.cellW - 1
			c.line(x, y0, x, y1+hmTick+2, inkColor)
		}
	}

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
	c.text(h.headX, h.headY, "value", -1, styleName, inkColor, false)
	for _, sw := range h.swatches {
		c.rect(sw.x, sw.y, hmSwatch, hmSwatch, h.pal.color(sw.v))
		c.text(sw.x+hmSwatch+6, sw.y+hmSwatch-3, sw.label, -1, styleAxis, inkColor, false)
	}
	if b := h.bar; b != nil {
		maxV := h.pal.maxV
		c.gradient(b.x, b.y, b.w, b.h, h.pal, 1, maxV, b.horizontal)
		for _, v := range b.ticks {
			label := strconv.FormatInt(v, 10)
			if b.horizontal {
				x := b.x + int(float64(v-1)/float64(max(1, maxV-1))*float64(b.w-1))
				c.line(x, b.y+b.h, x, b.y+b.h+3, faintInkColor)
				c.text(x, b.y+b.h+hmLineH+2, label, 0, styleAxis, inkColor, false)
			} else {
				y := b.y + int(float64(v-1)/float64(max(1, maxV-1))*float64(b.h-1))
				c.line(b.x+b.w, y, b.x+b.w+3, y, faintInkColor)
				c.text(b.x+b.w+6, y+4, label, -1, styleAxis, inkColor, false)
			}
		}
	}
}
