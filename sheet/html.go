package sheet

import (
	"bytes"
	_ "embed"
	"fmt"
	"html"
	"io"
	"strconv"
	"strings"

	"github.com/grundy-lang/grundy/internal/words"
	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/render"
	"github.com/grundy-lang/grundy/teach"
)

// WriteHTML writes s as a worksheet: one self-contained HTML document with
// the program, statement by statement, each followed by what it showed.
func WriteHTML(w io.Writer, s *Sheet) error {
	var b bytes.Buffer
	title := html.EscapeString(s.File)
	fmt.Fprintf(&b, `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%s</title>
<style>
%s</style>
</head>
<body class="sheet">
<h1>%s</h1>
<p class="summary">%s</p>
`, title, Style, title, html.EscapeString(s.Summary()))
	for _, c := range s.Chunks {
		b.WriteString(`<section class="chunk">` + "\n")
		writeCode(&b, c)
		writeResults(&b, c, true)
		b.WriteString("</section>\n")
	}
	if s.Err != nil && !anyErr(s) {
		fmt.Fprintf(&b, `<pre class="error">%s</pre>`+"\n", html.EscapeString(s.ErrText))
	}
	b.WriteString(`<p class="made">Made with grundy run --html.</p>` + "\n</body>\n</html>\n")
	_, err := w.Write(b.Bytes())
	return err
}

// WriteResults writes what the statements of s showed, each under a link to
// its line (data-line), and the summary: the output area of the page.
func WriteResults(w io.Writer, s *Sheet) error {
	var b bytes.Buffer
	for _, c := range s.Chunks {
		WriteChunk(&b, c)
	}
	if s.Err != nil && !anyErr(s) {
		fmt.Fprintf(&b, `<pre class="error">%s</pre>`+"\n", html.EscapeString(s.ErrText))
	}
	fmt.Fprintf(&b, `<p class="summary">%s</p>`+"\n", html.EscapeString(s.Summary()))
	_, err := w.Write(b.Bytes())
	return err
}

// WriteChunk writes what the statement of c showed, under a link to its line
// (data-line), as WriteResults does; nothing when it showed nothing.
func WriteChunk(b *bytes.Buffer, c *Chunk) {
	if len(c.Output) == 0 && c.Check == nil && c.Err == "" {
		return
	}
	fmt.Fprintf(b, `<div class="result"><a class="line" href="#" data-line="%d">line %d</a><div>`+"\n", c.Stmt, c.Stmt)
	writeResults(b, c, false)
	b.WriteString("</div></div>\n")
}

// Summary says how the run went, such as "12 checks passed (3456 cases)".
func (s *Sheet) Summary() string {
	c := s.Checks
	text := fmt.Sprintf("%s passed, %d failed (%s)", words.Plural(c.Passed, "check"), c.Failed, words.Plural(c.Cases, "case"))
	if c.Passed+c.Failed == 0 {
		text = "no checks"
	}
	if s.Err != nil {
		text += "; the run stopped at an error"
	}
	return text + "."
}

// anyErr reports whether a chunk holds the run's error.
func anyErr(s *Sheet) bool {
	for _, c := range s.Chunks {
		if c.Err != "" {
			return true
		}
	}
	return false
}

// writeCode writes a chunk's program text with line numbers, greyed when
// the run stopped before it.
func writeCode(b *bytes.Buffer, c *Chunk) {
	if c.Ran {
		b.WriteString(`<pre class="code">`)
	} else {
		b.WriteString(`<pre class="code notrun" title="not run: the run stopped before this">`)
	}
	for i, line := range strings.Split(c.Code, "\n") {
		fmt.Fprintf(b, `<span class="ln">%d</span>%s`+"\n", c.Line+i, html.EscapeString(line))
	}
	b.WriteString("</pre>\n")
}

// writeResults writes what a chunk's statement showed; a worksheet shows the
// heat map of a table open beside it (heatOpen), the page on request.
func writeResults(b *bytes.Buffer, c *Chunk, heatOpen bool) {
	for _, it := range c.Output {
		if it.Grid != nil { // the table shows it; the text is there on request
			fmt.Fprintf(b, `<details class="out"><summary>as printed</summary><pre class="out">%s</pre></details>`+"\n", html.EscapeString(it.Text))
			writeGrid(b, *it.Grid, heatOpen)
			continue
		}
		if it.Picture != nil {
			if svg, err := it.Picture.SVG(); err == nil {
				fmt.Fprintf(b, `<details class="out"><summary>as printed</summary><pre class="out">%s</pre></details>`+"\n", html.EscapeString(it.Text))
				b.WriteString(`<div class="picture">`)
				b.Write(inlineSVG(svg))
				b.WriteString("</div>\n")
				continue
			}
		}
		fmt.Fprintf(b, `<pre class="out">%s</pre>`+"\n", html.EscapeString(it.Text))
	}
	if k := c.Check; k != nil && c.Err == "" {
		if k.Passed {
			fmt.Fprintf(b, `<p class="pass">✓ check holds (%s)</p>`+"\n", cases(k.Cases))
		} else {
			fmt.Fprintf(b, `<pre class="fail">✗ %s</pre>`+"\n", html.EscapeString(k.Failure))
		}
	}
	if c.Err != "" {
		fmt.Fprintf(b, `<pre class="error">%s</pre>`+"\n", html.EscapeString(c.Err))
	}
}

