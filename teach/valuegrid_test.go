package teach

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// A heat map of game values gives each value its colour: 0 black (as a
// P-position), then the numbers from the lowest up, then the other values.
func TestValueHeatmap(t *testing.T) {
	in := partizanSession(t)
	table := func(src string) *Table {
		t.Helper()
		spec, err := ParseTable("table", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		tb, err := ComputeTable(context.Background(), in, spec)
		if err != nil {
			t.Fatal(err)
		}
		return tb
	}
	g, err := table("value(Cutcake(w, h)) for w in 1..3, h in 1..3").Heatmap()
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"0", "-2", "-1", "1", "2"}; !slices.Equal(g.ValueNames, want) {
		t.Errorf("names %q, want %q", g.ValueNames, want)
	}
	want := [][]int64{{0, 2, 1}, {3, 0, 0}, {4, 0, 0}}
	for i := range want {
		if !slices.Equal(g.Cells[i], want[i]) {
			t.Errorf("row %d: %v, want %v", i, g.Cells[i], want[i])
		}
	}
	g, err = table("value(Domineering(board(h, w))) for h in 1..2, w in 1..3").Heatmap()
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"0", "-1", "1", "{2|-1/2}", "±1"}; !slices.Equal(g.ValueNames, want) {
		t.Errorf("names %q, want %q", g.ValueNames, want)
	}
	// Outcomes of partizan games: L and R are named as P and N are.
	g, err = table("outcome(Domineering(board(h, w))) for h in 1..2, w in 1..2").Heatmap()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, row := range g.Cells {
		for _, v := range row {
			names = append(names, g.ValueName(v))
		}
	}
	if got := strings.Join(names, " "); got != "P R L N" {
		t.Errorf("outcomes %q, want P R L N", got)
	}
	// Too many values for a legend of colours: the picture says why not.
	_, err = table("value(Stalk([1] + [-1 for i in 1..n])) + n for n in 0..20").Heatmap()
	if err == nil || !strings.Contains(err.Error(), "at most 16") {
		t.Errorf("21 values: %v", err)
	}
}
