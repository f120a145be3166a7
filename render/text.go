package render

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"io"
	"strconv"
	"strings"
)

// TextOptions controls [WriteText].
type TextOptions struct {
	// Color highlights P-positions (value 0) with ANSI escape codes, in
	// bold red, and dims cells that were not computed. Set it only when
	// the output is a terminal. Without it the output is plain text in
	// which a P-position is simply its value, 0, so that the table can be
	// searched, diffed and pasted as it is.
	Color bool

	// Width, if positive, is the widest line to write: when the table is
	// wider, its columns are split into bands written one below the
	// other, each with its own header line. 0 means never split.
	Width int
}

// ANSI escape sequences used by WriteText.
const (
	ansiP     = "\x1b[1;31m" // bold red: P-positions
	ansiDim   = "\x1b[2m"    // dim: headers and cells not computed
	ansiReset = "\x1b[0m"
)

// missingText is how a cell that was not computed is written in text.
const missingText = "."

// cellText returns the text of one value.
func cellText(v int64) string {
	switch {
	case v == Loopy:
		return loopyText
	case v < 0:
		return missingText
	}
	return strconv.FormatInt(v, 10)
}

// WriteText writes g as a table of right-aligned columns: the title (if
// any) on its own line, then a header line with the corner label
// ("row\col", e.g. `a\b`) and the column values, then one line per row
// starting with its row value or label. A cell that was not computed is
// written as ".". See [TextOptions] for colour and line width.
func WriteText(w io.Writer, g Grid, opts TextOptions) error {
	if err := g.Validate(); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)

	// One width for every value column, so that the table is square.
	colW := 1
	for _, c := range g.Cols {
		colW = max(colW, len(strconv.FormatInt(c, 10)))
	}
	for _, row := range g.Cells {
		for _, v := range row {
			colW = max(colW, len([]rune(cellText(v))))
		}
	}
	headW := len([]rune(g.corner()))
	for i := range g.Rows {
		headW = max(headW, len([]rune(g.rowLabel(i))))
	}

	// Columns per band.
	per := len(g.Cols)
	if opts.Width > 0 {
		per = max(1, (opts.Width-headW)/(colW+1))
	}

	if g.Title != "" {
		bw.WriteString(g.Title)
		bw.WriteByte('\n')
	}
	dim := func(s string) string {
		if opts.Color {
			return ansiDim + s + ansiReset
		}
		return s
	}
	for lo := 0; lo < len(g.Cols) || lo == 0; lo += per {
		hi := min(lo+per, len(g.Cols))
		if lo > 0 {
			bw.WriteByte('\n')
		}
		// Header line.
		line := padLeft(g.corner(), headW)
		var hdr strings.Builder
		for _, c := range g.Cols[lo:hi] {
			hdr.WriteByte(' ')
			hdr.WriteString(padLeft(strconv.FormatInt(c, 10), colW))
		}
		bw.WriteString(strings.TrimRight(dim(line+hdr.String()), " "))
		bw.WriteByte('\n')
		// Rows.
		for i, row := range g.Cells {
			bw.WriteString(dim(padLeft(g.rowLabel(i), headW)))
			for _, v := range row[lo:hi] {
				bw.WriteByte(' ')
				s := cellText(v)
				bw.WriteString(strings.Repeat(" ", colW-len([]rune(s))))
				switch {
				case opts.Color && v == 0:
					s = ansiP + s + ansiReset
				case opts.Color && v < 0 && v != Loopy:
					s = ansiDim + s + ansiReset
				}
				bw.WriteString(s)
			}
			bw.WriteByte('\n')
		}
		if len(g.Cols) == 0 {
			break
		}
	}
	return bw.Flush()
}

// padLeft right-aligns s in a field of n runes.
func padLeft(s string, n int) string {
	if k := n - len([]rune(s)); k > 0 {
		return strings.Repeat(" ", k) + s
	}
	return s
}

// WriteCSV writes g as CSV (RFC 4180): a header record with the corner
// label ("row\col", e.g. `a\b`) followed by the column values, then one
// record per row with its row value (or label) followed by its cells. A
// cell that was not computed is an empty field. The title is not written.
func WriteCSV(w io.Writer, g Grid) error {
	if err := g.Validate(); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	rec := make([]string, 0, len(g.Cols)+1)
	rec = append(rec, g.corner())
	for _, c := range g.Cols {
		rec = append(rec, strconv.FormatInt(c, 10))
	}
	if err := cw.Write(rec); err != nil {
		return err
	}
	for i, row := range g.Cells {
		rec = append(rec[:0], g.rowLabel(i))
		for _, v := range row {
			if v < 0 && v != Loopy {
				rec = append(rec, "")
			} else {
				rec = append(rec, cellText(v))
			}
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// jsonGrid is the JSON form of a Grid.
type jsonGrid struct {
	Title     string   `json:"title"`
	Row       string   `json:"row"`
	Col       string   `json:"col"`
	Rows      []int64  `json:"rows"`
	Cols      []int64  `json:"cols"`
	RowLabels []string `json:"row_labels,omitempty"`
	Values    [][]any  `json:"values"`
}

// WriteJSON writes g as one JSON object followed by a newline:
//
//	{
//	  "title": "Wythoff",          // Grid.Title
//	  "row": "a",                  // Grid.RowName
//	  "col": "b",                  // Grid.ColName
//	  "rows": [0, 1, 2],           // Grid.Rows
//	  "cols": [0, 1, 2],           // Grid.Cols
//	  "row_labels": ["g(n)"],      // Grid.RowLabels; only when set
//	  "values": [[0, 1, 2], ...]   // values[i][j] at rows[i], cols[j]
//	}
//
// Every key but "row_labels" is always present ("rows", "cols" and
// "values" are [] when empty). In "values", 0 is a P-position, null a cell
// that was not computed and the string "∞" a Loopy cell.
func WriteJSON(w io.Writer, g Grid) error {
	if err := g.Validate(); err != nil {
		return err
	}
	j := jsonGrid{
		Title: g.Title, Row: g.RowName, Col: g.ColName,
		Rows: g.Rows, Cols: g.Cols, RowLabels: g.RowLabels,
		Values: make([][]any, len(g.Cells)),
	}
	if j.Rows == nil {
		j.Rows = []int64{}
	}
	if j.Cols == nil {
		j.Cols = []int64{}
	}
	for i, row := range g.Cells {
		out := make([]any, len(row))
		for k, v := range row {
			switch {
			case v == Loopy:
				out[k] = loopyText
			case v >= 0:
				out[k] = v
			}
		}
		j.Values[i] = out
	}
	enc := json.NewEncoder(w)
	return enc.Encode(j)
}
