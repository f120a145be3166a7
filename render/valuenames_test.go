package render

import (
	"bytes"
	"strings"
	"testing"
)

// Cells of a heat map of named values (game values) show the names that fit
// them; the longer ones are named by the legend alone.
func TestHeatmapLongValueNames(t *testing.T) {
	g := Grid{Rows: []int64{1, 2}, Cols: []int64{1, 2}, Cells: [][]int64{{0, 1}, {2, 2}},
		ValueNames: []string{"0", "±1", "{2|-1/2}"}}
	var b bytes.Buffer
	if err := WriteSVG(&b, g, HeatmapOptions{}); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	for name, want := range map[string]int{">0<": 2, ">±1<": 2, ">{2|-1/2}<": 1} {
		if got := strings.Count(svg, name); got != want {
			t.Errorf("%s written %d times, want %d (in the cells and the legend)", name, got, want)
		}
	}
}
