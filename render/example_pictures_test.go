package render

import (
	"bytes"
	"flag"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// To look at the example pictures, run
//
//	go test ./render -run TestWythoffPictures -render-out /tmp/pictures
//
// which writes wythoff.svg and wythoff.png (the pictures kept in docs/)
// and a few more named example-*.
var renderOut = flag.String("render-out", "", "write example pictures (wythoff.svg, wythoff.png, ...) to this directory")

// wythoffGrid computes Wythoff's game on 0..n-1 x 0..n-1 by a plain mex.
func wythoffGrid(n int) Grid {
	cells := make([][]int64, n)
	seen := make([]bool, 3*n+1) // a position has fewer than 3n options
	for a := range n {
		cells[a] = make([]int64, n)
		for b := range n {
			clear(seen)
			for k := 1; k <= a; k++ {
				seen[cells[a-k][b]] = true
			}
			for k := 1; k <= b; k++ {
				seen[cells[a][b-k]] = true
			}
			for k := 1; k <= min(a, b); k++ {
				seen[cells[a-k][b-k]] = true
			}
			var m int64
			for seen[m] {
				m++
			}
			cells[a][b] = m
		}
	}
	return Grid{
		Title: "Wythoff's game: Sprague-Grundy values", RowName: "a", ColName: "b",
		Rows: AxisRange(0, int64(n-1)), Cols: AxisRange(0, int64(n-1)), Cells: cells,
	}
}

// wythoffP returns the P-positions of Wythoff's game in 0..n-1 x 0..n-1:
// (floor(k*phi), floor(k*phi^2)) and its mirror image.
func wythoffP(n int) map[[2]int]bool {
	phi := (1 + math.Sqrt(5)) / 2
	p := map[[2]int]bool{}
	for k := 0; ; k++ {
		a, b := int(float64(k)*phi), int(float64(k)*phi*phi)
		if a >= n {
			return p
		}
		if b < n {
			p[[2]int{a, b}] = true
			p[[2]int{b, a}] = true
		}
	}
}

func TestWythoffPictures(t *testing.T) {
	g := wythoffGrid(40)
	want := wythoffP(40)
	for a, row := range g.Cells {
		for b, v := range row {
			if (v == 0) != want[[2]int{a, b}] {
				t.Fatalf("mex table disagrees with the Beatty pairs at (%d, %d)", a, b)
			}
		}
	}
	var svg, pngBuf bytes.Buffer
	if err := WriteSVG(&svg, g, HeatmapOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := WritePNG(&pngBuf, g, HeatmapOptions{}); err != nil {
		t.Fatal(err)
	}
	h, err := newHeatmap(g, HeatmapOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pcells := svgCells(t, svg.Bytes(), "p", h)
	if len(pcells) != len(want) {
		t.Errorf("SVG has %d P cells, want %d", len(pcells), len(want))
	}
	for _, c := range pcells {
		if !want[[2]int{c.row, c.col}] {
			t.Errorf("SVG marks (%d, %d) as a P-position", c.row, c.col)
		}
	}
	// The pictures in docs/ must be the ones this code draws.
	for name, data := range map[string][]byte{"wythoff.svg": svg.Bytes(), "wythoff.png": pngBuf.Bytes()} {
		kept, err := os.ReadFile(filepath.Join("..", "docs", name))
		if err != nil {
			t.Errorf("reading docs/%s: %v", name, err)
		} else if !bytes.Equal(kept, data) {
			t.Errorf("docs/%s is out of date: run go test ./render -run TestWythoffPictures -render-out /tmp/pictures and copy /tmp/pictures/%s to docs/", name, name)
		}
	}
	if *renderOut == "" {
		return
	}
	files := map[string][]byte{"wythoff.svg": svg.Bytes(), "wythoff.png": pngBuf.Bytes()}
	extra := map[string]Grid{
		"example-wythoff-10":  wythoffGrid(10),
		"example-wythoff-200": wythoffGrid(200),
		"example-kayles":      Sequence("Kayles", "n", "g(n)", 0, kayles(100)),
		"example-partial":     partialGrid(),
		"example-wythoff-row": Sequence("Wythoff(7, b)", "b", "g", 0, wythoffGrid(120).Cells[7]),
	}
	for name, g := range extra {
		var s, p bytes.Buffer
		if err := WriteSVG(&s, g, HeatmapOptions{}); err != nil {
			t.Fatal(err)
		}
		if err := WritePNG(&p, g, HeatmapOptions{}); err != nil {
			t.Fatal(err)
		}
		files[name+".svg"] = s.Bytes()
		files[name+".png"] = p.Bytes()
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(*renderOut, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// kayles returns the Sprague-Grundy values of Kayles for heaps 0..n-1.
func kayles(n int) []int64 {
	g := make([]int64, n)
	for m := 1; m < n; m++ {
		seen := map[int64]bool{}
		for k := 1; k <= 2 && k <= m; k++ {
			for i := 0; i <= m-k; i++ {
				seen[g[i]^g[m-k-i]] = true
			}
		}
		for seen[g[m]] {
			g[m]++
		}
	}
	return g
}

// partialGrid is a small subtraction-game table with cells left out.
func partialGrid() Grid {
	g := Grid{Title: "Subtract {1, 2, 3} + Nim, partly computed", RowName: "heap", ColName: "nim",
		Rows: AxisRange(0, 11), Cols: AxisRange(0, 7)}
	for n := range 12 {
		row := make([]int64, 8)
		for k := range row {
			row[k] = int64(n%4) ^ int64(k)
			if n+k > 14 {
				row[k] = NotComputed
			}
		}
		g.Cells = append(g.Cells, row)
	}
	return g
}
