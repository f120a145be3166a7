package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"slices"
	"strings"
	"testing"
)

func TestValueColor(t *testing.T) {
	if ValueColor(0, 10) != PColor {
		t.Error("0 is not drawn in PColor")
	}
	if ValueColor(NotComputed, 10) != MissingColor || ValueColor(-7, 10) != MissingColor {
		t.Error("negative values are not drawn in MissingColor")
	}
	for _, maxV := range []int64{1, 2, 5, 300} {
		prev := 2.0
		for v := int64(1); v <= maxV; v++ {
			c := ValueColor(v, maxV)
			l := luminance(c)
			if l < 0.09 {
				t.Errorf("ValueColor(%d, %d) = %s is too close to the black of P-positions", v, maxV, hex(c))
			}
			// Rounding to 8-bit channels may lift it by a hair.
			if l > prev+0.003 || (maxV <= 16 && l >= prev) {
				t.Errorf("luminance does not fall from value %d to %d (max %d)", v-1, v, maxV)
			}
			if maxV <= 16 && c == ValueColor(v-1, maxV) {
				t.Errorf("values %d and %d share a colour (max %d)", v-1, v, maxV)
			}
			prev = l
		}
	}
}

func TestTicks(t *testing.T) {
	// 20-pixel cells, labels need 21 pixels: every second value.
	if s := pickStep(20, 21); s != 2 {
		t.Errorf("pickStep(20, 21) = %d", s)
	}
	got := ticks(AxisRange(0, 39), 2)
	if len(got) != 20 || got[0] != 0 || got[1] != 2 {
		t.Errorf("ticks = %v", got)
	}
	// Starting at 3, steps of 5 are labelled at multiples of 5.
	got = ticks(AxisRange(3, 30), 5)
	if got[0] != 2 || got[1] != 7 { // values 5 and 10
		t.Errorf("ticks from 3 = %v", got)
	}
	// A non-consecutive axis is labelled by position.
	got = ticks([]int64{1, 4, 9, 16, 25}, 2)
	if len(got) != 3 || got[1] != 2 {
		t.Errorf("ticks of squares = %v", got)
	}
	// Both axes of square cells get the same step.
	h, _ := newHeatmap(wythoffGrid(200), HeatmapOptions{})
	if h.colTicks[1] != 10 || h.rowTicks[1] != 10 {
		t.Errorf("200x200 ticks: columns %v, rows %v", h.colTicks, h.rowTicks)
	}
	if s := pickStep(1, 50000); s*1 < 50000 {
		t.Errorf("pickStep(1, 50000) = %d", s)
	}
	if bt := barTicks(303, hmBarH, hmLineH); bt[0] != 1 || bt[len(bt)-1] != 303 || len(bt) > 8 {
		t.Errorf("barTicks(303) = %v", bt)
	}
}

func TestWriteSVG(t *testing.T) {
	g := small()
	g.Title = `<Nim & "sums">`
	var buf bytes.Buffer
	if err := WriteSVG(&buf, g, HeatmapOptions{}); err != nil {
		t.Fatal(err)
	}
	h, _ := newHeatmap(g, HeatmapOptions{})
	p := svgCells(t, buf.Bytes(), "p", h)
	want := []cellPos{{0, 0}, {1, 1}, {2, 2}}
	if len(p) != len(want) {
		t.Fatalf("P cells %v, want %v", p, want)
	}
	for k := range want {
		if p[k] != want[k] {
			t.Errorf("P cells %v, want %v", p, want)
		}
	}
	nc := svgCells(t, buf.Bytes(), "nc", h)
	if len(nc) != 1 || nc[0] != (cellPos{2, 3}) {
		t.Errorf("cells not computed: %v", nc)
	}
	s := buf.String()
	if !strings.Contains(s, "&lt;Nim &amp; &quot;sums&quot;&gt;") {
		t.Error("title not escaped")
	}
	var tips []string
	for _, r := range parseSVG(t, buf.Bytes()) {
		if r.title != "" {
			tips = append(tips, r.title)
		}
	}
	if len(tips) != 12 || tips[0] != "a=0, b=0: 0 (P)" || tips[11] != "a=2, b=10: not computed" {
		t.Errorf("tooltips %q", tips)
	}
	// 40-pixel cells are large enough for numbers: 11 is in its cell
	// and in the legend.
	if n := strings.Count(s, ">11</text>"); n != 2 {
		t.Errorf("value 11 printed %d times, want 2", n)
	}
}