// cases says how many cases a check tried.
func cases(n int) string {
	if n == 1 {
		return "1 case"
	}
	return strconv.Itoa(n) + " cases"
}

// maxTableCells is the most cells written as an HTML table; a bigger grid is
// only drawn as a heat map.
const maxTableCells = 2500

// WriteGrid writes g as an HTML table whose cells have the heat map's
// colours, and the heat map as inline SVG, scaled to the width there is: a
// second view of the same numbers, shown on request (<details>), or at once
// when the grid is too big for a table.
func WriteGrid(b *bytes.Buffer, g render.Grid) { writeGrid(b, g, false) }

// writeGrid is WriteGrid, with the heat map open beside the table when open.
func writeGrid(b *bytes.Buffer, g render.Grid, open bool) {
	var maxV int64
	for _, row := range g.Cells {
		for _, v := range row {
			maxV = max(maxV, v)
		}
	}
	b.WriteString(`<div class="grid">`)
	table := len(g.Rows)*len(g.Cols) <= maxTableCells
	if table {
		b.WriteString(`<table class="values">`)
		if g.Title != "" {
			fmt.Fprintf(b, "<caption>%s</caption>", html.EscapeString(g.Title))
		}
		corner := g.RowName
		if g.ColName != "" {
			corner += `\` + g.ColName
		}
		fmt.Fprintf(b, "<tr><th>%s</th>", html.EscapeString(corner))
		for _, c := range g.Cols {
			fmt.Fprintf(b, "<th>%d</th>", c)
		}
		b.WriteString("</tr>\n")
		for i, row := range g.Cells {
			label := strconv.FormatInt(g.Rows[i], 10)
			if g.RowLabels != nil {
				label = g.RowLabels[i]
			}
			fmt.Fprintf(b, "<tr><th>%s</th>", html.EscapeString(label))
			for _, v := range row {
				if v < 0 {
					b.WriteString(`<td class="nc">?</td>`)
					continue
				}
				bg, fg := render.CellColors(v, maxV)
				fmt.Fprintf(b, `<td style="background:%s;color:%s">%s</td>`, bg, fg, html.EscapeString(g.ValueName(v)))
			}
			b.WriteString("</tr>\n")
		}
		b.WriteString("</table>\n")
	}
	var svg bytes.Buffer
	if err := render.WriteSVG(&svg, g, render.HeatmapOptions{}); err == nil {
		switch {
		case !table:
			b.WriteString(`<div class="heatmap">`)
		case open:
			b.WriteString(`<details class="heatmap" open><summary>heat map</summary>`)
		default:
			b.WriteString(`<details class="heatmap"><summary>heat map</summary>`)
		}
		b.Write(inlineSVG(svg.Bytes()))
		if table {
			b.WriteString("</details>")
		} else {
			b.WriteString("</div>")
		}
	}
	b.WriteString("</div>\n")
}

// WriteTable writes a table of any values (one column per variable and per
// expression, a row per case) as an HTML table.
func WriteTable(b *bytes.Buffer, t *teach.Table) {
	b.WriteString(`<div class="grid"><table class="values">`)
	if t.Title != "" {
		fmt.Fprintf(b, "<caption>%s</caption>", html.EscapeString(t.Title))
	}
	b.WriteString("<tr>")
	for _, c := range t.Columns() {
		fmt.Fprintf(b, "<th>%s</th>", html.EscapeString(c))
	}
	b.WriteString("</tr>\n")
	t.Cases(func(args, values []interp.Value) {
		b.WriteString("<tr>")
		for _, a := range args {
			fmt.Fprintf(b, "<th>%s</th>", html.EscapeString(a.String()))
		}
		for _, v := range values {
			fmt.Fprintf(b, "<td>%s</td>", html.EscapeString(v.String()))
		}
		b.WriteString("</tr>\n")
	})
	b.WriteString("</table></div>\n")
}

// inlineSVG drops the XML declaration of an SVG document, which has no place
// inside HTML.
func inlineSVG(svg []byte) []byte {
	if bytes.HasPrefix(svg, []byte("<?xml")) {
		if i := bytes.IndexByte(svg, '\n'); i >= 0 {
			return svg[i+1:]
		}
	}
	return svg
}

// Style is the style sheet of worksheets and of the page's output (sheet.css).
//
//go:embed sheet.css
var Style string
