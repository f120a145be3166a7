package sheet

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"strings"

	"github.com/grundy-lang/grundy/render"
)

// WriteMarkdown writes s as a Markdown worksheet: the program statement by
// statement in code blocks, each followed by what it showed; tables as
// Markdown tables and heat maps as SVG images inside the file (data: URLs).
func WriteMarkdown(w io.Writer, s *Sheet) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s\n\n**%s**\n", markdownText(s.File), s.Summary())
	for _, c := range s.Chunks {
		fmt.Fprintf(&b, "\n%s", fence("grundy", c.Code))
		for _, it := range c.Output {
			b.WriteString("\n" + fence("text", it.Text))
			if it.Grid != nil {
				markdownGrid(&b, *it.Grid)
			}
			if it.Picture != nil {
				if svg, err := it.Picture.SVG(); err == nil {
					fmt.Fprintf(&b, "\n![picture](data:image/svg+xml;base64,%s)\n", base64.StdEncoding.EncodeToString(svg))
				}
			}
		}
		if k := c.Check; k != nil && c.Err == "" {
			if k.Passed {
				fmt.Fprintf(&b, "\n✓ check holds (%s)\n", cases(k.Cases))
			} else {
				b.WriteString("\n" + fence("text", "✗ "+k.Failure))
			}
		}
		if c.Err != "" {
			b.WriteString("\n" + fence("text", c.Err))
		}
	}
	if s.Err != nil && !anyErr(s) {
		b.WriteString("\n" + fence("text", s.ErrText))
	}
	_, err := w.Write(b.Bytes())
	return err
}

// fence returns text in a fenced code block long enough not to be closed by
// a run of backquotes inside it.
func fence(lang, text string) string {
	f := "```"
	for strings.Contains(text, f) {
		f += "`"
	}
	return f + lang + "\n" + text + "\n" + f + "\n"
}

// markdownGrid writes g as a Markdown table (when it is small enough) and as a
// heat map image.
func markdownGrid(b *bytes.Buffer, g render.Grid) {
	if len(g.Rows)*len(g.Cols) <= maxTableCells {
		b.WriteString("\n|  |")
		for _, c := range g.Cols {
			fmt.Fprintf(b, " %d |", c)
		}
		b.WriteString("\n|---|" + strings.Repeat("---|", len(g.Cols)) + "\n")
		for i, row := range g.Cells {
			fmt.Fprintf(b, "| **%d** |", g.Rows[i])
			for _, v := range row {
				b.WriteString(" " + strings.ReplaceAll(g.ValueName(v), "|", `\|`) + " |")
			}
			b.WriteString("\n")
		}
	}
	var svg bytes.Buffer
	if render.WriteSVG(&svg, g, render.HeatmapOptions{}) == nil {
		fmt.Fprintf(b, "\n![heat map of %s](data:image/svg+xml;base64,%s)\n", markdownText(g.Title), base64.StdEncoding.EncodeToString(svg.Bytes()))
	}
}

// markdownText returns s as Markdown inline text that reads as s and nothing
// else: every ASCII punctuation character escaped with a backslash (so that
// no bracket ends an image's alt text, no < starts raw HTML, no & an entity),
// line breaks and other control characters as spaces.
func markdownText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < ' ' || r == 0x7f:
			b.WriteByte(' ')
		case r < 0x80 && strings.ContainsRune("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", r):
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