func TestWriteSVGSizes(t *testing.T) {
	for _, n := range []int{10, 40, 200} {
		g := wythoffGrid(n)
		var buf bytes.Buffer
		if err := WriteSVG(&buf, g, HeatmapOptions{}); err != nil {
			t.Fatal(err)
		}
		h, _ := newHeatmap(g, HeatmapOptions{})
		want := wythoffP(n)
		got := svgCells(t, buf.Bytes(), "p", h)
		if len(got) != len(want) {
			t.Errorf("%dx%d: %d P cells, want %d", n, n, len(got), len(want))
		}
		for _, c := range got {
			if !want[[2]int{c.row, c.col}] {
				t.Errorf("%dx%d: (%d, %d) drawn as P", n, n, c.row, c.col)
			}
		}
		if h.width > 1100 || h.height > 1000 || h.width < 300 {
			t.Errorf("%dx%d: picture is %dx%d", n, n, h.width, h.height)
		}
		texts := strings.Count(buf.String(), "<text")
		switch {
		case n <= 40 && texts < n*n:
			t.Errorf("%dx%d: only %d texts: values missing from the cells", n, n, texts)
		case n == 200 && texts > 200:
			t.Errorf("%dx%d: %d texts: values printed in 4-pixel cells", n, n, texts)
		}
	}
}

func TestHeatmapOptions(t *testing.T) {
	g := small()
	h, err := newHeatmap(g, HeatmapOptions{CellSize: 7, NoNumbers: true})
	if err != nil {
		t.Fatal(err)
	}
	if h.cellW != 7 || h.gridW != 28 || h.numberSize != 0 {
		t.Errorf("cell %d, grid width %d, numbers %v", h.cellW, h.gridW, h.numberSize)
	}
	// A sequence gets cells tall enough to see.
	h, _ = newHeatmap(Sequence("", "n", "g(n)", 0, kayles(400)), HeatmapOptions{})
	if h.cellW != 2 || h.cellH < hmMinBand {
		t.Errorf("sequence cells %dx%d", h.cellW, h.cellH)
	}
	var buf bytes.Buffer
	for _, empty := range []Grid{{}, Sequence("", "n", "g", 0, nil)} {
		if err := WriteSVG(&buf, empty, HeatmapOptions{}); !errors.Is(err, ErrEmptyGrid) {
			t.Errorf("WriteSVG of an empty grid: %v", err)
		}
		if err := WritePNG(&buf, empty, HeatmapOptions{}); !errors.Is(err, ErrEmptyGrid) {
			t.Errorf("WritePNG of an empty grid: %v", err)
		}
	}
}

func TestWritePNG(t *testing.T) {
	for _, g := range []Grid{small(), wythoffGrid(40), wythoffGrid(200), Sequence("K", "n", "g(n)", 0, kayles(90))} {
		var buf bytes.Buffer
		if err := WritePNG(&buf, g, HeatmapOptions{}); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		h, _ := newHeatmap(g, HeatmapOptions{})
		if b := img.Bounds(); b != image.Rect(0, 0, h.width, h.height) {
			t.Fatalf("PNG bounds %v, want %dx%d", b, h.width, h.height)
		}
		sep := 0
		if h.separators {
			sep = 1
		}
		nP := 0
		for i, row := range g.Cells {
			for j, v := range row {
				// Top left pixel of the cell: never covered by a number.
				x, y := h.gridX+j*h.cellW, h.gridY+i*h.cellH
				r, gg, b, _ := img.At(x, y).RGBA()
				want := ValueColor(v, h.pal.maxV)
				isP := r>>8 == uint32(PColor.R) && gg>>8 == uint32(PColor.G) && b>>8 == uint32(PColor.B)
				if isP {
					nP++
				}
				if r>>8 != uint32(want.R) || gg>>8 != uint32(want.G) || b>>8 != uint32(want.B) {
					t.Fatalf("%q: cell (%d, %d) = %d is %v at (%d, %d), want %s", g.Title, i, j, v, img.At(x, y), x, y, hex(want))
				}
				// The bottom right pixel too, which is where the separators go.
				x, y = x+h.cellW-1-sep, y+h.cellH-1-sep
				if r, _, _, _ := img.At(x, y).RGBA(); (r>>8 == 0) != (v == 0) {
					t.Fatalf("%q: bottom right of cell (%d, %d) = %d is %v", g.Title, i, j, v, img.At(x, y))
				}
			}
		}
		_, _, wantP := g.stats()
		if nP != wantP {
			t.Errorf("%q: %d cells in the P colour, want %d", g.Title, nP, wantP)
		}
	}
}

