package render

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// WriteColumns writes rows as aligned columns separated by two spaces, each
// line starting with indent; right[c] aligns column c to the right (missing
// entries align left). Trailing blanks are dropped.
func WriteColumns(w io.Writer, indent string, rows [][]string, right []bool) {
	var widths []int
	for _, row := range rows {
		for c, cell := range row {
			if c >= len(widths) {
				widths = append(widths, 0)
			}
			widths[c] = max(widths[c], utf8.RuneCountInString(cell))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		b.WriteString(indent)
		for c, cell := range row {
			if c > 0 {
				b.WriteString("  ")
			}
			pad := strings.Repeat(" ", widths[c]-utf8.RuneCountInString(cell))
			if c < len(right) && right[c] {
				b.WriteString(pad + cell)
			} else {
				b.WriteString(cell + pad)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}
