package render

import (
	"errors"
	"fmt"
)

// NotComputed is the cell value for a position whose value is unknown.
// Every negative cell value other than [Loopy] is treated the same way.
const NotComputed int64 = -1

// Loopy is the cell value for a position of a loopy game whose generalized value
// is infinite (∞K), or that is a draw in a table of outcomes: written ∞, with a
// colour of its own.
const Loopy int64 = -2

// loopyText is how a Loopy cell is written.
const loopyText = "∞"

// Grid is a table of Sprague-Grundy values indexed by two axes, such as the
// values of Wythoff(a, b) for a in Rows and b in Cols.
//
// Cells[i][j] is the value at row Rows[i] and column Cols[j]; 0 marks a
// P-position and a negative value (see [NotComputed]) a cell that was not
// computed. Row 0 and column 0 are drawn at the top left, as in a table.
//
// A sequence g(n) is a Grid with one row; [Sequence] builds one.
type Grid struct {
	Title   string    // caption; may be empty
	RowName string    // name of the row axis, e.g. "a"; may be empty
	ColName string    // name of the column axis, e.g. "b"; may be empty
	Rows    []int64   // row axis values, top to bottom
	Cols    []int64   // column axis values, left to right
	Cells   [][]int64 // Cells[i][j] for Rows[i], Cols[j]

	// RowLabels, if not nil, names each row in place of its number in
	// Rows (for example "g(n)" for a sequence, or one game per row when
	// several sequences are compared). It must have one label per row.
	RowLabels []string

	// ValueNames, if not nil, names the values 0, 1, ... in the legend and
	// in the cells of a picture: P and N for a map of outcomes.
	ValueNames []string

	// Period, if positive, says that the values of a strip (one row) repeat
	// with this period from column index Preperiod on: a picture marks
	// where each period starts.
	Preperiod, Period int
}

// valueName returns the name of value v: from ValueNames, or as text
// writes it.
func (g Grid) valueName(v int64) string {
	if v >= 0 && v < int64(len(g.ValueNames)) {
		return g.ValueNames[v]
	}
	return cellText(v)
}

// Sequence returns a one-row Grid holding values[k] = g(start+k): its
// columns are numbered start, start+1, ... and named colName (for example
// "n"), and its single row is labelled label (for example "g(n)").
func Sequence(title, colName, label string, start int64, values []int64) Grid {
	cols := make([]int64, len(values))
	for k := range cols {
		cols[k] = start + int64(k)
	}
	row := make([]int64, len(values))
	copy(row, values)
	return Grid{
		Title:     title,
		ColName:   colName,
		Rows:      []int64{0},
		Cols:      cols,
		Cells:     [][]int64{row},
		RowLabels: []string{label},
	}
}

// AxisRange returns the axis values lo, lo+1, ..., hi (empty when hi < lo).
func AxisRange(lo, hi int64) []int64 {
	if hi < lo {
		return nil
	}
	vals := make([]int64, 0, hi-lo+1)
	for v := lo; ; v++ {
		vals = append(vals, v)
		if v == hi {
			break
		}
	}
	return vals
}

// Validate reports whether the grid's shape is consistent: one row of
// Cells per entry of Rows, one cell per entry of Cols in every row, and
// one label per row when RowLabels is set. Every writer calls it first.
func (g Grid) Validate() error {
	if len(g.Cells) != len(g.Rows) {
		return fmt.Errorf("render: grid has %d rows of cells but %d row values", len(g.Cells), len(g.Rows))
	}
	for i, row := range g.Cells {
		if len(row) != len(g.Cols) {
			return fmt.Errorf("render: grid row %d has %d cells but there are %d column values", i, len(row), len(g.Cols))
		}
	}
	if g.RowLabels != nil && len(g.RowLabels) != len(g.Rows) {
		return fmt.Errorf("render: grid has %d row labels but %d rows", len(g.RowLabels), len(g.Rows))
	}
	return nil
}

// ErrEmptyGrid is the error of [WriteSVG] and [WritePNG] for a grid with
// no cells: there is nothing to draw.
var ErrEmptyGrid = errors.New("render: grid has no cells to draw")

// rowLabel returns the text naming row i.
func (g Grid) rowLabel(i int) string {
	if g.RowLabels != nil {
		return g.RowLabels[i]
	}
	return fmt.Sprint(g.Rows[i])
}

// corner returns the label of the header cell above the row labels:
// "a\b" for row axis a and column axis b.
func (g Grid) corner() string {
	switch {
	case g.RowName != "" && g.ColName != "":
		return g.RowName + `\` + g.ColName
	case g.RowName != "":
		return g.RowName
	default:
		return g.ColName
	}
}

// stats returns the largest computed value (-1 if none), whether any cell
// was not computed, and the number of P-positions.
func (g Grid) stats() (maxV int64, missing bool, nP int) {
	maxV = -1
	for _, row := range g.Cells {
		for _, v := range row {
			switch {
			case v == Loopy:
			case v < 0:
				missing = true
			case v == 0:
				nP++
			}
			if v > maxV {
				maxV = v
			}
		}
	}
	return maxV, missing, nP
}

// ValueName is how a cell of value v is written: its name in ValueNames (P
// and N, or a game value such as ±1), or the number.
func (g Grid) ValueName(v int64) string { return g.valueName(v) }