func TestHeatmapEdgeCases(t *testing.T) {
	long := make([]int64, 3000)
	for i := range long {
		long[i] = int64(i % 37)
	}
	column := Grid{Rows: AxisRange(-5, 60), Cols: []int64{7}}
	for i := range column.Rows {
		column.Cells = append(column.Cells, []int64{int64(i % 3)})
	}
	cases := map[string]Grid{
		"one cell":     {Rows: []int64{0}, Cols: []int64{0}, Cells: [][]int64{{0}}},
		"all missing":  {Title: "nothing yet", Rows: []int64{0, 1}, Cols: []int64{0, 1}, Cells: [][]int64{{-1, -1}, {-1, -1}}},
		"huge values":  {Rows: []int64{0, 1}, Cols: []int64{1e12, 1e12 + 1}, Cells: [][]int64{{0, 1e15}, {1e15 - 1, -1}}},
		"long":         Sequence("3000 values", "n", "g(n)", 0, long),
		"one column":   column,
		"unicode text": {Title: "Ünïcode ★ <&>", RowName: "α", ColName: "β", Rows: []int64{0}, Cols: []int64{0, 1}, Cells: [][]int64{{0, 1}}},
	}
	for name, g := range cases {
		var svg, pngBuf bytes.Buffer
		if err := WriteSVG(&svg, g, HeatmapOptions{}); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := WritePNG(&pngBuf, g, HeatmapOptions{}); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		h, _ := newHeatmap(g, HeatmapOptions{})
		_, _, wantP := g.stats()
		if got := svgCells(t, svg.Bytes(), "p", h); len(got) != wantP {
			t.Errorf("%s: %d P cells in SVG, want %d", name, len(got), wantP)
		}
		img, err := png.Decode(&pngBuf)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if b := img.Bounds(); b.Dx() != h.width || b.Dy() != h.height {
			t.Errorf("%s: PNG is %v, layout %dx%d", name, b, h.width, h.height)
		}
		// Everything drawn lies inside the picture.
		for _, sw := range h.swatches {
			if sw.x+hmSwatch > h.width || sw.y+hmSwatch > h.height {
				t.Errorf("%s: legend swatch %q at (%d, %d) is outside %dx%d", name, sw.label, sw.x, sw.y, h.width, h.height)
			}
		}
		if b := h.bar; b != nil && (b.x+b.w > h.width || b.y+b.h > h.height) {
			t.Errorf("%s: colour bar outside the picture", name)
		}
	}
}

