package render

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// small is a 3x4 grid with a cell not computed.
func small() Grid {
	return Grid{
		Title: "Nim sums", RowName: "a", ColName: "b",
		Rows: []int64{0, 1, 2}, Cols: []int64{0, 1, 2, 10},
		Cells: [][]int64{
			{0, 1, 2, 10},
			{1, 0, 3, 11},
			{2, 3, 0, NotComputed},
		},
	}
}

func TestValidate(t *testing.T) {
	if err := small().Validate(); err != nil {
		t.Fatalf("valid grid: %v", err)
	}
	bad := map[string]Grid{
		"missing row":    {Rows: []int64{0, 1}, Cols: []int64{0}, Cells: [][]int64{{0}}},
		"short row":      {Rows: []int64{0, 1}, Cols: []int64{0, 1}, Cells: [][]int64{{0, 1}, {1}}},
		"label mismatch": {Rows: []int64{0}, Cols: []int64{0}, Cells: [][]int64{{0}}, RowLabels: []string{"x", "y"}},
	}
	for name, g := range bad {
		if err := g.Validate(); err == nil {
			t.Errorf("%s: Validate accepted it", name)
		}
		var buf bytes.Buffer
		if err := WriteText(&buf, g, TextOptions{}); err == nil {
			t.Errorf("%s: WriteText accepted it", name)
		}
		if err := WriteCSV(&buf, g); err == nil {
			t.Errorf("%s: WriteCSV accepted it", name)
		}
		if err := WriteJSON(&buf, g); err == nil {
			t.Errorf("%s: WriteJSON accepted it", name)
		}
		if err := WriteSVG(&buf, g, HeatmapOptions{}); err == nil {
			t.Errorf("%s: WriteSVG accepted it", name)
		}
		if err := WritePNG(&buf, g, HeatmapOptions{}); err == nil {
			t.Errorf("%s: WritePNG accepted it", name)
		}
	}
}

func TestSequenceAndAxisRange(t *testing.T) {
	vals := []int64{0, 1, 2, 3, 1}
	g := Sequence("Kayles", "n", "g(n)", 5, vals)
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g.Cols, []int64{5, 6, 7, 8, 9}) || !reflect.DeepEqual(g.Cells, [][]int64{vals}) {
		t.Fatalf("Sequence = %+v", g)
	}
	vals[0] = 99
	if g.Cells[0][0] != 0 {
		t.Error("Sequence shares its caller's slice")
	}
	if got := AxisRange(3, 5); !reflect.DeepEqual(got, []int64{3, 4, 5}) {
		t.Errorf("AxisRange(3, 5) = %v", got)
	}
	if got := AxisRange(5, 4); len(got) != 0 {
		t.Errorf("AxisRange(5, 4) = %v, want empty", got)
	}
}

func TestWriteTextPlain(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteText(&buf, small(), TextOptions{}); err != nil {
		t.Fatal(err)
	}
	want := "Nim sums\n" +
		"a\\b  0  1  2 10\n" +
		"  0  0  1  2 10\n" +
		"  1  1  0  3 11\n" +
		"  2  2  3  0  .\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}

var ansi = regexp.MustCompile("\x1b\\[[0-9;]*m")

func TestWriteTextColor(t *testing.T) {
	var plain, color bytes.Buffer
	g := small()
	if err := WriteText(&plain, g, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := WriteText(&color, g, TextOptions{Color: true}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(plain.String(), "\x1b") {
		t.Error("plain output has escape codes")
	}
	if n := strings.Count(color.String(), ansiP+"0"+ansiReset); n != 3 {
		t.Errorf("%d highlighted P-positions, want 3:\n%q", n, color.String())
	}
	if got := ansi.ReplaceAllString(color.String(), ""); got != plain.String() {
		t.Errorf("colour output without escapes differs from plain:\n%s\nvs\n%s", got, plain.String())
	}
}

func TestWriteTextWidth(t *testing.T) {
	g := Sequence("", "n", "g(n)", 0, kayles(30))
	var buf bytes.Buffer
	if err := WriteText(&buf, g, TextOptions{Width: 40}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	var values []string
	for _, l := range lines {
		if len(l) > 40 {
			t.Errorf("line %q is longer than 40", l)
		}
		f := strings.Fields(l)
		if len(f) > 0 && f[0] == "g(n)" {
			values = append(values, f[1:]...)
		}
	}
	if len(values) != 30 {
		t.Fatalf("found %d values in bands, want 30:\n%s", len(values), buf.String())
	}
	if !strings.HasPrefix(buf.String(), "   n  0  1  2  3  4  5  6  7  8  9 10 11\ng(n)  0  1  2  3  1  4  3  2  1  4  2  6\n\n   n 12") {
		t.Errorf("unexpected first band:\n%s", buf.String())
	}
}

func TestWriteTextEmpty(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteText(&buf, Sequence("", "n", "g(n)", 0, nil), TextOptions{Width: 20}); err != nil {
		t.Fatal(err)
	}
	if buf.String() != "   n\ng(n)\n" {
		t.Errorf("got %q", buf.String())
	}
}

func TestWriteCSV(t *testing.T) {
	g := small()
	g.RowName = `x,"y"` // needs quoting
	var buf bytes.Buffer
	if err := WriteCSV(&buf, g); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{`x,"y"\b`, "0", "1", "2", "10"},
		{"0", "0", "1", "2", "10"},
		{"1", "1", "0", "3", "11"},
		{"2", "2", "3", "0", ""},
	}
	if !reflect.DeepEqual(recs, want) {
		t.Errorf("got %q, want %q", recs, want)
	}
}

func TestWriteJSON(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteJSON(&buf, small()); err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"title": "Nim sums", "row": "a", "col": "b",
		"rows": []any{0.0, 1.0, 2.0}, "cols": []any{0.0, 1.0, 2.0, 10.0},
		"values": []any{
			[]any{0.0, 1.0, 2.0, 10.0},
			[]any{1.0, 0.0, 3.0, 11.0},
			[]any{2.0, 3.0, 0.0, nil},
		},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v\nwant %v", got, want)
	}

	buf.Reset()
	if err := WriteJSON(&buf, Sequence("", "n", "g(n)", 0, nil)); err != nil {
		t.Fatal(err)
	}
	if want := `{"title":"","row":"","col":"n","rows":[0],"cols":[],"row_labels":["g(n)"],"values":[[]]}` + "\n"; buf.String() != want {
		t.Errorf("got %s want %s", buf.String(), want)
	}
}

// Example of a table for a terminal that is not one.
func ExampleWriteText() {
	g := Grid{
		Title: "Nim(a) + Nim(b)", RowName: "a", ColName: "b",
		Rows: AxisRange(0, 3), Cols: AxisRange(0, 3),
	}
	for a := range int64(4) {
		row := []int64{}
		for b := range int64(4) {
			row = append(row, a^b)
		}
		g.Cells = append(g.Cells, row)
	}
	WriteText(os.Stdout, g, TextOptions{})
	// Output:
	// Nim(a) + Nim(b)
	// a\b 0 1 2 3
	//   0 0 1 2 3
	//   1 1 0 3 2
	//   2 2 3 0 1
	//   3 3 2 1 0
}