// Loopy cells have their own colour, class, text and legend entry, in swatches and
// next to a colour bar, and are not counted as missing.
func TestHeatmapLoopyCells(t *testing.T) {
	many := make([]int64, 40)
	for i := range many {
		many[i] = int64(i)
	}
	many[5] = Loopy
	for name, g := range map[string]Grid{
		"swatches": {Rows: []int64{0}, Cols: []int64{0, 1, 2}, Cells: [][]int64{{0, Loopy, 1}}},
		"bar":      Sequence("many", "n", "g(n)", 0, many),
	} {
		h, err := newHeatmap(g, HeatmapOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if h.missing {
			t.Errorf("%s: a loopy cell counted as not computed", name)
		}
		var labels []string
		for _, sw := range h.swatches {
			labels = append(labels, sw.label)
		}
		if !slices.Contains(labels, "∞ (loopy: infinite value or draw)") {
			t.Errorf("%s: legend %q has no loopy entry", name, labels)
		}
		if c := h.pal.color(Loopy); c != LoopyColor {
			t.Errorf("%s: loopy colour %v", name, c)
		}
		var svg bytes.Buffer
		if err := WriteSVG(&svg, g, HeatmapOptions{}); err != nil {
			t.Fatal(err)
		}
		if got := svgCells(t, svg.Bytes(), "loopy", h); len(got) != 1 {
			t.Errorf("%s: %d loopy cells in SVG, want 1", name, len(got))
		}
	}
	var text, csv bytes.Buffer
	g := Grid{Rows: []int64{0}, Cols: []int64{0, 1}, Cells: [][]int64{{Loopy, 10}}}
	if err := WriteText(&text, g, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(text.String(), "  ∞ 10\n") {
		t.Errorf("text:\n%s", text.String())
	}
	if err := WriteCSV(&csv, g); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(csv.String(), ",∞,10\n") {
		t.Errorf("csv: %q", csv.String())
	}
	var js bytes.Buffer
	if err := WriteJSON(&js, g); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(js.String(), `"values":[["∞",10]]`) {
		t.Errorf("json: %s", js.String())
	}
}

// A map of outcomes names its values P and N, in the legend and the cells.
func TestOutcomeLegend(t *testing.T) {
	g := Grid{Rows: []int64{0, 1}, Cols: []int64{0, 1}, Cells: [][]int64{{0, 1}, {1, 0}}, ValueNames: []string{"P", "N"}}
	var svg bytes.Buffer
	if err := WriteSVG(&svg, g, HeatmapOptions{}); err != nil {
		t.Fatal(err)
	}
	s := svg.String()
	if strings.Contains(s, "0 (P)") || strings.Count(s, ">P</text>") != 3 || strings.Count(s, ">N</text>") != 3 {
		t.Errorf("the legend and cells should say P and N (twice in cells, once in the legend):\n%s", s)
	}
}

// Scale multiplies every length of a PNG: the picture and each cell.
func TestWritePNGScale(t *testing.T) {
	g := wythoffGrid(10)
	var buf bytes.Buffer
	if err := WritePNG(&buf, g, HeatmapOptions{Scale: 3}); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := newHeatmap(g, HeatmapOptions{})
	if b := img.Bounds(); b.Dx() != 3*h.width || b.Dy() != 3*h.height {
		t.Fatalf("scaled PNG is %v, want %dx%d", b, 3*h.width, 3*h.height)
	}
	for i, row := range g.Cells {
		for j, v := range row {
			// The top left corner of each cell, scaled: clear of the numbers.
			x, y := 3*(h.gridX+j*h.cellW)+1, 3*(h.gridY+i*h.cellH)+1
			r, gg, b, _ := img.At(x, y).RGBA()
			want := ValueColor(v, h.pal.maxV)
			if r>>8 != uint32(want.R) || gg>>8 != uint32(want.G) || b>>8 != uint32(want.B) {
				t.Fatalf("cell (%d, %d) = %d is %v at (%d, %d), want %s", i, j, v, img.At(x, y), x, y, hex(want))
			}
		}
	}
}

// A strip shows its numbers and marks where each period starts.
func TestStripNumbersAndPeriod(t *testing.T) {
	g := Sequence("Kayles", "n", "g(n)", 0, kayles(150))
	g.Preperiod, g.Period = 71, 12
	var svg bytes.Buffer
	if err := WriteSVG(&svg, g, HeatmapOptions{}); err != nil {
		t.Fatal(err)
	}
	h, _ := newHeatmap(g, HeatmapOptions{})
	if h.numberSize == 0 {
		t.Error("a strip of 150 values shows no numbers")
	}
	marks := 0
	for j := 71; j < 150; j += 12 {
		x := h.gridX + j*h.cellW - 1
		if strings.Contains(svg.String(), fmt.Sprintf(`<path d="M%d.5 %d.5L%d.5 `, x, h.gridY-1, x)) {
			marks++
		}
	}
	if marks != 7 {
		t.Errorf("%d period marks, want 7 (at 71, 83, ..., 143)", marks)
	}
}
